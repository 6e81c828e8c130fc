import Foundation
import Testing

@testable import ChannelNavigation

/// What happens when a view shows a view model: its callbacks, and loading the channel once.
@MainActor
@Suite("ChannelViewModel shown by a view")
final class ChannelViewModelAppearanceTests {
  let recorder = Recorder()
  let viewModel: ChannelViewModel
  let demo: ChannelCatalog
  let folder: URL

  init() throws {
    viewModel = ChannelViewModel()
    viewModel.callbacks = recorder.callbacks
    demo = try ChannelCatalog.demo
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("channel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Writes the demo catalog to a file of the folder and returns the file's URL.
  @discardableResult
  func writeCatalog(_ name: String = "channel.json") throws -> URL {
    let file = folder.appendingPathComponent(name)
    try JSONEncoder().encode(demo).write(to: file)
    return file
  }

  // MARK: Callbacks

  @Test("a view with no callbacks leaves the app's callbacks in place")
  func emptyViewCallbacksKeepTheAppsCallbacks() {
    viewModel.viewCallbacks = ChannelCallbacks()
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")
    viewModel.load(demo)
    viewModel.navigateToEntity(entityType: "mediaclip", entityId: "999")
    #expect(recorder.ready == 1)
    #expect(recorder.navigations == [ChannelNavigationState(page: .detail, clipId: "12345")])
    #expect(recorder.errors == [.unknownClip("999")])
  }

  @Test("every event goes to the app's callbacks, then to the view's; a new view's replace the old")
  func viewCallbacksFollowTheAppsAndReplaceEachOther() {
    var events: [String] = []
    viewModel.callbacks = ChannelCallbacks(
      onReady: { events.append("app ready") },
      onError: { events.append("app error \($0)") },
      onNavigate: { events.append("app \($0)") },
      onSuperseded: { events.append("app superseded \($0)") })
    func viewCallbacks(_ name: String) -> ChannelCallbacks {
      ChannelCallbacks(
        onReady: { events.append("\(name) ready") },
        onError: { events.append("\(name) error \($0)") },
        onNavigate: { events.append("\(name) \($0)") },
        onSuperseded: { events.append("\(name) superseded \($0)") })
    }
    viewModel.viewCallbacks = viewCallbacks("first view")
    // The view appears again: its callbacks are set again and must not add up.
    viewModel.viewCallbacks = viewCallbacks("view")
    viewModel.open(ChannelNavigationState(page: .detail, clipId: "12345"))
    viewModel.open(ChannelNavigationState(page: .overview, clipListId: "678"))
    viewModel.load(demo)
    viewModel.search(" ")
    #expect(
      events == [
        "app superseded detail(clipId: 12345)", "view superseded detail(clipId: 12345)",
        "app overview(clipListId: 678)", "view overview(clipListId: 678)",
        "app ready", "view ready",
        "app error search query is empty", "view error search query is empty",
      ])
  }

  // MARK: Loading once per channel

  @Test("appearing again neither reloads the channel nor applies the initial state again")
  func appearingAgainKeepsThePlace() async throws {
    let file = try writeCatalog()
    let initial = ChannelNavigationState(page: .detail, clipId: "12345")
    await viewModel.loadIfNeeded(channelUrl: file.absoluteString, initialNavigationState: initial)
    #expect(viewModel.state == initial)
    viewModel.navigateToEntity(entityType: "mediacliplist", entityId: "679")
    let place = viewModel.state

    // Gone from disk: a reload would fail and report it.
    try FileManager.default.removeItem(at: file)
    await viewModel.loadIfNeeded(channelUrl: file.absoluteString, initialNavigationState: initial)
    #expect(viewModel.state == place)
    #expect(viewModel.isReady)
    #expect(recorder.ready == 1)
    #expect(recorder.errors.isEmpty)
    #expect(recorder.navigations == [initial, place])
  }

  @Test("a channel the app loaded from the same URL is not loaded again when the view appears")
  func loadedByTheAppIsNotReloaded() async throws {
    let file = try writeCatalog()
    await viewModel.load(from: file)
    try FileManager.default.removeItem(at: file)
    await viewModel.loadIfNeeded(
      channelUrl: file.absoluteString,
      initialNavigationState: ChannelNavigationState(page: .detail, clipId: "12345"))
    #expect(viewModel.state == .main)
    #expect(recorder.ready == 1)
    #expect(recorder.errors.isEmpty)
  }

  @Test("two views asking at the same time load the channel once")
  func concurrentRequestsLoadOnce() async throws {
    let file = try writeCatalog()
    let initial = ChannelNavigationState(page: .overview, clipListId: "678")
    let viewModel = self.viewModel
    let first = Task {
      await viewModel.loadIfNeeded(channelUrl: file.absoluteString, initialNavigationState: initial)
    }
    let second = Task {
      await viewModel.loadIfNeeded(channelUrl: file.absoluteString, initialNavigationState: initial)
    }
    await first.value
    await second.value
    #expect(viewModel.state == initial)
    #expect(recorder.ready == 1)
    #expect(recorder.navigations == [initial])
    #expect(recorder.superseded.isEmpty)
  }

  @Test("after a failed load the next appearance tries again, with the initial state queued once")
  func failedLoadIsRetried() async throws {
    let file = folder.appendingPathComponent("channel.json")
    let initial = ChannelNavigationState(page: .detail, clipId: "12345")
    await viewModel.loadIfNeeded(channelUrl: file.absoluteString, initialNavigationState: initial)
    #expect(!viewModel.isReady)
    #expect(recorder.errors.count == 1)
    guard let catalogError = recorder.errors.first?.catalogError, catalogError.code == .unreadable else {
      Issue.record("expected an unreadable catalog, got \(recorder.errors)")
      return
    }
    #expect(catalogError.url == file.absoluteString)

    try writeCatalog()
    await viewModel.loadIfNeeded(
      channelUrl: file.absoluteString,
      initialNavigationState: ChannelNavigationState(page: .overview, clipListId: "678"))
    #expect(viewModel.isReady)
    #expect(viewModel.state == initial)
    #expect(recorder.ready == 1)
    #expect(recorder.superseded.isEmpty)
    #expect(recorder.navigations == [initial])
  }

  @Test("another channel loads, keeping the place and applying its own initial state")
  func anotherChannelLoads() async throws {
    let first = try writeCatalog("first.json")
    let second = try writeCatalog("second.json")
    await viewModel.loadIfNeeded(
      channelUrl: first.absoluteString,
      initialNavigationState: ChannelNavigationState(page: .detail, clipId: "12345"))
    let overview = ChannelNavigationState(page: .overview, clipListId: "678")
    await viewModel.loadIfNeeded(channelUrl: second.absoluteString, initialNavigationState: overview)
    #expect(viewModel.state == overview)
    #expect(recorder.ready == 2)
    // Back to the first: the view model holds one channel, so the first loads again, keeping the place.
    await viewModel.loadIfNeeded(channelUrl: first.absoluteString)
    #expect(recorder.ready == 3)
    #expect(viewModel.state == overview)
  }

  @Test("text that is not a URL is a typed error, and nothing loads")
  func notAURL() async {
    await viewModel.loadIfNeeded(channelUrl: "")
    #expect(recorder.errors == [.catalog(.unsupportedURL(""))])
    #expect(!viewModel.isReady)
    #expect(viewModel.lastError == .catalog(.unsupportedURL("")))
  }
}
