extension RouteMatch: CustomStringConvertible, CustomDebugStringConvertible {
  /// The match in one line: the route, its values, the query items the pattern did not declare, the
  /// fragment and where the link points, such as
  /// `route 'clip': clipId=12345; query: utm_source=mail; fragment: t=30; origin: example.com`.
  ///
  /// The query and the fragment are left out when the link has none; a match reached through nested
  /// links ends with the routes followed. Values and items are decoded text.
  public var description: String {
    var parts = ["route '\(route)': " + (parameters.isEmpty ? "no values" : parameters.description)]
    let query = self.query
    if !query.isEmpty { parts.append("query: " + query.map(\.description).joined(separator: "&")) }
    if let fragment { parts.append("fragment: " + fragment) }
    parts.append("origin: \(origin)")
    let followed = self.followed
    if !followed.isEmpty {
      parts.append("followed: " + followed.map { "'\($0.route)'" }.joined(separator: ", "))
    }
    return parts.joined(separator: "; ")
  }

  /// The match as ``description`` states it, named: `RouteMatch(route 'clip': clipId=12345; ...)`,
  /// what `print` and `debugPrint` show for a match inside another value (a `LinkEvent`, an array).
  public var debugDescription: String { "RouteMatch(" + description + ")" }
}
