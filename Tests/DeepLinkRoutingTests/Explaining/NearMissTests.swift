import Testing

@testable import DeepLinkRouting

@Suite("Near misses: why a link matched no route")
struct NearMissTests {
  static let shop = RouteTable(
    schemes: ["shopapp"], hosts: ["shop.example.com"],
    routes: [
      RouteDefinition("product", "/p/{id}"),
      RouteDefinition("reviews", "/p/{id}/reviews"),
      RouteDefinition("category", "/c/{cat}/{sub}"),
      RouteDefinition("order", "/orders/{id:int}"),
      RouteDefinition("search", "/search?q={query}&page={page:int?}"),
      RouteDefinition("files", "/files/{path+}"),
      RouteDefinition("account", "/account/settings"),
      RouteDefinition("accountOrders", "/account/orders"),
    ])

  func explain(_ url: String, _ table: RouteTable = shop) throws -> NearMiss? {
    try Router(table).explain(url)
  }

  @Test func aSegmentOfTheWrongType() throws {
    let miss = try #require(try explain("https://shop.example.com/orders/abc"))
    #expect(miss.route == "order")
    #expect(miss.code == .expectedType)
    #expect(miss.segment == 1)
    #expect(miss.expected == "{id:int}")
    #expect(miss.found == "abc")
    #expect(miss.path == ["orders", "abc"])
    #expect(miss.description == #"route 'order': segment 2 "abc" is not an int ({id:int})"#)
  }

  @Test func aMissingRequiredQueryItem() throws {
    let miss = try #require(try explain("https://shop.example.com/search"))
    #expect(miss.route == "search")
    #expect(miss.code == .missingQueryItem)
    #expect(miss.segment == nil)
    #expect(miss.expected == "q={query}")
    let typed = try #require(try explain("https://shop.example.com/search?q=shoes&page=two"))
    #expect(typed.code == .queryItemType)
    #expect(typed.expected == "page={page:int?}")
    #expect(typed.found == "two")
  }

  @Test func oneSegmentTooMany() throws {
    let miss = try #require(try explain("https://shop.example.com/p/1/2"))
    #expect(miss.route == "product")
    #expect(miss.code == .tooManySegments)
    #expect(miss.segment == 2)
    #expect(
      miss.description
        == #"route 'product': the route ends after 2 segments (/p/{id}) and the link goes on at segment 3 "2""#
    )
    let deeper = try #require(try explain("https://shop.example.com/p/1/reviews/x"))
    #expect(deeper.route == "reviews")
    #expect(deeper.code == .tooManySegments)
    #expect(try explain("https://shop.example.com/c/a/b/c")?.route == "category")
  }

  @Test func tooFewSegments() throws {
    let miss = try #require(try explain("https://shop.example.com/c/shoes"))
    #expect(miss.route == "category")
    #expect(miss.code == .tooFewSegments)
    #expect(miss.expected == "{sub}")
    let catchAll = try #require(try explain("https://shop.example.com/files"))
    #expect(catchAll.route == "files")
    #expect(catchAll.code == .tooFewSegments)
    #expect(catchAll.expected == "{path+}")
  }

  @Test func theWrongLiteralListsWhatWouldFit() throws {
    let miss = try #require(try explain("https://shop.example.com/account/profile"))
    #expect(miss.code == .expectedLiteral)
    #expect(miss.segment == 1)
    #expect(miss.expected == "any of 'orders', 'settings'")
    #expect(miss.route == "accountOrders")
  }

  @Test func aCustomSchemeAuthorityIsTheFirstSegment() throws {
    let miss = try #require(try explain("shopapp://shop/p/ABC-123"))
    #expect(miss.path == ["shop", "p", "ABC-123"])
    #expect(miss.segment == 0)
    #expect(miss.code == .expectedLiteral)
    #expect(miss.description.contains("the authority of a custom-scheme link is its first path segment"))
  }

  @Test func aMatchingLinkHasNoNearMissAndABadLinkIsAnError() throws {
    #expect(try explain("https://shop.example.com/p/1") == nil)
    #expect(throws: LinkError.self) { try explain("https://evil.example.com/p/1") }
  }

  @Test func caseInsensitiveTablesCompareLiteralsTheirWay() throws {
    var table = Self.shop
    table.options.caseInsensitive = true
    #expect(try explain("https://shop.example.com/ACCOUNT/SETTINGS", table) == nil)
    let miss = try #require(try explain("https://shop.example.com/ACCOUNT/Profile", table))
    #expect(miss.segment == 1)
  }

  @Test func strictTrailingSlash() throws {
    let table = RouteTable(
      hosts: ["example.com"], options: .init(strictTrailingSlash: true),
      routes: [RouteDefinition("dir", "/docs/")])
    let miss = try #require(try explain("https://example.com/docs", table))
    #expect(miss.code == .trailingSlash)
  }

  /// The walk looks at each trie node at most once, so a table built to make matching backtrack
  /// explains a failing link without exploring more than its trie.
  @Test func workIsBoundedOnABacktrackingTable() throws {
    var routes: [RouteDefinition] = []
    var patterns = [""]
    for depth in 0..<6 {
      patterns = patterns.flatMap { [$0 + "/1", $0 + "/{x\(depth):int}", $0 + "/{x\(depth)}"] }
    }
    for (index, pattern) in patterns.enumerated() {
      routes.append(RouteDefinition("r\(index)", pattern + "/end"))
    }
    let router = try Router(RouteTable(hosts: ["example.com"], routes: routes))
    let miss = try #require(try router.explain("https://example.com/1/1/1/1/1/1/nope"))
    #expect(miss.code == .expectedLiteral)
    #expect(miss.segment == 6)
    #expect(miss.expected == "'end'")
  }
}

@Suite("Near misses on wide nodes")
struct NearMissWideNodeTests {
  /// A node with thousands of literals is searched only among keys with the segment's first
  /// character, a bounded number of them, so explaining a link costs the same on any table.
  @Test func aSuggestionLooksAtABoundedNumberOfLiterals() {
    let keys = ((0..<5_000).map { "item\($0)" } + ["video", "vinyl"]).sorted()
    #expect(NearMissSearch.likelyLiteral("vidoe", among: keys) == "video")
    #expect(NearMissSearch.likelyLiteral("zzz", among: keys) == nil)
    // Past the bound, keys further along the same first character are not compared.
    let many = ((0..<200).map { "a\($0)x" } + ["apple"]).sorted()
    #expect(NearMissSearch.likelyLiteral("aple", among: many) == nil)
    #expect(NearMissSearch.likelyLiteral("aple", among: ["apple", "banana"]) == "apple")
  }

  @Test func aTableWithThousandsOfRoutesUnderOneSegmentStillExplains() throws {
    let routes =
      (0..<3_000).map { RouteDefinition("r\($0)", "/shop/item\($0)/{id}") }
      + [RouteDefinition("video", "/shop/video/{id}")]
    let router = try Router(RouteTable(hosts: ["example.com"], routes: routes))
    let miss = try #require(try router.explain("https://example.com/shop/vidoe/1"))
    #expect(miss.route == "video")
    #expect(miss.expected == "'video'")
  }
}
