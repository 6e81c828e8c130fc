import Foundation
import Testing

@testable import DeepLinkRouting

/// The matcher reads segments as decoded bytes and looks literals up by hashing them; these cases pin
/// the places where bytes and `String` could disagree, so both paths give the same answers.
@Suite("Router byte matching")
struct RouterByteMatchingTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("cafe", "/menu/café"),
      RouteDefinition("kelvin", "/units/K"),
      RouteDefinition("number", "/n/{id:int}"),
      RouteDefinition("token", "/t/{token:uuid}"),
      RouteDefinition("word", "/n/{word}"),
      RouteDefinition("search", "/search?q={query}"),
      RouteDefinition("files", "/files/{path*}"),
    ])

  struct Case: CustomTestStringConvertible, Sendable {
    var url: String
    var route: String?
    var testDescription: String { url }
  }

  static let cases: [Case] = [
    // A literal is its decoded bytes: raw and percent-encoded spellings of the same bytes are one
    // literal; a canonically equivalent spelling with other bytes is not (iOS compares bytes).
    Case(url: "myapp://menu/café", route: "cafe"),
    Case(url: "myapp://menu/caf%C3%A9", route: "cafe"),
    Case(url: "myapp://menu/caf%c3%a9", route: "cafe"),
    Case(url: "myapp://menu/cafe%CC%81", route: nil),
    Case(url: "myapp://menu/cafe\u{301}", route: nil),
    Case(url: "myapp://menu/cafe", route: nil),
    // A non-ASCII segment canonically equal to an ASCII literal (KELVIN SIGN is K) is not that literal.
    Case(url: "myapp://units/%E2%84%AA", route: nil),
    Case(url: "myapp://units/K", route: "kelvin"),
    Case(url: "myapp://units/k", route: nil),
    // Typed segments are checked on decoded bytes.
    Case(url: "myapp://n/%34%32", route: "number"),
    Case(url: "myapp://n/-9223372036854775808", route: "number"),
    Case(url: "myapp://n/9223372036854775808", route: "word"),
    Case(url: "myapp://n/-", route: "word"),
    Case(url: "myapp://t/0E5F6A1C-9B3D-4C2E-8F7A-1B2C3D4E5F60", route: "token"),
    Case(url: "myapp://t/0E5F6A1C-9B3D-4C2E-8F7A-1B2C3D4E5F6", route: nil),
    // Query items are decoded only for a route that declares them.
    Case(url: "myapp://search?q=a+b", route: "search"),
    Case(url: "myapp://search?other=1", route: nil),
    Case(url: "myapp://files", route: "files"),
    Case(url: "myapp://files/a/b?x=1#frag", route: "files"),
  ]

  @Test(arguments: cases)
  func sameAnswerByBytesAndByText(_ testCase: Case) throws {
    let router = try Router(Self.table)
    let match = try router.match(testCase.url)
    #expect(match?.route == testCase.route)
    let index = try router.matchIndex(testCase.url)
    #expect(index.map { router.table.routes[$0].name } == testCase.route)
  }

  @Test func valuesAreMaterializedFromTheChosenRoute() throws {
    let router = try Router(Self.table)
    #expect(try router.match("myapp://n/%34%32")?.parameters.int("id") == 42)
    for text in ["0e5f6a1c-9b3d-4c2e-8f7a-1b2c3d4e5f60", "0E5F6A1C-9B3D-4C2E-8F7A-1B2C3D4E5F60"] {
      let uuid = try #require(UUID(uuidString: text))
      #expect(try router.match("myapp://t/" + text)?.parameters.uuid("token") == uuid)
    }
    #expect(try router.match("myapp://search?q=a+b&x=%2B")?.parameters.string("query") == "a b")
    #expect(try router.match("myapp://search?q=a+b&x=%2B")?.query == [QueryItem(name: "x", value: "+")])
    #expect(try router.match("myapp://files/a%2Fb/c#top")?.parameters.segments("path") == ["a/b", "c"])
    #expect(try router.match("myapp://files/a#t%C3%A9")?.fragment == "té")
  }

  @Test func caseInsensitiveLiteralsByBytesAndByText() throws {
    var table = Self.table
    table.options.caseInsensitive = true
    table.routes.append(RouteDefinition("straße", "/STRASSE/Straße"))
    let router = try Router(table)
    #expect(try router.match("myapp://MENU/CAFÉ")?.route == "cafe")
    #expect(try router.match("myapp://Units/k")?.route == "kelvin")
    #expect(try router.match("myapp://strasse/STRASSE")?.route == nil)
    #expect(try router.match("myapp://strasse/straße")?.route == "straße")
    #expect(try router.match("myapp://Strasse/STRAßE")?.route == "straße")
  }

  /// The authority compares with literals as a host does, but a value captured from it keeps its
  /// case, as every captured value does, in every spelling of the link.
  @Test func anAuthorityCapturedAsAValueKeepsItsCase() throws {
    let router = try Router(
      RouteTable(
        schemes: ["myapp"],
        routes: [RouteDefinition("place", "/{place}/info"), RouteDefinition("menu", "/menu/{dish}")]))
    for link in ["myapp://%C3%89COLE/info", "myapp:///%C3%89COLE/info", "myapp:%C3%89COLE/info"] {
      #expect(try router.match(link)?.parameters.string("place") == "ÉCOLE", "\(link)")
    }
    #expect(try router.match("myapp://ABC/info")?.parameters.string("place") == "ABC")
    #expect(try router.match("myapp:///MENU/Soup")?.parameters.string("dish") == "Soup")
    #expect(try router.match("myapp://menu/SOUP")?.route == "menu")
  }

  @Test func badPiecesAreErrorsWhateverTheRoute() throws {
    let router = try Router(Self.table)
    // The route does not read the query or the fragment, but they must still be well formed.
    #expect(throws: LinkError.self) { try router.match("myapp://files/a?x=%ZZ") }
    #expect(throws: LinkError.self) { try router.matchIndex("myapp://files/a?x=%E0%A4%A") }
    #expect(throws: LinkError.self) { try router.matchIndex("myapp://files/a#%C0%80") }
    #expect(throws: LinkError.self) { try router.matchIndex("myapp://files/%E2%80%AE") }
  }
}

@Suite("The first segment of a custom-scheme link")
struct CustomSchemeFirstSegmentTests {
  /// A first literal written with capitals matches the link built for it (written exactly), and a
  /// lower-case one matches however the link spells it.
  @Test func anExactFirstLiteralWinsAndOtherwiseTheSegmentFolds() throws {
    let router = try Router(
      RouteTable(
        schemes: ["myapp"], hosts: ["example.com"],
        routes: [RouteDefinition("cafe", "/caf%C3%89/menu"), RouteDefinition("channel", "/channel/{id}")]))
    let built = try router.urlString(for: "cafe", [:], form: .customScheme)
    #expect(try router.match(built)?.route == "cafe")
    for link in ["myapp://CHANNEL/1", "myapp:///CHANNEL/1", "myapp:CHANNEL/1", "myapp:///Channel/1"] {
      #expect(try router.match(link)?.route == "channel", "\(link)")
    }
    #expect(try router.match("https://example.com/CHANNEL/1") == nil)
  }
}
