import Foundation
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
  /// refused with code `ambiguous` when `duplicate` (they match the same links) and built otherwise.
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
      #expect(error.code == .ambiguous, sourceLocation: sourceLocation)
    }
  }
}
