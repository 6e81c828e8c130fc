import DeepLinking
import Foundation
import Observation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The navigation of a video channel: where it is, how it got there, and the verbs that move it.
///
/// The view model owns a `Navigator` with one stack whose root is the channel's main page, so Back
/// works the way a user expects: main → detail → Back shows main again. Every place is a
/// ``ChannelNavigationState``; every navigation is checked against the ``ChannelCatalog``, and a
/// refused one (an unknown clip, say) reports a ``ChannelError`` through ``ChannelCallbacks/onError``
/// and leaves the state unchanged.
///
/// ```swift
/// let viewModel = ChannelViewModel()
/// viewModel.navigateToEntity(entityType: "mediaclip", entityId: "12345")  // queued: not loaded yet
/// viewModel.load(try ChannelCatalog.demo)                                  // applied now, once
/// viewModel.state                    // detail(clipId: 12345)
/// viewModel.goBack()
/// viewModel.state                    // main
/// ```
///
/// ## Before the channel is ready
/// The channel is ready once a catalog has loaded (``load(_:initialNavigationState:)`` or
/// ``load(from:initialNavigationState:session:)``). Calls that arrive earlier are not dropped: they
/// wait in a `ReadinessGate` and apply exactly once, in order, when loading completes, before
/// ``ChannelCallbacks/onReady`` is called. Links (``open(_:)`` and the initial navigation state) follow
/// the gate's rule that the newest link wins; superseded links are reported through
/// ``ChannelCallbacks/onSuperseded``. At most 1,024 calls wait; one past that is refused and reported
/// as ``ChannelError/queueFull(limit:)``. A load that fails reports the error and keeps the queue for the
/// next attempt.
///
/// ## Where a destination lands
/// Every verb opens its destination with `Navigator/open(_:)`: the back stack below it is its parent
/// chain (see ``ChannelNavigationState/parent``), keeping whatever of that chain is already shown, and
/// a destination already on top is not pushed again. A clip or clip list defined in a sub-channel opens
/// inside that sub-channel, so Back goes to the sub-channel's main page.
///
/// ## Callbacks of the app and of the view
/// Every event goes to ``callbacks`` (the app's, given at creation or assigned later) first, then to
/// ``viewCallbacks`` (those of the view that shows the channel). A view sets only ``viewCallbacks``,
/// and setting them again replaces the view's previous ones, so a view that appears again neither
/// removes the app's callbacks nor calls its own twice.
///
/// ## Loading once per channel
/// A view that appears again (a tab switch) calls ``loadIfNeeded(channelUrl:initialNavigationState:session:)``,
/// which loads a channel's catalog only the first time it is asked for that channel, so the user stays
/// where they were. ``load(from:initialNavigationState:session:)`` always loads (a refresh).
@MainActor
@Observable
public final class ChannelViewModel {
  /// The app's callbacks, called first for every event; replace them at any time.
  @ObservationIgnored public var callbacks: ChannelCallbacks

  /// The callbacks of the view that shows the channel, called after ``callbacks`` for every event.
  ///
  /// A view sets these each time it appears; they replace the previous view's and leave
  /// ``callbacks`` as they are.
  @ObservationIgnored public var viewCallbacks = ChannelCallbacks()

  /// The loaded catalog, or `nil` before the first successful load.
  public private(set) var catalog: ChannelCatalog?

  /// The most recent refused navigation or failed load, cleared by the next successful navigation.
  public private(set) var lastError: ChannelError?

  private let navigator: Navigator<ChannelNavigationState, ChannelTab>
  @ObservationIgnored private var gate: ReadinessGate<ChannelNavigationState>

  /// The catalog location of the latest load from a URL, and how that load went.
  @ObservationIgnored private var source: (url: URL, phase: SourcePhase)?

  private enum SourcePhase {
    case loading, loaded, failed
  }

  /// The single tab of a channel; the navigator is used for its stack.
  enum ChannelTab: Hashable, Sendable, Codable {
    case channel
  }

  /// The rules that place every channel state on the channel's one stack, under its parent.
  static let rules = NavigationRules<ChannelNavigationState, ChannelTab>(
    tab: { _ in .channel },
    parent: { $0.parent },
    root: { _ in .main }
  )

  /// Creates a view model showing the channel's main page, not ready until a catalog loads.
  ///
  /// - Parameter callbacks: The callbacks to report to.
  public init(callbacks: ChannelCallbacks = ChannelCallbacks()) {
    self.callbacks = callbacks
    self.navigator = Navigator(rules: Self.rules, initialTab: .channel)
    self.gate = ReadinessGate { _ in }
    self.gate = ReadinessGate { [weak self] state in self?.apply(state) }
    gate.onSuperseded = { [weak self] state in self?.notify { $0.onSuperseded?(state) } }
    gate.onRefused = { [weak self] error in self?.report(.queueFull(error)) }
    navigator.onChange = { [weak self] _ in
      guard let self else { return }
      let state = self.state
      self.notify { $0.onNavigate?(state) }
    }
  }

