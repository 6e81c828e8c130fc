import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("long input lines")
struct LongInputLineTests {
  /// A link of about 100 KiB: over the 64 KiB line limit of the default route table.
  static let overlong = "myapp://channel/video/" + String(repeating: "9", count: 100_000)

  @Test("route --stdin reports an over-long line as line-too-long with its length, and goes on")
  func routeReportsOverlongLine() async throws {
    let run = await ToolRun.run(["route", "--stdin"], input: "\(Self.overlong)\nmyapp://channel/video/7\n")
    #expect(run.status == 1)
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect(lines[0]["errorCode"] as? String == "line-too-long")
    #expect((lines[0]["error"] as? String)?.contains("\(Self.overlong.utf8.count) bytes") == true)
    let shown = try #require(lines[0]["url"] as? String)
    #expect(shown == String(Self.overlong.prefix(200)) + "…")
    #expect(run.output.utf8.count < 1_000)
    #expect(lines[1]["route"] as? String == "clip")
  }

  @Test("route shows at most 200 characters of any rejected link")
  func routeBoundsRejectedLinks() async throws {
    // Under the line limit but over the table's 8 KiB link limit: the router refuses it.
    let long = "myapp://channel/video/" + String(repeating: "1", count: 10_000)
    let run = await ToolRun.run(
      ["route", "--stdin", "myapp://nowhere/" + String(repeating: "n", count: 300)], input: long)
    #expect(run.status == 1)
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect(lines[0]["errorCode"] as? String == "no-route")
    #expect((lines[0]["url"] as? String)?.count == 201)
    #expect(lines[1]["errorCode"] as? String != "line-too-long")
    #expect(lines[1]["url"] as? String == String(long.prefix(200)) + "…")
  }

  @Test("a route table that accepts longer links raises the line limit to match")
  func lineLimitFollowsTheTable() async throws {
    let routes = try temporaryRouteFile(
      #"{"schemes": ["myapp"], "limits": {"maxURLLength": 200000}, "routes": [{"name": "clip", "pattern": "/channel/video/{id}"}]}"#
    )
    let run = await ToolRun.run(["route", "--routes", routes, "--stdin"], input: Self.overlong)
    let lines = try run.jsonLines()
    #expect(lines.first?["route"] as? String == "clip")
  }

  @Test("audit counts an over-long line as rejected with reason line-too-long")
  func auditRejectsOverlongLine() async throws {
    let input = "myapp://channel/video/1\n\(Self.overlong)\r\nmyapp://channel/video/2\n"
    let run = await ToolRun.run(["audit", "--json"], input: input)
    #expect(run.status == 0)
    let summary = try #require(try run.jsonLines().first)
    #expect(summary["total"] as? Int == 3)
    #expect(summary["matched"] as? Int == 2)
    #expect(summary["rejected"] as? Int == 1)
    let rejections = try #require(summary["rejections"] as? [[String: Any]])
    #expect(rejections.first?["reason"] as? String == "line-too-long")
    let examples = try #require(rejections.first?["examples"] as? [String])
    #expect(examples.allSatisfy { $0.count <= 201 })
  }

  @Test("channel refuses an over-long command line and reads the next one")
  func channelRefusesOverlongLine() async throws {
    let run = await ToolRun.run(["channel"], input: "open \(Self.overlong)\nstate\n")
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect((lines[0]["error"] as? String)?.contains("over the limit of 65536 bytes") == true)
    #expect(lines[1]["page"] as? String == "main")
  }
}
