/// The rules for reading the bytes of a link, each stated once.
///
/// The one-pass reader (``LinkReader``'s fast path for ordinary links) and the full reader (every
/// rule, with exact errors) both ask these functions, so a rule cannot change for one of them only.
package enum ReadingRules {
  /// A raw byte a link may hold: no space and no control character (bytes beyond ASCII are UTF-8).
  @inline(__always)
  static func isAllowedRaw(_ byte: UInt8) -> Bool { byte > 0x20 && byte != 0x7F }

  /// A raw byte of plain text: allowed, and ASCII.
  @inline(__always)
  static func isPlainRaw(_ byte: UInt8) -> Bool { isAllowedRaw(byte) && byte < 0x80 }

  /// A decoded byte of plain text: printable ASCII (a space is printable, a control character is not).
  @inline(__always)
  static func isPlainDecoded(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

  /// An ASCII upper-case letter lower-cased; any other byte as it is.
  @inline(__always)
  static func lowercased(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }

  /// ``lowercased(_:)`` applied to each byte of a word of ASCII bytes (each below 0x80), eight at once:
  /// a byte from `A` to `Z` gains 0x20. Adding 0x3F to a byte sets its high bit from `A` (0x41) up,
  /// adding 0x25 from past `Z` (0x5B) up; the bytes where exactly one of the two is set are the
  /// capitals. No sum of an ASCII byte carries into the next one.
  @inline(__always)
  static func lowercasedASCII(_ word: UInt64) -> UInt64 {
    let fromA = word &+ 0x3F3F_3F3F_3F3F_3F3F
    let pastZ = word &+ 0x2525_2525_2525_2525
    return word | ((fromA ^ pastZ) & 0x8080_8080_8080_8080) &>> 2
  }

  /// Whether a decoded segment is a literal: the same Unicode scalars, so the same UTF-8 bytes, with no
  /// Unicode normalisation (`café` precomposed is not `cafe` + U+0301, and U+212A KELVIN SIGN is not
  /// `K`). iOS matches an apple-app-site-association pattern against the link's bytes, so this is the
  /// rule under which a link the router opens is a link the phone hands to the app. The one statement of
  /// the rule: the router's literal edges and the generator's model of the routes compare with it.
  package static func isSameLiteral(_ segment: String, _ literal: String) -> Bool {
    segment.utf8.elementsEqual(literal.utf8)
  }

  /// Whether literals compare with the segment at `depth` case-insensitively whatever the table says:
  /// the first segment of a custom-scheme link, which is the authority in `myapp://channel/x` and keeps
  /// the host rule in every spelling of the same link (`myapp:///channel/x`, `myapp:channel/x`). The
  /// segment's value keeps its case.
  @inline(__always)
  static func foldsCase(isWeb: Bool, depth: Int) -> Bool { !isWeb && depth == 0 }

  /// A byte that ends a segment of the authority or the path: `/`, `?` or `#`.
  @inline(__always)
  static func endsSegment(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }

  /// A byte that ends a segment of a fragment read as a path: `/` or `?` (a `#` inside the fragment is
  /// text: the fragment is everything after the link's first `#`).
  @inline(__always)
  static func endsFragmentSegment(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
  }

  /// The bytes of the segment that stands, in a link read by a table with fragment routes, between the
  /// path's segments and the fragment's when the fragment starts with `/` (`#/room/x`): a control
  /// character, which no decoded segment can hold, so only the fragment routes' own edge
  /// (``fragmentMarkText``) takes it.
  static let fragmentMark: UInt8 = 0x01
  /// ``fragmentMark`` as the key of a literal edge.
  static let fragmentMarkText = "\u{1}"
  /// The mark of a fragment that does not start with `/` (`#narrow/x`, `#p/+1555`, an empty fragment,
  /// `#?a=1`): another control character, so `#x` and `#/x` are different links, each read only by
  /// the routes written with its own start (``slashlessFragmentMarkText``).
  static let slashlessFragmentMark: UInt8 = 0x02
  /// ``slashlessFragmentMark`` as the key of a literal edge.
  static let slashlessFragmentMarkText = "\u{2}"

  /// The mark a fragment that starts at `start` (just after its `#`) is read behind: with a `/` there,
  /// ``fragmentMark``; otherwise ``slashlessFragmentMark``.
  @inline(__always)
  static func fragmentMark(_ link: Bytes, at start: Int) -> UInt8 {
    start < link.count && link[start] == UInt8(ascii: "/") ? fragmentMark : slashlessFragmentMark
  }

  /// The key of the literal edge a fragment route's `#` is, by how its fragment starts.
  static func fragmentMarkText(startsWithSlash: Bool) -> String {
    startsWithSlash ? fragmentMarkText : slashlessFragmentMarkText
  }

  /// A byte of a scheme: `letter *(letter / digit / "+" / "-" / ".")`.
  @inline(__always)
  static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
    let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
    if first { return isLetter }
    return isLetter || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }

  /// Where the scheme ends (the offset of its `:`), or `nil` for a relative link.
  ///
  /// A scheme of up to seven bytes (`https`, `myapp`) is found in the link's first word: its `:` is the
  /// first one there and ``isSchemeWord(_:count:)`` checks the bytes before it by the byte rule. Any
  /// other link is read a byte at a time, which gives the same answer for those.
  @inline(__always)
  static func schemeEnd(_ link: Bytes) -> Int? {
    let first = link.word(at: 0)
    let colons = matching(first, UInt8(ascii: ":"))
    if colons != 0 {
      let end = colons.trailingZeroBitCount &>> 3
      if end > 0 && isSchemeWord(first, count: end) { return end }
    }
    var index = 0
    while index < link.count && isSchemeByte(link[index], first: index == 0) { index += 1 }
    guard index > 0, index < link.count, link[index] == UInt8(ascii: ":") else { return nil }
    return index
  }

  /// Whether the first `count` bytes of `word` (1 to 7) are a scheme by ``isSchemeByte(_:first:)``: a
  /// letter, then letters, digits, `+`, `-` and `.`, all checked at once. Each byte's class is found
  /// from its own seven bits, with no carry into its neighbour (every byte is ASCII first).
  @inline(__always)
  static func isSchemeWord(_ word: UInt64, count: Int) -> Bool {
    let high: UInt64 = 0x8080_8080_8080_8080
    let ones: UInt64 = 0x0101_0101_0101_0101
    let mask = (1 &<< UInt64(8 &* count)) &- 1
    guard word & mask & high == 0 else { return false }
    let bytes = word & mask
    /// The high bit of each byte from `low` to `high` (both ASCII, `low` at least 1): a seven-bit byte
    /// plus 0x80 - low reaches 0x80 from `low` on, and plus 0x7F - high from past `high` on.
    @inline(__always) func within(_ bytes: UInt64, _ low: UInt8, _ highest: UInt8) -> UInt64 {
      let fromLow = bytes &+ UInt64(0x80 &- low) &* ones
      let pastHigh = bytes &+ UInt64(0x7F &- highest) &* ones
      return fromLow & ~pastHigh & high
    }
    let letters = within(bytes | 0x20 &* ones, UInt8(ascii: "a"), UInt8(ascii: "z"))
    let others =
      within(bytes, UInt8(ascii: "0"), UInt8(ascii: "9"))
      | within(bytes, UInt8(ascii: "-"), UInt8(ascii: "."))
      | matching(bytes, UInt8(ascii: "+"))
    return (letters | others) & mask == high & mask && letters & 0x80 != 0
  }

  /// Whether an authority (`//`) starts at `index`, just after the scheme's `:`.
  @inline(__always)
  static func hasAuthority(_ link: Bytes, at index: Int) -> Bool {
    index + 1 < link.count && link[index] == UInt8(ascii: "/") && link[index + 1] == UInt8(ascii: "/")
  }

  /// Where the segment (or authority) that starts at `start` ends: the next `/`, `?`, `#` (in a
  /// fragment: `/`, `?`) or the end.
  @inline(__always)
  static func segmentEnd(_ link: Bytes, from start: Int, inFragment: Bool = false) -> Int {
    var index = start
    while index < link.count && !(inFragment ? endsFragmentSegment(link[index]) : endsSegment(link[index])) {
      index += 1
    }
    return index
  }

  /// The first byte of a custom-scheme authority that the rules refuse (`@`: user information, `:`: a
  /// port), or `nil`.
  @inline(__always)
  static func forbiddenInCustomAuthority(_ link: Bytes, _ start: Int, _ end: Int) -> Int? {
    var index = start
    while index < end {
      let byte = link[index]
      if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") { return index }
      index += 1
    }
    return nil
  }

  /// A lower-cased name a link's scheme or host is compared with (a listed scheme or host, `https`),
  /// kept as the words ``equalsLowercased(_:_:_:_:)`` compares eight bytes at a time.
  struct LowercaseName: Sendable, Hashable {
    /// The name's length in bytes.
    let count: Int
    /// The name's bytes as words (byte `i` in bits `8 * (i % 8)` of word `i / 8`, zero past the end).
    let words: [UInt64]
    /// The name's bytes when one is beyond ASCII (a host the table accepts can be: an IPv6 literal
    /// written with full-width digits), compared a byte at a time; `nil` for an ASCII name.
    let bytesBeyondASCII: [UInt8]?

    /// The name of lower-cased `text`.
    init(_ text: String) {
      let bytes = Array(text.utf8)
      count = bytes.count
      words = Bytes.with(bytes) { name in stride(from: 0, to: name.count, by: 8).map { name.word(at: $0) } }
      bytesBeyondASCII = bytes.allSatisfy { $0 < 0x80 } ? nil : bytes
    }
  }

  /// Whether `link[start..<end]`, with ASCII letters lower-cased, is exactly `name`: an ASCII name is
  /// compared a word at a time. A byte beyond ASCII in the link stays beyond ASCII when its word is
  /// lower-cased (which only sets bits), so it never equals a byte of an ASCII name; a name beyond
  /// ASCII is compared a byte at a time, since lower-casing a word of such bytes may carry.
  @inline(__always)
  static func equalsLowercased(_ link: Bytes, _ start: Int, _ end: Int, _ name: LowercaseName) -> Bool {
    guard end - start == name.count else { return false }
    let text = link.slice(start, end)
    if let bytes = name.bytesBeyondASCII {
      for offset in 0..<bytes.count where lowercased(text[offset]) != bytes[offset] { return false }
      return true
    }
    var index = 0
    for word in name.words {
      if lowercasedASCII(text.word(at: index)) != word { return false }
      index &+= 8
    }
    return true
  }

  /// The bytes of a word that stop a run of a segment's raw plain bytes, eight at once: the high bit
  /// of each byte that is `%`, ends the segment (``endsSegment(_:)``, or ``endsFragmentSegment(_:)``
  /// in a fragment) or is not plain (``isPlainRaw(_:)``); every other bit clear.
  @inline(__always)
  static func runStops(_ word: UInt64, inFragment: Bool) -> UInt64 {
    plainStops(word, atSlashAndQuestion: true, atHash: !inFragment)
  }

  /// The bytes of a word that stop a run of raw plain bytes, eight at once: the high bit of each byte
  /// that is `%`, `/` or `?` (when `atSlashAndQuestion`: a segment ends there), `#` (when `atHash`) or
  /// is not plain (``isPlainRaw(_:)``); every other bit clear. Each test looks at one byte's low seven
  /// bits (a byte from 0x80 up stops by its own high bit), so no sum carries into the next byte; the
  /// tests pin it to the byte rules for every byte in every place.
  @inline(__always)
  static func plainStops(_ word: UInt64, atSlashAndQuestion: Bool, atHash: Bool) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~high
    // The high bit of (t + 0x7F) is set where the seven-bit byte t is not zero.
    @inline(__always) func differs(_ byte: UInt8) -> UInt64 { (low ^ UInt64(byte) &* ones) &+ 0x7F * ones }
    var others = differs(UInt8(ascii: "%")) & differs(0x7F)
    if atSlashAndQuestion { others &= differs(UInt8(ascii: "/")) & differs(UInt8(ascii: "?")) }
    if atHash { others &= differs(UInt8(ascii: "#")) }
    // The high bit of (t + 0x5F) is set where t is at least 0x21, past the space.
    let printable = low &+ 0x5F * ones
    return (word | ~(others & printable)) & high
  }

  /// The `&` bytes of a word, as the high bit of each.
  @inline(__always)
  static func ampersands(_ word: UInt64) -> UInt64 { matching(word, UInt8(ascii: "&")) }

  /// The bytes of a word that are `byte` (an ASCII byte), as the high bit of each.
  @inline(__always)
  static func matching(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // The high bit of (t + 0x7F) is set where the seven-bit byte t is not zero; a byte from 0x80 up
    // is not an ASCII byte.
    return ~(((word & ~high) ^ UInt64(byte) &* ones) &+ 0x7F * ones | word) & high
  }

  /// How many `/` the link holds, counted eight bytes at a time.
  static func slashCount(_ link: Bytes) -> Int {
    var index = 0
    var slashes = 0
    while index < link.count {
      slashes &+= matching(link.word(at: index), UInt8(ascii: "/")).nonzeroBitCount
      index &+= 8
    }
    return slashes
  }

  /// Reads the plain segment that starts at `start` into `store` and counts it: raw plain bytes and
  /// escapes of plain bytes, up to the next `/`, `?`, `#` (in a fragment: `/`, `?`) or the end. A
  /// segment without an escape is the link's own bytes and is not copied (see
  /// ``SegmentStore/closeVerbatimSegment(_:_:)``); one with an escape is decoded into the store.
  ///
  /// - Returns: Where the segment ends, or `nil` (and nothing stored) when it holds anything else
  ///   (bytes beyond ASCII, a malformed escape, an escape of a control character or of a byte beyond
  ///   ASCII).
  @inline(__always)
  static func readPlainSegment(
    _ link: Bytes, from start: Int, into store: inout SegmentStore, inFragment: Bool = false
  ) -> Int? {
    @inline(__always) func ends(_ byte: UInt8) -> Bool {
      inFragment ? endsFragmentSegment(byte) : endsSegment(byte)
    }
    // The run of raw plain bytes, read eight at a time: the word past the end is zero, and a zero
    // byte stops a run, so the run never reads on.
    var runEnd = start
    while true {
      let stops = runStops(link.word(at: runEnd), inFragment: inFragment)
      if stops != 0 {
        runEnd = min(runEnd &+ stops.trailingZeroBitCount &>> 3, link.count)
        break
      }
      runEnd &+= 8
    }
    if runEnd == link.count || ends(link[runEnd]) {
      store.closeVerbatimSegment(start, runEnd)
      return runEnd
    }
    guard link[runEnd] == UInt8(ascii: "%") else { return nil }
    // An escape: the run so far and the rest of the segment are decoded into the store.
    let segmentStart = store.cursor
    store.append(link.slice(start, runEnd))
    var index = runEnd
    while index < link.count {
      var byte = link[index]
      if byte == UInt8(ascii: "%") {
        guard let value = PercentCoding.escapedByte(link, at: index, end: link.count), isPlainDecoded(value)
        else {
          store.rewind(to: segmentStart)
          return nil
        }
        byte = value
        index &+= 3
      } else {
        if ends(byte) { break }
        guard isPlainRaw(byte) else {
          store.rewind(to: segmentStart)
          return nil
        }
        index &+= 1
      }
      store.append(byte)
    }
    store.closeSegment(from: segmentStart, isASCII: true)
    return index
  }

  /// Whether the text from `start` is plain (raw plain bytes and escapes of plain bytes), up to the
  /// next `#` when `stopsAtFragment`, or the end.
  ///
  /// - Returns: Where the text ends and how many `&` it holds, or `nil` when it is not plain.
  @inline(__always)
  static func plainText(_ link: Bytes, from start: Int, stopsAtFragment: Bool) -> (end: Int, separators: Int)?
  {
    var index = start
    var separators = 0
    while index < link.count {
      // A run of raw plain bytes, eight at a time, counting its `&`: the word past the end is zero, and
      // a zero byte stops a run.
      let word = link.word(at: index)
      let stops = plainStops(word, atSlashAndQuestion: false, atHash: stopsAtFragment)
      // The bits below the first stop (all of them when none).
      let before = stops == 0 ? UInt64.max : (stops & (0 &- stops)) &- 1
      separators &+= (ampersands(word) & before).nonzeroBitCount
      if stops == 0 {
        index &+= 8
        continue
      }
      index &+= stops.trailingZeroBitCount &>> 3
      if index >= link.count { break }
      let byte = link[index]
      if byte == UInt8(ascii: "%") {
        guard let value = PercentCoding.escapedByte(link, at: index, end: link.count), isPlainDecoded(value)
        else { return nil }
        index &+= 3
        continue
      }
      if stopsAtFragment && byte == UInt8(ascii: "#") { break }
      return nil
    }
    return (min(index, link.count), separators)
  }

  /// Whether the path has a slash after its last segment; the root path `/` has no segment, so no
  /// trailing slash.
  @inline(__always)
  static func hasTrailingSlash(_ link: Bytes, pathStart: Int, pathEnd: Int, segmentCount: Int) -> Bool {
    segmentCount > 0 && pathEnd > pathStart && link[pathEnd - 1] == UInt8(ascii: "/")
  }
}