  // MARK: State

  /// The place the channel shows.
  public var state: ChannelNavigationState {
    navigator.currentDestination ?? .main
  }

  /// The places above the channel's main page, oldest first; ``state`` is the last one (empty on
  /// the main page). Bind a `NavigationStack` path to this.
  public var path: [ChannelNavigationState] {
    navigator.currentStack
  }

  /// Whether ``goBack()`` has a place to go back to.
  public var canGoBack: Bool {
    navigator.canGoBack
  }

  /// Whether navigation applies immediately; `false` until a catalog has loaded.
  public var isReady: Bool {
    gate.isReady
  }

  /// The number of navigation calls waiting for the channel to be ready.
  public var pendingCount: Int {
    gate.pendingCount
  }

  /// The clip of a `detail` page, looked up in the catalog.
  public var currentClip: ChannelCatalog.Clip? {
    state.clipId.flatMap { catalog?.clip(id: $0) }
  }

  /// The clip list of an `overview` page, looked up in the catalog.
  public var currentClipList: ChannelCatalog.ClipList? {
    state.clipListId.flatMap { catalog?.clipList(id: $0) }
  }

  /// The results of a `search` page, best first.
  public var searchResults: [ChannelCatalog.Clip] {
    guard state.page == .search, let query = state.query, let catalog else { return [] }
    return catalog.search(query, subChannelId: state.subChannelId)
  }

  /// What a place shows with the loaded catalog: its title, text and rows.
  ///
  /// - Parameter state: The place, usually ``state`` or one of ``path``.
  /// - Returns: The page's content; see ``ChannelPageContent`` for what each page lists.
  package func content(for state: ChannelNavigationState) -> ChannelPageContent {
    ChannelPageContent(state: state, catalog: catalog)
  }

  // MARK: Loading

  /// Makes the channel ready with a catalog already at hand, then applies queued navigation.
  ///
  /// Loading again (a channel refresh) keeps the navigation state; calls made while a reload is in
  /// progress queue again.
  ///
  /// - Parameters:
  ///   - catalog: The channel's contents.
  ///   - initialNavigationState: Where the channel should open, unless a link arrived since.
  public func load(_ catalog: ChannelCatalog, initialNavigationState: ChannelNavigationState? = nil) {
    beginLoading(initialNavigationState: initialNavigationState)
    finishLoading(catalog)
  }

  /// Loads the channel's catalog from a file or `http`/`https` URL, then applies queued navigation.
  ///
  /// On failure the error is reported through ``ChannelCallbacks/onError`` as
  /// ``ChannelError/catalog(_:)``, the channel stays not ready and queued calls stay queued.
  ///
  /// This always loads, even a catalog already loaded from the same URL (a refresh); a view that
  /// appears uses ``loadIfNeeded(channelUrl:initialNavigationState:session:)`` instead.
  ///
  /// - Parameters:
  ///   - channelURL: Where the catalog is.
  ///   - initialNavigationState: Where the channel should open, unless a link arrives meanwhile.
  ///   - session: The session that fetches remote catalogs.
  public func load(
    from channelURL: URL,
    initialNavigationState: ChannelNavigationState? = nil,
    session: URLSession = .shared
  ) async {
    source = (channelURL, .loading)
    beginLoading(initialNavigationState: initialNavigationState)
    do throws(ChannelError) {
      let catalog = try await ChannelCatalog.load(from: channelURL, session: session)
      if source?.url == channelURL { source = (channelURL, .loaded) }
      finishLoading(catalog)
    } catch {
      if source?.url == channelURL { source = (channelURL, .failed) }
      report(.catalog(error))
    }
  }

