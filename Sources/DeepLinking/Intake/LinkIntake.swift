import Foundation
import Observation

/// The front door for every link: sources, policy, fallback handlers, links kept for later, loaders,
/// then the app's navigation.
///
/// ```
/// link + source ─▶ route ─▶ policy ─▶ destination ─▶ sign-in ─▶ load ─▶ apply
///                    │ no route / foreign host
///                    └─▶ fallback handlers ─▶ new link (enters again, bounded, no loops)
/// ```
///
/// - **Before ready** (``markReady()``), links are kept, durably when the intake has a store
///   directory, and the newest wins when the UI becomes ready; the others are reported superseded.
///   Malformed links are refused at once, not kept.
/// - **Policy**: the route table decides which schemes and hosts are accepted; a route marked
///   ``RouteDefinition/requiresVerifiedLink`` opens only from a source the ``LinkPolicy`` trusts (a
///   Universal Link, not a custom scheme any app can claim).
/// - **Sign-in**: a route marked ``RouteDefinition/requiresSignIn`` waits while the user is signed out,
///   applies after ``signIn()``, and is dropped with a reason on ``signOut()``.
/// - **Fallbacks**: what the router cannot handle goes to the ``LinkFallbackHandler`` chain in order
///   (a marketing SDK, `TrackingLinkFallback` from `TrackingLinks`); a handler may hand back a new link.
/// - **Loaders**: an optional async step turns a destination into one that is ready to show (the
///   entity looked up); a newer link supersedes an older load, and a time limit applies.
///
/// Every refusal is a typed ``LinkRefusal``, kept in ``recentRefusals`` and passed to ``onRefusal``.
///
/// ```swift
/// let intake = LinkIntake(destinations: screens, navigator: navigator)
/// await intake.receive(url, source: .universalLink)   // kept: not ready yet
/// await intake.markReady()                             // applied now, once
/// ```
@MainActor
@Observable
public final class LinkIntake<Destination: Hashable & Sendable> {
  /// A refused link and the reason.
  public struct RefusedLink: Sendable, Hashable {
    /// The link.
    public var link: IncomingLink
    /// Why it was refused.
    public var refusal: LinkRefusal
  }

  /// The router from links to destinations.
  @ObservationIgnored public let destinations: DestinationRouter<Destination>
  /// The trust policy.
  @ObservationIgnored public let policy: LinkPolicy
  /// The fallback handlers, tried in order.
  @ObservationIgnored public let fallbacks: [any LinkFallbackHandler]
  /// A destination to show when a route names nothing that exists (a "not found" screen), if any.
  @ObservationIgnored public var notFoundDestination: Destination?
  /// Called with every refused link.
  @ObservationIgnored public var onRefusal: (@MainActor (RefusedLink) -> Void)?

  /// Whether links apply immediately.
  public private(set) var isReady = false
  /// Whether a user is signed in; routes that require sign-in wait otherwise.
  public private(set) var isSignedIn: Bool
  /// The destination of the link applied last: the "current link" an app shares through its views.
  public private(set) var currentDestination: Destination?
  /// The most recent refusals, newest last (at most 50).
  public private(set) var recentRefusals: [RefusedLink] = []
  /// How many links wait for the UI to be ready.
  public private(set) var waitingForReadyCount = 0
  /// How many links wait for sign-in.
  public private(set) var waitingForSignInCount = 0

  @ObservationIgnored private let apply: @MainActor (Destination) -> Void
  @ObservationIgnored private let waitingForReady: PendingLinks
  @ObservationIgnored private let waitingForSignIn: PendingLinks
  @ObservationIgnored private let loads: LoadCoordinator<ClosureLoader<Destination>>?

  /// Creates an intake that hands destinations to a closure and keeps waiting links in memory.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start.
  ///   - load: Turns a destination into one ready to show, or `nil` when it names nothing that exists.
  ///   - loadTimeout: The time limit of one load.
  ///   - apply: Shows a destination (typically ``Navigator/open(_:)``).
  public convenience init(
    destinations: DestinationRouter<Destination>,
    policy: LinkPolicy = .standard,
    fallbacks: [any LinkFallbackHandler] = [],
    isSignedIn: Bool = true,
    load: (@Sendable (Destination) async throws -> Destination?)? = nil,
    loadTimeout: Duration = .seconds(10),
    apply: @escaping @MainActor (Destination) -> Void
  ) {
    self.init(
      destinations: destinations, policy: policy, fallbacks: fallbacks, isSignedIn: isSignedIn, load: load,
      loadTimeout: loadTimeout, apply: apply, stores: (nil, nil))
  }

