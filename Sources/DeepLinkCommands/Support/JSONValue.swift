import DeepLinking

// The tool writes its JSON-lines output with the package's one JSON value type, `JSONValue`, whose
// `rendered` text is one line with members in order and strings escaped by `JSONString`.

extension ParameterValue {
  /// The value as JSON: a number for `int` and `decimal`, a boolean for `bool`, an array for catch-alls
  /// (of `{"name", "value"}` objects for pairs), an object (names sorted) for an open query dictionary, a string otherwise (UUIDs upper-case).
  var json: JSONValue {
    switch self {
    case .string(let value): .string(value)
    case .int(let value): .int(value)
    case .uuid(let value): .string(value.uuidString)
    case .bool(let value): .bool(value)
    case .decimal(let value): .double(value)
    case .url(let value): .string(value.absoluteString)
    case .segments(let values): .array(values.map(JSONValue.string))
    case .dictionary(let items):
      .object(items.sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) })
    case .pairs(let pairs):
      .array(pairs.map { .object([("name", .string($0.name)), ("value", .string($0.value ?? ""))]) })
    }
  }
}
