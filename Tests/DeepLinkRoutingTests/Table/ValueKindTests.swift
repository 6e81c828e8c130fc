import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// App-defined kinds as an app meets them: declared once in the table, used by name in any pattern,
/// matched by their characters, prefix and lengths, ranked after the built-in types and before plain
/// text, built back only with a value of the kind, explained, and refused with a reason naming the
/// kind (and its line and column in a route file).
@Suite("App-defined kinds")
struct ValueKindTests {
  static let kinds: [String: ValueKind] = [
    "sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12),
    "alias": ValueKind(characters: "a-z0-9._=-:", prefix: "#"),
    "user": ValueKind(characters: "a-z0-9._=-:", prefix: "@"),
    "order": ValueKind(characters: "0-9", prefix: "ORD-", minLength: 6, maxLength: 6),
    "color": ValueKind(characters: "0-9a-f", minLength: 6, maxLength: 6),
  ]

  static let table = RouteTable(
    schemes: ["app"], hosts: ["example.com"], kinds: kinds,
    routes: [
      RouteDefinition("new", "/p/new"),
      RouteDefinition("featured", "/p/{list:(top|sale)}"),
      RouteDefinition("productId", "/p/{id:int}"),
      RouteDefinition("product", "/p/{code:sku}"),
      RouteDefinition("productSlug", "/p/{slug}"),
      RouteDefinition("room", "/m/{room:alias}"),
      RouteDefinition("user", "/m/{user:user}"),
      RouteDefinition("matrix", "/m/{other}"),
      RouteDefinition("order", "/o/{number:order}"),
      RouteDefinition("theme", "/t/{color:color}/preview"),
      RouteDefinition("themeAny", "/t/{name:sku}/{page}"),
      RouteDefinition("track", "/track?ref={code:sku}&o={number:order?}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test(arguments: [
    // literal > value set > int > app kind > plain, whatever the order of the table.
    ("https://example.com/p/new", "new"),
    ("https://example.com/p/top", "featured"),
    ("https://example.com/p/123", "productId"),
    ("https://example.com/p/ABC-123", "product"),
    ("https://example.com/p/abc-123", "productSlug"),
    ("https://example.com/p/AB", "productSlug"),
    ("https://example.com/p/ABCDEFGHIJKLM", "productSlug"),
    // A prefix, compared after percent-decoding: `#` is written %23 in a path.
    ("https://example.com/m/%23room:example.org", "room"),
    ("https://example.com/m/%40alice:example.org", "user"),
    ("https://example.com/m/@alice:example.org", "user"),
    ("https://example.com/m/%23Room", "matrix"),
    ("https://example.com/m/alice", "matrix"),
    ("https://example.com/o/ORD-000123", "order"),
    // A kind whose later segments fail gives way to the next piece.
    ("https://example.com/t/00ff00/preview", "theme"),
    ("https://example.com/t/00FF00/preview", "themeAny"),
    ("https://example.com/t/000000/other", "themeAny"),
    ("https://example.com/track?ref=AB1", "track"),
    ("https://example.com/track?ref=AB1&o=ORD-000001", "track"),
  ])
  func theMostSpecificPieceWinsWhateverTheOrder(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
    var reversed = Self.table
    reversed.routes.reverse()
    #expect(try Router(reversed).match(link)?.route == route)
  }

  @Test func aKindReadsAsTheDecodedText() throws {
    #expect(try Self.match("https://example.com/p/ABC-123")?.parameters.string("code") == "ABC-123")
    #expect(
      try Self.match("https://example.com/m/%23room:example.org")?.parameters.string("room")
        == "#room:example.org")
    let track = try #require(try Self.match("https://example.com/track?ref=AB1&o=ORD-000001"))
    #expect(track.parameters.string("code") == "AB1")
    #expect(track.parameters.string("number") == "ORD-000001")
    // An optional query item of a kind refuses a value that is not of it, and reads an absent one as absent.
    #expect(try Self.match("https://example.com/track?ref=AB1&o=ORD-1") == nil)
    #expect(try Self.match("https://example.com/track?ref=AB1")?.parameters["number"] == nil)
  }

