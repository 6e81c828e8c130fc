import Foundation
import Testing

@testable import DeepLinkRouting

/// What a match holds is what the link carried, whatever the route read (a fragment read as a path
/// and then set aside, a middle catch-all, a declared and an undeclared query): it equals a match made
/// from the same fields and hashes alike, copies stay independent when one changes, and a match
/// outlives the router that made it. Reading matches from many tasks at once is tested with the
/// router's other concurrency tests (RouterReliabilityTests).
@Suite("Match values")
struct RouteMatchValueTests {
  static let table = RouteTable(
    schemes: ["chat"], hosts: ["chat.example"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("room", "/#/room/{room}?via={via?}"),
      RouteDefinition("docs", "/docs/{page}?lang={lang?}"),
      RouteDefinition("docsSection", "/docs/{page}#/section/{section?}"),
      RouteDefinition("product", "/{prefix*}/product/{id:int}"),
      RouteDefinition("search", "/search?q={q}&{filters*}"),
      RouteDefinition("files", "/files/{path*}"),
      RouteDefinition("fileView", "/files/{dir}#/view/{mode}"),
    ])

  static let router = Result { try Router(table) }

  /// The fields a match holds, read through its public properties.
  static func held(_ match: RouteMatch) -> RouteMatch {
    RouteMatch(
      route: match.route, parameters: match.parameters, query: match.query, fragment: match.fragment,
      origin: match.origin, url: match.url)
  }

  @Test(
    arguments: [
      // The fragment is read as a path, does not fit, and is set aside: the path's route reads the link.
      ("https://chat.example/docs/intro#/other", "docs", ["page": "intro"], "/other"),
      ("https://chat.example/#/settings/privacy", "home", [:], "/settings/privacy"),
      // The fragment is read as a path and fits.
      (
        "https://chat.example/docs/intro#/section/setup", "docsSection",
        ["page": "intro", "section": "setup"], "/section/setup"
      ),
      ("chat://#/room/r%2F1?via=a+b", "room", ["room": "r/1", "via": "a b"], "/room/r/1?via=a+b"),
      // A declared query item, and an undeclared one kept on the match.
      ("https://chat.example/docs/intro?lang=fr&utm=x", "docs", ["page": "intro", "lang": "fr"], nil),
    ] as [(String, String, [String: String], String?)])
  func theValuesReadAreTheRoutesValues(
    link: String, route: String, strings: [String: String], fragment: String?
  ) throws {
    let match = try #require(try Self.router.get().match(link))
    #expect(match.route == route)
    #expect(match.url == link)
    for (name, value) in strings { #expect(match.parameters.string(name) == value, "\(name) in \(link)") }
    #expect(match.parameters.count == strings.count)
    #expect(match.fragment == fragment)
    // Reading again reads the same, and a match holding those fields is equal and hashes alike.
    #expect(match.parameters == match.parameters)
    let held = Self.held(match)
    #expect(held == match)
    #expect(match == held)
    #expect(held.hashValue == match.hashValue)
  }

  @Test func theOriginQueryAndCatchAllAreRead() throws {
    let router = try Self.router.get()
    let product = try #require(try router.match("https://chat.example/fr/sale/product/12?ref=mail"))
    #expect(product.route == "product")
    #expect(product.parameters["prefix"] == .segments(["fr", "sale"]))
    #expect(product.parameters.int("id") == 12)
    #expect(product.query == [QueryItem(name: "ref", value: "mail")])
    #expect(product.origin == .universalLink(host: "chat.example"))
    #expect(product.followed.isEmpty)
    let custom = try #require(try router.match("chat://search?q=swift+ui&sort=new&tag=a"))
    #expect(custom.origin == .customScheme("chat"))
    #expect(custom.parameters.string("q") == "swift ui")
    #expect(custom.parameters["filters"] == .dictionary(["sort": "new", "tag": "a"]))
    #expect(custom.query == [QueryItem(name: "sort", value: "new"), QueryItem(name: "tag", value: "a")])
    // The fragment was read as a path for `fileView`, did not fit, and is not part of the catch-all.
    let files = try #require(try router.match("https://chat.example/files/a/b#/other/c"))
    #expect(files.route == "files")
    #expect(files.parameters["path"] == .segments(["a", "b"]))
    #expect(files.fragment == "/other/c")
    #expect(try router.match("https://chat.example/files/a#/view/raw")?.parameters.string("mode") == "raw")
  }

  @Test func twoMatchesOfOneLinkAreEqualWhicheverRouterReadThem() throws {
    let link = "https://chat.example/docs/intro?lang=fr"
    let one = try #require(try Self.router.get().match(link))
    let other = try #require(try Router(Self.table).match(link))
    #expect(one == other)
    #expect(one.hashValue == other.hashValue)
    // Another link of the same route and values, written differently, is another match: the links differ.
    let encoded = try #require(try Self.router.get().match("https://chat.example/docs/%69ntro?lang=fr"))
    #expect(encoded.parameters == one.parameters)
    #expect(encoded != one)
    // Another route is another match.
    #expect(try Self.router.get().match("https://chat.example/#/room/x") != one)
  }

  @Test func changingACopyLeavesTheOriginalAsItWas() throws {
    let original = try #require(try Self.router.get().match("https://chat.example/docs/intro?lang=fr#top"))
    var changed = original
    changed.parameters = ["page": .string("other")]
    #expect(changed.parameters.string("page") == "other")
    // The fields not changed are the link's.
    #expect(changed.route == "docs")
    #expect(changed.fragment == "top")
    #expect(changed.url == original.url)
    #expect(original.parameters.string("page") == "intro")
    #expect(original.parameters.string("lang") == "fr")
    #expect(changed != original)
    // A copy of the changed match is independent of it in turn.
    var again = changed
    again.fragment = nil
    again.route = "elsewhere"
    #expect(changed.fragment == "top")
    #expect(changed.route == "docs")
    #expect(again.fragment == nil)
    #expect(again.route == "elsewhere")
    // Setting a field back to the link's value makes the match equal to the unchanged one again.
    var restored = original
    restored.fragment = "top"
    #expect(restored == original)
    #expect(restored.hashValue == original.hashValue)
  }

  @Test func aMatchOutlivesItsRouter() throws {
    func matchWithARouterOfItsOwn() throws -> RouteMatch? {
      try Router(Self.table).match("https://chat.example/en/product/7")
    }
    let match = try #require(try matchWithARouterOfItsOwn())
    #expect(match.route == "product")
    #expect(match.parameters["prefix"] == .segments(["en"]))
    #expect(match.parameters.int("id") == 7)
  }
}
