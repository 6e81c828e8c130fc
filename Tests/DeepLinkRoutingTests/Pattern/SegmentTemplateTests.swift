import Foundation
import Testing

@testable import DeepLinkRouting

/// Segment templates as an app meets them: literal text around parameters inside one segment,
/// matched, ranked against the other pieces, built back, explained, and refused with a reason.
@Suite("Segment templates")
struct SegmentTemplateTests {
  static let code = "5A3E0000-0000-4000-8000-000000000001"

  static let table = RouteTable(
    schemes: ["app"], hosts: ["example.com"],
    routes: [
      RouteDefinition("sso", "/start-sso/wire-{code:uuid}"),
      RouteDefinition("user", "/u/{user}@{domain}"),
      RouteDefinition("orderJSON", "/orders/{id:int}.json"),
      RouteDefinition("orderLatest", "/orders/latest.json"),
      RouteDefinition("order", "/orders/{name}"),
      RouteDefinition("docs", "/v{version:int}/docs"),
      RouteDefinition("page", "/{page}/docs"),
      RouteDefinition("about", "/{page}/about"),
      RouteDefinition("archive", "/files/{name}.tar.gz"),
      RouteDefinition("gzip", "/files/{name}.gz"),
      RouteDefinition("version", "/release/{major:int}.{minor:int}"),
      RouteDefinition("number", "/release/{number:decimal}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test func theIssueExamplesMatchWithTheirTypedValues() throws {
    let sso = try #require(try Self.match("https://example.com/start-sso/wire-\(Self.code)"))
    #expect(sso.route == "sso")
    #expect(sso.parameters["code"] == .uuid(try #require(UUID(uuidString: Self.code))))
    let user = try #require(try Self.match("https://example.com/u/alice@example.org"))
    #expect(user.route == "user")
    #expect(user.parameters.string("user") == "alice")
    #expect(user.parameters.string("domain") == "example.org")
    #expect(try Self.match("https://example.com/orders/42.json")?.parameters["id"] == .int(42))
    let docs = try #require(try Self.match("app://v2/docs"))
    #expect(docs.route == "docs")
    #expect(docs.parameters["version"] == .int(2))
  }

  @Test(arguments: [
    // The literal wins over the template, the template over a plain parameter.
    ("https://example.com/orders/latest.json", "orderLatest"),
    ("https://example.com/orders/42.json", "orderJSON"),
    ("https://example.com/orders/x.json", "order"),
    ("https://example.com/orders/42", "order"),
    ("https://example.com/v2/docs", "docs"),
    ("https://example.com/vx/docs", "page"),
    ("https://example.com/v/docs", "page"),
    // A template whose subtree fails gives way: /v2/about is only /{page}/about.
    ("https://example.com/v2/about", "about"),
    // More literal bytes first.
    ("https://example.com/files/x.tar.gz", "archive"),
    ("https://example.com/files/x.gz", "gzip"),
    // A template before a typed parameter: 1.5 is a decimal too.
    ("https://example.com/release/1.5", "version"),
    ("https://example.com/release/15", "number"),
  ])
  func theMostSpecificPieceWinsWhateverTheOrder(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
    let reversed = RouteTable(
      schemes: Self.table.schemes, hosts: Self.table.hosts, routes: Self.table.routes.reversed())
    #expect(try Router(reversed).match(link)?.route == route)
  }

  @Test func theSeparatorBetweenTwoParametersIsFoundLeftmost() throws {
    let match = try #require(try Self.match("https://example.com/u/a@b@c"))
    #expect(match.parameters.string("user") == "a")
    #expect(match.parameters.string("domain") == "b@c")
    // Decoded first: %40 is an @ like any other.
    let encoded = try #require(try Self.match("https://example.com/u/a%40b"))
    #expect(encoded.parameters.string("user") == "a")
    #expect(encoded.parameters.string("domain") == "b")
  }

  @Test(arguments: [
    "https://example.com/u/@example.org", "https://example.com/u/alice@", "https://example.com/u/alice",
    "https://example.com/start-sso/wire-", "https://example.com/start-sso/wire-x",
    "https://example.com/start-sso/Wire-\(code)", "https://example.com/start-sso/wire-\(code)x",
  ])
  func aSegmentThatDoesNotFitIsNoMatch(_ link: String) throws {
    #expect(try Self.match(link) == nil)
  }

  @Test func aPrefixAndASuffixDoNotOverlap() throws {
    let router = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("t", "/t/ab{x}ba")]))
    #expect(try router.match("https://example.com/t/aba") == nil)
    #expect(try router.match("https://example.com/t/abxba")?.parameters.string("x") == "x")
  }

  @Test func aCaseInsensitiveTableFoldsTheLiterals() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"], options: .init(caseInsensitive: true),
        routes: [RouteDefinition("docs", "/V{version:int}/docs")]
      ))
    #expect(try router.match("https://example.com/v3/DOCS")?.parameters["version"] == .int(3))
    let exact = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("docs", "/V{version:int}/docs")]))
    #expect(try exact.match("https://example.com/v3/docs") == nil)
  }

  /// A separator the type can hold only as its first character ends the value: an int or a decimal
  /// may start with `-` and never holds one after, so `-` after it is where it ends.
  @Test func aSeparatorTheTypeHoldsOnlyFirstEndsTheValue() throws {
    let router = try Router(
      RouteTable(
        hosts: ["chat.example"],
        routes: [
          RouteDefinition("channel", "/channel/{id:int}-{slug}"),
          RouteDefinition("at", "/at/{lat:decimal}-{lng:decimal}"),
          RouteDefinition("flag", "/flag/{on:bool}t{x}"),
        ]))
    func values(_ link: String) throws -> [String: ParameterValue]? {
      guard let match = try router.match("https://chat.example" + link) else { return nil }
      return Dictionary(uniqueKeysWithValues: match.parameters.map { ($0.name, $0.value) })
    }
    #expect(try values("/channel/42-general") == ["id": .int(42), "slug": .string("general")])
    #expect(try values("/channel/-42-general") == ["id": .int(-42), "slug": .string("general")])
    // The first `-` after the value's first character: the rest is the slug's.
    #expect(try values("/channel/4-2-x") == ["id": .int(4), "slug": .string("2-x")])
    #expect(try values("/channel/x-general") == nil)
    #expect(try values("/channel/42-") == nil)
    #expect(try values("/channel/--42-x") == nil)
    #expect(try values("/at/-33.9-18.4") == ["lat": .decimal(-33.9), "lng": .decimal(18.4)])
    #expect(try values("/at/-33.9--18.4") == ["lat": .decimal(-33.9), "lng": .decimal(-18.4)])
    #expect(try values("/flag/truetx") == ["on": .bool(true), "x": .string("x")])
    // Built back, a negative id and a slug holding `-` read back as they were.
    let url = try router.url(for: "channel", ["id": .int(-7), "slug": .string("a-b")])
    #expect(url.absoluteString == "https://chat.example/channel/-7-a-b")
    #expect(try values("/channel/-7-a-b") == ["id": .int(-7), "slug": .string("a-b")])
  }

  // MARK: Bad input

  @Test(arguments: [
    ("/a/{x}{y}", RoutePatternError.adjacentParameters("x", "y"), 6),
    ("/a/files-{path*}", .catchAllInTemplate("path"), 9),
    ("/a/files-{path+}", .catchAllInTemplate("path"), 9),
    ("/orders/{id:int}5", .ambiguousTemplate(name: "id", literal: "5"), 16),
    ("/n/{n:decimal}.x", .ambiguousTemplate(name: "n", literal: ".x"), 14),
    ("/f/{flag:bool}e-{x}", .ambiguousTemplate(name: "flag", literal: "e-"), 14),
    // A UUID holds `-` after its first character: its end before a `-` is ambiguous.
    ("/c/{code:uuid}-{slug}", .ambiguousTemplate(name: "code", literal: "-"), 14),
    ("/r/{n:decimal}5", .ambiguousTemplate(name: "n", literal: "5"), 14),
    ("/go/to-{target:url}", .typeNotAllowedInTemplate(name: "target", type: .url), 7),
    ("/a/x-{id", .unbalancedBrace, 5),
    ("/a/x-{id}}", .unbalancedBrace, 9),
    ("/a/{x}-{x}", .duplicateParameterName("x"), 3),
    ("/a/x-{n:date}", .unknownType("date"), 8),
    ("/a/x-{id?}", .optionalPathParameter("id"), 5),
    ("/a/%ZZ-{id}", .malformedPercentEscape, 3),
  ])
  func aTemplateThatCannotBeReadIsRefusedNamingTheRouteAndThePiece(
    _ pattern: String, _ reason: RoutePatternError, _ offset: Int
  ) {
    Fixtures.expectPatternRefused(pattern, reason: reason, offset: offset, host: "example.com")
  }

  @Test func theRefusalSaysWhyWithACaret() throws {
    let error = #expect(throws: RouteTableError.self) {
      try Router(RouteTable(hosts: ["example.com"], routes: [RouteDefinition("order", "/orders/{id:int}5")]))
    }
    let text = try #require(error).description
    #expect(text.contains("route 'order'"))
    #expect(text.contains("the literal '5' after parameter 'id'"))
    #expect(text.contains("  /orders/{id:int}5\n                  ^"))
  }

  @Test func aRouteFileErrorPointsAtThePieceByLineAndColumn() throws {
    let json = """
      {"hosts": ["example.com"], "routes": [
        {"name": "ok", "pattern": "/a/{x}"},
        {"name": "user", "pattern": "/u/{user}{domain}"}
      ]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.line == 3)
    // The column of `{domain}`: the pattern's quote is at 31, the piece 9 characters in.
    #expect(located.column == 31 + 1 + 9)
    #expect(located.description.contains("line 3, column 41"))
  }

  @Test func twoTemplatesWithTheSameLiteralsAndKindsAreDuplicates() throws {
    Fixtures.expectDuplicates("/u/{user}@{domain}", "/u/{name}@{host}", true, hosts: ["example.com"])
    // Another kind or another literal is another template.
    _ = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("one", "/u/{user}@{domain}"), RouteDefinition("two", "/u/{user}@{port:int}"),
          RouteDefinition("three", "/u/{user}:{domain}"), RouteDefinition("four", "/u/{user}"),
        ]))
  }

  // MARK: Building back

  @Test func aTemplateBuildsBackAndReadsTheSame() throws {
    let router = try Self.router.get()
    #expect(
      try router.urlString(for: "sso", ["code": .string(Self.code)])
        == "https://example.com/start-sso/wire-\(Self.code)")
    #expect(try router.urlString(for: "orderJSON", ["id": .int(7)]) == "https://example.com/orders/7.json")
    #expect(try router.urlString(for: "docs", ["version": .int(2)], form: .customScheme) == "app://v2/docs")
    // A space is percent-encoded and reads back.
    let built = try router.urlString(for: "user", ["user": .string("a b"), "domain": .string("c")])
    #expect(built == "https://example.com/u/a%20b@c")
    #expect(try router.match(built)?.parameters.string("user") == "a b")
    // The last value may hold the separator: it reads back whole.
    #expect(
      try router.urlString(for: "user", ["user": .string("a"), "domain": .string("b@c")]).hasSuffix(
        "/u/a@b@c"))
  }

  @Test func aValueHoldingItsSeparatorIsRefusedNamingTheParameter() throws {
    let router = try Self.router.get()
    let error = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "user", ["user": .string("a@b"), "domain": .string("c")])
    }
    #expect(error?.code == .unwritableValue)
    #expect(error?.parameter == "user")
    #expect(error?.description.contains("'@'") == true)
  }

  @Test func aValueWhoseSeparatorTheReaderSkipsBuildsAndReadsBack() throws {
    // The separator is searched from a value's second byte, so a value may start with it: a link
    // with the user "@alice" matches (`/u/@alice@example.org`), and so it must build back (found by the
    // router fuzz target).
    let router = try Self.router.get()
    let url = try router.urlString(
      for: "user", ["user": .string("@alice"), "domain": .string("example.org")])
    let match = try #require(try router.match(url))
    #expect(match.parameters.string("user") == "@alice")
    #expect(match.parameters.string("domain") == "example.org")
    #expect(SegmentTemplate.readsBack("@alice", before: "@"))
    #expect(!SegmentTemplate.readsBack("a@b", before: "@"))
    #expect(!SegmentTemplate.readsBack("aX", before: "x"))  // a folding reader would split there
    #expect(!SegmentTemplate.readsBack("a-", before: "--"))  // an occurrence overlapping the separator
    #expect(SegmentTemplate.readsBack("", before: "@"))
  }

  @Test func aValueThatDoesNotFitItsTypeIsRefused() throws {
    let router = try Self.router.get()
    let error = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "orderJSON", ["id": .string("x")])
    }
    #expect(error?.code == .typeMismatch)
    #expect(error?.parameter == "id")
    let missing = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "user", ["user": .string("a")])
    }
    #expect(missing?.code == .missingValue)
    #expect(missing?.parameter == "domain")
  }

  // MARK: Explaining

  @Test func aNearMissSaysWhichTemplateTheSegmentDoesNotFit() throws {
    let router = try Router(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("sso", "/start-sso/wire-{code:uuid}")]))
    let miss = try #require(try router.explain("https://example.com/start-sso/wire-x"))
    #expect(miss.code == .expectedTemplate)
    #expect(miss.segment == 1)
    #expect(miss.expected == "wire-{code:uuid}")
    #expect(miss.description == #"route 'sso': segment 2 "wire-x" does not fit wire-{code:uuid}"#)
    // A link that goes past a template route names the remainder, as for any route.
    let longer = try #require(try router.explain("https://example.com/start-sso/wire-\(Self.code)/more"))
    #expect(longer.code == .tooManySegments)
  }

  // MARK: Typed destinations

  enum Screen: Codable, Hashable, Sendable {
    case sso(code: UUID)
    case user(user: String, domain: String)
    case docs(version: Int)
  }

  static let screens = RouteTable(
    schemes: ["app"],
    routes: [
      RouteDefinition("sso", "/start-sso/wire-{code:uuid}"),
      RouteDefinition("user", "/u/{user}@{domain}"),
      RouteDefinition("docs", "/v{version:int}/docs"),
    ])

  @Test func aTypedDestinationReadsAndWritesTheTemplatesValues() throws {
    let router = try DestinationRouter<Screen>(table: Self.screens)
    let code = try #require(UUID(uuidString: Self.code))
    #expect(try router.destination(for: "app://start-sso/wire-\(Self.code)") == .sso(code: code))
    #expect(
      try router.destination(for: "app://u/alice@example.org") == .user(user: "alice", domain: "example.org"))
    for screen: Screen in [.sso(code: code), .user(user: "a", domain: "b.c"), .docs(version: 12)] {
      #expect(try router.destination(for: try router.url(for: screen)) == screen)
    }
  }

  enum Spelled: Codable, Hashable, Sendable {
    case word(head: String, tail: String)
  }

  @Test func aDestinationWhoseSeparatorIsInTheSampleTextStillChecks() throws {
    // `sample` holds `m`: the check writes another value, so the table is not refused.
    let router = try DestinationRouter<Spelled>(
      table: RouteTable(schemes: ["app"], routes: [RouteDefinition("word", "/w/{head}m{tail}")]))
    #expect(try router.destination(for: "app://w/xmy") == .word(head: "x", tail: "y"))
  }
}
