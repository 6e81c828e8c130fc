import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// A link inside a link as an app meets it: an app's own `deep-link?url=` wrapper and an email-click
/// redirector, routed again with their chain; an unlisted host, a loop and too deep a nesting refused
/// with the route named; `{name:link}` as a value kind, built back with its read-back check.
@Suite("Links inside links")
struct NestedLinkTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["www.shop.example", "email.shop.example"],
    routes: [
      RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target"),
      RouteDefinition("emailClick", "/c?u={target:link}", follow: "target"),
      RouteDefinition("notifications", "/settings/notifications"),
      RouteDefinition("product", "/p/{id:int}", requiresVerifiedLink: true),
      RouteDefinition("share", "/share?next={next:link?}"),
    ])

  static var router: Router { get throws { try Router(table) } }

  @Test func aPathInACustomSchemeLinkIsRoutedOnTheSameScheme() throws {
    let match = try #require(try Self.router.match("myapp://deep-link?url=/settings/notifications"))
    #expect(match.route == "notifications")
    #expect(match.url == "myapp:///settings/notifications")
    #expect(match.origin == .customScheme("myapp"))
    #expect(match.followed.map(\.route) == ["deepLink"])
    #expect(match.followed.map(\.url) == ["myapp://deep-link?url=/settings/notifications"])
    #expect(match.followed.map(\.origin) == [.customScheme("myapp")])
    // The followed match is the outer link's own: its values too.
    #expect(match.followed.first?.parameters["target"] == .string("/settings/notifications"))
  }

  /// With `"customSchemeHost": "listed"`, `shop://call.shop.example/...` is a link on the host
  /// `call.shop.example`, so a path it carries is routed on that host too: a route scoped to the host
  /// opens, as it does for the same path on the https link.
  @Test func aPathInACustomSchemeLinkThatCarriesAHostStaysOnThatHost() throws {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["www.shop.example", "call.shop.example"],
      options: .init(listedHostInCustomScheme: true),
      routes: [
        RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target"),
        RouteDefinition("call", "/join/{callId}", hosts: ["call.shop.example"]),
        RouteDefinition("settings", "/settings/{section}"),
      ])
    let router = try Router(table)
    let call = try #require(try router.match("shop://call.shop.example/deep-link?url=/join/abc"))
    #expect(call.route == "call")
    #expect(call.url == "shop://call.shop.example/join/abc")
    #expect(call.parameters["callId"] == .string("abc"))
    let settings = try #require(try router.match("shop://www.shop.example/deep-link?url=/settings/general"))
    #expect(settings.url == "shop://www.shop.example/settings/general")
    // An authority that is no listed host is the first segment: the path resolves without it.
    let plain = try #require(try router.match("shop://deep-link?url=/settings/general"))
    #expect(plain.url == "shop:///settings/general")
    #expect(try router.match("shop://www.shop.example/deep-link?url=/join/abc") == nil)
  }

  /// The grammar page's example ("A custom scheme that carries a host"): the nested path resolves on
  /// the listed host the outer link carries, never on the scheme without a host, so the route scoped
  /// to that host answers it, as it does the https link.
  @Test func theGrammarPagesExampleResolvesOnTheListedHost() throws {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["www.shop.example"], options: .init(listedHostInCustomScheme: true),
      routes: [
        RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target"),
        RouteDefinition("product", "/p/{id:int}", hosts: ["www.shop.example"]),
      ])
    let router = try Router(table)
    let match = try #require(try router.match("shop://www.shop.example/deep-link?url=/p/1"))
    #expect(match.route == "product")
    #expect(match.url == "shop://www.shop.example/p/1")
    #expect(match.parameters["id"] == .int(1))
    #expect(match.origin == .customScheme("shop"))
    #expect(try router.match("https://www.shop.example/p/1")?.route == "product")
    // Without a host the path has none, and the scoped route does not answer it.
    #expect(try router.match("shop:///p/1") == nil)
  }

  @Test func anEmailRedirectorLeadsToTheWebLinkItCarries() throws {
    let outer = "https://email.shop.example/c?u=https%3A%2F%2Fwww.shop.example%2Fp%2F1"
    let match = try #require(try Self.router.match(outer))
    #expect(match.route == "product")
    #expect(match.parameters["id"] == .int(1))
    #expect(match.url == "https://www.shop.example/p/1")
    #expect(match.followed.map(\.route) == ["emailClick"])
    #expect(match.arrivalURL == outer)
    #expect(match.arrivalOrigin == .universalLink(host: "email.shop.example"))
  }

  @Test func aPathOnAWebLinkKeepsItsSchemeAndHost() throws {
    let match = try #require(try Self.router.match("https://email.shop.example/c?u=%2Fp%2F7"))
    #expect(match.route == "product")
    #expect(match.url == "https://email.shop.example/p/7")
  }

  @Test func aCustomSchemeLinkCarryingAWebLinkArrivesAsACustomSchemeLink() throws {
    let match = try #require(
      try Self.router.match("myapp://deep-link?url=https%3A%2F%2Fwww.shop.example%2Fp%2F3"))
    #expect(match.origin == .universalLink(host: "www.shop.example"))
    #expect(match.arrivalOrigin == .customScheme("myapp"))
  }

  @Test func aNestedLinkToAnUnlistedHostIsRefusedNamingTheRouteAndTheHost() throws {
    let link = "https://email.shop.example/c?u=https%3A%2F%2Fevil.example%2Fp%2F1"
    let error = try #require(throws: LinkError.self) { try Self.router.match(link) }
    #expect(error.code == .nestedLinkUnlisted)
    #expect(error.route == "emailClick")
    #expect(error.host == "evil.example")
    #expect(error.url == link)
    #expect(
      error.message
        == "route 'emailClick' holds a link to 'evil.example', which the route table does not list")
  }

  @Test(arguments: [
    "javascript:alert(1)", "otherapp://settings/notifications", "http://www.shop.example/p/1",
  ])
  func aNestedLinkOnAnUnlistedSchemeIsRefused(_ nested: String) throws {
    let encoded = (nested.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    let error = try #require(throws: LinkError.self) {
      try Self.router.match("myapp://deep-link?url=\(encoded)")
    }
    #expect(error.code == .nestedLinkUnlisted)
    #expect(error.route == "deepLink")
  }

  @Test func aRedirectLoopIsRefusedNamingTheRoute() throws {
    let inner = "https://email.shop.example/c?u=%2Fsettings%2Fnotifications"
    let outer =
      "https://email.shop.example/c?u="
      + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    let error = try #require(throws: LinkError.self) { try Self.router.match(outer) }
    #expect(error.code == .nestedLinkLoop)
    #expect(error.route == "emailClick")
    #expect(error.url == outer)
    #expect(error.description.contains("redirect loop"))
  }

  /// Five redirectors, each wrapping the next, around a plain route.
  static func chainTable() -> RouteTable {
    RouteTable(
      schemes: ["myapp"], hosts: [],
      routes: (1...5).map { RouteDefinition("hop\($0)", "/hop\($0)?to={to:link}", follow: "to") } + [
        RouteDefinition("home", "/home")
      ])
  }

  /// `myapp://hop1?to=…` wrapping `hops` redirectors around `/home`.
  static func chain(_ hops: Int) -> String {
    var link = "/home"
    for hop in (1...hops).reversed() {
      link =
        "myapp://hop\(hop)?to=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
    return link
  }

  @Test func fourNestedLinksAreFollowed() throws {
    let match = try #require(try Router(Self.chainTable()).match(Self.chain(4)))
    #expect(match.route == "home")
    #expect(match.followed.map(\.route) == ["hop1", "hop2", "hop3", "hop4"])
  }

  @Test func aFifthNestedLinkIsRefusedNamingTheRoute() throws {
    let error = try #require(throws: LinkError.self) { try Router(Self.chainTable()).match(Self.chain(5)) }
    #expect(error.code == .nestedLinkTooDeep)
    #expect(error.route == "hop5")
    #expect(error.limit == Router.maxFollowDepth)
    #expect(error.url == Self.chain(5))
  }

  @Test func aMalformedNestedLinkIsRefusedNamingTheRoute() throws {
    let error = try #require(throws: LinkError.self) {
      try Self.router.match("myapp://deep-link?url=%2Fp%2F%25ZZ")
    }
    #expect(error.code == .nestedLinkInvalid)
    #expect(error.route == "deepLink")
  }

  @Test func aNestedLinkNoRouteMatchesIsNoMatch() throws {
    #expect(try Self.router.match("myapp://deep-link?url=/nowhere") == nil)
  }

  @Test(arguments: ["settings", "//evil.example/x", "/a b", "1x:y", "x:", ""])
  func textThatIsNoLinkDoesNotFitALinkParameter(_ text: String) throws {
    let encoded = (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    #expect(try Self.router.directMatch("myapp://deep-link?url=\(encoded)") == nil)
  }

  @Test func aRouteThatDoesNotFollowKeepsItsLinkAsText() throws {
    let match = try #require(try Self.router.match("myapp://share?next=%2Fp%2F1"))
    #expect(match.route == "share")
    #expect(match.parameters["next"] == .string("/p/1"))
    #expect(match.followed.isEmpty)
  }

  @Test func followingAParameterThatIsNoLinkIsATableError() throws {
    let error = try #require(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          schemes: ["myapp"], hosts: [],
          routes: [RouteDefinition("deepLink", "/deep-link?url={target}", follow: "target")]))
    }
    #expect(error.code == .followsNoLink)
    #expect(error.route == "deepLink")
    #expect(error.parameter == "target")
    #expect(error.description.contains("{target:link}"))
  }

  @Test func aRouteFileSaysWhichParameterToFollow() throws {
    let json = """
      {"schemes": ["myapp"], "routes": [
        {"name": "deepLink", "pattern": "/deep-link?url={target:link}", "follow": "target"},
        {"name": "home", "pattern": "/home"}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table.routes[0].follow == "target")
    #expect(try RouteTable(json: table.jsonData()) == table)
    #expect(try Router(table).match("myapp://deep-link?url=/home")?.route == "home")
    let wrong = #"{"schemes": ["myapp"], "routes": [{"name": "d", "pattern": "/d", "follow": 1}]}"#
    let error = try #require(throws: RouteTableError.self) { try RouteTable(json: Data(wrong.utf8)) }
    #expect(error.description.contains("routes[0].follow"))
  }

  @Test func buildingTheOuterRouteEncodesTheNestedLinkAndReadsItBack() throws {
    let inner = "https://www.shop.example/p/1?ref=a&b=c"
    let link = try Self.router.urlString(
      for: "emailClick", ["target": .string(inner)], form: .universalLink)
    #expect(link == "https://www.shop.example/c?u=https%3A%2F%2Fwww.shop.example%2Fp%2F1%3Fref%3Da%26b%3Dc")
    #expect(try Self.router.directMatch(link)?.parameters["target"] == .string(inner))
    #expect(try Self.router.match(link)?.route == "product")
  }

  @Test func buildingRefusesTextThatIsNoLink() throws {
    let error = try #require(throws: URLBuildError.self) {
      try Self.router.urlString(for: "deepLink", ["target": .string("settings")], form: .customScheme)
    }
    #expect(error.code == .typeMismatch)
  }
}
