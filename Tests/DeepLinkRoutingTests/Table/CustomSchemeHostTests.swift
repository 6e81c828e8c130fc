import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// `"customSchemeHost": "listed"`: a custom-scheme link whose authority is a listed host reads as that
/// host and the rest as the path, reaching what the web link reaches; any other authority is read as
/// the first segment, as by default; custom-scheme links build with the host.
@Suite("A custom scheme that carries a host")
struct CustomSchemeHostTests {
  static func table(listed: Bool) -> RouteTable {
    RouteTable(
      schemes: ["shop"], hosts: ["www.shop.example", "clicks.shop.example", "*.cdn.example"],
      options: .init(listedHostInCustomScheme: listed),
      routes: [
        RouteDefinition("product", "/p/{id:int}"),
        RouteDefinition("click", "/{path*}", hosts: ["clicks.shop.example"]),
        RouteDefinition("asset", "/asset/{name}", hosts: ["*.cdn.example"]),
        RouteDefinition("hostFirst", "/www.shop.example/p/{id:int}"),
        RouteDefinition("account", "/account", requiresVerifiedLink: true),
      ])
  }

  @Test func aListedHostAfterTheSchemeIsTheHost() throws {
    let router = try Router(Self.table(listed: true))
    let match = try #require(try router.match("shop://www.shop.example/p/1"))
    #expect(match.route == "product")
    #expect(match.parameters["id"] == .int(1))
    #expect(match.origin == .customScheme("shop"))
    #expect(try router.match("SHOP://WWW.Shop.Example/p/2")?.route == "product")
    #expect(try router.match("shop://clicks.shop.example/wf/click")?.route == "click")
    #expect(try router.match("shop://img.cdn.example/asset/logo")?.route == "asset")
    // Not a listed host: the first segment, as by default.
    #expect(try router.match("shop://p/3")?.route == "product")
    #expect(try router.match("shop:///p/3")?.route == "product")
    #expect(try router.match("shop://other.example/p/3") == nil)
  }

  @Test func theDefaultReadingKeepsTheAuthorityAsTheFirstSegment() throws {
    let router = try Router(Self.table(listed: false))
    let match = try #require(try router.match("shop://www.shop.example/p/1"))
    #expect(match.route == "hostFirst")
    #expect(try router.match("shop://clicks.shop.example/wf/click") == nil)
  }

  @Test func theLinkStaysACustomSchemeLinkForTrust() throws {
    let router = try Router(Self.table(listed: true))
    let match = try #require(try router.match("shop://www.shop.example/account"))
    #expect(match.route == "account")
    #expect(match.origin == .customScheme("shop"))
  }

  @Test func aCustomSchemeLinkIsBuiltWithTheHost() throws {
    let router = try Router(Self.table(listed: true))
    #expect(
      try router.urlString(for: "product", ["id": .int(4)], form: .customScheme)
        == "shop://www.shop.example/p/4")
    #expect(
      try router.urlString(for: "click", ["path": .segments(["a"])], form: .customScheme)
        == "shop://clicks.shop.example/a")
    let plain = try Router(Self.table(listed: false))
    #expect(try plain.urlString(for: "product", ["id": .int(4)], form: .customScheme) == "shop://p/4")
  }

  @Test func aNearMissOfACarriedHostLinkCountsSegmentsAfterTheHost() throws {
    let router = try Router(Self.table(listed: true))
    let miss = try #require(try router.explain("shop://www.shop.example/p/x"))
    #expect(miss.route == "product")
    #expect(miss.path == ["p", "x"])
    #expect(miss.description == "route 'product': segment 2 \"x\" is not an int ({id:int})")
  }

  @Test func theSettingReadsFromARouteFileAndWritesBack() throws {
    let json = """
      {"schemes": ["app"], "hosts": ["w.example"], "customSchemeHost": "listed",
       "routes": [{"name": "p", "pattern": "/p/{id}"}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table.options.listedHostInCustomScheme)
    #expect(try RouteTable(json: table.jsonData()) == table)
    #expect(try Router(table).match("app://w.example/p/1")?.route == "p")
    let bad = #"{"schemes": ["app"], "customSchemeHost": "host", "routes": []}"#
    do {
      _ = try RouteTable(json: Data(bad.utf8))
      Issue.record("the file was read")
    } catch {
      #expect(error.code == .wrongType)
      #expect(error.location == "customSchemeHost")
      #expect(error.expected == #""firstSegment" or "listed""#)
      #expect(error.line == 1)
    }
  }
}
