import Testing

@testable import DeepLinkRouting

/// The read-only view of the trie that tools walking it (such as an explanation of a near miss) use.
@Suite("Router: reading the trie")
struct RouterTrieViewTests {
  @Test func theTrieCanBeWalkedByKind() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"], options: .init(caseInsensitive: true),
        routes: [
          RouteDefinition("video", "/Video/{id:int}"),
          RouteDefinition("token", "/video/{t:uuid}?q={q}"),
          RouteDefinition("any", "/video/{slug}"),
          RouteDefinition("files", "/video/{path+}"),
          RouteDefinition("docs", "/video/{path*}"),
          RouteDefinition("cafe", "/café"),
        ]))
    let video = try #require(router.literalChild(of: 0, key: "video"))
    #expect(router.literalChild(of: 0, key: "Video") == nil)  // keys are stored lower-cased
    #expect(router.literalChild(of: 0, key: "caf\u{E9}") != nil)
    #expect(router.literalChild(of: 0, key: "caf\u{65}\u{301}") == nil)  // bytes, not canonical equivalence
    #expect(router.literalChild(of: video, key: "video") == nil)
    let name = { (index: Int) in router.table.routes[index].name }
    let int = try #require(router.parameterChild(of: video, type: .int))
    let uuid = try #require(router.parameterChild(of: video, type: .uuid))
    let string = try #require(router.parameterChild(of: video, type: .string))
    #expect(router.routes(endingAt: int).endpoints.map(name) == ["video"])
    #expect(router.routes(endingAt: uuid).endpoints.map(name) == ["token"])
    #expect(router.routes(endingAt: string).endpoints.map(name) == ["any"])
    let atVideo = router.routes(endingAt: video)
    #expect(atVideo.endpoints.isEmpty)
    #expect(atVideo.oneOrMore.map(name) == ["files"])
    #expect(atVideo.zeroOrMore.map(name) == ["docs"])
    #expect(ParameterType.allCases.allSatisfy { router.parameterChild(of: 0, type: $0) == nil })
  }

  /// The near-miss search reads a node's routes in place: the same routes in the same order.
  @Test func theRoutesOfANodeReadInPlaceAreTheCopiedOnes() throws {
    let router = try Router(
      RouteTable(
        schemes: ["app"],
        routes: [
          RouteDefinition("a", "/v?k={k}"), RouteDefinition("b", "/v?j={j:int}"), RouteDefinition("c", "/v"),
          RouteDefinition("files", "/v/{path+}"), RouteDefinition("docs", "/v/{path*}"),
          RouteDefinition("one", "/w"),
        ]))
    for key in ["v", "w"] {
      let node = try #require(router.literalChild(of: 0, key: key))
      let copied = router.routes(endingAt: node)
      let inPlace = router.endingRoutes(at: node)
      #expect(inPlace.endpoints.map(inPlace.route(at:)) == copied.endpoints)
      #expect(inPlace.oneOrMore.map(inPlace.route(at:)) == copied.oneOrMore)
      #expect(inPlace.zeroOrMore.map(inPlace.route(at:)) == copied.zeroOrMore)
      #expect(inPlace.first(inPlace.endpoints) == copied.endpoints.first)
    }
    let name = { (index: Int) in router.table.routes[index].name }
    let v = try #require(router.literalChild(of: 0, key: "v"))
    #expect(router.routes(endingAt: v).endpoints.map(name) == ["b", "a", "c"])
  }
}
