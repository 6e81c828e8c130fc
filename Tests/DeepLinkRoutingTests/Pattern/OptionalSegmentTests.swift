import Foundation
import Testing

@testable import DeepLinkRouting

/// An optional last segment (`/product/{id}/{slug?}`) as an app meets it: matched with and without
/// the segment, ranked against the other pieces, refused where it is not last, refused as a duplicate
/// of a route reaching the same links, built back with and without its value, explained, and read by a
/// typed destination as an optional.
@Suite("Optional last segment")
struct OptionalSegmentTests {
  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("product", "/product/{id}/{slug?}"),
      RouteDefinition("reviews", "/product/{id}/reviews"),
      RouteDefinition("page", "/page/{n:int?}"),
      RouteDefinition("pageWord", "/page/{word}"),
      RouteDefinition("files", "/files/{path*}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test func theSegmentMayBeThereOrNot() throws {
    let without = try #require(try Self.match("https://shop.example/product/1"))
    #expect(without.route == "product")
    #expect(without.parameters.string("id") == "1")
    #expect(without.parameters["slug"] == nil)
    let with = try #require(try Self.match("https://shop.example/product/1/shoe"))
    #expect(with.route == "product")
    #expect(with.parameters.string("slug") == "shoe")
    // Decoded like any segment.
    #expect(try Self.match("shop://product/1/a%20b")?.parameters.string("slug") == "a b")
    // One segment more is no match.
    #expect(try Self.match("https://shop.example/product/1/shoe/extra") == nil)
  }

  @Test(arguments: [
    // A literal in the optional place wins.
    ("https://shop.example/product/1/reviews", "reviews"),
    ("https://shop.example/product/1/review", "product"),
    // A typed optional segment: an int or nothing; other text is the plain route.
    ("https://shop.example/page", "page"),
    ("https://shop.example/page/3", "page"),
    ("https://shop.example/page/three", "pageWord"),
  ])
  func theMostSpecificRouteWinsWhateverTheOrder(_ link: String, _ route: String) throws {
    #expect(try Self.match(link)?.route == route)
    let reversed = RouteTable(
      schemes: Self.table.schemes, hosts: Self.table.hosts, routes: Self.table.routes.reversed())
    #expect(try Router(reversed).match(link)?.route == route)
  }

  @Test func aTypedOptionalSegmentReadsItsType() throws {
    #expect(try Self.match("https://shop.example/page/3")?.parameters["n"] == .int(3))
    #expect(try Self.match("https://shop.example/page")?.parameters["n"] == nil)
  }

  @Test func anOptionalSegmentBeatsACatchAllWhereBothReachTheLink() throws {
    let router = try Router(
      RouteTable(
        hosts: ["shop.example"],
        routes: [RouteDefinition("rest", "/a/{rest*}"), RouteDefinition("one", "/a/{x?}")]))
    #expect(try router.match("https://shop.example/a")?.route == "one")
    #expect(try router.match("https://shop.example/a/b")?.route == "one")
    #expect(try router.match("https://shop.example/a/b/c")?.route == "rest")
  }

  // MARK: Duplicates

