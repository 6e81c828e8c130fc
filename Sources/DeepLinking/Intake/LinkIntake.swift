import Foundation
import Observation

/// The front door for every link: sources, policy, fallback handlers, links kept for later, loaders,
/// then the app's navigation.
///
/// ```
/// link + source ─▶ read ─▶ routes in precedence order ─▶ sign-in ─▶ load ─▶ apply
///                   │       each: policy, then destination
///                   │       (a refusal passes to the next route)
///                   │ no route / foreign host
///                   └─▶ fallback handlers ─▶ new link (enters again, bounded, no loops)
/// ```
///
/// Each link is routed once, in that order.
///
/// - **Before ready** (``markReady()``), links are read (malformed ones are refused at once, not
///   kept) and kept in the intake's ``LinkStorage`` (durably with the `DurableLinkStorage` module); the
///   newest is routed when the UI becomes ready; the others are reported superseded.
/// - **Policy**: the route table decides which schemes and hosts are accepted; a route marked
///   ``RouteDefinition/requiresVerifiedLink`` opens only from a source the ``LinkPolicy`` trusts (a
///   Universal Link, not a custom scheme any app can claim). The policy judges each route the link
///   matches before its destination is made; a route it refuses lets the next one open the link.
/// - **Sign-in**: a route marked ``RouteDefinition/requiresSignIn`` waits while the user is signed out,
///   applies after ``signIn()``, and is dropped with a reason on ``signOut()``. The app states whether a
///   user is signed in when it creates the intake: there is no default that opens gated routes.
/// - **Fallbacks**: what the router cannot handle goes to the ``LinkFallbackHandler`` chain in order
///   (a marketing SDK, `LinkFallbackHandler.trackingLinks(resolver:)` from `TrackingLinks`); a handler may hand back a new link.
/// - **Loaders**: an optional async step turns a destination into one that is ready to show (the
///   entity looked up); a newer link supersedes an older load, and a time limit applies.
///
/// Every refusal is a typed ``LinkRefusal``, kept in ``recentRefusals`` and passed to ``onRefusal``,
/// including a destination the app's navigation failed to show.
///
/// ```swift
/// let intake = LinkIntake(destinations: screens, navigator: navigator, isSignedIn: session.isSignedIn)
/// await intake.receive(url, source: .universalLink)   // kept: not ready yet
/// await intake.markReady()                             // applied now, once
/// ```
@MainActor
@Observable
public final class LinkIntake<Destination: Hashable & Sendable> {
  /// The router from links to destinations.
  @ObservationIgnored public let destinations: DestinationRouter<Destination>
  /// The trust policy.
  @ObservationIgnored public let policy: LinkPolicy
  /// The fallback handlers, tried in order.
  public var fallbacks: [LinkFallbackHandler] { fallbackChain.handlers }
  /// A destination to show when a route names nothing that exists (a "not found" screen), if any.
  @ObservationIgnored public var notFoundDestination: Destination?
  /// Called with every refused link and the reason.
  @ObservationIgnored
  public var onRefusal: (@MainActor (_ link: IncomingLink, _ refusal: LinkRefusal) -> Void)?
  /// Called with what happened to every link, each time something happens to it: on arrival (applied,
  /// kept waiting, handed to a fallback handler, refused), and again when a waiting link is applied or
  /// reported superseded at ``markReady()``, after ``signIn()``, or dropped at ``signOut()``. The event
  /// carries the link's source and referrer, the route, its parameters and the query items the pattern
  /// did not declare (`utm_*`): what a campaign counter needs. See ``LinkEvent``.
  @ObservationIgnored
  public var onOutcome: (@MainActor (LinkEvent<Destination>) -> Void)?

  /// Whether links apply immediately.
  public private(set) var isReady = false
  /// Whether a user is signed in; routes that require sign-in wait otherwise.
  public private(set) var isSignedIn: Bool
  /// The destination of the link applied last: the "current link" an app shares through its views.
  public private(set) var currentDestination: Destination?
  /// The most recent refused links with their reasons, newest last (at most 50).
  public var recentRefusals: [(link: IncomingLink, refusal: LinkRefusal)] { refusalLog.records }
  /// How many links wait for the UI to be ready.
  public private(set) var waitingForReadyCount = 0
  /// How many links wait for sign-in.
  public private(set) var waitingForSignInCount = 0

