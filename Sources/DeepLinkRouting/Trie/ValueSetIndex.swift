/// The value sets of one trie node's tested children (the first of them, in the order a segment tries
/// them), with every word of every set indexed: a segment is looked up once, whatever the number of
/// sets at the node, and gives the positions of the sets that hold it.
struct ValueSetIndex: Sendable {
  /// How many sets there are: positions `0..<count`.
  let count: Int
  private let exact: MemberTable
  /// For each key of ``exact``, the positions in ``children`` of the sets holding it, ascending.
  private let exactPositions: [[Int32]]
  private let folded: MemberTable
  private let foldedPositions: [[Int32]]

  /// Indexes sets already in rank order.
  init(_ sets: [ValueSet]) {
    count = sets.count
    func index(_ fold: Bool) -> (MemberTable, [[Int32]]) {
      var keys: [[UInt8]] = []
      var positions: [[Int32]] = []
      var known: [[UInt8]: Int] = [:]
      for (position, set) in sets.enumerated() {
        for member in set.members {
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
