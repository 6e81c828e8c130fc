/// Finds the known key that an unknown key most likely misspells.
enum KeySuggestion {
  /// Words people write for a component key instead of its symbol.
  private static let aliases: [String: String] = [
    "path": "/", "query": "?", "fragment": "#", "hash": "#",
  ]

  /// The known key closest to `key`: equal ignoring case, an alias, or within a small edit distance.
  ///
  /// - Parameters:
  ///   - key: The unknown key.
  ///   - known: The keys valid at that place.
  /// - Returns: The suggestion, or `nil` when nothing is close.
  static func suggestion(for key: String, among known: [String]) -> String? {
    let lowered = key.lowercased()
    if let alias = aliases[lowered], known.contains(alias) {
      return alias
    }
    var best: (key: String, distance: Int)?
    for candidate in known {
      let distance = editDistance(Array(lowered), Array(candidate.lowercased()))
      if distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    guard let best else { return nil }
    let allowed = max(1, min(3, best.key.count / 3))
    return best.distance <= allowed ? best.key : nil
  }

  /// The Levenshtein distance (insertions, deletions, substitutions) between two strings.
  static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
    if lhs.isEmpty { return rhs.count }
    var previous = Array(0...rhs.count)
    var current = previous
    for (row, left) in lhs.enumerated() {
      current[0] = row + 1
      for (column, right) in rhs.enumerated() {
        let substitution = previous[column] + (left == right ? 0 : 1)
        current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
      }
      swap(&previous, &current)
    }
    return previous[rhs.count]
  }
}
