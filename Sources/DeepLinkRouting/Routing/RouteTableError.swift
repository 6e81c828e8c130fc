/// A route table that cannot be built, naming the route and the piece at fault.
///
/// Raised when a ``Router`` is built and when a route file is read: a pattern that does not parse, two
/// routes with one name, two routes that would match exactly the same URLs, a malformed scheme or host,
/// a route file that is not valid JSON of the expected shape, or a destination type that does not fit
/// its routes.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// The route's pattern does not parse.
    case invalidPattern(RoutePatternError)
    /// Two routes share a name.
    case duplicateRouteName
    /// The route would match exactly the same URLs as another route, named here.
    case ambiguous(with: String)
    /// A route without a name.
    case emptyRouteName
    /// A scheme that is not `letter *(letter / digit / "+" / "-" / ".")`.
    case invalidScheme(String)
    /// A host entry that is not a host name, `*.` followed by a host name, or either with `:port`.
    case invalidHost(String)
    /// A table with routes but neither a scheme nor a host, so no link could reach them.
    case noSchemeOrHost
    /// More routes than the table's limit.
    case tooManyRoutes(limit: Int)
    /// A limit outside the range it may take (see ``RouteTable/Limits/validate()``).
    case limitOutOfRange(key: String, value: Int, allowed: ClosedRange<Int>)
    /// The route file is not valid JSON.
    case invalidJSON(String)
    /// A value of the wrong type at ``RouteTableError/location``.
    case wrongType(expected: String)
    /// A key the format does not have (a misspelling, usually), with a suggestion when one is close.
    case unknownKey(String, suggestion: String?)
    /// A required key is missing.
    case missingKey(String)
    /// The destination type of a ``DestinationRouter`` does not fit the route.
    case destinationMismatch(DestinationMismatch)
  }

  /// The route at fault, when there is one.
  public var route: String?
  /// Where in the route file the problem is (`routes[2].pattern`), when read from a file.
  public var location: String?
  /// What is wrong.
  public var reason: Reason
  /// For a value of the wrong type, what the file holds instead ("a number (1)").
  public var found: String?
  /// The 1-based line in the route file, when read from a file.
  public var line: Int?
  /// The 1-based column (in characters) in the route file, when read from a file.
  public var column: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - route: The route at fault, if any.
  ///   - location: The place in the route file, if any.
  ///   - reason: What is wrong.
  ///   - found: For a value of the wrong type, what the file holds instead.
  ///   - line: The 1-based line in the route file, if any.
  ///   - column: The 1-based column in the route file, if any.
  public init(
    route: String? = nil, location: String? = nil, reason: Reason, found: String? = nil, line: Int? = nil,
    column: Int? = nil
  ) {
    self.route = route
    self.location = location
    self.reason = reason
    self.found = found
    self.line = line
    self.column = column
  }

  /// The problem in words, naming the route and the location (with line and column for a route file).
  public var description: String {
    // The reader's own account of invalid JSON already names the place (and, for a duplicate key, both).
    if case .invalidJSON = reason { return problem }
    let place = line.map { line in " at line \(line)" + (column.map { ", column \($0)" } ?? "") } ?? ""
    return problem + (found.map { ", found \($0)" } ?? "") + place
  }

  private var problem: String {
    var parts: [String] = []
    if let location { parts.append(PrintableText.escaped(location)) }
    if let route { parts.append("route '\(PrintableText.escaped(route))'") }
    let prefix = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
    switch reason {
    case .invalidPattern(let error): return prefix + error.description
    case .duplicateRouteName: return prefix + "another route has the same name"
    case .ambiguous(let other): return prefix + "matches exactly the same URLs as route '\(other)'"
    case .emptyRouteName: return prefix + "a route needs a name"
    case .invalidScheme(let scheme): return prefix + "invalid scheme '\(scheme)'"
    case .invalidHost(let host): return prefix + "invalid host '\(host)'"
    case .noSchemeOrHost: return prefix + "the table lists no scheme and no host"
    case .tooManyRoutes(let limit): return prefix + "more than \(limit) routes"
    case .limitOutOfRange(let key, let value, let allowed):
      return prefix
        + "\(key) is \(value), outside the allowed range \(allowed.lowerBound)...\(allowed.upperBound)"
    case .invalidJSON(let detail): return prefix + "invalid JSON: \(detail)"
    case .wrongType(let expected): return prefix + "expected \(expected)"
    case .unknownKey(let key, let suggestion):
      return prefix + "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingKey(let key): return prefix + "missing key '\(key)'"
    case .destinationMismatch(let mismatch): return prefix + mismatch.description
    }
  }
}
