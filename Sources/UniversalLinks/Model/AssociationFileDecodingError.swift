import DeepLinkRouting
import Foundation
import RouteFiles

/// Why an apple-app-site-association or `assetlinks.json` file could not be read, and where.
///
/// Unknown keys are not errors (the readers on the phones ignore them); ``AASADocument/validate(jsonData:)`` and
/// ``AssetLinksDocument/validate(jsonData:)`` report them. This error is for what makes the file unusable: text that is
/// not JSON, a value of the wrong type, or (in `assetlinks.json`) a malformed fingerprint.
///
/// ```
/// applinks.details[0].components[2]["/"]: expected a string, found a number
/// ```
package struct AssociationFileDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as the validators name it: `invalidJSON`, `wrongType` or `invalidFingerprint`.
  package let code: ErrorCode<AssociationFileDiagnostic>
  /// What went wrong, in words, after the place.
  private let problem: String
  /// The 1-based line of text that is not JSON; `nil` for the other errors.
  package private(set) var line: Int?
  /// The 1-based column of text that is not JSON; `nil` for the other errors.
  package private(set) var column: Int?
  /// What the format expects, for `wrongType` ("a string"); `nil` otherwise.
  package private(set) var expected: String?
  /// What the document holds instead, for `wrongType` ("a number"); `nil` otherwise.
  package private(set) var found: String?
  /// The fingerprint's own error, for `invalidFingerprint`; `nil` otherwise.
  package private(set) var fingerprintError: CertificateFingerprintError?
  /// Where in the document it went wrong (the root for invalid JSON).
  package let documentPath: JSONPath
  /// Whether ``description`` starts with the place: not for text that is not JSON.
  private var namesPath = true

  /// Where in the document it went wrong, e.g. `[0].target.sha256_cert_fingerprints[1]`; `top level`
  /// for text that is not JSON.
  package var path: String {
    documentPath.place
  }

  /// A one-line, human-readable account of the error.
  package var description: String {
    namesPath ? "\(path): \(problem)" : problem
  }

  /// The JSON value an association file's text holds.
  ///
  /// - Parameter data: The file's contents.
  /// - Returns: The value.
  /// - Throws: The error with code `invalidJSON`, at the top level with the line and column, for text
  ///   that is not strict JSON.
  package static func json(in data: Data) throws(Self) -> JSONValue {
    do {
      return try JSONReader.read(data)
    } catch {
      throw Self(
        code: .invalidJSON,
        problem: "invalid JSON at line \(error.line), column \(error.column): \(error.detail)",
        line: error.line, column: error.column, documentPath: .root, namesPath: false)
    }
  }

  /// A value has the wrong JSON type, or a required key is missing: code `wrongType`.
  ///
  /// - Parameters:
  ///   - expected: What the format expects there ("a string").
  ///   - found: What the document holds instead ("a number", "nothing").
  ///   - path: Where.
  /// - Returns: The error.
  package static func typeMismatch(expected: String, found: String, at path: JSONPath) -> Self {
    Self(
      code: .wrongType, problem: "expected \(expected), found \(found)", expected: expected, found: found,
      documentPath: path)
  }

  /// A certificate fingerprint is malformed: code `invalidFingerprint`.
  ///
  /// - Parameters:
  ///   - error: The fingerprint's own error.
  ///   - path: Where.
  /// - Returns: The error.
  package static func invalidFingerprint(_ error: CertificateFingerprintError, at path: JSONPath) -> Self {
    Self(code: .invalidFingerprint, problem: error.description, fingerprintError: error, documentPath: path)
  }
}
