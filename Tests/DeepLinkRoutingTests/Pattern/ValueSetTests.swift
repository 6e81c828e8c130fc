import Foundation
import Testing

@testable import DeepLinkRouting

/// Value sets as an app meets them: a segment or query value from a fixed set of words, matched byte
/// for byte, ranked between literals and the other parameters, built back only with a member,
/// explained, and refused with a reason naming the route and the member.
@Suite("Value sets")
struct ValueSetTests {
  static let table = RouteTable(
    schemes: ["app"], hosts: ["example.com"],
    routes: [
      RouteDefinition("general", "/settings/general"),
      RouteDefinition("section", "/settings/{section:(general|privacy|about)}"),
      RouteDefinition("wide", "/settings/{area:(privacy|about|theme|a+b)}"),
      RouteDefinition("deep", "/settings/{area:(privacy|notifications)}/{detail}"),
      RouteDefinition("versioned", "/settings/v{n:int}"),
      RouteDefinition("numbered", "/settings/{n:int}"),
      RouteDefinition("plain", "/settings/{name}"),
      RouteDefinition("list", "/list?sort={order:(asc|desc)?}&page={page:int?}"),
      RouteDefinition("pick", "/pick?color={color:(red|green)}"),
      RouteDefinition("pickAny", "/pick?color={color}"),
      RouteDefinition("tab", "/{tab:(home|search)}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test(arguments: [
    // A literal beats the set; of two sets the narrower one is tried first.
    ("https://example.com/settings/general", "general"),
    ("https://example.com/settings/privacy", "section"),
    ("https://example.com/settings/about", "section"),
    ("https://example.com/settings/theme", "wide"),
    ("https://example.com/settings/a+b", "wide"),
    ("https://example.com/settings/a%2Bb", "wide"),
    // A set before a template and a typed parameter, which take what the set does not.
    ("https://example.com/settings/v2", "versioned"),
    ("https://example.com/settings/7", "numbered"),
    ("https://example.com/settings/other", "plain"),
    // Byte for byte: another case is another word in a table that keeps case.
    ("https://example.com/settings/Privacy", "plain"),
    // A set whose subtree fails gives way to the next piece: `privacy/x` is only `deep`.
    ("https://example.com/settings/privacy/x", "deep"),
    ("https://example.com/settings/notifications/x", "deep"),
    // In the query.
    ("https://example.com/list", "list"),
    ("https://example.com/list?sort=asc", "list"),
    ("https://example.com/pick?color=red", "pick"),
    ("https://example.com/pick?color=blue", "pickAny"),
    // The first segment of a custom-scheme link is its authority: it folds case, as a literal does.
    ("app://home", "tab"),
    ("app://HOME", "tab"),
    ("https://example.com/search", "tab"),
  ])
  func theMostSpecificPieceWinsWhateverTheOrder(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
    let reversed = RouteTable(
      schemes: Self.table.schemes, hosts: Self.table.hosts, routes: Self.table.routes.reversed())
    #expect(try Router(reversed).match(link)?.route == route)
  }

  @Test func theValueIsTheMemberAsWritten() throws {
    #expect(try Self.match("https://example.com/settings/privacy")?.parameters.string("section") == "privacy")
    #expect(try Self.match("https://example.com/settings/a+b")?.parameters.string("area") == "a+b")
    #expect(try Self.match("app://HOME")?.parameters.string("tab") == "home")
    let list = try #require(try Self.match("https://example.com/list?sort=desc&page=2"))
    #expect(list.parameters.string("order") == "desc")
    #expect(list.parameters["page"] == .int(2))
  }

  @Test func aQueryMemberMayHoldAnAmpersandWrittenEncodedInTheLink() throws {
    // Inside the parentheses `&` is the member's, not the end of the query item.
    let router = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("q", "/q?o={x:(a&b|c)}&p={p?}")]))
    #expect(try router.match("https://example.com/q?o=a%26b")?.parameters.string("x") == "a&b")
    #expect(try router.match("https://example.com/q?o=a&b") == nil)
    #expect(try router.urlString(for: "q", ["x": .string("a&b")]) == "https://example.com/q?o=a%26b")
  }

  @Test func aValueOutsideTheSetIsNoMatch() throws {
    // An optional query set refuses a value it does not hold, as a typed optional item does.
    #expect(try Self.match("https://example.com/list?sort=up") == nil)
    #expect(try Self.match("https://example.com/list?sort=ASC") == nil)
    // An empty value counts as absent.
    #expect(try Self.match("https://example.com/list?sort=")?.route == "list")
    #expect(try Self.match("https://example.com/profile") == nil)
    let alone = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("s", "/s/{section:(a|b)}")]))
    #expect(try alone.match("https://example.com/s/c") == nil)
    #expect(try alone.match("https://example.com/s/a")?.route == "s")
    #expect(try alone.match("https://example.com/s/a/b") == nil)
  }

  @Test func aCaseInsensitiveTableStillComparesMembersByteForByte() throws {
    // `caseInsensitive` folds literal segments; the words of a set are values, spelled one way.
    let router = try Router(
      RouteTable(
        schemes: ["app"], hosts: ["example.com"], options: .init(caseInsensitive: true),
        routes: [
          RouteDefinition("section", "/settings/{section:(newtab|contentBlocker)}"),
          RouteDefinition("list", "/list?sort={order:(asc|desc)}"),
          RouteDefinition("word", "/w/{x:(a|A)}"),
        ]))
    let match = try #require(try router.match("https://example.com/SETTINGS/contentBlocker"))
    #expect(match.parameters.string("section") == "contentBlocker")
    #expect(try router.match("https://example.com/settings/newTab") == nil)
    #expect(try router.match("https://example.com/settings/contentblocker") == nil)
    #expect(try router.match("https://example.com/list?sort=ASC") == nil)
    // Two words that differ in case are two words.
    #expect(try router.match("https://example.com/w/A")?.parameters.string("x") == "A")
    #expect(try router.match("https://example.com/w/a")?.parameters.string("x") == "a")
    // The authority of a custom-scheme link keeps the host rule.
    #expect(try router.match("app://SETTINGS/newtab")?.route == "section")
  }

  @Test func membersAreComparedByTheirBytes() throws {
    // `é` precomposed and `e` + U+0301 are the same to Swift's `==`, not to the router.
    let router = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("s", "/s/{x:(caf\u{E9}|t%C3%A9)}")]))
    #expect(try router.match("https://example.com/s/caf%C3%A9")?.parameters.string("x") == "caf\u{E9}")
    #expect(try router.match("https://example.com/s/te%CC%81") == nil)
    #expect(try router.match("https://example.com/s/t%C3%A9")?.parameters.string("x") == "t\u{E9}")
    #expect(try router.match("https://example.com/s/cafe%CC%81") == nil)
  }

  // MARK: Bad input

  @Test(arguments: [
    ("/s/{x:()}", RoutePatternError.emptyValueSet("x"), 6),
    ("/s/{x:(a||b)}", .emptyMember("x"), 9),
    ("/s/{x:(a|)}", .emptyMember("x"), 9),
    ("/s/{x:(|a)}", .emptyMember("x"), 7),
    ("/s/{x:(a|b|a)}", .duplicateMember(name: "x", member: "a"), 11),
    ("/s/{x:(a|b/c)}", .forbiddenMemberCharacter(name: "x", member: "b/c", character: "/"), 9),
    ("/s/{x:(a|b%2Fc)}", .forbiddenMemberCharacter(name: "x", member: "b/c", character: "/"), 9),
    ("/s/{x:(a|b%7Cc)}", .forbiddenMemberCharacter(name: "x", member: "b|c", character: "|"), 9),
    ("/s/{x:(a|b%29)}", .forbiddenMemberCharacter(name: "x", member: "b)", character: ")"), 9),
    ("/s/{x:(a|b%7D)}", .forbiddenMemberCharacter(name: "x", member: "b}", character: "}"), 9),
    ("/s/{x:(a|%7Bb)}", .forbiddenMemberCharacter(name: "x", member: "{b", character: "{"), 9),
    ("/s/{x:(a|..)}", .dotSegment, 9),
    ("/s/{x:(a|b}", .unclosedValueSet("x"), 6),
    ("/s/{x:(a|b)c}", .unclosedValueSet("x"), 11),
    ("/s/{x:(a|b)?}", .optionalPathParameter("x"), 3),
    ("/s/v-{x:(a|b)}", .valueSetInTemplate("x"), 5),
    ("/s/{1x:(a|b)}", .invalidParameterName("1x"), 4),
    ("/s/{x:(a|%ZZ)}", .malformedPercentEscape, 9),
    ("/s/{x:(a)}/{x}", .duplicateParameterName("x"), 11),
    ("/s?o={x:(a||b)}", .emptyMember("x"), 11),
    ("/s?o={x:(a|a)?}", .duplicateMember(name: "x", member: "a"), 11),
  ])
  func aSetThatCannotBeReadIsRefusedNamingTheRouteAndTheMember(
    _ pattern: String, _ reason: RoutePatternError, _ offset: Int
  ) {
    Fixtures.expectPatternRefused(pattern, reason: reason, offset: offset, host: "example.com")
  }

  @Test func theRefusalNamesTheMemberWithACaret() throws {
    let error = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(hosts: ["example.com"], routes: [RouteDefinition("settings", "/settings/{s:(a|b|a)}")]))
    }
    let text = try #require(error).description
    #expect(text.contains("route 'settings'"))
    #expect(text.contains("member 'a' of the value set of 's' is listed twice"))
    #expect(text.contains("  /settings/{s:(a|b|a)}\n                    ^"))
    #expect(error?.patternError?.member == "a")
    #expect(error?.patternError?.name == "s")
  }

  @Test func aRouteFileErrorPointsAtTheMemberByLineAndColumn() throws {
    let json = """
      {"hosts": ["example.com"], "routes": [
        {"name": "ok", "pattern": "/a/{x}"},
        {"name": "settings", "pattern": "/s/{s:(a||b)}"}
      ]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.line == 3)
    // The empty member: the pattern's quote is at 35, the member 9 characters in.
    #expect(located.column == 35 + 1 + 9)
    #expect(located.description.contains("route 'settings'"))
    #expect(located.description.contains("line 3, column 45"))
  }

  // MARK: Duplicates

  @Test func twoSetsWithTheSameMembersAreDuplicatesInAnyOrder() throws {
    Fixtures.expectDuplicates("/s/{a:(x|y)}", "/s/{b:(y|x)}", true, hosts: ["example.com"])
    Fixtures.expectDuplicates("/s?o={a:(x|y)}", "/s?o={b:(y|x)}", true, hosts: ["example.com"])
    // Overlapping or disjoint sets reach different links: they stand side by side, and the narrower
    // set takes the words they share.
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("wide", "/s/{a:(x|y|z)}"), RouteDefinition("narrow", "/s/{b:(y|x)}"),
          RouteDefinition("other", "/s/{c:(p|q)}"), RouteDefinition("query", "/s?o={d:(x|y)}"),
          RouteDefinition("optional", "/s?o={d:(x|y)?}"),
        ]))
    #expect(try router.match("https://example.com/s/x")?.route == "narrow")
    #expect(try router.match("https://example.com/s/z")?.route == "wide")
    #expect(try router.match("https://example.com/s/p")?.route == "other")
    #expect(try router.match("https://example.com/s?o=x")?.route == "query")
    #expect(try router.match("https://example.com/s")?.route == "optional")
  }

  // MARK: Building back

  @Test func aSetBuildsBackOnlyWithAMember() throws {
    let router = try Self.router.get()
    #expect(
      try router.urlString(for: "section", ["section": .string("privacy")])
        == "https://example.com/settings/privacy")
    #expect(
      try router.urlString(for: "wide", ["area": .string("a+b")]) == "https://example.com/settings/a+b")
    #expect(
      try router.urlString(for: "list", ["order": .string("desc")]) == "https://example.com/list?sort=desc")
    #expect(try router.urlString(for: "list", [:]) == "https://example.com/list")
    let error = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "section", ["section": .string("other")])
    }
    #expect(error?.code == .notAMember)
    #expect(error?.parameter == "section")
    #expect(error?.value == "other")
    #expect(
      error?.description == "route 'section': 'section' must be one of (general|privacy|about), got 'other'")
    let query = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "list", ["order": .string("up")])
    }
    #expect(query?.code == .notAMember)
    #expect(query?.parameter == "order")
    // A member that a literal beside it spells opens the literal's route: refused as shadowed.
    let shadowed = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "section", ["section": .string("general")])
    }
    #expect(shadowed?.code == .shadowed)
    #expect(shadowed?.otherRoute == "general")
    let missing = #expect(throws: URLBuildError.self) { try router.urlString(for: "pick", [:]) }
    #expect(missing?.code == .missingValue)
  }

  // MARK: Explaining

  @Test func aNearMissListsTheWords() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("settings", "/settings/{section:(general|privacy)}"),
          RouteDefinition("list", "/list?sort={order:(asc|desc)}"),
        ]))
    let miss = try #require(try router.explain("https://example.com/settings/other"))
    #expect(miss.code == .expectedMember)
    #expect(miss.segment == 1)
    #expect(miss.expected == "(general|privacy)")
    #expect(miss.description == #"route 'settings': segment 2 "other" is not one of (general|privacy)"#)
    let query = try #require(try router.explain("https://example.com/list?sort=up"))
    #expect(query.code == .queryItemType)
    #expect(query.expected == "sort={order:(asc|desc)}")
    #expect(query.found == "up")
    let absent = try #require(try router.explain("https://example.com/list"))
    #expect(absent.code == .missingQueryItem)
  }

  // MARK: Typed destinations

  enum Section: String, Codable, Hashable, Sendable { case general, privacy, about }
  enum Order: String, Codable, Hashable, Sendable { case asc, desc }

  enum Screen: Codable, Hashable, Sendable {
    case settings(section: Section)
    case list(order: Order?)
    case tag(name: String)
  }

  static let screens = RouteTable(
    schemes: ["app"],
    routes: [
      RouteDefinition("settings", "/settings/{section:(general|privacy|about)}"),
      RouteDefinition("list", "/list?sort={order:(asc|desc)?}"),
      RouteDefinition("tag", "/tag/{name:(new|hot)}"),
    ])

  @Test func aStringBackedEnumReadsAndWritesTheSet() throws {
    let router = try DestinationRouter<Screen>(table: Self.screens)
    #expect(try router.destination(for: "app://settings/privacy") == .settings(section: .privacy))
    #expect(try router.destination(for: "app://list?sort=desc") == .list(order: .desc))
    #expect(try router.destination(for: "app://list") == .list(order: nil))
    #expect(try router.destination(for: "app://tag/hot") == .tag(name: "hot"))
    // A word outside the set matches no route at all.
    #expect(try router.destination(for: "app://settings/other") == nil)
    for screen: Screen in [
      .settings(section: .about), .list(order: .asc), .list(order: nil), .tag(name: "new"),
    ] {
      #expect(try router.destination(for: try router.url(for: screen)) == screen)
    }
    // A plain string outside the set does not build.
    let error = #expect(throws: URLBuildError.self) { try router.url(for: Screen.tag(name: "old")) }
    #expect(error?.code == .notAMember)
  }

  @Test(arguments: [
    (
      "/settings/{section:(general|privacy|other)}", "/list?sort={order:(asc|desc)?}", "settings", "section",
      "other"
    ),
    ("/settings/{section:(general|privacy)}", "/list?sort={order:(asc|up)?}", "list", "order", "up"),
  ])
  func aWordTheEnumCannotReadIsRefusedWhenTheRouterIsBuilt(
    _ settings: String, _ list: String, _ route: String, _ label: String, _ word: String
  ) throws {
    let table = RouteTable(
      schemes: ["app"],
      routes: [
        RouteDefinition("settings", settings), RouteDefinition("list", list),
        RouteDefinition("tag", "/tag/{name:(new|hot)}"),
      ])
    let error = #expect(throws: RouteTableError.self) { try DestinationRouter<Screen>(table: table) }
    #expect(error?.code == .memberNotInType)
    #expect(error?.route == route)
    #expect(error?.label == label)
    #expect(error?.readValue == word)
    #expect(error?.description.contains("'\(word)'") == true)
  }
}
