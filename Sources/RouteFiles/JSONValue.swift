/// A JSON value: what the package's files are read into and what its tools write.
///
/// Object members keep their order. A value read from a document also carries the position where it
/// starts (and each member the position of its key), so that errors can say where; equality and hashing
/// compare values only, never positions. Numbers keep the exact text they were written with.
package struct JSONValue: Hashable, Sendable {
  /// The kinds of JSON value.
  package enum Kind: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object([JSONMember])
  }

  /// What the value is.
  package var kind: Kind
  /// Where the value starts in the document it was read from; `nil` for a value built in code.
  package var position: JSONPosition?

  /// Creates a value.
  ///
  /// - Parameters:
  ///   - kind: What the value is.
  ///   - position: Where it starts in its document, if it was read from one.
  package init(_ kind: Kind, position: JSONPosition? = nil) {
    self.kind = kind
    self.position = position
  }

  /// Compares values, ignoring positions; objects compare member by member, in order.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether the two are the same JSON value.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.kind == rhs.kind }

  /// Hashes the value, ignoring positions.
  ///
  /// - Parameter hasher: The hasher.
  package func hash(into hasher: inout Hasher) { hasher.combine(kind) }

  /// `null`.
  package static let null = JSONValue(.null)

  /// A Boolean value.
  ///
  /// - Parameter flag: The flag.
  /// - Returns: `true` or `false`.
  package static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }

  /// An integer value.
  ///
  /// - Parameter number: The integer.
  /// - Returns: The number.
  package static func int(_ number: Int) -> JSONValue { JSONValue(.number(JSONNumber(number))) }

  /// A floating-point value; JSON has no infinity or NaN, so those become `null`.
  ///
  /// - Parameter number: The number.
  /// - Returns: The number, or `null` when it is not finite.
  package static func double(_ number: Double) -> JSONValue {
    JSONNumber(number).map { JSONValue(.number($0)) } ?? .null
  }

  /// A string value.
  ///
  /// - Parameter text: The text.
  /// - Returns: The string.
  package static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

  /// A string value, or `null` for `nil`.
  ///
  /// - Parameter text: Optional text.
  /// - Returns: The string or `null`.
  package static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

  /// An array value.
  ///
  /// - Parameter elements: The elements, in order.
  /// - Returns: The array.
  package static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }

  /// An object value from key-value pairs, in order.
  ///
  /// - Parameter members: The members, in order.
  /// - Returns: The object.
  package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
  }

  /// An object value from members, in order.
  ///
  /// - Parameter members: The members, in order.
  /// - Returns: The object.
  package static func object(members: [JSONMember]) -> JSONValue { JSONValue(.object(members)) }

  /// A short name of the value's kind, as used in error messages ("a string", "an array").
  package var kindDescription: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// What the value is, for "found ..." in error messages: the kind, with the value itself for
  /// Booleans and numbers ("a boolean (true)", "a number (1.5)").
  package var foundDescription: String {
    switch kind {
    case .bool(let flag): "a boolean (\(flag))"
    case .number(let number): "a number (\(number.text))"
    default: kindDescription
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByNilLiteral
{
  /// Creates a string value.
  ///
  /// - Parameter value: The text.
  package init(stringLiteral value: String) { self.init(.string(value)) }
  /// Creates an integer value.
  ///
  /// - Parameter value: The number.
  package init(integerLiteral value: Int) { self.init(.number(JSONNumber(value))) }
  /// Creates a Boolean value.
  ///
  /// - Parameter value: The flag.
  package init(booleanLiteral value: Bool) { self.init(.bool(value)) }
  /// Creates `null`.
  ///
  /// - Parameter nilLiteral: Nothing.
  package init(nilLiteral: ()) { self.init(.null) }
}

/// One member of a JSON object: its key, where the key was written, and its value.
package struct JSONMember: Hashable, Sendable {
  /// The key.
  package var key: String
  /// Where the key's opening quote is, for a member read from a document.
  package var keyPosition: JSONPosition?
  /// The value.
  package var value: JSONValue

  /// Creates a member.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - keyPosition: Where the key was written, if read from a document.
  ///   - value: The value.
  package init(key: String, keyPosition: JSONPosition? = nil, value: JSONValue) {
    self.key = key
    self.keyPosition = keyPosition
    self.value = value
  }

  /// Compares key and value, ignoring positions.
  ///
  /// - Parameters:
  ///   - lhs: A member.
  ///   - rhs: Another member.
  /// - Returns: Whether both have the same key and value.
  package static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
    lhs.key == rhs.key && lhs.value == rhs.value
  }

  /// Hashes key and value, ignoring positions.
  ///
  /// - Parameter hasher: The hasher.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(value)
  }
}

/// A JSON number, kept as the exact text of the document, with exact accessors.
package struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number as written (valid JSON number syntax).
  package let text: String

  /// Wraps number text that the reader has checked.
  init(checkedText: String) {
    text = checkedText
  }

  /// An integer.
  ///
  /// - Parameter value: The integer.
  package init(_ value: Int) {
    text = String(value)
  }

  /// A finite floating-point number; `nil` for infinity and NaN, which JSON cannot hold.
  ///
  /// - Parameter value: The number.
  package init?(_ value: Double) {
    guard value.isFinite else { return nil }
    text = String(value)
  }

  /// The number as an `Int` when it is written as an integer (no fraction, no exponent) that fits.
  package var int: Int? { Int(text) }

  /// The number as a `Double`, when it is within the range of `Double` (it may round).
  package var double: Double? {
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// The text as written.
  package var description: String { text }

  /// Compares numeric values: `1`, `1.0` and `1e0` are equal; integers compare exactly.
  ///
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: Whether the two denote the same value.
  package static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if let left = lhs.int, let right = rhs.int { return left == right }
    if let left = lhs.double, let right = rhs.double { return left == right }
    return lhs.text == rhs.text
  }

  /// Hashes the numeric value, consistently with `==`.
  ///
  /// - Parameter hasher: The hasher.
  package func hash(into hasher: inout Hasher) {
    if let value = double {
      hasher.combine(value)
    } else {
      hasher.combine(text)
    }
  }
}
