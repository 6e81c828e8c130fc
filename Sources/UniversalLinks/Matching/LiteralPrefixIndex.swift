/// A trie of literal prefixes that answers, in time linear in the length of a text, which stored
/// values sit under a prefix of that text.
///
/// The matcher stores each rule under the literal text its path pattern starts with (everything before
/// the first wildcard), so a path is tried only against the rules whose prefix it begins with, in the
/// rules' order. The same index answers "the first earlier rule `P*` whose `P` begins a later rule's
/// literal prefix" in one walk, instead of comparing every pair of rules.
struct LiteralPrefixIndex: Sendable {
  private var children: [[UInt32: Int]] = [[:]]
  private var values: [[Int]] = [[]]

  /// Whether nothing has been inserted.
  private(set) var isEmpty = true

  /// Stores a value under a prefix; values under one prefix keep their insertion order.
  ///
  /// - Parameters:
  ///   - prefix: The literal prefix.
  ///   - value: The value, e.g. a rule's index.
  mutating func insert(_ prefix: some Sequence<Unicode.Scalar>, value: Int) {
    var node = 0
    for scalar in prefix {
      if let child = children[node][scalar.value] {
        node = child
      } else {
        children.append([:])
        values.append([])
        children[node][scalar.value] = children.count - 1
        node = children.count - 1
      }
    }
    values[node].append(value)
    isEmpty = false
  }

  /// Every value stored under a prefix of `text` (the empty prefix included), ascending when values
  /// were inserted in ascending order.
  ///
  /// - Parameter text: The text to walk, e.g. a normalized URL path.
  /// - Returns: The values; cost is `text.count` plus the number of values returned (and their sort).
  func values(alongPrefixesOf text: some Sequence<Unicode.Scalar>) -> [Int] {
    var found = values[0]
    var sorted = true
    var node = 0
    for scalar in text {
      guard let child = children[node][scalar.value] else { break }
      node = child
      if let first = values[node].first, let last = found.last, first < last { sorted = false }
      found += values[node]
    }
    return sorted ? found : found.sorted()
  }

  /// The smallest value stored under a prefix of `text`, or `nil`.
  ///
  /// - Parameter text: The text to walk.
  /// - Returns: The smallest value, found in one walk of `text`.
  func smallestValue(alongPrefixesOf text: some Sequence<Unicode.Scalar>) -> Int? {
    var smallest = values[0].min()
    var node = 0
    for scalar in text {
      guard let child = children[node][scalar.value] else { break }
      node = child
      if let candidate = values[node].min(), candidate < (smallest ?? .max) { smallest = candidate }
    }
    return smallest
  }
}
