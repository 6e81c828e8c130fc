import Foundation

/// A command run in a child process under `peak_memory.py`, which reports the peak resident memory
/// of the command's processes, so a test can bound what a hostile input costs.
public struct MeasuredProcess: Sendable {
  /// The command's exit status.
  public var status: Int32
  /// What it wrote to standard output, decoded as UTF-8.
  public var output: String
  /// What it wrote to standard error, decoded as UTF-8.
  public var error: String
  /// The largest resident set any of its processes reached, in bytes.
  public var peakMemory: Int
  /// The time from start to exit, on the continuous clock.
  public var elapsed: Duration

  static let scriptURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("peak_memory.py")

  /// Runs `command` (looked up on `PATH` by `/usr/bin/env`) and waits for it to exit.
  ///
  /// The wait happens on a thread of its own, never on the cooperative pool or the main actor: a
  /// command that runs for seconds must not hold the threads other suites' tasks run on.
  ///
  /// - Parameter command: The command and its arguments.
  /// - Returns: Its status, output, peak memory and running time.
  /// - Throws: The error of starting the process, or of reading the memory report.
  public static func run(_ command: [String]) async throws -> MeasuredProcess {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try runWaiting(command) })
      }
    }
  }

  /// Runs `command` and blocks the calling thread until it exits.
  private static func runWaiting(_ command: [String]) throws -> MeasuredProcess {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent(
      "peak-memory-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: report) }
    let output = Pipe()
    let error = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", scriptURL.path, report.path] + command
    process.standardOutput = output
    process.standardError = error
    let start = ContinuousClock.now
    try process.run()
    // Standard error is read on its own thread, so a command that fills one pipe cannot stall on it.
    let errorData = LockedData()
    let errorDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      errorData.set(error.fileHandleForReading.readDataToEndOfFile())
      errorDone.signal()
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    errorDone.wait()
    process.waitUntilExit()
    let elapsed = ContinuousClock.now - start
    let text = try String(contentsOf: report, encoding: .utf8)
    guard let kilobytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw LocalScriptServer.StartFailure(description: "peak_memory.py reported \"\(text)\"")
    }
    return MeasuredProcess(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData.get(), as: UTF8.self), peakMemory: kilobytes * 1024,
      elapsed: elapsed)
  }
}

/// Bytes handed from one thread to another.
private final class LockedData: @unchecked Sendable {
  // @unchecked Sendable: `data` is touched only under `lock`.
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}
