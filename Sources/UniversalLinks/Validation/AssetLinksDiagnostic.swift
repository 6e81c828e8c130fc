/// One finding of ``AssetLinksValidator``: how bad, which check, what, and where in the file.
///
/// Severities mean what they mean for ``AASADiagnostic``: an error stops an app (or the whole file)
/// from being verified, a warning makes some intended verification fail or risky, a note breaks
/// nothing. Prints like `error[invalid-package-name] [0].target.package_name: ...`.
public struct AssetLinksDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Which check produced a finding; the raw value is a stable, kebab-case identifier.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// The file is not valid JSON (error).
    case invalidJSON = "invalid-json"
    /// The top level is not an array of statements (error).
    case topLevelNotArray = "top-level-not-array"
    /// The file holds no statement (warning).
    case noStatements = "no-statements"
    /// A value has the wrong JSON type, or a required key is missing (error).
    case wrongType = "wrong-type"
    /// A key the format does not define, usually a typo (warning, with a suggestion).
    case unknownKey = "unknown-key"
    /// A relation string that is not a known relation (warning).
    case unknownRelation = "unknown-relation"
    /// A `namespace` other than `android_app` and `web` (error).
    case unknownNamespace = "unknown-namespace"
    /// A package name no Android app can have (error).
    case invalidPackageName = "invalid-package-name"
    /// An `android_app` target without fingerprints (error).
    case missingFingerprints = "missing-fingerprints"
    /// A fingerprint that is not 32 hex pairs joined by colons (error).
    case invalidFingerprint = "invalid-fingerprint"
    /// A fingerprint in lower-case hex; Google documents upper case (warning).
    case lowercaseFingerprint = "lowercase-fingerprint"
    /// A `web` target whose `site` is not `http(s)://host[:port]` (error).
    case invalidSite = "invalid-site"
    /// A fingerprint, relation or whole statement given twice (note).
    case duplicate = "duplicate"
  }

  /// How bad the finding is.
  public var severity: AASADiagnostic.Severity
  /// Which check produced it.
  public var code: Code
  /// What is wrong, and what to do about it.
  public var message: String
  /// Where in the file, e.g. `[0].target.sha256_cert_fingerprints[1]`.
  public var path: AASAPath

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - severity: How bad the finding is.
  ///   - code: Which check produced it.
  ///   - message: What is wrong.
  ///   - path: Where in the file.
  public init(severity: AASADiagnostic.Severity, code: Code, message: String, path: AASAPath) {
    self.severity = severity
    self.code = code
    self.message = message
    self.path = path
  }

  /// `severity[code] path: message`.
  public var description: String {
    "\(severity.rawValue)[\(code.rawValue)] \(path): \(message)"
  }
}

extension Array where Element == AssetLinksDiagnostic {
  /// The process exit status for these findings: 0 when clean or notes only, 1 with a warning, 2 with
  /// an error.
  public var exitStatus: Int32 {
    map(\.severity).exitStatus
  }
}
