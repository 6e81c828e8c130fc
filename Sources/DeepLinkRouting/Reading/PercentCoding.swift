/// Percent-decoding and -encoding shared by URL reading, pattern parsing and URL building.
package enum PercentCoding {
  /// Why a piece of a URL could not be decoded.
  enum Failure: Error, Equatable {
    /// A `%` not followed by two hex digits, at this byte offset.
    case malformedEscape(offset: Int)
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// The decoded text holds a control or bidirectional-formatting character.
    case forbiddenCharacter(Unicode.Scalar)
  }

  /// The value of one hexadecimal digit (`0`-`9`, `a`-`f`, `A`-`F`), or `nil` for any other byte.
  ///
  /// - Parameter byte: An ASCII byte.
  /// - Returns: The digit's value, 0 to 15.
  @inline(__always)
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }

  /// The byte a `%XX` escape at `index` stands for, when two hex digits follow before `end`; `nil` for a
  /// malformed escape.
  @inline(__always)
  static func escapedByte(_ bytes: Bytes, at index: Int, end: Int) -> UInt8? {
    guard index + 2 < end, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
      return nil
    }
    return high << 4 | low
  }

  /// Whether a scalar may not appear in decoded link text: C0 controls, DEL, C1 controls, and the
  /// bidirectional formatting characters that can make a link display as something it is not.
  @inline(__always)
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Decodes `buffer[start..<end]` exactly once.
  ///
  /// - Parameters:
  ///   - buffer: The URL's bytes, valid UTF-8.
  ///   - start: The first byte of the piece.
  ///   - end: One past the last byte.
  ///   - plusAsSpace: Whether `+` reads as a space (query names and values).
  /// - Returns: The decoded text.
  /// - Throws: ``Failure`` for a malformed escape, invalid UTF-8 or a forbidden character.
  static func decode(
    _ buffer: Bytes, from start: Int, to end: Int, plusAsSpace: Bool
  ) throws(Failure) -> String {
    var needsWork = false
    var hasNonASCII = false
    var index = start
    while index < end {
      let byte = buffer[index]
      if byte == UInt8(ascii: "%") || (plusAsSpace && byte == UInt8(ascii: "+")) {
        needsWork = true
      } else if byte >= 0x80 {
        hasNonASCII = true
      } else if byte < 0x20 || byte == 0x7F {
        // A raw control character (links refuse them before decoding; pattern literals reach here).
        throw .forbiddenCharacter(Unicode.Scalar(byte))
      }
      index += 1
    }
    if !needsWork {
      let text = buffer.string(start, end)
      if hasNonASCII { try checkScalars(text) }
      return text
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end - start)
    index = start
    var decodedNonASCIIOrControl = hasNonASCII
    while index < end {
      let byte = buffer[index]
      if byte == UInt8(ascii: "%") {
        guard let value = escapedByte(buffer, at: index, end: end) else {
          throw .malformedEscape(offset: index)
        }
        if !ReadingRules.isPlainDecoded(value) { decodedNonASCIIOrControl = true }
        bytes.append(value)
        index += 3
      } else if plusAsSpace && byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
        index += 1
      } else {
        bytes.append(byte)
        index += 1
      }
    }
    guard let text = StrictUTF8.decode(bytes) else { throw .invalidUTF8 }
    if decodedNonASCIIOrControl { try checkScalars(text) }
    return text
  }

  /// Decodes a whole string exactly once (used for pattern literals).
  static func decode(_ text: String, plusAsSpace: Bool = false) throws(Failure) -> String {
    try Bytes.withUTF8(of: text) { (bytes) throws(Failure) -> String in
      try decode(bytes, from: 0, to: bytes.count, plusAsSpace: plusAsSpace)
    }
  }

  /// Decodes text the reading rules found plain (see ``ReadingRules/plainText(_:from:stopsAtFragment:)``),
  /// which cannot fail: escapes are well-formed and stand for printable ASCII.
  ///
  /// For any other text it is total too, but not the decoding of the rules: a malformed escape stays as
  /// it is. Call it only for text the rules found plain.
  static func decodePlain(_ buffer: Bytes, from start: Int, to end: Int, plusAsSpace: Bool) -> String {
    // Most names and values hold no escape and no `+`: their text is their bytes, with no copy first.
    let firstChange = buffer.firstIndex(from: start, to: end) {
      $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+"))
    }
    if firstChange == end { return buffer.string(start, end) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(end - start)
    var index = start
    while index < end {
      let byte = buffer[index]
      if byte == UInt8(ascii: "%"), let value = escapedByte(buffer, at: index, end: end) {
        bytes.append(value)
        index += 3
      } else {
        bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @inline(__always)
  static func checkScalars(_ text: String) throws(Failure) {
    for scalar in text.unicodeScalars where isForbidden(scalar) {
      throw .forbiddenCharacter(scalar)
    }
  }

  /// Characters left as they are when encoding: RFC 3986 unreserved characters.
  @inline(__always)
  package static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "~"):
      true
    default: false
    }
  }

  /// Characters a path segment may keep besides the unreserved ones (sub-delimiters, `:` and `@`).
  @inline(__always)
  static func isPathSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
      UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
      true
    default: isUnreserved(byte)
    }
  }

  /// Whether a decoded path segment is a dot segment, `.` or `..`, which no link can carry: browsers
  /// and WHATWG URL parsers remove it (with its parent, for `..`) in every spelling (`%2e`, `.%2E`,
  /// `%2e%2E`, in any case), and RFC 3986 resolution removes the raw forms. Every such spelling decodes
  /// to `.` or `..`, so the decoded text says it all. The one statement of the rule: URL building
  /// refuses such a value and route patterns refuse such a literal.
  package static func isDotSegment(_ decoded: String) -> Bool {
    decoded == "." || decoded == ".."
  }

  /// Encodes a decoded path segment so that reading it back gives exactly the same text.
  ///
  /// `/` becomes `%2F`, a space `%20`, a `%` `%25` (so text that spells an escaped dot, `%2e`, is not a
  /// dot segment). A dot segment itself (``isDotSegment(_:)``) has no encoding that survives; callers
  /// refuse it first.
  static func encodePathSegment(_ text: String) -> String {
    encode(text) { isPathSafe($0) }
  }

  /// Encodes a decoded query name or value: only unreserved characters stay (so `+` is `%2B` and a
  /// space is `%20`).
  static func encodeQueryComponent(_ text: String) -> String {
    encode(text) { isUnreserved($0) }
  }

  static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
    let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if keep(byte) {
        output.append(byte)
      } else {
        output.append(UInt8(ascii: "%"))
        output.append(hex[Int(byte >> 4)])
        output.append(hex[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
