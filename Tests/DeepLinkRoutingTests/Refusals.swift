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
}
