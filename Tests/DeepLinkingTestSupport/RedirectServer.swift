import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The scripted HTTP server of `redirect_server.py`, run as a child process on 127.0.0.1.
public final class RedirectServer: Sendable {
  /// The server's port on 127.0.0.1.
  public var port: Int { server.port }
  private let server: LocalScriptServer

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
    server = try await LocalScriptServer(script: Self.scriptURL)
  }

  /// `http://127.0.0.1:PORT` + path.
  public func url(_ path: String) throws -> URL {
    try Self.url("http://127.0.0.1:\(port)\(path)")
  }

  /// `http://localhost:PORT` + path: the same server under a host name that is not a tracking origin.
  public func foreignURL(_ path: String) throws -> URL {
    try Self.url("http://localhost:\(port)\(path)")
  }

  /// Requests per "METHOD /path" seen so far.
  public func counts() async throws -> [String: Int] {
    let (data, _) = try await URLSession.shared.data(from: try url("/__counts"))
    return try JSONDecoder().decode([String: Int].self, from: data)
  }
}
