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
  /// The link as given; for a match reached through nested links, the innermost link, resolved.
  public var url: String
  /// The links followed to reach this match, outermost first: empty when the link matched a route
  /// directly. Each names the route whose nested link (its ``RouteDefinition/follow`` parameter) led on.
  public var followed: [FollowedLink] = []

  /// One link followed on the way to a match: the route it matched and the link itself.
  public struct FollowedLink: Sendable, Hashable {
    /// The route the link matched, whose nested link was followed.
    public var route: String
    /// The link, as given or resolved.
    public var url: String
    /// Where the link points.
    public var origin: LinkOrigin

    /// Creates a followed link.
    ///
    /// - Parameters:
    ///   - route: The route the link matched.
    ///   - url: The link.
    ///   - origin: Where the link points.
    public init(route: String, url: String, origin: LinkOrigin) {
      self.route = route
      self.url = url
      self.origin = origin
    }
  }

  /// The origin of the link as it arrived: the outermost followed link's, or ``origin`` when nothing
  /// was followed. Trust is decided on it: a nested link is only as trusted as the link that carried it.
  public var arrivalOrigin: LinkOrigin { followed.first?.origin ?? origin }

  /// The link as it arrived: the outermost followed link, or ``url`` when nothing was followed.
  public var arrivalURL: String { followed.first?.url ?? url }

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
