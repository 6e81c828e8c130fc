import DeepLinkingTestSupport
import Foundation
import Testing

/// Runs the built `deeplink` with a test CA as the only trusted root.
///
/// swift-corelibs-foundation's URLSession always verifies against libcurl's CA bundle, so on Linux
/// the tool runs in a private mount namespace (`unshare --mount --map-root-user`) where that bundle is
/// the test CA; nothing outside the child process sees the change.
enum TrustedRun {
  static let caBundle = "/etc/ssl/certs/ca-certificates.crt"

  static let deeplink = BuiltProducts.executable(named: "deeplink")

  /// Whether the trusted cases can run: openssl, python3, the built tool, the bundle, and a mount
  /// namespace this user may create.
  static let available: Bool = {
    guard LiveCheckTests.serverAvailable, deeplink != nil, FileManager.default.fileExists(atPath: caBundle),
      executableOnPath("unshare")
    else { return false }
    return (try? run(["/bin/true"], status: true)) == 0
  }()

  /// Runs `deeplink arguments` trusting only `certificateAuthority`.
  static func run(_ arguments: [String], trusting certificateAuthority: String) async throws -> ToolRun {
    let run = try await measured(arguments, trusting: certificateAuthority)
    return ToolRun(status: run.status, output: run.output, error: run.error)
  }

  /// Runs `deeplink arguments` trusting only `certificateAuthority`, with its peak memory and running time.
  static func measured(_ arguments: [String], trusting certificateAuthority: String) async throws
    -> MeasuredProcess
  {
    // The bind mount is set-up, not the subject: when mount(8) itself fails (seen under load as its
    // "internal error" status), it is tried again, a bounded number of times.
    var attempt = 0
    while true {
      let run = try await runOnce(arguments, trusting: certificateAuthority)
      attempt += 1
      guard run.status == mountFailed, attempt < 3 else { return run }
    }
  }

  /// The status the wrapper exits with when the bind mount fails, before the tool runs.
  static let mountFailed: Int32 = 97

  private static func runOnce(_ arguments: [String], trusting certificateAuthority: String) async throws
    -> MeasuredProcess
  {
    guard let deeplink else { throw ToolRunError.notAnObject("deeplink is not built") }
    return try await MeasuredProcess.run(
      [
        "unshare", "--mount", "--map-root-user", "/bin/sh", "-c",
        #"mount --bind "$0" "$1" || exit 97; shift && exec "$@""#, certificateAuthority, caBundle,
        deeplink.path,
      ] + arguments)
  }

  private static func run(_ command: [String], status: Bool) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["unshare", "--mount", "--map-root-user"] + command
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

@Suite("aasa check and assetlinks check --url", .serialized)
struct LiveCheckTests {
  static let serverAvailable = executableOnPath("openssl") && executableOnPath("python3")

  static let goodAASA = Data(
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*"}]}]}}"#
      .utf8)
  static let goodAssetLinks = Data(
    """
    [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
    "package_name": "com.example.app", "sha256_cert_fingerprints":
    ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
    """.utf8)

  static func diagnostics(_ run: ToolRun) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
    return object?["diagnostics"] as? [[String: Any]] ?? []
  }

  static func codes(_ run: ToolRun) throws -> [String] {
    try diagnostics(run).compactMap { $0["code"] as? String }
  }

  static let trusted = Testing.ConditionTrait.enabled(
    if: TrustedRun.available,
    "needs openssl, python3, the built deeplink and unshare --mount --map-root-user (a test CA must be trusted)"
  )

  @Test(trusted)
  func goodFilesPassOverHTTPS() async throws {
    let aasaServer = try await WellKnownServer(mode: .ok, body: Self.goodAASA)
    let aasa = try await TrustedRun.run(
      ["aasa", "check", "--url", aasaServer.origin, "--json"], trusting: aasaServer.certificateAuthorityFile)
    #expect(aasa.status == 0, "\(aasa.output) \(aasa.error)")
    #expect(try Self.codes(aasa) == [])
    #expect(aasa.output.contains("/.well-known/apple-app-site-association"))

    let assetServer = try await WellKnownServer(mode: .ok, body: Self.goodAssetLinks)
    let assetLinks = try await TrustedRun.run(
      ["assetlinks", "check", "--url", assetServer.origin], trusting: assetServer.certificateAuthorityFile)
    #expect(assetLinks.status == 0, "\(assetLinks.output) \(assetLinks.error)")
    #expect(assetLinks.lines.last == "\(assetServer.origin)/.well-known/assetlinks.json: no problems found")
  }

