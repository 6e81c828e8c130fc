import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink open and deeplink channel")
struct ChannelCommandTests {
  @Test func openPrintsTheScreenStack() async throws {
    let run = await ToolRun.run(["open", "myapp://channel/video/12345"])
    #expect(run.status == 0)
    #expect(run.lines.first == "open myapp://channel/video/12345")
    #expect(run.lines[1].hasPrefix("  ▸ 2. detail · clip 12345"))
    #expect(run.lines[2].hasPrefix("    1. main"))
    #expect(run.output.contains("share: https://example.com/channel/video/12345"))
  }

  @Test func openAsJSONAndFailures() async throws {
    let run = await ToolRun.run([
      "open", "--json", "https://example.com/channel/playlist/678", "myapp://channel/video/999",
      "myapp://nowhere",
    ])
    #expect(run.status == 1)
    let lines = try run.jsonLines()
    #expect(lines.count == 3)
    #expect(
      (lines[0]["stack"] as? [String]) == [
        "https://example.com/channel", "https://example.com/channel/playlist/678",
      ])
    #expect(lines[1]["error"] as? String == "unknown clip \"999\"")
    #expect((lines[1]["stack"] as? [String]) == (lines[0]["stack"] as? [String]))
    #expect((lines[2]["error"] as? String)?.contains("no channel route matches") == true)
  }

  @Test func openNeedsALinkAndAValidChannel() async throws {
    #expect(await ToolRun.run(["open"]).status == 2)
    let file = try temporaryRouteFile("{\"id\": 1}")
    let bad = await ToolRun.run(["open", "--channel", file, "myapp://channel"])
    #expect(bad.status == 2)
    #expect(bad.error.contains(file))
  }

  static let script = """
    entity mediaclip 12345
    search highlights
    open myapp://channel/playlist/678
    state
    ready
    back
    entity mediaclip 999
    page detail clipId=12345
    page detial clipId=12345
    subchannel sports
    open https://example.com/channel/search/goal%20highlights
    back
    back
    back
    bogus
    """

  @Test func channelQueuesUntilReadyThenAppliesOnce() async throws {
    let run = await ToolRun.run(["channel", "--wait-ready"], input: Self.script)
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == 15)
    #expect(lines[0]["pending"] as? Int == 1)
    #expect(lines[2]["pending"] as? Int == 3)
    #expect(lines[3]["page"] as? String == "main")
    // Ready: the calls apply in order, once; the last leaves the playlist on top of main.
    #expect(lines[4]["page"] as? String == "overview")
    #expect(lines[4]["clipListId"] as? String == "678")
    #expect(lines[4]["depth"] as? Int == 2)
    #expect(lines[4]["pending"] as? Int == 0)
    #expect(lines[5]["page"] as? String == "main")
    #expect(lines[6]["error"] as? String == "unknown clip \"999\"")
    #expect(lines[7]["clipId"] as? String == "12345")
    #expect((lines[8]["error"] as? String)?.hasPrefix("unknown page \"detial\"") == true)
    #expect(lines[9]["subChannelId"] as? String == "sports")
    #expect(lines[10]["query"] as? String == "goal highlights")
    #expect(lines[11]["page"] as? String == "main")
    #expect(lines[12]["depth"] as? Int == 1)
    #expect(lines[13]["depth"] as? Int == 1)
    #expect((lines[14]["error"] as? String)?.hasPrefix("unknown command") == true)
  }

  @Test func channelWithoutWaitingAppliesImmediately() async throws {
    let run = await ToolRun.run(
      ["channel", "--initial", "myapp://channel/search/highlights"],
      input: "state\nentity mediacliplist 678\n")
    let lines = try run.jsonLines()
    #expect(lines[0]["page"] as? String == "search")
    #expect(lines[0]["query"] as? String == "highlights")
    #expect(lines[1]["page"] as? String == "overview")
  }

  @Test func newestLinkWinsBeforeReady() async throws {
    let run = await ToolRun.run(
      ["channel", "--wait-ready", "--initial", "myapp://channel/video/12345"],
      input: "open myapp://channel/search/a\nopen myapp://channel/playlist/678\nready\n")
    let lines = try run.jsonLines()
    #expect(lines[1]["pending"] as? Int == 1)
    #expect(lines[2]["page"] as? String == "overview")
  }

  @Test func badInitialLinkIsAUsageError() async throws {
    let run = await ToolRun.run(["channel", "--initial", "myapp://elsewhere"], input: "")
    #expect(run.status == 2)
    #expect(run.error.contains("no channel route matches"))
    #expect(await ToolRun.run(["channel", "--initial", "%%"], input: "").status == 2)
  }

  /// Fuzz finding `Fuzz/Regressions/channel-line-of-carriage-returns`: a line of carriage returns
  /// (as a CRLF file with a blank line of stray `\r`s has) is blank, not a command; one output line
  /// per real command, before and after it.
  @Test func lineOfCarriageReturnsIsBlank() async throws {
    let run = await ToolRun.run(
      ["channel", "--wait-ready"], inputBytes: Array("ssubchad=678\n\r\r\r\n \t\r\r\nback\n".utf8))
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect((lines[0]["error"] as? String)?.hasPrefix("unknown command 'ssubchad=678'") == true)
    #expect(lines[1]["pending"] as? Int == 1)
  }

  @Test(arguments: ["open", "channel"])
  func help(_ command: String) async throws {
    let run = await ToolRun.run([command, "--help"])
    #expect(run.output.hasPrefix("USAGE: deeplink \(command)"))
  }
}
