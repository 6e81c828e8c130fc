import Foundation
import Testing

@testable import DeepLinkRouting

/// Checks on a value as a link meets them: a number in a range (`{lat:decimal(-90...90)}`), a URL that
/// must be https (`{target:url(https)}`). A value the check refuses is no match, so another route takes
/// the link or none does; the near miss says which check failed.
@Suite("Checks on a value: matching")
struct ValueCheckMatchingTests {
  /// OsmAnd's shared location links (`https://osmand.net/go?lat=52.51628&lon=13.37771&z=15`), a month
  /// route, and a link opener that takes only https.
  static let table = RouteTable(
    schemes: ["app"], hosts: ["osmand.net"],
    routes: [
      RouteDefinition(
        "location", "/go?lat={lat:decimal(-90...90)}&lon={lon:decimal(-180...180)}&z={zoom:int(1...22)?}"),
      RouteDefinition("month", "/calendar/{month:int(1...12)}"),
      RouteDefinition("day", "/calendar/{day:int}"),
      RouteDefinition("calendarText", "/calendar/{text}"),
      RouteDefinition("from", "/page/{n:int(1...)}"),
      RouteDefinition("secure", "/open/{target:url(https)}"),
      RouteDefinition("anyURL", "/open/{target:url}"),
      RouteDefinition("openText", "/open/{target}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? { try router.get().match(link) }

  @Test(arguments: [
    ("https://osmand.net/go?lat=52.51628&lon=13.37771&z=15", "location"),
    ("https://osmand.net/go?lat=-90&lon=180", "location"),
    ("https://osmand.net/go?lat=90.0&lon=-180.0&z=1", "location"),
    // A range's ends are included; a value past them is no match for the route.
    ("https://osmand.net/go?lat=90.5&lon=13", nil),
    ("https://osmand.net/go?lat=52&lon=181", nil),
    ("https://osmand.net/go?lat=52&lon=13&z=23", nil),
    ("https://osmand.net/go?lat=52&lon=13&z=0", nil),
    // A range on a path segment: past it, the next piece has its turn.
    ("app://calendar/1", "month"),
    ("app://calendar/12", "month"),
    ("app://calendar/013", "day"),
    ("app://calendar/0", "day"),
    ("app://calendar/-3", "day"),
    ("app://calendar/march", "calendarText"),
    // One end open.
    ("app://page/1", "from"),
    ("app://page/99999999", "from"),
    ("app://page/0", nil),
    // https only: an http URL falls to the next route.
    ("app://open/https%3A%2F%2Fexample.org%2Fa", "secure"),
    ("app://open/HTTPS%3A%2F%2Fexample.org", "secure"),
    ("app://open/http%3A%2F%2Fexample.org%2Fa", "anyURL"),
    ("app://open/javascript%3Aalert(1)", "openText"),
  ])
  func aValueTheCheckRefusesFallsThrough(_ link: String, _ route: String?) throws {
    #expect(try Self.match(link)?.route == route, "\(link)")
    var reversed = Self.table
    reversed.routes.reverse()
    #expect(try Router(reversed).match(link)?.route == route, "\(link), table reversed")
  }

  @Test func aCheckedValueReadsAsItsType() throws {
    let location = try #require(try Self.match("https://osmand.net/go?lat=52.51628&lon=-13.5&z=15"))
    #expect(location.parameters["lat"] == .decimal(52.51628))
    #expect(location.parameters["lon"] == .decimal(-13.5))
    #expect(location.parameters.int("zoom") == 15)
    #expect(try Self.match("https://osmand.net/go?lat=1&lon=2")?.parameters["zoom"] == nil)
    #expect(try Self.match("app://calendar/07")?.parameters.int("month") == 7)
    let secure = try #require(try Self.match("app://open/https%3A%2F%2Fexample.org%2Fa"))
    #expect(secure.parameters["target"]?.urlValue?.absoluteString == "https://example.org/a")
  }

  @Test func aNearMissSaysWhichCheckFailed() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"],
        routes: [
          RouteDefinition("month", "/calendar/{month:int(1...12)}"),
          RouteDefinition("location", "/go?lat={lat:decimal(-90...90)}"),
          RouteDefinition("secure", "/open/{target:url(https)}"),
        ]))
    let month = try #require(try router.explain("app://calendar/13"))
    #expect(month.code == .expectedKind)
    #expect(
      month.description
        == "route 'month': segment 2 \"13\" is not an int from 1 to 12 ({month:int(1...12)}): it is 13, above 12"
    )
    let low = try #require(try router.explain("app://calendar/0"))
    #expect(low.description.hasSuffix("it is 0, below 1"))
    let word = try #require(try router.explain("app://calendar/may"))
    #expect(word.description.hasSuffix("it is not an int"))
    let secure = try #require(try router.explain("app://open/http%3A%2F%2Fexample.org"))
    #expect(
      secure.description
        == "route 'secure': segment 2 \"http://example.org\" is not an https URL ({target:url(https)}): its scheme is http, not https"
    )
    let lat = try #require(try router.explain("app://go?lat=95"))
    #expect(lat.code == .queryItemKind)
    #expect(
      lat.description
        == "route 'location': the query item's value \"95\" is not a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is 95, above 90"
    )
  }

  @Test func checksThatShareAValueAreDuplicatesAndOthersStandSideBySide() throws {
    func build(_ patterns: [String]) throws {
      _ = try Router(
        RouteTable(
          hosts: ["example.com"],
          routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element) }))
    }
    let overlap = #expect(throws: RouteTableError.self) {
      try build(["/m/{a:int(1...12)}", "/m/{b:int(12...20)}"])
    }
    #expect(overlap?.code == .ambiguous)
    #expect(overlap?.otherRoute == "r0")
    #expect(overlap?.description.contains("(such as '12')") == true)
    let same = #expect(throws: RouteTableError.self) {
      try build(["/u/{a:url(https)}", "/u/{b:url(https)}"])
    }
    #expect(same?.code == .ambiguous)
    let query = #expect(throws: RouteTableError.self) {
      try build(["/q?lat={a:decimal(-90...90)}", "/q?lat={b:decimal(0...)}"])
    }
    #expect(query?.code == .ambiguous)
    // Ranges that share no value, a range beside its plain type, checks of different types.
    try build(["/m/{a:int(1...12)}", "/m/{b:int(13...)}", "/m/{c:int}", "/m/{d:decimal(0...1)}", "/m/{e}"])
    try build(["/u/{a:url(https)}", "/u/{b:url}", "/u/{c:link}"])
  }

  @Test func aQueryItemWithACheckIsTriedBeforeItsPlainTypeAsASegmentIs() throws {
    // Whatever the order of the table: the check first, the plain type for what the check refuses.
    for routes in [
      [RouteDefinition("month", "/m?q={n:int(1...12)}"), RouteDefinition("number", "/m?q={n:int}")],
      [RouteDefinition("number", "/m?q={n:int}"), RouteDefinition("month", "/m?q={n:int(1...12)}")],
    ] {
      let router = try Router(RouteTable(hosts: ["example.com"], routes: routes))
      #expect(try router.match("https://example.com/m?q=3")?.route == "month")
      #expect(try router.match("https://example.com/m?q=13")?.route == "number")
      #expect(try router.match("https://example.com/m?q=x") == nil)
    }
  }

  @Test func aCaseInsensitiveTableReadsAnHTTPSSchemeInAnyCase() throws {
    var table = Self.table
    table.options.caseInsensitive = true
    let router = try Router(table)
    #expect(try router.match("app://open/HtTpS%3A%2F%2Fexample.org")?.route == "secure")
    #expect(try router.match("app://CALENDAR/5")?.route == "month")
  }
}