  @Test(trusted)
  func fetchedBodyIsCheckedLikeAFile() async throws {
    let server = try await WellKnownServer(
      mode: .ok, body: Data(#"{"applinks": {"details": [{"appID": ["x"]}]}}"#.utf8))
    let run = try await TrustedRun.run(
      ["aasa", "check", "--url", server.origin, "--json"], trusting: server.certificateAuthorityFile)
    #expect(run.status == 2)
    #expect(try Self.codes(run).contains("wrong-type"))
  }

  @Test(trusted)
  func redirectIsReportedWithItsLocationAndNotFollowed() async throws {
    let server = try await WellKnownServer(mode: .redirect, body: Self.goodAASA)
    let run = try await TrustedRun.run(
      ["aasa", "check", "--url", server.origin, "--json"], trusting: server.certificateAuthorityFile)
    #expect(run.status == 2)
    let redirect = try Self.diagnostics(run).first { $0["code"] as? String == "redirect" }
    let message = try #require(redirect?["message"] as? String)
    #expect(message.contains("301"))
    #expect(message.contains("Location: \(server.origin)/moved/apple-app-site-association"))
    #expect(try server.requests() == ["GET /.well-known/apple-app-site-association"])
  }

  @Test(trusted)
  func notFoundIsAnError() async throws {
    let server = try await WellKnownServer(mode: .missing)
    let run = try await TrustedRun.run(
      ["assetlinks", "check", "--url", server.origin + "/"], trusting: server.certificateAuthorityFile)
    #expect(run.status == 2)
    #expect(run.output.contains("error[http-status]"))
    #expect(run.output.contains("answered 404"))
  }

  @Test(trusted)
  func contentTypeIsAnErrorForAndroidAndANoteForApple() async throws {
    let assetServer = try await WellKnownServer(
      mode: .ok, body: Self.goodAssetLinks, contentType: "text/html")
    let assetLinks = try await TrustedRun.run(
      ["assetlinks", "check", "--url", assetServer.origin, "--json"],
      trusting: assetServer.certificateAuthorityFile)
    #expect(assetLinks.status == 2)
    #expect(try Self.codes(assetLinks) == ["content-type"])

    let aasaServer = try await WellKnownServer(mode: .ok, body: Self.goodAASA, contentType: "")
    let aasa = try await TrustedRun.run(
      ["aasa", "check", "--url", aasaServer.origin, "--json"], trusting: aasaServer.certificateAuthorityFile)
    #expect(aasa.status == 0)
    let note = try #require(try Self.diagnostics(aasa).first)
    #expect(note["severity"] as? String == "note")
    #expect((note["message"] as? String)?.contains("without a Content-Type") == true)
  }

  @Test(trusted)
  func bodiesOver128KBAreRefusedWhetherAnnouncedOrStreamed() async throws {
    let padding = String(repeating: " ", count: 140 * 1024)
    let big = try await WellKnownServer(mode: .ok, body: Data((padding + "[]").utf8))
    let announced = try await TrustedRun.run(
      ["assetlinks", "check", "--url", big.origin, "--json"], trusting: big.certificateAuthorityFile)
    #expect(announced.status == 2)
    #expect(try Self.codes(announced) == ["file-too-large"])

    let endless = try await WellKnownServer(mode: .endless)
    let start = ContinuousClock.now
    let streamed = try await TrustedRun.run(
      ["aasa", "check", "--url", endless.origin, "--json"], trusting: endless.certificateAuthorityFile)
    #expect(streamed.status == 2)
    #expect(try Self.codes(streamed) == ["file-too-large"])
    // Within the first 128 KB, however long the server would go on: seconds, with room for a busy
    // machine.
    #expect(ContinuousClock.now - start < .seconds(15))
  }

  /// The most memory a `deeplink` run may take whatever the server sends: the tool itself needs about
  /// 40 MB, and the fetch keeps at most 128 KB of the body.
  static let memoryBound = 100 * 1024 * 1024

  /// Runs `aasa check --url --timeout 2 --json` against a hostile server and checks that it ends with
  /// `code`, in bounded memory, long before the server would stop. That the fetch ends at its limit
  /// itself is tested on the fetch, on a clock the test moves (`TrackingLinkResolverTests`).
  func expectBounded(
    _ mode: WellKnownServer.Mode, code: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    async throws
  {
    let server = try await WellKnownServer(mode: mode)
    let run = try await TrustedRun.measured(
      ["aasa", "check", "--url", server.origin, "--timeout", "2", "--json"],
      trusting: server.certificateAuthorityFile)
    #expect(run.status == 2, "\(run.output) \(run.error)", sourceLocation: sourceLocation)
    let codes = try Self.codes(ToolRun(status: run.status, output: run.output, error: run.error))
    #expect(codes == [code], sourceLocation: sourceLocation)
    // Two seconds of limit at most, and five times that for a busy machine.
    #expect(run.elapsed < .seconds(15), "took \(run.elapsed)", sourceLocation: sourceLocation)
    #expect(
      run.peakMemory < Self.memoryBound, "peak memory \(run.peakMemory / 1_048_576) MB",
      sourceLocation: sourceLocation)
  }

  @Test(trusted)
  func chunkedBodyTrickledWithoutEndTimesOutOnTheWallClock() async throws {
    // 8 bytes every 50 ms: every read arrives long before an idle timeout, and the body never reaches
    // 128 KB; only a limit on the whole fetch ends it.
    try await expectBounded(.trickle, code: "fetch-timeout")
  }

  @Test(trusted)
  func announcedTenGigabytesStopAtTheLimit() async throws {
    try await expectBounded(.huge, code: "file-too-large")
  }

  @Test(trusted)
  func unannouncedFloodStopsAtTheLimit() async throws {
    try await expectBounded(.flood, code: "file-too-large")
  }

  @Test(trusted)
  func gzipBombIsCappedOnItsDecodedSize() async throws {
    // 1 MB on the wire that inflates to 1 GB: the limit holds on the decoded bytes.
    try await expectBounded(.gzip, code: "file-too-large")
  }

  @Test(trusted)
  func slowServerTimesOut() async throws {
    let server = try await WellKnownServer(mode: .slow, body: Self.goodAASA)
    let start = ContinuousClock.now
    let run = try await TrustedRun.run(
      ["aasa", "check", "--url", server.origin, "--timeout", "1"], trusting: server.certificateAuthorityFile)
    #expect(run.status == 2)
    #expect(run.output.contains("error[fetch-timeout]"))
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test(.enabled(if: serverAvailable, "needs openssl and python3 on PATH"))
  func untrustedCertificateFailsSayingSo() async throws {
    let server = try await WellKnownServer(mode: .ok, body: Self.goodAASA)
    let run = await ToolRun.run(["aasa", "check", "--url", server.origin, "--json"])
    #expect(run.status == 2)
    let finding = try #require(try Self.diagnostics(run).first)
    #expect(finding["code"] as? String == "certificate-not-trusted")
    #expect((finding["message"] as? String)?.contains("certificate is not trusted") == true)
  }

  @Test func usageErrors() async {
    for arguments in [
      ["aasa", "check", "--url", "http://example.com"],
      ["assetlinks", "check", "--url", "http://example.com"],
      ["aasa", "check", "--url", "https://example.com/other/path"],
      ["aasa", "check", "--url", "https://example.com", "--file", "x.json"],
      ["aasa", "check"],
      ["aasa", "check", "--url", "https://example.com", "--timeout", "0"],
      ["assetlinks", "check", "--file", "x.json", "--timeout", "5"],
    ] {
      let run = await ToolRun.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.error.contains("see 'deeplink"), "\(arguments): \(run.error)")
    }
    let http = await ToolRun.run(["aasa", "check", "--url", "http://example.com"])
    #expect(http.error.contains("HTTPS only"))
  }
}