  /// Creates an intake that hands destinations to a closure and keeps waiting links durably.
  ///
  /// Links that wait for the UI or for sign-in are written to two ``DurableLinkStore``s inside
  /// `storeDirectory` before ``receive(_:)-(IncomingLink)`` returns, and links left by an earlier
  /// launch are counted at once and applied at ``markReady()``.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - storeDirectory: The directory of the stores; created if needed.
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start.
  ///   - load: Turns a destination into one ready to show, or `nil` when it names nothing that exists.
  ///   - loadTimeout: The time limit of one load.
  ///   - apply: Shows a destination (typically ``Navigator/open(_:)``).
  /// - Throws: ``DurableLinkStoreError`` when a store cannot be opened (another process has it, or the
  ///   directory is not writable).
  public convenience init(
    destinations: DestinationRouter<Destination>,
    storeDirectory: URL,
    policy: LinkPolicy = .standard,
    fallbacks: [any LinkFallbackHandler] = [],
    isSignedIn: Bool = true,
    load: (@Sendable (Destination) async throws -> Destination?)? = nil,
    loadTimeout: Duration = .seconds(10),
    apply: @escaping @MainActor (Destination) -> Void
  ) throws(DurableLinkStoreError) {
    let readyStore = try DurableLinkStore(
      directory: storeDirectory.appendingPathComponent("waiting-for-ready"))
    let signInStore = try DurableLinkStore(
      directory: storeDirectory.appendingPathComponent("waiting-for-sign-in"))
    self.init(
      destinations: destinations, policy: policy, fallbacks: fallbacks, isSignedIn: isSignedIn, load: load,
      loadTimeout: loadTimeout, apply: apply, stores: (readyStore, signInStore))
  }

  private init(
    destinations: DestinationRouter<Destination>,
    policy: LinkPolicy,
    fallbacks: [any LinkFallbackHandler],
    isSignedIn: Bool,
    load: (@Sendable (Destination) async throws -> Destination?)?,
    loadTimeout: Duration,
    apply: @escaping @MainActor (Destination) -> Void,
    stores: (ready: DurableLinkStore?, signIn: DurableLinkStore?)
  ) {
    self.destinations = destinations
    self.policy = policy
    self.fallbacks = fallbacks
    self.isSignedIn = isSignedIn
    self.apply = apply
    waitingForReady = PendingLinks(store: stores.ready, reason: "app not ready")
    waitingForSignIn = PendingLinks(store: stores.signIn, reason: "sign-in required")
    loads = load.map { LoadCoordinator(loader: ClosureLoader(body: $0), timeout: loadTimeout) }
    waitingForReadyCount = waitingForReady.links.count
    waitingForSignInCount = waitingForSignIn.links.count
  }

  /// Creates an intake that opens destinations in a navigator and keeps waiting links in memory.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - navigator: The navigator that shows them.
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start.
  public convenience init<Tab>(
    destinations: DestinationRouter<Destination>,
    navigator: Navigator<Destination, Tab>,
    policy: LinkPolicy = .standard,
    fallbacks: [any LinkFallbackHandler] = [],
    isSignedIn: Bool = true
  ) where Destination: Codable {
    self.init(destinations: destinations, policy: policy, fallbacks: fallbacks, isSignedIn: isSignedIn) {
      [weak navigator] destination in
      _ = try? navigator?.open(destination)
    }
  }

  /// Creates an intake that opens destinations in a navigator and keeps waiting links durably.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - navigator: The navigator that shows them.
  ///   - storeDirectory: The directory of the stores; created if needed.
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start.
  /// - Throws: ``DurableLinkStoreError`` when a store cannot be opened.
  public convenience init<Tab>(
    destinations: DestinationRouter<Destination>,
    navigator: Navigator<Destination, Tab>,
    storeDirectory: URL,
    policy: LinkPolicy = .standard,
    fallbacks: [any LinkFallbackHandler] = [],
    isSignedIn: Bool = true
  ) throws(DurableLinkStoreError) where Destination: Codable {
    try self.init(
      destinations: destinations, storeDirectory: storeDirectory, policy: policy, fallbacks: fallbacks,
      isSignedIn: isSignedIn
    ) { [weak navigator] destination in
      _ = try? navigator?.open(destination)
    }
  }

  // MARK: Receiving

