import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

@Suite("The strict JSON reader")
struct JSONReaderTests {
  static func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONReader.read(Data(text.utf8))
  }

  static let valid: [String] = [
    "{}", "[]", "0", "-0", "1.5e3", "1E-2", "\"\"", "null", "true", " [1, 2, 3] ", "{\"a\": {\"b\": [null]}}",
    #"["\u00e9", "\/", "\ud83d\ude00", "\uD800\uDC00"]"#, "\u{FEFF}{\"a\": 1}", "\n\t\r {\"a\":\"é\"}\n",
  ]

  @Test("Strict JSON texts read", arguments: valid)
  func readsValidText(_ text: String) throws {
    _ = try Self.read(text)
  }

  struct Invalid: CustomTestStringConvertible, Sendable {
    var text: String
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { text }
  }

  static let invalid: [Invalid] = [
    Invalid(text: "[1,]", message: "trailing comma before ']'", line: 1, column: 4),
    Invalid(text: "{\"a\":1,}", message: "expected a quoted key", line: 1, column: 8),
    Invalid(text: "01", message: "leading zeros are not allowed", line: 1, column: 2),
    Invalid(text: "1.", message: "expected a digit after '.'", line: 1, column: 3),
    Invalid(text: ".5", message: "unexpected character '.'", line: 1, column: 1),
    Invalid(text: "-", message: "expected a digit", line: 1, column: 2),
    Invalid(text: "1e", message: "expected a digit in the exponent", line: 1, column: 3),
    Invalid(text: "NaN", message: "unexpected character 'N'", line: 1, column: 1),
    Invalid(text: "[Infinity]", message: "unexpected character 'I'", line: 1, column: 2),
    Invalid(text: "\"a\u{0}b\"", message: "control character in a string", line: 1, column: 3),
    Invalid(text: "\"tab\there\"", message: "control character in a string", line: 1, column: 5),
    Invalid(text: #"["\ud800"]"#, message: "unpaired surrogate", line: 1, column: 3),
    Invalid(text: #"["\udc00"]"#, message: "unpaired surrogate", line: 1, column: 3),
    Invalid(text: #"["\ud800\u0041"]"#, message: "unpaired surrogate", line: 1, column: 3),
    Invalid(text: "// comment\n{}", message: "unexpected character '/'", line: 1, column: 1),
    Invalid(text: "{\"a\": 1 /* c */}", message: "expected ',' or '}'", line: 1, column: 9),
    Invalid(text: "['a']", message: "unexpected character '''", line: 1, column: 2),
    Invalid(text: "{} {}", message: "unexpected text after the end", line: 1, column: 4),
    Invalid(text: "", message: "unexpected end of input", line: 1, column: 1),
    Invalid(text: "tru", message: "expected 'true'", line: 1, column: 1),
    Invalid(text: "{\"é\":\n  x}", message: "unexpected character 'x'", line: 2, column: 3),
    Invalid(text: "<html>", message: "is this an HTML page", line: 1, column: 1),
  ]

  @Test("Anything else is refused with what and where", arguments: invalid)
  func refusesInvalidText(_ testCase: Invalid) throws {
    let error = try #require(throws: JSONSyntaxError.self) { try Self.read(testCase.text) }
    #expect(error.message.contains(testCase.message), "\(error)")
    #expect(error.line == testCase.line, "\(error)")
    #expect(error.column == testCase.column, "\(error)")
  }

  @Test("Bytes that are not UTF-8 are refused inside strings and outside them")
  func invalidUTF8() throws {
    let refused: [[UInt8]] = [
      [0x22, 0xC3, 0x28, 0x22], [0x22, 0xFF, 0x22], [0x5B, 0xC3, 0xA9, 0x5D],
      // Overlong "/", a surrogate, a code point above U+10FFFF, a truncated four-byte sequence.
      [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
      [0x22, 0xF0, 0x9F, 0x98, 0x22],
    ]
    for bytes in refused {
      #expect(throws: JSONSyntaxError.self) { try JSONReader.read(Data(bytes)) }
    }
  }

  @Test("Escapes, surrogate pairs and literals read to their values")
  func escapesAndLiterals() throws {
    #expect(try Self.read(#"["a\u00e9\ud83d\ude00\/\n"]"#) == .array([.string("aé😀/\n")]))
    #expect(try Self.read(#""\uD800\uDC00""#) == .string("\u{10000}"))
    #expect(try Self.read("[true, false, null, -1.5e3]") == .array([true, false, nil, .double(-1500)]))
  }

  @Test("Nesting deeper than the limit is refused, not a crash; the limit itself is fine")
  func depthLimit() throws {
    let limit = JSONReader.Limits.standard.maximumDepth
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    let error = try #require(throws: JSONSyntaxError.self) { try Self.read(deep) }
    #expect(error.message == "nesting deeper than \(limit) levels")
    _ = try Self.read(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
  }

  @Test("A document over the size limit is refused before it is read")
  func sizeLimit() throws {
    let limits = JSONReader.Limits(maximumDepth: 8, maximumBytes: 10)
    _ = try JSONReader.read(Data("[1, 2, 3]".utf8), limits: limits)
    let error = try #require(throws: JSONSyntaxError.self) {
      try JSONReader.read(Data("[1, 2, 3, 4]".utf8), limits: limits)
    }
    #expect(error.message.contains("12 bytes, more than the limit of 10"))
  }

  @Test("A duplicate key is an error that names both places")
  func duplicateKeys() throws {
    let text = "{\n  \"routes\": [],\n  \"name\": 1,\n  \"routes\": []\n}"
    let error = try #require(throws: JSONSyntaxError.self) { try Self.read(text) }
    #expect(error.description == #"duplicate key "routes" at line 4, column 3; first at line 2, column 3"#)
    // The same key in two different objects is fine.
    _ = try Self.read(#"[{"a": 1}, {"a": 2}]"#)
  }

  @Test("A duplicate key is found among few keys and among many, wherever the first one stands")
  func duplicateKeysInWideObjects() throws {
    // One key a line: key k sits on line k + 2 of "{\n" and the keys.
    func object(_ keys: [String]) -> String {
      "{\n" + keys.map { "\"\($0)\": 0" }.joined(separator: ",\n") + "\n}"
    }
    let distinct = (0..<40).map { "key\($0)" }
    _ = try Self.read(object(distinct))
    for (first, second) in [(0, 1), (2, 7), (0, 8), (3, 12), (9, 30), (38, 39)] {
      var keys = distinct
      keys[second] = keys[first]
      let error = try #require(throws: JSONSyntaxError.self) { try Self.read(object(keys)) }
      #expect(
        error.description
          == "duplicate key \"key\(first)\" at line \(second + 2), column 1; first at line \(first + 2), column 1",
        "keys \(first) and \(second)")
    }
  }

  @Test("Numbers keep their text; integer and double accessors are exact")
  func numbers() throws {
    let value = try Self.read("[1.50, 12, 1e2, 99999999999999999999, -0]")
    guard case .array(let elements) = value.kind else {
      Issue.record("expected an array")
      return
    }
    let numbers = elements.compactMap { element -> JSONNumber? in
      if case .number(let number) = element.kind { return number }
      return nil
    }
    #expect(numbers.map(\.text) == ["1.50", "12", "1e2", "99999999999999999999", "-0"])
    #expect(numbers.map(\.int) == [nil, 12, nil, nil, 0])
    #expect(numbers[0].double == 1.5)
    #expect(JSONValue.double(1.5) == .double(1.50))
    #expect(JSONValue.int(100) != .string("100"))
    #expect(JSONValue.double(.infinity) == .null)
  }

  @Test("Values and keys keep where they start: line, column (in characters) and byte offset")
  func positions() throws {
    let value = try Self.read("{\"é\": 1,\n  \"b\": [true, \"x\"]}")
    guard case .object(let members) = value.kind, case .array(let elements) = members[1].value.kind else {
      Issue.record("unexpected shape")
      return
    }
    #expect(value.position == JSONPosition(line: 1, column: 1, offset: 0))
    #expect(members[0].keyPosition == JSONPosition(line: 1, column: 2, offset: 1))
    #expect(members[0].value.position == JSONPosition(line: 1, column: 7, offset: 7))
    #expect(members[1].keyPosition == JSONPosition(line: 2, column: 3, offset: 12))
    #expect(elements[1].position == JSONPosition(line: 2, column: 15, offset: 24))
  }

  @Test("Equality compares values, not text or positions")
  func equality() throws {
    #expect(try Self.read("{\"a\": [1, 2]}") == .object([("a", .array([1, 2]))]))
    #expect(try Self.read("{\"a\": 1, \"b\": 2}") != .object([("b", 2), ("a", 1)]))
    #expect(JSONValue.string("a\"b") != .string("a\\\"b"))
    #expect(Set([JSONValue.int(1), try Self.read("1")]).count == 1)
  }

  @Test("Typed access takes exactly its type, and says path, expectation, finding, line and column")
  func typedAccess() throws {
    let root = JSONField(try Self.read("{\"flag\": 1,\n \"count\": true, \"size\": 1.5, \"name\": \"n\"}"))
    let object = try root.object()
    let flag = try #require(object["flag"])
    let count = try #require(object["count"])
    let size = try #require(object["size"])
    #expect(try object["name"]?.string() == "n")
    let flagError = try #require(throws: JSONTypeError.self) { try flag.bool() }
    #expect(flagError.description == "flag: expected true or false, found a number (1) at line 1, column 10")
    let countError = try #require(throws: JSONTypeError.self) { try count.int() }
    #expect(
      countError.description == "count: expected an integer, found a boolean (true) at line 2, column 11")
    #expect(throws: JSONTypeError.self) { try size.int() }
    #expect(throws: JSONTypeError.self) { try count.string() }
    let listError = try #require(throws: JSONTypeError.self) {
      try JSONField(Self.read("{\"a\": [\"x\", 2]}")).object()["a"]?.strings()
    }
    #expect(listError.path.description == "a[1]")
  }

  @Test("Unknown keys come with the closest known key, when one is close")
  func suggestions() throws {
    let object = try JSONField(Self.read("{\"patern\": 1, \"zzzz\": 2, \"name\": 3}")).object()
    let unknown = object.unknownKeys(known: ["name", "pattern"])
    #expect(
      unknown.map(\.description) == [
        #"unknown key "patern" (did you mean "pattern"?)"#, #"unknown key "zzzz""#,
      ])
    #expect(unknown.first?.position == JSONPosition(line: 1, column: 2, offset: 1))
    #expect(KeySuggestion.suggestion(for: "PATH", among: ["/"], aliases: ["path": "/"]) == "/")
    #expect(KeySuggestion.editDistance("kitten", "sitting") == 3)
    #expect(KeySuggestion.editDistance("titel", "title") == 1)
  }

  @Test("The one string escaper writes quotes, controls, separators and bidi controls safely")
  func escaping() throws {
    #expect(JSONString.quoted("a\"b\\c/d\n\t\r") == #""a\"b\\c/d\n\t\r""#)
    #expect(JSONString.quoted("\u{0}\u{1F}\u{7F}\u{2028}\u{202E}é") == #""\u0000\u001F\u007F\u2028\u202Eé""#)
    #expect(JSONString.quoted("<&>", alsoEscaping: ["<", ">", "&"]) == #""\u003C\u0026\u003E""#)
    let text = "x\u{0}\u{2029}\"\\é😀"
    #expect(try Self.read(JSONString.quoted(text)) == .string(text))
  }

  @Test("Escaping writes runs between escapes as they are: the same text as escaping scalar by scalar")
  func escapingByRuns() throws {
    // The rule of the type's documentation, scalar by scalar.
    func reference(_ text: String) -> String {
      var output = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        default:
          let value = scalar.value
          let bidi: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
          ]
          if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || bidi.contains(value)
          {
            let hex = String(value, radix: 16, uppercase: true)
            output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            output.unicodeScalars.append(scalar)
          }
        }
      }
      return output + "\""
    }
    let pieces: [String] = [
      "a", "Z", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}",
      "\u{202E}",
      "\u{2066}", "é", "e\u{301}", "\u{301}", "😀", "🇫🇷", "\r\n", "中",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<500 {
      var text = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for position in 0..<Int(state >> 60) {
        text += pieces[Int((state >> UInt64(position * 4 % 56)) % UInt64(pieces.count))]
      }
      let quoted = JSONString.quoted(text)
      #expect(Array(quoted.utf8) == Array(reference(text).utf8), "\(Array(text.unicodeScalars))")
      #expect(try Self.read(quoted) == .string(text))
    }
  }

  @Test("Rendering: one line in order, or pretty-printed with sorted keys; both read back")
  func rendering() throws {
    let value = JSONValue.object([("b", .array([1, "x"])), ("a", .object([])), ("c", nil)])
    #expect(value.rendered == #"{"b": [1, "x"], "a": {}, "c": null}"#)
    #expect(value.prettyPrinted == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    \"x\"\n  ],\n  \"c\": null\n}\n")
    #expect(try Self.read(value.rendered) == value)
  }
}
