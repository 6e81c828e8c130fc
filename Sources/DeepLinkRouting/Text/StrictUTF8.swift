/// Well-formed UTF-8, as the Unicode Standard defines it (Table 3-7): no overlong forms, no surrogates,
/// nothing above U+10FFFF, no truncated sequence.
///
/// The package's one statement of "these bytes are text". It is what `String(validating:as:)` checks,
/// written here because that initialiser needs iOS 18 and macOS 15 and the package supports iOS 17 and
/// macOS 14. Every reader of outside bytes (percent escapes, route files, input lines, file names)
/// refuses what this refuses.
package enum StrictUTF8 {
  /// Whether `bytes` are well-formed UTF-8.
  package static func isValid<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
    var iterator = bytes.makeIterator()
    while let lead = iterator.next() {
      if lead < 0x80 { continue }
      // The range of the second byte depends on the lead byte; the rest are 80...BF.
      let second: ClosedRange<UInt8>
      let continuations: Int
      switch lead {
      case 0xC2...0xDF: (second, continuations) = (0x80...0xBF, 0)
      case 0xE0: (second, continuations) = (0xA0...0xBF, 1)
      case 0xE1...0xEC, 0xEE...0xEF: (second, continuations) = (0x80...0xBF, 1)
      case 0xED: (second, continuations) = (0x80...0x9F, 1)
      case 0xF0: (second, continuations) = (0x90...0xBF, 2)
      case 0xF1...0xF3: (second, continuations) = (0x80...0xBF, 2)
      case 0xF4: (second, continuations) = (0x80...0x8F, 2)
      default: return false
      }
      guard let next = iterator.next(), second.contains(next) else { return false }
      for _ in 0..<continuations {
        guard let next = iterator.next(), (0x80...0xBF).contains(next) else { return false }
      }
    }
    return true
  }

  /// The text of `bytes` when they are well-formed UTF-8, `nil` otherwise.
  package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
    guard isValid(bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}
