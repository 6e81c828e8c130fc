/// The result of matching a link: which route, with which typed values, and what else the link carried.
///
/// A match is a value: copies are independent, and two matches are equal when their fields are.
///
/// A match that a ``Router`` finds without following a nested link holds only its link, its route and
/// its router: matching allocates nothing, and ``parameters``, ``query``, ``fragment`` and ``origin`` are decoded
/// from the link, by the rules it was matched with, each time one of them is read. ``route`` and
/// ``url`` cost nothing to read. Read ``parameters`` once into a constant when you need several values,
/// and keep in mind that such a match keeps its router alive. A match you change, or create with
/// ``init(route:parameters:query:fragment:origin:url:)``, keeps its fields in one shared,
/// copy-on-write box.
public struct RouteMatch: Sendable, Hashable {
  /// Where the fields come from.
  private var representation: Representation

  /// The two forms of a match.
  private enum Representation: Sendable {
    /// Read from the link when asked.
    case link(Reading)
    /// Held, shared between copies until one of them changes.
    case fields(Storage)
  }

  /// The name of the route that matched.
  public var route: String {
    get {
      switch representation {
      case .link(let reading): reading.router.plans[Int(reading.place.route)].name
      case .fields(let storage): storage.fields.route
      }
    }
    set { unique().fields.route = newValue }
  }
  /// The typed values of the route's parameters, path first, then declared query items.
  public var parameters: RouteParameters {
    get { fields.parameters }
    set { unique().fields.parameters = newValue }
  }
  /// The query items the pattern did not declare, decoded, in the order of the link.
  public var query: [QueryItem] {
    get { fields.query }
    set { unique().fields.query = newValue }
  }
  /// The decoded fragment, kept apart from the parameters; `nil` when the link had no `#`.
  public var fragment: String? {
    get { fields.fragment }
    set { unique().fields.fragment = newValue }
  }
  /// Whether the link came through a custom scheme or a web host.
  public var origin: LinkOrigin {
    get { fields.origin }
    set { unique().fields.origin = newValue }
  }
  /// The link as given; for a match reached through nested links, the innermost link, resolved.
  public var url: String {
    get {
      switch representation {
      case .link(let reading): reading.url
      case .fields(let storage): storage.fields.url
      }
    }
    set { unique().fields.url = newValue }
  }
  /// The links followed to reach this match, outermost first: empty when the link matched a route
  /// directly. Each names the route whose nested link (its ``RouteDefinition/follow`` parameter) led on.
  public var followed: [FollowedLink] {
    get {
      switch representation {
      case .link: []
      case .fields(let storage): storage.fields.followed
      }
    }
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
    self.init(
      fields: Fields(
        route: route, parameters: parameters, query: query, fragment: fragment, origin: origin, url: url,
        followed: []))
  }

  /// Creates a match that holds its fields.
  ///
  /// - Parameter fields: The fields.
  init(fields: Fields) {
    representation = .fields(Storage(fields))
  }

  /// Creates a match whose values are read from its link when asked.
  ///
  /// - Parameter reading: The link, its router and where the route was found.
  init(reading: Reading) {
    representation = .link(reading)
  }

  /// Whether two matches hold the same fields (route, values, query, fragment, origin, link and the
  /// links followed).
  public static func == (left: RouteMatch, right: RouteMatch) -> Bool {
    switch (left.representation, right.representation) {
    case (.fields(let one), .fields(let other)) where one === other: true
    case (.link(let one), .link(let other)) where one.isSame(as: other): true
    default: left.fields == right.fields
    }
  }

  /// Hashes the fields that equality compares.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    fields.hash(into: &hasher)
  }

  /// The fields, read from the link for a match that holds none.
  var fields: Fields {
    switch representation {
    case .link(let reading): reading.router.fields(of: reading)
    case .fields(let storage): storage.fields
    }
  }

  /// The box, made first from the link for a match that reads it, copied first when another match
  /// shares it.
  private mutating func unique() -> Storage {
    switch representation {
    case .link(let reading):
      let storage = Storage(reading.router.fields(of: reading))
      representation = .fields(storage)
      return storage
    case .fields(var storage):
      // The match lets go of its box for the check, so that only other matches count.
      representation = .fields(Self.vacant)
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      representation = .fields(storage)
      return storage
    }
  }

  /// A box no match keeps: held for a moment while ``unique()`` checks a match's own.
  private static let vacant = Storage(
    Fields(
      route: "", parameters: [:], query: [], fragment: nil, origin: .customScheme(""), url: "", followed: []))

  /// What a match read from its link holds: the link, the router that read it, and where the route
  /// was found. Its fields are read again from these (``Router/fields(of:)``).
  struct Reading: Sendable {
    /// The router that matched the link.
    let router: Router
    /// The link as given.
    let url: String
    /// Where the route was found.
    let place: Place

    /// The route and how the search read the link.
    struct Place {
      /// The route, an index in the router's table.
      let route: Int32
      /// For a route found through its middle catch-all, the link segments after the catch-all; -1
      /// otherwise.
      let following: Int32
      /// Whether the search read the link's path after reading its fragment as a path
      /// (``LinkView/dropFragmentPath()``).
      let dropsFragmentPath: Bool
    }

    /// Whether two readings are the same link matched to the same route by the same router.
    func isSame(as other: Reading) -> Bool {
      router === other.router && place.route == other.place.route && place.following == other.place.following
        && place.dropsFragmentPath == other.place.dropsFragmentPath && url == other.url
    }
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
  struct Fields: Hashable {
    var route: String
    var parameters: RouteParameters
    var query: [QueryItem]
    var fragment: String?
    var origin: LinkOrigin
    var url: String
    var followed: [FollowedLink]
  }
}
