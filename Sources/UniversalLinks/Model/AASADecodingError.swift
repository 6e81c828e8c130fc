/// Why an apple-app-site-association document could not be read, and where.
///
/// Unknown keys are not errors (Apple's parser ignores them); they are reported separately by
/// ``AASADocument/decodeReportingUnknownKeys(from:)``. This error is for what makes the document
/// unusable: text that is not JSON, or a value of the wrong type.
///
/// ```
/// applinks.details[0].components[2]["/"]: expected a string, found a number
/// ```
public struct AASADecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The text is not valid JSON; `line` and `column` are 1-based.
    case invalidJSON(line: Int, column: Int, message: String)
    /// A value has the wrong JSON type, e.g. a number where a string is required.
    case typeMismatch(expected: String, found: String)
  }

  /// What went wrong.
  public var kind: Kind
  /// Where in the document it went wrong (the root for invalid JSON).
  public var path: AASAPath

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - path: Where in the document it went wrong.
  public init(kind: Kind, path: AASAPath) {
    self.kind = kind
    self.path = path
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    switch kind {
    case .invalidJSON(let line, let column, let message):
      "invalid JSON at line \(line), column \(column): \(message)"
    case .typeMismatch(let expected, let found):
      "\(path): expected \(expected), found \(found)"
    }
  }
}
