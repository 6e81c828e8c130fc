import Foundation
import Synchronization

/// The scripted HTTP server of `redirect_server.py`, run as a child process on 127.0.0.1.
public final class RedirectServer: Sendable {
  /// The server's port on 127.0.0.1.
  public var port: Int { server.port }
  private let server: LocalScriptServer
  /// Where the server writes its request counts.
  private let countsFile: URL

  private static func url(_ text: String) throws -> URL {
    guard let url = URL(string: text) else {
      throw LocalScriptServer.StartFailure(description: "not a URL: \(text)")
    }
    return url
  }

  static let scriptURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("redirect_server.py")

  /// Starts the server and waits until it prints its port.
  ///
  /// - Throws: ``LocalScriptServer/StartFailure`` when it does not start.
  public init() async throws {
    let countsFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "redirect-counts-\(UUID().uuidString).json")
    server = try await LocalScriptServer(
      script: Self.scriptURL, arguments: ["--counts-file", countsFile.path])
    self.countsFile = countsFile
  }

  deinit {
    try? FileManager.default.removeItem(at: countsFile)
  }

  /// `http://127.0.0.1:PORT` + path.
  public func url(_ path: String) throws -> URL {
    try Self.url("http://127.0.0.1:\(port)\(path)")
  }

  /// `http://localhost:PORT` + path: the same server under a host name that is not a tracking origin.
  public func foreignURL(_ path: String) throws -> URL {
    try Self.url("http://localhost:\(port)\(path)")
  }

  /// Requests per "METHOD /path" seen so far, read from the file the server rewrites on every
  /// request: not asked over HTTP, because on Linux a request through `URLSession` waits behind any
  /// transfer the process keeps busy (the resolver's, under test, reading a body without end).
  public func counts() async throws -> [String: Int] {
    guard let data = try? Data(contentsOf: countsFile) else { return [:] }
    return try JSONDecoder().decode([String: Int].self, from: data)
  }
}
