import DeepLinkRouting

/// Why an apple-app-site-association or `assetlinks.json` file could not be read, and where.
///
/// Unknown keys are not errors (the readers on the phones ignore them); ``AASADocument/validate(jsonData:)`` and
/// ``AssetLinksDocument/validate(jsonData:)`` report them. This error is for what makes the file unusable: text that is
/// not JSON, a value of the wrong type, or (in `assetlinks.json`) a malformed fingerprint.
///
/// ```
/// applinks.details[0].components[2]["/"]: expected a string, found a number
/// ```
public struct AssociationFileDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Hashable, Sendable {
    /// The text is not valid JSON; `line` and `column` are 1-based.
    case invalidJSON(line: Int, column: Int, message: String)
    /// A value has the wrong JSON type, or a required key is missing.
    case typeMismatch(expected: String, found: String)
    /// A certificate fingerprint is malformed.
    case invalidFingerprint(CertificateFingerprintError)
  }

  /// What went wrong.
  package var kind: Kind
  /// Where in the document it went wrong (the root for invalid JSON).
  package var documentPath: JSONPath

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - path: Where in the document it went wrong.
  package init(kind: Kind, path: JSONPath) {
    self.kind = kind
    self.documentPath = path
  }

  /// What went wrong, as the validators name it: ``AssociationFileDiagnostic/Code/invalidJSON``,
  /// ``AssociationFileDiagnostic/Code/wrongType`` or ``AssociationFileDiagnostic/Code/invalidFingerprint``.
  public var code: AssociationFileDiagnostic.Code {
    switch kind {
    case .invalidJSON: .invalidJSON
    case .typeMismatch: .wrongType
    case .invalidFingerprint: .invalidFingerprint
    }
  }

  /// Where in the document it went wrong, e.g. `[0].target.sha256_cert_fingerprints[1]`; `top level`
  /// for text that is not JSON.
  public var path: String {
    documentPath.place
  }

  /// The 1-based line of text that is not JSON; `nil` for the other errors.
  public var line: Int? {
    guard case .invalidJSON(let line, _, _) = kind else { return nil }
    return line
  }

  /// The 1-based column of text that is not JSON; `nil` for the other errors.
  public var column: Int? {
    guard case .invalidJSON(_, let column, _) = kind else { return nil }
    return column
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