  private var refusalLog = RefusalLog<(link: IncomingLink, refusal: LinkRefusal)>()
  @ObservationIgnored private let apply: @MainActor (Destination) throws -> Void
  @ObservationIgnored private let fallbackChain: FallbackChain
  @ObservationIgnored private let waitingForReady: PendingLinks
  @ObservationIgnored private let waitingForSignIn: PendingLinks
  /// The route and destination of each link waiting for sign-in that was routed since launch: it is
  /// applied from them at sign-in, and reported with its match at sign-out, without routing it again.
  @ObservationIgnored private var routedForSignIn: [UUID: (match: RouteMatch, destination: Destination)] = [:]
  @ObservationIgnored private let loads: LoadCoordinator<ClosureLoader<Destination>>?
  /// The link whose load started last: the newer link that supersedes an older load.
  @ObservationIgnored private var newestLoad: IncomingLink?

  /// Creates an intake that hands destinations to a closure.
  ///
  /// Links that wait for the UI or for sign-in are kept in `storage`: in memory by default, or durably
  /// with the `DurableLinkStorage` module's `LinkStorage.durable(directory:)`, which keeps them before
  /// ``receive(_:)-(IncomingLink)`` returns. Links the storage already holds (left by an earlier
  /// launch) are counted at once and applied at ``markReady()``.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - storage: Where waiting links are kept (default: in memory).
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start; while not, routes that require sign-in wait
  ///     for ``signIn()``. Required: an intake never assumes a signed-in user.
  ///   - load: Turns a destination into one ready to show, or `nil` when it names nothing that exists.
  ///   - loadTimeout: The time limit of one load.
  ///   - apply: Shows a destination (typically ``Navigator/open(_:)``). An error it throws refuses the
  ///     link with ``LinkRefusal/navigationFailed(route:reason:)``.
  public init(
    destinations: DestinationRouter<Destination>,
    storage: LinkStorage = .inMemory,
    policy: LinkPolicy = .standard,
    fallbacks: [LinkFallbackHandler] = [],
    isSignedIn: Bool,
    load: (@Sendable (Destination) async throws -> Destination?)? = nil,
    loadTimeout: Duration = .seconds(10),
    apply: @escaping @MainActor (Destination) throws -> Void
  ) {
    self.destinations = destinations
    self.policy = policy
    self.isSignedIn = isSignedIn
    self.apply = apply
    fallbackChain = FallbackChain(handlers: fallbacks, maxDepth: policy.maxFallbackDepth)
    waitingForReady = PendingLinks(store: storage.waitingForReady, reason: "app not ready")
    waitingForSignIn = PendingLinks(store: storage.waitingForSignIn, reason: "sign-in required")
    loads = load.map { LoadCoordinator(loader: ClosureLoader(body: $0), timeout: loadTimeout) }
    waitingForReadyCount = waitingForReady.count
    waitingForSignInCount = waitingForSignIn.count
  }

  /// Creates an intake that opens destinations in a navigator.
  ///
  /// The intake holds the navigator weakly. A destination the navigator refuses (a
  /// ``NavigationError``), or one that arrives after the navigator is gone, refuses its link with
  /// ``LinkRefusal/navigationFailed(route:reason:)``.
  ///
  /// - Parameters:
  ///   - destinations: The router from links to destinations.
  ///   - navigator: The navigator that shows them.
  ///   - storage: Where waiting links are kept (default: in memory).
  ///   - policy: The trust policy.
  ///   - fallbacks: Handlers for links the router cannot handle, in order.
  ///   - isSignedIn: Whether a user is signed in at start; while not, routes that require sign-in wait
  ///     for ``signIn()``. Required: an intake never assumes a signed-in user.
  ///   - load: Turns a destination into one ready to show, or `nil` when it names nothing that exists.
  ///   - loadTimeout: The time limit of one load.
  public convenience init<Tab>(
    destinations: DestinationRouter<Destination>,
    navigator: Navigator<Destination, Tab>,
    storage: LinkStorage = .inMemory,
    policy: LinkPolicy = .standard,
    fallbacks: [LinkFallbackHandler] = [],
    isSignedIn: Bool,
    load: (@Sendable (Destination) async throws -> Destination?)? = nil,
    loadTimeout: Duration = .seconds(10)
  ) where Destination: Codable {
    self.init(
      destinations: destinations, storage: storage, policy: policy, fallbacks: fallbacks,
      isSignedIn: isSignedIn,
      load: load, loadTimeout: loadTimeout
    ) { [weak navigator] destination in
      guard let navigator else { throw NavigatorGone() }
      _ = try navigator.open(destination)
    }
  }