  @Test(arguments: [
    // The route without the segment reaches /product/1, as the optional one does.
    ("/product/{id}", "product"),
    // The route with a plain segment there reaches /product/1/shoe.
    ("/product/{id}/{name}", "product"),
    // Names aside, the same optional route.
    ("/product/{key}/{name?}", "product"),
  ])
  func aRouteReachingTheSameLinksIsADuplicate(_ pattern: String, _ other: String) throws {
    let table = RouteTable(
      hosts: ["shop.example"],
      routes: [RouteDefinition("product", "/product/{id}/{slug?}"), RouteDefinition("other", pattern)])
    #expect {
      try Router(table)
    } throws: { error in
      (error as? RouteTableError) == RouteTableError(route: "other", reason: .ambiguous(with: other))
    }
  }

  @Test func anotherTypeOrALiteralStandsBesideIt() throws {
    _ = try Router(
      RouteTable(
        hosts: ["shop.example"],
        routes: [
          RouteDefinition("product", "/product/{id}/{slug?}"),
          RouteDefinition("numbered", "/product/{id}/{n:int}"),
          RouteDefinition("reviews", "/product/{id}/reviews"),
          RouteDefinition("typed", "/item/{id}/{n:int?}"),
          RouteDefinition("item", "/item/{id}/{name}"),
        ]))
  }

  // MARK: Bad input

  @Test(arguments: [
    ("/a/{x?}/b", RoutePatternError.optionalPathParameter("x"), 3),
    ("/{x?}/{y?}", .optionalPathParameter("x"), 1),
    ("/a/x-{id?}", .optionalPathParameter("id"), 5),
    ("/a/{x:date?}", .unknownType("date"), 6),
    ("/a/{?}", .invalidParameterName(""), 4),
    ("/a/{x}/{x?}", .duplicateParameterName("x"), 7),
  ])
  func anOptionalSegmentThatIsNotLastIsRefusedNamingTheRouteAndThePiece(
    _ pattern: String, _ reason: RoutePatternError, _ offset: Int
  ) {
    Fixtures.expectPatternRefused(pattern, reason: reason, offset: offset, host: "shop.example")
  }

  @Test func theRefusalSaysWhyWithACaretAndARouteFileLineAndColumn() throws {
    let json = """
      {"hosts": ["shop.example"], "routes": [
        {"name": "ok", "pattern": "/a/{x}"},
        {"name": "product", "pattern": "/product/{slug?}/{id}"}
      ]}
      """
    let located = try Fixtures.routeFileError(json)
    #expect(located.description.contains("route 'product'"))
    #expect(located.description.contains("can be optional only as the last piece of the path"))
    #expect(located.description.contains("  /product/{slug?}/{id}\n           ^"))
    #expect(located.line == 3)
    // The pattern's quote is at column 34, the piece 9 characters in.
    #expect(located.column == 34 + 1 + 9)
  }

  // MARK: Building back

  @Test func itBuildsBackWithAndWithoutItsValue() throws {
    let router = try Self.router.get()
    #expect(try router.urlString(for: "product", ["id": .string("1")]) == "https://shop.example/product/1")
    let built = try router.urlString(for: "product", ["id": .string("1"), "slug": .string("a b")])
    #expect(built == "https://shop.example/product/1/a%20b")
    #expect(try router.match(built)?.parameters.string("slug") == "a b")
    #expect(try router.urlString(for: "page", ["n": .int(2)], form: .customScheme) == "shop://page/2")
    #expect(try router.urlString(for: "page", [:], form: .customScheme) == "shop://page")
  }

  @Test func aValueThatWouldReadAsAnotherRouteOrDoesNotFitIsRefused() throws {
    let router = try Self.router.get()
    // "reviews" would open the reviews route.
    let other = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "product", ["id": .string("1"), "slug": .string("reviews")])
    }
    #expect(other != nil)
    let typed = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "page", ["n": .string("x")])
    }
    #expect(typed?.code == .typeMismatch)
    #expect(typed?.parameter == "n")
    let empty = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "product", ["id": .string("1"), "slug": .string("")])
    }
    #expect(empty?.code == .emptyValue)
    #expect(empty?.parameter == "slug")
  }

  // MARK: Explaining

  @Test func aNearMissNamesTheOptionalPiece() throws {
    let router = try Self.router.get()
    let tooMany = try #require(try router.explain("https://shop.example/product/1/shoe/extra"))
    #expect(tooMany.route == "product")
    #expect(tooMany.code == .tooManySegments)
    let tooFew = try #require(try router.explain("https://shop.example/product"))
    #expect(tooFew.route == "product" || tooFew.route == "reviews")
    #expect(tooFew.code == .tooFewSegments)
    #expect(tooFew.description.contains("{id}"))
  }

  // MARK: Typed destinations

  enum Screen: Hashable, Sendable, Codable {
    case product(id: String, slug: String?)
    case page(n: Int?)
  }

  @Test func aDestinationReadsItAsAnOptional() throws {
    let screens = try DestinationRouter<Screen>(
      table: RouteTable(
        hosts: ["shop.example"],
        routes: [
          RouteDefinition("product", "/product/{id}/{slug?}"), RouteDefinition("page", "/page/{n:int?}"),
        ]
      ))
    #expect(try screens.destination(for: "https://shop.example/product/1") == .product(id: "1", slug: nil))
    #expect(
      try screens.destination(for: "https://shop.example/product/1/shoe") == .product(id: "1", slug: "shoe"))
    #expect(try screens.destination(for: "https://shop.example/page") == .page(n: nil))
    #expect(try screens.destination(for: "https://shop.example/page/4") == .page(n: 4))
    #expect(
      try screens.url(for: .product(id: "1", slug: nil)).absoluteString == "https://shop.example/product/1")
    #expect(
      try screens.url(for: .product(id: "1", slug: "shoe")).absoluteString
        == "https://shop.example/product/1/shoe")
  }
}
