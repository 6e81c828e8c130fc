/// A parsed JSON value that keeps the order of object members.
///
/// The documents this module reads are small (an AASA file is at most 128 KB), and the oldest AASA form
/// keys `details` by app ID, where the order of the members decides which entry wins. Foundation's
/// parsers return unordered dictionaries and blur booleans with numbers, so the module parses JSON itself.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// A short name of the value's kind, as used in error messages ("a string", "an array").
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// One member of a JSON object: its key and its value, in document order.
struct JSONMember: Hashable, Sendable {
  var key: String
  var value: JSONValue
}
