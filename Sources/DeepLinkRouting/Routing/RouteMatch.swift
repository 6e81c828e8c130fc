/// The result of matching a link: which route, with which typed values, and what else the link carried.
///
/// A match is a value: copies are independent. Its fields live in one shared, copy-on-write box, so a
/// copy costs one reference count and a match is made and destroyed in one piece, whatever it holds.
public struct RouteMatch: Sendable, Hashable {
  /// The fields, shared between copies until one of them changes.
  private var storage: Storage

  /// The name of the route that matched.
  public var route: String {
    get { storage.fields.route }
    set { unique().fields.route = newValue }
  }
  /// The typed values of the route's parameters, path first, then declared query items.
  public var parameters: RouteParameters {
    get { storage.fields.parameters }
    set { unique().fields.parameters = newValue }
  }
  /// The query items the pattern did not declare, decoded, in the order of the link.
  public var query: [QueryItem] {
    get { storage.fields.query }
    set { unique().fields.query = newValue }
  }
  /// The decoded fragment, kept apart from the parameters; `nil` when the link had no `#`.
  public var fragment: String? {
    get { storage.fields.fragment }
    set { unique().fields.fragment = newValue }
  }
  /// Whether the link came through a custom scheme or a web host.
  public var origin: LinkOrigin {
    get { storage.fields.origin }
    set { unique().fields.origin = newValue }
  }
  /// The link as given; for a match reached through nested links, the innermost link, resolved.
  public var url: String {
    get { storage.fields.url }
    set { unique().fields.url = newValue }
  }
  /// The links followed to reach this match, outermost first: empty when the link matched a route
  /// directly. Each names the route whose nested link (its ``RouteDefinition/follow`` parameter) led on.
  public var followed: [FollowedLink] {
    get { storage.fields.followed }
    set { unique().fields.followed = newValue }
  }

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
    storage = Storage(
      Fields(
        route: route, parameters: parameters, query: query, fragment: fragment, origin: origin, url: url,
        followed: []))
  }

  /// Whether two matches hold the same fields (route, values, query, fragment, origin, link and the
  /// links followed).
  public static func == (left: RouteMatch, right: RouteMatch) -> Bool {
    left.storage === right.storage || left.storage.fields == right.storage.fields
  }

  /// Hashes the fields that equality compares.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    storage.fields.hash(into: &hasher)
  }

  /// The box, copied first when another match shares it.
  private mutating func unique() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
    return storage
  }

  /// The box of a match's fields. It is changed only through ``RouteMatch/unique()``, when no other
  /// match holds it, so sharing it between threads is safe.
  private final class Storage: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  /// A match's fields, compared and hashed together.
  private struct Fields: Hashable {
    var route: String
    var parameters: RouteParameters
    var query: [QueryItem]
    var fragment: String?
    var origin: LinkOrigin
    var url: String
    var followed: [FollowedLink]
  }
}
