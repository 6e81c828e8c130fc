import Foundation

@testable import DeepLinkCommands

/// Runs the tool in-process with in-memory streams.
struct ToolRun {
  var status: Int32
  var output: String
  var error: String

  var lines: [String] {
    output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Each output line parsed as a JSON object.
  func jsonLines() throws -> [[String: Any]] {
    try lines.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
      guard let dictionary = object as? [String: Any] else { throw ToolRunError.notAnObject(line) }
      return dictionary
    }
  }

  @MainActor static func run(_ arguments: [String], input: String = "") async -> ToolRun {
    let streams = ToolStreams.memory(input: input)
    let status = await DeepLinkTool.run(arguments, streams: streams)
    return ToolRun(status: status, output: streams.output.collected, error: streams.error.collected)
  }

  @MainActor static func run(_ arguments: [String], inputBytes: [UInt8]) async -> ToolRun {
    let streams = ToolStreams(input: LineSource(bytes: inputBytes), output: TextSink(), error: TextSink())
    let status = await DeepLinkTool.run(arguments, streams: streams)
    return ToolRun(status: status, output: streams.output.collected, error: streams.error.collected)
  }
}

enum ToolRunError: Error {
  case notAnObject(String)
}

/// A route file written to a temporary directory for one test.
func temporaryRouteFile(_ json: String) throws -> String {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "deeplink-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let file = directory.appendingPathComponent("routes.json")
  try Data(json.utf8).write(to: file)
  return file.path
}
