// Every direct use of memory by the routing code is in this file, behind closure-scoped APIs whose
// accessors check their bounds. The types that hold pointers are internal and must not outlive the
// closure that handed them out; the rest of the routing code reads bytes through them only.

/// The bytes of a link, a key or a decoded segment, read in place.
///
/// A `Bytes` value is valid only inside the closure that handed it out (``withUTF8(of:_:)``,
/// ``with(_:_:)``, ``SegmentStore/bytes(_:)`` inside
/// ``SegmentStore/with(link:byteCapacity:segmentCapacity:_:)``, ``FrozenBuffer/bytes(from:count:)``
/// while its owner lives). Never store it beyond that closure.
struct Bytes {
  fileprivate let base: UnsafeBufferPointer<UInt8>

  fileprivate init(_ base: UnsafeBufferPointer<UInt8>) {
    self.base = base
  }

  /// How many bytes there are.
  @inline(__always)
  var count: Int { base.count }

  /// The byte at `index`, which must be in `0..<count`.
  @inline(__always)
  subscript(index: Int) -> UInt8 {
    precondition(index >= 0 && index < base.count, "byte index out of range")
    return base[index]
  }

  /// The bytes from `offset` on, up to eight of them, as one word: byte `offset + i` in bits `8 * i`,
  /// and zero past the end. Every load stays within the bytes (a short tail is read as overlapping
  /// loads), so hashing and comparing a key a word at a time reads nothing it may not.
  ///
  /// - Parameter offset: Where the word starts, in `0...count`.
  /// - Returns: The word.
  @inline(__always)
  func word(at offset: Int) -> UInt64 {
    precondition(offset >= 0 && offset <= base.count, "byte index out of range")
    guard let start = base.baseAddress else { return 0 }
    let count = base.count
    let available = count &- offset
    let raw = UnsafeRawPointer(start)
    if available >= 8 {
      return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    if available <= 0 { return 0 }
    if count >= 8 {
      // The eight bytes that end where these do, shifted down past the ones before `offset`.
      let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
      return last &>> UInt64(8 &* (8 &- available))
    }
    if available >= 4 {
      // Two four-byte loads that overlap in the middle: the shared bytes are the same in both.
      let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
      let high = UInt64(
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset &+ available &- 4, as: UInt32.self)))
      return low | high &<< UInt64(8 &* (available &- 4))
    }
    // One to three bytes: the first, the middle and the last (some of them the same byte).
    let middle = available &>> 1
    return UInt64(start[offset]) | UInt64(start[offset &+ middle]) &<< UInt64(8 &* middle)
      | UInt64(start[offset &+ available &- 1]) &<< UInt64(8 &* (available &- 1))
  }

  /// The first position in `start..<end` whose byte satisfies `predicate`, or `end` when none does.
  ///
  /// The range is checked once, then read without a check per byte (decoding plain query text looks
  /// for its first `%` or `+` this way).
  @inline(__always)
  func firstIndex(from start: Int, to end: Int, where predicate: (UInt8) -> Bool) -> Int {
    precondition(start >= 0 && start <= end && end <= base.count, "byte range out of range")
    var index = start
    while index < end && !predicate(base[index]) { index &+= 1 }
    return index
  }

  /// The bytes `start..<end`, which must lie within these bytes.
  @inline(__always)
  func slice(_ start: Int, _ end: Int) -> Bytes {
    precondition(start >= 0 && start <= end && end <= base.count, "byte range out of range")
    return Bytes(UnsafeBufferPointer(rebasing: base[start..<end]))
  }

  /// The bytes `start..<end` as text, decoded as UTF-8 (invalid sequences are replaced).
  func string(_ start: Int, _ end: Int) -> String {
    String(decoding: slice(start, end).base, as: UTF8.self)
  }

  /// All the bytes as text, decoded as UTF-8 (invalid sequences are replaced).
  func string() -> String {
    String(decoding: base, as: UTF8.self)
  }

  /// The bytes split at each `/` into texts (none for no bytes): a catch-all's segments read back
  /// from the link, where single slashes join them.
  func segments() -> [String] {
    guard base.count > 0 else { return [] }
    var segments: [String] = []
    var start = 0
    for index in 0...base.count where index == base.count || base[index] == UInt8(ascii: "/") {
      segments.append(string(start, index))
      start = index + 1
    }
    return segments
  }

  /// The bytes `start..<end` as text, with ASCII letters lower-cased.
  func lowercasedString(_ start: Int, _ end: Int) -> String {
    let piece = slice(start, end).base
    return String(unsafeUninitializedCapacity: piece.count) { output in
      for index in piece.indices { output[index] = ReadingRules.lowercased(piece[index]) }
      return piece.count
    }
  }

  /// Calls `body` with the UTF-8 bytes of `text`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - body: What to do with its bytes; they are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inline(__always)
  static func withUTF8<Value, Failure: Error>(
    of text: String, _ body: (Bytes) throws(Failure) -> Value
  ) throws(Failure) -> Value {
    // A native string's bytes are read where they are. Copying the string to call `withUTF8` (which
    // may have to make a bridged string contiguous, hence `mutating`) would take a reference to its
    // storage and give it back: two atomic operations a link.
    let result: Result<Value, Failure>
    if let contiguous = text.utf8.withContiguousStorageIfAvailable({ buffer in
      Result { () throws(Failure) -> Value in try body(Bytes(buffer)) }
    }) {
      result = contiguous
    } else {
      var text = text
      result = text.withUTF8 { buffer in Result { () throws(Failure) -> Value in try body(Bytes(buffer)) } }
    }
    // Taken apart rather than `get()`, which would copy the value and then release the result.
    switch consume result {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }

  /// Calls `body` with the bytes of an array.
  ///
  /// - Parameters:
  ///   - array: The bytes.
  ///   - body: What to do with them; they are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  static func with<Value, Failure: Error>(_ array: [UInt8], _ body: (Bytes) throws(Failure) -> Value)
    throws(Failure) -> Value
  {
    let result = array.withUnsafeBufferPointer { buffer in
      Result { () throws(Failure) -> Value in try body(Bytes(buffer)) }
    }
    return try result.get()
  }
}

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

