/// A set of ASCII characters as a 128-bit mask, for one-character classes such as `$(digit)`.
struct ASCIISet: Hashable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  /// The set of the characters in a closed range of ASCII scalars.
  init(_ range: ClosedRange<Unicode.Scalar>) {
    for value in range.lowerBound.value...range.upperBound.value where value < 128 {
      insert(value)
    }
  }

  private mutating func insert(_ value: UInt32) {
    if value < 64 {
      low |= 1 << UInt64(value)
    } else {
      high |= 1 << UInt64(value - 64)
    }
  }

  /// Whether the set holds the scalar with this value.
  func contains(_ value: UInt32) -> Bool {
    if value < 64 { return low & (1 << UInt64(value)) != 0 }
    if value < 128 { return high & (1 << UInt64(value - 64)) != 0 }
    return false
  }

  /// The characters in either set.
  func union(_ other: ASCIISet) -> ASCIISet {
    var result = self
    result.low |= other.low
    result.high |= other.high
    return result
  }

  /// The set with every upper-case letter replaced by its lower-case letter.
  func lowercased() -> ASCIISet {
    var result = self
    result.high = high & ~Self.upperMask | (high & Self.upperMask) << 32
    return result
  }

  // `A`...`Z` are 65...90, bits 1...26 of `high`; their lower-case letters are 32 higher.
  private static let upperMask: UInt64 = ((1 << 27) - 1) & ~1
}
