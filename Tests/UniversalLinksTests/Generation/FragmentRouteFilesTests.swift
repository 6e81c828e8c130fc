import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Association files for routes that read the fragment as a path (`/#/room/{room}`): iOS 13 and later
/// compare the fragment with a components entry's `#` key (Apple's "applinks.Details.Components": "#",
/// the pattern for the fragment; an absent fragment reads as the empty string), so the generated rule
/// states it, the router and the file agree on the routed links, and what AASA cannot state is listed.
@Suite("Association files for fragment routes")
struct FragmentRouteFilesTests {
  static let appID = "ABCDE12345.com.example.chat"

  static func generator() throws -> AASAGenerator {
    AASAGenerator(
      appIDs: [appID],
      router: try Router(
        RouteTable(
          hosts: ["chat.example"],
          routes: [
            RouteDefinition("room", "/#/room/{room}?via={via?}"),
            RouteDefinition("event", "/#/room/{room}/{event}"),
            RouteDefinition("user", "/#/user/{user}"),
            RouteDefinition("docs", "/docs/{page}"),
            RouteDefinition("section", "/docs/{page}#/section/{section:int}"),
          ])))
  }

  @Test func theRuleStatesTheFragment() throws {
    let components = try Self.generator().components()
    let rules = components.filter { $0.exclude != true }.map { "\($0.path ?? "*") \($0.fragment ?? "-")" }
    #expect(rules.contains("/ /room/?*"))
    #expect(rules.contains("/ /room/?*/?*"))
    #expect(rules.contains("/ /user/?*"))
    #expect(rules.contains("/docs/?* /section/?*"))
    #expect(rules.contains("/docs/?* -"))
    // The narrower fragment rule at one path comes first.
    let order = components.filter { $0.exclude != true }.compactMap(\.fragment)
    let event = try #require(order.firstIndex(of: "/room/?*/?*"))
    let room = try #require(order.firstIndex(of: "/room/?*"))
    #expect(event < room)
  }

  @Test(
    "Hash-routed links open the app as the router routes them",
    arguments: [
      ("/#/room/!a:example.org", true), ("/#/room/!a:example.org?via=s.org", true),
      ("/#/user/@alice:example.org", true), ("/#/room/%23alias:x/$e", true), ("/docs/a#/section/2", true),
      ("/docs/a", true), ("/", false), ("/#/other", false), ("/#room", false),
    ])
  func opens(link: String, opens: Bool) throws {
    let generator = try Self.generator()
    let matcher = AASAMatcher(document: try generator.document(includeLegacyPaths: false))
    #expect(try matcher.match(link).opensApp == opens, "\(link)")
    #expect(generator.shapes.contains { $0.routes(link) } == opens, "\(link)")
  }

  @Test func theConsistencyCheckPassesAndListsTheWidenings() throws {
    let generator = try Self.generator()
    let report = AASAConsistencyCheck(shapes: generator.shapes).run(on: try generator.document())
    #expect(report.isConsistent, "\(report)")
    let kinds = Set(generator.widenings.map { "\($0.route) \($0.kind.description)" })
    #expect(kinds.contains("room fragment-path"))
    #expect(kinds.contains("section fragment-path"))
    #expect(
      generator.widenings.first { $0.route == "user" && $0.kind == .fragmentPath }?.example
        == "/#/user/sample/extra")
  }
}