  /// Loads a channel's catalog unless it is already loaded or loading: what a view does each time it
  /// appears.
  ///
  /// The first call for a channel loads it like ``load(from:initialNavigationState:session:)`` and
  /// queues `initialNavigationState`. Later calls for the same channel do nothing while its catalog is
  /// loading or loaded, so a view that appears again keeps the user where they were. After a failed
  /// load, the next call tries again; the initial state is still queued from the first call and is not
  /// queued twice. A call for another channel loads that channel, with its own initial state.
  ///
  /// - Parameters:
  ///   - channelUrl: The catalog's location, a file or `http`/`https` URL. Text that is not a URL is
  ///     reported as ``ChannelError/catalog(_:)`` with ``ChannelError/unsupportedURL(_:)``.
  ///   - initialNavigationState: Where the channel should open, unless a link arrives meanwhile.
  ///   - session: The session that fetches remote catalogs.
  public func loadIfNeeded(
    channelUrl: String,
    initialNavigationState: ChannelNavigationState? = nil,
    session: URLSession = .shared
  ) async {
    guard let url = URL(string: channelUrl) else {
      return report(.catalog(.unsupportedURL(channelUrl)))
    }
    guard let source, source.url == url else {
      return await load(from: url, initialNavigationState: initialNavigationState, session: session)
    }
    guard source.phase == .failed else { return }
    await load(from: url, session: session)
  }

  // MARK: Verbs

  /// Opens a link's destination; before ready, only the newest link is kept.
  ///
  /// Use this for states parsed from URLs: of several links that arrive before the channel is ready,
  /// the newest wins and the others are reported through ``ChannelCallbacks/onSuperseded``.
  ///
  /// - Parameter state: The place the link leads to.
  public func open(_ state: ChannelNavigationState) {
    gate.submit(state)
  }

  /// Shows a clip (`"mediaclip"`) or a clip list (`"mediacliplist"`).
  ///
  /// `mediaclip` opens the `detail` page, `mediacliplist` the `overview` page, inside the sub-channel
  /// that defines the entity, if any.
  ///
  /// - Parameters:
  ///   - entityType: `"mediaclip"` or `"mediacliplist"` (case is ignored); anything else is
  ///     ``ChannelError/unknownEntityType(_:)``.
  ///   - entityId: The clip's or clip list's id; an unknown id is ``ChannelError/unknownClip(_:)`` or
  ///     ``ChannelError/unknownClipList(_:)``.
  public func navigateToEntity(entityType: String, entityId: String) {
    perform { catalog throws(ChannelError) in
      switch entityType.lowercased() {
      case "mediaclip":
        return ChannelNavigationState(
          page: .detail,
          clipId: entityId,
          subChannelId: catalog.subChannelId(ofClip: entityId)
        )
      case "mediacliplist":
        return ChannelNavigationState(
          page: .overview,
          clipListId: entityId,
          subChannelId: catalog.subChannelId(ofClipList: entityId)
        )
      default:
        throw .unknownEntityType(entityType)
      }
    }
  }

  /// Shows the search results for a query.
  ///
  /// - Parameter query: The words to look for, trimmed; a blank query is
  ///   ``ChannelError/emptySearchQuery``.
  public func search(_ query: String) {
    perform { _ in ChannelNavigationState(page: .search, query: query) }
  }

  /// Opens what a page row stands for, as a user tapping it expects.
  ///
  /// A clip list opens like ``navigateToEntity(entityType:entityId:)`` with `mediacliplist`, a clip
  /// with `mediaclip` (inside the sub-channel that defines it), a sub-channel like
  /// ``navigateToSubChannel(subChannelId:)``.
  ///
  /// - Parameter row: A row of ``content(for:)``.
  package func select(_ row: ChannelPageRow) {
    switch row.item {
    case .clipList(let clipList): navigateToEntity(entityType: "mediacliplist", entityId: clipList.id)
    case .subChannel(let subChannel): navigateToSubChannel(subChannelId: subChannel.id)
    case .clip(let clip): navigateToEntity(entityType: "mediaclip", entityId: clip.id)
    }
  }

  /// Shows a sub-channel's main page.
  ///
  /// - Parameter subChannelId: The sub-channel's id; an unknown id is
  ///   ``ChannelError/unknownSubChannel(_:)``.
  public func navigateToSubChannel(subChannelId: String) {
    perform { _ in ChannelNavigationState(page: .main, subChannelId: subChannelId) }
  }

  /// Goes back one place; on the channel's main page there is nothing to go back to and nothing
  /// changes.
  public func goBack() {
    gate.perform { [weak self] in self?.navigator.goBack() }
  }

  /// Shows any place of the channel; `navigateTo(page: "main")` returns to the channel's main page.
  ///
  /// Parameters the page does not use are ignored (see ``ChannelNavigationState``).
  ///
  /// - Parameters:
  ///   - page: The page to show.
  ///   - clipId: The clip of a `detail` page.
  ///   - clipListId: The clip list of an `overview` page.
  ///   - query: The query of a `search` page.
  ///   - subChannelId: The sub-channel the page belongs to.
  public func navigateTo(
    page: ChannelPage,
    clipId: String? = nil,
    clipListId: String? = nil,
    query: String? = nil,
    subChannelId: String? = nil
  ) {
    let state = ChannelNavigationState(
      page: page,
      clipId: clipId,
      clipListId: clipListId,
      query: query,
      subChannelId: subChannelId
    )
    perform { _ in state }
  }

