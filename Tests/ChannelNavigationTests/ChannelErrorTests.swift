import DeepLinking
import Testing

@testable import ChannelNavigation

@Suite("ChannelError and ChannelError")
struct ChannelErrorTests {
  @Test("each channel error code keeps its identifier and carries only its details")
  func channelErrorCodes() throws {
    let catalogError = ChannelError.missingField(path: "clips[0].title")
    let navigationError = NavigationError.chainTooDeep(destination: "x", limit: 2)
    let errors: [(ChannelError, String)] = [
      (.unknownEntityType("movie"), "unknown-entity-type"),
      (.unknownClip("1"), "unknown-clip"),
      (.unknownClipList("2"), "unknown-clip-list"),
      (.unknownSubChannel("3"), "unknown-sub-channel"),
      (.unknownPage("home"), "unknown-page"),
      (.missingParameter(page: .detail, parameter: "clipId"), "missing-parameter"),
      (.emptySearchQuery, "empty-search-query"),
      (.notLoaded, "not-loaded"),
      (.catalog(catalogError), "catalog"),
      (.navigation(navigationError), "navigation"),
      (.unroutedLink("myapp://channel/nope"), "unrouted-link"),
      (.queueFull(limit: 3), "queue-full"),
    ]
    for (error, identifier) in errors {
      #expect(error.code.description == identifier)
    }
    #expect(ErrorCode<ChannelError>.invalidLink.description == "invalid-link")
    #expect(Set(errors.map(\.0.code) + [.invalidLink]).count == errors.count + 1)

    let clip = ChannelError.unknownClip("1")
    #expect(clip.id == "1" && clip.entityType == nil && clip.pageName == nil && clip.url == nil)
    #expect(ChannelError.unknownClipList("2").id == "2")
    #expect(ChannelError.unknownSubChannel("3").id == "3")
    #expect(ChannelError.unknownEntityType("movie").entityType == "movie")
    #expect(ChannelError.unknownEntityType("movie").id == nil)
    #expect(ChannelError.unknownPage("home").pageName == "home")

    let missing = ChannelError.missingParameter(page: .detail, parameter: "clipId")
    #expect(missing.page == .detail && missing.parameter == "clipId" && missing.id == nil)
    #expect(ChannelError.unknownClip("1").page == nil && ChannelError.unknownClip("1").parameter == nil)

    let catalog = ChannelError.catalog(catalogError)
    #expect(
      catalog.catalogError == catalogError && catalog.navigationError == nil && catalog.linkError == nil)
    #expect(catalog.description == "channel catalog: clips[0].title: missing field")
    let navigation = ChannelError.navigation(navigationError)
    #expect(navigation.navigationError == navigationError && navigation.catalogError == nil)

    let full = ChannelError.queueFull(limit: 3)
    #expect(full.limit == 3 && full.url == nil && full.id == nil)
    #expect(
      full.description
        == "navigation refused: 3 navigation calls already wait for the screen to be ready; this one is refused"
    )
    #expect(full == .queueFull(.tooManyPendingCalls(limit: 3)))
    #expect(ChannelError.unroutedLink("myapp://channel/nope").url == "myapp://channel/nope")
    #expect(ChannelError.notLoaded.limit == nil && ChannelError.emptySearchQuery.id == nil)
    #expect(ChannelError.unknownClip("1") != .unknownClipList("1"))
  }

  @Test("each catalog error code keeps its identifier and carries only its details")
  func catalogErrorCodes() {
    let errors: [(ChannelError, String)] = [
      (.invalidJSON(detail: "at line 1"), "invalid-json"),
      (.missingField(path: "id"), "missing-field"),
      (.wrongType(path: "id", expected: "String"), "wrong-type"),
      (.emptyId(path: "clips[0].id"), "empty-id"),
      (.duplicateId(path: "clips[1].id", kind: "clip", id: "7", firstPath: "clips[0].id"), "duplicate-id"),
      (.unknownClip(path: "clipLists[0].clipIds[0]", id: "9"), "unknown-clip"),
      (.invalidValue(path: "clips[0].duration", reason: "negative"), "invalid-value"),
      (.unreadable(url: "file:///x.json", reason: "no such file"), "unreadable"),
      (.httpStatus(url: "https://x/c.json", status: 404), "http-status"),
      (.unsupportedURL("ftp://x"), "unsupported-url"),
      (.missingResource("demo.json"), "missing-resource"),
    ]
    for (error, identifier) in errors {
      #expect(error.code.description == identifier)
    }
    #expect(Set(errors.map(\.0.code)).count == errors.count)

    let duplicate = ChannelError.duplicateId(
      path: "clips[1].id", kind: "clip", id: "7", firstPath: "clips[0].id")
    #expect(duplicate.path == "clips[1].id" && duplicate.kind == "clip" && duplicate.id == "7")
    #expect(duplicate.firstPath == "clips[0].id")
    #expect(
      duplicate.url == nil && duplicate.reason == nil && duplicate.expected == nil && duplicate.detail == nil)
    #expect(duplicate.description == "clips[1].id: duplicate clip id \"7\", first used at clips[0].id")

    let wrongType = ChannelError.wrongType(path: "id", expected: "String")
    #expect(
      wrongType.path == "id" && wrongType.expected == "String" && wrongType.kind == nil && wrongType.id == nil
    )

    let unreadable = ChannelError.unreadable(url: "file:///x.json", reason: "no such file")
    #expect(unreadable.url == "file:///x.json" && unreadable.reason == "no such file")
    #expect(unreadable.path == nil && unreadable.status == nil)

    let status = ChannelError.httpStatus(url: "https://x/c.json", status: 404)
    #expect(status.url == "https://x/c.json" && status.status == 404 && status.reason == nil)

    #expect(ChannelError.invalidJSON(detail: "at line 1").detail == "at line 1")
    #expect(ChannelError.invalidJSON(detail: "at line 1").path == nil)
    #expect(ChannelError.unknownClip(path: "p", id: "9").id == "9")
    #expect(ChannelError.invalidValue(path: "p", reason: "negative").reason == "negative")
    #expect(ChannelError.unsupportedURL("ftp://x").url == "ftp://x")
    #expect(ChannelError.missingResource("demo.json").resource == "demo.json")
    #expect(ChannelError.missingResource("demo.json").url == nil)
    #expect(ChannelError.emptyId(path: "p") != .missingField(path: "p"))
  }
}
