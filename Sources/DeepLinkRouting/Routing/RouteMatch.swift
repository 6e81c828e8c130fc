/// The result of matching a link: which route, with which typed values, and what else the link carried.
public struct RouteMatch: Sendable, Hashable {
  /// The name of the route that matched.
  public var route: String
  /// The typed values of the route's parameters, path first, then declared query items.
  public var parameters: RouteParameters
  /// The query items the pattern did not declare, decoded, in the order of the link.
  public var query: [QueryItem]
  /// The decoded fragment, kept apart from the parameters; `nil` when the link had no `#`.
  public var fragment: String?
  /// Whether the link came through a custom scheme or a web host.
  public var origin: LinkOrigin
  /// The link as given.
  public var url: String

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - parameters: The typed values.
  ///   - query: The undeclared query items.
  ///   - fragment: The decoded fragment.
  ///   - origin: The link's origin.
  ///   - url: The link as given.
  public init(
    route: String, parameters: RouteParameters, query: [QueryItem] = [], fragment: String? = nil,
    origin: LinkOrigin, url: String
  ) {
    self.route = route
    self.parameters = parameters
    self.query = query
    self.fragment = fragment
    self.origin = origin
    self.url = url
  }
}
