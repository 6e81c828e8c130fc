import Foundation
import Testing

@testable import DeepLinkRouting

/// The query rules as an app meets them: an open dictionary of every undeclared item, a literal value
/// that selects a route, an item that must be absent, alternative keys for one value, and keys compared
/// without case where the table says so; ranked, built back, explained, refused with a reason.
@Suite("Query rules: dictionaries, literal values, absent items, alternative keys, key case")
struct QueryRuleTests {
  static let table = RouteTable(
    schemes: ["app"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("search", "/search?q={query}&{filters*}"),
      RouteDefinition("fixPayment", "/pledge?ref=failed_payment"),
      RouteDefinition("pledgeRef", "/pledge?ref={ref}"),
      RouteDefinition("pledge", "/pledge"),
      RouteDefinition("welcome", "/start?!invite"),
      RouteDefinition("invited", "/start?invite={code}"),
      RouteDefinition("map", "/map?lat|latitude={lat:decimal}&lon|longitude={lon:decimal}"),
    ])

  static func router() throws -> Router { try Router(table) }

  // MARK: (a) the open dictionary

  @Test func theDictionaryReceivesEveryUndeclaredItemAndTheFirstValueOfARepeatedName() throws {
    let match = try #require(
      try Self.router().match("https://shop.example/search?q=shoes&color=red&size=42&color=blue&flag"))
    #expect(match.route == "search")
    #expect(match.parameters["query"] == .string("shoes"))
    #expect(match.parameters["filters"] == .dictionary(["color": "red", "size": "42", "flag": ""]))
    // Without undeclared items the dictionary is there, empty.
    #expect(try Self.router().match("app://search?q=x")?.parameters["filters"] == .dictionary([:]))
  }

  @Test func theDictionaryBuildsBackSortedAndReadsBack() throws {
    let router = try Self.router()
    let link = try router.urlString(
      for: "search", ["query": .string("a b"), "filters": .dictionary(["size": "42", "color": "red+blue"])])
    #expect(link == "https://shop.example/search?q=a%20b&color=red%2Bblue&size=42")
    #expect(
      try router.match(link)?.parameters["filters"] == .dictionary(["size": "42", "color": "red+blue"]))
    // Left out, it is empty.
    #expect(try router.urlString(for: "search", ["query": .string("x")]) == "https://shop.example/search?q=x")
  }

  @Test func aDictionaryThatCannotReadBackIsRefusedNamingIt() throws {
    let router = try Self.router()
    let declared = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "search", ["query": .string("x"), "filters": .dictionary(["q": "other"])])
    }
    #expect(declared?.code == .unwritableValue)
    #expect(declared?.description.contains("'q'") == true)
    let empty = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "search", ["query": .string("x"), "filters": .dictionary(["": "v"])])
    }
    #expect(empty?.code == .unwritableValue)
    let wrongKind = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "search", ["query": .string("x"), "filters": .string("color=red")])
    }
    #expect(wrongKind?.code == .unwritableValue)
  }

  enum Screen: Hashable, Codable {
    case search(query: String, filters: [String: String])
    case fixPayment
    case pledgeRef(ref: String)
    case pledge
    case welcome
    case invited(code: String)
    case map(lat: Double, lon: Double)
  }

  @Test func aTypedDestinationReadsAndWritesTheDictionary() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(
      try screens.destination(for: "app://search?q=tea&origin=cn&sort=price")
        == .search(query: "tea", filters: ["origin": "cn", "sort": "price"]))
    let url = try screens.url(for: .search(query: "tea", filters: ["sort": "price", "origin": "cn"]))
    #expect(url.absoluteString == "https://shop.example/search?q=tea&origin=cn&sort=price")
    #expect(try screens.destination(for: "app://pledge?ref=failed_payment") == .fixPayment)
    #expect(
      try screens.url(for: .fixPayment).absoluteString == "https://shop.example/pledge?ref=failed_payment")
    #expect(try screens.destination(for: "app://map?latitude=52.5&lon=13.4") == .map(lat: 52.5, lon: 13.4))
  }

  @Test func twoDictionariesAreRefusedNamingBoth() throws {
    let error = #expect(throws: RouteTableError.self) {
      try Router(RouteTable(hosts: ["a.example"], routes: [RouteDefinition("s", "/s?{a*}&{b*}")]))
    }
    #expect(error?.code == .invalidPattern)
    let text = error?.description ?? ""
    #expect(text.contains("'{a*}' and '{b*}'"))
    #expect(text.contains("route 's'"))
    #expect(text.contains("/s?{a*}&{b*}\n          ^"))
  }

  @Test(arguments: ["/s?{a+}", "/s?{a}", "/s?{*}", "/s?{a:int*}", "/s?x={a*}"])
  func aMalformedDictionaryIsRefused(_ pattern: String) throws {
    #expect(throws: RoutePatternError.self) { try RoutePattern(pattern) }
  }

  @Test func aDictionaryAloneAddsNothingToMatchSoItDuplicatesTheBareRoute() throws {
    let error = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"],
          routes: [RouteDefinition("bare", "/x"), RouteDefinition("open", "/x?{rest*}")]))
    }
    #expect(error?.code == .ambiguous)
  }

  // MARK: (b) a literal value selects a route

  @Test func aLiteralValueBeatsAParameterWhichBeatsNoItem() throws {
    let router = try Self.router()
    #expect(try router.match("app://pledge?ref=failed_payment")?.route == "fixPayment")
    #expect(try router.match("app://pledge?ref=newsletter")?.parameters["ref"] == .string("newsletter"))
    #expect(try router.match("app://pledge?ref=newsletter")?.route == "pledgeRef")
    #expect(try router.match("app://pledge")?.route == "pledge")
    // Compared byte for byte after decoding, and against the first value only.
    #expect(try router.match("app://pledge?ref=failed%5Fpayment")?.route == "fixPayment")
    #expect(try router.match("app://pledge?ref=Failed_Payment")?.route == "pledgeRef")
    #expect(try router.match("app://pledge?ref=x&ref=failed_payment")?.route == "pledgeRef")
    // The literal item is declared: it is not left in the match's query.
    #expect(
      try router.match("app://pledge?ref=failed_payment&utm=1")?.query == [QueryItem(name: "utm", value: "1")]
    )
  }

  @Test func theOrderOfTheTableDoesNotMatter() throws {
    let reversed = RouteTable(
      schemes: Self.table.schemes, hosts: Self.table.hosts, routes: Self.table.routes.reversed())
    let router = try Router(reversed)
    #expect(try router.match("app://pledge?ref=failed_payment")?.route == "fixPayment")
    #expect(try router.match("app://pledge?ref=other")?.route == "pledgeRef")
    #expect(try router.match("app://start")?.route == "welcome")
  }

  @Test func aLiteralValueThatMissesIsExplained() throws {
    let table = RouteTable(
      hosts: ["a.example"], routes: [RouteDefinition("fix", "/pledge?ref=failed_payment")])
    let router = try Router(table)
    let miss = try #require(try router.explain("https://a.example/pledge?ref=failed_paymnt"))
    #expect(miss.route == "fix")
    #expect(miss.code == .queryItemValue)
    #expect(
      miss.description
        == #"route 'fix': the query item ref=failed_payment selects this route; the link has "failed_paymnt""#
    )
    let none = try #require(try router.explain("https://a.example/pledge"))
    #expect(
      none.description
        == "route 'fix': the query item ref=failed_payment selects this route; the link has none")
  }

  @Test func twoRoutesWithTheSameLiteralAreDuplicatesAndOtherValuesAreNot() throws {
    let same = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"],
          routes: [RouteDefinition("one", "/x?a=1"), RouteDefinition("two", "/x?a=1")]))
    }
    #expect(same?.code == .ambiguous)
    let router = try Router(
      RouteTable(
        hosts: ["a.example"],
        routes: [
          RouteDefinition("one", "/x?a=1"), RouteDefinition("two", "/x?a=2"),
          RouteDefinition("any", "/x?a={v}"),
        ]))
    #expect(try router.match("https://a.example/x?a=2")?.route == "two")
    #expect(try router.match("https://a.example/x?a=3")?.route == "any")
  }

  @Test(arguments: [
    ("/x?a=", "invalid-query-item"), ("/x?a=b{c}", "unbalanced-brace"),
    ("/x?a=%zz", "malformed-percent-escape"),
    ("/x?=1", "invalid-query-item"), ("/x?a=1&a=2", "duplicate-query-key"),
  ])
  func aMalformedLiteralIsRefusedAtItsPlace(_ pattern: String, _ code: String) throws {
    let error = try #require(throws: RoutePatternError.self) { try RoutePattern(pattern) }
    #expect(error.code.description == code)
    #expect(error.offset >= 3)
  }

  // MARK: (c) absent-only

  @Test func anAbsentOnlyRouteAppliesOnlyWithoutTheItem() throws {
    let router = try Self.router()
    #expect(try router.match("app://start")?.route == "welcome")
    #expect(try router.match("app://start?invite=")?.route == "welcome")
    #expect(try router.match("app://start?other=1")?.route == "welcome")
    #expect(try router.match("app://start?invite=abc")?.route == "invited")
    let table = RouteTable(hosts: ["a.example"], routes: [RouteDefinition("fresh", "/start?!invite")])
    let miss = try #require(try Router(table).explain("https://a.example/start?invite=abc"))
    #expect(miss.code == .queryItemPresent)
    #expect(
      miss.description
        == #"route 'fresh': the route applies only when the query item invite is absent; the link has "abc""#)
  }

  @Test func anAbsentOnlyRouteIsNotADuplicateOfTheBareRouteAndRanksBeforeIt() throws {
    let router = try Router(
      RouteTable(
        hosts: ["a.example"], routes: [RouteDefinition("bare", "/x"), RouteDefinition("fresh", "/x?!a")]))
    #expect(try router.match("https://a.example/x")?.route == "fresh")
    #expect(try router.match("https://a.example/x?a=1")?.route == "bare")
    #expect(try router.urlString(for: "fresh", [:]) == "https://a.example/x")
    let same = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"], routes: [RouteDefinition("one", "/x?!a"), RouteDefinition("two", "/x?!a")]))
    }
    #expect(same?.code == .ambiguous)
  }

  @Test(arguments: ["/x?!", "/x?!a=1", "/x?!a={v}", "/x?!a|"])
  func aMalformedAbsentItemIsRefused(_ pattern: String) throws {
    let error = try #require(throws: RoutePatternError.self) { try RoutePattern(pattern) }
    #expect(error.code == .invalidQueryItem)
  }

  // MARK: (d) alternative keys

  @Test func theFirstListedKeyPresentWins() throws {
    let router = try Self.router()
    let short = try #require(try router.match("app://map?lat=1.5&lon=2"))
    #expect(short.parameters["lat"] == .decimal(1.5))
    let long = try #require(try router.match("app://map?latitude=1.5&longitude=2"))
    #expect(long.parameters["lon"] == .decimal(2))
    // Both present: the first key listed is read, the other is ignored (and not left in the query).
    let both = try #require(try router.match("app://map?latitude=9&lat=1&lon=2"))
    #expect(both.parameters["lat"] == .decimal(1))
    #expect(both.query.isEmpty)
    // An empty first key counts as absent: the next key is read.
    #expect(try router.match("app://map?lat=&latitude=3&lon=2")?.parameters["lat"] == .decimal(3))
    // The first key present decides, even when its value does not fit and the other's would.
    #expect(try router.match("app://map?lat=north&latitude=3&lon=2") == nil)
    #expect(try router.match("app://map?lon=2") == nil)
    #expect(
      try router.urlString(for: "map", ["lat": .decimal(1), "lon": .decimal(2)])
        == "https://shop.example/map?lat=1&lon=2")
    let miss = try #require(try router.explain("app://map?lon=2"))
    #expect(
      miss.description == "route 'map': the query item lat|latitude={lat:decimal} is required and missing")
  }

  @Test func aKeyListedTwiceIsRefused() throws {
    let error = try #require(throws: RoutePatternError.self) { try RoutePattern("/m?lat|lat={a}") }
    #expect(error.code == .duplicateQueryKey)
    let across = try #require(throws: RoutePatternError.self) { try RoutePattern("/m?a|b={x}&b={y}") }
    #expect(across.code == .duplicateQueryKey)
    #expect(across.offset == 11)
    #expect(throws: RoutePatternError.self) { try RoutePattern("/m?a||b={x}") }
  }

  // MARK: (e) keys compared without case

  static let caseless = RouteTable(
    hosts: ["a.example"], options: .init(caseInsensitiveQueryKeys: true),
    routes: [
      RouteDefinition("search", "/search?q={query}&{filters*}"),
      RouteDefinition("fix", "/pledge?Ref=failed_payment"),
      RouteDefinition("fresh", "/start?!invite"),
    ])

  @Test func aCaseInsensitiveTableReadsKeysInAnyCaseAndValuesExactly() throws {
    let router = try Router(Self.caseless)
    let match = try #require(try router.match("https://a.example/search?Q=tea&Color=Red&COLOR=blue"))
    #expect(match.parameters["query"] == .string("tea"))
    #expect(match.parameters["filters"] == .dictionary(["color": "Red"]))
    #expect(try router.match("https://a.example/pledge?REF=failed_payment")?.route == "fix")
    #expect(try router.match("https://a.example/pledge?ref=FAILED_PAYMENT") == nil)
    #expect(try router.match("https://a.example/start?INVITE=1") == nil)
    // The default compares names exactly.
    let exact = try Router(RouteTable(hosts: ["a.example"], routes: [RouteDefinition("s", "/s?q={q}")]))
    #expect(try exact.match("https://a.example/s?Q=tea") == nil)
  }

  @Test func keysThatDifferOnlyInCaseAreOneKeyInACaseInsensitiveTable() throws {
    let routes = [RouteDefinition("s", "/s?q={a}&Q={b}")]
    #expect(
      try Router(RouteTable(hosts: ["a.example"], routes: routes)).match("https://a.example/s?q=1&Q=2") != nil
    )
    let error = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(hosts: ["a.example"], options: .init(caseInsensitiveQueryKeys: true), routes: routes))
    }
    #expect(error?.code == .invalidPattern)
    #expect(error?.description.contains("query key 'Q' is declared twice") == true)
    let duplicate = #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"], options: .init(caseInsensitiveQueryKeys: true),
          routes: [RouteDefinition("one", "/s?q={a}"), RouteDefinition("two", "/s?Q={b}")]))
    }
    #expect(duplicate?.code == .ambiguous)
  }

  @Test func theRouteFileTakesTheSettingAndRefusesOtherValues() throws {
    try Fixtures.expectRouteFileSetting(
      "queryKeys", #""caseInsensitive""#, isOn: \.caseInsensitiveQueryKeys,
      refusing: [#""insensitive""#, "true", #""CaseInsensitive""#], allowed: #""exact" or "caseInsensitive""#)
  }
}

/// Many routes at one path that differ by a literal query value: the link's values are looked up, so
/// the routes checked per link do not grow with the table.
@Suite("Query rules: the work per link")
struct QueryRuleWorkTests {
  @Test func routesDifferingByALiteralValueAreLookedUpNotScanned() throws {
    var routes = (0..<4_096).map { RouteDefinition("v\($0)", "/pledge?ref=v\($0)") }
    routes.append(RouteDefinition("any", "/pledge?ref={ref}&from={from}"))
    routes.append(RouteDefinition("fresh", "/pledge?!ref"))
    let router = try Router(RouteTable(schemes: ["app"], routes: routes))
    let hit = try router.searchWork("app://pledge?ref=v4095")
    #expect(hit.route == 4_095)
    #expect(hit.routeChecks <= 2)
    let other = try router.searchWork("app://pledge?ref=zzz&from=mail")
    #expect(other.route == 4_096)
    #expect(other.routeChecks <= 2)
    #expect(try router.searchWork("app://pledge").route == 4_097)
    let miss = try router.searchWork("app://pledge?ref=zzz")
    #expect(miss.route == nil)
    #expect(miss.routeChecks <= 2)
    let explained = try router.explainWork("app://pledge?ref=zzz")
    #expect(explained.routeChecks <= 2)
    #expect(explained.miss?.code == .queryItemValue)
  }

  @Test func routesDifferingByAbsentOrAlternativeKeysStayIndexed() throws {
    var routes = (0..<512).map { RouteDefinition("k\($0)", "/x?!k\($0)&a|b\($0)={v}") }
    routes.append(RouteDefinition("bare", "/x"))
    let router = try Router(RouteTable(schemes: ["app"], routes: routes))
    let work = try router.searchWork("app://x?b7=1&k1=1")
    #expect(work.route == 7)
    #expect(work.routeChecks <= 4)
    #expect(try router.match("app://x?a=1")?.route == "k0")
    #expect(try router.match("app://x?b1=1")?.route == "k1")
    #expect(try router.match("app://x?k1=1&b1=1")?.route == "bare")
    #expect(try router.match("app://x")?.route == "bare")
  }
}
