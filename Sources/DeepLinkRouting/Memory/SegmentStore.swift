/// The scratch memory of reading and searching one link: the path segments that needed decoding, back
/// to back, where each segment starts and ends (in the link when it is verbatim, in the store when it
/// was decoded), whether it is ASCII, and the trail of the trie search (one entry per segment).
///
/// It exists only inside ``with(link:byteCapacity:segmentCapacity:_:)``; never store it or anything it
/// hands out beyond that closure.
struct SegmentStore {
  /// The link the segments are read from: a segment without an escape is its bytes, not a copy.
  private let link: UnsafeBufferPointer<UInt8>
  private let decoded: UnsafeMutableBufferPointer<UInt8>
  /// Segment `i` is `link[bounds[2 * i] ..< bounds[2 * i + 1]]` when it is verbatim, otherwise
  /// `decoded[bounds[2 * i] ..< bounds[2 * i + 1]]`.
  private let bounds: UnsafeMutableBufferPointer<Int32>
  /// Per segment: whether its text is not ASCII.
  private let unicode: UnsafeMutableBufferPointer<Bool>
  /// Per segment: where in the link its bytes are, when the segment is those bytes unchanged (no escape
  /// to decode: a verbatim segment); -1 for a segment decoded into the store.
  private let verbatimStarts: UnsafeMutableBufferPointer<Int32>
  /// Per depth of the trie search: the node to come back to.
  private let trailNodes: UnsafeMutableBufferPointer<Int32>
  /// Per depth of the trie search: the step to resume at.
  private let trailSteps: UnsafeMutableBufferPointer<UInt8>

  /// How many segments are stored.
  private(set) var count = 0
  /// How many decoded bytes are stored.
  private(set) var cursor = 0

  /// How many segments fit.
  var segmentCapacity: Int { unicode.count }

  /// How many bytes of scratch memory ``with(link:byteCapacity:segmentCapacity:_:)`` takes: per
  /// segment four 32-bit words (bounds, trail node, verbatim start), a trail step and a flag, and the
  /// decoded bytes.
  ///
  /// - Parameters:
  ///   - byteCapacity: How many decoded bytes fit.
  ///   - segmentCapacity: How many segments fit.
  /// - Returns: The size in bytes.
  @inline(__always)
  static func scratchBytes(byteCapacity: Int, segmentCapacity: Int) -> Int {
    4 * segmentCapacity * MemoryLayout<Int32>.stride + segmentCapacity + byteCapacity
      + segmentCapacity * MemoryLayout<Bool>.stride
  }

  /// The most scratch memory `withUnsafeTemporaryAllocation` always keeps on the stack; above it, it
  /// may take it from the heap.
  static var stackBytes: Int {
    @inline(__always) get { 1024 }
  }

  /// Calls `body` with an empty store in temporary memory.
  ///
  /// - Parameters:
  ///   - link: The link the segments are read from.
  ///   - byteCapacity: How many decoded bytes fit (decoded text is never longer than the link).
  ///   - segmentCapacity: How many segments fit.
  ///   - body: What to do with the store; it is valid only during the call.
  /// - Returns: What `body` returns.
  @inline(__always)
  static func with<Value>(
    link: Bytes, byteCapacity: Int, segmentCapacity: Int, _ body: (inout SegmentStore) -> Value
  ) -> Value {
    // One temporary allocation, in three parts: the words (bounds, trail nodes and verbatim starts),
    // then the bytes (trail steps and decoded text), then the flags. Each part is bound to its own type.
    let wordBytes = 4 * segmentCapacity * MemoryLayout<Int32>.stride
    let byteCount = segmentCapacity + byteCapacity
    let total = scratchBytes(byteCapacity: byteCapacity, segmentCapacity: segmentCapacity)
    return withUnsafeTemporaryAllocation(byteCount: total, alignment: MemoryLayout<Int32>.alignment) { raw in
      let words = UnsafeMutableRawBufferPointer(rebasing: raw[0..<wordBytes]).bindMemory(to: Int32.self)
      let bytes = UnsafeMutableRawBufferPointer(rebasing: raw[wordBytes..<(wordBytes + byteCount)])
        .bindMemory(to: UInt8.self)
      let flags = UnsafeMutableRawBufferPointer(rebasing: raw[(wordBytes + byteCount)...]).bindMemory(
        to: Bool.self)
      var store = SegmentStore(
        link: link.base,
        decoded: UnsafeMutableBufferPointer(rebasing: bytes[segmentCapacity...]),
        bounds: UnsafeMutableBufferPointer(rebasing: words[0..<(2 * segmentCapacity)]),
        unicode: flags,
        verbatimStarts: UnsafeMutableBufferPointer(rebasing: words[(3 * segmentCapacity)...]),
        trailNodes: UnsafeMutableBufferPointer(
          rebasing: words[(2 * segmentCapacity)..<(3 * segmentCapacity)]),
        trailSteps: UnsafeMutableBufferPointer(rebasing: bytes[0..<segmentCapacity]))
      return body(&store)
    }
  }

