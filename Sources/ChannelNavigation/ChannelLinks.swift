import DeepLinking
import Foundation

/// The channel's links in both directions: a link to a ``ChannelNavigationState``, and any state to
/// its shareable link, through the package's router and the channel's ``routes``.
///
/// Every row of the channel's URL table works as a custom-scheme link and as a Universal Link:
///
/// ```swift
/// let links = try ChannelLinks()
/// try links.state(for: "myapp://channel/playlist/678")
/// // overview(clipListId: 678)
/// try links.url(for: ChannelNavigationState(page: "search", query: "highlights"))
/// // https://example.com/channel/search/highlights
/// ```
public struct ChannelLinks: Sendable {
  /// The typed router from links to states and back.
  public let destinations: DestinationRouter<ChannelNavigationState>

  /// Creates the channel's links for an app's schemes and hosts.
  ///
  /// - Parameters:
  ///   - schemes: The app's custom schemes (default `myapp`).
  ///   - hosts: The app's Universal Link hosts (default `example.com`).
  /// - Throws: `RouteTableError` for a malformed scheme or host.
  public init(schemes: [String] = ["myapp"], hosts: [String] = ["example.com"]) throws(RouteTableError) {
    try self.init(table: Self.table(schemes: schemes, hosts: hosts))
  }

  /// Creates the channel's links from a route table that holds the channel's ``routes``.
  ///
  /// - Parameter table: The table.
  /// - Throws: `RouteTableError` when the table does not build.
  public init(table: RouteTable) throws(RouteTableError) {
    destinations = try DestinationRouter(
      table: table, destination: Self.state(for:), values: Self.values(for:))
  }

  /// The routes of the channel, by name and pattern.
  ///
  /// Every row of the channel's URL table, both as custom-scheme links and as Universal Links, plus
  /// sub-channels (each of the four pages again below `/channel/sub/{subChannelId}`):
  ///
  /// | link | route | page |
  /// | --- | --- | --- |
  /// | `myapp://channel` | `main` | main |
  /// | `myapp://channel/video/12345` | `clip` | detail, clip 12345 |
  /// | `myapp://channel/playlist/678` | `playlist` | overview, clip list 678 |
  /// | `myapp://channel/search/highlights` | `search` | search, query "highlights" |
  /// | `myapp://channel/sub/sports` | `subChannel` | main of sub-channel "sports" |
  /// | `myapp://channel/sub/sports/video/12345` | `subChannelClip` | detail in "sports" |
  /// | `myapp://channel/sub/sports/playlist/678` | `subChannelPlaylist` | overview in "sports" |
  /// | `myapp://channel/sub/sports/search/goals` | `subChannelSearch` | search in "sports" |
  public static let routes: [RouteDefinition] = [
    RouteDefinition("main", "/channel"),
    RouteDefinition("clip", "/channel/video/{clipId}"),
    RouteDefinition("playlist", "/channel/playlist/{clipListId}"),
    RouteDefinition("search", "/channel/search/{query}"),
    RouteDefinition("subChannel", "/channel/sub/{subChannelId}"),
    RouteDefinition("subChannelClip", "/channel/sub/{subChannelId}/video/{clipId}"),
    RouteDefinition("subChannelPlaylist", "/channel/sub/{subChannelId}/playlist/{clipListId}"),
    RouteDefinition("subChannelSearch", "/channel/sub/{subChannelId}/search/{query}"),
  ]

  /// The channel's route table for an app's scheme and web hosts.
  ///
  /// - Parameters:
  ///   - schemes: The app's custom schemes.
  ///   - hosts: The app's Universal Link hosts.
  /// - Returns: The table.
  public static func table(schemes: [String] = ["myapp"], hosts: [String] = ["example.com"]) -> RouteTable {
    RouteTable(schemes: schemes, hosts: hosts, routes: routes)
  }

  /// The demo table: scheme `myapp`, host `example.com`.
  public static let demoTable = table()

  /// The router underneath.
  public var router: Router { destinations.router }

