import Foundation
import Testing

/// A route file whose host is written in Unicode, through every command that reads or writes hosts: each
/// reads links in either spelling, writes the ASCII form (`xn--`) where a link, a file or a server names
/// the host, and refuses a host with no ASCII form with its place in the file.
@Suite("deeplink: Unicode hosts")
struct UnicodeHostCommandTests {
  static let routes = """
    {"schemes": ["chat"], "hosts": ["chat.example.भारत"],
     "routes": [{"name": "room", "pattern": "/room/{id}"}]}
    """
  static let ascii = "chat.example.xn--h2brj9c"

  @Test func routeReadsEitherSpellingAndNamesTheASCIIHost() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run([
      "route", "--routes", file, "https://chat.example.भारत/room/42", "https://\(Self.ascii)/room/42",
      "https://chat.example.xn--zz/room/1",
    ])
    let lines = try run.jsonLines()
    #expect(lines.map { $0["route"] as? String } == ["room", "room", nil], "\(run.output)")
    #expect(lines.prefix(2).allSatisfy { $0["source"] as? String == Self.ascii }, "\(run.output)")
    #expect(lines.last?["errorCode"] as? String == "invalid-host")
    #expect((lines.last?["error"] as? String)?.contains("'xn--zz' is not valid Punycode") == true)
    #expect(run.status == 1)
  }

  @Test func urlBuildsTheASCIIForm() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let plain = await ToolRun.run(["url", "--routes", file, "room", "id=42"])
    #expect(plain.output == "https://\(Self.ascii)/room/42\n", "\(plain.error)")
    let onHost = await ToolRun.run(["url", "--routes", file, "--host", "Chat.Example.भारत", "room", "id=7"])
    #expect(onHost.output == "https://\(Self.ascii)/room/7\n", "\(onHost.error)")
  }

  @Test func associationFilesAndServersNameTheASCIIHost() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let aasa = await ToolRun.run([
      "aasa", "generate", "--routes", file, "--app-id", demoAppID, "--domain", "chat.example.भारत",
    ])
    #expect(aasa.status == 0, "\(aasa.error)")
    #expect(aasa.error.contains("entitlement applinks:\(Self.ascii)"), "\(aasa.error)")
    #expect(aasa.error.contains("https://\(Self.ascii)/.well-known/apple-app-site-association"))
    let android = await ToolRun.run(["android", "generate", "--routes", file, "--domain", "chat.example.भारत"])
    #expect(android.status == 0, "\(android.error)")
    #expect(android.output.contains("<data android:host=\"\(Self.ascii)\" />"), "\(android.output)")
    #expect(!android.output.contains("भारत"))
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deeplink-idn-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let site = await ToolRun.run(["site", "--routes", file, "--app-id", demoAppID, "--out", out.path])
    #expect(site.status == 0, "\(site.error)")
    let nginx = try String(contentsOf: out.appendingPathComponent("nginx.conf"), encoding: .utf8)
    #expect(nginx.contains("server_name \(Self.ascii);"), "\(nginx)")
    #expect(!nginx.contains("भारत"))
  }

  @Test func auditCountsLinksInEitherSpellingAsTheOneHost() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let input = [
      "https://chat.example.भारत/room/1", "https://\(Self.ascii)/room/2", "https://chat.example.xn--zz/room/3",
    ].joined(separator: "\n")
    let run = await ToolRun.run(["audit", "--routes", file, "--json"], input: input)
    let summary = try #require(try run.jsonLines().first)
    #expect(summary["matched"] as? Int == 2, "\(run.output)")
    #expect((summary["routes"] as? [String: Int])?["room"] == 2)
    let rejections = try #require(summary["rejections"] as? [[String: Any]])
    #expect(rejections.map { $0["reason"] as? String } == ["invalid-host"])
  }

  @Test func aHostWithNoASCIIFormIsARouteFileErrorWithItsPlace() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["chat"],
       "hosts": ["chat.example.भारत", "chat.example.xn--zz"],
       "routes": [{"name": "room", "pattern": "/room/{id}"}]}
      """)
    let run = await ToolRun.run(["route", "--routes", file, "chat://room/1"])
    #expect(run.status == 2)
    #expect(run.error.contains("hosts[1]"), "\(run.error)")
    #expect(run.error.contains("'xn--zz' is not valid Punycode of a Unicode label"), "\(run.error)")
    #expect(run.error.contains("line 2, column 33"), "\(run.error)")
  }
}
