import Foundation
import Testing

@testable import DeepLinkRouting

/// A catch-all that is not last (`/{prefix*}/product/{id}`) as an app meets it: a leading locale or any
/// prefix reaches the route, the most specific route still wins, two catch-alls are refused with both
/// named, duplicates are refused, the link builds back, and a miss is explained.
@Suite("Middle catch-all")
struct MiddleCatchAllTests {
  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("product", "/{prefix*}/product/{id}"),
      RouteDefinition("plainProduct", "/product/{id}"),
      RouteDefinition("english", "/en-us/{rest*}"),
      RouteDefinition("wiki", "/{any+}/wiki/{title}"),
      RouteDefinition("shopSlug", "/shop/{path*}/item/{id:int}/{slug?}"),
      RouteDefinition("everything", "/{all+}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test func aLeadingLocaleOrAnyPrefixReachesTheRoute() throws {
    let match = try #require(try Self.match("https://shop.example/fr-fr/product/1002"))
    #expect(match.route == "product")
    #expect(match.parameters["prefix"] == .segments(["fr-fr"]))
    #expect(match.parameters.string("id") == "1002")
    let deep = try #require(try Self.match("shop://a/b/c/product/7"))
    #expect(deep.route == "product")
    #expect(deep.parameters["prefix"] == .segments(["a", "b", "c"]))
    // A marker anywhere: `{any+}` takes at least one segment.
    let wiki = try #require(try Self.match("https://shop.example/x/y/wiki/Swift"))
    #expect(wiki.route == "wiki")
    #expect(wiki.parameters["any"] == .segments(["x", "y"]))
    #expect(wiki.parameters.string("title") == "Swift")
    // The pieces after the catch-all are the link's last ones: a `product` earlier is part of it.
    let repeated = try #require(try Self.match("https://shop.example/product/1/product/2"))
    #expect(repeated.route == "product")
    #expect(repeated.parameters["prefix"] == .segments(["product", "1"]))
    #expect(repeated.parameters.string("id") == "2")
  }

  @Test(arguments: [
    // Without a catch-all at the same place, a route is more specific.
    ("https://shop.example/product/1", "plainProduct"),
    // A literal before the catch-all wins, left to right: en-us is a literal, {prefix*} is not.
    ("https://shop.example/en-us/product/1", "english"),
    ("https://shop.example/de/product/1", "product"),
    // A middle catch-all before one that ends the path.
    ("https://shop.example/a/wiki/b", "wiki"),
    ("https://shop.example/wiki/b", "everything"),
    ("https://shop.example/a/b", "everything"),
  ])
  func theMostSpecificRouteWinsWhateverTheOrder(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
    let reversed = RouteTable(
      schemes: Self.table.schemes, hosts: Self.table.hosts, routes: Self.table.routes.reversed())
    #expect(try Router(reversed).match(link)?.route == route)
  }

  @Test func theCatchAllMayBeFollowedByAnOptionalLastSegment() throws {
    let without = try #require(try Self.match("https://shop.example/shop/a/b/item/5"))
    #expect(without.route == "shopSlug")
    #expect(without.parameters["path"] == .segments(["a", "b"]))
    #expect(without.parameters["id"] == .int(5))
    #expect(without.parameters["slug"] == nil)
    let with = try #require(try Self.match("https://shop.example/shop/item/5/red-shoe"))
    #expect(with.route == "shopSlug")
    #expect(with.parameters["path"] == .segments([]))
    #expect(with.parameters.string("slug") == "red-shoe")
  }

  @Test func theCatchAllTakesExactlyTheSegmentsBetween() throws {
    // A catch-all followed by more pieces takes fewer segments and is tried first.
    let router = try Router(
      RouteTable(
        hosts: ["shop.example"],
        routes: [RouteDefinition("two", "/{p*}/a/{x}"), RouteDefinition("one", "/{p*}/{x}")]))
    #expect(try router.match("https://shop.example/a/b")?.route == "two")
    #expect(try router.match("https://shop.example/b/b")?.route == "one")
    #expect(try router.match("https://shop.example/b")?.route == "one")
    #expect(try router.match("https://shop.example/b")?.parameters["p"] == .segments([]))
  }