  /// Restores a back stack saved from ``path`` at an earlier launch (it is `Codable`).
  ///
  /// Like every navigation it waits until the channel is ready, then each saved place is checked
  /// against the catalog: the stack is kept up to the first place that no longer exists (a clip taken
  /// down since), which is reported through ``ChannelCallbacks/onError``.
  ///
  /// ```swift
  /// let saved = try JSONEncoder().encode(viewModel.path)      // when the app goes to the background
  /// viewModel.restore(path: try JSONDecoder().decode([ChannelNavigationState].self, from: saved))
  /// ```
  ///
  /// - Parameter path: The places above the channel's main page, oldest first.
  public func restore(path: [ChannelNavigationState]) {
    gate.perform { [weak self] in
      guard let self else { return }
      guard let catalog else { return report(.notLoaded) }
      var restored: [ChannelNavigationState] = []
      for state in path {
        do throws(ChannelError) {
          restored.append(try Self.validated(state, in: catalog))
        } catch {
          report(error)
          break
        }
      }
      navigator.replace(stack: restored, in: .channel)
    }
  }

  // MARK: Checking against the catalog

  /// Checks a state against a catalog and drops the parameters its page does not use.
  ///
  /// - Parameters:
  ///   - state: The place asked for.
  ///   - catalog: The channel's contents.
  /// - Returns: The state to show.
  /// - Throws: ``ChannelError`` naming the unknown page, missing parameter or unknown entity.
  package static func validated(
    _ state: ChannelNavigationState,
    in catalog: ChannelCatalog
  ) throws(ChannelError) -> ChannelNavigationState {
    if let subChannelId = state.subChannelId, catalog.subChannel(id: subChannelId) == nil {
      throw .unknownSubChannel(subChannelId)
    }
    switch state.page {
    case .main:
      return ChannelNavigationState(page: .main, subChannelId: state.subChannelId)
    case .detail:
      guard let clipId = state.clipId else { throw .missingParameter(page: .detail, parameter: "clipId") }
      guard catalog.clip(id: clipId) != nil else { throw .unknownClip(clipId) }
      return ChannelNavigationState(page: .detail, clipId: clipId, subChannelId: state.subChannelId)
    case .overview:
      guard let clipListId = state.clipListId else {
        throw .missingParameter(page: .overview, parameter: "clipListId")
      }
      guard catalog.clipList(id: clipListId) != nil else { throw .unknownClipList(clipListId) }
      return ChannelNavigationState(page: .overview, clipListId: clipListId, subChannelId: state.subChannelId)
    case .search:
      let query = state.query?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      guard !query.isEmpty else { throw .emptySearchQuery }
      return ChannelNavigationState(page: .search, query: query, subChannelId: state.subChannelId)
    default:
      throw .unknownPage(state.page.rawValue)
    }
  }

  // MARK: Private

  private func beginLoading(initialNavigationState: ChannelNavigationState?) {
    gate.markNotReady()
    if let initialNavigationState {
      gate.submitInitial(initialNavigationState)
    }
  }

  private func finishLoading(_ catalog: ChannelCatalog) {
    self.catalog = catalog
    gate.markReady()
    notify { $0.onReady?() }
  }

  /// Queues (or runs, when ready) a navigation whose target is computed against the catalog.
  private func perform(
    _ target: @escaping @MainActor (ChannelCatalog) throws(ChannelError) -> ChannelNavigationState
  ) {
    gate.perform { [weak self] in self?.attempt(target) }
  }

  /// Applies a link the gate hands over, at its place in the queue.
  private func apply(_ link: ChannelNavigationState) {
    attempt { _ in link }
  }

  /// Computes a target, checks it against the catalog and shows it, or reports why not.
  private func attempt(_ target: (ChannelCatalog) throws(ChannelError) -> ChannelNavigationState) {
    guard let catalog else { return report(.notLoaded) }
    do throws(ChannelError) {
      show(try Self.validated(try target(catalog), in: catalog))
    } catch {
      report(error)
    }
  }

  private func show(_ state: ChannelNavigationState) {
    do throws(NavigationError) {
      try navigator.open(state)
      lastError = nil
    } catch {
      report(.navigation(error))
    }
  }

  func report(_ error: ChannelError) {
    lastError = error
    notify { $0.onError?(error) }
  }

  /// Hands an event to the app's callbacks, then to the view's.
  private func notify(_ event: (ChannelCallbacks) -> Void) {
    event(callbacks)
    event(viewCallbacks)
  }
}
