/// The bytes of a link, a key or a decoded segment, read in place.
///
/// A `Bytes` value is valid only inside the closure that handed it out (``withUTF8(of:_:)``,
/// ``with(_:_:)``, ``SegmentStore/bytes(_:)`` inside
/// ``SegmentStore/with(link:byteCapacity:segmentCapacity:_:)``, ``FrozenBuffer/bytes(from:count:)``
/// while its owner lives). Never store it beyond that closure.
struct Bytes {
  let base: UnsafeBufferPointer<UInt8>

  init(_ base: UnsafeBufferPointer<UInt8>) {
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
