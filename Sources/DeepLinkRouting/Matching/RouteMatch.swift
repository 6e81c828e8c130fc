/// The result of matching a link: which route, with which typed values, and what else the link carried.
///
/// A match is a value: copies are independent, and two matches are equal when their fields are.
///
/// Most matches a ``Router`` finds hold only their link, their router and where in the link each value
/// is: the route's path values (when none needed percent-decoding; a last catch-all's segments when
/// single slashes join them in the link), the query and the fragment. Then
/// matching allocates nothing, and ``parameters``, ``query`` and ``fragment`` decode only their own
/// piece of the link, each time one of them is read; the link itself is not read again. Read
/// ``parameters`` once into a constant when you need several values, and keep in mind that such a
/// match keeps its router alive. Any other match, one you change, and one you create with
/// ``init(route:parameters:query:fragment:origin:url:)`` keep their fields in one shared,
/// copy-on-write box.
public struct RouteMatch: Sendable, Hashable {
  /// Where the fields come from.
  private var representation: Representation

  /// The two forms of a match.
  private enum Representation: Sendable {
    /// Decoded from places in the link when asked.
    case link(Reading)
    /// Held, shared between copies until one of them changes.
    case fields(Storage)
  }

  /// The name of the route that matched.
  public var route: String {
    get {
      switch representation {
      case .link(let reading): reading.router.plans[Int(reading.places.route)].name
      case .fields(let storage): storage.fields.route
      }
    }
    set {
      let storage = unique()
      storage.fields.route = newValue
      storage.routeIndex = -1
    }
  }
  /// The index in its router's table of the route that matched, for a match a router made; `nil` for
  /// a match made or renamed by hand. Read it through ``Router/definition(of:)``.
  package var routeIndex: Int? {
    switch representation {
    case .link(let reading): Int(reading.places.route)
    case .fields(let storage): storage.routeIndex >= 0 ? Int(storage.routeIndex) : nil
    }
  }
  /// The typed values of the route's parameters, path first, then declared query items.
  public var parameters: RouteParameters {
    get {
      switch representation {
      case .link(let reading): reading.router.parameters(of: reading)
      case .fields(let storage): storage.fields.parameters
      }
    }
    set { unique().fields.parameters = newValue }
  }
  /// The query items the pattern did not declare, decoded, in the order of the link.
  public var query: [QueryItem] {
    get {
      switch representation {
      case .link(let reading): reading.router.query(of: reading)
      case .fields(let storage): storage.fields.query
      }
    }
    set { unique().fields.query = newValue }
  }
  /// The decoded fragment, kept apart from the parameters; `nil` when the link had no `#`.
  public var fragment: String? {
    get {
      switch representation {
      case .link(let reading): reading.router.fragment(of: reading)
      case .fields(let storage): storage.fields.fragment
      }
    }
    set { unique().fields.fragment = newValue }
  }
  /// Whether the link came through a custom scheme or a web host.
  public var origin: LinkOrigin {
    get {
      switch representation {
      case .link(let reading): reading.router.origin(of: reading)
      case .fields(let storage): storage.fields.origin
      }
    }
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
  /// The matches of the links followed to reach this match, outermost first: empty when the link
  /// matched a route directly. Each is the match of the route whose nested link (its
  /// ``RouteDefinition/follow`` parameter) led on: its ``route``, ``url`` and ``origin``, and its own
  /// ``parameters`` and ``query`` (the `utm_*` items of a click-tracking link that wraps the link).
  public var followed: [RouteMatch] {
    get {
      switch representation {
      case .link: []
      case .fields(let storage): storage.fields.followed
      }
    }
    set { unique().fields.followed = newValue }
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
  /// - Parameters:
  ///   - fields: The fields.
  ///   - routeIndex: The index of the route in its router's table, or -1 for a match made by hand.
  init(fields: Fields, routeIndex: Int32 = -1) {
    representation = .fields(Storage(fields, routeIndex: routeIndex))
  }

  /// Creates a match whose values are decoded from places in its link when asked.
  ///
  /// - Parameter reading: The link, its router and the places.
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

  /// Whether the match decodes its fields from places in its link (tests tell the two forms apart).
  var decodesFromLink: Bool {
    if case .link = representation { return true }
    return false
  }

  /// The fields, decoded from the link for a match that holds none.
  var fields: Fields {
    switch representation {
    case .link(let reading): reading.router.fields(of: reading)
    case .fields(let storage): storage.fields
    }
  }

  /// The box, made first from the link for a match that decodes from it, copied first when another
  /// match shares it.
  private mutating func unique() -> Storage {
    switch representation {
    case .link(let reading):
      let storage = Storage(reading.router.fields(of: reading), routeIndex: reading.places.route)
      representation = .fields(storage)
      return storage
    case .fields(var storage):
      // The match lets go of its box for the check, so that only other matches count.
      representation = .fields(Self.vacant)
      if !isKnownUniquelyReferenced(&storage) {
        storage = Storage(storage.fields, routeIndex: storage.routeIndex)
      }
      representation = .fields(storage)
      return storage
    }
  }

  /// A box no match keeps: held for a moment while ``unique()`` checks a match's own.
  private static let vacant = Storage(
    Fields(
      route: "", parameters: [:], query: [], fragment: nil, origin: .customScheme(""), url: "", followed: []))

  /// What a match decoded from its link holds: the link, the router that read it, the route, and the
  /// places in the link of everything its fields are decoded from (``Router/fields(of:)``).
  struct Reading: Sendable {
    /// The router that matched the link.
    let router: Router
    /// The link as given.
    let url: String
    /// Where the match's fields are in the link.
    let places: Places

    /// A reading of `url` by `router` at `places`.
    ///
    /// - Parameters:
    ///   - router: The router that matched the link.
    ///   - url: The link as given; taken over, so that a link the caller gives up (`match(URL)`'s
    ///     `absoluteString`) becomes the match's own without another reference to it.
    ///   - places: Where the match's fields are in the link.
    init(router: Router, url: consuming String, places: Places) {
      self.router = router
      self.url = url
      self.places = places
    }

    /// Whether two readings are the same link matched to the same route by the same router.
    func isSame(as other: Reading) -> Bool {
      router === other.router && places.route == other.places.route && url == other.url
    }
  }

  /// Where a match's fields are in its link, found while the link's view exists and made into a
  /// ``Reading`` once the view is gone, so that the link is handed over rather than captured by the
  /// closures that read it.
  struct Places: Sendable {
    /// The route, an index in the router's table.
    var route: Int32
    /// The index of the link's listed scheme or host (``LinkView/originIndex``).
    var originIndex: Int32
    /// Where the query's `?` is, or -1.
    var queryStart: Int32
    /// Where the query ends.
    var queryEnd: Int32
    /// How many `&` the query holds.
    var querySeparators: Int32
    /// Where the fragment's `#` is, or -1.
    var fragmentStart: Int32
    /// The places of the route's path values, in the order of its plan.
    var values: ValuePlaces
    /// Whether the link is a web link.
    var isWeb: Bool
  }

  /// Where in a link a route's first path values are: each as a start and an end, or absent (a last
  /// optional segment the link does not have).
  struct ValuePlaces: Sendable {
    /// How many values fit.
    static let capacity = 2
    /// Per value: the start in the high 32 bits, the end in the low ones; `UInt64.max` when absent.
    private var places: (UInt64, UInt64) = (.max, .max)

    /// Records where value `index` is.
    ///
    /// - Parameters:
    ///   - index: The value's index in the route's plan, below ``capacity``.
    ///   - start: Where it starts in the link.
    ///   - end: Where it ends.
    mutating func set(_ index: Int, start: Int, end: Int) {
      let place = UInt64(UInt32(truncatingIfNeeded: start)) << 32 | UInt64(UInt32(truncatingIfNeeded: end))
      if index == 0 { places.0 = place } else { places.1 = place }
    }

    /// Where value `index` is, or `nil` when it is absent.
    func place(_ index: Int) -> (start: Int, end: Int)? {
      let place = index == 0 ? places.0 : places.1
      guard place != .max else { return nil }
      return (Int(place >> 32), Int(place & 0xFFFF_FFFF))
    }
  }

  /// The box of a match's fields. It is changed only through ``RouteMatch/unique()``, when no other
  /// match holds it, so sharing it between threads is safe.
  private final class Storage: @unchecked Sendable {
    var fields: Fields
    /// The route's index in its router's table, or -1: not one of the compared fields.
    var routeIndex: Int32

    init(_ fields: Fields, routeIndex: Int32 = -1) {
      self.fields = fields
      self.routeIndex = routeIndex
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
    var followed: [RouteMatch]
  }
}
