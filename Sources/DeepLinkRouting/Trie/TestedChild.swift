/// A child of a trie node that the search reaches by testing the link: a value set, a segment
/// template or an app-defined kind tests the segment; a middle catch-all (`{prefix*}` in
/// `/{prefix*}/product/{id}`) tests the link's length. Every piece but a literal, a parameter of a
/// type and a last catch-all is one (``RoutePattern/Segment/place(isLast:)``).
///
/// The piece is the one of the first route that made the edge; matching reads only what every piece
/// of its key shares (literals, types, members), never its names.
struct TestedChild: Sendable {
  /// The piece the segment is tested against.
  var piece: RoutePattern.Segment
  /// For a middle catch-all, the number of pieces after it: they are matched from the child on,
  /// starting that many segments before the link's end, so the catch-all takes exactly the segments
  /// between and no split point is tried. -1 for a piece that tests one segment.
  var following: Int32
  var child: Int32

  /// The edge's key among the children of one node: the piece's key, and what follows a middle
  /// catch-all.
  ///
  /// - Parameters:
  ///   - piece: The piece.
  ///   - following: The pieces after a middle catch-all, or -1.
  ///   - caseInsensitive: Whether the table compares literals without case.
  /// - Returns: The key.
  static func key(_ piece: RoutePattern.Segment, following: Int32, caseInsensitive: Bool) -> String {
    piece.key(caseInsensitive: caseInsensitive) + (following >= 0 ? " \(following)" : "")
  }

  /// Whether this child is tried before `other` at one node: by phase, then by the piece's rank; a
  /// middle catch-all followed by more segments first (it takes fewer), then `{name+}` before
  /// `{name*}`.
  func ranksBefore(_ other: TestedChild, caseInsensitive: Bool) -> Bool {
    let (phase, otherPhase) = (self.phase, other.phase)
    if phase != otherPhase { return phase < otherPhase }
    if following != other.following { return following > other.following }
    return piece.ranksBefore(other.piece, caseInsensitive: caseInsensitive)
  }

  /// When the search tries the child.
  var phase: RoutePattern.Segment.TestPhase {
    if case .tested(let phase) = piece.place(isLast: following < 0) { return phase }
    return .afterPlain
  }

  /// The depth the child reads the link from when the piece takes segment `depth` of a link of
  /// `count` segments, or `nil` when it does not: one segment further for a piece the segment passes;
  /// for a middle catch-all, the segment where its last ``following`` pieces start, when it leaves the
  /// catch-all at least the segments it needs.
  ///
  /// - Parameters:
  ///   - bytes: The decoded segment at `depth` (read only by a piece that tests one).
  ///   - depth: The segment's position.
  ///   - count: The number of segments of the link.
  ///   - context: Where the segment is and how the table compares it.
  ///   - steps: Incremented by each step of comparing a template's literals.
  /// - Returns: The child's depth, or `nil`.
  @inline(__always)
  func depth(
    taking bytes: @autoclosure () -> Bytes, at depth: Int, count: Int,
    _ context: @autoclosure () -> SegmentContext,
    steps: inout Int
  ) -> Int? {
    guard following < 0 else { return self.depth(afterCatchAllAt: depth, count: count) }
    return piece.accepts(bytes(), context(), steps: &steps) ? depth &+ 1 : nil
  }

  /// For a middle catch-all starting at segment `depth` of a link of `count` segments, the segment
  /// where its last ``following`` pieces start, when it leaves the catch-all at least the segments it
  /// needs (one for `{name+}`); `nil` otherwise.
  @inline(__always)
  func depth(afterCatchAllAt depth: Int, count: Int) -> Int? {
    let target = count &- Int(following)
    var least = depth
    if case .oneOrMore = piece { least &+= 1 }
    return target >= least ? target : nil
  }

  /// Whether a catch-all takes the run of segments `start..<end`: any run, or for a tested catch-all
  /// a run its rule accepts (each segment read once).
  ///
  /// - Parameters:
  ///   - start: The first segment the catch-all takes.
  ///   - end: The segment after its last.
  ///   - segment: The decoded segment at a position.
  /// - Returns: Whether it takes them.
  @inline(__always)
  func takes(run start: Int, to end: Int, _ segment: (Int) -> Bytes) -> Bool {
    guard case .testedRun(_, let rule) = piece else { return true }
    return rule.accepts(count: end &- start) { segment(start &+ $0) }
  }
}

