#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Darwin)
  private let systemWrite = Darwin.write
  private let systemRead = Darwin.read
#elseif canImport(Musl)
  private let systemWrite = Musl.write
  private let systemRead = Musl.read
#else
  private let systemWrite = Glibc.write
  private let systemRead = Glibc.read
#endif

/// Where the tool writes: buffered text that goes to a file descriptor or is collected in memory.
public final class TextSink {
  private var buffer: [UInt8] = []
  private let descriptor: Int32?
  /// Everything written, when the sink collects in memory (tests).
  public private(set) var collected = ""

  /// A sink that writes to a file descriptor, flushing every 64 KiB and on ``flush()``.
  ///
  /// - Parameter descriptor: The descriptor, such as `STDOUT_FILENO`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// A sink that keeps what is written in ``collected``.
  public init() {
    self.descriptor = nil
  }

  /// Writes text.
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    guard descriptor != nil else {
      collected += text
      return
    }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes a line of text followed by a newline.
  ///
  /// - Parameter text: The line.
  public func line(_ text: String) {
    write(text)
    write("\n")
  }

  /// Writes out what is buffered.
  public func flush() {
    guard let descriptor, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
        if written <= 0 {
          if written < 0 && errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Reads lines of bytes from a file descriptor or from memory, without assuming UTF-8.
public final class LineSource {
  private let descriptor: Int32?
  private var buffer: [UInt8]
  private var start = 0
  private var finished = false

  /// Lines from a file descriptor, read in 64 KiB chunks; memory stays flat in the number of lines.
  ///
  /// - Parameter descriptor: The descriptor, such as `STDIN_FILENO`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.buffer = []
    buffer.reserveCapacity(1 << 17)
  }

  /// Lines from bytes in memory (tests).
  ///
  /// - Parameter bytes: The input.
  public init(bytes: [UInt8]) {
    self.descriptor = nil
    self.buffer = bytes
    self.finished = true
  }

  /// Lines from text in memory (tests).
  ///
  /// - Parameter text: The input.
  public convenience init(text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// The next line without its `\n` (and without a `\r` before it), or `nil` at the end.
  ///
  /// - Returns: The line's bytes.
  public func nextLine() -> ArraySlice<UInt8>? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = newline + 1
        return line
      }
      if finished {
        guard start < buffer.count else { return nil }
        var end = buffer.count
        if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = buffer[start..<end]
        start = buffer.count
        return line
      }
      fill()
    }
  }

  private func fill() {
    guard let descriptor else {
      finished = true
      return
    }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let chunk = 1 << 16
    let oldCount = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    let count = buffer.withUnsafeMutableBytes { raw -> Int in
      while true {
        let result = systemRead(descriptor, raw.baseAddress.map { $0 + oldCount }, chunk)
        if result < 0 && errno == EINTR { continue }
        return result
      }
    }
    buffer.removeLast(chunk - max(0, count))
    if count <= 0 { finished = true }
  }
}

/// The tool's standard streams.
public struct ToolStreams {
  /// Standard input.
  public var input: LineSource
  /// Standard output.
  public var output: TextSink
  /// Standard error.
  public var error: TextSink
  /// Whether standard input is a terminal (interactive use).
  public var isInteractive: Bool

  /// Creates streams.
  ///
  /// - Parameters:
  ///   - input: Standard input.
  ///   - output: Standard output.
  ///   - error: Standard error.
  ///   - isInteractive: Whether standard input is a terminal.
  public init(input: LineSource, output: TextSink, error: TextSink, isInteractive: Bool = false) {
    self.input = input
    self.output = output
    self.error = error
    self.isInteractive = isInteractive
  }

  /// The process's own standard streams.
  public static func standard() -> ToolStreams {
    ToolStreams(
      input: LineSource(descriptor: STDIN_FILENO),
      output: TextSink(descriptor: STDOUT_FILENO),
      error: TextSink(descriptor: STDERR_FILENO),
      isInteractive: isatty(STDIN_FILENO) == 1
    )
  }

  /// In-memory streams for tests.
  ///
  /// - Parameter input: What standard input holds.
  /// - Returns: The streams.
  public static func memory(input: String = "") -> ToolStreams {
    ToolStreams(input: LineSource(text: input), output: TextSink(), error: TextSink())
  }
}
