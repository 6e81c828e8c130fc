/// A URL that cannot be built from a route and values, saying which value is wrong and why.
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// No route has this name.
    case unknownRoute
    /// A required parameter has no value.
    case missingValue(String)
    /// A value for a parameter the route does not declare.
    case unexpectedValue(String)
    /// A value that does not fit the parameter's type.
    case typeMismatch(name: String, expected: ParameterType, value: String)
    /// An empty value (or an empty segment in a catch-all) where the link needs text.
    case emptyValue(String)
    /// The table has no host (for a web link) or no scheme (for a custom-scheme link) to build with,
    /// or the requested one is not in the table.
    case formUnavailable(String)
    /// The built URL would be read as another route, which wins on specificity (a value equal to a
    /// literal of a more specific route).
    case shadowed(by: String)
    /// The built URL would not read back as the same values (for example, a control character).
    case notRoundTrippable(String)
  }

  /// The route asked for.
  public var route: String
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - route: The route asked for.
  ///   - reason: What is wrong.
  public init(route: String, reason: Reason) {
    self.route = route
    self.reason = reason
  }

  /// The problem in words, naming the route and the value.
  public var description: String {
    let prefix = "route '\(route)': "
    switch reason {
    case .unknownRoute: return prefix + "no such route"
    case .missingValue(let name): return prefix + "missing value for '\(name)'"
    case .unexpectedValue(let name): return prefix + "the route has no parameter '\(name)'"
    case .typeMismatch(let name, let expected, let value):
      return prefix + "'\(name)' must be \(expected == .int ? "an int" : "a \(expected)"), got '\(value)'"
    case .emptyValue(let name): return prefix + "'\(name)' cannot be empty"
    case .formUnavailable(let detail): return prefix + detail
    case .shadowed(let other): return prefix + "the URL would open route '\(other)' instead"
    case .notRoundTrippable(let detail): return prefix + "the URL would not read back the same: \(detail)"
    }
  }
}
