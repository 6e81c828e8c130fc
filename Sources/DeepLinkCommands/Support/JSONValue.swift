import DeepLinking
import RouteFiles

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

extension RouteMatch {
  /// The parameters as JSON, each by ``ParameterValue/json``, except that each segment of a typed
  /// catch-all (`{ids:int+}`) is written as its type reads it: `[12, 40]`, not `["12", "40"]`.
  ///
  /// - Parameter router: The router that made the match; it knows the route's pattern.
  /// - Returns: An object with a member per parameter, in the match's order.
  func parametersJSON(in router: Router) -> JSONValue {
    .object(parameters.map { ($0.name, json(of: $0.value, named: $0.name, in: router)) })
  }

  /// One parameter as JSON, as ``parametersJSON(in:)`` writes it; `nil` when it has no value.
  ///
  /// - Parameters:
  ///   - name: The parameter's name.
  ///   - router: The router that made the match.
  /// - Returns: The value as JSON.
  func parameterJSON(_ name: String, in router: Router) -> JSONValue? {
    parameters[name].map { json(of: $0, named: name, in: router) }
  }

  private func json(of value: ParameterValue, named name: String, in router: Router) -> JSONValue {
    guard case .segments(let texts) = value, let index = routeIndex, router.patterns.indices.contains(index)
    else { return value.json }
    for case .testedRun(name, let rule) in router.patterns[index].segments {
      guard case .every(let element) = rule.form else { break }
      return .array(texts.map { element.value(from: $0)?.json ?? .string($0) })
    }
    return value.json
  }
}
