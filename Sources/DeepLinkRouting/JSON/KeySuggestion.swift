/// The one "did you mean" rule: unknown keys in every file the package reads, and the tool's unknown
/// commands, options and words.
package enum KeySuggestion {
  /// The known key closest to `key`: an alias, equal ignoring case, a key that starts with it (`rout`
  /// for `route`, at least two characters typed), or within a small edit distance (one edit for keys of
  /// up to five characters, a third of the length for longer keys, at most three).
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
    var best: (key: String, distance: Int)?
    for candidate in known {
      let candidateLowered = candidate.lowercased()
      let distance =
        lowered.count >= 2 && candidateLowered.hasPrefix(lowered)
        ? 0 : editDistance(lowered, candidateLowered)
      if distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, best.key.count / 3))
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
    if left.isEmpty { return right.count }
    var beforePrevious = Array(repeating: 0, count: right.count + 1)
    var previous = Array(0...right.count)
    var current = previous
    for (row, leftCharacter) in left.enumerated() {
      current[0] = row + 1
      for (column, rightCharacter) in right.enumerated() {
        let substitution = previous[column] + (leftCharacter == rightCharacter ? 0 : 1)
        var best = min(substitution, previous[column + 1] + 1, current[column] + 1)
        if row > 0, column > 0, leftCharacter == right[column - 1], left[row - 1] == rightCharacter {
          best = min(best, beforePrevious[column - 1] + 1)
        }
        current[column + 1] = best
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[right.count]
  }
}
