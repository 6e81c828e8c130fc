/// One finding of ``AASAValidator``: how bad, which check, what, and where in the document.
///
/// Prints like a compiler diagnostic:
/// `warning[unknown-key] applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?`
public struct AASADiagnostic: Hashable, Sendable, CustomStringConvertible, Encodable {
  /// How bad a finding is.
  public enum Severity: String, Hashable, Sendable, Comparable, Encodable {
    /// The file works, but probably not as intended.
    case warning
    /// The file, or part of it, does not work.
    case error

    /// Warnings sort before errors.
    ///
    /// - Parameters:
    ///   - lhs: A severity.
    ///   - rhs: Another severity.
    /// - Returns: Whether `lhs` is a warning and `rhs` an error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  /// Which check produced a finding; the raw value is a stable, kebab-case identifier.
  public enum Code: String, Hashable, Sendable, CaseIterable, Encodable {
    /// The file is larger than Apple's 128 KB limit (error).
    case fileTooLarge = "file-too-large"
    /// The file is not valid JSON (error, with line and column).
    case invalidJSON = "invalid-json"
    /// The top-level JSON value is not an object (error).
    case topLevelNotObject = "top-level-not-object"
    /// A value has the wrong JSON type (error).
    case wrongType = "wrong-type"
    /// There is no `applinks` section (error when the file has no section at all, else warning).
    case missingAppLinks = "missing-applinks"
    /// `applinks.details` is empty (warning).
    case noDetails = "no-details"
    /// A key Apple ignores, usually a typo (warning, with a suggestion).
    case unknownKey = "unknown-key"
    /// A detail has legacy `paths` but no `components`, which iOS 13+ reads (warning).
    case pathsWithoutComponents = "paths-without-components"
    /// A detail has neither `components` nor `paths` (warning).
    case noRules = "no-rules"
    /// A rule can never decide because an earlier rule of the same detail matches everything it would (warning).
    case unreachableRule = "unreachable-rule"
    /// An `exclude` rule comes after a broader rule that already opens the app for what it would block (warning).
    case excludeAfterBroaderRule = "exclude-after-broader-rule"
    /// A `#` inside a path pattern: `/#/x` is a fragment, so the pattern never matches (warning).
    case hashInPath = "hash-in-path"
    /// An app ID that is not `<TeamID>.<bundle id>` (error).
    case invalidAppID = "invalid-app-id"
    /// A detail that names no app (error).
    case missingAppID = "missing-app-id"
    /// A detail with both `appIDs` and `appID`; `appID` is ignored (warning).
    case appIDIgnored = "app-id-ignored"
    /// `$(name)` with a name that is neither custom nor predefined; it reads as literal text (warning).
    case unknownSubstitutionVariable = "unknown-substitution-variable"
    /// A substitution variable whose name holds `$`, `(` or `)` (error).
    case invalidSubstitutionVariableName = "invalid-substitution-variable-name"
  }

  /// How bad the finding is.
  public var severity: Severity
  /// Which check produced it.
  public var code: Code
  /// What is wrong, and what to do about it.
  public var message: String
  /// Where in the document.
  public var path: AASAPath

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: How bad the finding is.
  ///   - code: Which check produced it.
  ///   - message: What is wrong.
  ///   - path: Where in the document.
  public init(severity: Severity, code: Code, message: String, path: AASAPath) {
    self.severity = severity
    self.code = code
    self.message = message
    self.path = path
  }

  /// `severity[code] path: message`.
  public var description: String {
    "\(severity.rawValue)[\(code.rawValue)] \(path): \(message)"
  }

  private enum CodingKeys: String, CodingKey {
    case severity, code, message, path
  }

  /// Encodes as `{"severity", "code", "message", "path"}` with the path as text.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(severity, forKey: .severity)
    try container.encode(code, forKey: .code)
    try container.encode(message, forKey: .message)
    try container.encode(path.description, forKey: .path)
  }
}

extension Array where Element == AASADiagnostic {
  /// The process exit status for these findings: 0 when clean, 1 for warnings only, 2 with any error.
  public var exitStatus: Int32 {
    if contains(where: { $0.severity == .error }) { return 2 }
    return isEmpty ? 0 : 1
  }
}
