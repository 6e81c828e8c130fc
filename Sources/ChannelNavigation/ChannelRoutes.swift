import DeepLinking

/// The channel's link scheme: one route table for `myapp://channel/...` and `https://<host>/channel/...`.
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
public enum ChannelRoutes {
  /// The routes of the channel, by name and pattern.
  public static let definitions: [RouteDefinition] = [
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
    RouteTable(schemes: schemes, hosts: hosts, routes: definitions)
  }

  /// The demo table: scheme `myapp`, host `example.com`.
  public static let demoTable = table()
}
