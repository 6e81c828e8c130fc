/// One finding of ``AASAValidator``: how bad, which check, what, and where in the document.
///
/// Prints like a compiler diagnostic:
/// `warning[unknown-key] applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?`
public struct AASADiagnostic: Hashable, Sendable, CustomStringConvertible, Encodable {
  /// How bad a finding is.
  ///
  /// Severity follows what breaks on a phone: an error means no link of the file (or of the app it
  /// names) can open; a warning means some intended link will not open, or an unintended one will; a
  /// note is style or history and breaks nothing.
  public enum Severity: String, Hashable, Sendable, Comparable, Encodable {
    /// Style or history: nothing breaks (legacy `paths` alone, a rule that can never decide but whose
    /// links open anyway).
    case note
    /// Some intended link will not open, or an unintended one will.
    case warning
    /// No link can open: the file, or an app it names, does not work.
    case error

    private var rank: Int {
      switch self {
      case .note: 0
      case .warning: 1
      case .error: 2
      }
    }

    /// Notes sort before warnings, warnings before errors.
    ///
    /// - Parameters:
    ///   - lhs: A severity.
    ///   - rhs: Another severity.
    /// - Returns: Whether `lhs` is less severe than `rhs`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
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
    /// The file is a CMS/PKCS#7 signed blob (the iOS 8 format) rather than plain JSON (warning); the
    /// JSON inside is still checked.
    case signedFile = "signed-file"
    /// There is no `applinks` section and no other section either (error). A file with only
    /// `webcredentials` or `appclips` is complete without it.
    case missingAppLinks = "missing-applinks"
    /// `applinks.details` is empty (warning).
    case noDetails = "no-details"
    /// A key Apple ignores, usually a typo (warning, with a suggestion).
    case unknownKey = "unknown-key"
    /// A detail has legacy `paths` but no `components` (note: current iOS still honours `paths`).
    case pathsWithoutComponents = "paths-without-components"
    /// A detail's legacy `paths` and its `components` decide a path differently, so iOS 12 and
    /// iOS 13+ behave differently (warning).
    case pathsComponentsDisagree = "paths-components-disagree"
    /// A detail has neither `components` nor `paths` (warning).
    case noRules = "no-rules"
    /// A rule can never decide because an earlier rule of the same detail matches everything it would
    /// (warning when the earlier rule blocks what this one would open, note when both open).
    case unreachableRule = "unreachable-rule"
    /// An `exclude` rule comes after a broader rule that already opens the app for what it would block (warning).
    case excludeAfterBroaderRule = "exclude-after-broader-rule"
    /// A `#` inside a path pattern: `/#/x` is a fragment, so the pattern never matches (warning).
    case hashInPath = "hash-in-path"
    /// An app ID that is not `<TeamID>.<bundle id>` (error).
    case invalidAppID = "invalid-app-id"
    /// A detail that names no app (error).
    case missingAppID = "missing-app-id"
    /// A detail with both `appIDs` and an `appID` that `appIDs` does not list; that app gets no links
    /// from this entry (warning).
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

extension Sequence where Element == AASADiagnostic.Severity {
  /// The process exit status for findings of these severities: 0 when clean or notes only, 1 with a
  /// warning, 2 with an error.
  public var exitStatus: Int32 {
    switch self.max() {
    case .error: 2
    case .warning: 1
    case .note, nil: 0
    }
  }
}

extension Array where Element == AASADiagnostic {
  /// The process exit status for these findings: 0 when clean or notes only, 1 with a warning, 2 with
  /// an error.
  public var exitStatus: Int32 {
    map(\.severity).exitStatus
  }
}
