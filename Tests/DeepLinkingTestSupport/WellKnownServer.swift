import Foundation

/// The HTTPS server of `well_known_server.py` on 127.0.0.1, with a test CA and a leaf certificate for
/// 127.0.0.1 and localhost made with `openssl` in a temporary directory.
public final class WellKnownServer: Sendable {
  /// How the server answers for both well-known files; see `well_known_server.py`.
  public enum Mode: String, Sendable {
    case ok, redirect, missing, endless, slow, trickle, huge, flood, gzip
    /// A redirect whose `Location` holds ESC, an OSC 8 hyperlink, BEL, U+202E and U+009B.
    case hostileRedirect = "hostile-redirect"
  }

  /// A page of the site, answered whatever the mode: a redirect to `value` for a 3xx `status`, else
  /// the bytes of the file `value` as `text/html`.
  public struct Page: Sendable {
    /// The path answered, the query aside.
    public var path: String
    /// The status of the answer.
    public var status: Int
    /// The `Location` of a redirect, or the file whose bytes a page is.
    public var value: String

    /// A page answering `path` with `status` and `value`.
    public init(path: String, status: Int, value: String) {
      self.path = path
      self.status = status
      self.value = value
    }
  }

  /// The server's port on 127.0.0.1.
  public var port: Int { server.port }
  /// The PEM file of the CA that signed the server's certificate.
  public let certificateAuthorityFile: String
  /// The file the server appends each request line to.
  public let logFile: String
  private let server: LocalScriptServer

  static let scriptURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("well_known_server.py")

  /// Makes the certificates, starts the server and waits until it prints its port.
  ///
  /// - Parameters:
  ///   - mode: How the server answers.
  ///   - body: The body of a 200 answer.
  ///   - contentType: Its `Content-Type`; empty sends none.
  ///   - pages: Other paths the server answers.
  /// - Throws: ``LocalScriptServer/StartFailure`` when `openssl` fails or the server does not start.
  public init(
    mode: Mode, body: Data = Data(), contentType: String = "application/json", pages: [Page] = []
  ) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "well-known-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    try Data(
      """
      basicConstraints=CA:FALSE
      keyUsage=digitalSignature,keyEncipherment
      extendedKeyUsage=serverAuth
      subjectAltName=IP:127.0.0.1,DNS:localhost

      """.utf8
    ).write(to: URL(fileURLWithPath: path("leaf.ext")))
    try Self.openssl([
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"),
      "-days", "2", "-subj", "/CN=deeplink test CA", "-addext", "basicConstraints=critical,CA:TRUE",
      "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    ])
    try Self.openssl([
      "req", "-newkey", "rsa:2048", "-nodes", "-keyout", path("leaf.key"), "-out", path("leaf.csr"),
      "-subj", "/CN=127.0.0.1",
    ])
    try Self.openssl([
      "x509", "-req", "-in", path("leaf.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
      "-CAcreateserial", "-out", path("leaf.pem"), "-days", "2", "-extfile", path("leaf.ext"),
    ])
    try body.write(to: URL(fileURLWithPath: path("body")))
    try Data().write(to: URL(fileURLWithPath: path("requests.log")))
    certificateAuthorityFile = path("ca.pem")
    logFile = path("requests.log")
    server = try await LocalScriptServer(
      script: Self.scriptURL,
      arguments: [
        "--cert", path("leaf.pem"), "--key", path("leaf.key"), "--log", logFile, "--mode", mode.rawValue,
        "--body", path("body"), "--content-type", contentType,
      ] + pages.flatMap { ["--page", $0.path, String($0.status), $0.value] })
  }

  /// `https://127.0.0.1:PORT`.
  public var origin: String { "https://127.0.0.1:\(port)" }

  /// The request lines the server has seen ("GET /path").
  public func requests() throws -> [String] {
    try String(contentsOfFile: logFile, encoding: .utf8).split(separator: "\n").map(String.init)
  }

  private static func openssl(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw LocalScriptServer.StartFailure(
        description: "openssl \(arguments.first ?? "") exited with \(process.terminationStatus)")
    }
  }
}
