import Foundation
import Testing

@testable import DeepLinkRouting

/// A match of an ordinary link keeps where its values are in the link and decodes each field from its
/// own place when it is read. Whatever the link, the fields are the ones the link carried, the match
/// equals a match that holds the same fields and hashes alike, and a match changed holds its fields.
@Suite("Matches decoded from their link")
struct RouteMatchPlacesTests {
  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("item", "/item/{id:int}"),
      RouteDefinition("user", "/u/{name}/{tab?}"),
      RouteDefinition("order", "/orders/{order:uuid}"),
      RouteDefinition("flag", "/flags/{on:bool}/{ratio:decimal}"),
      RouteDefinition("three", "/t/{a}/{b}/{c}"),
      RouteDefinition("files", "/files/{owner}/{path+}"),
      RouteDefinition("docs", "/docs/{path*}"),
    ])

  static let router = Result { try Router(table) }

  /// The fields a match holds, read through its public properties.
  static func held(_ match: RouteMatch) -> RouteMatch {
    RouteMatch(
      route: match.route, parameters: match.parameters, query: match.query, fragment: match.fragment,
      origin: match.origin, url: match.url)
  }

  static let order = UUID(uuid: (0x5A, 0x3E, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))

  @Test(
    arguments: [
      // Plain links: the match keeps places.
      (
        "https://shop.example/item/42?utm=a+b&x#top", "item", ["id": .int(42)],
        [QueryItem(name: "utm", value: "a b"), QueryItem(name: "x", value: nil)], "top", true
      ),
      ("shop://item/42", "item", ["id": .int(42)], [], nil, true),
      ("https://SHOP.example/u/ann", "user", ["name": .string("ann")], [], nil, true),
      (
        "https://shop.example/u/ann/likes/", "user", ["name": .string("ann"), "tab": .string("likes")], [],
        nil, true
      ),
      (
        "https://shop.example/orders/5a3e0000-0000-4000-8000-000000000001", "order", ["order": .uuid(order)],
        [], nil, true
      ),
      (
        "https://shop.example/flags/true/2.5#", "flag", ["on": .bool(true), "ratio": .decimal(2.5)], [], "",
        true
      ),
      // A last catch-all keeps the place of its segments, as the link joins them.
      (
        "https://shop.example/files/ann/a/b.txt", "files",
        ["owner": .string("ann"), "path": .segments(["a", "b.txt"])], [], nil, true
      ),
      ("shop://docs/guide/", "docs", ["path": .segments(["guide"])], [], nil, true),
      ("shop://docs", "docs", ["path": .segments([])], [], nil, true),
      // Two slashes between its segments, or an escape in one: built at once.
      (
        "https://shop.example/files/ann/a//b", "files",
        ["owner": .string("ann"), "path": .segments(["a", "b"])],
        [], nil, false
      ),
      ("https://shop.example/docs/a%2Fb/c", "docs", ["path": .segments(["a/b", "c"])], [], nil, false),
      // A value that needed decoding, a query that is not plain text, more values than places: built at once.
      ("https://shop.example/u/a%20nn", "user", ["name": .string("a nn")], [], nil, false),
      ("https://shop.example/u/%61nn", "user", ["name": .string("ann")], [], nil, false),
      (
        "https://shop.example/u/ann?q=%E2%9C%93", "user", ["name": .string("ann")],
        [QueryItem(name: "q", value: "✓")], nil, false
      ),
      (
        "https://shop.example/t/x/y/z", "three", ["a": .string("x"), "b": .string("y"), "c": .string("z")],
        [], nil, false
      ),
    ] as [(String, String, [String: ParameterValue], [QueryItem], String?, Bool)])
  func aMatchCarriesWhatTheLinkCarried(
    link: String, route: String, values: [String: ParameterValue], query: [QueryItem], fragment: String?,
    keepsPlaces: Bool
  ) throws {
    let match = try #require(try Self.router.get().match(link))
    #expect(match.decodesFromLink == keepsPlaces)
    #expect(match.route == route)
    #expect(match.url == link)
    #expect(match.parameters.dictionary == values)
    #expect(match.parameters.count == values.count)
    #expect(match.query == query)
    #expect(match.fragment == fragment)
    #expect(
      match.origin == (link.hasPrefix("shop:") ? .customScheme("shop") : .universalLink(host: "shop.example"))
    )
    #expect(match.followed.isEmpty)
    // Read twice, the same; a match holding the same fields is equal and hashes alike.
    #expect(match.parameters == match.parameters)
    let held = Self.held(match)
    #expect(!held.decodesFromLink)
    #expect(held == match)
    #expect(match == held)
    #expect(held.hashValue == match.hashValue)
  }

  @Test func twoLinksWithTheSameValuesAreDifferentMatches() throws {
    let router = try Self.router.get()
    let plain = try #require(try router.match("https://shop.example/u/ann"))
    let escaped = try #require(try router.match("https://shop.example/u/%61nn"))
    #expect(plain.parameters == escaped.parameters)
    #expect(plain != escaped)
    let again = try #require(try router.match("https://shop.example/u/ann"))
    #expect(again == plain)
    #expect(again.hashValue == plain.hashValue)
    #expect(try router.match("https://shop.example/u/bob") != plain)
  }

  @Test func aChangedMatchHoldsItsFieldsAndLeavesTheOriginal() throws {
    let original = try #require(try Self.router.get().match("https://shop.example/item/7?ref=mail#reviews"))
    #expect(original.decodesFromLink)
    var changed = original
    changed.query = []
    #expect(!changed.decodesFromLink)
    #expect(changed.query.isEmpty)
    // The fields not changed are the link's.
    #expect(changed.route == "item")
    #expect(changed.parameters.int("id") == 7)
    #expect(changed.fragment == "reviews")
    #expect(changed.origin == .universalLink(host: "shop.example"))
    #expect(changed.url == original.url)
    #expect(changed != original)
    // The original still decodes from its link.
    #expect(original.decodesFromLink)
    #expect(original.query == [QueryItem(name: "ref", value: "mail")])
    var restored = changed
    restored.query = [QueryItem(name: "ref", value: "mail")]
    #expect(restored == original)
    #expect(restored.hashValue == original.hashValue)
  }

  @Test func aMatchOutlivesItsRouter() throws {
    func matchWithARouterOfItsOwn() throws -> RouteMatch? {
      try Router(Self.table).match("shop://orders/5A3E0000-0000-4000-8000-000000000001?x=1")
    }
    let match = try #require(try matchWithARouterOfItsOwn())
    #expect(match.decodesFromLink)
    #expect(match.route == "order")
    #expect(match.parameters.uuid("order") == Self.order)
    #expect(match.query == [QueryItem(name: "x", value: "1")])
    #expect(match.origin == .customScheme("shop"))
  }
}

