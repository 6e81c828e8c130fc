import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

/// What a file, a server or a route table says is printed as text, never as terminal controls: ESC
/// sequences (colours, OSC 8 hyperlinks), BEL, U+202E and the other bidirectional controls, C1
/// controls.
@Suite("Outside text reaches the terminal escaped")
struct TerminalEscapingTests {
  /// The raw scalars no output line may hold.
  static let forbidden: [Unicode.Scalar] = [
    "\u{1B}", "\u{07}", "\u{9B}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\r",
  ]

  /// Text that would colour the terminal, open a hyperlink, ring and reverse the line.
  static let hostile =
    "\u{1B}[31mred\u{1B}]8;;https://attacker.example/\u{07}click\u{1B}]8;;\u{07}\u{202E}gpj\u{9B}2J"

  static func expectNoControls(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for scalar in forbidden {
      #expect(
        !text.unicodeScalars.contains(scalar),
        "\(what) holds U+\(String(scalar.value, radix: 16, uppercase: true)) raw: \(text.debugDescription)",
        sourceLocation: sourceLocation)
    }
  }

  static func expectClean(_ run: ToolRun, sourceLocation: SourceLocation = #_sourceLocation) {
    expectNoControls(run.output, "standard output", sourceLocation: sourceLocation)
    expectNoControls(run.error, "standard error", sourceLocation: sourceLocation)
  }

  /// A file holding `text`, written to a temporary directory.
  static func file(_ text: String, named name: String = "file.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("escaping-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// `text` as a JSON string literal with every non-ASCII and control scalar as a `\u` escape, so
  /// the file is valid JSON and its decoded strings hold the raw controls.
  static func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value >= 0x7F || scalar == "\"" || scalar == "\\" {
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static var hostileAASA: String {
    let key = json(hostile)
    return """
      {"applinks": {"details": [{"appIDs": [\(json("ABCDE12345.com." + hostile)), \(json("noprefix" + hostile))],
      "components": [{"/": \(json("/buy/" + hostile + "#x")), "?": {\(key): 1}, \(key): "x"}], \(key): []}]},
      \(key): {}}
      """
  }

  @Test("aasa check --file prints what the file holds escaped, as text and as JSON")
  func aasaCheckFile() async throws {
    let path = try Self.file(Self.hostileAASA, named: "aasa\u{1B}[31m\u{202E}.json")
    let text = await ToolRun.run(["aasa", "check", "--file", path])
    #expect(text.status != 0)
    #expect(text.output.contains(#"\u{1B}[31m"#), "\(text.output)")
    Self.expectClean(text)
    let json = await ToolRun.run(["aasa", "check", "--file", path, "--json"])
    Self.expectClean(json)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((object["diagnostics"] as? [Any])?.isEmpty == false)
  }

  @Test("assetlinks check --file prints what the file holds escaped")
  func assetLinksCheckFile() async throws {
    let value = Self.json(Self.hostile)
    let path = try Self.file(
      """
      [{"relation": [\(value)], "target": {"namespace": \(value), "package_name": \(value),
      "sha256_cert_fingerprints": [\(value)], \(value): 1}, \(value): 2}]
      """)
    let text = await ToolRun.run(["assetlinks", "check", "--file", path])
    #expect(text.status == 2)
    #expect(text.output.contains(#"\u{202E}"#), "\(text.output)")
    Self.expectClean(text)
    let json = await ToolRun.run(["assetlinks", "check", "--file", path, "--json"])
    Self.expectClean(json)
    #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
  }

  @Test("A file that is not JSON, or not UTF-8, is reported escaped")
  func brokenFiles() async throws {
    let path = try Self.file("{\"applinks\": \(Self.hostile)")
    let run = await ToolRun.run(["aasa", "check", "--file", path])
    Self.expectClean(run)
    let match = await ToolRun.run(["aasa", "match", "--file", path, "https://example.com/"])
    #expect(match.status == 2)
    Self.expectClean(match)
  }

  @Test("aasa match writes its notes and its JSON lines escaped")
  func aasaMatchNotes() async throws {
    let long = String(repeating: "a", count: 1100)
    let value = Self.json(Self.hostile)
    let path = try Self.file(
      """
      {"applinks": {"details": [{"appIDs": [\(Self.json("noprefix" + Self.hostile))],
      "components": [{"/": \(Self.json("/" + long + Self.hostile))}, {"/": "/q", "?": {\(value): 1}},
      {"/": \(Self.json("/" + Self.hostile))}]}]}}
      """)
    let run = await ToolRun.run([
      "aasa", "match", "--file", path, "https://example.com/" + Self.hostile, "/x\u{1B}[31m",
    ])
    #expect(run.error.contains("note:"), "\(run.error)")
    #expect(run.error.contains(#"\u{202E}"#), "\(run.error)")
    Self.expectClean(run)
    for line in run.lines {
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
  }

  @Test("Route names from a route file are escaped wherever site and aasa generate print them")
  func routeNamesInMessages() async throws {
    let name = Self.json("promo" + Self.hostile)
    let routes = try temporaryRouteFile(
      """
      {"schemes": ["myapp"], "hosts": ["example.com"], "routes": [
      {"name": \(name), "pattern": "/promo/{id:int}"}, {"name": \(Self.json("x\n" + Self.hostile)), "pattern": "/x/{id:uuid}"}]}
      """)
    let generate = await ToolRun.run(["aasa", "generate", "--routes", routes, "--app-id", demoAppID])
    #expect(generate.status == 0, "\(generate.error)")
    #expect(generate.error.contains("widening"))
    Self.expectClean(generate)
    let site = await ToolRun.run([
      "site", "--routes", routes, "--app-id", demoAppID, "--out", temporaryDirectory(),
    ])
    #expect(site.status == 0, "\(site.error)")
    Self.expectClean(site)
    let broken = try temporaryRouteFile(
      #"{"schemes": ["myapp"], "routes": [{"name": \#(name), "pattern": \#(Self.json("/a/{" + Self.hostile))}]}"#
    )
    let refused = await ToolRun.run(["route", "--routes", broken, "myapp://a"])
    #expect(refused.status == 2)
    Self.expectClean(refused)
  }

  @Test("open prints the link it was given escaped")
  func openEscapesTheLink() async {
    let run = await ToolRun.run(["open", "myapp://channel/video/" + Self.hostile])
    #expect(run.output.contains(#"\u{1B}"#), "\(run.output)")
    Self.expectClean(run)
  }

  @Test("JSON strings escape C1 controls and every bidirectional control")
  func jsonEscapesC1AndBidi() async {
    let run = await ToolRun.run(["route", "myapp://nope/" + Self.hostile + "\u{200F}\u{061C}"])
    Self.expectClean(run)
    #expect(run.output.contains(#"\u009B"#), "\(run.output)")
  }

  @Test(
    "aasa check --url prints a hostile Location escaped",
    .enabled(
      if: TrustedRun.available,
      "needs openssl, python3, the built deeplink and unshare --mount --map-root-user"),
    .timeLimit(.minutes(3)))
  func hostileLocation() async throws {
    let server = try await WellKnownServer(mode: .hostileRedirect)
    for command in [["aasa", "check"], ["assetlinks", "check"]] {
      let text = try await TrustedRun.run(
        command + ["--url", server.origin], trusting: server.certificateAuthorityFile)
      #expect(text.status == 2)
      #expect(text.output.contains("Location: \(server.origin)/\\u{1B}[31mred"), "\(text.output)")
      Self.expectClean(text)
      let json = try await TrustedRun.run(
        command + ["--url", server.origin, "--json"], trusting: server.certificateAuthorityFile)
      Self.expectClean(json)
      #expect(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) is [String: Any])
    }
  }

  @Test(
    "A hostile Content-Type is printed escaped",
    .enabled(
      if: TrustedRun.available,
      "needs openssl, python3, the built deeplink and unshare --mount --map-root-user"),
    .timeLimit(.minutes(3)))
  func hostileContentType() async throws {
    let server = try await WellKnownServer(
      mode: .ok, body: LiveCheckTests.goodAssetLinks, contentType: "text/html" + Self.hostile)
    let run = try await TrustedRun.run(
      ["assetlinks", "check", "--url", server.origin], trusting: server.certificateAuthorityFile)
    #expect(run.status == 2)
    #expect(run.output.contains("served as text/html\\u{1B}"), "\(run.output)")
    Self.expectClean(run)
  }
}