/// An array copied once into memory aligned to a cache line and never changed again, read without
/// reference counting; the memory is freed with the buffer.
struct FrozenBuffer<Element>: ~Copyable {
  private let base: UnsafeMutableBufferPointer<Element>

  /// Copies an array.
  ///
  /// - Parameter array: The elements.
  init(_ array: [Element]) {
    let capacity = max(array.count, 1)
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Element>.stride,
      alignment: max(64, MemoryLayout<Element>.alignment))
    let memory = UnsafeMutableBufferPointer(
      start: raw.bindMemory(to: Element.self, capacity: capacity), count: array.count)
    _ = memory.initialize(from: array)
    base = memory
  }

  /// How many elements there are.
  @inline(__always)
  var count: Int { base.count }

  /// The element at `index`, which must be in `0..<count`.
  @inline(__always)
  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < base.count, "index out of range")
    return base[index]
  }

  deinit {
    base.deinitialize()
    base.baseAddress.map { UnsafeMutableRawPointer($0).deallocate() }
  }
}

extension FrozenBuffer: @unchecked Sendable where Element: Sendable {}

extension FrozenBuffer where Element == UInt8 {
  /// Calls `body` with `count` bytes from `start`, which must lie within the buffer.
  @inline(__always)
  func withBytes<Value>(from start: Int, count: Int, _ body: (Bytes) -> Value) -> Value {
    precondition(start >= 0 && count >= 0 && start <= base.count - count, "byte range out of range")
    return body(Bytes(UnsafeBufferPointer(rebasing: base[start..<(start + count)])))
  }
}

extension Router {
  /// The index in ``table`` of the route a link given as UTF-8 bytes matches.
  ///
  /// - Parameters:
  ///   - buffer: The link's bytes, valid UTF-8.
  ///   - original: The link as text, built only for an error.
  /// - Returns: The route's index, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func matchIndex(utf8 buffer: UnsafeBufferPointer<UInt8>, original: () -> String) throws(LinkError)
    -> Int?
  {
    try matchIndex(bytes: Bytes(buffer), original: original)
  }
}
