import Foundation
import Testing

@testable import DeepLinkRouting

/// Building a link back through a check: a value that passes is written as its type writes it and
/// read back; one the check refuses is a typed error naming the parameter and the check, never a link
/// that opens another route.
@Suite("Checks on a value: building links")
struct ValueCheckBuildingTests {
  static let router = Result {
    try Router(
      RouteTable(
        schemes: ["app"], hosts: ["osmand.net"],
        routes: [
          RouteDefinition("location", "/go?lat={lat:decimal(-90...90)}&lon={lon:decimal(-180...180)}"),
          RouteDefinition("month", "/calendar/{month:int(1...12)}"),
          RouteDefinition("day", "/calendar/{day:int}"),
          RouteDefinition("secure", "/open/{target:url(https)}"),
        ]))
  }

  @Test func aValueThatPassesIsWrittenAndReadsBack() throws {
    let router = try Self.router.get()
    let location = try router.urlString(for: "location", ["lat": .decimal(52.51628), "lon": .decimal(-13.5)])
    #expect(location == "https://osmand.net/go?lat=52.51628&lon=-13.5")
    #expect(try router.match(location)?.parameters["lat"] == .decimal(52.51628))
    // A whole number is a decimal in range too, and text is read by the type's rule.
    #expect(
      try router.urlString(for: "location", ["lat": .int(90), "lon": .string("-180")])
        == "https://osmand.net/go?lat=90&lon=-180")
    #expect(try router.urlString(for: "month", ["month": .int(12)]) == "https://osmand.net/calendar/12")
    let url = try #require(URL(string: "https://example.org/a?b=c"))
    let built = try router.urlString(for: "secure", ["target": .url(url)])
    #expect(built == "https://osmand.net/open/https:%2F%2Fexample.org%2Fa%3Fb=c")
    #expect(try router.match(built)?.parameters["target"] == .url(url))
  }

  @Test func aValueTheCheckRefusesIsATypedError() throws {
    let router = try Self.router.get()
    let lat = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "location", ["lat": .decimal(91), "lon": .decimal(0)])
    }
    #expect(lat?.code == .notOfKind)
    #expect(lat?.parameter == "lat")
    #expect(lat?.value == "91")
    #expect(
      lat?.description
        == "route 'location': 'lat' must be a decimal(-90...90), got '91': it is 91, above 90")
    let month = #expect(throws: URLBuildError.self) { try router.urlString(for: "month", ["month": .int(0)]) }
    #expect(month?.description.hasSuffix("it is 0, below 1") == true)
    let word = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "month", ["month": .string("may")])
    }
    #expect(word?.code == .notOfKind)
    let http = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "secure", ["target": .url(try #require(URL(string: "http://example.org/")))])
    }
    #expect(http?.code == .notOfKind)
    #expect(http?.description.hasSuffix("its scheme is http, not https") == true)
  }
}
