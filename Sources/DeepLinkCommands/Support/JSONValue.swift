import DeepLinking

/// A JSON value with ordered object keys, rendered on one line for the tool's JSON-lines output.
public enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object whose keys keep their order.
  case object([(String, JSONValue)])

  /// Creates a string value.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates an integer value.
  ///
  /// - Parameter value: The number.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// Creates a Boolean value.
  ///
  /// - Parameter value: The flag.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates `null`.
  ///
  /// - Parameter nilLiteral: Nothing.
  public init(nilLiteral: ()) { self = .null }

  /// A string value, or `null` for `nil`.
  ///
  /// - Parameter value: Optional text.
  /// - Returns: The value.
  public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

  /// Compares two values; objects compare key by key in order.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered == rhs.rendered }

  /// Hashes the rendered text.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(rendered) }

  /// The value as one line of JSON: `{"key": value, ...}`.
  public var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  /// Appends the value's JSON text.
  ///
  /// - Parameter output: The text to append to.
  public func render(into output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += value.isFinite ? String(value) : "null"
    case .string(let value): Self.escape(value, into: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += ", " }
        value.render(into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += ", " }
        Self.escape(key, into: &output)
        output += ": "
        value.render(into: &output)
      }
      output += "}"
    }
  }

  static func escape(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }
}

extension ParameterValue {
  /// The value as JSON: a number for `int`, an array for catch-alls, a string otherwise (UUIDs upper-case).
  var json: JSONValue {
    switch self {
    case .string(let value): .string(value)
    case .int(let value): .int(value)
    case .uuid(let value): .string(value.uuidString)
    case .segments(let values): .array(values.map(JSONValue.string))
    }
  }
}