  @Test func aCaseInsensitiveTableStillComparesAKindByteForByte() throws {
    var table = Self.table
    table.options.caseInsensitive = true
    let router = try Router(table)
    #expect(try router.match("https://example.com/p/ABC-1")?.route == "product")
    #expect(try router.match("https://example.com/p/abc-1")?.route == "productSlug")
  }

  // MARK: Building back

  @Test func aLinkIsBuiltOnlyFromAValueOfTheKind() throws {
    let router = try Self.router.get()
    #expect(
      try router.urlString(for: "product", ["code": .string("ABC-123")]) == "https://example.com/p/ABC-123")
    #expect(
      try router.urlString(for: "room", ["room": .string("#room:example.org")])
        == "https://example.com/m/%23room:example.org")
    #expect(
      try router.urlString(for: "track", ["code": .string("AB1"), "number": .string("ORD-000001")])
        == "https://example.com/track?ref=AB1&o=ORD-000001")
    let lower = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "product", ["code": .string("abc")])
    }
    #expect(lower?.code == .notOfKind)
    #expect(lower?.parameter == "code")
    #expect(lower?.value == "abc")
    #expect(
      lower?.description
        == "route 'product': 'code' must be a sku, got 'abc': it holds 'a', which sku does not allow (A-Z0-9-)"
    )
    let short = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "order", ["number": .string("ORD-1")])
    }
    #expect(
      short?.description
        == "route 'order': 'number' must be an order, got 'ORD-1': it has 1 characters after 'ORD-', order takes 6"
    )
    let prefix = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "room", ["room": .string("room")])
    }
    #expect(prefix?.description.contains("it does not start with '#'") == true)
    let query = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "track", ["code": .string("AB1"), "number": .string("12")])
    }
    #expect(query?.code == .notOfKind)
    // A value of the kind that a more specific route would take is refused, as for every piece.
    let shadowed = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "product", ["code": .string("123")])
    }
    #expect(shadowed?.code == .shadowed)
  }

  @Test func aDotSegmentOfAKindIsNotBuilt() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"], kinds: ["dots": ValueKind(characters: ".a")],
        routes: [RouteDefinition("d", "/d/{x:dots}")]))
    #expect(try router.urlString(for: "d", ["x": .string(".a")]) == "https://example.com/d/.a")
    let error = #expect(throws: URLBuildError.self) { try router.urlString(for: "d", ["x": .string("..")]) }
    #expect(error?.code == .dotSegment)
  }

  // MARK: Near misses

  @Test func aNearMissSaysWhyTheSegmentIsNotOfTheKind() throws {
    let router = try Self.router.get()
    let miss = try #require(try router.explain("https://example.com/o/ORD-12"))
    #expect(miss.code == .expectedKind)
    #expect(
      miss.description
        == "route 'order': segment 2 \"ORD-12\" is not an order ({number:order}): it has 2 characters after 'ORD-', order takes 6"
    )
    let query = try #require(try router.explain("https://example.com/track?ref=ab"))
    #expect(query.code == .queryItemKind)
    #expect(
      query.description
        == "route 'track': the query item's value \"ab\" is not a sku (ref={code:sku}): it holds 'a', which sku does not allow (A-Z0-9-)"
    )
  }

  // MARK: Duplicates

  @Test func routesThatDifferOnlyByKindsSharingAValueAreRefused() throws {
    func build(_ patterns: [String]) throws {
      _ = try Router(
        RouteTable(
          hosts: ["example.com"], kinds: Self.kinds,
          routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element) }))
    }
    // The same kind twice at one place.
    let same = #expect(throws: RouteTableError.self) { try build(["/p/{a:sku}", "/p/{b:sku}"]) }
    #expect(same?.code == .ambiguous)
    #expect(same?.otherRoute == "r0")
    // Two kinds that share `000000`: a link of both reaches both equally.
    let shared = #expect(throws: RouteTableError.self) { try build(["/p/{a:sku}", "/p/{b:color}"]) }
    #expect(shared?.code == .ambiguous)
    #expect(shared?.route == "r1")
    #expect(
      shared?.description
        == "route 'r1': reaches the same links as route 'r0' wherever a value is of both kinds sku and color (such as '000000'): the routes differ only by kinds that share values, so neither is more specific; use one kind, or kinds that share no value"
    )
    // The same in the query.
    let query = #expect(throws: RouteTableError.self) { try build(["/q?c={a:sku}", "/q?c={b:color}"]) }
    #expect(query?.code == .ambiguous)
    // Kinds that share no value, and a kind beside a built-in type or a set, stand side by side.
    try build(["/m/{a:alias}", "/m/{b:user}", "/m/{c:int}", "/m/{d:(x|y)}", "/m/{e}"])
    try build(["/p/{a:sku}", "/p/{b:alias}"])
    try build(["/q?c={a:sku}", "/q?c={b:uuid}", "/q?c={d:alias}"])
    // A kind at one place with other pieces after it is another route.
    try build(["/p/{a:sku}/x", "/p/{b:color}/y"])
  }

  // MARK: Bad declarations

  @Test(arguments: [
    ("int", ValueKind(characters: "0-9"), "kinds.int"),
    ("9lives", ValueKind(characters: "0-9"), "kinds.9lives"),
    ("empty", ValueKind(characters: ""), "kinds.empty.characters"),
    ("backwards", ValueKind(characters: "Z-A"), "kinds.backwards.characters"),
    ("mixed", ValueKind(characters: "a-Z"), "kinds.mixed.characters"),
    ("path", ValueKind(characters: "a-z/"), "kinds.path.characters"),
    ("accent", ValueKind(characters: "a-zé"), "kinds.accent.characters"),
    ("slashPrefix", ValueKind(characters: "a-z", prefix: "a/"), "kinds.slashPrefix.prefix"),
    ("never", ValueKind(characters: "a-z", minLength: 5, maxLength: 3), "kinds.never.maxLength"),
    ("zero", ValueKind(characters: "a-z", minLength: 0), "kinds.zero.minLength"),
    ("huge", ValueKind(characters: "a-z", maxLength: 65_536), "kinds.huge.maxLength"),
    ("hugeMin", ValueKind(characters: "a-z", minLength: 65_536), "kinds.hugeMin.minLength"),
  ])
  func aKindThatCannotBeUsedIsRefused(_ name: String, _ kind: ValueKind, _ location: String) throws {
    let table = RouteTable(hosts: ["example.com"], kinds: [name: kind], routes: [RouteDefinition("a", "/a")])
    let error = #expect(throws: RouteTableError.self) { try Router(table) }
    #expect(error?.code == .invalidKind)
    #expect(error?.kind == name)
    #expect(error?.location == location)
    #expect(error?.description.contains("kind '\(name)'") == true)
  }

  @Test func aRouteFileNamesTheLineAndColumnOfABadKind() throws {
    let json = """
      {"hosts": ["example.com"],
       "kinds": {"sku": {"characters": "A-Z0-9-"},
                 "bad": {"characters": "Z-A"}},
       "routes": [{"name": "a", "pattern": "/a/{c:sku}"}]}
      """
    let error = #expect(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
    #expect(error?.code == .invalidKind)
    #expect(error?.location == "kinds.bad.characters")
    #expect(error?.line == 3)
    #expect(error?.column == 34)
    #expect(
      error?.description
        == "kinds.bad.characters: kind 'bad' has the range 'Z-A', which is not two letters of one case or two digits in order at line 3, column 34"
    )
    let unknown = #expect(throws: RouteTableError.self) {
      try RouteTable(
        json: Data(
          #"{"hosts": ["example.com"], "kinds": {"sku": {"charcters": "A-Z"}}, "routes": []}"#.utf8))
    }
    #expect(unknown?.code == .unknownKey)
    #expect(unknown?.suggestion == "characters")
    let missing = #expect(throws: RouteTableError.self) {
      try RouteTable(json: Data(#"{"hosts": ["example.com"], "kinds": {"sku": {}}, "routes": []}"#.utf8))
    }
    #expect(missing?.code == .missingKey)
    let wrongType = #expect(throws: RouteTableError.self) {
      try RouteTable(
        json: Data(
          #"{"hosts": ["example.com"], "kinds": {"sku": {"characters": "A", "maxLength": "3"}}, "routes": []}"#
            .utf8))
    }
    #expect(wrongType?.code == .wrongType)
  }

  @Test(arguments: [
    ("/a/{c:skuu}", "unknown-type", 6),
    ("/a/x-{c:sku}", "kind-in-template", 5),
    ("/a/{c:sku?}", "optional-kind-in-path", 3),
  ])
  func aPatternThatCannotUseAKindIsRefused(_ pattern: String, _ code: String, _ column: Int) throws {
    let json = """
      {"hosts": ["example.com"], "kinds": {"sku": {"characters": "A-Z0-9-"}},
       "routes": [{"name": "a", "pattern": "\(pattern)"}]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.patternError?.code.description == code)
    #expect(located.route == "a")
    #expect(located.line == 2)
    // The column of the piece: the pattern's string starts at column 38, its text at 39.
    #expect(located.column == 39 + column)
  }

  @Test func anUnknownKindSuggestsTheClosestName() throws {
    let table = RouteTable(
      hosts: ["example.com"], kinds: Self.kinds, routes: [RouteDefinition("a", "/a/{c:skuu}")])
    let error = #expect(throws: RouteTableError.self) { try Router(table) }
    #expect(error?.patternError?.typeName == "skuu")
    #expect(
      error?.patternError?.message
        == "unknown parameter type 'skuu' (did you mean 'sku'?); expected int, uuid, bool, decimal, url, address, link, string or a kind of the table (alias, color, order, sku, user)"
    )
  }

  @Test func aRouteFileWritesItsKindsBack() throws {
    let json = Self.table.jsonData()
    let read = try RouteTable(json: json)
    #expect(read.kinds == Self.kinds)
    #expect(read == Self.table)
  }

  // MARK: Typed destinations

  enum Screen: Codable, Hashable, Sendable {
    case product(code: String)
    case track(code: String, number: String?)
  }

  @Test func aDestinationReadsAKindAsAString() throws {
    let router = try DestinationRouter<Screen>(
      table: RouteTable(
        schemes: ["app"], kinds: Self.kinds,
        routes: [
          RouteDefinition("product", "/p/{code:sku}"),
          RouteDefinition("track", "/track?ref={code:sku}&o={number:order?}"),
        ]))
    #expect(try router.destination(for: "app://p/ABC-1") == .product(code: "ABC-1"))
    #expect(try router.destination(for: "app://p/abc") == nil)
    #expect(try router.destination(for: "app://track?ref=AB1") == .track(code: "AB1", number: nil))
    for screen: Screen in [.product(code: "X-12"), .track(code: "AB1", number: "ORD-123456")] {
      #expect(try router.destination(for: try router.url(for: screen)) == screen)
    }
    let error = #expect(throws: URLBuildError.self) { try router.url(for: Screen.product(code: "x")) }
    #expect(error?.code == .notOfKind)
  }

  /// One node with children of several types, some ranks between them empty: each segment reaches
  /// the narrowest type that takes it (int, then decimal, then bool, then the kind, then plain text),
  /// also when a longer route fails below the first choice and the search comes back to this node.
  @Test("Types with gaps between them keep their order, also when the search comes back")
  func typesWithGapsKeepTheirOrder() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"], kinds: ["sku": ValueKind(characters: "A-Z0-9-", minLength: 3)],
        routes: [
          RouteDefinition("int", "/v/{x:int}"),
          RouteDefinition("intEdit", "/v/{x:int}/edit"),
          RouteDefinition("decimal", "/v/{x:decimal}"),
          RouteDefinition("bool", "/v/{x:bool}"),
          RouteDefinition("sku", "/v/{x:sku}"),
          RouteDefinition("skuEdit", "/v/{x:sku}/edit/{y}"),
          RouteDefinition("text", "/v/{x}"),
          RouteDefinition("textEdit", "/v/{x}/edit/{y}/{z}"),
        ]))
    let expected: [(String, String?)] = [
      ("app:///v/5", "int"), ("app:///v/5.5", "decimal"), ("app:///v/true", "bool"),
      ("app:///v/ABC-1", "sku"), ("app:///v/hello", "text"),
      ("app:///v/5/edit", "intEdit"),
      // `5` is an int, but no int route has three segments: back to the node, on to the kind.
      ("app:///v/555/edit/a", "skuEdit"),
      // Neither int nor kind routes have four segments: on to plain text.
      ("app:///v/555/edit/a/b", "textEdit"),
      ("app:///v/true/edit/a", nil),
    ]
    for (link, route) in expected {
      #expect(try router.match(link)?.route == route, "\(link)")
    }
  }
}