  // MARK: Receiving

  /// Receives a link from a given source.
  ///
  /// The source decides the link's trust (``LinkPolicy``) and is never guessed from the URL: an
  /// `https` link read from a QR code is ``LinkSource/qrCode``, not a Universal Link. SwiftUI's
  /// `onOpenURL` and a scene's launch options are received by the `DeepLinkingSwiftUI` glue, which
  /// knows what the system delivered.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: Where it came from.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(_ url: URL, source: LinkSource) async -> IntakeOutcome<Destination> {
    await receive(IncomingLink(url: url.absoluteString, source: source))
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
    guard isReady else {
      let outcome = await keepUntilReady(link)
      report(LinkEvent(link: link, outcome: outcome, moment: .arrival, routed: link, match: nil))
      return outcome
    }
    return await handle(link, at: .arrival)
  }

  /// Receives the link an SDK turned an earlier link into, later than its fallback handler returned
  /// (the handler returned ``FallbackResult/handled`` and the SDK calls back with a click-through URL).
  ///
  /// The new link keeps the source, so the trust, and the referrer of `original`, and its chain:
  /// a link already in the chain is refused as a loop, one past ``LinkPolicy/maxFallbackDepth`` as too
  /// deep, exactly as for a handler that returns ``FallbackResult/redirect(_:)`` at once.
  ///
  /// ```swift
  /// let marketing = LinkFallbackHandler(name: "marketing") { link in
  ///   guard sdk.isTrackingLink(link.url) else { return .notHandled }
  ///   sdk.resolve(link.url) { clickThrough in
  ///     Task { @MainActor in await intake.receive(clickThrough, continuing: link) }
  ///   }
  ///   return .handled
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The link the SDK produced.
  ///   - original: The link the fallback handler was given.
  /// - Returns: What happened to the new link.
  @discardableResult
  public func receive(_ url: URL, continuing original: IncomingLink) async -> IntakeOutcome<Destination> {
    switch fallbackChain.successor(of: original, url.absoluteString) {
    case .success(let next):
      return await receive(next)
    case .failure(let refusal):
      let next = original.successor(url.absoluteString)
      return report(
        LinkEvent(
          link: next, outcome: refuse(next, refusal), moment: .arrival, routed: next, match: nil))
    }
  }

  /// Connects an outside stream of links, such as an SDK's stored-link publisher, as a source.
  ///
  /// Each element is received in order with the given source until the sequence ends, fails, or the
  /// returned task is cancelled.
  ///
  /// The sequence must be `Sendable`. A Combine subject's `values` is not; bridge it through an
  /// `AsyncStream`, which is (keep the subscription as long as the link should flow):
  ///
  /// ```swift
  /// let (links, continuation) = AsyncStream.makeStream(of: String.self)
  /// subscription = sdk.storedDeeplinkSubject.sink { continuation.yield($0) }
  /// intake.connect(links)
  /// ```
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
    await drain(waitingForReady, at: .markReady)
    waitingForReadyCount = waitingForReady.count
    if isSignedIn {
      await drain(waitingForSignIn, at: .markReady)
      waitingForSignInCount = waitingForSignIn.count
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
    await drain(waitingForSignIn, at: .signIn)
    waitingForSignInCount = waitingForSignIn.count
  }

  /// Records that the user signed out: links that waited for sign-in are dropped, each reported as
  /// ``LinkRefusal/signedOut(route:)``.
  public func signOut() async {
    isSignedIn = false
    do {
      try await waitingForSignIn.drain { link in
        // A link kept from before this launch was not routed since: it is matched once, to report it.
        let match =
          self.routedForSignIn.removeValue(forKey: link.id)?.match
          ?? (try? self.destinations.router.match(link.url))
        let outcome = self.refuse(link, .signedOut(route: match?.route ?? "?"))
        self.report(LinkEvent(link: link, outcome: outcome, moment: .signOut, routed: link, match: match))
      }
    } catch {
      // A store that cannot record progress keeps the rest; they are dropped at the next sign-out.
    }
    waitingForSignInCount = waitingForSignIn.count
  }

  // MARK: The pipeline

  /// Keeps a link until the UI is ready; a malformed link is refused at once instead. The link is read,
  /// not routed: it is routed once, when it is applied, or matched once, to report it superseded.
  private func keepUntilReady(_ link: IncomingLink) async -> IntakeOutcome<Destination> {
    do {
      try destinations.router.read(link.url)
    } catch  where !Self.mayFallBack(error) {
      return refuse(link, .invalid(error))
    } catch {
      // A foreign scheme or host may still be a fallback handler's link: keep it.
    }
    // A store that fails keeps the link in memory: it is still applied when ready, rather than lost.
    await waitingForReady.keep(link)
    // Counted from the store rather than incremented: a drain may have run while the append waited.
    waitingForReadyCount = waitingForReady.count
    return .waitingForReady
  }

  /// Applies the newest waiting link and reports the others superseded, each exactly once.
  ///
  /// With a durable store, each link leaves it only after it was applied or reported, so a crash in
  /// between hands it over again at the next launch rather than losing it.
  private func drain(_ pending: PendingLinks, at moment: LinkEvent<Destination>.Moment) async {
    let waiting = pending.links
    guard let newest = waiting.last else { return }
    let known = Set(waiting.map(\.id))
    do {
      try await pending.drain { link in
        // A link that arrived during the drain is newer than every one counted before it.
        if link.id == newest.id || !known.contains(link.id) {
          _ = await self.handle(link, at: moment)
        } else {
          let outcome = self.refuse(link, .superseded(by: newest.url))
          let match = try? self.destinations.router.match(link.url)
          self.report(LinkEvent(link: link, outcome: outcome, moment: moment, routed: link, match: match))
        }
      }
    } catch {
      // A store that cannot record progress keeps the link in hand for the next drain.
    }
  }

  /// Routes, checks, loads and applies a link, and reports the outcome.
  private func handle(_ link: IncomingLink, at moment: LinkEvent<Destination>.Moment) async -> IntakeOutcome<
    Destination
  > {
    let trace = Trace(link)
    let outcome = await process(link, trace)
    return report(
      LinkEvent(link: link, outcome: outcome, moment: moment, routed: trace.routed, match: trace.match))
  }

  /// Hands an event to ``onOutcome``; returns its outcome.
  @discardableResult
  private func report(_ event: LinkEvent<Destination>) -> IntakeOutcome<Destination> {
    onOutcome?(event)
    return event.outcome
  }

  /// Routes, checks, loads and applies a link; `trace` records the link routed last (a fallback
  /// handler's successor) and its match.
  private func process(_ link: IncomingLink, _ trace: Trace) async -> IntakeOutcome<Destination> {
    trace.routed = link
    trace.match = nil
    if let kept = routedForSignIn.removeValue(forKey: link.id) {
      // Routed when it arrived; the policy admitted it then, for the same source.
      trace.match = kept.match
      return await proceed(link, kept.match, kept.destination, trace)
    }
    let routed: DestinationRouter<Destination>.Routed<LinkRefusal>?
    do {
      // The routes the link matches are offered in precedence order, nested links followed: the
      // policy judges each as the link arrived, then its destination is made; a route the policy
      // refuses, or whose destination is nothing, lets the next one be tried.
      routed = try destinations.route(link.url) { route, match in
        policy.refusal(for: route, match: match, source: link.source)
      }
    } catch {
      guard Self.mayFallBack(error) else { return refuse(link, .invalid(error)) }
      return await fallBack(link, otherwise: .invalid(error), trace)
    }
    let match: RouteMatch
    let destination: Destination
    switch routed {
    case nil:
      return await fallBack(link, otherwise: .noRoute(link.url), trace)
    case .refused(let refused, let refusal):
      trace.match = refused
      return refuse(link, refusal.following(refused.followed.map(\.route)))
    case .unnamed(let unnamed):
      trace.match = unnamed
      return notFound(link, route: unnamed.route, followed: unnamed.followed.map(\.route))
    case .destination(let found, let made):
      trace.match = found
      match = found
      destination = made
    }
    return await proceed(link, match, destination, trace)
  }

  /// Applies a routed link: it waits for sign-in when its route needs it, then is loaded and shown.
  private func proceed(_ link: IncomingLink, _ match: RouteMatch, _ made: Destination, _ trace: Trace) async
    -> IntakeOutcome<Destination>
  {
    var destination = made
    guard let route = destinations.router.definition(of: match) else {
      return await fallBack(link, otherwise: .noRoute(link.url), trace)
    }
    let followed = match.followed.map(\.route)
    if route.requiresSignIn && !isSignedIn {
      do {
        try await waitingForSignIn.append(link)
        waitingForSignInCount = waitingForSignIn.count
      } catch {
        return refuse(link, .signedOut(route: route.name))
      }
      routedForSignIn[link.id] = (match, destination)
      return .waitingForSignIn
    }
    if let loads {
      newestLoad = link
      switch await loads.load(destination) {
      case .loaded(let loaded): destination = loaded
      case .notFound: return notFound(link, route: route.name, followed: followed)
      case .failed(let error):
        return refuse(link, .loadFailed(route: route.name, reason: String(describing: error)))
      case .timedOut: return refuse(link, .loadTimedOut(route: route.name))
      case .cancelled, .superseded:
        guard let newer = newestLoad, newer.id != link.id else {
          return refuse(link, .loadFailed(route: route.name, reason: "the load was cancelled"))
        }
        return refuse(link, .superseded(by: newer.url))
      }
    }
    if let refusal = show(destination, route: route.name) { return refuse(link, refusal) }
    return .applied(destination)
  }

  /// Hands a destination to `apply`; returns the refusal when it throws.
  private func show(_ destination: Destination, route: String) -> LinkRefusal? {
    do {
      try apply(destination)
    } catch {
      return .navigationFailed(route: route, reason: String(describing: error))
    }
    currentDestination = destination
    return nil
  }

  /// Refuses a link whose route names nothing that exists, and shows the "not found" destination if
  /// there is one; when that fails too, the failure is recorded as a second refusal of the link.
  private func notFound(_ link: IncomingLink, route: String, followed: [String] = []) -> IntakeOutcome<
    Destination
  > {
    let outcome = refuse(link, LinkRefusal.notFound(route: route).following(followed))
    if let notFoundDestination, let refusal = show(notFoundDestination, route: route) {
      refuse(link, refusal)
    }
    return outcome
  }

  /// Offers a link to the fallback handlers in order; a link they hand back enters the pipeline again.
  private func fallBack(_ link: IncomingLink, otherwise refusal: LinkRefusal, _ trace: Trace) async
    -> IntakeOutcome<Destination>
  {
    switch await fallbackChain.offer(link) {
    case .handled(let handler): return .handledByFallback(handler: handler)
    case .redirected(let next): return await process(next, trace)
    case .refused(let refusal): return refuse(link, refusal)
    case .notHandled: return refuse(link, refusal)
    }
  }

  @discardableResult
  private func refuse(_ link: IncomingLink, _ refusal: LinkRefusal) -> IntakeOutcome<Destination> {
    refusalLog.append((link, refusal))
    onRefusal?(link, refusal)
    return .refused(refusal)
  }

  /// Links of a scheme or host the table does not list may belong to a fallback handler (a tracking
  /// host, an SDK's scheme); every other reading error is refused outright.
  private static func mayFallBack(_ error: LinkError) -> Bool {
    [.unknownScheme, .unknownHost, .portNotAllowed].contains(error.code)
  }
}

/// The link a pipeline run routed last and its match, for the outcome event.
@MainActor
final class Trace {
  var routed: IncomingLink
  var match: RouteMatch?

  init(_ link: IncomingLink) {
    routed = link
  }
}

/// Why a ``LinkIntake`` made with a navigator could not show a destination: the navigator is gone.
struct NavigatorGone: Error, CustomStringConvertible {
  var description: String { "the navigator no longer exists" }
}

/// A loader made of a closure, so the intake can run loads through a ``LoadCoordinator``.
struct ClosureLoader<Destination: Sendable>: DestinationLoader {
  let body: @Sendable (Destination) async throws -> Destination?

  func load(_ destination: Destination) async throws -> Destination? {
    try await body(destination)
  }
}