  /// Receives a link as the system delivers it (`onOpenURL`, a user activity): a Universal Link for
  /// `http`/`https`, a custom-scheme link otherwise.
  ///
  /// - Parameter url: The link.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(_ url: URL) async -> IntakeOutcome<Destination> {
    await receive(IncomingLink(url: url.absoluteString, source: IncomingLink.systemSource(of: url)))
  }

  /// Receives a link from a given source.
  ///
  /// - Parameters:
  ///   - url: The link's text.
  ///   - source: Where it came from.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(_ url: String, source: LinkSource) async -> IntakeOutcome<Destination> {
    await receive(IncomingLink(url: url, source: source))
  }

  /// Receives a link.
  ///
  /// - Parameter link: The link with its source.
  /// - Returns: What happened to it: applied, deferred (kept until it can apply), handled by a fallback
  ///   handler, or refused with a reason.
  @discardableResult
  public func receive(_ link: IncomingLink) async -> IntakeOutcome<Destination> {
    guard isReady else { return await keepUntilReady(link) }
    return await process(link)
  }

  /// Connects an outside stream of links, such as an SDK's stored-link publisher, as a source.
  ///
  /// Each element is received in order with the given source until the sequence ends, fails, or the
  /// returned task is cancelled.
  ///
  /// - Parameters:
  ///   - links: The links, as text.
  ///   - source: Their source (default ``LinkSource/stored``).
  /// - Returns: The task that reads the sequence; cancel it to disconnect.
  @discardableResult
  public func connect<Links: AsyncSequence & Sendable>(
    _ links: Links, source: LinkSource = .stored
  ) -> Task<Void, Never> where Links.Element == String {
    Task { @MainActor [weak self] in
      do {
        for try await url in links {
          guard let self, !Task.isCancelled else { return }
          await self.receive(url, source: source)
        }
      } catch {
        // The source failed: it delivers nothing more, and nothing received so far is lost.
      }
    }
  }

  // MARK: Readiness and sign-in

  /// Marks the UI ready: the newest waiting link applies, once; the others are reported superseded.
  public func markReady() async {
    isReady = true
    await drain(waitingForReady)
    waitingForReadyCount = waitingForReady.links.count
    if isSignedIn {
      await drain(waitingForSignIn)
      waitingForSignInCount = waitingForSignIn.links.count
    }
  }

  /// Marks the UI not ready (a reload); links wait again until ``markReady()``.
  public func markNotReady() {
    isReady = false
  }

  /// Records that a user signed in: the newest link that waited for sign-in applies (when ready).
  public func signIn() async {
    isSignedIn = true
    guard isReady else { return }
    await drain(waitingForSignIn)
    waitingForSignInCount = waitingForSignIn.links.count
  }

  /// Records that the user signed out: links that waited for sign-in are dropped, each reported as
  /// ``LinkRefusal/signedOut(route:)``.
  public func signOut() async {
    isSignedIn = false
    do {
      try await waitingForSignIn.drain { link in
        let route = (try? self.destinations.router.match(link.url))?.route ?? "?"
        self.refuse(link, .signedOut(route: route))
      }
    } catch {
      // A store that cannot record progress keeps the rest; they are dropped at the next sign-out.
    }
    waitingForSignInCount = waitingForSignIn.links.count
  }

  // MARK: The pipeline

  /// Keeps a link until the UI is ready; a malformed link is refused at once instead.
  private func keepUntilReady(_ link: IncomingLink) async -> IntakeOutcome<Destination> {
    do {
      _ = try destinations.router.match(link.url)
    } catch  where !Self.mayFallBack(error) {
      return refuse(link, .invalid(error))
    } catch {
      // A foreign scheme or host may still be a fallback handler's link: keep it.
    }
    do {
      try await waitingForReady.append(link)
    } catch {
      // The store failed: the link is still applied when ready, from memory, rather than lost.
      memoryFallback.append(link)
    }
    // Counted from the store rather than incremented: a drain may have run while the append waited.
    waitingForReadyCount = waitingForReady.links.count + memoryFallback.count
    return .deferred(.notReady)
  }

  @ObservationIgnored private var memoryFallback: [IncomingLink] = []

  /// Applies the newest waiting link and reports the others superseded, each exactly once.
  ///
  /// With a store, each link leaves it only after it was applied or reported, so a crash in between
  /// hands it over again at the next launch rather than losing it.
  private func drain(_ pending: PendingLinks) async {
    let extra = pending === waitingForReady ? memoryFallback : []
    let waiting = pending.links + extra
    guard let newest = waiting.last else { return }
    let known = Set(waiting.map(\.id))
    let settle = { (link: IncomingLink) async -> Void in
      // A link that arrived during the drain is newer than every one counted before it.
      if link.id == newest.id || !known.contains(link.id) {
        _ = await self.process(link)
      } else {
        _ = self.refuse(link, .superseded(by: newest.url))
      }
    }
    do {
      try await pending.drain(settle)
    } catch {
      // A store that cannot record progress keeps the link in hand for the next drain.
    }
    if !extra.isEmpty {
      memoryFallback.removeAll()
      for link in extra { await settle(link) }
    }
  }

  /// Routes, checks, loads and applies a link.
  @discardableResult
  private func process(_ link: IncomingLink) async -> IntakeOutcome<Destination> {
    let router = destinations.router
    let match: RouteMatch?
    do {
      match = try router.match(link.url)
    } catch {
      guard Self.mayFallBack(error) else { return refuse(link, .invalid(error)) }
      return await fallBack(link, otherwise: .invalid(error))
    }
    guard let match, let route = router.route(named: match.route) else {
      return await fallBack(link, otherwise: .noRoute(link.url))
    }
    if let refusal = policy.refusal(for: route, match: match, source: link.source) {
      return refuse(link, refusal)
    }
    guard var destination = destinations.destination(for: match) else {
      return notFound(link, route: route.name)
    }
    if route.requiresSignIn && !isSignedIn {
      do {
        try await waitingForSignIn.append(link)
        waitingForSignInCount = waitingForSignIn.links.count
      } catch {
        return refuse(link, .signedOut(route: route.name))
      }
      return .deferred(.signInRequired)
    }
    if let loads {
      switch await loads.load(destination) {
      case .loaded(let loaded): destination = loaded
      case .notFound: return notFound(link, route: route.name)
      case .failed(let error):
        return refuse(link, .loadFailed(route: route.name, reason: String(describing: error)))
      case .timedOut: return refuse(link, .loadTimedOut(route: route.name))
      case .cancelled, .superseded: return refuse(link, .superseded(by: "a newer link"))
      }
    }
    show(destination)
    return .applied(destination)
  }

  private func show(_ destination: Destination) {
    currentDestination = destination
    apply(destination)
  }

  private func notFound(_ link: IncomingLink, route: String) -> IntakeOutcome<Destination> {
    let outcome = refuse(link, .notFound(route: route))
    if let notFoundDestination { show(notFoundDestination) }
    return outcome
  }

  /// Offers a link to the fallback handlers in order; a redirect enters the pipeline again.
  private func fallBack(_ link: IncomingLink, otherwise refusal: LinkRefusal) async -> IntakeOutcome<
    Destination
  > {
    for handler in fallbacks {
      switch await handler.handle(link) {
      case .notHandled:
        continue
      case .handled:
        return .handledByFallback(handler: handler.name)
      case .failed(let reason):
        return refuse(link, .fallbackFailed(handler: handler.name, reason: reason))
      case .redirect(let url):
        let next = url.absoluteString
        let chain = link.chain + [link.url]
        if chain.contains(next) { return refuse(link, .fallbackLoop(next)) }
        if chain.count > policy.maxFallbackDepth {
          return refuse(link, .fallbackTooDeep(limit: policy.maxFallbackDepth))
        }
        return await process(IncomingLink(url: next, source: .fallback, chain: chain))
      }
    }
    return refuse(link, refusal)
  }

  @discardableResult
  private func refuse(_ link: IncomingLink, _ refusal: LinkRefusal) -> IntakeOutcome<Destination> {
    let record = RefusedLink(link: link, refusal: refusal)
    recentRefusals.append(record)
    if recentRefusals.count > 50 { recentRefusals.removeFirst(recentRefusals.count - 50) }
    onRefusal?(record)
    return .refused(refusal)
  }

  /// Links of a scheme or host the table does not list may belong to a fallback handler (a tracking
  /// host, an SDK's scheme); every other reading error is refused outright.
  private static func mayFallBack(_ error: LinkError) -> Bool {
    switch error.reason {
    case .unknownScheme, .unknownHost, .portNotAllowed: true
    default: false
    }
  }
}

/// A loader made of a closure, so the intake can run loads through a ``LoadCoordinator``.
struct ClosureLoader<Destination: Sendable>: DestinationLoader {
  let body: @Sendable (Destination) async throws -> Destination?

  func load(_ destination: Destination) async throws -> Destination? {
    try await body(destination)
  }
}
