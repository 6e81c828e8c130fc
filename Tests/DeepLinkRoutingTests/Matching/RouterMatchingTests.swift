import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("Router matching")
struct RouterMatchingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var url: String
    var route: String?
    var parameters: [String: ParameterValue] = [:]
    var testDescription: String { url }
  }

  static let channelCases: [Case] = [
    // The URL table of the video-channel guide, every row, as custom scheme and Universal Link.
    Case(url: "myapp://channel", route: "main"),
    Case(url: "myapp://channel/video/12345", route: "clip", parameters: ["clipId": .string("12345")]),
    Case(url: "myapp://channel/playlist/678", route: "playlist", parameters: ["clipListId": .string("678")]),
    Case(
      url: "myapp://channel/search/highlights", route: "search", parameters: ["query": .string("highlights")]),
    Case(url: "https://example.com/channel", route: "main"),
    Case(
      url: "https://example.com/channel/video/12345", route: "clip", parameters: ["clipId": .string("12345")]),
    Case(
      url: "https://example.com/channel/playlist/678", route: "playlist",
      parameters: ["clipListId": .string("678")]),
    Case(
      url: "https://example.com/channel/search/highlights", route: "search",
      parameters: ["query": .string("highlights")]),
    Case(
      url: "myapp://channel/sub/sports", route: "subChannel", parameters: ["subChannelId": .string("sports")]),
    // Custom-scheme authority: three spellings of one link, and the host rule for the authority.
    Case(url: "myapp:///channel/video/1", route: "clip", parameters: ["clipId": .string("1")]),
    Case(url: "myapp:channel/video/1", route: "clip", parameters: ["clipId": .string("1")]),
    Case(url: "MYAPP://CHANNEL/video/1", route: "clip", parameters: ["clipId": .string("1")]),
    Case(url: "myapp://channel/VIDEO/1", route: nil),
    // The authority keeps the host rule in every spelling of the link: compared case-insensitively,
    // its value kept as written.
    Case(url: "myapp:///CHANNEL/video/1", route: "clip", parameters: ["clipId": .string("1")]),
    Case(url: "myapp:CHANNEL/video/1", route: "clip", parameters: ["clipId": .string("1")]),
    // Hosts: case-insensitive, subdomains under *.example.com, listed port.
    Case(url: "HTTPS://EXAMPLE.COM/channel", route: "main"),
    Case(url: "https://www.example.com/channel", route: "main"),
    Case(url: "https://a.b.example.com/channel", route: "main"),
    Case(url: "https://example.com:443/channel", route: "main"),
    Case(url: "https://localhost:8080/channel", route: "main"),
    // Empty segments and one trailing slash do not matter.
    Case(url: "myapp://channel//video///12345/", route: "clip", parameters: ["clipId": .string("12345")]),
    Case(url: "https://example.com/channel/", route: "main"),
    // Captured values keep their case; the fragment and unknown query items never block.
    Case(url: "myapp://channel/video/AbC", route: "clip", parameters: ["clipId": .string("AbC")]),
    Case(
      url: "myapp://channel/video/1?utm_source=x#top", route: "clip", parameters: ["clipId": .string("1")]),
    // No route is a normal result.
    Case(url: "myapp://channel/video", route: nil),
    Case(url: "myapp://channel/video/1/extra", route: nil),
    Case(url: "myapp://elsewhere", route: nil),
  ]

  @Test(arguments: channelCases)
  func channelTable(_ testCase: Case) throws {
    let router = try Router(Fixtures.channelTable)
    let match = try router.match(testCase.url)
    #expect(match?.route == testCase.route)
    #expect((match?.parameters.dictionary ?? [:]) == testCase.parameters)
  }

  @Test func seedRetailSubCategoryReachesItsRoute() throws {
    // The regex list tries the unanchored category pattern first and never reaches sub-category.
    let router = try Router(Fixtures.retailTable)
    let sub = try #require(try router.match("shop://category/women/dresses"))
    #expect(sub.route == "subCategory")
    #expect(sub.parameters.dictionary == ["gender": .string("women"), "sub": .string("dresses")])
    #expect(try router.match("shop://category/women")?.route == "category")
    #expect(try router.match("https://shop.example.com/product/p-1")?.parameters.string("id") == "p-1")
  }

  static let kindCases: [Case] = [
    // Specificity: literal > int > uuid/plain > + ; backtracking into the next kind.
    Case(url: "myapp://items/new", route: "new"),
    Case(url: "myapp://items/42", route: "itemByNumber", parameters: ["id": .int(42)]),
    Case(url: "myapp://items/007", route: "itemByNumber", parameters: ["id": .int(7)]),
    Case(url: "myapp://items/-3", route: "itemByNumber", parameters: ["id": .int(-3)]),
    Case(url: "myapp://items/+3", route: "itemBySlug", parameters: ["slug": .string("+3")]),
    Case(url: "myapp://items/1.5", route: "itemBySlug", parameters: ["slug": .string("1.5")]),
    Case(url: "myapp://items/42a", route: "itemBySlug", parameters: ["slug": .string("42a")]),
    Case(
      url: "myapp://items/99999999999999999999", route: "itemBySlug",
      parameters: ["slug": .string("99999999999999999999")]),
    Case(
      url: "myapp://items/6ba7b810-9dad-11d1-80b4-00c04fd430c8", route: "itemByToken",
      parameters: ["token": .uuid(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8") ?? UUID())]),
    Case(
      url: "myapp://items/shoe/files/a/b.txt", route: "itemFiles",
      parameters: ["slug": .string("shoe"), "path": .segments(["a", "b.txt"])]),
    Case(
      url: "myapp://items/42/files/x", route: "itemFiles",
      parameters: ["slug": .string("42"), "path": .segments(["x"])]),
    Case(
      url: "myapp://items/shoe/other", route: "itemsAnything",
      parameters: ["rest": .segments(["shoe", "other"])]),
    Case(
      url: "myapp://items/new/files/x", route: "itemFiles",
      parameters: ["slug": .string("new"), "path": .segments(["x"])]),
    Case(url: "myapp://items", route: nil),
    Case(url: "myapp://docs", route: "docs", parameters: ["path": .segments([])]),
    Case(url: "myapp://docs/a/b/c", route: "docs", parameters: ["path": .segments(["a", "b", "c"])]),
    // Decode once; %2F stays inside its segment; + in a path is a plus.
    Case(url: "myapp://web/a%2Fb", route: "web", parameters: ["page": .string("a/b")]),
    Case(url: "myapp://web/a%252Fb", route: "web", parameters: ["page": .string("a%2Fb")]),
    Case(url: "myapp://web/a+b", route: "web", parameters: ["page": .string("a+b")]),
    Case(url: "myapp://web/a%20b", route: "web", parameters: ["page": .string("a b")]),
    Case(url: "myapp://web/%F0%9F%8E%AC", route: "web", parameters: ["page": .string("🎬")]),
    // Literals compare decoded: three spellings of café.
    Case(url: "myapp://caf%C3%A9/menu", route: "cafe"),
    Case(url: "myapp://caf%c3%a9/menu", route: "cafe"),
    Case(url: "myapp://café/menu", route: "cafe"),
    // Query: + is a space, %2B a plus, first of repeated names, typed optional items.
    Case(url: "myapp://find?q=red+shoes", route: "find", parameters: ["query": .string("red shoes")]),
    Case(url: "myapp://find?q=a%2Bb", route: "find", parameters: ["query": .string("a+b")]),
    Case(url: "myapp://find?q=first&q=second", route: "find", parameters: ["query": .string("first")]),
    Case(
      url: "myapp://find?q=x&page=2", route: "find", parameters: ["query": .string("x"), "page": .int(2)]),
    Case(
      url: "myapp://find?page=2&q=x", route: "find", parameters: ["query": .string("x"), "page": .int(2)]),
    Case(url: "myapp://find?q=x&page=two", route: nil),
    Case(url: "myapp://find?q=x&page=", route: "find", parameters: ["query": .string("x")]),
    Case(
      url: "myapp://find?q=x&exact=1", route: "findExact",
      parameters: ["query": .string("x"), "exact": .int(1)]),
    Case(url: "myapp://find?q=x&exact=yes", route: "find", parameters: ["query": .string("x")]),
    Case(url: "myapp://find?tag=new", route: "findByTag", parameters: ["tag": .string("new")]),
    Case(url: "myapp://find", route: nil),
    Case(url: "myapp://find?q", route: nil),
    Case(url: "myapp://find?q=", route: nil),
    Case(url: "myapp://find?Q=x", route: nil),
    // http only because the table lists it; the root pattern.
    Case(url: "http://example.com/items/new", route: "new"),
    Case(url: "https://example.com", route: "root"),
    Case(url: "https://example.com/", route: "root"),
    Case(url: "myapp://", route: "root"),
  ]

  @Test(arguments: kindCases)
  func parameterKindsAndPrecedence(_ testCase: Case) throws {
    let router = try Router(Fixtures.kindsTable)
    let match = try router.match(testCase.url)
    #expect(match?.route == testCase.route)
    #expect((match?.parameters.dictionary ?? [:]) == testCase.parameters)
  }

  @Test func precedenceDoesNotDependOnRegistrationOrder() throws {
    var generator = SystemRandomNumberGenerator()
    let urls = Self.kindCases.map(\.url)
    let reference = try Router(Fixtures.kindsTable)
    for _ in 0..<20 {
      var table = Fixtures.kindsTable
      table.routes.shuffle(using: &generator)
      let shuffled = try Router(table)
      for url in urls {
        #expect(try shuffled.match(url) == reference.match(url), "\(url)")
      }
    }
  }

  @Test func queryItemsKeepOrderAndFlagsStayDistinct() throws {
    let router = try Router(Fixtures.kindsTable)
    let match = try #require(try router.match("myapp://find?b=2&q=x&flag&empty=&a=1&b=3#frag%20ment"))
    #expect(
      match.query == [
        QueryItem(name: "b", value: "2"), QueryItem(name: "flag", value: nil),
        QueryItem(name: "empty", value: ""), QueryItem(name: "a", value: "1"),
        QueryItem(name: "b", value: "3"),
      ])
    #expect(match.fragment == "frag ment")
    #expect(match.parameters.dictionary == ["query": .string("x")])
  }

  @Test func fragmentNeverMatchesOrMerges() throws {
    let router = try Router(Fixtures.kindsTable)
    #expect(try router.match("myapp://items#new")?.route == nil)
    let match = try #require(try router.match("myapp://web/page#q=x"))
    #expect(match.fragment == "q=x")
    #expect(match.query.isEmpty)
    #expect(try router.match("myapp://find#?q=x") == nil)
  }

  @Test func originIsReported() throws {
    let router = try Router(Fixtures.channelTable)
    #expect(try router.match("myapp://channel")?.origin == .customScheme("myapp"))
    #expect(
      try router.match("https://WWW.example.com/channel")?.origin == .universalLink(host: "www.example.com"))
    #expect(
      try router.match("https://localhost:8080/channel")?.origin == .universalLink(host: "localhost:8080"))
  }

  @Test func foundationURLsMatchLikeTheirText() throws {
    let router = try Router(Fixtures.channelTable)
    let url = try #require(URL(string: "myapp://channel/video/12345?ref=mail"))
    let match = try #require(try router.match(url))
    #expect(match.route == "clip")
    #expect(match.query == [QueryItem(name: "ref", value: "mail")])
  }

  @Test func caseInsensitiveLiteralsWhenTheTableAsks() throws {
    var table = Fixtures.channelTable
    table.options.caseInsensitive = true
    let router = try Router(table)
    let match = try #require(try router.match("myapp:///Channel/VIDEO/AbC"))
    #expect(match.route == "clip")
    #expect(match.parameters.string("clipId") == "AbC")
    #expect(try Router(Fixtures.channelTable).match("myapp:///channel/VIDEO/AbC") == nil)
  }

  @Test func strictTrailingSlash() throws {
    let table = RouteTable(
      schemes: ["myapp"], options: .init(strictTrailingSlash: true),
      routes: [RouteDefinition("folder", "/files/"), RouteDefinition("file", "/files")])
    let router = try Router(table)
    #expect(try router.match("myapp:///files/")?.route == "folder")
    #expect(try router.match("myapp:///files")?.route == "file")
    #expect(try Router(Fixtures.channelTable).match("myapp://channel/")?.route == "main")
  }

  /// The grammar page: a catch-all that ends the path takes the trailing `/` too, so with strict
  /// trailing slashes `/files/{path*}` opens a folder link that ends with one, while the routes
  /// written with and without a slash still tell `/a/` from `/a`.
  @Test func trailingCatchAllTakesTheSlashUnderStrictTrailingSlashes() throws {
    let table = RouteTable(
      hosts: ["example.com"], options: .init(strictTrailingSlash: true),
      routes: [
        RouteDefinition("files", "/files/{path*}"), RouteDefinition("tree", "/tree/{path+}"),
        RouteDefinition("folder", "/a/"), RouteDefinition("file", "/a"),
        RouteDefinition("marked", "/m/{path*}?ref=mail"),
      ])
    let router = try Router(table)
    for link in ["https://example.com/files/a/b/", "https://example.com/files/a/b"] {
      let match = try #require(try router.match(link), "\(link)")
      #expect(match.route == "files")
      #expect(match.parameters["path"] == .segments(["a", "b"]), "\(link)")
    }
    #expect(try router.match("https://example.com/files/")?.parameters["path"] == .segments([]))
    #expect(try router.match("https://example.com/files")?.route == "files")
    #expect(try router.match("https://example.com/tree/x/")?.route == "tree")
    #expect(try router.match("https://example.com/tree/")?.route == nil, "{path+} still needs a segment")
    #expect(try router.match("https://example.com/a/")?.route == "folder")
    #expect(try router.match("https://example.com/a")?.route == "file")
    #expect(try router.match("https://example.com/m/x/?ref=mail")?.route == "marked")
    // A pattern that ends with an optional segment, as written, keeps the strict rule, even for a
    // link that leaves the optional out.
    let optionalLast = try Router(
      RouteTable(
        hosts: ["example.com"], options: .init(strictTrailingSlash: true),
        routes: [RouteDefinition("pages", "/t/{path*}/{page?}")]))
    #expect(try optionalLast.match("https://example.com/t/a/b")?.route == "pages")
    #expect(try optionalLast.match("https://example.com/t/a/b/") == nil)
    // Building back writes no slash, and the link reads back the same.
    #expect(
      try router.urlString(for: "files", ["path": .segments(["a", "b"])]) == "https://example.com/files/a/b")
    // A pattern written with the slash after the catch-all is still refused: it says nothing more.
    #expect(throws: RouteTableError.self) {
      _ = try Router(
        RouteTable(
          hosts: ["example.com"], options: .init(strictTrailingSlash: true),
          routes: [
            RouteDefinition("files", "/files/{path*}/")
          ]))
    }
    // Many routes ending at one place (indexed by their query items) take the slash the same way.
    let many = RouteTable(
      hosts: ["example.com"], options: .init(strictTrailingSlash: true),
      routes: (0..<40).map { RouteDefinition("r\($0)", "/d/{path*}?v=\($0)") } + [
        RouteDefinition("plain", "/d/{path*}")
      ])
    let indexed = try Router(many)
    #expect(try indexed.match("https://example.com/d/x/")?.route == "plain")
    #expect(try indexed.match("https://example.com/d/x/?v=7")?.route == "r7")
  }
}
