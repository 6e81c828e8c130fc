import Testing

@testable import DeepLinkRouting

/// The suggestion compares a key with the known keys in a band cut off at the distance that could still
/// win; these tests hold it to the plain rule: every distance computed in full, the first closest key.
@Suite("Did-you-mean suggestions")
struct KeySuggestionTests {
  /// The edit distance of the rule, every cell computed (insertions, deletions, substitutions and swaps
  /// of neighbours count one each).
  static func fullDistance(_ lhs: String, _ rhs: String) -> Int {
    let left = Array(lhs)
    let right = Array(rhs)
    var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
    for row in 0...left.count { table[row][0] = row }
    for column in 0...right.count { table[0][column] = column }
    for row in stride(from: 1, through: left.count, by: 1) {
      for column in stride(from: 1, through: right.count, by: 1) {
        let cost = left[row - 1] == right[column - 1] ? 0 : 1
        var best = min(
          table[row - 1][column - 1] + cost, table[row - 1][column] + 1, table[row][column - 1] + 1)
        if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
          best = min(best, table[row - 2][column - 2] + 1)
        }
        table[row][column] = best
      }
    }
    return table[left.count][right.count]
  }

  /// The rule as documented, with every distance computed in full.
  static func reference(for key: String, among known: [String]) -> String? {
    let lowered = key.lowercased()
    var best: (key: String, distance: Int)?
    for candidate in known {
      let candidateLowered = candidate.lowercased()
      let distance =
        lowered.count >= 2 && candidateLowered.hasPrefix(lowered)
        ? 0 : fullDistance(lowered, candidateLowered)
      if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    return best.distance <= max(1, min(3, best.key.count / 3)) ? best.key : nil
  }

  @Test("Known distances")
  func knownDistances() {
    #expect(KeySuggestion.editDistance("kitten", "sitting") == 3)
    #expect(KeySuggestion.editDistance("titel", "title") == 1)
    #expect(KeySuggestion.editDistance("", "abc") == 3)
    #expect(KeySuggestion.editDistance("abc", "") == 3)
    #expect(KeySuggestion.editDistance("café", "cafe") == 1)
    #expect(KeySuggestion.editDistance("a\r\nb", "a\nb") == 1)
    #expect(KeySuggestion.editDistance(Array("abcdef".utf8), Array("abcxyz".utf8), bound: 2) == nil)
    #expect(KeySuggestion.editDistance(Array("abcdef".utf8), Array("abcxyz".utf8), bound: 3) == 3)
    #expect(KeySuggestion.editDistance(Array("ab".utf8), Array("abcdef".utf8), bound: 3) == nil)
  }

  @Test("Suggestions as documented")
  func documentedSuggestions() {
    #expect(KeySuggestion.suggestion(for: "patern", among: ["name", "pattern"]) == "pattern")
    #expect(KeySuggestion.suggestion(for: "rout", among: ["routes", "route"]) == "routes")
    #expect(KeySuggestion.suggestion(for: "ROUTE", among: ["schemes", "Route"]) == "Route")
    #expect(KeySuggestion.suggestion(for: "xyz", among: ["name", "pattern"]) == nil)
    #expect(KeySuggestion.suggestion(for: "vidoe", among: ["video", "vidos"]) == "video")
    // A key that starts with what was typed comes first, before any edit.
    #expect(KeySuggestion.suggestion(for: "vidoe", among: ["video", "vidoes"]) == "vidoes")
    #expect(KeySuggestion.suggestion(for: "CAFÉ", among: ["cafe", "café"]) == "café")
    #expect(KeySuggestion.suggestion(for: "x", among: []) == nil)
  }

  /// Random keys over a small alphabet (upper case, a non-ASCII letter, a combining accent, CR and LF),
  /// so that near keys, ties, prefixes and multi-scalar characters come up often.
  @Test("The cut-off search gives the answer of the full search")
  func agreesWithTheFullSearch() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [String] = ["a", "b", "c", "d", "A", "é", "e\u{301}", "\r", "\n", "-"]
    func word() -> String {
      let length = Int.random(in: 0...9, using: &generator)
      return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }
    for _ in 0..<3_000 {
      let key = word()
      let known = (0..<Int.random(in: 0...8, using: &generator)).map { _ in word() }
      let expected = Self.reference(for: key, among: known)
      let found = KeySuggestion.suggestion(for: key, among: known)
      #expect(found == expected, "key \(key.debugDescription) among \(known.debugDescription)")
      if let other = known.first {
        #expect(KeySuggestion.editDistance(key, other) == Self.fullDistance(key, other))
      }
    }
  }
}
