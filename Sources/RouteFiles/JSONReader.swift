import DeepLinkRouting
import Foundation

/// The package's one JSON reader: strict RFC 8259 over UTF-8 bytes, with positions.
///
/// It accepts exactly the JSON texts of RFC 8259 and refuses everything else with a
/// ``JSONSyntaxError`` that gives line and column:
/// - no trailing commas, comments, single quotes, `NaN` or `Infinity`, leading zeros (`01`), bare
///   fractions (`1.`, `.5`), or text after the value;
/// - strings must be valid UTF-8 without raw control characters, and `\u` escapes of surrogates must
///   form a high-low pair;
/// - an object may not hold the same key twice (the error gives both places);
/// - nesting deeper than ``Limits/maximumDepth`` and documents larger than ``Limits/maximumBytes`` are
///   refused, so hostile input can exhaust neither the stack nor memory.
///
/// A UTF-8 byte order mark at the very start is skipped: RFC 8259 allows a reader to ignore it, and
/// editors write it. Object members keep their order; every value keeps the position where it starts
/// and every member the position of its key. The work is linear in the size of the input.
package struct JSONReader {
  /// How much a document may hold.
  package struct Limits: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted.
    package var maximumDepth: Int
    /// The largest document accepted, in bytes.
    package var maximumBytes: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    ///   - maximumBytes: The largest document accepted, in bytes.
    package init(maximumDepth: Int, maximumBytes: Int) {
      self.maximumDepth = maximumDepth
      self.maximumBytes = maximumBytes
    }

    /// 256 levels of nesting and 16 MiB: far beyond any route file, catalog or site association file.
    package static let standard = Limits(maximumDepth: 256, maximumBytes: 16 * 1024 * 1024)
  }

  private let bytes: [UInt8]
  private let limits: Limits
  private var index = 0
  private var depth = 0
  private var line = 1
  private var lineStart = 0
  /// A known column on the current line, so that positions cost time proportional to the distance
  /// from the previous one (the reader asks for them in increasing order).
  private var knownOffset = 0
  private var knownColumn = 1

  private init(bytes: [UInt8], limits: Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  /// Reads a complete JSON document.
  ///
  /// - Parameters:
  ///   - data: The document's bytes (UTF-8).
  ///   - limits: The depth and size limits.
  /// - Returns: The document's value, with positions.
  /// - Throws: ``JSONSyntaxError`` for anything that is not a strict JSON text within the limits.
  package static func read(_ data: Data, limits: Limits = .standard) throws(JSONSyntaxError) -> JSONValue {
    var reader = JSONReader(bytes: Array(data), limits: limits)
    if reader.bytes.count > limits.maximumBytes {
      throw JSONSyntaxError(
        position: JSONPosition(line: 1, column: 1, offset: 0),
        message: "the document is \(reader.bytes.count) bytes, more than the limit of \(limits.maximumBytes)"
      )
    }
    if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      reader.index = 3
      reader.lineStart = 3
      reader.knownOffset = 3
    }
    reader.skipWhitespace()
    let value = try reader.readValue()
    reader.skipWhitespace()
    if reader.index < reader.bytes.count {
      throw reader.error("unexpected text after the end of the JSON value")
    }
    return value
  }

  // MARK: Positions

  /// The position of a byte on the current line, computed from the last known column.
  private mutating func position(at offset: Int) -> JSONPosition {
    if knownOffset < lineStart || knownOffset > offset {
      knownOffset = lineStart
      knownColumn = 1
    }
    for byte in bytes[knownOffset..<offset] where byte & 0xC0 != 0x80 {
      // Continuation bytes of a UTF-8 sequence add no column.
      knownColumn += 1
    }
    knownOffset = offset
    return JSONPosition(line: line, column: knownColumn, offset: offset)
  }

  /// The position of any byte, counted from the start (only for errors, which end the reading).
  private func positionFromStart(of offset: Int) -> JSONPosition {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONPosition(line: line, column: column, offset: offset)
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    JSONSyntaxError(position: positionFromStart(of: min(offset ?? index, bytes.count)), message: message)
  }

  // MARK: Grammar

  private var current: UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default:
        return
      }
    }
  }

  private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current else {
      throw error("unexpected end of input, expected a value")
    }
    let start = position(at: index)
    switch byte {
    case UInt8(ascii: "{"): return JSONValue(.object(try readObject()), position: start)
    case UInt8(ascii: "["): return JSONValue(.array(try readArray()), position: start)
    case UInt8(ascii: "\""): return JSONValue(.string(try readString()), position: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(.bool(true), position: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(.bool(false), position: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(.null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try readNumber()), position: start)
    case UInt8(ascii: "<"):
      throw error("found '<', expected a value (is this an HTML page instead of JSON?)")
    default:
      throw error("unexpected character '\(Self.describe(byte))', expected a value")
    }
  }

  private static func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  private mutating func expectLiteral(_ literal: String) throws(JSONSyntaxError) {
    let start = index
    for expected in literal.utf8 {
      guard current == expected else {
        throw error("invalid literal, expected '\(literal)'", at: start)
      }
      index += 1
    }
  }

  private mutating func enterContainer() throws(JSONSyntaxError) {
    depth += 1
    if depth > limits.maximumDepth {
      throw error("nesting deeper than \(limits.maximumDepth) levels")
    }
    index += 1
  }

  /// Leaves the container when its closing `}` or `]` is next: whether it did.
  private mutating func leaveContainer(at closing: UInt8) -> Bool {
    guard current == closing else { return false }
    index += 1
    depth -= 1
    return true
  }

  /// Reads what follows a member of an object or an element of an array: `,` (more follow) or the
  /// container's `closing` byte, which leaves the container. Whether the container ended.
  private mutating func endsContainer(closing: UInt8, container: String, member: String)
    throws(JSONSyntaxError)
    -> Bool
  {
    skipWhitespace()
    if current == UInt8(ascii: ",") {
      index += 1
      return false
    }
    if leaveContainer(at: closing) { return true }
    if current == nil { throw error("unexpected end of input inside \(container)") }
    throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))' after \(member)")
  }

  /// How many keys of an object are compared one by one before they are looked up by hash.
  private static let keysComparedInPlace = 8

  private mutating func readObject() throws(JSONSyntaxError) -> [JSONMember] {
    try enterContainer()
    var members: [JSONMember] = []
    var firstPositions: [String: JSONPosition] = [:]
    skipWhitespace()
    if leaveContainer(at: UInt8(ascii: "}")) { return members }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error(current == nil ? "unexpected end of input inside an object" : "expected a quoted key")
      }
      let keyPosition = position(at: index)
      let key = try readString()
      // The keys so far are looked through while they are few (most objects have a handful, and
      // hashing a key costs more than comparing it), and held in a dictionary once they are many,
      // so that an object's cost stays linear in its size.
      let first: JSONPosition?
      if members.count < Self.keysComparedInPlace {
        first = members.first(where: { $0.key == key }).map { $0.keyPosition ?? keyPosition }
      } else {
        if firstPositions.isEmpty {
          for member in members { firstPositions[member.key] = member.keyPosition ?? keyPosition }
        }
        first = firstPositions[key]
        firstPositions[key] = keyPosition
      }
      if let first {
        throw JSONSyntaxError(
          position: keyPosition, message: "duplicate key \(JSONString.quoted(key))", firstPosition: first)
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error("expected ':' after the key \(JSONString.quoted(key))")
      }
      index += 1
      skipWhitespace()
      members.append(JSONMember(key: key, keyPosition: keyPosition, value: try readValue()))
      if try endsContainer(closing: UInt8(ascii: "}"), container: "an object", member: "an object member") {
        return members
      }
    }
  }

  private mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
    try enterContainer()
    var elements: [JSONValue] = []
    skipWhitespace()
    if leaveContainer(at: UInt8(ascii: "]")) { return elements }
    while true {
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        throw error("trailing comma before ']'")
      }
      elements.append(try readValue())
      if try endsContainer(closing: UInt8(ascii: "]"), container: "an array", member: "an array element") {
        return elements
      }
    }
  }

  private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = PercentCoding.hexValue(byte) else {
        throw error("invalid \\u escape, expected four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func readString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    // Most strings hold no escape: then their text is their bytes, decoded once with no copy first.
    var plainEnd = index
    while plainEnd < bytes.count, bytes[plainEnd] >= 0x20, bytes[plainEnd] != UInt8(ascii: "\""),
      bytes[plainEnd] != UInt8(ascii: "\\")
    {
      plainEnd += 1
    }
    if plainEnd < bytes.count && bytes[plainEnd] == UInt8(ascii: "\"") {
      guard let string = StrictUTF8.decode(bytes[index..<plainEnd]) else {
        throw error("string is not valid UTF-8", at: start)
      }
      index = plainEnd + 1
      return string
    }
    var buffer: [UInt8] = []
    buffer.reserveCapacity(plainEnd - index + 16)
    while true {
      guard let byte = current else {
        throw error("unterminated string", at: start)
      }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = StrictUTF8.decode(buffer) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return string
      case UInt8(ascii: "\\"):
        try readEscape(into: &buffer)
      case 0..<0x20:
        throw error("control character in a string (escape it)", at: index - 1)
      default:
        buffer.append(byte)
      }
    }
  }

  private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    guard let escape = current else {
      throw error("unterminated escape sequence")
    }
    index += 1
    if let byte = JSONString.unescaped(escape) {
      buffer.append(byte)
      return
    }
    switch escape {
    case UInt8(ascii: "u"):
      let escapeStart = index - 2
      var code = try readHex4()
      if (0xD800..<0xDC00).contains(code) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw error("unpaired surrogate in a \\u escape", at: escapeStart)
        }
        index += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in a \\u escape", at: escapeStart)
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(code) {
        throw error("unpaired surrogate in a \\u escape", at: escapeStart)
      }
      guard let scalar = Unicode.Scalar(code) else {
        throw error("invalid \\u escape", at: escapeStart)
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      throw error("invalid escape sequence '\\\(Self.describe(escape))'", at: index - 2)
    }
  }

  private mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
    let start = index
    if current == UInt8(ascii: "-") {
      index += 1
    }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw error("invalid number, expected a digit")
    }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
        throw error("invalid number, leading zeros are not allowed")
      }
    } else {
      skipDigits()
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard skipDigits() > 0 else {
        throw error("invalid number, expected a digit after '.'")
      }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
        index += 1
      }
      guard skipDigits() > 0 else {
        throw error("invalid number, expected a digit in the exponent")
      }
    }
    return JSONNumber(checkedText: String(decoding: bytes[start..<index], as: UTF8.self))
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      index += 1
    }
    return index - start
  }
}
