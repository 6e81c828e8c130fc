import DeepLinking
import Foundation
import Testing

@testable import ChannelNavigation

@MainActor
@Suite("ChannelViewModel")
struct ChannelViewModelTests {
  let recorder = Recorder()
  let viewModel: ChannelViewModel
  let demo: ChannelCatalog

  init() throws {
    viewModel = ChannelViewModel()
    demo = try ChannelCatalog.demo
    viewModel.callbacks = recorder.callbacks
  }

  /// A view model that has loaded the demo catalog.
  func ready() -> ChannelViewModel {
    viewModel.load(demo)
    return viewModel
  }

  // MARK: The samples of the channel's documentation

  @Test(
    "initial navigation states open where they say, with main below them",
    arguments: [
      ChannelNavigationState(page: "detail", clipId: "12345"),
      ChannelNavigationState(page: "overview", clipListId: "678"),
      ChannelNavigationState(page: "search", query: "highlights"),
    ]
  )
  func initialState(initial: ChannelNavigationState) {
    viewModel.load(demo, initialNavigationState: initial)
    #expect(viewModel.state == initial)
    #expect(viewModel.path == [initial])
    #expect(recorder.ready == 1)
    #expect(recorder.navigations == [initial])
    viewModel.goBack()
    #expect(viewModel.state == .main)
  }

  @Test("the programmatic navigation sample runs against the demo channel")
  func programmaticSample() {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    #expect(viewModel.state == ChannelNavigationState(page: "detail", clipId: "12345"))
    #expect(viewModel.currentClip?.id == "12345")
    viewModel.navigateToEntity(entityType: "mediacliplist", entityId: "678")
    #expect(viewModel.state == ChannelNavigationState(page: "overview", clipListId: "678"))
    #expect(viewModel.currentClipList?.id == "678")
    viewModel.search("highlights")
    #expect(viewModel.state == ChannelNavigationState(page: "search", query: "highlights"))
    #expect(viewModel.searchResults.first?.id == "12346")
    viewModel.navigateToSubChannel(subChannelId: "sports")
    #expect(viewModel.state == ChannelNavigationState(page: "main", subChannelId: "sports"))
    viewModel.goBack()
    #expect(viewModel.state == .main)
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    viewModel.navigateTo(page: "main")
    #expect(viewModel.state == .main)
    #expect(!viewModel.canGoBack)
    #expect(recorder.errors.isEmpty)
  }

  @Test("the URL table's states open through navigateTo, as the onOpenURL sample does")
  func urlTable() {
    let viewModel = ready()
    let rows: [ChannelNavigationState] = [
      ChannelNavigationState(page: "main"),
      ChannelNavigationState(page: "detail", clipId: "12345"),
      ChannelNavigationState(page: "overview", clipListId: "678"),
      ChannelNavigationState(page: "search", query: "highlights"),
    ]
    for state in rows {
      viewModel.navigateTo(
        page: state.page,
        clipId: state.clipId,
        clipListId: state.clipListId,
        query: state.query,
        subChannelId: state.subChannelId
      )
      #expect(viewModel.state == state)
    }
  }

  // MARK: Back

  @Test("main -> detail -> back = main, and back on main changes nothing")
  func back() {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    viewModel.goBack()
    #expect(viewModel.state == .main)
    viewModel.goBack()
    #expect(viewModel.state == .main)
    #expect(recorder.navigations.count == 2)
  }

