extension RouteTable {
  /// How a table reads `+` in a link's query (`"plusInQuery"` in a route file).
  ///
  /// Only the query is affected: in a path, `+` is always itself. Links the package builds write `+` as
  /// `%2B` and a space as `%20` under either setting, so they read the same under both.
  public enum PlusInQuery: String, Sendable, Hashable, Codable, CaseIterable {
    /// `+` reads as a space, as HTML forms write one: `?text=c++` reads `c  ` (the default).
    case space
    /// `+` reads as itself, as Apple's `URLComponents` reads it: `?text=c++` reads `c++`; a space is
    /// written `%20`.
    case literal

    /// Whether `+` in a query name or value reads as a space.
    var readsAsSpace: Bool {
      switch self {
      case .space: true
      case .literal: false
      }
    }
  }
}
