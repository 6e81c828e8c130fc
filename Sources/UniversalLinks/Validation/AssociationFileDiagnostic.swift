import DeepLinkRouting

/// One finding of ``AASADocument/validate(jsonData:)`` or ``AssetLinksDocument/validate(jsonData:)``: how
/// bad, which check, what, and where.
///
/// Prints like a compiler diagnostic:
/// `warning[unknown-key] applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?`
/// or `error[invalid-package-name] [0].target.package_name: ...`.
public struct AssociationFileDiagnostic: Hashable, Sendable, CustomStringConvertible, Encodable {
  /// How bad a finding is.
  ///
  /// Severity follows what breaks on a phone: an error means no link of the file (or of the app it
  /// names) can open or be verified; a warning means some intended link will not open, or an
  /// unintended one will; a note is style or history and breaks nothing.
  public enum Severity: String, Hashable, Sendable, Comparable, Encodable {
    /// Style or history: nothing breaks (legacy `paths` alone, a rule that can never decide but whose
    /// links open anyway, a fingerprint given twice).
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

  /// How bad the finding is.
  public var severity: Severity
  /// Which check produced it: a stable, kebab-case identifier; the codes the validators give are
  /// listed as static members of `ErrorCode<AssociationFileDiagnostic>`, and a tool that reports more
  /// adds its own with `ErrorCode(rawValue:)`.
  public var code: ErrorCode<AssociationFileDiagnostic>
  /// What is wrong, and what to do about it.
  public var message: String
  /// Where: a place in the document such as `applinks.details[0].appIDs` or
  /// `[0].target.sha256_cert_fingerprints[1]` (`top level` for the whole document), or the URL of a
  /// fetched file.
  public var path: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: How bad the finding is.
  ///   - code: Which check produced it.
  ///   - message: What is wrong.
  ///   - path: Where: a place in the document, or the URL of a fetched file.
  public init(severity: Severity, code: ErrorCode<AssociationFileDiagnostic>, message: String, path: String) {
    self.severity = severity
    self.code = code
    self.message = message
    self.path = path
  }

  /// Creates a diagnostic at a place in the document.
  package init(
    severity: Severity, code: ErrorCode<AssociationFileDiagnostic>, message: String, path: JSONPath
  ) {
    self.init(severity: severity, code: code, message: message, path: path.place)
  }

  /// `severity[code] path: message`.
  public var description: String {
    "\(severity.rawValue)[\(code)] \(path): \(message)"
  }
}

extension Sequence where Element == AssociationFileDiagnostic.Severity {
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

extension Array where Element == AssociationFileDiagnostic {
  /// The process exit status for these findings: 0 when clean or notes only, 1 with a warning, 2 with
  /// an error.
  public var exitStatus: Int32 {
    map(\.severity).exitStatus
  }
}

extension ErrorCode where Subject == AssociationFileDiagnostic {
  /// Creates the code of a check a tool adds to the validators' (a failed fetch, say).
  ///
  /// - Parameter rawValue: The kebab-case identifier.
  public init(rawValue: String) {
    self.init(rawValue)
  }

  // Both files.

  /// The file is not valid JSON (error, with line and column).
  public static let invalidJSON = Self("invalid-json")
  /// A value has the wrong JSON type, or a required key is missing (error).
  public static let wrongType = Self("wrong-type")
  /// A key the format does not define and its reader ignores, usually a typo (warning, with a
  /// suggestion).
  public static let unknownKey = Self("unknown-key")
  /// The file is larger than the 128 KB the fetchers read (error).
  public static let fileTooLarge = Self("file-too-large")

  // apple-app-site-association.

  /// The top-level JSON value is not an object (error).
  public static let topLevelNotObject = Self("top-level-not-object")
  /// The file is a CMS/PKCS#7 signed blob (the iOS 8 format) rather than plain JSON (warning); the
  /// JSON inside is still checked.
  public static let signedFile = Self("signed-file")
  /// There is no `applinks` section and no other section either (error). A file with only
  /// `webcredentials` or `appclips` is complete without it.
  public static let missingAppLinks = Self("missing-applinks")
  /// `applinks.details` is empty (warning).
  public static let noDetails = Self("no-details")
  /// A detail has legacy `paths` but no `components` (note: current iOS still honours `paths`).
  public static let pathsWithoutComponents = Self("paths-without-components")
  /// A detail's legacy `paths` and its `components` decide a path differently, so iOS 12 and
  /// iOS 13+ behave differently (warning).
  public static let pathsComponentsDisagree = Self("paths-components-disagree")
  /// A detail has neither `components` nor `paths` (warning).
  public static let noRules = Self("no-rules")
  /// A rule can never decide because an earlier rule of the same detail matches everything it would
  /// (warning when the earlier rule blocks what this one would open, note when both open).
  public static let unreachableRule = Self("unreachable-rule")
  /// An `exclude` rule comes after a broader rule that already opens the app for what it would
  /// block (warning).
  public static let excludeAfterBroaderRule = Self("exclude-after-broader-rule")
  /// A `#` inside a path pattern: `/#/x` is a fragment, so the pattern never matches (warning).
  public static let hashInPath = Self("hash-in-path")
  /// An app ID that is not `<TeamID>.<bundle id>` (error).
  public static let invalidAppID = Self("invalid-app-id")
  /// A detail that names no app (error).
  public static let missingAppID = Self("missing-app-id")
  /// A detail with both `appIDs` and an `appID` that `appIDs` does not list; that app gets no links
  /// from this entry (warning).
  public static let appIDIgnored = Self("app-id-ignored")
  /// `$(name)` with a name that is neither custom nor predefined; it reads as literal text (warning).
  public static let unknownSubstitutionVariable = Self("unknown-substitution-variable")
  /// A substitution variable whose name holds `$`, `(` or `)` (error).
  public static let invalidSubstitutionVariableName = Self("invalid-substitution-variable-name")

  // assetlinks.json.

  /// The top level is not an array of statements (error).
  public static let topLevelNotArray = Self("top-level-not-array")
  /// The file holds no statement (warning).
  public static let noStatements = Self("no-statements")
  /// A relation string that is not a known relation (warning).
  public static let unknownRelation = Self("unknown-relation")
  /// A `namespace` other than `android_app` and `web` (error).
  public static let unknownNamespace = Self("unknown-namespace")
  /// A package name no Android app can have (error).
  public static let invalidPackageName = Self("invalid-package-name")
  /// An `android_app` target without fingerprints (error).
  public static let missingFingerprints = Self("missing-fingerprints")
  /// A fingerprint that is not 32 hex pairs joined by colons (error).
  public static let invalidFingerprint = Self("invalid-fingerprint")
  /// A fingerprint in lower-case hex; Google documents upper case (warning).
  public static let lowercaseFingerprint = Self("lowercase-fingerprint")
  /// A `web` target whose `site` is not `http(s)://host[:port]` (error).
  public static let invalidSite = Self("invalid-site")
  /// A fingerprint, relation or whole statement given twice (note).
  public static let duplicate = Self("duplicate")
}
