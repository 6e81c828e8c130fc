import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink audit")
struct AuditCommandTests {
  static let input = [
    "myapp://channel", "myapp://channel/video/1", "https://example.com/channel/video/2",
    "https://evil.com/channel",
    "https://evil.com/other", "myapp://nowhere", "", "myapp://channel/video/%ZZ",
  ].joined(separator: "\n")

  @Test func jsonSummary() async throws {
    let run = await ToolRun.run(["audit", "--json", "--examples", "1"], input: Self.input)
    #expect(run.status == 0)
    let summary = try #require(try run.jsonLines().first)
    #expect(summary["total"] as? Int == 7)
    #expect(summary["blank"] as? Int == 1)
    #expect(summary["matched"] as? Int == 3)
    #expect(summary["unmatched"] as? Int == 1)
    #expect(summary["rejected"] as? Int == 3)
    let routes = try #require(summary["routes"] as? [String: Int])
    #expect(routes["clip"] == 2)
    #expect(routes["main"] == 1)
    #expect(routes["search"] == 0)
    let rejections = try #require(summary["rejections"] as? [[String: Any]])
    #expect(
      rejections.map { $0["reason"] as? String } == ["unknown-host", "malformed-percent-escape"])
    #expect(rejections.first?["count"] as? Int == 2)
    #expect((rejections.first?["examples"] as? [String]) == ["https://evil.com/channel"])
  }

  @Test func textReport() async throws {
    let run = await ToolRun.run(["audit"], input: Self.input)
    #expect(run.status == 0)
    #expect(run.output.contains("matched                     3  (42.9 %)"), "\(run.output)")
    #expect(run.output.contains("  unknown-host              2"), "\(run.output)")
    #expect(run.output.contains("blank lines                 1  (skipped)"), "\(run.output)")
    #expect(run.output.contains("e.g. https://evil.com/channel"))
    // Unmatched links are grouped by the route that came closest, with why it stopped.
    #expect(run.output.contains("unmatched, by the route that came closest:"))
    #expect(run.output.contains("  main expected-literal"), "\(run.output)")
    #expect(run.output.contains(#"route 'main': segment 1 "nowhere" is not 'channel'"#))
    #expect(run.output.contains("e.g. myapp://nowhere"))
  }

  @Test func unmatchedLinksGroupedByNearestRouteInJSON() async throws {
    let input = [
      "myapp://channel/video", "myapp://channel/video/1/2", "https://example.com/channel/video/3/4",
      "myapp://channel/vidoe/1",
    ].joined(separator: "\n")
    let run = await ToolRun.run(["audit", "--json"], input: input)
    let summary = try #require(try run.jsonLines().first)
    let groups = try #require(summary["unmatchedByNearestRoute"] as? [[String: Any]])
    #expect(
      groups.map { "\($0["route"] ?? "") \($0["code"] ?? "") \($0["count"] ?? "")" } == [
        "clip too-many-segments 2", "clip expected-literal 1", "clip too-few-segments 1",
      ])
    #expect((groups[0]["examples"] as? [String])?.count == 2)
  }

  @Test func invalidUTF8LinesAreRejected() async throws {
    let run = await ToolRun.run(
      ["audit", "--json"],
      inputBytes: [0xC3, 0x28, 0x0A] + Array("myapp://channel/video/".utf8) + [0xC0, 0xAF, 0x0A]
        + Array("myapp://channel".utf8))
    let summary = try #require(try run.jsonLines().first)
    #expect(summary["total"] as? Int == 3)
    #expect(summary["rejected"] as? Int == 2, "a plain invalid byte and an overlong form alike")
    #expect(summary["matched"] as? Int == 1)
  }

  @Test func streamsALargeInput() async throws {
    let lines = (0..<50_000).map { "myapp://channel/video/\($0)" }.joined(separator: "\n")
    let run = await ToolRun.run(["audit", "--json"], input: lines)
    let summary = try #require(try run.jsonLines().first)
    #expect(summary["matched"] as? Int == 50_000)
  }

  @Test func usage() async throws {
    #expect(await ToolRun.run(["audit", "myapp://x"]).status == 2)
    #expect(await ToolRun.run(["audit", "--examples", "many"]).status == 2)
  }
}
