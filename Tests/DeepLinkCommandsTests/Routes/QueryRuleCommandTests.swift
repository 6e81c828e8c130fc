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

  /// A query item whose value fails its check prints why, as a path segment's near miss does.
  @Test(
    arguments: [
      ("app:/go?lat=95", "95", "a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is 95, above 90"),
      (
        "app:/go?lat=-91", "-91",
        "a decimal from -90 to 90 (lat={lat:decimal(-90...90)}): it is -91, below -90"
      ),
      (
        "app:/open?target=http://example.org", "http://example.org",
        "an https URL (target={target:url(https)}): its scheme is http, not https"
      ),
      (
        "app:/settings?section=Privacy", "Privacy",
        "one of (newtab|general) in any case (section={section:(newtab|general)(lower)}): in lower case it is 'privacy', none of the words"
      ),
    ] as [(String, String, String)])
  func aQueryItemThatFailsItsCheckPrintsWhy(url: String, found: String, expected: String) async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "routes": [
        {"name": "location", "pattern": "/go?lat={lat:decimal(-90...90)}"},
        {"name": "open", "pattern": "/open?target={target:url(https)}"},
        {"name": "settings", "pattern": "/settings?section={section:(newtab|general)(lower)}"}]}
      """)
    let run = await ToolRun.run(["route", "--routes", file, url])
    #expect(run.status == 1)
    let line = try #require(try run.jsonLines().first)
    #expect(line["errorCode"] as? String == "no-route")
    let nearest = try #require(line["nearest"] as? [String: Any], "\(run.output)")
    #expect(nearest["code"] as? String == "query-item-kind")
    #expect(nearest["expected"] as? String == expected)
    #expect(nearest["found"] as? String == found)
    let route = try #require(nearest["route"] as? String)
    #expect(
      nearest["reason"] as? String
        == "route '\(route)': the query item's value \"\(found)\" is not \(expected)")
  }

  @Test func aQueryKeysValueTheFileCannotHaveIsAnErrorWithItsPlace() async throws {
    let file = try temporaryRouteFile(#"{"schemes": ["app"], "queryKeys": "loose", "routes": []}"#)
    let run = await ToolRun.run(["route", "--routes", file, "app:/x"])
    #expect(run.status == 2)
    #expect(run.error.contains("queryKeys"), "\(run.error)")
    #expect(run.error.contains(#""exact" or "caseInsensitive""#), "\(run.error)")
  }
}
