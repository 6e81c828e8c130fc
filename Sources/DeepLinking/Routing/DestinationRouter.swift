import Foundation

/// A router that hands back the app's own destination values and builds links from them.
///
/// Declare the routes once (in Swift or in a JSON route file), then say how a match becomes a
/// destination and how a destination becomes route values:
///
/// ```swift
/// enum Screen: Hashable, Sendable {
///   case clip(id: String)
///   case search(query: String)
/// }
///
/// let screens = try DestinationRouter<Screen>(
///   table: RouteTable(schemes: ["myapp"], hosts: ["example.com"], routes: [
///     RouteDefinition("clip", "/channel/video/{clipId}"),
///     RouteDefinition("search", "/channel/search/{query}"),
///   ]),
///   destination: { match in
///     switch match.route {
///     case "clip": match.parameters.string("clipId").map { .clip(id: $0) }
///     case "search": match.parameters.string("query").map { .search(query: $0) }
///     default: nil
///     }
///   },
///   values: { screen in
///     switch screen {
///     case .clip(let id): RouteValues("clip", ["clipId": .string(id)])
///     case .search(let query): RouteValues("search", ["query": .string(query)])
///     }
///   })
///
/// try screens.destination(for: "myapp://channel/video/12345")  // .clip(id: "12345")
/// try screens.url(for: .search(query: "goals"))  // https://example.com/channel/search/goals
/// ```
public struct DestinationRouter<Destination: Hashable & Sendable>: Sendable {
  /// The router that reads and builds the links.
  public let router: Router
  private let makeDestination: @Sendable (RouteMatch) -> Destination?
  private let makeValues: @Sendable (Destination) -> RouteValues?

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
    self.router = router
    self.makeDestination = destination
    self.makeValues = values
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
  /// - Parameter url: The link's text.
  /// - Returns: The destination, or `nil` when no route matches or the match makes no destination.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  public func destination(for url: String) throws(LinkError) -> Destination? {
    try router.match(url).flatMap(makeDestination)
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
  /// - Returns: The route values, or `nil` when the destination has no link.
  public func routeValues(for destination: Destination) -> RouteValues? {
    makeValues(destination)
  }

  /// The shareable link of a destination.
  ///
  /// - Parameters:
  ///   - destination: A destination.
  ///   - form: Which kind of link to build.
  /// - Returns: The link.
  /// - Throws: ``URLBuildError`` when the destination has no link or a value does not fit.
  public func url(for destination: Destination, form: LinkForm = .preferred) throws(URLBuildError) -> URL {
    guard let values = makeValues(destination) else {
      throw URLBuildError(route: String(describing: destination), reason: .unknownRoute)
    }
    return try router.url(for: values.route, values.parameters, query: values.query, form: form)
  }
}
