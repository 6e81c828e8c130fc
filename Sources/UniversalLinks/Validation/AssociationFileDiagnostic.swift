import DeepLinkRouting
import RouteFiles

/// One finding of ``AASADocument/validate(jsonData:)`` or ``AssetLinksDocument/validate(jsonData:)``: how
/// bad, which check, what, and where.
///
/// Prints like a compiler diagnostic:
/// `warning[unknown-key] applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?`
/// or `error[invalid-package-name] [0].target.package_name: ...`.
package struct AssociationFileDiagnostic: Hashable, Sendable, CustomStringConvertible, Encodable {
  /// How bad a finding is.
  ///
  /// Severity follows what breaks on a phone: an error means no link of the file (or of the app it
  /// names) can open or be verified; a warning means some intended link will not open, or an
  /// unintended one will; a note is style or history and breaks nothing.
  package enum Severity: String, Hashable, Sendable, Comparable, Encodable {
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
    package static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }
  }

  /// How bad the finding is.
  package var severity: Severity
  /// Which check produced it: a stable, kebab-case identifier; the codes the validators give are
  /// listed as static members of `ErrorCode<AssociationFileDiagnostic>`, and a tool that reports more
  /// adds its own with `ErrorCode(rawValue:)`.
  package var code: ErrorCode<AssociationFileDiagnostic>
  /// What is wrong, and what to do about it.
  package var message: String
  /// Where: a place in the document such as `applinks.details[0].appIDs` or
  /// `[0].target.sha256_cert_fingerprints[1]` (`top level` for the whole document), or the URL of a
  /// fetched file.
  package var path: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: How bad the finding is.
  ///   - code: Which check produced it.
  ///   - message: What is wrong.
  ///   - path: Where: a place in the document, or the URL of a fetched file.
  package init(severity: Severity, code: ErrorCode<AssociationFileDiagnostic>, message: String, path: String)
  {
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
  package var description: String {
    "\(severity.rawValue)[\(code)] \(path): \(message)"
  }
}

extension Sequence where Element == AssociationFileDiagnostic.Severity {
  /// The process exit status for findings of these severities: 0 when clean or notes only, 1 with a
  /// warning, 2 with an error.
  package var exitStatus: Int32 {
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
  package var exitStatus: Int32 {
    map(\.severity).exitStatus
  }
}

extension ErrorCode where Subject == AssociationFileDiagnostic {
  /// Creates the code of a check a tool adds to the validators' (a failed fetch, say).
  ///
  /// - Parameter rawValue: The kebab-case identifier.
  package init(rawValue: String) {
    self.init(rawValue)
  }

  // Both files.

  /// The file is not valid JSON (error, with line and column).
  package static let invalidJSON = Self("invalid-json")
  /// A value has the wrong JSON type, or a required key is missing (error).
  package static let wrongType = Self("wrong-type")
  /// A key the format does not define and its reader ignores, usually a typo (warning, with a
  /// suggestion).
  package static let unknownKey = Self("unknown-key")
  /// The file is larger than the 128 KB the fetchers read (error).
  package static let fileTooLarge = Self("file-too-large")

  // apple-app-site-association.

  /// The top-level JSON value is not an object (error).
  package static let topLevelNotObject = Self("top-level-not-object")
  /// The file is a CMS/PKCS#7 signed blob (the iOS 8 format) rather than plain JSON (warning); the
  /// JSON inside is still checked.
  package static let signedFile = Self("signed-file")
  /// There is no `applinks` section and no other section either (error). A file with only
  /// `webcredentials` or `appclips` is complete without it.
  package static let missingAppLinks = Self("missing-applinks")
  /// `applinks.details` is empty (warning).
  package static let noDetails = Self("no-details")
  /// A detail has legacy `paths` but no `components` (note: current iOS still honours `paths`).
  package static let pathsWithoutComponents = Self("paths-without-components")
  /// A detail's legacy `paths` and its `components` decide a path differently, so iOS 12 and
  /// iOS 13+ behave differently (warning).
  package static let pathsComponentsDisagree = Self("paths-components-disagree")
  /// A detail has neither `components` nor `paths` (warning).
  package static let noRules = Self("no-rules")
  /// A rule can never decide because an earlier rule of the same detail matches everything it would
  /// (warning when the earlier rule blocks what this one would open, note when both open).
  package static let unreachableRule = Self("unreachable-rule")
  /// An `exclude` rule comes after a broader rule that already opens the app for what it would
  /// block (warning).
  package static let excludeAfterBroaderRule = Self("exclude-after-broader-rule")
  /// A `#` inside a path pattern: `/#/x` is a fragment, so the pattern never matches (warning).
  package static let hashInPath = Self("hash-in-path")
  /// An app ID that is not `<TeamID>.<bundle id>` (error).
  package static let invalidAppID = Self("invalid-app-id")
  /// A detail that names no app (error).
  package static let missingAppID = Self("missing-app-id")
  /// A detail with both `appIDs` and an `appID` that `appIDs` does not list; that app gets no links
  /// from this entry (warning).
  package static let appIDIgnored = Self("app-id-ignored")
  /// `$(name)` with a name that is neither custom nor predefined; it reads as literal text (warning).
  package static let unknownSubstitutionVariable = Self("unknown-substitution-variable")
  /// A substitution variable whose name holds `$`, `(` or `)` (error).
  package static let invalidSubstitutionVariableName = Self("invalid-substitution-variable-name")

  // assetlinks.json.

  /// The top level is not an array of statements (error).
  package static let topLevelNotArray = Self("top-level-not-array")
  /// The file holds no statement (warning).
  package static let noStatements = Self("no-statements")
  /// A relation string that is not a known relation (warning).
  package static let unknownRelation = Self("unknown-relation")
  /// A `namespace` other than `android_app` and `web` (error).
  package static let unknownNamespace = Self("unknown-namespace")
  /// A package name no Android app can have (error).
  package static let invalidPackageName = Self("invalid-package-name")
  /// An `android_app` target without fingerprints (error).
  package static let missingFingerprints = Self("missing-fingerprints")
  /// A fingerprint that is not 32 hex pairs joined by colons (error).
  package static let invalidFingerprint = Self("invalid-fingerprint")
  /// A fingerprint in lower-case hex; Google documents upper case (warning).
  package static let lowercaseFingerprint = Self("lowercase-fingerprint")
  /// A `web` target whose `site` is not `http(s)://host[:port]` (error).
  package static let invalidSite = Self("invalid-site")
  /// A fingerprint, relation or whole statement given twice (note).
  package static let duplicate = Self("duplicate")
  /// A malformed or empty field of `dynamic_app_link_components`: Android 15 discards every dynamic
  /// rule of the statement and opens what the manifest's filters claim (warning).
  package static let dynamicRulesDiscarded = Self("dynamic-rules-discarded")
  /// Dynamic rules given more than once for one app: Android does not say which it uses (warning).
  package static let dynamicRulesTwice = Self("dynamic-rules-twice")
  /// Dynamic rules where Android does not read them: under another relation, or in a statement that
  /// does not grant `handle_all_urls` to an app (note).
  package static let dynamicRulesIgnored = Self("dynamic-rules-ignored")
}
