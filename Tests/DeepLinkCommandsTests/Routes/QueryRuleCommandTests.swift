import Foundation
import Testing

/// `deeplink route` and `deeplink explain` on the query rules: the open dictionary printed as a JSON
/// object, the route a literal value selects, and the reason a link misses.
@Suite("deeplink route: query rules")
struct QueryRuleCommandTests {
  @Test func theDictionaryIsAJSONObjectAndALiteralSelectsItsRoute() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "queryKeys": "caseInsensitive", "routes": [
        {"name": "search", "pattern": "/search?q={query}&{filters*}"},
        {"name": "fix", "pattern": "/pledge?ref=failed_payment"},
        {"name": "pledge", "pattern": "/pledge?ref={ref}"},
        {"name": "fresh", "pattern": "/start?!invite"}]}
      """)
    let run = await ToolRun.run([
      "route", "--routes", file, "app:/search?Q=tea&Sort=price&sort=name", "app:/pledge?REF=failed_payment",
      "app:/pledge?ref=other", "app:/start?invite=x",
    ])
    let lines = try run.jsonLines()
    #expect(lines.map { $0["route"] as? String } == ["search", "fix", "pledge", nil], "\(run.output)")
    #expect(
      run.output.contains(#""parameters": {"query": "tea", "filters": {"sort": "price"}}"#), "\(run.output)")
    #expect(run.status == 1)
  }

  @Test func aQueryKeysValueTheFileCannotHaveIsAnErrorWithItsPlace() async throws {
    let file = try temporaryRouteFile(#"{"schemes": ["app"], "queryKeys": "loose", "routes": []}"#)
    let run = await ToolRun.run(["route", "--routes", file, "app:/x"])
    #expect(run.status == 2)
    #expect(run.error.contains("queryKeys"), "\(run.error)")
    #expect(run.error.contains(#""exact" or "caseInsensitive""#), "\(run.error)")
  }
}
