import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The checks the routing tests share for what the package refuses: a bad pattern, and a route file
/// whose router does not build.
extension Fixtures {
  /// Why `pattern` is refused, or `nil` when it reads.
  static func refusal(of pattern: String) -> RoutePatternError? {
    do {
      _ = try RoutePattern(pattern)
      return nil
    } catch {
      return error
    }
  }

  /// Expects `pattern` to be refused with `code`, its description quoting the pattern on its own line
  /// with a caret under the piece at fault on the next.
  static func expectRefused(
    _ pattern: String, code: ErrorCode<RoutePatternError>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let error = refusal(of: pattern) else {
      Issue.record("\(pattern) was accepted", sourceLocation: sourceLocation)
      return
    }
    #expect(error.code == code, "\(pattern): \(error)", sourceLocation: sourceLocation)
    let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3, "\(error)", sourceLocation: sourceLocation)
    let caret = lines.last?.trimmingCharacters(in: .whitespaces)
    #expect(caret == "^", "\(error)", sourceLocation: sourceLocation)
  }

  /// The error building a router from the route file `json` throws, placed in the file as `deeplink`
  /// reports it (``RouteTable/locatingPattern(_:inJSON:)``); the file itself reads.
  static func routeFileError(
    _ json: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> RouteTableError {
    let data = Data(json.utf8)
    let table = try RouteTable(json: data)
    let error = try #require(
      #expect(throws: RouteTableError.self, sourceLocation: sourceLocation) { try Router(table) },
      sourceLocation: sourceLocation)
    return RouteTable.locatingPattern(error, inJSON: data)
  }

  /// Expects the router of the route file `json` to be refused for route `route`, the error saying
  /// `words` and placed at the pattern's line `line`, with a column.
  static func expectRouteFileError(
    _ json: String, route: String, saying words: String, line: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let error = try routeFileError(json, sourceLocation: sourceLocation)
    #expect(error.route == route, sourceLocation: sourceLocation)
    #expect(error.description.contains(words), "\(error)", sourceLocation: sourceLocation)
    #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
    #expect(error.column != nil, "\(error)", sourceLocation: sourceLocation)
  }

  /// Expects a table of two routes, `one` with the pattern `first` and `two` with `second`, to be
  /// refused when `duplicate` (they match the same links), `two` as ambiguous with `one`, and built
  /// otherwise.
  static func expectDuplicates(
    _ first: String, _ second: String, _ duplicate: Bool, schemes: [String] = [], hosts: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let table = RouteTable(
      schemes: schemes, hosts: hosts, routes: [RouteDefinition("one", first), RouteDefinition("two", second)])
    do {
      _ = try Router(table)
      #expect(!duplicate, "\(first) and \(second) were both accepted", sourceLocation: sourceLocation)
    } catch {
      #expect(duplicate, "\(error)", sourceLocation: sourceLocation)
      #expect(
        error == RouteTableError(route: "two", reason: .ambiguous(with: "one")),
        sourceLocation: sourceLocation)
    }
  }

  /// A link the router of ``channelTable`` refuses: the rule's code and, where a test pins it, the byte
  /// offset of the problem.
  struct Rejection: CustomTestStringConvertible, Sendable {
    var url: String
    var code: String
    var offset: Int?
    var testDescription: String { "\(code): \(url.prefix(60))" }
  }

  /// Expects the router of ``channelTable`` to refuse the link as `rejection` says, with a message and
  /// naming the link, and `matchIndex` to refuse it with the same error.
  static func expectRejected(
    _ rejection: Rejection, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let router = try Router(channelTable)
    let error = try #require(throws: LinkError.self, sourceLocation: sourceLocation) {
      try router.match(rejection.url)
    }
    #expect(error.code.description == rejection.code, "\(error)", sourceLocation: sourceLocation)
    if let offset = rejection.offset {
      #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
    #expect(error.url == rejection.url, sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    let index = try #require(throws: LinkError.self, sourceLocation: sourceLocation) {
      try router.matchIndex(rejection.url)
    }
    #expect(index == error, sourceLocation: sourceLocation)
  }

  /// Expects the route-file key `key` set to `value` (JSON text) to turn on the option `isOn`, to be
  /// written back with the table and left out when off, and each of `bad` to be refused as a value of
  /// the wrong type at line 1, naming the key and the values it takes (`allowed`).
  static func expectRouteFileSetting(
    _ key: String, _ value: String, isOn: (RouteTable.Options) -> Bool, refusing bad: [String],
    allowed: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    func file(_ setting: String) -> Data {
      Data(#"{"hosts": ["a.example"], \#(setting)"routes": [{"name": "s", "pattern": "/s?q={q}"}]}"#.utf8)
    }
    let table = try RouteTable(json: file(#""\#(key)": \#(value), "#))
    #expect(isOn(table.options), sourceLocation: sourceLocation)
    #expect(try RouteTable(json: table.jsonData()) == table, sourceLocation: sourceLocation)
    let written = String(decoding: table.jsonData(), as: UTF8.self)
    #expect(written.contains(#""\#(key)": \#(value)"#), sourceLocation: sourceLocation)
    let plain = try RouteTable(json: file(""))
    #expect(!isOn(plain.options), sourceLocation: sourceLocation)
    #expect(!String(decoding: plain.jsonData(), as: UTF8.self).contains(key), sourceLocation: sourceLocation)
    for bad in bad {
      let error = #expect(throws: RouteTableError.self, sourceLocation: sourceLocation) {
        try RouteTable(json: file(#""\#(key)": \#(bad), "#))
      }
      #expect(error?.code == .wrongType, sourceLocation: sourceLocation)
      #expect(
        error?.description.contains(allowed) == true, "\(String(describing: error))",
        sourceLocation: sourceLocation)
      #expect(error?.description.contains(key) == true, sourceLocation: sourceLocation)
      #expect(error?.line == 1, sourceLocation: sourceLocation)
    }
  }
}
