/// A SHA-256 signing-certificate fingerprint, as listed in `assetlinks.json`.
///
/// The value is validated on creation: exactly 32 upper-case hex pairs joined by colons. List both the
/// upload key and the Play app-signing key of an app, or verification fails for installs from the store.
package struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// The fingerprint text, e.g. `14:6D:E9:...:44:E5`.
  package let text: String

  /// Validates a fingerprint.
  ///
  /// - Parameter text: The fingerprint, 32 upper-case hex pairs joined by colons.
  /// - Throws: ``CertificateFingerprintError`` saying what is wrong: empty, missing colons, the wrong
  ///   number of pairs, a piece that is not hex, or lower-case hex.
  package init(_ text: String) throws(CertificateFingerprintError) {
    func failure(_ reason: CertificateFingerprintError) -> CertificateFingerprintError {
      CertificateFingerprintError(fingerprint: text, reason: reason)
    }
    guard !text.isEmpty else { throw failure(.empty) }
    let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
    if pieces.count == 1, text.count == 64, text.unicodeScalars.allSatisfy(\.isHexDigit) {
      throw failure(.missingColons)
    }
    guard pieces.count == 32 else { throw failure(.wrongPairCount(pieces.count)) }
    for (offset, piece) in pieces.enumerated() {
      guard piece.count == 2, piece.unicodeScalars.allSatisfy(\.isHexDigit) else {
        throw failure(.notAHexPair(position: offset + 1, piece: String(piece)))
      }
      guard piece.uppercased() == piece else {
        throw failure(.lowercaseHex(position: offset + 1, piece: String(piece)))
      }
    }
    self.text = text
  }

  /// The fingerprint text.
  package var description: String { text }
}

extension Unicode.Scalar {
  /// Whether the scalar is an ASCII hex digit, either case.
  var isHexDigit: Bool {
    ("0"..."9").contains(self) || ("a"..."f").contains(self) || ("A"..."F").contains(self)
  }
}
