import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:pairs*}` as a team chat's narrow links use it (Zulip's web app writes
/// `#narrow/channel/42-general/topic/lunch/near/9`: operators and operands in any order, `channel` and
/// `near` numbers, `topic` any text): the pairs reach the app as a list, in the link's order.
@Suite("Pair catch-alls")
struct PairCatchAllTests {
  static let table = RouteTable(
    hosts: ["chat.example"],
    routes: [
      RouteDefinition("narrow", "/narrow/{terms:pairs(channel:int|near:int)*}"),
      RouteDefinition("fragmentNarrow", "/#narrow/{terms:pairs(channel:int|near:int)+}"),
      RouteDefinition("files", "/narrow/{rest*}"),
      RouteDefinition("search", "/search/{terms:pairs(near:int)+}/page/{page:int}"),
    ])

  static func match(_ link: String) throws -> RouteMatch? {
    try Router(table).match(link)
  }

  static func pairs(_ list: [(String, String)]) -> ParameterValue {
    .pairs(list.map { QueryItem(name: $0.0, value: $0.1) })
  }

  @Test func theLinksPairsInOrder() throws {
    let match = try #require(try Self.match("https://chat.example/narrow/channel/42/topic/lunch/near/9"))
    #expect(match.route == "narrow")
    #expect(match.parameters["terms"] == Self.pairs([("channel", "42"), ("topic", "lunch"), ("near", "9")]))
    // An operator may come twice; operands are decoded.
    let twice = try #require(try Self.match("https://chat.example/narrow/topic/a%2Fb/topic/c%20d"))
    #expect(twice.parameters["terms"] == Self.pairs([("topic", "a/b"), ("topic", "c d")]))
    #expect(try Self.match("https://chat.example/narrow")?.parameters["terms"] == .pairs([]))
  }

  @Test func inTheFragmentAsZulipWritesIt() throws {
    let match = try #require(try Self.match("https://chat.example/#narrow/channel/42/topic/lunch"))
    #expect(match.route == "fragmentNarrow")
    #expect(match.parameters["terms"] == Self.pairs([("channel", "42"), ("topic", "lunch")]))
    // `pairs+` needs a pair.
    #expect(try Self.match("https://chat.example/#narrow")?.route != "fragmentNarrow")
  }

  @Test func inTheMiddleThePiecesAfterAreReadFromTheEnd() throws {
    let match = try #require(try Self.match("https://chat.example/search/is/starred/sender/7/page/2"))
    #expect(match.route == "search")
    #expect(match.parameters["terms"] == Self.pairs([("is", "starred"), ("sender", "7")]))
    #expect(match.parameters["page"] == .int(2))
    #expect(try Self.match("https://chat.example/search/is/page/2") == nil)
  }

  @Test(arguments: [
    // An odd count: the last operator has no operand; a plain catch-all beside it takes the link.
    ("https://chat.example/narrow/channel/42/topic", "files"),
    // A typed operand that does not parse.
    ("https://chat.example/narrow/channel/general/topic/lunch", "files"),
    ("https://chat.example/narrow/topic/lunch/near/x", "files"),
    // Any other operator takes any text.
    ("https://chat.example/narrow/stream/general", "narrow"),
  ])
  func aRunThatIsNotPairsGivesWay(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
  }

