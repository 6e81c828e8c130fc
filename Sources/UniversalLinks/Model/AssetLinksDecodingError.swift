/// Why an `assetlinks.json` file could not be read, and where.
public struct AssetLinksDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The text is not valid JSON; `line` and `column` are 1-based.
    case invalidJSON(line: Int, column: Int, message: String)
    /// A value has the wrong JSON type, or a required key is missing.
    case typeMismatch(expected: String, found: String)
    /// A certificate fingerprint is malformed.
    case invalidFingerprint(CertificateFingerprintError)
  }

  /// What went wrong.
  public var kind: Kind
  /// Where in the document, e.g. `[0].target.sha256_cert_fingerprints[1]`.
  public var path: AASAPath

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - path: Where in the document.
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
    case .invalidFingerprint(let error):
      "\(path): \(error)"
    }
  }
}
