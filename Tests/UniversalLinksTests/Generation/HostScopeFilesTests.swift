import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The association file of each host holds the routes that answer on it: a route limited to some hosts
/// only in their files, an any-host route and a custom-scheme-only route in none, each left out with why.
@Suite("Association files of host-scoped routes")
struct HostScopeFilesTests {
  static let table = RouteTable(
    schemes: ["shop"], hosts: ["www.shop.example", "clicks.shop.example", "*.cdn.example"],
    routes: [
      RouteDefinition("product", "/p/{id:int}"),
      RouteDefinition("emailClick", "/wf/{path*}", hosts: ["clicks.shop.example"]),
      RouteDefinition("asset", "/asset/{name}", hosts: ["*.cdn.example"]),
      RouteDefinition("page", "/page/{path*}", hosts: ["*"]),
      RouteDefinition("appOnly", "/app", hosts: nil, schemes: ["shop"]),
      RouteDefinition("webOnly", "/web", hosts: nil, schemes: ["https"]),
    ])

  static let appID = "ABCDE12345.com.example.app"

  @Test func theSharedFileHoldsOnlyRoutesForEveryHost() throws {
    let generator = AASAGenerator(appIDs: [Self.appID], router: try Router(Self.table))
    #expect(generator.shapes.map(\.name) == ["product", "webOnly"])
    #expect(generator.domains == Self.table.hosts)
    #expect(
      generator.leftOut == [
        "route emailClick answers only hosts clicks.shop.example, so it is only in their files (aasa generate --domain clicks.shop.example)",
        "route asset answers only hosts *.cdn.example, so it is only in their files (aasa generate --domain *.cdn.example)",
        "route page answers any host; no association file can name every host, so it is in none, and its links on other hosts open in the browser unless the app opens them",
        "route appOnly answers only schemes shop, not https links",
      ])
  }

  @Test func aHostsFileAddsTheRoutesLimitedToIt() throws {
    let router = try Router(Self.table)
    let clicks = AASAGenerator(appIDs: [Self.appID], router: router, domain: "clicks.shop.example")
    #expect(clicks.shapes.map(\.name) == ["product", "emailClick", "webOnly"])
    #expect(clicks.domains == ["clicks.shop.example"])
    let cdn = AASAGenerator(appIDs: [Self.appID], router: router, domain: "*.cdn.example")
    #expect(cdn.shapes.map(\.name) == ["product", "asset", "webOnly"])
    let report = AASAConsistencyCheck(shapes: clicks.shapes).run(on: try clicks.document())
    #expect(report.isConsistent, "\(report)")
  }
}
