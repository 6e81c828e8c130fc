import Testing

@testable import DeepLinkRouting

/// Route tables shared by the routing tests.
enum Fixtures {
  /// The channel URLs of the video-channel guide, as custom scheme and Universal Link.
  static let channelTable = RouteTable(
    schemes: ["myapp"],
    hosts: ["example.com", "*.example.com", "localhost:8080"],
    routes: [
      RouteDefinition("main", "/channel"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("playlist", "/channel/playlist/{clipListId}"),
      RouteDefinition("search", "/channel/search/{query}"),
      RouteDefinition("subChannel", "/channel/sub/{subChannelId}"),
    ]
  )

  /// The retail URLs of the SwiftUI deep-link manager example, whose regex list gets the
  /// sub-category wrong.
  static let retailTable = RouteTable(
    schemes: ["shop"],
    hosts: ["shop.example.com"],
    routes: [
      RouteDefinition("product", "/product/{id}"),
      RouteDefinition("category", "/category/{gender}"),
      RouteDefinition("subCategory", "/category/{gender}/{sub}"),
    ]
  )

  /// Every parameter kind, for precedence and round trips.
  static let kindsTable = RouteTable(
    schemes: ["myapp", "http"],
    hosts: ["example.com"],
    routes: [
      RouteDefinition("new", "/items/new"),
      RouteDefinition("itemByNumber", "/items/{id:int}"),
      RouteDefinition("itemByToken", "/items/{token:uuid}"),
      RouteDefinition("itemBySlug", "/items/{slug}"),
      RouteDefinition("itemFiles", "/items/{slug}/files/{path+}"),
      RouteDefinition("itemsAnything", "/items/{rest+}"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("web", "/web/{page}"),
      RouteDefinition("find", "/find?q={query}&page={page:int?}"),
      RouteDefinition("findByTag", "/find?tag={tag}"),
      RouteDefinition("findExact", "/find?q={query}&exact={exact:int}"),
      RouteDefinition("cafe", "/café/menu"),
      RouteDefinition("root", "/"),
    ]
  )

  static func router(_ table: RouteTable) throws -> Router {
    try Router(table)
  }

  /// Expects a table whose one route, `broken`, has the pattern to be refused with the reason at the
  /// offset: the error names the route, and its code is `invalidPattern`.
  static func expectPatternRefused(
    _ pattern: String, reason: RoutePatternError, offset: Int, host: String = "example.com",
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let table = RouteTable(hosts: [host], routes: [RouteDefinition("broken", pattern)])
    #expect(sourceLocation: sourceLocation) {
      try Router(table)
    } throws: { error in
      guard let error = error as? RouteTableError, let patternError = error.patternError else { return false }
      return error.route == "broken" && error.code == .invalidPattern
        && patternError == RoutePatternError(pattern: pattern, offset: offset, reason: reason)
    }
  }
}