/// The tested children of one node, in the order the search tries them (``TestedChild/ranksBefore(_:caseInsensitive:)``),
/// where each phase's children start, and the words of the value sets at the front of the list indexed,
/// so a segment is looked up once whatever the number of sets.
struct TestedChildren: Sendable {
  /// The children, in order.
  let children: [TestedChild]
  /// Where each phase's children start in ``children``, then the end of the list.
  private let starts: [Int]
  /// The value sets at the front of the list, indexed; `nil` when there is none.
  private let valueSets: ValueSetIndex?

  /// Orders and indexes the tested children of one node.
  ///
  /// - Parameters:
  ///   - children: The children, in the order they were made.
  ///   - caseInsensitive: Whether the table compares literals without case.
  init(_ children: [TestedChild], caseInsensitive: Bool) {
    let sorted = children.stableSorted { $0.ranksBefore($1, caseInsensitive: caseInsensitive) }
    self.children = sorted
    starts =
      RoutePattern.Segment.TestPhase.allCases.map { phase in
        sorted.firstIndex { $0.phase >= phase } ?? sorted.count
      }
      + [sorted.count]
    var sets: [ValueSet] = []
    for child in sorted {
      guard case .valueSet(_, let set) = child.piece else { break }
      sets.append(set)
    }
    valueSets = sets.isEmpty ? nil : ValueSetIndex(sets)
  }

  /// The positions of a phase's children.
  @inline(__always)
  func positions(of phase: RoutePattern.Segment.TestPhase) -> Range<Int> {
    starts[phase.rawValue]..<starts[phase.rawValue &+ 1]
  }

  /// The first child of a phase, at or after `start`, that takes segment `depth` of the link: its
  /// position and the depth it reads the link from.
  ///
  /// - Parameters:
  ///   - phase: The phase.
  ///   - start: The first position to try.
  ///   - segment: Segment `depth` of the link.
  ///   - depth: The segment's position.
  ///   - count: How many segments the link has.
  ///   - isWeb: Whether the link is a web link.
  ///   - hasHost: Whether the link names a host.
  ///   - caseInsensitive: Whether the table compares literals without case.
  ///   - steps: Incremented by each step of comparing a template's literals.
  ///   - segmentAt: The link's segment at a position, for a tested catch-all, which reads its run.
  /// - Returns: The child's position and depth, or `nil`.
  @inline(__always)
  func first(
    of phase: RoutePattern.Segment.TestPhase, from start: Int, _ segment: Bytes, at depth: Int, count: Int,
    isWeb: Bool, hasHost: Bool, caseInsensitive: Bool, steps: inout Int, segmentAt: (Int) -> Bytes
  ) -> (position: Int, depth: Int)? {
    let range = positions(of: phase)
    var position = max(start, range.lowerBound)
    let context = SegmentContext(
      depth: depth, isWeb: isWeb, hasHost: hasHost, caseInsensitive: caseInsensitive)
    if let valueSets, position < valueSets.count {
      if let found = valueSets.next(segment, from: position, context.setFolding) {
        return (found, depth &+ 1)
      }
      position = valueSets.count
    }
    while position < range.upperBound {
      if let childDepth = children[position].depth(
        taking: segment, at: depth, count: count, context, steps: &steps),
        children[position].following < 0 || children[position].takes(run: depth, to: childDepth, segmentAt)
      {
        return (position, childDepth)
      }
      position &+= 1
    }
    return nil
  }

  /// The children of a value set holding a decoded segment given as text, in the order tried, then
  /// every other child (for explaining a miss, off the matching path).
  ///
  /// - Parameters:
  ///   - text: The decoded segment.
  ///   - folding: How a value set compares its members there.
  /// - Returns: The positions of the value sets that hold the segment.
  func valueSetPositions(holding text: String, _ folding: SegmentTemplate.Folding) -> [Int] {
    valueSets?.positions(holding: text, folding) ?? []
  }
}
