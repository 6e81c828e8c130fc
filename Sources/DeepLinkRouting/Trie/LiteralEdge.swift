/// A literal edge of the trie: the parent node and the literal's key (lower-cased for a
/// case-insensitive table), compared by ``ReadingRules/isSameLiteral(_:_:)``: by their UTF-8 bytes, not
/// with the Unicode canonical equivalence of Swift's `String` equality.
struct LiteralEdge: Hashable, Sendable {
  var parent: Int32
  var key: String

  static func == (lhs: LiteralEdge, rhs: LiteralEdge) -> Bool {
    lhs.parent == rhs.parent && ReadingRules.isSameLiteral(lhs.key, rhs.key)
  }

  /// The parent and the key's bytes, as ``ReadingRules/isSameLiteral(_:_:)`` compares them, fed to the
  /// hasher at once.
  func hash(into hasher: inout Hasher) {
    hasher.combine(parent)
    var bytes = key
    bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
