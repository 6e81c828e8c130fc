import Foundation
import Testing

@testable import DeepLinkCommands

/// Standard input built to hurt the tool: invalid UTF-8, NUL bytes, bidirectional overrides, a
/// megabyte on one line, many lines. Every line gets its answer, the answer is valid JSON, and the
/// tool never stops early.
@Suite("Hostile input: tool")
struct ToolHostileInputTests {
  @Test func routeAnswersEveryHostileLineWithItsCode() async throws {
    var bytes: [UInt8] = []
    func line(_ text: String) { bytes += Array(text.utf8) + [0x0A] }
    bytes += [0xC3, 0x28, 0x0A]  // invalid UTF-8
    bytes += Array("myapp://channel/video/".utf8) + [0xC0, 0xAF, 0x0A]  // an overlong "/"
    bytes += Array("myapp://channel/video/".utf8) + [0xED, 0xA0, 0x80, 0x0A]  // a surrogate
    bytes += Array("myapp://channel/video/1".utf8) + [0x00] + Array("2".utf8) + [0x0A]  // NUL
    line("myapp://channel/video/\u{202E}gpj.exe")
    line("myapp://channel/video/%E2%80%AEgpj.exe")
    line("https://example.com/channel/video/" + String(repeating: "a", count: 1 << 20))
    line("https://example.com.evil.com/channel")
    line("https://example.com\\@evil.com/channel")
    line("https://EXAMPLE.COM:443/channel/video/1")
    line("myapp://channel/video/1\tx")
    let run = await ToolRun.run(["route", "--stdin"], inputBytes: bytes)
    let lines = try run.jsonLines()
    #expect(
      lines.map { $0["errorCode"] as? String } == [
        "invalid-utf8", "invalid-utf8", "invalid-utf8", "invalid-character", "forbidden-character",
        "forbidden-character", "line-too-long", "unknown-host", "user-info", nil, "invalid-character",
      ])
    #expect(lines[9]["route"] as? String == "clip")
    #expect(run.status == 1)
  }

  @Test func routeReadsTenThousandLines() async throws {
    let input = String(repeating: "myapp://channel/video/1\n%ZZ\n", count: 5_000)
    let run = await ToolRun.run(["route", "--stdin"], input: input)
    #expect(run.lines.count == 10_000)
    #expect(try run.jsonLines().filter { $0["errorCode"] as? String == "relative-url" }.count == 5_000)
  }

  /// Each command line gives one JSON object; blank and `#` lines give nothing.
  static func checkChannel(_ bytes: [UInt8], commands: Int) async throws -> [[String: Any]] {
    let run = await ToolRun.run(["channel", "--wait-ready"], inputBytes: bytes)
    #expect(run.status == 0, "\(run.error)")
    let lines = try run.jsonLines()
    #expect(lines.count == commands)
    return lines
  }

  @Test func channelSurvivesInvalidUTF8AndNULBytes() async throws {
    var bytes: [UInt8] = [0xFF, 0xFE, 0x0A]
    bytes += Array("search ".utf8) + [0xC3, 0x28, 0x00, 0x41] + [0x0A]
    bytes += Array("search ".utf8) + [0xF4, 0x90, 0x80, 0x80] + [0x0A]  // above U+10FFFF
    bytes += Array("open myapp://channel/video/1".utf8) + [0x00, 0x0A]
    bytes += [0x00, 0x0A]
    bytes += Array("ready\nstate\n".utf8)
    let lines = try await Self.checkChannel(bytes, commands: 7)
    #expect(lines[0]["error"] as? String == "input line is not valid UTF-8")
    // The search with broken bytes is refused as `deeplink route` refuses such a line, not repaired.
    #expect(lines[1]["error"] as? String == "input line is not valid UTF-8")
    #expect(lines[2]["error"] as? String == "input line is not valid UTF-8")
    #expect(lines[3]["error"] as? String != nil)
    #expect(lines[6]["page"] as? String == "main")
    #expect(lines[6]["query"] is NSNull)
  }

  @Test func channelRefusesBidiOverridesInLinks() async throws {
    let input = """
      open myapp://channel/video/\u{202E}1
      open myapp://channel/video/%E2%80%AE1
      open https://example.com.evil.com/channel/video/12345
      open https://example.com\\@evil.com/channel/video/12345
      ready
      state
      """
    let lines = try await Self.checkChannel(Array(input.utf8), commands: 6)
    for line in lines.prefix(4) { #expect(line["error"] as? String != nil, "\(line)") }
    #expect(lines[5]["page"] as? String == "main")
  }

  @Test func channelTakesAMegabyteLineAndManyLines() async throws {
    var input = "search " + String(repeating: "x", count: 1 << 20) + "\n"
    input += "open https://example.com/channel/video/" + String(repeating: "%41", count: 100_000) + "\n"
    input += String(repeating: "back\n# comment\n\n", count: 2_000)
    input += "ready\n"
    let lines = try await Self.checkChannel(Array(input.utf8), commands: 2_003)
    #expect(lines[1]["error"] as? String != nil)
  }
}
