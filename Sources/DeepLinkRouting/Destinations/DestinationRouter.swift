import Foundation

/// A router that hands back the app's own destination values and builds links from them.
///
/// Declare each destination once, as a case of a `Codable` enum: the route's name is the case's name and
/// the pattern's parameters are the case's labels (see ``init(table:)``). A label or type that does not
/// fit its route is a ``RouteTableError`` when the router is built, not a link that opens nothing:
///
/// ```swift
/// enum Screen: Hashable, Sendable, Codable {
///   case clip(id: String)
///   case search(query: String, page: Int?)
/// }
///
/// let screens = try DestinationRouter<Screen>(
///   table: RouteTable(schemes: ["myapp"], hosts: ["example.com"], routes: [
///     RouteDefinition("clip", "/channel/video/{id}"),
///     RouteDefinition("search", "/channel/search/{query}?page={page:int?}"),
///   ]))
///
/// try screens.destination(for: "myapp://channel/video/12345")  // .clip(id: "12345")
/// try screens.url(for: .search(query: "goals", page: nil))  // https://example.com/channel/search/goals
/// ```
///
/// In the app's tests, ``checkRoundTrip(_:forms:)`` proves that each destination comes back from its own
/// link. For a destination that a match cannot describe by itself, ``init(table:destination:values:)``
/// takes the two directions as closures.
public struct DestinationRouter<Destination: Hashable & Sendable>: Sendable {
  /// The router that reads and builds the links.
  public let router: Router
  private let makeDestination: @Sendable (RouteMatch) -> Destination?
  /// The route values of a destination: `nil` when it has no link, a failure when it holds a value no
  /// link can hold.
  private let makeValues: @Sendable (Destination) -> Result<RouteValues, URLBuildError>?

  /// Creates a destination router over a built router.
  ///
  /// - Parameters:
  ///   - router: The router.
  ///   - destination: Turns a match into a destination, or `nil` when the match does not make one
  ///     (an entity that does not exist, for example).
  ///   - values: Turns a destination into the route and values of its link, or `nil` when the
  ///     destination has no link.
  public init(
    router: Router,
    destination: @escaping @Sendable (RouteMatch) -> Destination?,
    values: @escaping @Sendable (Destination) -> RouteValues?
  ) {
    self.init(router: router, destination: destination, result: { values($0).map { .success($0) } })
  }

  /// Creates a destination router whose writing can say why a destination has no link.
  package init(
    router: Router,
    destination: @escaping @Sendable (RouteMatch) -> Destination?,
    result: @escaping @Sendable (Destination) -> Result<RouteValues, URLBuildError>?
  ) {
    self.router = router
    self.makeDestination = destination
    self.makeValues = result
  }

  /// Creates a destination router from a route table.
  ///
  /// - Parameters:
  ///   - table: The route table.
  ///   - destination: Turns a match into a destination, or `nil`.
  ///   - values: Turns a destination into the route and values of its link, or `nil`.
  /// - Throws: ``RouteTableError`` when the table does not build.
  public init(
    table: RouteTable,
    destination: @escaping @Sendable (RouteMatch) -> Destination?,
    values: @escaping @Sendable (Destination) -> RouteValues?
  ) throws(RouteTableError) {
    self.init(router: try Router(table), destination: destination, values: values)
  }

  /// The destination of a link.
  ///
  /// A match the destination refuses (a value its decoding or validation turns down, such as an id
  /// the app knows is invalid or an unknown raw value) falls through: the next route the link matches,
  /// in precedence order, gets its turn, up to ``Router/maxCandidates`` routes.
  ///
  /// - Parameter url: The link's text.
  /// - Returns: The destination, or `nil` when no route matches or no match makes a destination.
  /// - Throws: ``LinkError`` when the link, or a nested link it leads through, breaks a reading rule.
  public func destination(for url: String) throws(LinkError) -> Destination? {
    try match(url)?.destination
  }

