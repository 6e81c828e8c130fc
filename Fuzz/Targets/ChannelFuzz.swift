import DeepLinkCommands
import Foundation

/// Fuzz target `channel`: the input is the standard input of `deeplink channel --wait-ready`, the
/// channel command reader (any bytes: invalid UTF-8, NUL, very long lines).
///
/// Checks: the command never crashes, exits 0 when its input ends, and prints exactly one valid
/// JSON object per command line (blank lines, carriage returns included, and `#` comments print
/// nothing).
@MainActor
private func drive(_ bytes: [UInt8]) async {
  let streams = ToolStreams(input: LineSource(bytes: bytes), output: TextSink(), error: TextSink())
  let status = await DeepLinkTool.run(["channel", "--wait-ready"], streams: streams)
  check(status == 0, "channel exited \(status): \(streams.error.collected)")
  let lines = streams.output.collected.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  let commands = LineSource(bytes: bytes)
  var expected = 0
  while let read = commands.nextLine() {
    // An over-long line is one refused command.
    guard case .success(let line) = read else {
      expected += 1
      continue
    }
    // Skipped, as documented: a line of nothing but spaces, tabs and carriage returns; a line whose
    // first byte after spaces and tabs is `#`; a line whose text, trimmed of Unicode spaces, is empty
    // or starts with `#`.
    let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    let isComment = line.first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "#")
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    if !isBlank && !isComment && !text.isEmpty && !text.hasPrefix("#") { expected += 1 }
  }
  check(lines.count == expected, "\(lines.count) output lines for \(expected) commands")
  for line in lines {
    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
    check(object is [String: Any], "not a JSON object: \(line)")
  }
}

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // libFuzzer calls in on the main thread: run the main-actor command there and turn the run loop
  // until it is done (a bounded number of turns, without waiting).
  nonisolated(unsafe) var finished = false
  Task { @MainActor in
    await drive(bytes)
    finished = true
  }
  var turns = 0
  while !finished && turns < 10_000_000 {
    _ = RunLoop.main.run(mode: .default, before: Date())
    turns += 1
  }
  check(finished, "the channel command did not finish")
  return 0
}
