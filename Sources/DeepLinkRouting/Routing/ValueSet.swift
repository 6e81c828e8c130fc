// Every rule of a value set is stated here, once: what it is made of, which sets are refused, how a
// decoded segment or query value is looked up, how sets rank among themselves, when two are the same,
// and how a value is written back. The parser, the trie, the search, URL building, near misses and the
// server files all ask these answers.

/// A value from a fixed set of words: `{section:(general|privacy|about)}` in a path segment, or
/// `?sort={order:(asc|desc)?}` in a query item.
///
/// A decoded segment (or query value) fits the set when it is one of the members, byte for byte after
/// percent-decoding: the same UTF-8 bytes, with no Unicode normalisation, and case included, also in a
/// table whose ``RouteTable/caseInsensitive`` folds literal segments (the words are the app's values,
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
  /// (``ReadingRules/foldsCase(isWeb:depth:)``). The table's ``RouteTable/caseInsensitive`` does not
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
    members.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "|")
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
    case .segments, .dictionary: return nil
    }
    guard let index = member(text) else { return nil }
    return .string(members[index])
  }
}

/// The value-set children of one trie node, in the order a segment tries them, with every word of every
/// set indexed: a segment is looked up once, whatever the number of sets at the node, and gives the
/// positions of the sets that hold it.
struct ValueSetIndex: Sendable {
  /// The children in rank order (``ValueSet/ranksBefore(_:)``).
  let children: [ValueSetChild]
  private let exact: MemberTable
  /// For each key of ``exact``, the positions in ``children`` of the sets holding it, ascending.
  private let exactPositions: [[Int32]]
  private let folded: MemberTable
  private let foldedPositions: [[Int32]]

  /// Indexes children already in rank order.
  init(_ children: [ValueSetChild]) {
    self.children = children
    func index(_ fold: Bool) -> (MemberTable, [[Int32]]) {
      var keys: [[UInt8]] = []
      var positions: [[Int32]] = []
      var known: [[UInt8]: Int] = [:]
      for (position, child) in children.enumerated() {
        for member in child.set.members {
          let key = fold ? member.utf8.map(ReadingRules.lowercased) : Array(member.utf8)
          let slot: Int
          if let existing = known[key] {
            slot = existing
          } else {
            slot = keys.count
            known[key] = slot
            keys.append(key)
            positions.append([])
          }
          if positions[slot].last != Int32(position) { positions[slot].append(Int32(position)) }
        }
      }
      return (MemberTable(keys), positions)
    }
    (exact, exactPositions) = index(false)
    (folded, foldedPositions) = index(true)
  }

  /// The first position at or after `start` whose set holds the decoded segment, or `nil`: one hash
  /// lookup (two for ``SegmentTemplate/Folding/exactThenFolded``), then a walk of the sets that hold
  /// the word.
  @inline(__always)
  func next(_ bytes: Bytes, from start: Int, _ folding: SegmentTemplate.Folding) -> Int? {
    func first(in positions: [Int32]) -> Int? {
      for position in positions where Int(position) >= start { return Int(position) }
      return nil
    }
    let exactHit = folding == .folded ? nil : exact.index(bytes.count, { bytes[$0] }, folds: false)
    let foldedHit = folding == .exact ? nil : folded.index(bytes.count, { bytes[$0] }, folds: true)
    let fromExact = exactHit.flatMap { first(in: exactPositions[$0]) }
    let fromFolded = foldedHit.flatMap { first(in: foldedPositions[$0]) }
    switch (fromExact, fromFolded) {
    case (let left?, let right?): return min(left, right)
    case (let left?, nil): return left
    case (nil, let right): return right
    }
  }

  /// The positions of every set that holds a decoded segment given as text, in rank order.
  func positions(holding text: String, _ folding: SegmentTemplate.Folding) -> [Int] {
    Bytes.withUTF8(of: text) { bytes in
      var found: [Int] = []
      var start = 0
      while let position = next(bytes, from: start, folding) {
        found.append(position)
        start = position + 1
      }
      return found
    }
  }
}

/// An open-addressing hash table of byte strings, looked up with the bytes of a value without making a
/// `String` of them: one hash of the value, then one comparison per probe.
private struct MemberTable: Sendable {
  let keys: [[UInt8]]
  let slots: [Int32]
  let mask: Int

  init(_ keys: [[UInt8]]) {
    self.keys = keys
    var capacity = 4
    while capacity < keys.count * 2 { capacity <<= 1 }
    var slots = [Int32](repeating: -1, count: capacity)
    for (index, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: Self.hash(key.count, { key[$0] }, folds: false)) & (capacity - 1)
      while slots[slot] >= 0 {
        // A key met again (two members alike once folded) keeps its first index.
        if keys[Int(slots[slot])] == key { break }
        slot = (slot + 1) & (capacity - 1)
      }
      if slots[slot] < 0 { slots[slot] = Int32(index) }
    }
    self.slots = slots
    mask = capacity - 1
  }

  @inline(__always)
  static func hash(_ count: Int, _ byte: (Int) -> UInt8, folds: Bool) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var index = 0
    while index < count {
      let value = folds ? ReadingRules.lowercased(byte(index)) : byte(index)
      hash = (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
      index &+= 1
    }
    return hash
  }

  @inline(__always)
  func index(_ count: Int, _ byte: (Int) -> UInt8, folds: Bool) -> Int? {
    var slot = Int(truncatingIfNeeded: Self.hash(count, byte, folds: folds)) & mask
    while true {
      let entry = slots[slot]
      if entry < 0 { return nil }
      let key = keys[Int(entry)]
      if key.count == count {
        var offset = 0
        while offset < count {
          let value = folds ? ReadingRules.lowercased(byte(offset)) : byte(offset)
          if value != key[offset] { break }
          offset &+= 1
        }
        if offset == count { return Int(entry) }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
