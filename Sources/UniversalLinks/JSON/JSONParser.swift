import Foundation

/// A strict JSON parser (RFC 8259) over UTF-8 bytes that reports line and column of the first error.
///
/// It keeps object members in document order and distinguishes booleans from numbers. Nesting is
/// limited so that hostile input cannot exhaust the stack; the work is linear in the input size.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 256

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses a complete JSON text.
  static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(data))
    // A UTF-8 byte order mark is not JSON, but editors write it; skipping it is harmless.
    if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      parser.index = 3
    }
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.error("unexpected text after the end of the JSON value")
    }
    return value
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        // Count characters, not bytes: continuation bytes of a UTF-8 sequence add no column.
        column += 1
      }
    }
    return JSONSyntaxError(offset: offset, line: line, column: column, message: message)
  }

  private var current: UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = current,
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard let byte = current else {
      throw error("unexpected end of input, expected a value")
    }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
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
    if depth > Self.maximumDepth {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1
    var members: [JSONMember] = []
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else {
        throw error(current == nil ? "unexpected end of input inside an object" : "expected a quoted key")
      }
      let key = try parseString()
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error("expected ':' after the key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      members.append(JSONMember(key: key, value: try parseValue()))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(members)
      case nil:
        throw error("unexpected end of input inside an object")
      default:
        throw error("expected ',' or '}' after an object member")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enterContainer()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      switch current {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(elements)
      case nil:
        throw error("unexpected end of input inside an array")
      default:
        throw error("expected ',' or ']' after an array element")
      }
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Self.hexValue(byte) else {
        throw error("invalid \\u escape, expected four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let start = index
    index += 1
    var buffer: [UInt8] = []
    while true {
      guard let byte = current else {
        throw error("unterminated string", at: start)
      }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validating: buffer, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return string
      case UInt8(ascii: "\\"):
        try parseEscape(into: &buffer)
      case 0..<0x20:
        throw error("control character in a string (escape it)", at: index - 1)
      default:
        buffer.append(byte)
      }
    }
  }

  private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
    guard let escape = current else {
      throw error("unterminated escape sequence")
    }
    index += 1
    switch escape {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "u"):
      var code = try parseHex4()
      if (0xD800..<0xDC00).contains(code) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw error("unpaired surrogate in a \\u escape")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in a \\u escape")
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(code) {
        throw error("unpaired surrogate in a \\u escape")
      }
      guard let scalar = Unicode.Scalar(code) else {
        throw error("invalid \\u escape")
      }
      buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    default:
      throw error("invalid escape sequence '\\\(Self.describe(escape))'", at: index - 2)
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if current == UInt8(ascii: "-") {
      index += 1
    }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw error("invalid number, expected a digit")
    }
    if first == UInt8(ascii: "0") {
      index += 1
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
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text) else {
      throw error("invalid number", at: start)
    }
    return .number(number)
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
