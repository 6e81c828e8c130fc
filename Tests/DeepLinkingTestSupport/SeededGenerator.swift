import Foundation

/// A small, fast, seedable generator (SplitMix64), so a randomized test can be replayed from its seed.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: The seed.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next value of the sequence.
  ///
  /// - Returns: 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// Whether an event of this probability happens.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// One element of a non-empty list.
  public mutating func pick<T>(_ list: [T]) -> T {
    list[Int.random(in: 0..<list.count, using: &self)]
  }
}
