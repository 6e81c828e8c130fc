import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink url")
struct URLCommandTests {
  @Test func buildsEachForm() async throws {
    #expect(
      await ToolRun.run(["url", "clip", "clipId=12345"]).output == "https://example.com/channel/video/12345\n"
    )
    #expect(
      await ToolRun.run(["url", "--scheme", "myapp", "search", "query=goal highlights"]).output
        == "myapp://channel/search/goal%20highlights\n")
    #expect(
      await ToolRun.run(["url", "--host", "example.com", "--fragment", "t=10", "main"]).output
        == "https://example.com/channel#t%3D10\n")
  }

  @Test func builtLinksRouteBackToTheSameValues() async throws {
    for value in ["a/b", "50% off", "é+ü", "?#&="] {
      let built = await ToolRun.run(["url", "--scheme", "myapp", "search", "query=\(value)"])
      let url = String(built.output.dropLast())
      let routed = await ToolRun.run(["route", url])
      let line = try #require(try routed.jsonLines().first)
      #expect((line["parameters"] as? [String: String]) == ["query": value])
    }
  }

  @Test func errorsGoToStandardErrorWithStatusTwo() async throws {
    let missing = await ToolRun.run(["url", "clip"])
    #expect(missing.status == 2)
    #expect(missing.output.isEmpty)
    #expect(missing.error.contains("missing value for 'clipId'"))
    let unknown = await ToolRun.run(["url", "nope"])
    #expect(unknown.error.contains("route 'nope': no such route"))
    let both = await ToolRun.run(["url", "--scheme", "myapp", "--host", "example.com", "main"])
    #expect(both.status == 2)
    let badPair = await ToolRun.run(["url", "clip", "clipId"])
    #expect(badPair.status == 2)
    #expect(badPair.error.contains("expected name=value"))
    let foreign = await ToolRun.run(["url", "--host", "evil.com", "main"])
    #expect(foreign.status == 2)
    #expect(foreign.error.contains("not in the route table"))
  }

  @Test func typedValuesAreChecked() async throws {
    let file = try temporaryRouteFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "page", "pattern": "/p/{n:int}"}]}"#)
    #expect(
      await ToolRun.run(["url", "--routes", file, "page", "n=007"]).output == "https://example.com/p/7\n")
    let bad = await ToolRun.run(["url", "--routes", file, "page", "n=seven"])
    #expect(bad.status == 2)
    #expect(bad.error.contains("'n' must be an int, got 'seven'"))
  }
}