  /// The state a link leads to.
  ///
  /// - Parameter url: The link's text.
  /// - Returns: The state, or `nil` when no channel route matches.
  /// - Throws: `LinkError` when the link breaks a reading rule.
  public func state(for url: String) throws(LinkError) -> ChannelNavigationState? {
    try destinations.destination(for: url)
  }

  /// The state a link leads to.
  ///
  /// - Parameter url: The link.
  /// - Returns: The state, or `nil` when no channel route matches.
  /// - Throws: `LinkError` when the link breaks a reading rule.
  public func state(for url: URL) throws(LinkError) -> ChannelNavigationState? {
    try destinations.destination(for: url)
  }

  /// The shareable link of a state.
  ///
  /// - Parameters:
  ///   - state: Any state with a known page and the identifiers its page needs.
  ///   - form: Which kind of link (default: https on the first host).
  /// - Returns: The link.
  /// - Throws: `URLBuildError` for an unknown page or a missing identifier.
  public func url(for state: ChannelNavigationState, form: LinkForm = .preferred) throws(URLBuildError) -> URL
  {
    try destinations.url(for: state, form: form)
  }

  static func state(for match: RouteMatch) -> ChannelNavigationState? {
    let parameters = match.parameters
    let subChannelId = parameters.string("subChannelId")
    switch match.route {
    case "main", "subChannel":
      return ChannelNavigationState(page: .main, subChannelId: subChannelId)
    case "clip", "subChannelClip":
      return parameters.string("clipId").map {
        ChannelNavigationState(page: .detail, clipId: $0, subChannelId: subChannelId)
      }
    case "playlist", "subChannelPlaylist":
      return parameters.string("clipListId").map {
        ChannelNavigationState(page: .overview, clipListId: $0, subChannelId: subChannelId)
      }
    case "search", "subChannelSearch":
      return parameters.string("query").map {
        ChannelNavigationState(page: .search, query: $0, subChannelId: subChannelId)
      }
    default:
      return nil
    }
  }

  static func values(for state: ChannelNavigationState) -> RouteValues? {
    var parameters = RouteParameters()
    let prefix = state.subChannelId == nil ? "" : "subChannel"
    if let subChannelId = state.subChannelId { parameters["subChannelId"] = .string(subChannelId) }
    switch state.page {
    case .main:
      return RouteValues(state.subChannelId == nil ? "main" : "subChannel", parameters)
    case .detail:
      guard let clipId = state.clipId else { return nil }
      parameters["clipId"] = .string(clipId)
      return RouteValues(prefix.isEmpty ? "clip" : "subChannelClip", parameters)
    case .overview:
      guard let clipListId = state.clipListId else { return nil }
      parameters["clipListId"] = .string(clipListId)
      return RouteValues(prefix.isEmpty ? "playlist" : "subChannelPlaylist", parameters)
    case .search:
      guard let query = state.query else { return nil }
      parameters["query"] = .string(query)
      return RouteValues(prefix.isEmpty ? "search" : "subChannelSearch", parameters)
    default:
      return nil
    }
  }
}

extension ChannelViewModel {
  /// Opens a link through the channel's routes: the seed's `onOpenURL` handler in one call.
  ///
  /// The link becomes a state and is opened like ``open(_:)`` (before ready, the newest link wins).
  /// A link the routes refuse or do not match is reported through ``ChannelCallbacks/onError`` as
  /// ``ChannelError/invalidLink(_:)`` or ``ChannelError/unroutedLink(_:)``, and nothing changes.
  ///
  /// - Parameters:
  ///   - url: The link's text.
  ///   - links: The channel's links.
  /// - Returns: Whether the link led to a channel state.
  @discardableResult
  public func open(_ url: String, links: ChannelLinks) -> Bool {
    do throws(LinkError) {
      guard let state = try links.state(for: url) else {
        report(.unroutedLink(url))
        return false
      }
      open(state)
      return true
    } catch {
      report(.invalidLink(error))
      return false
    }
  }

  /// Opens a link as the app receives it; see ``open(_:links:)-(String,_)``.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - links: The channel's links.
  /// - Returns: Whether the link led to a channel state.
  @discardableResult
  public func open(_ url: URL, links: ChannelLinks) -> Bool {
    open(url.absoluteString, links: links)
  }
}
