/// A route and the values to build its link with: what a destination turns into to become a URL.
public struct RouteValues: Sendable, Hashable {
  /// The route's name.
  public var route: String
  /// The parameter values.
  public var parameters: RouteParameters
  /// Extra, undeclared query items.
  public var query: [QueryItem]

  /// Creates route values.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - parameters: The parameter values.
  ///   - query: Extra, undeclared query items.
  public init(_ route: String, _ parameters: RouteParameters = [:], query: [QueryItem] = []) {
    self.route = route
    self.parameters = parameters
    self.query = query
  }
}
