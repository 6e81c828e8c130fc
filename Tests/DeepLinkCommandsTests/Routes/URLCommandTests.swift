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

  /// `{target:rest}`: the link given is written as it is, routes back to the same text, and is
  /// refused when it holds a character a link cannot carry raw; the route file's misplaced rest names
  /// its line and column.
  @Test func theRestOfALinkIsWrittenAsGivenAndRoutesBack() async throws {
    let file = try temporaryRouteFile(
      #"{"schemes": ["myapp"], "routes": [{"name": "open", "pattern": "/open/{target:rest}"}]}"#)
    let target = "https://x.example/a?b=1#c"
    let built = await ToolRun.run(["url", "--routes", file, "open", "target=\(target)"])
    #expect(built.output == "myapp://open/\(target)\n", "\(built.error)")
    let routed = await ToolRun.run(["route", "--routes", file, "myapp://open/\(target)"])
    #expect(routed.output.contains(#""parameters": {"target": "https://x.example/a?b=1#c"}"#), "\(routed)")
    #expect(await ToolRun.run(["url", "--routes", file, "open"]).output == "myapp://open/\n")
    let spaced = await ToolRun.run(["url", "--routes", file, "open", "target=a b"])
    #expect(spaced.status == 2)
    #expect(spaced.error.contains("a link cannot carry ' ' raw"), "\(spaced.error)")
    let misplaced = try temporaryRouteFile(
      "{\"schemes\": [\"myapp\"],\n \"routes\": [{\"name\": \"open\", \"pattern\": \"/open/{t:rest}?f={f}\"}]}"
    )
    let refused = await ToolRun.run(["route", "--routes", misplaced, "myapp://open/x"])
    #expect(refused.status == 2)
    #expect(refused.error.contains("must end the pattern"), "\(refused.error)")
    #expect(refused.error.contains("at line 2, column"), "\(refused.error)")
  }
}
