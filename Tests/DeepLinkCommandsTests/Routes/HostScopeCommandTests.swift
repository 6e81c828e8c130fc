import Foundation
import Testing

/// `deeplink route` and `deeplink aasa generate` on routes limited to hosts or schemes, an any-host
/// route, and a custom scheme carrying a host.
@Suite("deeplink: host and scheme scopes")
struct HostScopeCommandTests {
  static let routes = """
    {"schemes": ["shop", "http"], "hosts": ["www.shop.example", "clicks.shop.example"],
     "customSchemeHost": "listed",
     "routes": [
       {"name": "emailClick", "pattern": "/{path*}", "hosts": ["clicks.shop.example"]},
       {"name": "webPage", "pattern": "/{path*}", "hosts": ["*"], "schemes": ["http", "https"]},
       {"name": "product", "pattern": "/p/{id:int}"},
       {"name": "appOnly", "pattern": "/app", "schemes": ["shop"]}]}
    """

  @Test func routeAnswersByHostAndScheme() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run([
      "route", "--routes", file, "https://clicks.shop.example/wf/click", "http://google.com?a=1",
      "shop://www.shop.example/p/1", "https://www.shop.example/app", "shop://www.shop.example/zzz",
    ])
    let lines = try run.jsonLines()
    #expect(
      lines.map { $0["route"] as? String } == ["emailClick", "webPage", "product", "webPage", nil],
      "\(run.output)")
    #expect(run.status == 1)
  }

  @Test func aBadScopeIsAnErrorWithItsPlace() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "hosts": ["a.example"],
       "routes": [{"name": "x", "pattern": "/x", "hosts": ["b.example"]}]}
      """)
    let run = await ToolRun.run(["route", "--routes", file, "app://x"])
    #expect(run.status == 2)
    #expect(run.error.contains("routes[0].hosts[0]"), "\(run.error)")
    #expect(run.error.contains("host 'b.example' is not one the table lists"), "\(run.error)")
    #expect(run.error.contains("line 2, column 54"), "\(run.error)")
  }

  @Test func aasaGenerateWritesHostScopedRoutesOnlyInTheirHostsFile() async throws {
    let file = try temporaryRouteFile(Self.routes)
    func comments(_ arguments: [String]) async throws -> (Set<String>, String) {
      let run = await ToolRun.run(["aasa", "generate", "--routes", file, "--app-id", demoAppID] + arguments)
      #expect(run.status == 0, "\(run.error)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
      let applinks = try #require(object["applinks"] as? [String: Any])
      let details = try #require(applinks["details"] as? [[String: Any]])
      let components = try #require(details.first?["components"] as? [[String: Any]])
      return (Set(components.compactMap { $0["comment"] as? String }), run.error)
    }
    let (shared, notes) = try await comments([])
    #expect(shared.contains { $0.contains("product") })
    #expect(
      !shared.contains { $0.contains("emailClick") || $0.contains("webPage") || $0.contains("appOnly") })
    #expect(notes.contains("note: route webPage answers any host"), "\(notes)")
    #expect(notes.contains("note: route emailClick answers only hosts clicks.shop.example"), "\(notes)")
    #expect(notes.contains("note: route appOnly answers only schemes shop"), "\(notes)")
    let (clicks, _) = try await comments(["--domain", "clicks.shop.example"])
    #expect(clicks.contains { $0.contains("emailClick") } && clicks.contains { $0.contains("product") })
    let unknown = await ToolRun.run([
      "aasa", "generate", "--routes", file, "--app-id", demoAppID, "--domain", "evil.example",
    ])
    #expect(unknown.status == 2)
    #expect(
      unknown.error.contains("--domain: 'evil.example' is not a host of the route table"), "\(unknown.error)")
  }
}
