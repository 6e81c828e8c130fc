import DeepLinking
import Foundation
import Testing

@testable import ChannelNavigation

@Suite("Channel links")
struct ChannelLinksTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var path: String
    var state: ChannelNavigationState
    var testDescription: String { path }
  }

  /// The channel's URL table, every row, plus sub-channels.
  static let rows: [Row] = [
    Row(path: "channel", state: ChannelNavigationState(page: "main")),
    Row(path: "channel/video/12345", state: ChannelNavigationState(page: "detail", clipId: "12345")),
    Row(path: "channel/playlist/678", state: ChannelNavigationState(page: "overview", clipListId: "678")),
    Row(
      path: "channel/search/highlights", state: ChannelNavigationState(page: "search", query: "highlights")),
    Row(path: "channel/sub/sports", state: ChannelNavigationState(page: "main", subChannelId: "sports")),
    Row(
      path: "channel/sub/sports/video/12345",
      state: ChannelNavigationState(page: "detail", clipId: "12345", subChannelId: "sports")),
    Row(
      path: "channel/sub/sports/playlist/678",
      state: ChannelNavigationState(page: "overview", clipListId: "678", subChannelId: "sports")),
    Row(
      path: "channel/sub/sports/search/goals",
      state: ChannelNavigationState(page: "search", query: "goals", subChannelId: "sports")),
  ]

  @Test(arguments: rows)
  func everyRowReadsAsCustomSchemeAndUniversalLink(_ row: Row) throws {
    let links = try ChannelLinks()
    #expect(try links.state(for: "myapp://\(row.path)") == row.state)
    #expect(try links.state(for: "https://example.com/\(row.path)") == row.state)
    #expect(try links.state(for: "myapp:///\(row.path)/") == row.state)
  }

  @Test(arguments: rows)
  func everyStateBuildsItsLinkBack(_ row: Row) throws {
    let links = try ChannelLinks()
    #expect(try links.url(for: row.state).absoluteString == "https://example.com/\(row.path)")
    #expect(try links.url(for: row.state, form: .customScheme).absoluteString == "myapp://\(row.path)")
  }

  @Test(arguments: ["goal highlights", "a/b", "100% + more", "été", "?#&"])
  func searchQueriesRoundTrip(_ query: String) throws {
    let links = try ChannelLinks()
    let state = ChannelNavigationState(page: .search, query: query)
    for form in [LinkForm.universalLink, .customScheme] {
      let url = try links.url(for: state, form: form)
      #expect(try links.state(for: url) == state, "\(url)")
    }
  }

  @Test func statesWithoutALink() throws {
    let links = try ChannelLinks()
    #expect(throws: URLBuildError.self) { try links.url(for: ChannelNavigationState(page: "detail")) }
    #expect(throws: URLBuildError.self) {
      try links.url(for: ChannelNavigationState(page: "detial", clipId: "1"))
    }
  }

  @Test func otherLinksAreNotChannelStates() throws {
    let links = try ChannelLinks()
    #expect(try links.state(for: "myapp://channel/video") == nil)
    #expect(try links.state(for: "myapp://other/video/1") == nil)
    #expect(throws: LinkError.self) { try links.state(for: "https://evil.example.net/channel") }
  }

  @Test func appsChooseTheirSchemesAndHosts() throws {
    let links = try ChannelLinks(schemes: ["tvapp"], hosts: ["tv.example.org"])
    #expect(
      try links.state(for: "tvapp://channel/video/1") == ChannelNavigationState(page: "detail", clipId: "1"))
    #expect(throws: LinkError.self) { try links.state(for: "myapp://channel/video/1") }
    #expect(try links.url(for: .main).absoluteString == "https://tv.example.org/channel")
  }

  @MainActor
  @Test func viewModelOpensLinksAndReportsBadOnes() throws {
    let links = try ChannelLinks()
    let recorder = Recorder()
    let viewModel = ChannelViewModel(callbacks: recorder.callbacks)
    #expect(viewModel.open("myapp://channel/video/12345", links: links))
    #expect(viewModel.state == ChannelNavigationState(page: .main))
    viewModel.load(try ChannelCatalog.demo)
    #expect(viewModel.state == ChannelNavigationState(page: .detail, clipId: "12345"))
    #expect(!viewModel.open("myapp://channel/nope", links: links))
    #expect(!viewModel.open("myapp://channel/video/%ZZ", links: links))
    #expect(recorder.errors.count == 2)
    if let first = recorder.errors.first, first.code == .unroutedLink {
      #expect(first.url == "myapp://channel/nope")
    } else {
      Issue.record("expected an unrouted link, got \(recorder.errors)")
    }
    #expect(viewModel.state == ChannelNavigationState(page: .detail, clipId: "12345"))
    let url = try #require(URL(string: "https://example.com/channel/video/999"))
    #expect(viewModel.open(url, links: links))
    #expect(recorder.errors.last == .unknownClip("999"))
    #expect(viewModel.state == ChannelNavigationState(page: .detail, clipId: "12345"))
  }
}

@MainActor
@Suite("Channel restoration")
struct ChannelRestorationTests {
  @Test func aSavedBackStackComesBackAfterARelaunch() throws {
    let first = ChannelViewModel()
    first.load(try ChannelCatalog.demo)
    first.navigateToSubChannel(subChannelId: "sports")
    first.navigateTo(page: .search, query: "goals", subChannelId: "sports")
    #expect(first.path.count == 2)
    let saved = try JSONEncoder().encode(first.path)

    let recorder = Recorder()
    let second = ChannelViewModel(callbacks: recorder.callbacks)
    second.restore(path: try JSONDecoder().decode([ChannelNavigationState].self, from: saved))
    #expect(second.path.isEmpty)
    second.load(try ChannelCatalog.demo)
    #expect(second.path == first.path)
    #expect(second.state == first.state)
    #expect(recorder.errors.isEmpty)
  }

  @Test func placesThatNoLongerExistCutTheRestoredStack() throws {
    let recorder = Recorder()
    let viewModel = ChannelViewModel(callbacks: recorder.callbacks)
    viewModel.load(try ChannelCatalog.demo)
    viewModel.restore(path: [
      ChannelNavigationState(page: .overview, clipListId: "678"),
      ChannelNavigationState(page: .detail, clipId: "gone"),
      ChannelNavigationState(page: .search, query: "x"),
    ])
    #expect(viewModel.path == [ChannelNavigationState(page: .overview, clipListId: "678")])
    #expect(recorder.errors == [.unknownClip("gone")])
  }
}
