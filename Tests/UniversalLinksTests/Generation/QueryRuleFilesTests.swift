import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The query rules in the association file: a literal value and an absent-only item are stated in the
/// `?` component, as AASA reads them; what AASA cannot state is left out and listed as a widening.
@Suite("Query rules in the server files")
struct QueryRuleFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static func generator(_ routes: [RouteDefinition], caseInsensitiveKeys: Bool = false) throws
    -> AASAGenerator
  {
    try AASAGenerator(
      appIDs: [appID],
      table: RouteTable(
        hosts: ["shop.example"], options: .init(caseInsensitiveQueryKeys: caseInsensitiveKeys), routes: routes
      ))
  }

  @Test func aLiteralValueAndAnAbsentItemAreStatedAndTheFileAgreesWithTheRouter() throws {
    let generator = try Self.generator([
      RouteDefinition("fix", "/pledge?ref=failed_payment"), RouteDefinition("fresh", "/start?!invite"),
      RouteDefinition("search", "/search?q={query}&{filters*}"),
    ])
    let document = try generator.document(includeLegacyPaths: false)
    let components = document.appLinks?.details.first?.components ?? []
    #expect(components.contains { $0.path == "/pledge" && $0.query == .items(["ref": "failed_payment"]) })
    #expect(components.contains { $0.path == "/start" && $0.query == .items(["invite": ""]) })
    #expect(components.contains { $0.path == "/search" && $0.query == .items(["q": "?*"]) })
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/pledge?ref=failed_payment").opensApp)
    #expect(try !matcher.match("/pledge?ref=other").opensApp)
    #expect(try !matcher.match("/pledge").opensApp)
    #expect(try matcher.match("/start").opensApp)
    #expect(try matcher.match("/start?invite=").opensApp)
    #expect(try !matcher.match("/start?invite=abc").opensApp)
    #expect(try matcher.match("/search?q=x&color=red").opensApp)
    #expect(generator.widenings.isEmpty)
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
  }

  @Test func whatAASACannotStateIsLeftOutAndListed() throws {
    let generator = try Self.generator([
      RouteDefinition("map", "/map?lat|latitude={lat:decimal}"), RouteDefinition("odd", "/odd?v=a%20b"),
    ])
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/map?latitude=1").opensApp)
    #expect(try matcher.match("/odd?v=a%20b").opensApp)
    let widenings = generator.widenings
    #expect(widenings.map(\.kind) == [.queryRule, .queryRule])
    #expect(widenings.map(\.parameter) == ["lat|latitude={lat:decimal}", "v=a b"])
    #expect(
      widenings.first?.description
        == "route map: AASA cannot state the query item lat|latitude={lat:decimal}, so the rule does not require it (e.g. /map)"
    )
  }

  @Test func keysWithoutCaseAreNotStated() throws {
    let generator = try Self.generator(
      [RouteDefinition("s", "/s?q={q}"), RouteDefinition("fresh", "/start?!invite")],
      caseInsensitiveKeys: true)
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/s?Q=tea").opensApp)
    #expect(generator.widenings.map(\.example) == ["/s", "/start?invite=sample"])
  }
}