  // MARK: Bad input

  @Test(arguments: [
    ("/{a*}/x/{b*}", "{a*}", 1, "b", 8),
    ("/{a*}/{b+}", "{a*}", 1, "b", 6),
    ("/x/{a+}/y/{b+}/z", "{a+}", 3, "b", 10),
  ])
  func aSecondCatchAllIsRefusedNamingBothPieces(
    _ pattern: String, _ first: String, _ firstOffset: Int, _ second: String, _ offset: Int
  ) throws {
    let table = RouteTable(hosts: ["shop.example"], routes: [RouteDefinition("broken", pattern)])
    let error = try #require(#expect(throws: RouteTableError.self) { try Router(table) })
    #expect(error.route == "broken")
    #expect(error.code == .invalidPattern)
    let patternError = try #require(error.patternError)
    #expect(patternError.code == .secondCatchAll)
    #expect(patternError.offset == offset)
    #expect(patternError.name == second)
    #expect(patternError.firstCatchAll?.piece == first)
    #expect(patternError.firstCatchAll?.offset == firstOffset)
    #expect(error.description.contains("a middle catch-all next to another catch-all"))
    #expect(error.description.contains("'\(first)'"))
  }

  @Test func aRouteFileErrorPointsAtTheSecondCatchAllByLineAndColumn() throws {
    let json = """
      {"hosts": ["shop.example"], "routes": [
        {"name": "ok", "pattern": "/a/{x}"},
        {"name": "both", "pattern": "/{a*}/x/{b*}"}
      ]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.line == 3)
    // The pattern's quote is at column 31, the second catch-all 8 characters in.
    #expect(located.column == 31 + 1 + 8)
  }

  @Test func aCatchAllBeforeATrailingSlashIsStillRefused() {
    let table = RouteTable(hosts: ["shop.example"], routes: [RouteDefinition("files", "/files/{path*}/")])
    #expect {
      try Router(table)
    } throws: { error in
      (error as? RouteTableError)?.patternError?.code == .catchAllNotLast
    }
  }

  // MARK: Duplicates

  @Test(arguments: [
    // Names aside, the same pattern.
    "/{locale*}/product/{key}",
    // `{r+}` is `{a}/{r*}`, on either side of the catch-all.
    "/{first}/{p*}/product/{id}",
  ])
  func aPatternMatchingTheSameLinksIsADuplicate(_ pattern: String) throws {
    let base = pattern.hasPrefix("/{first}") ? "/{prefix+}/product/{id}" : "/{prefix*}/product/{id}"
    Fixtures.expectDuplicates(base, pattern, true, hosts: ["shop.example"])
  }

  @Test func otherKindsStandBesideIt() throws {
    _ = try Router(
      RouteTable(
        hosts: ["shop.example"],
        routes: [
          RouteDefinition("star", "/{p*}/product/{id}"), RouteDefinition("plus", "/{p+}/product/{id}"),
          RouteDefinition("typed", "/{p*}/product/{id:int}"),
          RouteDefinition("longer", "/{p*}/x/product/{id}"),
          RouteDefinition("trailing", "/{p*}"),
        ]))
  }

  // MARK: Building back

  @Test func itBuildsTheCatchAllsSegmentsThenTheSuffix() throws {
    let router = try Self.router.get()
    let built = try router.urlString(
      for: "product", ["prefix": .segments(["fr", "a b"]), "id": .string("9")])
    #expect(built == "https://shop.example/fr/a%20b/product/9")
    #expect(try router.match(built)?.parameters["prefix"] == .segments(["fr", "a b"]))
    // Empty, it would read as the more specific plainProduct: refused rather than opening another route.
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "product", ["prefix": .segments([]), "id": .string("9")])
    }
    let wiki = try #require(
      #expect(throws: URLBuildError.self) {
        try router.urlString(for: "wiki", ["any": .segments([]), "title": .string("t")])
      })
    #expect(wiki.code == .emptyValue)
    #expect(wiki.parameter == "any")
  }

  /// A catch-all right before the optional last segment: the link is read as the longer path, so the
  /// last segment is the optional value's, and a catch-all value that would be read so is refused
  /// without the optional value rather than built into a link that opens with other values.
  @Test func anOptionalSegmentAfterACatchAllTakesTheLastSegment() throws {
    let router = try Router(
      RouteTable(
        schemes: ["files"], hosts: ["files.example"],
        routes: [RouteDefinition("file", "/files/{path+}/{action?}")]))
    let read = try #require(try router.match("https://files.example/files/a/b"))
    #expect(read.parameters["path"] == .segments(["a"]))
    #expect(read.parameters.string("action") == "b")
    let alone = try #require(try router.match("https://files.example/files/a"))
    #expect(alone.parameters["path"] == .segments(["a"]))
    #expect(alone.parameters["action"] == nil)
    // With the optional value every catch-all builds and reads back.
    let given = try router.urlString(
      for: "file", ["path": .segments(["a", "b c"]), "action": .string("edit")])
    #expect(given == "https://files.example/files/a/b%20c/edit")
    #expect(try router.match(given)?.parameters["path"] == .segments(["a", "b c"]))
    // Without it, one segment builds; two would read back as path [a] and action "b c".
    #expect(try router.urlString(for: "file", ["path": .segments(["a"])]) == "https://files.example/files/a")
    let refused = try #require(
      #expect(throws: URLBuildError.self) {
        try router.urlString(for: "file", ["path": .segments(["a", "b c"])])
      })
    #expect(refused.code == .notRoundTrippable)
    #expect(refused.description.contains("action"))
  }

  // MARK: Explaining

  @Test func aNearMissNamesThePieceAfterTheCatchAll() throws {
    let router = try Router(
      RouteTable(hosts: ["shop.example"], routes: [RouteDefinition("product", "/{prefix*}/product/{id:int}")])
    )
    let typed = try #require(try router.explain("https://shop.example/fr/product/abc"))
    #expect(typed.route == "product")
    #expect(typed.code == .expectedType)
    #expect(typed.segment == 2)
    #expect(typed.expected == "{id:int}")
    let literal = try #require(try router.explain("https://shop.example/fr/produkt/1"))
    #expect(literal.code == .expectedLiteral)
    #expect(literal.segment == 1)
    let short = try #require(try router.explain("https://shop.example/1"))
    #expect(short.code == .tooFewSegments)
    #expect(short.description.contains("{prefix*}/product/{id:int}"))
  }

  // MARK: Cost

  @Test func aMiddleCatchAllIsNotSearchedAtEverySplit() throws {
    // 64 routes sharing the suffix; a failing link of 200 segments enters a bounded number of nodes.
    let routes = (0..<64).map { RouteDefinition("r\($0)", "/{p*}/s\($0)/product/{id:int}") }
    let router = try Router(
      RouteTable(
        hosts: ["shop.example"], options: .init(maxURLLength: 1 << 16, maxSegments: 1 << 10),
        routes: routes))
    let link =
      "https://shop.example/" + Array(repeating: "a", count: 200).joined(separator: "/") + "/s3/product/x"
    let work = try router.searchWork(link)
    #expect(work.route == nil)
    #expect(work.nodes <= 5)
    let hit = try router.searchWork(
      "https://shop.example/" + Array(repeating: "a", count: 200).joined(separator: "/") + "/s3/product/1")
    #expect(hit.route == 3)
    #expect(hit.nodes <= 5)
  }
}
