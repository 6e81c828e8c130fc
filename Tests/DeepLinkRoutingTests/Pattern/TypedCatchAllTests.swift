import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:type+}` and `{name:type*}`: a catch-all whose every segment is of one type or kind, as a
/// shop's comparison page (`/compare/12/40/7`), a cart of product codes (`/cart/AB-1/CD-22`) or a
/// calendar's chosen months (`/months/1/6/12`) write their lists. The segments reach the app as its
/// type reads them; a run with a segment of another type is no match, so the next route may take it.
@Suite("Typed catch-alls")
struct TypedCatchAllTests {
  static let kinds = ["sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12)]

  static let table = RouteTable(
    hosts: ["shop.example"], kinds: kinds,
    routes: [
      RouteDefinition("compare", "/compare/{ids:int+}"),
      RouteDefinition("compareAny", "/compare/{names+}"),
      RouteDefinition("cart", "/cart/{codes:sku*}"),
      RouteDefinition("months", "/months/{months:int(1...12)+}"),
      RouteDefinition("tags", "/tags/{tags:string(lower)+}"),
      RouteDefinition("export", "/batch/{ids:int+}/export/{format}"),
      RouteDefinition("scores", "/scores/{values:decimal+}"),
      RouteDefinition("points", "/scores/{values:int+}"),
    ])

  static func match(_ link: String) throws -> RouteMatch? {
    try Router(table).match("https://shop.example" + link)
  }

  @Test func everySegmentOfTheTypeIsTheValueInTheLinksOrder() throws {
    let match = try #require(try Self.match("/compare/12/40/7"))
    #expect(match.route == "compare")
    #expect(match.parameters["ids"] == .segments(["12", "40", "7"]))
    // As its type reads it: `007` is the int 7.
    #expect(try Self.match("/compare/007/-3")?.parameters["ids"] == .segments(["7", "-3"]))
    #expect(try Self.match("/cart/AB-1/CD-22")?.parameters["codes"] == .segments(["AB-1", "CD-22"]))
    // `*` takes none.
    #expect(try Self.match("/cart")?.parameters["codes"] == .segments([]))
    #expect(try Self.match("/months/1/6/12")?.parameters["months"] == .segments(["1", "6", "12"]))
    // A lower-case check gives each segment in lower case.
    #expect(try Self.match("/tags/Swift/iOS")?.parameters["tags"] == .segments(["swift", "ios"]))
  }

  @Test(
    arguments: [
      // A segment of another type: the plain catch-all beside it takes the link.
      ("/compare/12/x", "compareAny"),
      ("/compare/x", "compareAny"),
      // `+` needs a segment.
      ("/compare", nil),
      ("/cart/AB-1/ab", nil),
      // Out of the range.
      ("/months/1/13", nil),
      ("/months/0", nil),
    ] as [(String, String?)])
  func aRunWithASegmentOfAnotherTypeGivesWay(_ link: String, _ route: String?) throws {
    #expect(try Self.match(link)?.route == route)
  }

  @Test func inTheMiddleThePiecesAfterAreReadFromTheEnd() throws {
    let match = try #require(try Self.match("/batch/3/4/export/csv"))
    #expect(match.route == "export")
    #expect(match.parameters["ids"] == .segments(["3", "4"]))
    #expect(match.parameters["format"] == .string("csv"))
    #expect(try Self.match("/batch/3/x/export/csv") == nil)
  }

  @Test func theMoreSpecificTypeIsTriedFirstWhateverTheOrder() throws {
    // `points` is after `scores` in the table; an int run ranks before a decimal one.
    #expect(try Self.match("/scores/1/2")?.route == "points")
    #expect(try Self.match("/scores/1/2.5")?.route == "scores")
    #expect(try Self.match("/scores/1/2.5")?.parameters["values"] == .segments(["1", "2.5"]))
  }

  @Test func withoutAnotherRouteABadSegmentIsNoMatchAndIsExplained() throws {
    let table = RouteTable(
      hosts: ["shop.example"], routes: [RouteDefinition("compare", "/compare/{ids:int+}")])
    let router = try Router(table)
    #expect(try router.match("https://shop.example/compare/12/x") == nil)
    let miss = try #require(try router.explain("https://shop.example/compare/12/x"))
    #expect(miss.code == .expectedRun)
    // The near miss names the segment at fault, not the run's first.
    #expect(miss.segment == 2)
    #expect(miss.found == "x")
    #expect(
      miss.description
        == "route 'compare': segment 3 \"x\" is not an int, as each segment of {ids:int+} must be")
    let later = try #require(try router.explain("https://shop.example/compare/12/40/7/x/9"))
    #expect(later.segment == 4)
    #expect(later.found == "x")
    let short = try #require(try router.explain("https://shop.example/compare"))
    #expect(short.code == .tooFewSegments)
    #expect(short.expected == "{ids:int+}")
  }

  @Test(arguments: [
    // In the middle of the path, and in a fragment route, the near miss names the segment at fault.
    ("/m/{ids:int+}/end", "https://shop.example/m/1/2/x/end", 3, "route 'r': segment 4 \"x\" is not an int"),
    ("/m/{ids:int+}/end", "https://shop.example/m/x/end", 1, "route 'r': segment 2 \"x\" is not an int"),
    (
      "/app/#/ids/{ids:int+}", "https://shop.example/app/#/ids/1/x/3", 4,
      "route 'r': fragment segment 3 \"x\" is not an int"
    ),
  ])
  func aNearMissNamesTheSegmentAtFaultWhereverTheRunIs(
    _ pattern: String, _ link: String, _ segment: Int, _ start: String
  ) throws {
    let router = try Router(RouteTable(hosts: ["shop.example"], routes: [RouteDefinition("r", pattern)]))
    #expect(try router.match(link) == nil)
    let miss = try #require(try router.explain(link))
    #expect(miss.code == .expectedRun)
    #expect(miss.segment == segment)
    #expect(miss.found == "x")
    #expect(miss.description.hasPrefix(start), "\(miss)")
  }

  @Test func aCheckSaysWhyInTheNearMiss() throws {
    let table = RouteTable(
      hosts: ["shop.example"], routes: [RouteDefinition("months", "/months/{months:int(1...12)+}")])
    let miss = try #require(try Router(table).explain("https://shop.example/months/3/13"))
    #expect(miss.code == .expectedRun)
    #expect(miss.segment == 2)
    #expect(
      miss.description
        == "route 'months': segment 3 \"13\" is not an int from 1 to 12, as each segment of {months:int(1...12)+} must be: it is 13, above 12"
    )
  }

  @Test(arguments: [
    ("/a/{p:int+}", "/a/{q:int+}", true),
    ("/a/{p:int(1...3)*}", "/a/{q:int(1...3)*}", true),
    // `{p:string+}` is `{p+}`.
    ("/a/{p:string+}", "/a/{q+}", true),
    ("/a/{p:int+}", "/a/{q:int*}", false),
    ("/a/{p:int+}", "/a/{q+}", false),
    ("/a/{p:int+}", "/a/{q:decimal+}", false),
    ("/a/{p:int+}", "/a/{q:pairs+}", false),
  ])
  func duplicates(_ first: String, _ second: String, _ duplicate: Bool) {
    Fixtures.expectDuplicates(first, second, duplicate, hosts: ["shop.example"])
  }

  @Test(arguments: [
    ("/a/{p:integer+}", ErrorCode<RoutePatternError>.unknownType),
    ("/a/{p:int(12...1)+}", .invalidCheck),
    ("/a/{p:int+}/{q*}", .secondCatchAll),
    ("/a/{p:int+}/", .catchAllNotLast),
    ("/a?ids={p:int*}", .catchAllNotAllowed),
    ("/a/{p:int+x}", .catchAllNotAllowed),
  ])
  func badPatternsAreRefused(_ pattern: String, _ code: ErrorCode<RoutePatternError>) {
    Fixtures.expectRefused(pattern, code: code)
  }

  @Test func aRouteFilesUnknownTypeNamesTheLineAndColumn() throws {
    let json = """
      {"hosts": ["shop.example"],
       "kinds": {"sku": {"characters": "A-Z0-9-"}},
       "routes": [
         {"name": "cart",
          "pattern": "/cart/{codes:skus+}"}]}
      """
    try Fixtures.expectRouteFileError(json, route: "cart", saying: "skus", line: 5)
  }

  @Test func aBuiltLinkWritesEachSegmentAndReadsBack() throws {
    let router = try Router(Self.table)
    #expect(
      try router.urlString(for: "compare", ["ids": .segments(["12", "40"])], form: .universalLink)
        == "https://shop.example/compare/12/40")
    // One typed value is a run of one segment; text is split on `/`.
    #expect(
      try router.urlString(for: "compare", ["ids": .int(7)], form: .universalLink)
        == "https://shop.example/compare/7")
    #expect(
      try router.urlString(for: "compare", ["ids": .string("1/2")], form: .universalLink)
        == "https://shop.example/compare/1/2")
    #expect(
      try router.urlString(for: "tags", ["tags": .segments(["Swift"])], form: .universalLink)
        == "https://shop.example/tags/swift")
    do {
      let link = try router.urlString(for: "compare", ["ids": .segments(["12", "x"])], form: .universalLink)
      Issue.record("written as \(link)")
    } catch {
      #expect(
        error.description
          == "route 'compare': parameter 'ids': segment 2 of the run, \"x\", is not an int, as each segment of {ids:int+} must be"
      )
    }
    for bad: ParameterValue in [.segments(["12", "x"]), .segments([]), .string("x"), .bool(true)] {
      do {
        let link = try router.urlString(for: "compare", ["ids": bad], form: .universalLink)
        Issue.record("\(bad) was written as \(link)")
      } catch {
        #expect(error.code == .unwritableValue || error.code == .emptyValue, "\(bad): \(error)")
      }
    }
  }

  enum Screen: Codable, Hashable, Sendable {
    case compare(ids: [Int])
    case compareAny(names: [String])
    case cart(codes: [String])
    case months(months: [Int])
    case tags(tags: [String])
    case export(ids: [Int], format: String)
    case scores(values: [Double])
    case points(values: [Int])
  }

  @Test func aCodableDestinationReadsTheListAsItsTypeAndWritesItBack() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(try screens.destination(for: "https://shop.example/compare/12/40") == .compare(ids: [12, 40]))
    #expect(
      try screens.url(for: .compare(ids: [12, 40])).absoluteString == "https://shop.example/compare/12/40")
    #expect(try screens.destination(for: "https://shop.example/scores/1/2.5") == .scores(values: [1, 2.5]))
    #expect(
      try screens.destination(for: "https://shop.example/batch/3/4/export/csv")
        == .export(ids: [3, 4], format: "csv"))
    #expect(
      try screens.url(for: .export(ids: [3, 4], format: "csv")).absoluteString
        == "https://shop.example/batch/3/4/export/csv")
    // A list the route cannot hold is not written.
    #expect(throws: (any Error).self) { try screens.url(for: .months(months: [13])) }
    #expect(throws: (any Error).self) { try screens.url(for: .compare(ids: [])) }
  }

  enum Plain: Codable, Hashable, Sendable {
    case compare(ids: [Int])
  }

  @Test func aListOfIntsOnAPlainCatchAllSuggestsTheTypedOne() throws {
    let table = RouteTable(hosts: ["shop.example"], routes: [RouteDefinition("compare", "/compare/{ids*}")])
    do {
      _ = try DestinationRouter<Plain>(table: table)
      Issue.record("[Int] on {ids*} was accepted")
    } catch {
      #expect(
        error.description
          == "route 'compare': 'ids' is read as Int, but the pattern gives {ids*}; write {ids:int*}")
    }
  }
}