  @Test("a clip of a sub-channel opens inside it; back goes to the sub-channel, then to main")
  func subChannelClip() {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "20001")
    let sports = ChannelNavigationState(page: "main", subChannelId: "sports")
    #expect(
      viewModel.state == ChannelNavigationState(page: "detail", clipId: "20001", subChannelId: "sports"))
    #expect(viewModel.path == [sports, viewModel.state])
    viewModel.goBack()
    #expect(viewModel.state == sports)
    viewModel.goBack()
    #expect(viewModel.state == .main)
  }

  @Test("opening the same place twice does not stack it")
  func duplicates() {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    viewModel.navigateTo(page: "detail", clipId: "12345")
    viewModel.open(ChannelNavigationState(page: "detail", clipId: "12345"))
    #expect(viewModel.path.count == 1)
    #expect(recorder.navigations.count == 1)
  }

  @Test("parameters a page does not use are dropped")
  func normalization() {
    let viewModel = ready()
    viewModel.navigateTo(page: "detail", clipId: "12345", clipListId: "678", query: "x")
    #expect(viewModel.state == ChannelNavigationState(page: "detail", clipId: "12345"))
    viewModel.search("  highlights ")
    #expect(viewModel.state.query == "highlights")
  }

  // MARK: Refused navigation

  @Test(
    "refused navigation reports a typed error and leaves the state unchanged",
    arguments: [
      (ChannelNavigationState(page: "detail", clipId: "999"), ChannelError.unknownClip("999")),
      (ChannelNavigationState(page: "overview", clipListId: "999"), .unknownClipList("999")),
      (ChannelNavigationState(page: "main", subChannelId: "music"), .unknownSubChannel("music")),
      (ChannelNavigationState(page: "detial", clipId: "12345"), .unknownPage("detial")),
      (ChannelNavigationState(page: "detail"), .missingParameter(page: .detail, parameter: "clipId")),
      (ChannelNavigationState(page: "overview"), .missingParameter(page: .overview, parameter: "clipListId")),
      (ChannelNavigationState(page: "search", query: "   "), .emptySearchQuery),
      (ChannelNavigationState(page: "search"), .emptySearchQuery),
      (
        ChannelNavigationState(page: "detail", clipId: "12345", subChannelId: "music"),
        .unknownSubChannel("music")
      ),
    ]
  )
  func refused(state: ChannelNavigationState, error: ChannelError) {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediacliplist", entityId: "678")
    let before = viewModel.path
    recorder.navigations.removeAll()
    viewModel.navigateTo(
      page: state.page,
      clipId: state.clipId,
      clipListId: state.clipListId,
      query: state.query,
      subChannelId: state.subChannelId
    )
    #expect(recorder.errors == [error])
    #expect(viewModel.lastError == error)
    #expect(viewModel.path == before)
    #expect(recorder.navigations.isEmpty)
  }

  @Test(
    "unknown entities are typed errors through the error callback",
    arguments: [
      ("mediaclip", "999", ChannelError.unknownClip("999")),
      ("mediacliplist", "999", .unknownClipList("999")),
      ("podcast", "12345", .unknownEntityType("podcast")),
      ("", "12345", .unknownEntityType("")),
    ]
  )
  func unknownEntities(type: String, id: String, error: ChannelError) {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: type, entityId: id)
    #expect(recorder.errors == [error])
    #expect(viewModel.state == .main)
  }

  @Test("entity types ignore case, and a success clears the last error")
  func entityTypeCase() {
    let viewModel = ready()
    viewModel.navigateToSubChannel(subChannelId: "nope")
    #expect(viewModel.lastError == .unknownSubChannel("nope"))
    viewModel.navigateToEntity(entityType: "MediaClip", entityId: "12345")
    #expect(viewModel.state.clipId == "12345")
    #expect(viewModel.lastError == nil)
  }

  @Test("errors read well")
  func errorDescriptions() {
    #expect(ChannelError.unknownClip("999").description == #"unknown clip "999""#)
    #expect(
      ChannelError.unknownEntityType("podcast").description
        == #"unknown entity type "podcast"; expected "mediaclip" or "mediacliplist""#
    )
  }

  // MARK: Before ready

  @Test("calls before load are queued, not dropped, and apply once in order on load")
  func queuedUntilLoaded() {
    viewModel.navigateToSubChannel(subChannelId: "sports")
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "20002")
    #expect(!viewModel.isReady)
    #expect(viewModel.pendingCount == 2)
    #expect(viewModel.state == .main)
    #expect(recorder.navigations.isEmpty)

    viewModel.load(demo)
    #expect(viewModel.isReady)
    #expect(viewModel.pendingCount == 0)
    let sports = ChannelNavigationState(page: "main", subChannelId: "sports")
    let tennis = ChannelNavigationState(page: "detail", clipId: "20002", subChannelId: "sports")
    #expect(recorder.navigations == [sports, tennis])
    #expect(viewModel.path == [sports, tennis])
    #expect(recorder.ready == 1)
  }

  @Test("onReady comes after queued navigation has been applied")
  func readyAfterQueue() {
    let recorder = self.recorder
    var stateAtReady: ChannelNavigationState?
    viewModel.callbacks.onReady = { [viewModel] in stateAtReady = viewModel.state }
    viewModel.search("highlights")
    viewModel.load(demo)
    #expect(stateAtReady?.page == .search)
    #expect(recorder.ready == 0)
  }

  @Test("several links before ready: the newest wins, the others are reported superseded")
  func newestLinkWins() {
    let first = ChannelNavigationState(page: "detail", clipId: "12345")
    let second = ChannelNavigationState(page: "overview", clipListId: "678")
    viewModel.open(first)
    viewModel.open(second)
    viewModel.load(demo, initialNavigationState: ChannelNavigationState(page: "search", query: "highlights"))
    #expect(viewModel.state == second)
    #expect(recorder.superseded == [first, ChannelNavigationState(page: "search", query: "highlights")])
    #expect(recorder.navigations == [second])
  }

  @Test("the initial state applies before calls queued while loading")
  func initialStateFirst() {
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "20001")
    viewModel.load(demo, initialNavigationState: ChannelNavigationState(page: "search", query: "cup"))
    #expect(recorder.navigations.map(\.page) == [.search, .detail])
  }

  @Test("a refused queued call is reported and does not stop the ones after it")
  func refusedInQueue() {
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "999")
    viewModel.search("highlights")
    viewModel.load(demo)
    #expect(recorder.errors == [.unknownClip("999")])
    #expect(viewModel.state.page == .search)
  }

  @Test("a failed load reports the error and keeps the queue for the next load")
  func failedLoad() async throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    await viewModel.load(from: missing)
    #expect(!viewModel.isReady)
    #expect(recorder.errors.count == 1)
    guard recorder.errors.first?.code == .catalog, recorder.errors.first?.catalogError?.code == .unreadable
    else {
      Issue.record("expected a catalog error, got \(recorder.errors)")
      return
    }
    #expect(viewModel.pendingCount == 1)

    let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).json")
    try JSONEncoder().encode(demo).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    await viewModel.load(from: file)
    #expect(viewModel.isReady)
    #expect(viewModel.state.clipId == "12345")
    #expect(recorder.ready == 1)
  }

  @Test("after ready, calls apply immediately")
  func afterReady() {
    let viewModel = ready()
    viewModel.search("cup")
    #expect(viewModel.state == ChannelNavigationState(page: "search", query: "cup"))
    #expect(viewModel.pendingCount == 0)
  }

  @Test("reloading keeps the place and applies calls made during the reload")
  func reload() {
    let viewModel = ready()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    viewModel.load(demo)
    #expect(viewModel.state.clipId == "12345")
    #expect(recorder.ready == 2)
  }
}
