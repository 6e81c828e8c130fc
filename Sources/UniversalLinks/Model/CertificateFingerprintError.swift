/// Why a text is not a SHA-256 certificate fingerprint as `assetlinks.json` requires it.
///
/// The required form is exactly 32 upper-case hex pairs joined by colons:
/// `14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5`.
package struct CertificateFingerprintError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the fingerprint.
  package enum Kind: Hashable, Sendable {
    /// The text is empty.
    case empty
    /// The text is 64 hex digits without the colons between pairs.
    case missingColons
    /// The text has this many colon-separated pieces instead of 32.
    case wrongPairCount(Int)
    /// The piece at this 1-based position is not two hex digits.
    case notAHexPair(position: Int, piece: String)
    /// The piece at this 1-based position uses lower-case hex digits.
    case lowercaseHex(position: Int, piece: String)
  }

  /// The fingerprint as given.
  package var fingerprint: String
  /// What is wrong with it.
  package var kind: Kind

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - fingerprint: The fingerprint as given.
  ///   - kind: What is wrong with it.
  package init(fingerprint: String, kind: Kind) {
    self.fingerprint = fingerprint
    self.kind = kind
  }

  /// A one-line, human-readable account of the problem.
  package var description: String {
    let problem: String
    switch kind {
    case .empty:
      problem = "it is empty"
    case .missingColons:
      problem = "the 32 hex pairs must be separated by colons (AB:CD:...)"
    case .wrongPairCount(let count):
      problem = "it has \(count) colon-separated pairs, a SHA-256 fingerprint has 32"
    case .notAHexPair(let position, let piece):
      problem = "pair \(position) \"\(piece)\" is not two hex digits"
    case .lowercaseHex(let position, let piece):
      problem = "pair \(position) \"\(piece)\" must be upper-case hex (\(piece.uppercased()))"
    }
    return "invalid SHA-256 certificate fingerprint \"\(fingerprint)\": \(problem)"
  }
}