  /// Appends one decoded byte to the segment being written.
  @inline(__always)
  mutating func append(_ byte: UInt8) {
    precondition(cursor < decoded.count, "decoded text longer than the link")
    decoded[cursor] = byte
    cursor &+= 1
  }

  /// Appends bytes to the segment being written.
  @inline(__always)
  mutating func append(_ bytes: Bytes) {
    precondition(bytes.count <= decoded.count &- cursor, "decoded text longer than the link")
    for index in 0..<bytes.count { decoded[cursor &+ index] = bytes.base[index] }
    cursor &+= bytes.count
  }

  /// Appends decoded text to the segment being written.
  mutating func append(contentsOf text: String) {
    for byte in text.utf8 { append(byte) }
  }

  /// Forgets the bytes written from `position` on (a segment that is decoded again another way).
  @inline(__always)
  mutating func rewind(to position: Int) {
    precondition(position >= 0 && position <= cursor, "rewind beyond the written bytes")
    cursor = position
  }

  /// Ends the segment that started at `start` (the bytes written since) and counts it.
  ///
  /// - Parameters:
  ///   - start: Where the segment's decoded bytes start.
  ///   - isASCII: Whether they are ASCII.
  @inline(__always)
  mutating func closeSegment(from start: Int, isASCII: Bool) {
    precondition(count < segmentCapacity && start >= 0 && start <= cursor, "segment out of range")
    bounds[2 &* count] = Int32(truncatingIfNeeded: start)
    bounds[2 &* count &+ 1] = Int32(truncatingIfNeeded: cursor)
    unicode[count] = !isASCII
    verbatimStarts[count] = -1
    count &+= 1
  }

  /// Counts a verbatim segment: the link's ASCII bytes `start..<end`, with no escape to decode, read
  /// where they are.
  @inline(__always)
  mutating func closeVerbatimSegment(_ start: Int, _ end: Int) {
    precondition(
      count < segmentCapacity && start >= 0 && start <= end && end <= link.count, "segment out of range")
    bounds[2 &* count] = Int32(truncatingIfNeeded: start)
    bounds[2 &* count &+ 1] = Int32(truncatingIfNeeded: end)
    unicode[count] = false
    verbatimStarts[count] = Int32(truncatingIfNeeded: start)
    count &+= 1
  }

  /// Forgets the segments from `segment` on, and the bytes decoded for them (the fragment's path, once
  /// the fragment routes are searched).
  mutating func forget(from segment: Int) {
    precondition(segment >= 0 && segment <= count, "segment index out of range")
    // The decoded bytes of the forgotten segments start where the first decoded one of them starts.
    if let first = (segment..<count).first(where: { verbatimStarts[$0] < 0 }) {
      cursor = Int(bounds[2 &* first])
    }
    count = segment
  }

  /// Whether segment `index` is ASCII.
  @inline(__always)
  func isASCII(_ index: Int) -> Bool {
    precondition(index >= 0 && index < count, "segment index out of range")
    return !unicode[index]
  }

  /// Where in the link segment `index`'s bytes are unchanged, or -1 when decoding changed them.
  @inline(__always)
  func verbatimStart(_ index: Int) -> Int {
    precondition(index >= 0 && index < count, "segment index out of range")
    return Int(verbatimStarts[index])
  }

  /// The decoded bytes of segment `index`, valid inside the closure that handed out the store.
  @inline(__always)
  func bytes(_ index: Int) -> Bytes {
    precondition(index >= 0 && index < count, "segment index out of range")
    let range = Int(bounds[2 &* index])..<Int(bounds[2 &* index &+ 1])
    if verbatimStarts[index] >= 0 { return Bytes(UnsafeBufferPointer(rebasing: link[range])) }
    return Bytes(UnsafeBufferPointer(rebasing: decoded[range]))
  }

  /// Records, for depth `depth` of the trie search, the node to come back to and the step to resume at.
  @inline(__always)
  mutating func setTrail(_ depth: Int, node: Int32, step: UInt8) {
    precondition(depth >= 0 && depth < segmentCapacity, "search deeper than the link")
    trailNodes[depth] = node
    trailSteps[depth] = step
  }

  /// The node and step recorded for depth `depth` of the trie search.
  @inline(__always)
  func trail(_ depth: Int) -> (node: Int32, step: UInt8) {
    precondition(depth >= 0 && depth < segmentCapacity, "search deeper than the link")
    return (trailNodes[depth], trailSteps[depth])
  }
}
