// Every rule of a value set is stated here, once: what it is made of, which sets are refused, how a
// decoded segment or query value is looked up, how sets rank among themselves, when two are the same,
// and how a value is written back. The parser, the trie, the search, URL building, near misses and the
// server files all ask these answers.

/// A value from a fixed set of words: `{section:(general|privacy|about)}` in a path segment, or
/// `?sort={order:(asc|desc)?}` in a query item.
///
/// A decoded segment (or query value) fits the set when it is one of the members, byte for byte after
/// percent-decoding: the same UTF-8 bytes, with no Unicode normalisation, and case included, also in a
/// table whose ``RouteTable/Options/caseInsensitive`` folds literal segments (the words are the app's values,
/// spelled one way). The one exception is the first segment of a custom-scheme link, its authority,
/// which keeps the host rule: a word written exactly as the segment wins, and otherwise ASCII letters
/// compare without case (`myapp://HOME` is the word `home`). Matching is one hash lookup over the
/// value's bytes: O(length of the value), whatever the number of members.
package struct ValueSet: Sendable, Hashable, CustomStringConvertible {
  /// The members as written in the pattern, percent-decoded, in order.
  package let members: [String]
  /// The members' bytes, then the same with ASCII letters lower-cased.
  private let exact: MemberTable
  private let folded: MemberTable

  /// Creates a set from its members, which the parser has checked (see ``problem(in:)``).
  package init(members: [String]) {
    self.members = members
    exact = MemberTable(members.map { Array($0.utf8) })
    folded = MemberTable(members.map { $0.utf8.map(ReadingRules.lowercased) })
  }

  package static func == (lhs: ValueSet, rhs: ValueSet) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(members.count)
    for member in members {
      hasher.combine(member.utf8.count)
      for byte in member.utf8 { hasher.combine(byte) }
    }
  }

  /// The set as written in pattern syntax: `(general|privacy|about)`, members decoded.
  package var description: String { "(" + members.joined(separator: "|") + ")" }

  // MARK: What the parser refuses

  /// The characters a member may not hold, even percent-encoded: `/` (a member is one segment), and the
  /// pattern syntax around it, `{`, `}`, `|` and `)`.
  static let forbidden: Set<Character> = ["/", "{", "}", "|", ")"]

  /// What is wrong with a list of decoded members, and which one: `nil` for a set the router accepts.
  ///
  /// - no member at all, or an empty member;
  /// - a member holding a character of ``forbidden``;
  /// - a member that is `.` or `..` (browsers remove such a segment, so no link reaches it);
  /// - the same member twice, byte for byte.
  static func problem(in members: [String]) -> (member: Int, reason: Problem)? {
    if members.isEmpty { return (0, .empty) }
    var seen: Set<[UInt8]> = []
    for (index, member) in members.enumerated() {
      if member.isEmpty { return (index, .emptyMember) }
      if let character = member.first(where: forbidden.contains) { return (index, .forbidden(character)) }
      if PercentCoding.isDotSegment(member) { return (index, .dotSegment) }
      if !seen.insert(Array(member.utf8)).inserted { return (index, .duplicate) }
    }
    return nil
  }

  /// Why the parser refuses a set.
  enum Problem {
    case empty
    case emptyMember
    case forbidden(Character)
    case dotSegment
    case duplicate
  }

  // MARK: Matching

  /// How a path value set compares at `depth` of a link: as written, but for the first segment of a
  /// custom-scheme link (its authority), which is compared as written first, then without ASCII case
  /// (``ReadingRules/foldsCase(isWeb:depth:)``). The table's ``RouteTable/Options/caseInsensitive`` does not
  /// apply: it is about literal segments.
  @inline(__always)
  static func folding(at depth: Int, _ isWeb: Bool) -> SegmentTemplate.Folding {
    ReadingRules.foldsCase(isWeb: isWeb, depth: depth) ? .exactThenFolded : .exact
  }

  /// The index of the member a decoded value is.
  ///
  /// - Parameters:
  ///   - bytes: The value's bytes.
  ///   - folding: How ASCII letters compare (``SegmentTemplate/Folding``).
  /// - Returns: The member's index in ``members``, or `nil` when the value is none of them.
  @inline(__always)
  func member(_ bytes: Bytes, _ folding: SegmentTemplate.Folding) -> Int? {
    switch folding {
    case .exact: exact.index(bytes.count, { bytes[$0] }, folds: false)
    case .folded: folded.index(bytes.count, { bytes[$0] }, folds: true)
    case .exactThenFolded:
      exact.index(bytes.count, { bytes[$0] }, folds: false)
        ?? folded.index(bytes.count, { bytes[$0] }, folds: true)
    }
  }

  /// Whether a decoded value fits the set.
  @inline(__always)
  func accepts(_ bytes: Bytes, _ folding: SegmentTemplate.Folding) -> Bool { member(bytes, folding) != nil }

  /// The index of the member a decoded value given as text is, or `nil`.
  func member(_ text: String, _ folding: SegmentTemplate.Folding = .exact) -> Int? {
    Bytes.withUTF8(of: text) { bytes in member(bytes, folding) }
  }

  /// Whether a decoded value given as text fits the set under a table's folding.
  func accepts(_ text: String, _ folding: SegmentTemplate.Folding) -> Bool {
    member(text, folding) != nil
  }

  /// Whether a decoded value given as text fits the set, compared as written (a query value).
  package func accepts(_ text: String) -> Bool {
    member(text, .exact) != nil
  }

  /// The value a link's text reads as: the member as the pattern writes it (so `GENERAL` in a
  /// case-insensitive table reads `general`), or `nil` when the text is no member.
  func value(of bytes: Bytes, _ folding: SegmentTemplate.Folding) -> ParameterValue? {
    member(bytes, folding).map { .string(members[$0]) }
  }

  // MARK: Rank and sameness

  /// The members in byte order, joined by `|`: two sets with the same key accept the same values, so
  /// at one place of the table they are one child (and two routes whose paths are otherwise the same
  /// are duplicates).
  var key: String {
    members.stableSorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "|")
  }

  /// Whether this set is tried before `other` at one place of the table: fewer members first (the
  /// narrower set), then by ``key``, byte by byte; never the order of the table.
  func ranksBefore(_ other: ValueSet) -> Bool {
    if members.count != other.members.count { return members.count < other.members.count }
    return key.utf8.lexicographicallyPrecedes(other.key.utf8)
  }

  // MARK: Building back

  /// The member a value builds as: a ``ParameterValue/string(_:)`` that is a member, byte for byte (or a
  /// number, boolean or UUID whose text is one); `nil` otherwise (the builder then refuses the value,
  /// naming the set).
  func written(_ value: ParameterValue) -> ParameterValue? {
    let text: String
    switch value {
    case .string(let string): text = string
    case .int, .uuid, .bool, .decimal, .url: text = value.description
    case .segments, .dictionary, .pairs: return nil
    }
    guard let index = member(text) else { return nil }
    return .string(members[index])
  }
}
