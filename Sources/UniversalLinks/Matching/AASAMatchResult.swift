/// What iOS would do with a URL, according to an apple-app-site-association file.
///
/// `detailIndex` is the position of the deciding entry in `applinks.details`; `ruleIndex` is the
/// position of the deciding rule in that entry's `components`, or in its `paths` when it has no
/// `components`. The result encodes to JSON as
/// `{"result": "match", "appIDs": [...], "detailIndex": 0, "ruleIndex": 1}`.
package enum AASAMatchResult: Hashable, Sendable, CustomStringConvertible, Encodable {
  /// The URL opens one of these apps (the first listed that is installed); the apps are every app
  /// that some `details` entry lets through, and the indexes name the first rule that let one through.
  case match(appIDs: [String], detailIndex: Int, ruleIndex: Int)
  /// An `exclude` rule (or a `NOT ` path) matched first for every app that any rule matched: the URL
  /// opens in the browser. `appIDs` are the apps that rule blocks (none of them opens); the indexes
  /// name that rule.
  case blocked(appIDs: [String], detailIndex: Int, ruleIndex: Int)
  /// No rule matched, or the host or scheme is not the file's: the URL opens in the browser.
  case none

  /// Whether the URL opens an app.
  package var opensApp: Bool {
    if case .match = self { return true }
    return false
  }

  /// `match`, `blocked` or `none`.
  package var name: String {
    switch self {
    case .match: "match"
    case .blocked: "blocked"
    case .none: "none"
    }
  }

  /// A one-line account, e.g. `match ABCDE12345.com.example.app (details[0], rule 1)` or
  /// `blocked by details[0], rule 0 (for ABCDE12345.com.example.app)`.
  package var description: String {
    switch self {
    case .match(let appIDs, let detail, let rule):
      "match \(appIDs.joined(separator: ", ")) (details[\(detail)], rule \(rule))"
    case .blocked(let appIDs, let detail, let rule):
      "blocked by details[\(detail)], rule \(rule) (for \(appIDs.joined(separator: ", ")))"
    case .none:
      "none"
    }
  }

  private enum CodingKeys: String, CodingKey {
    case result, appIDs, detailIndex, ruleIndex
  }

  /// Encodes the result as `{"result", "appIDs", "detailIndex", "ruleIndex"}`; `none` has only `result`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .result)
    switch self {
    case .match(let appIDs, let detail, let rule), .blocked(let appIDs, let detail, let rule):
      try container.encode(appIDs, forKey: .appIDs)
      try container.encode(detail, forKey: .detailIndex)
      try container.encode(rule, forKey: .ruleIndex)
    case .none:
      break
    }
  }
}
