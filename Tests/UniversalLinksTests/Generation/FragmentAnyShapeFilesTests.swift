import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Association files and intent filters for routes whose fragment does not start with `/`
/// (`/#narrow/{rest*}`): the `#` pattern is written as the link writes the fragment (`narrow*`), so
/// `#narrow/x` opens the app and `#/narrow/x` does not, as the router reads them; what AASA and
/// Android cannot state is listed.
@Suite("Association files for fragment routes of any shape")
struct FragmentAnyShapeFilesTests {
  static let appID = "ABCDE12345.com.example.chat"

  static func router() throws -> Router {
    try Router(
      RouteTable(
        hosts: ["chat.example"],
        routes: [
          RouteDefinition("narrow", "/#narrow/{pairs*}"),
          RouteDefinition("topic", "/#narrow/channel/{channel}/topic/{topic}"),
          RouteDefinition("phone", "/#p/{phone}"),
          RouteDefinition("room", "/#/room/{room}"),
          RouteDefinition("signup", "/connector.html#finish-signup?email={email}"),
          RouteDefinition("token", "/t#?token={token}"),
          RouteDefinition("any", "/app#{rest*}"),
        ]))
  }

  static func generator() throws -> AASAGenerator {
    AASAGenerator(appIDs: [appID], router: try router())
  }

  @Test func theRuleWritesTheFragmentAsTheLinkDoes() throws {
    let components = try Self.generator().components()
    let rules = components.filter { $0.exclude != true }.map { "\($0.path ?? "*") \($0.fragment ?? "-")" }
    #expect(rules.contains("/ narrow*"))
    #expect(rules.contains("/ narrow/channel/?*/topic/?*"))
    #expect(rules.contains("/ p/?*"))
    #expect(rules.contains("/ /room/?*"))
    #expect(rules.contains("/connector.html finish-signup*"))
    // No segment before a required query item: the fragment holds at least its `?`.
    #expect(rules.contains("/t ?*"))
    #expect(rules.contains("/app *"))
  }

  @Test(
    "Hash-routed links open the app as the router routes them",
    arguments: [
      ("/#narrow/channel/42-general/topic/lunch", true), ("/#narrow", true), ("/#p/+15551234567", true),
      ("/connector.html#finish-signup?email=a%40b.example", true), ("/t#?token=x", true), ("/app#", true),
      ("/#/narrow/x", false), ("/#/p/1", false), ("/#room/x", false), ("/t", false),
    ])
  func opens(link: String, opens: Bool) throws {
    let generator = try Self.generator()
    let matcher = AASAMatcher(document: try generator.document(includeLegacyPaths: false))
    #expect(try matcher.match(link).opensApp == opens, "\(link)")
    #expect(generator.shapes.contains { $0.routes(link) } == opens, "\(link)")
    let routed = try Self.router().match("https://chat.example" + link) != nil
    #expect(routed == opens, "\(link)")
  }

  @Test func theConsistencyCheckPassesAndListsTheWidenings() throws {
    let generator = try Self.generator()
    let report = AASAConsistencyCheck(shapes: generator.shapes).run(on: try generator.document())
    #expect(report.isConsistent, "\(report)")
    let examples = generator.widenings.filter { $0.kind == .fragmentPath }.map { "\($0.route) \($0.example)" }
    #expect(examples.contains("phone /#p/sample/extra"))
    #expect(examples.contains("token /t#extra?token=sample"))
    // `*` also takes a link without a fragment, which iOS compares as an empty one.
    #expect(examples.contains("any /app"))
  }

  @Test func androidFiltersListTheFragmentTheyCannotRead() throws {
    let generator = AndroidIntentFilterGenerator(router: try Self.router())
    let widenings = generator.widenings.filter { $0.kind == .fragmentPath }
    #expect(widenings.contains { $0.route == "signup" && $0.parameter == "#finish-signup" })
    #expect(widenings.contains { $0.route == "phone" && $0.parameter == "#p/{phone}" })
  }
}
