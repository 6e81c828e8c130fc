import Foundation
import Testing

@testable import DeepLinkRouting

/// A typed destination reads a checked value as its type through Codable (`Double`, `Int`, `URL`) and
/// writes it back; a value the check refuses opens nothing and builds nothing.
@Suite("Checks on a value: typed destinations")
struct ValueCheckDestinationTests {
  enum Screen: Codable, Hashable, Sendable {
    case location(lat: Double, lon: Double, zoom: Int?)
    case month(month: Int)
    case open(target: URL)
  }

  static let router = Result {
    try DestinationRouter<Screen>(
      table: RouteTable(
        schemes: ["app"], hosts: ["osmand.net"],
        routes: [
          RouteDefinition(
            "location", "/go?lat={lat:decimal(-90...90)}&lon={lon:decimal(-180...180)}&z={zoom:int(1...22)?}"),
          RouteDefinition("month", "/calendar/{month:int(1...12)}"),
          RouteDefinition("open", "/open/{target:url(https)}"),
        ]))
  }

  @Test func aDestinationReadsTheCheckedValueAsItsType() throws {
    let router = try Self.router.get()
    #expect(
      try router.destination(for: "https://osmand.net/go?lat=52.51628&lon=13.37771&z=15")
        == .location(lat: 52.51628, lon: 13.37771, zoom: 15))
    #expect(
      try router.destination(for: "app://go?lat=-90&lon=180") == .location(lat: -90, lon: 180, zoom: nil))
    #expect(try router.destination(for: "app://calendar/3") == .month(month: 3))
    let target = try #require(URL(string: "https://example.org/a"))
    #expect(try router.destination(for: "app://open/https%3A%2F%2Fexample.org%2Fa") == .open(target: target))
  }

  @Test func aValueTheCheckRefusesOpensNothing() throws {
    let router = try Self.router.get()
    #expect(try router.destination(for: "app://go?lat=91&lon=0") == nil)
    #expect(try router.destination(for: "app://go?lat=1&lon=0&z=30") == nil)
    #expect(try router.destination(for: "app://calendar/13") == nil)
    #expect(try router.destination(for: "app://open/http%3A%2F%2Fexample.org%2Fa") == nil)
  }

  @Test func aDestinationBuildsItsLinkBackOnlyWithinTheCheck() throws {
    let router = try Self.router.get()
    let target = try #require(URL(string: "https://example.org/a?b=c"))
    for screen: Screen in [
      .location(lat: 52.51628, lon: -0.5, zoom: 3), .location(lat: 0, lon: 0, zoom: nil), .month(month: 12),
      .open(target: target),
    ] {
      #expect(try router.destination(for: try router.url(for: screen)) == screen, "\(screen)")
    }
    let lat = #expect(throws: URLBuildError.self) {
      try router.url(for: Screen.location(lat: 95, lon: 0, zoom: nil))
    }
    #expect(lat?.code == .notOfKind)
    #expect(lat?.parameter == "lat")
    let http = #expect(throws: URLBuildError.self) {
      try router.url(for: Screen.open(target: try #require(URL(string: "http://example.org/"))))
    }
    #expect(http?.code == .notOfKind)
  }
}
