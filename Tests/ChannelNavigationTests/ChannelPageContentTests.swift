import Testing

@testable import ChannelNavigation

@MainActor
@Suite("ChannelPageContent")
struct ChannelPageContentTests {
  let demo: ChannelCatalog

  init() throws {
    demo = try ChannelCatalog.demo
  }

  func content(_ state: ChannelNavigationState) -> ChannelPageContent {
    ChannelPageContent(state: state, catalog: demo)
  }

  @Test("the channel's main page lists its clip lists, its sub-channels, then its own clips")
  func channelMain() {
    let page = content(.main)
    #expect(page.status == .ready)
    #expect(page.title == "Demo Channel")
    #expect(page.text == nil)
    #expect(
      page.rows.map(\.id)
        == ["clipList/678", "clipList/679", "subChannel/sports", "subChannel/news"]
        + ["12345", "12346", "12347", "12348", "12349", "12350", "12351", "12352"].map { "clip/\($0)" })
    #expect(page.rows.first?.title == "Best of the Season")
  }

  @Test("a sub-channel's main page lists that sub-channel's clip lists and clips, nothing of the channel")
  func subChannelMain() {
    let sports = content(ChannelNavigationState(page: .main, subChannelId: "sports"))
    #expect(sports.status == .ready)
    #expect(sports.title == "Sports")
    #expect(sports.text == "Match reports, highlights and analysis.")
    #expect(
      sports.rows.map(\.id)
        == ["clipList/780", "clip/20001", "clip/20002", "clip/20003", "clip/20004"])
    let news = content(ChannelNavigationState(page: .main, subChannelId: "news"))
    #expect(news.title == "News")
    #expect(news.text == nil)
    #expect(news.rows.map(\.id) == ["clip/30001"])
  }

  @Test("a detail page shows its clip's title and description and lists nothing")
  func detail() throws {
    let clip = try #require(demo.clip(id: "12345"))
    let page = content(ChannelNavigationState(page: .detail, clipId: "12345"))
    #expect(page.status == .ready)
    #expect(page.title == clip.title)
    #expect(page.text == clip.description)
    #expect(page.rows.isEmpty)
  }

  @Test("an overview lists its clip list's clips in the list's order, from sub-channels too")
  func overview() {
    let page = content(ChannelNavigationState(page: .overview, clipListId: "678"))
    #expect(page.title == "Best of the Season")
    #expect(page.rows.map(\.id) == ["clip/12345", "clip/12346", "clip/12349", "clip/20001"])
  }

  @Test("search lists the results best first, only the sub-channel's clips inside a sub-channel")
  func search() {
    let everywhere = content(ChannelNavigationState(page: .search, query: "highlights"))
    #expect(everywhere.title == "highlights")
    #expect(everywhere.rows.map(\.id) == demo.search("highlights").map { "clip/\($0.id)" })
    #expect(everywhere.rows.contains { $0.id == "clip/12346" })
    let sports = content(ChannelNavigationState(page: .search, query: "highlights", subChannelId: "sports"))
    #expect(sports.rows.map(\.id) == ["clip/20001", "clip/20002"])
  }

  @Test("before a catalog has loaded every page is loading, titled with the page's name")
  func loading() {
    let page = ChannelPageContent(state: ChannelNavigationState(page: .detail, clipId: "12345"), catalog: nil)
    #expect(page.status == .loading)
    #expect(page.title == "Detail")
    #expect(page.rows.isEmpty)
  }

  @Test(
    "a place the catalog does not have is missing and lists nothing",
    arguments: [
      (ChannelNavigationState(page: .detail, clipId: "999"), "Detail"),
      (ChannelNavigationState(page: .detail), "Detail"),
      (ChannelNavigationState(page: .overview, clipListId: "999"), "Overview"),
      (ChannelNavigationState(page: .search), "Search"),
      (ChannelNavigationState(page: .main, subChannelId: "gone"), "Main"),
      (ChannelNavigationState(page: .detail, clipId: "12345", subChannelId: "gone"), "Detail"),
      (ChannelNavigationState(page: "detial", clipId: "12345"), "detial"),
    ])
  func missing(state: ChannelNavigationState, title: String) {
    let page = content(state)
    #expect(page.status == .missing)
    #expect(page.title == title)
    #expect(page.text == nil)
    #expect(page.rows.isEmpty)
  }

  @Test("a clip a list names twice gets two rows with different ids")
  func repeatedClip() throws {
    let catalog = try ChannelCatalog(
      id: "c", title: "C", clips: [ChannelCatalog.Clip(id: "a", title: "A")],
      clipLists: [ChannelCatalog.ClipList(id: "l", title: "L", clipIds: ["a", "a", "a"])])
    let page = ChannelPageContent(
      state: ChannelNavigationState(page: .overview, clipListId: "l"), catalog: catalog)
    #expect(page.rows.map(\.id) == ["clip/a", "clip/a#2", "clip/a#3"])
    #expect(page.rows.map(\.title) == ["A", "A", "A"])
  }

  @Test("the view model's content is the content of its catalog, loading before it has one")
  func viewModelContent() {
    let viewModel = ChannelViewModel()
    #expect(viewModel.content(for: .main).status == .loading)
    viewModel.load(demo)
    let sports = ChannelNavigationState(page: .main, subChannelId: "sports")
    #expect(viewModel.content(for: sports) == content(sports))
  }

  @Test("selecting a row opens what it stands for, inside the sub-channel that defines it")
  func select() throws {
    let recorder = Recorder()
    let viewModel = ChannelViewModel(callbacks: recorder.callbacks)
    viewModel.load(demo)
    let sportsMain = ChannelNavigationState(page: .main, subChannelId: "sports")

    let sportsRow = try #require(viewModel.content(for: .main).rows.first { $0.id == "subChannel/sports" })
    viewModel.select(sportsRow)
    #expect(viewModel.state == sportsMain)

    let listRow = try #require(viewModel.content(for: sportsMain).rows.first { $0.id == "clipList/780" })
    viewModel.select(listRow)
    #expect(
      viewModel.state == ChannelNavigationState(page: .overview, clipListId: "780", subChannelId: "sports"))

    // Sports Highlights names clip 12345, which the channel itself defines.
    let clipRow = try #require(viewModel.content(for: viewModel.state).rows.first { $0.id == "clip/12345" })
    viewModel.select(clipRow)
    #expect(viewModel.state == ChannelNavigationState(page: .detail, clipId: "12345"))
    #expect(viewModel.path == [ChannelNavigationState(page: .detail, clipId: "12345")])

    viewModel.goBack()
    let listClipRow = try #require(viewModel.content(for: .main).rows.first { $0.id == "clipList/679" })
    viewModel.select(listClipRow)
    #expect(viewModel.state == ChannelNavigationState(page: .overview, clipListId: "679"))
    #expect(recorder.errors.isEmpty)
  }
}