  /// The match of a link and its destination, trying the routes the link matches in precedence order
  /// until one makes a destination (at most ``Router/maxCandidates``), and following nested links
  /// (``RouteDefinition/follow``): `/items/{id:int}` whose destination refuses `0` lets
  /// `/items/{slug}` take `/items/0`.
  ///
  /// ```swift
  /// let found = try screens.match("myapp://items/0")
  /// found?.match.route     // "slug": the int route was refused by the destination
  /// found?.destination     // .slug(slug: "0")
  /// ```
  ///
  /// - Parameter url: The link's text.
  /// - Returns: The match that made a destination and the destination; when no match makes one, the
  ///   first match with a `nil` destination; `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link, or a nested link it leads through, breaks a reading rule.
  public func match(_ url: String) throws(LinkError) -> (match: RouteMatch, destination: Destination?)? {
    guard let resolution = try router.resolve(url, accept: makeDestination) else { return nil }
    if let (match, destination) = resolution.accepted { return (match, destination) }
    return resolution.firstRefused.map { ($0, nil) }
  }

  /// What a link routed to when a judge weighs each candidate before its destination is made.
  package enum Routed<Refusal> {
    /// The first candidate the judge admitted that names a destination.
    case destination(RouteMatch, Destination)
    /// No candidate was taken; the first in precedence order was refused by the judge.
    case refused(RouteMatch, Refusal)
    /// No candidate was taken; the first in precedence order names no destination.
    case unnamed(RouteMatch)
  }

  /// Routes a link, judging each route it matches in precedence order before its destination is
  /// made: a route the judge refuses is passed over as one whose destination is `nil`, and nothing is
  /// decoded for it. The first admitted route that names a destination wins.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - judge: The refusal of a candidate (its route's definition and its match), or `nil` to admit it.
  /// - Returns: What the link routed to, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func route<Refusal>(
    _ url: String, judging judge: (RouteDefinition, RouteMatch) -> Refusal?
  ) throws(LinkError) -> Routed<Refusal>? {
    var first: Routed<Refusal>?
    let resolution = try router.resolve(url) { match -> Destination? in
      if let definition = router.definition(of: match), let refusal = judge(definition, match) {
        if first == nil { first = .refused(match, refusal) }
        return nil
      }
      guard let destination = makeDestination(match) else {
        if first == nil { first = .unnamed(match) }
        return nil
      }
      return destination
    }
    guard let resolution else { return nil }
    if let (match, destination) = resolution.accepted { return .destination(match, destination) }
    return first ?? resolution.firstRefused.map { .unnamed($0) }
  }

  /// The destination of a link as the app receives it.
  ///
  /// - Parameter url: The link.
  /// - Returns: The destination, or `nil`.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  public func destination(for url: URL) throws(LinkError) -> Destination? {
    try destination(for: url.absoluteString)
  }

  /// The destination of a match already made.
  ///
  /// - Parameter match: A match from ``router``.
  /// - Returns: The destination, or `nil`.
  public func destination(for match: RouteMatch) -> Destination? {
    makeDestination(match)
  }

  /// The route and values of a destination's link.
  ///
  /// - Parameter destination: A destination.
  /// - Returns: The route values, or `nil` when the destination has no link (or holds a value no link
  ///   can hold; ``url(for:form:)`` says which).
  public func routeValues(for destination: Destination) -> RouteValues? {
    try? makeValues(destination)?.get()
  }

  /// The shareable link of a destination.
  ///
  /// - Parameters:
  ///   - destination: A destination.
  ///   - form: Which kind of link to build.
  /// - Returns: The link.
  /// - Throws: ``URLBuildError`` when the destination has no link (code `unknownRoute`, naming the
  ///   destination), holds a value no link can hold (code `unwritableValue`, naming the case and the
  ///   label: an integer beyond `Int`, `nil` inside an optional), or a value does not fit its route.
  public func url(for destination: Destination, form: LinkForm = .preferred) throws(URLBuildError) -> URL {
    let values: RouteValues
    switch makeValues(destination) {
    case nil: throw URLBuildError(route: String(describing: destination), reason: .unknownRoute)
    case .failure(let error): throw error
    case .success(let found): values = found
    }
    return try router.url(for: values.route, values.parameters, query: values.query, form: form)
  }
}
