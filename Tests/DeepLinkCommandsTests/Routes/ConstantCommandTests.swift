import Foundation
import Testing

/// `deeplink route` and `deeplink url` on routes with constants (`initialTab`).
@Suite("deeplink: route constants")
struct ConstantCommandTests {
  static let routes = """
    {"schemes": ["shop"], "hosts": ["shop.example"], "routes": [
      {"name": "product", "pattern": "/p/{id:int}", "constants": {"initialTab": "overview"}},
      {"name": "reviews", "pattern": "/p/{id:int}/reviews", "constants": {"initialTab": "reviews", "sheet": true}}]}
    """

  @Test func routePrintsTheConstantsWithTheValuesAndNoLinkOverridesThem() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run([
      "route", "--routes", file, "https://shop.example/p/7/reviews?initialTab=photos",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(
      run.output.contains(
        #""parameters": {"id": 7, "initialTab": "reviews", "sheet": true}, "query": [{"name": "initialTab", "value": "photos"}]"#
      ), "\(run.output)")
  }

  @Test func urlLeavesConstantsOutAndRefusesAnotherValue() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let plain = await ToolRun.run(["url", "--routes", file, "reviews", "id=7"])
    #expect(plain.output == "https://shop.example/p/7/reviews\n", "\(plain.error)")
    let same = await ToolRun.run([
      "url", "--routes", file, "reviews", "id=7", "initialTab=reviews", "sheet=true",
    ])
    #expect(same.output == "https://shop.example/p/7/reviews\n", "\(same.error)")
    let other = await ToolRun.run(["url", "--routes", file, "reviews", "id=7", "initialTab=photos"])
    #expect(other.status != 0)
    #expect(other.error.contains("'initialTab' is a constant of the route, 'reviews'"), "\(other.error)")
  }

  @Test func aConstantNamedLikeAParameterIsAnErrorAtItsPlace() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["shop"], "routes": [
        {"name": "product", "pattern": "/p/{initialTab}", "constants": {"initialTab": "overview"}}]}
      """)
    let run = await ToolRun.run(["route", "--routes", file, "shop://p/1"])
    #expect(run.status == 2)
    #expect(run.error.contains("routes[0].constants.initialTab"), "\(run.error)")
    #expect(run.error.contains("the constant 'initialTab' is a parameter of the pattern"), "\(run.error)")
    #expect(run.error.contains("line 2, column 67"), "\(run.error)")
  }
}
