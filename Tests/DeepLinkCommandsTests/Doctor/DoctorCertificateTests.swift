import DeepLinkingTestSupport
import Foundation
import Testing

/// `deeplink doctor --certificate FILE`: the signing key's SHA-256 read from a certificate, PEM or DER
/// as `keytool -exportcert` writes it, with openssl.
@Suite("deeplink doctor --certificate", .serialized)
struct DoctorCertificateTests {
  static let needsOpenSSL = Testing.ConditionTrait.enabled(
    if: executableOnPath("openssl") && executableOnPath("sha256sum"),
    "needs openssl to make and read the test certificate and sha256sum to hash it independently")

  /// The site tests' test certificate, its DER form, and the SHA-256 of the DER bytes as sha256sum
  /// computes it, written as assetlinks.json lists a key.
  static func certificate() async throws -> (pem: String, der: String, fingerprint: String) {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-cert-\(UUID().uuidString)"
    )
    .path
    try await SiteServedTests.certificate(in: work)
    let pem = "\(work)/cert.pem"
    let der = "\(work)/cert.der"
    _ = try await runBounded("openssl", ["x509", "-in", pem, "-outform", "DER", "-out", der], seconds: 30)
    let hex = Array(try await runBounded("sha256sum", [der], seconds: 10).prefix(64).uppercased())
    let pairs = stride(from: 0, to: hex.count, by: 2).map { String(hex[$0..<$0 + 2]) }
    return (pem, der, pairs.joined(separator: ":"))
  }

  static func androidCodes(_ run: ToolRun) throws -> [String] {
    DoctorCommandTests.androidCodes(try #require(try run.jsonLines().first))
  }

  @Test(LiveCheckTests.trusted, needsOpenSSL)
  func certificateIsCheckedLikeItsFingerprint() async throws {
    let certificate = try await Self.certificate()
    let listed = try await DoctorCommandTests.Site(
      origin: .ok, DoctorAndroidTests.assetLinks(fingerprint: certificate.fingerprint), cdn: .missing)
    for file in [certificate.pem, certificate.der] {
      let run = try await listed.doctor(
        ["--json", "--android-package", DoctorAndroidTests.package, "--certificate", file],
        paths: ["/products/1"])
      #expect(run.status == 0, "\(file): \(run.error)")
      // The file lists exactly the one key read from the certificate.
      #expect(try Self.androidCodes(run) == ["play-signing-key-likely-missing"], "\(file): \(run.output)")
    }
    let other = try await DoctorCommandTests.Site(origin: .ok, LiveCheckTests.goodAssetLinks, cdn: .missing)
    let run = try await other.doctor(
      ["--json", "--android-package", DoctorAndroidTests.package, "--certificate", certificate.der],
      paths: ["/products/1"])
    let object = try #require(try run.jsonLines().first)
    let missing = try #require(DoctorAndroidTests.findings(object, "fingerprint-missing").first, "\(object)")
    #expect((missing["message"] as? String)?.contains("does not list \(certificate.fingerprint)") == true)
  }

  @Test(needsOpenSSL)
  func fileThatIsNotACertificateExitsTwoNamingIt() async throws {
    let garbage = try temporaryRouteFile("not a certificate")
    let fakePEM = try temporaryRouteFile("-----BEGIN CERTIFICATE-----\nbm9wZQ==\n-----END CERTIFICATE-----\n")
    let hostile = try temporaryRouteFile("").replacingOccurrences(
      of: "routes.json", with: "\u{1B}[31mred.pem")
    try Data("x".utf8).write(to: URL(fileURLWithPath: hostile))
    let cases: [(String, String)] = [
      (garbage, "--certificate \(garbage): not an X.509 certificate openssl can read as DER"),
      (fakePEM, "--certificate \(fakePEM): not an X.509 certificate openssl can read as PEM"),
      ("/nonexistent/upload.der", "--certificate /nonexistent/upload.der: cannot read the file"),
      (hostile, "\\u{1B}[31mred.pem: not an X.509 certificate"),
    ]
    for (file, message) in cases {
      let run = await ToolRun.run([
        "doctor", "--app-id", DoctorCommandTests.appID, "--android-package", DoctorAndroidTests.package,
        "--certificate", file, "https://example.com/products/1",
      ])
      #expect(run.status == 2, "\(file)")
      #expect(run.error.hasPrefix("deeplink doctor: --certificate "), "\(file): \(run.error)")
      #expect(run.error.contains(message), "\(file): \(run.error)")
      #expect(run.output.isEmpty)
      TerminalEscapingTests.expectClean(run)
    }
    let usage = await ToolRun.run([
      "doctor", "--app-id", DoctorCommandTests.appID, "--certificate", garbage, "https://example.com/",
    ])
    #expect(usage.status == 2)
    #expect(usage.error.contains("--certificate goes with --android-package"), "\(usage.error)")
  }

  /// The built tool run with a PATH that holds no openssl.
  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func withoutOpenSSLTheErrorSaysSo() async throws {
    let tool = try #require(BuiltProducts.executable(named: "deeplink"))
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "no-openssl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let certificate = try temporaryRouteFile("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n")
    let process = Process()
    process.executableURL = tool
    process.arguments = [
      "doctor", "--app-id", DoctorCommandTests.appID, "--android-package", DoctorAndroidTests.package,
      "--certificate", certificate, "https://example.com/products/1",
    ]
    process.environment = ["PATH": empty.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2)
    #expect(text.contains("needs openssl on the PATH, and there is none"), "\(text)")
  }
}