/// Every link of a mixed table, in many spellings, gives the same fields whether its match keeps
/// places in the link or is built at once: the two forms are two ways of reading one link.
@Suite("Matches with places against matches built at once")
struct RouteMatchPlacesDifferentialTests {
  static let tables: [RouteTable] = {
    let routes = [
      RouteDefinition("home", "/"),
      RouteDefinition("item", "/item/{id:int}"),
      RouteDefinition("itemReviews", "/item/{id:int}/reviews"),
      RouteDefinition("user", "/u/{name}/{tab?}"),
      RouteDefinition("order", "/orders/{order:uuid}"),
      RouteDefinition("flag", "/flags/{on:bool}/{ratio:decimal}"),
      RouteDefinition("three", "/t/{a}/{b}/{c}"),
      RouteDefinition("files", "/files/{path+}"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("search", "/search?q={q}"),
      RouteDefinition("open", "/open/{slug}?{rest*}"),
      RouteDefinition("page", "/{slug}"),
    ]
    var plus = RouteTable(schemes: ["app"], hosts: ["example.com"], routes: routes)
    plus.options.literalPlusInQuery = true
    var folding = RouteTable(schemes: ["app"], hosts: ["example.com"], routes: routes)
    folding.options.caseInsensitive = true
    return [RouteTable(schemes: ["app"], hosts: ["example.com"], routes: routes), plus, folding]
  }()

  /// Paths, values in many spellings, queries and fragments, on both origins.
  static let links: [String] = {
    let values = [
      "ann", "a%20b", "%61nn", "42", "-7", "007", "5A3E0000-0000-4000-8000-000000000001", "true", "2.5",
      "x+y",
      "caf%C3%A9", "café", "a%2Fb", "%E2%9C%93", "",
    ]
    var paths: [String] = ["/", "/docs", "/docs/", "/docs//", "/docs//a/b", "/files/a/b/c"]
    for value in values {
      paths += [
        "/item/\(value)", "/item/\(value)/reviews", "/u/\(value)", "/u/ann/\(value)", "/u/\(value)/\(value)/",
        "/orders/\(value)", "/flags/\(value)/\(value)", "/t/\(value)/b/c", "/files/\(value)/x", "/\(value)",
        "/open/\(value)", "/search", "/files/\(value)/\(value)/", "/files/a//\(value)", "/docs/\(value)",
        "/docs/x/\(value)/y",
      ]
    }
    let endings = ["", "/", "?q=1", "?q=a+b&r", "?q=%20&q=2", "#top", "#%2Fx", "?x=%E2%9C%93#f", "?&&a=&#"]
    var links: [String] = []
    for path in paths {
      for ending in endings {
        links.append("https://example.com" + path + ending)
        links.append("app:/" + path + ending)
        links.append("HTTPS://EXAMPLE.com" + path + ending)
      }
    }
    return links
  }()

  @Test func bothFormsReadTheSameFields() throws {
    var kept = 0
    var built = 0
    for table in Self.tables {
      let router = try Router(table)
      for link in Self.links {
        let withPlaces: RouteMatch?
        let atOnce: RouteMatch?
        do {
          withPlaces = try router.directMatch(link)
          atOnce = try router.directMatch(link, keepingPlaces: false)
        } catch {
          // A link that breaks a reading rule breaks it for both.
          #expect(throws: LinkError.self) { try router.directMatch(link, keepingPlaces: false) }
          continue
        }
        guard let withPlaces, let atOnce else {
          #expect(withPlaces == nil && atOnce == nil, "\(link)")
          continue
        }
        #expect(!atOnce.decodesFromLink)
        if withPlaces.decodesFromLink { kept += 1 } else { built += 1 }
        #expect(withPlaces.route == atOnce.route, "\(link)")
        #expect(withPlaces.parameters == atOnce.parameters, "\(link)")
        #expect(withPlaces.query == atOnce.query, "\(link)")
        #expect(withPlaces.fragment == atOnce.fragment, "\(link)")
        #expect(withPlaces.origin == atOnce.origin, "\(link)")
        #expect(withPlaces.url == atOnce.url, "\(link)")
        #expect(withPlaces == atOnce, "\(link)")
        #expect(withPlaces.hashValue == atOnce.hashValue, "\(link)")
      }
    }
    // Both forms were met, each many times.
    #expect(kept > 1_000)
    #expect(built > 1_000)
  }
}