  @Test func withoutAnotherRouteABadRunIsNoMatchAndIsExplained() throws {
    let table = RouteTable(
      hosts: ["chat.example"], routes: [RouteDefinition("narrow", "/narrow/{terms:pairs(channel:int)*}")])
    let router = try Router(table)
    #expect(try router.match("https://chat.example/narrow/channel/42/topic") == nil)
    let odd = try #require(try router.explain("https://chat.example/narrow/channel/42/topic"))
    #expect(odd.code == .expectedPairs)
    // An odd count: the last segment is an operator without its operand.
    #expect(odd.segment == 3)
    #expect(odd.found == "topic")
    #expect(odd.description.contains("an odd count of segments, 3"), "\(odd)")
    let typed = try #require(try router.explain("https://chat.example/narrow/channel/general"))
    #expect(typed.code == .expectedPairs)
    #expect(
      typed.description
        == "route 'narrow': segment 3 \"general\" is not an int, as the operand of channel in {terms:pairs(channel:int)*} must be"
    )
  }

  @Test func aLinkThatEndsWhereOnePairIsNeededIsExplained() throws {
    let table = RouteTable(
      hosts: ["chat.example"], routes: [RouteDefinition("narrow", "/narrow/{terms:pairs+}")])
    let miss = try #require(try Router(table).explain("https://chat.example/narrow"))
    // As for `{name+}`: the link is one pair short.
    #expect(miss.code == .tooFewSegments)
    #expect(
      miss.description
        == "route 'narrow': the link ends after 1 segment; the route goes on with {terms:pairs+}")
  }

  @Test func aPairCatchAllRanksBeforeAPlainCatchAllAtItsPlace() throws {
    #expect(try Self.match("https://chat.example/narrow/a/b")?.route == "narrow")
    #expect(try Self.match("https://chat.example/narrow/a")?.route == "files")
  }

  /// A pair catch-all that ends its route takes a trailing slash either way, also in a table strict
  /// about it, and also when a route that refuses the slash was tried first over the same segments.
  @Test func aTrailingSlashFallsToThePairsWhenAnEarlierRouteRefusesIt() throws {
    var table = RouteTable(
      hosts: ["example.com"],
      routes: [
        RouteDefinition("pairs", "/{p0}/{p1:pairs+}"),
        RouteDefinition("template", "/{p0a}-{p0b}~json/a/{p2:bool}"),
      ])
    table.options.strictTrailingSlash = true
    let router = try Router(table)
    #expect(try router.match("https://example.com/q-r~json/a/false")?.route == "template")
    let match = try #require(try router.match("https://example.com/q-r~json/a/false/"))
    #expect(match.route == "pairs")
    #expect(match.parameters["p1"] == .pairs([QueryItem(name: "a", value: "false")]))
  }

  @Test(arguments: [
    ("/a/{p:pairs*}", "/a/{q:pairs*}", true),
    ("/a/{p:pairs(x:int|y:bool)*}", "/a/{q:pairs(y:bool|x:int)*}", true),
    ("/a/{p:pairs*}", "/a/{q:pairs+}", false),
    ("/a/{p:pairs*}", "/a/{q*}", false),
    ("/a/{p:pairs*}", "/a/{q:pairs(x:int)*}", false),
  ])
  func duplicates(_ first: String, _ second: String, _ duplicate: Bool) {
    Fixtures.expectDuplicates(first, second, duplicate, hosts: ["chat.example"])
  }

  @Test(arguments: [
    ("/a/{p:pairs()*}", ErrorCode<RoutePatternError>.invalidPairs),
    ("/a/{p:pairs(channel)*}", .invalidPairs),
    ("/a/{p:pairs(a:int|a:bool)*}", .invalidPairs),
    ("/a/{p:pairs(:int)*}", .invalidPairs),
    ("/a/{p:pairs(a:integer)*}", .unknownType),
    ("/a/{p:integer*}", .unknownType),
    ("/a/{p:pairs*}/{q*}", .secondCatchAll),
    ("/a/{p:pairs*}/", .catchAllNotLast),
  ])
  func badPatternsAreRefused(_ pattern: String, _ code: ErrorCode<RoutePatternError>) {
    Fixtures.expectRefused(pattern, code: code)
  }

  @Test func aRouteFilesBadPairsNameTheLineAndColumn() throws {
    let json = """
      {"hosts": ["chat.example"],
       "routes": [
         {"name": "narrow",
          "pattern": "/narrow/{terms:pairs(channel:int|channel:int)*}"}]}
      """
    try Fixtures.expectRouteFileError(
      json, route: "narrow", saying: "operator 'channel' is typed twice", line: 4)
  }

  @Test func aBuiltLinkWritesThePairsAndReadsBack() throws {
    let router = try Router(Self.table)
    let terms = Self.pairs([("channel", "42"), ("topic", "a b")])
    let link = try router.urlString(for: "narrow", ["terms": terms], form: .universalLink)
    #expect(link == "https://chat.example/narrow/channel/42/topic/a%20b")
    #expect(try router.match(link)?.parameters["terms"] == terms)
    #expect(
      try router.urlString(for: "narrow", ["terms": .string("near/9")], form: .universalLink)
        == "https://chat.example/narrow/near/9")
    for bad: ParameterValue in [.string("channel/42/topic"), .string("channel/general"), .int(3)] {
      do {
        _ = try router.urlString(for: "narrow", ["terms": bad], form: .universalLink)
        Issue.record("\(bad) was written")
      } catch {
        #expect(error.code == .unwritableValue, "\(error)")
      }
    }
  }

  struct Term: Codable, Hashable, Sendable {
    var name: String
    var value: String
  }

  struct Near: Codable, Hashable, Sendable {
    var name: String
    var value: Int
  }

  enum Screen: Codable, Hashable, Sendable {
    case narrow(terms: [Term])
    case fragmentNarrow(terms: [[String]])
    case files(rest: [String])
    case search(terms: [Near], page: Int)
  }

  @Test func aCodableDestinationReadsNameAndValueAndWritesThemBack() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    let screen = Screen.narrow(terms: [
      Term(name: "channel", value: "42"), Term(name: "topic", value: "lunch"),
    ])
    #expect(try screens.destination(for: "https://chat.example/narrow/channel/42/topic/lunch") == screen)
    #expect(
      try screens.url(for: screen).absoluteString == "https://chat.example/narrow/channel/42/topic/lunch")
    #expect(
      try screens.destination(for: "https://chat.example/#narrow/channel/42")
        == .fragmentNarrow(terms: [["channel", "42"]]))
  }

  @Test func aTypedOperandThatDoesNotParseRefusesTheDestination() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(
      try screens.destination(for: "https://chat.example/search/near/9/page/1")
        == .search(terms: [Near(name: "near", value: 9)], page: 1))
    // `lunch` is no Int: the destination refuses the match, and no other route takes the link.
    #expect(try screens.destination(for: "https://chat.example/search/topic/lunch/page/1") == nil)
    // An operand of `near` that is no int is no match for the route at all.
    #expect(try Router(Self.table).match("https://chat.example/search/near/x/page/1") == nil)
  }
}
