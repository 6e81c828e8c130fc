import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink assetlinks check, and aasa check severities")
@MainActor
struct AssetLinksCommandTests {
  private func file(_ text: String, name: String = "assetlinks.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deeplink-assetlinks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  private let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  private func statement(
    package: String = "com.example.app", fingerprints: [String]? = nil,
    relation: String =
      "delegate_permission/common.handle_all_urls"
  ) -> String {
    let list = (fingerprints ?? [fingerprint]).map { "\"\($0)\"" }.joined(separator: ", ")
    return
      #"{"relation": ["\#(relation)"], "target": {"namespace": "android_app", "package_name": "\#(package)", "sha256_cert_fingerprints": [\#(list)]}}"#
  }

  @Test("A good file exits 0 with no findings")
  func clean() async throws {
    let run = await ToolRun.run(["assetlinks", "check", "--file", try file("[\(statement())]")])
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("no problems found\n"))
  }

  @Test(
    "Each mistake gets its code and exit status",
    arguments: [
      ("[STATEMENT_BAD_PACKAGE]", "invalid-package-name", Int32(2)),
      ("[STATEMENT_LOWER]", "lowercase-fingerprint", 1),
      ("[STATEMENT_SHORT]", "invalid-fingerprint", 2),
      ("[STATEMENT_RELATION]", "unknown-relation", 1),
      ("[STATEMENT, STATEMENT]", "duplicate", 0),
      (
        #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "ios_app"}}]"#,
        "unknown-namespace", 2
      ),
      (
        #"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "web", "site": "example.com"}}]"#,
        "invalid-site", 2
      ),
      (#"{"relation": []}"#, "top-level-not-array", 2),
      ("[", "invalid-json", 2),
    ])
  func mistakes(template: String, code: String, status: Int32) async throws {
    let text =
      template
      .replacingOccurrences(of: "STATEMENT_BAD_PACKAGE", with: statement(package: "com.0example"))
      .replacingOccurrences(of: "STATEMENT_LOWER", with: statement(fingerprints: [fingerprint.lowercased()]))
      .replacingOccurrences(of: "STATEMENT_SHORT", with: statement(fingerprints: ["14:6D"]))
      .replacingOccurrences(
        of: "STATEMENT_RELATION", with: statement(relation: "delegate_permission/common.handle_all_url")
      )
      .replacingOccurrences(of: "STATEMENT", with: statement())
    let run = await ToolRun.run(["assetlinks", "check", "--file", try file(text), "--json"])
    let report = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let codes = (report["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    #expect(codes.contains(code), "\(run.output)")
    #expect(run.status == status, "\(run.output)")
  }

  @Test("A missing file is exit 2 with the file named; --file is required")
  func missing() async {
    let run = await ToolRun.run(["assetlinks", "check", "--file", "/nonexistent/assetlinks.json"])
    #expect(run.status == 2)
    #expect(run.error.contains("/nonexistent/assetlinks.json"))
    #expect(await ToolRun.run(["assetlinks", "check"]).status == 2)
  }

  @Test("aasa check: legacy paths alone are a note and exit 0; the summary counts notes")
  func aasaNotes() async throws {
    let path = try file(
      #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["*"]}]}}"#,
      name: "apple-app-site-association")
    let run = await ToolRun.run(["aasa", "check", "--file", path])
    #expect(run.status == 0)
    #expect(run.output.contains("note[paths-without-components]"))
    #expect(run.output.hasSuffix("0 errors, 0 warnings, 1 note\n"))
  }
}
