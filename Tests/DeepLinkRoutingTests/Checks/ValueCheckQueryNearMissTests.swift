import Foundation
import Testing

@testable import DeepLinkRouting

/// A query item whose value fails its check is explained as a path segment's is: code
/// `query-item-kind`, and the check's expectation and reason (`it is 95, above 90`) in the words a
/// segment's near miss uses.
@Suite("Checks on a value: near misses in a query")
struct ValueCheckQueryNearMissTests {
  static let table = RouteTable(
    schemes: ["app"], hosts: ["example.com"],
    routes: [
      RouteDefinition("location", "/go?lat={lat:decimal(-90...90)}&z={zoom:int(1...22)?}"),
      RouteDefinition("month", "/calendar/{month:int(1...12)}"),
      RouteDefinition("open", "/open?target={target:url(https)}"),
      RouteDefinition("settings", "/settings?section={section:(newtab|general)(lower)}"),
    ])

  static let router = Result { try Router(table) }

  @Test(arguments: [
    (
      "https://example.com/go?lat=95", "95",
      "a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is 95, above 90"
    ),
    (
      "https://example.com/go?lat=-90.5", "-90.5",
      "a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is -90.5, below -90"
    ),
    (
      "https://example.com/go?lat=52.5&z=23", "23",
      "an int from 1 to 22 (z={zoom:int(1...22)?}): it is 23, above 22"
    ),
    (
      "https://example.com/go?lat=52.5&z=0", "0",
      "an int from 1 to 22 (z={zoom:int(1...22)?}): it is 0, below 1"
    ),
    (
      "https://example.com/go?lat=north", "north",
      "a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is not a decimal number"
    ),
    (
      "https://example.com/open?target=http%3A%2F%2Fexample.org", "http://example.org",
      "an https URL (target={target:url(https)}): its scheme is http, not https"
    ),
    (
      "https://example.com/settings?section=Privacy", "Privacy",
      "one of (newtab|general) in any case (section={section:(newtab|general)(lower)}): in lower case it is 'privacy', none of the words"
    ),
  ])
  func aQueryItemThatFailsItsCheckSaysWhy(_ link: String, _ found: String, _ expected: String) throws {
    let miss = try #require(try Self.router.get().explain(link), "\(link)")
    #expect(miss.code == .queryItemKind, "\(link)")
    #expect(miss.segment == nil, "\(link)")
    #expect(miss.found == found, "\(link)")
    #expect(miss.expected == expected, "\(link)")
    #expect(
      miss.description == "route '\(miss.route)': the query item's value \"\(found)\" is not \(expected)")
  }

  /// The reason is the one a path segment gives for the same value and check.
  @Test func aQueryItemAndASegmentGiveOneReason() throws {
    let router = try Self.router.get()
    let segment = try #require(try router.explain("https://example.com/calendar/13"))
    let query = try #require(
      try Router(
        RouteTable(hosts: ["example.com"], routes: [RouteDefinition("m", "/c?m={month:int(1...12)}")])
      )
      .explain("https://example.com/c?m=13"))
    #expect(segment.expected.hasSuffix("): it is 13, above 12"))
    #expect(query.expected.hasSuffix("): it is 13, above 12"))
    #expect(
      segment.expected.replacingOccurrences(of: "{month:", with: "m={month:") == query.expected)
  }

  /// A value of the plain type, a missing item and a value set as written keep their own codes.
  @Test func otherQueryMissesKeepTheirCodes() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [RouteDefinition("search", "/search?page={page:int}&sort={order:(asc|desc)?}")]))
    let type = try #require(try router.explain("https://example.com/search?page=two"))
    #expect(type.code == .queryItemType)
    #expect(type.description == "route 'search': the query item page={page:int} does not fit: \"two\"")
    let set = try #require(try router.explain("https://example.com/search?page=1&sort=up"))
    #expect(set.code == .queryItemType)
    let missing = try #require(try router.explain("https://example.com/search"))
    #expect(missing.code == .missingQueryItem)
  }
}
