import Foundation
import Synchronization

/// A Python server script run as a child process on 127.0.0.1 for one test.
///
/// The script must print its ephemeral port on its first line and exit when its standard input closes,
/// so it never outlives the test process even if a test crashes.
/// `@unchecked Sendable`: the `Process` and `Pipe` are touched only in `init` and `deinit`.
public final class LocalScriptServer: @unchecked Sendable {
  /// The server did not start.
  public struct StartFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// The server's port on 127.0.0.1.
  public let port: Int
  private let process: Process
  private let stdin: Pipe

  /// Starts `python3 -B script arguments...` and waits (off the cooperative thread pool, at most 10 s)
  /// until it prints its port. `-B`: the module the scripts share (`local_server.py`) is not compiled
  /// into a `__pycache__` folder inside the target.
  ///
  /// - Parameters:
  ///   - script: The server script.
  ///   - arguments: Its arguments.
  /// - Throws: ``StartFailure`` when it prints no port, or the error of starting the process.
  public init(script: URL, arguments: [String] = []) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-B", script.path] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    let pid = process.processIdentifier
    let reader = stdout.fileHandleForReading
    // The read blocks, so it runs on its own thread; a watchdog bounds it to 10 s.
    let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      let gotPort = Atomic<Bool>(false)
      DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
        if !gotPort.load(ordering: .acquiring) {
          kill(pid, SIGKILL)
        }
      }
      Thread.detachNewThread {
        var buffer = Data()
        for _ in 0..<100 where !buffer.contains(UInt8(ascii: "\n")) {
          let chunk = reader.availableData
          if chunk.isEmpty {
            break
          }
          buffer.append(chunk)
        }
        gotPort.store(true, ordering: .releasing)
        let text = String(decoding: buffer, as: UTF8.self)
        continuation.resume(returning: String(text.split(separator: "\n").first ?? ""))
      }
    }
    guard let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
      process.terminate()
      throw StartFailure(description: "\(script.lastPathComponent) printed no port (got \"\(line)\")")
    }
    self.port = port
    self.process = process
    self.stdin = stdin
  }

  deinit {
    // Closing stdin makes the server exit by itself; terminate() is the backstop. No blocking wait here:
    // deinit may run on a cooperative thread.
    try? stdin.fileHandleForWriting.close()
    if process.isRunning {
      process.terminate()
    }
  }
}
