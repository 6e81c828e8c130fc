import DeepLinking

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

/// Text from outside made safe to print on a terminal line, by the package's one rule
/// (``PrintableText``): control characters (C0, DEL, C1: ESC and BEL among them), bidirectional and
/// other invisible format characters, and line and paragraph separators are written as `\u{XXXX}`.
///
/// Every human-readable line that quotes outside text (file contents, server headers, URLs, route
/// names, titles) goes through it; standard error through ``TextSink/escapesText``, standard output
/// where a command writes such a line. JSON output is escaped by `JSONString` instead.
enum Printable {
  /// The text with invisible and reordering characters written as `\u{XXXX}`.
  static func escaped(_ text: String) -> String {
    PrintableText.escaped(text)
  }

  /// The text with each of its lines ``escaped(_:)``: the line feeds between them are kept, every
  /// other control character (a carriage return too) is written as `\u{XXXX}`. For messages that
  /// are several lines by design (a pattern error with its caret line).
  static func escapedLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { PrintableText.needsEscape($0) }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
      .joined(separator: "\n")
  }
}

/// Where the tool writes: buffered text that goes to a file descriptor or is collected in memory.
package final class TextSink {
  private var buffer: [UInt8] = []
  private let descriptor: Int32?
  /// Everything written, when the sink collects in memory (tests).
  package private(set) var collected = ""
  /// Whether every text written is made printable first (``Printable/escapedLines(_:)``): only line
  /// feeds pass unescaped. Standard error holds only messages, so ``ToolStreams`` sets it there: a
  /// message that quotes a file or a server cannot colour, move or reorder the terminal.
  package var escapesText = false

  /// A sink that writes to a file descriptor, flushing every 64 KiB and on ``flush()``.
  ///
  /// - Parameter descriptor: The descriptor, such as `STDOUT_FILENO`.
  package init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// A sink that keeps what is written in ``collected``.
  package init() {
    self.descriptor = nil
  }

  /// Writes text.
  ///
  /// - Parameter text: The text.
  package func write(_ text: String) {
    append(escapesText ? Printable.escapedLines(text) : text)
  }

  /// Writes a line of text followed by a newline.
  ///
  /// - Parameter text: The line.
  package func line(_ text: String) {
    write(text)
    append("\n")
  }

  private func append(_ text: String) {
    guard descriptor != nil else {
      collected += text
      return
    }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes out what is buffered.
  package func flush() {
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

/// How much of a rejected input line the tool shows back: the first 200 characters, then "…", so
/// a line of megabytes is never echoed whole.
enum Excerpt {
  /// The most characters shown of a rejected line.
  static let maximumCharacters = 200

  /// The text itself when it is short enough, otherwise its first ``maximumCharacters`` characters
  /// followed by "…".
  static func of(_ text: String) -> String {
    guard let cut = text.index(text.startIndex, offsetBy: maximumCharacters, limitedBy: text.endIndex),
      cut < text.endIndex
    else { return text }
    return String(text[..<cut]) + "…"
  }
}

/// An input line longer than ``LineSource/maximumLineLength``: skipped up to its newline, never
/// kept whole.
package struct OverlongLine: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line's length in bytes, without its `\n` (and a `\r` before it).
  package let length: Int
  /// The limit it went over, in bytes.
  package let limit: Int
  /// The line's first bytes (at most ``LineSource/keptPrefixLength``).
  package let prefix: [UInt8]

  /// The error code the tool prints: `line-too-long`.
  package var code: String { "line-too-long" }

  /// The start of the line as text (invalid UTF-8 replaced), cut to a bounded excerpt and ending
  /// with "…".
  package var excerpt: String {
    let text = Excerpt.of(String(decoding: prefix, as: UTF8.self))
    return text.hasSuffix("…") ? text : text + "…"
  }

  /// A human-readable explanation with the line's length and the limit.
  package var description: String {
    "input line is \(length) bytes, over the limit of \(limit) bytes; skipped"
  }
}

/// Reads lines of bytes from a file descriptor or from memory, without assuming UTF-8.
///
/// Reading is linear: each byte is searched for the newline once, and the bytes of a line that is
/// still arriving are moved at most as often as bytes are consumed. A line longer than
/// ``maximumLineLength`` is not kept: the source reads on to its newline in constant memory and
/// returns an ``OverlongLine`` with the line's length and first bytes.
package final class LineSource {
  /// The default longest line, 64 KiB: eight times the longest link a route table accepts by
  /// default.
  package static let defaultMaximumLineLength = 1 << 16

  /// How many of an over-long line's first bytes are kept to show where it was.
  package static let keptPrefixLength = 4 * Excerpt.maximumCharacters

  /// The longest line returned, in bytes without its `\n` (and a `\r` before it); longer lines are
  /// returned as ``OverlongLine``.
  package var maximumLineLength: Int

  /// Reads up to the buffer's size into it; returns the count read, 0 at the end, below 0 on error.
  private let readInto: (UnsafeMutableRawBufferPointer) -> Int
  private let chunkSize: Int
  /// `storage[start..<end]` holds bytes not yet returned; `storage[start..<searched]` holds no newline.
  private var storage: [UInt8] = []
  private var start = 0
  private var searched = 0
  private var end = 0
  private var finished = false
  /// The over-long line being skipped: its length so far, its first bytes, its last byte so far.
  private var skipping: (length: Int, prefix: [UInt8], lastByte: UInt8)?

  /// How many bytes the source has examined or moved: each newline search counts the bytes it
  /// looked at, each compaction or growth of the buffer the bytes it copied. Tests check that it
  /// stays proportional to the input.
  internal private(set) var bytesTouched = 0

  /// The size of the buffer in bytes; tests check that it stays bounded by the limit.
  internal var bufferSize: Int { storage.count }

  /// Lines from a file descriptor, read in chunks (64 KiB unless told); memory stays flat in the
  /// number of lines and bounded by ``maximumLineLength`` in their length.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor, such as `STDIN_FILENO`.
  ///   - maximumLineLength: The longest line returned, in bytes.
  ///   - chunkSize: The most bytes read at once.
  package convenience init(
    descriptor: Int32, maximumLineLength: Int = LineSource.defaultMaximumLineLength, chunkSize: Int = 1 << 16
  ) {
    self.init(maximumLineLength: maximumLineLength, chunkSize: chunkSize) { buffer in
      while true {
        let result = systemRead(descriptor, buffer.baseAddress, buffer.count)
        if result < 0 && errno == EINTR { continue }
        return result
      }
    }
  }

  /// Lines from bytes in memory (tests).
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - maximumLineLength: The longest line returned, in bytes.
  package convenience init(bytes: [UInt8], maximumLineLength: Int = LineSource.defaultMaximumLineLength) {
    self.init(bytes: bytes, maximumLineLength: maximumLineLength, chunkSize: 1 << 16)
  }

  /// Lines from bytes in memory, handed over `chunkSize` bytes at a time as a descriptor would.
  convenience init(bytes: [UInt8], maximumLineLength: Int, chunkSize: Int) {
    var offset = 0
    self.init(maximumLineLength: maximumLineLength, chunkSize: chunkSize) { buffer in
      let count = min(buffer.count, bytes.count - offset)
      guard count > 0 else { return 0 }
      bytes.withUnsafeBytes { source in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
      }
      offset += count
      return count
    }
  }

  /// Lines from text in memory (tests).
  ///
  /// - Parameter text: The input.
  package convenience init(text: String) {
    self.init(bytes: Array(text.utf8))
  }

  private init(
    maximumLineLength: Int, chunkSize: Int, readInto: @escaping (UnsafeMutableRawBufferPointer) -> Int
  ) {
    self.maximumLineLength = max(0, maximumLineLength)
    self.chunkSize = max(1, chunkSize)
    self.readInto = readInto
  }

  /// The next line without its `\n` (and without a `\r` before it), or `nil` at the end.
  ///
  /// - Returns: The line's bytes, or ``OverlongLine`` for a line longer than ``maximumLineLength``
  ///   (already skipped); `nil` when the input has ended.
  package func nextLine() -> Result<ArraySlice<UInt8>, OverlongLine>? {
    switch step() {
    case .line(let start, let end): .success(storage[start..<end])
    case .overlong(let length, let limit):
      .failure(OverlongLine(length: length, limit: limit, prefix: skippedPrefix))
    case .end: nil
    }
  }

  /// Reads every remaining line, in order, as ``nextLine()`` does, handing each to `line` (or to
  /// `overlong` when it is longer than ``maximumLineLength``): the loop of a reader that reads
  /// everything, without a `Result` to copy and destroy for each line.
  ///
  /// - Parameters:
  ///   - line: Called with each line's bytes, without its `\n` (and a `\r` before it).
  ///   - overlong: Called for each line over the limit, already skipped.
  package func forEachLine(_ line: (ArraySlice<UInt8>) -> Void, overlong: (OverlongLine) -> Void) {
    while true {
      switch step() {
      case .line(let start, let end): line(storage[start..<end])
      case .overlong(let length, let limit):
        overlong(OverlongLine(length: length, limit: limit, prefix: skippedPrefix))
      case .end: return
      }
    }
  }

  /// What the next read found: a line's bounds in ``storage``, an over-long line (its first bytes
  /// in ``skippedPrefix``), or the end. Trivial to copy, so the per-line loop holds no reference.
  private enum Step {
    case line(start: Int, end: Int)
    case overlong(length: Int, limit: Int)
    case end
  }

  /// The first bytes of the last over-long line ``step()`` returned.
  private var skippedPrefix: [UInt8] = []

  /// The one reading rule behind ``nextLine()`` and ``forEachLine(_:overlong:)``.
  private func step() -> Step {
    while true {
      if skipping != nil {
        if let overlong = skipToNewline() { return skipped(overlong) }
        fill()
        continue
      }
      if let newline = firstNewline(from: searched) {
        let lineStart = start
        let lineEnd = newline > start && storage[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
        start = newline + 1
        searched = start
        guard lineEnd - lineStart <= maximumLineLength else {
          return skipped(overlong(length: lineEnd - lineStart, prefixFrom: lineStart))
        }
        return .line(start: lineStart, end: lineEnd)
      }
      searched = end
      // Longer than the limit even if a `\r` ends it: keep the start, skip the rest.
      if end - start > max(maximumLineLength + 1, Self.keptPrefixLength) {
        skipping = (end - start, keptPrefix(from: start), storage[end - 1])
        start = end
        searched = end
        continue
      }
      if finished {
        guard start < end else { return .end }
        let lineStart = start
        let lineEnd = storage[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
        start = end
        searched = end
        guard lineEnd - lineStart <= maximumLineLength else {
          return skipped(overlong(length: lineEnd - lineStart, prefixFrom: lineStart))
        }
        return .line(start: lineStart, end: lineEnd)
      }
      fill()
    }
  }

  private func skipped(_ line: OverlongLine) -> Step {
    skippedPrefix = line.prefix
    return .overlong(length: line.length, limit: line.limit)
  }

  /// Skips the unread bytes of an over-long line; returns it once its newline (or the end) is read.
  private func skipToNewline() -> OverlongLine? {
    guard var line = skipping else { return nil }
    let newline = firstNewline(from: start)
    let stop = newline ?? end
    if stop > start {
      line.length += stop - start
      line.lastByte = storage[stop - 1]
    }
    start = newline.map { $0 + 1 } ?? end
    searched = start
    guard newline != nil || finished else {
      skipping = line
      return nil
    }
    skipping = nil
    let length = line.lastByte == UInt8(ascii: "\r") ? line.length - 1 : line.length
    return OverlongLine(length: length, limit: maximumLineLength, prefix: line.prefix)
  }

  private func overlong(length: Int, prefixFrom index: Int) -> OverlongLine {
    OverlongLine(length: length, limit: maximumLineLength, prefix: keptPrefix(from: index))
  }

  private func keptPrefix(from index: Int) -> [UInt8] {
    Array(storage[index..<min(end, index + Self.keptPrefixLength)])
  }

  /// The index of the first `\n` in `storage[index..<end]`.
  private func firstNewline(from index: Int) -> Int? {
    guard index < end else { return nil }
    let found = storage.withUnsafeBytes { raw -> Int? in
      guard let base = raw.baseAddress,
        let hit = memchr(base + index, Int32(UInt8(ascii: "\n")), end - index)
      else { return nil }
      return base.distance(to: UnsafeRawPointer(hit))
    }
    bytesTouched += (found.map { $0 + 1 } ?? end) - index
    return found
  }

  /// Reads one chunk after `end`, first moving the unread bytes to the front when they are no more
  /// than the consumed ones (so each byte is moved a bounded number of times), or growing the buffer.
  private func fill() {
    guard !finished else { return }
    if start > 0 && end - start <= start {
      storage.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return }
        base.copyMemory(from: base + start, byteCount: end - start)
      }
      bytesTouched += end - start
      end -= start
      searched -= start
      start = 0
    }
    if storage.count - end < chunkSize {
      bytesTouched += end
      storage.append(contentsOf: repeatElement(0, count: max(chunkSize, storage.count)))
    }
    let count = storage.withUnsafeMutableBytes { raw in
      readInto(UnsafeMutableRawBufferPointer(rebasing: raw[end..<end + chunkSize]))
    }
    if count > 0 {
      end += count
    } else {
      finished = true
    }
  }
}

/// The tool's standard streams.
package struct ToolStreams {
  /// Standard input.
  package var input: LineSource
  /// Standard output.
  package var output: TextSink
  /// Standard error.
  package var error: TextSink
  /// Whether standard input is a terminal (interactive use).
  package var isInteractive: Bool

  /// Creates streams.
  ///
  /// Standard error is made to escape what it is given (``TextSink/escapesText``): it carries
  /// messages only, and any of them may quote outside text.
  ///
  /// - Parameters:
  ///   - input: Standard input.
  ///   - output: Standard output.
  ///   - error: Standard error.
  ///   - isInteractive: Whether standard input is a terminal.
  package init(input: LineSource, output: TextSink, error: TextSink, isInteractive: Bool = false) {
    self.input = input
    self.output = output
    self.error = error
    self.isInteractive = isInteractive
    error.escapesText = true
  }

  /// The process's own standard streams.
  package static func standard() -> ToolStreams {
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
  package static func memory(input: String = "") -> ToolStreams {
    ToolStreams(input: LineSource(text: input), output: TextSink(), error: TextSink())
  }
}
