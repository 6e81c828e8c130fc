import Foundation

/// A typed value captured by a route parameter, or supplied to build a URL.
///
/// Matching produces ``string(_:)`` for `{name}`, ``int(_:)`` for `{name:int}`, ``uuid(_:)`` for
/// `{name:uuid}`, ``bool(_:)`` for `{name:bool}`, ``decimal(_:)`` for `{name:decimal}`, ``url(_:)``
/// for `{name:url}`, ``segments(_:)`` for the catch-alls `{name+}` and `{name*}`, ``pairs(_:)`` for a
/// pair catch-all (`{narrow:pairs*}`), and ``dictionary(_:)`` for an open query dictionary
/// (`?{filters*}`).
///
/// When building a URL, a ``string(_:)`` value is also accepted for a typed or catch-all parameter
/// and converted with the same rules the router reads URLs with (`"42"` for `int`, `"a/b"` for a
/// catch-all), which is what command-line tools and string-based callers need.
public enum ParameterValue: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Text from a `{name}` parameter, percent-decoded.
  case string(String)
  /// An integer from a `{name:int}` parameter.
  case int(Int)
  /// A UUID from a `{name:uuid}` parameter.
  case uuid(UUID)
  /// A boolean from a `{name:bool}` parameter.
  case bool(Bool)
  /// A number from a `{name:decimal}` parameter.
  case decimal(Double)
  /// An absolute `http` or `https` URL from a `{name:url}` parameter.
  case url(URL)
  /// The decoded segments captured by a `{name+}` or `{name*}` catch-all.
  case segments([String])
  /// The query items an open query dictionary (`?{filters*}`) received: every item the pattern does
  /// not declare, name to first value (`""` for an item written without `=`).
  case dictionary([String: String])
  /// The operator/operand pairs a pair catch-all (`{narrow:pairs*}`) read, in the link's order: each
  /// operator as ``QueryItem/name`` and its operand, decoded text, as ``QueryItem/value``
  /// (`/narrow/channel/42/topic/lunch` gives `channel=42`, `topic=lunch`).
  case pairs([QueryItem])

  /// The value as text, when it is a ``string(_:)``.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value as an integer, when it is an ``int(_:)``.
  public var intValue: Int? {
    if case .int(let value) = self { return value }
    return nil
  }

  /// The value as a UUID, when it is a ``uuid(_:)``.
  public var uuidValue: UUID? {
    if case .uuid(let value) = self { return value }
    return nil
  }

  /// The value as a boolean, when it is a ``bool(_:)``.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The value as a number, when it is a ``decimal(_:)``.
  public var decimalValue: Double? {
    if case .decimal(let value) = self { return value }
    return nil
  }

  /// The value as a URL, when it is a ``url(_:)``.
  public var urlValue: URL? {
    if case .url(let value) = self { return value }
    return nil
  }

  /// The captured segments, when the value is ``segments(_:)``.
  public var segmentsValue: [String]? {
    if case .segments(let value) = self { return value }
    return nil
  }

  /// The items, when the value is ``dictionary(_:)``.
  public var dictionaryValue: [String: String]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  /// The pairs, when the value is ``pairs(_:)``.
  public var pairsValue: [QueryItem]? {
    if case .pairs(let value) = self { return value }
    return nil
  }

  /// A readable rendering: the text, the number (a decimal in plain digits, never an exponent), the
  /// UUID in upper case, `true` or `false`, the URL's absolute string, the segments joined by `/`,
  /// a dictionary's items as `name=value` sorted by name and joined by `&` (decoded text), or pairs
  /// as the link writes them, operator and operand joined by `/`.
  public var description: String {
    switch self {
    case .string(let value): value
    case .int(let value): String(value)
    case .uuid(let value): value.uuidString
    case .bool(let value): value ? "true" : "false"
    case .decimal(let value): ParameterType.decimalText(value) ?? String(value)
    case .url(let value): value.absoluteString
    case .segments(let value): value.joined(separator: "/")
    case .dictionary(let value):
      value.stableSorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    case .pairs(let value): value.flatMap { [$0.name, $0.value ?? ""] }.joined(separator: "/")
    }
  }
}
