/// The one "did you mean" rule: unknown keys in every file the package reads, and the tool's unknown
/// commands, options and words.
package enum KeySuggestion {
  /// The largest edit distance a suggestion is ever made at (see ``suggestion(for:among:aliases:)``).
  static let maximumDistance = 3

  /// The known key closest to `key`: an alias, equal ignoring case, a key that starts with it (`rout`
  /// for `route`, at least two characters typed), or within a small edit distance (one edit for keys of
  /// up to five characters, a third of the length for longer keys, at most three).
  ///
  /// The closest key is the first one at the smallest distance. Distances beyond what could still win
  /// (more than three, or no closer than the best so far) are not computed in full: a key whose length
  /// alone puts it too far is skipped, and the others are compared in a band cut off at that bound.
  ///
  /// - Parameters:
  ///   - key: The unknown key.
  ///   - known: The keys valid at that place.
  ///   - aliases: Words people write instead of a known key, lower-cased (`"path"` for `"/"`).
  /// - Returns: The suggestion, or `nil` when nothing is close.
  package static func suggestion(
    for key: String, among known: [String], aliases: [String: String] = [:]
  ) -> String? {
    let lowered = key.lowercased()
    if let alias = aliases[lowered], known.contains(alias) {
      return alias
    }
    guard !known.isEmpty else { return nil }
    let typed = Letters(lowered)
    var best: (key: String, distance: Int)?
    for candidate in known {
      // Only a key closer than the best so far, and within the largest distance, can change the answer.
      let bound = min(maximumDistance, (best?.distance ?? .max) - 1)
      guard bound >= 0 else { break }
      if let distance = typed.distance(to: candidate, bound: bound) {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, Letters.count(of: best.key) / 3))
    return best.distance <= allowed ? best.key : nil
  }

  /// The edit distance between two strings, in characters: insertions, deletions, substitutions and
  /// swaps of two neighbouring characters each count one (`titel` is one edit from `title`).
  ///
  /// - Parameters:
  ///   - lhs: A string.
  ///   - rhs: Another string.
  /// - Returns: The number of edits that turn one into the other.
  package static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    return editDistance(left, right, bound: max(left.count, right.count)) ?? max(left.count, right.count)
  }

  /// The edit distance between two sequences (as ``editDistance(_:_:)`` counts it) when it is at most
  /// `bound`, or `nil` when it is more.
  ///
  /// Only the cells within `bound` of the diagonal are computed (a cell further off is at least its
  /// distance from the diagonal), every value is capped at `bound + 1`, and the computation stops when
  /// two rows in a row exceed the bound, since every later row then does too.
  ///
  /// - Parameters:
  ///   - left: A sequence.
  ///   - right: Another sequence.
  ///   - bound: The largest distance of interest, at least 0.
  /// - Returns: The distance, or `nil` when it is over `bound`.
  static func editDistance<Left: RandomAccessCollection, Right: RandomAccessCollection>(
    _ left: Left, _ right: Right, bound: Int
  ) -> Int?
  where Left.Element: Equatable, Left.Element == Right.Element, Left.Index == Int, Right.Index == Int {
    let rows = left.count
    let columns = right.count
    guard abs(rows - columns) <= bound else { return nil }
    if rows == 0 { return columns }
    let cap = bound + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (columns + 1)) { memory -> Int? in
      // Three rows: the one before the previous (for swaps), the previous, the current.
      var beforePrevious = UnsafeMutableBufferPointer(rebasing: memory[0..<(columns + 1)])
      var previous = UnsafeMutableBufferPointer(rebasing: memory[(columns + 1)..<(2 * columns + 2)])
      var current = UnsafeMutableBufferPointer(rebasing: memory[(2 * columns + 2)...])
      for column in 0...columns { previous[column] = min(column, cap) }
      beforePrevious.update(repeating: cap)
      current.update(repeating: cap)
      var previousMinimum = 0
      for row in 0..<rows {
        let leftElement = left[left.startIndex + row]
        let first = max(0, row - bound)
        let last = min(columns - 1, row + bound)
        // The cells just outside the band read as over the bound.
        current[first] = first == 0 ? min(row + 1, cap) : cap
        var minimum = current[first]
        if first <= last {
          for column in first...last {
            let rightElement = right[right.startIndex + column]
            var best = min(
              previous[column] + (leftElement == rightElement ? 0 : 1), previous[column + 1] + 1,
              current[column] + 1)
            if row > 0, column > 0, leftElement == right[right.startIndex + column - 1],
              left[left.startIndex + row - 1] == rightElement
            {
              best = min(best, beforePrevious[column - 1] + 1)
            }
            best = min(best, cap)
            current[column + 1] = best
            minimum = min(minimum, best)
          }
        }
        if last + 2 <= columns { current[last + 2] = cap }
        if minimum > bound && previousMinimum > bound { return nil }
        previousMinimum = minimum
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
      }
      let distance = previous[columns]
      return distance <= bound ? distance : nil
    }
  }

  /// A lower-cased key as the distance compares it: its bytes when it is ASCII (each byte is then one
  /// character, carriage return aside), its characters otherwise.
  private struct Letters {
    let text: String
    let bytes: [UInt8]?

    init(_ lowered: String) {
      text = lowered
      bytes = Self.isPlainASCII(lowered) ? Array(lowered.utf8) : nil
    }

    /// Whether every byte of `text` is ASCII and none is a carriage return (which joins a following
    /// line feed into one character).
    static func isPlainASCII(_ text: String) -> Bool {
      text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// How many characters a key has.
    static func count(of key: String) -> Int {
      isPlainASCII(key) ? key.utf8.count : key.count
    }

    /// The distance from this key to a candidate compared in lower case: 0 when the candidate starts
    /// with this key and this key has at least two characters, else the edit distance; `nil` when it
    /// is over `bound`.
    func distance(to candidate: String, bound: Int) -> Int? {
      if let typed = bytes, Self.isPlainASCII(candidate) {
        // ASCII text lower-cased byte by byte, as `lowercased()` does it, without a copy of the candidate.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: candidate.utf8.count) { buffer in
          var count = 0
          for byte in candidate.utf8 {
            buffer[count] = ReadingRules.lowercased(byte)
            count += 1
          }
          let lowered = UnsafeBufferPointer(rebasing: buffer[0..<count])
          if typed.count >= 2 && lowered.starts(with: typed) { return 0 }
          return KeySuggestion.editDistance(typed, lowered, bound: bound)
        }
      }
      let lowered = candidate.lowercased()
      if text.count >= 2 && lowered.hasPrefix(text) { return 0 }
      return KeySuggestion.editDistance(Array(text), Array(lowered), bound: bound)
    }
  }
}
