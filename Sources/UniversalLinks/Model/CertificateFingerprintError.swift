import DeepLinkRouting

/// Why a text is not a SHA-256 certificate fingerprint as `assetlinks.json` requires it.
///
/// The required form is exactly 32 upper-case hex pairs joined by colons:
/// `14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5`.
package struct CertificateFingerprintError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the fingerprint.
  package let code: ErrorCode<CertificateFingerprintError>
  /// What is wrong, in words, without the fingerprint.
  private let problem: String
  /// The number of colon-separated pieces, for `wrongPairCount`; `nil` otherwise.
  package private(set) var pairCount: Int?
  /// The 1-based position of the piece at fault, for `notAHexPair` and `lowercaseHex`; `nil` otherwise.
  package private(set) var position: Int?
  /// The piece at fault, for `notAHexPair` and `lowercaseHex`; `nil` otherwise.
  package private(set) var piece: String?
  /// The fingerprint as given.
  package var fingerprint = ""

  /// A one-line, human-readable account of the problem.
  package var description: String {
    "invalid SHA-256 certificate fingerprint \"\(fingerprint)\": \(problem)"
  }
}

extension CertificateFingerprintError {
  /// Creates an error: the problem `reason` (made by one of the factories, such as
  /// ``wrongPairCount(_:)``) with a fingerprint.
  ///
  /// - Parameters:
  ///   - fingerprint: The fingerprint as given.
  ///   - reason: What is wrong with it, with its details; its own fingerprint is replaced.
  package init(fingerprint: String, reason: CertificateFingerprintError) {
    self = reason
    self.fingerprint = fingerprint
  }
}

extension CertificateFingerprintError {
  /// The text is empty: code `empty`.
  package static let empty = Self(code: .empty, problem: "it is empty")

  /// The text is 64 hex digits without the colons between pairs: code `missingColons`.
  package static let missingColons = Self(
    code: .missingColons, problem: "the 32 hex pairs must be separated by colons (AB:CD:...)")

  /// The text has `count` colon-separated pieces instead of 32: code `wrongPairCount`.
  package static func wrongPairCount(_ count: Int) -> Self {
    Self(
      code: .wrongPairCount, problem: "it has \(count) colon-separated pairs, a SHA-256 fingerprint has 32",
      pairCount: count)
  }

  /// The piece at the 1-based `position` is not two hex digits: code `notAHexPair`.
  package static func notAHexPair(position: Int, piece: String) -> Self {
    Self(
      code: .notAHexPair, problem: "pair \(position) \"\(piece)\" is not two hex digits", position: position,
      piece: piece)
  }

  /// The piece at the 1-based `position` uses lower-case hex digits: code `lowercaseHex`.
  package static func lowercaseHex(position: Int, piece: String) -> Self {
    Self(
      code: .lowercaseHex,
      problem: "pair \(position) \"\(piece)\" must be upper-case hex (\(piece.uppercased()))",
      position: position, piece: piece)
  }
}

extension ErrorCode where Subject == CertificateFingerprintError {
  /// The text is empty.
  package static let empty = Self("empty")
  /// The text is 64 hex digits without the colons between pairs.
  package static let missingColons = Self("missing-colons")
  /// The text has another number of colon-separated pieces than 32; see
  /// ``CertificateFingerprintError/pairCount``.
  package static let wrongPairCount = Self("wrong-pair-count")
  /// A piece is not two hex digits; see ``CertificateFingerprintError/position`` and
  /// ``CertificateFingerprintError/piece``.
  package static let notAHexPair = Self("not-a-hex-pair")
  /// A piece uses lower-case hex digits; see ``CertificateFingerprintError/position`` and
  /// ``CertificateFingerprintError/piece``.
  package static let lowercaseHex = Self("lowercase-hex")
}
