import DeepLinkingTestSupport
import Foundation
import Synchronization
import Testing
import TrackingLinks

@testable import DeepLinking

/// Destinations of a small app: a home screen, clips, an account area behind sign-in, and an admin
/// screen that opens only from verified links.
enum Place: Hashable, Sendable, Codable {
  case home
  case clip(String)
  case loadedClip(String, title: String)
  case account
  case order(String)
  case admin
  case notFound
}

@MainActor
final class IntakeHarness {
  @MainActor final class Log {
    var applied: [Place] = []
  }

  let log = Log()
  var applied: [Place] { log.applied }
  var refusals: [LinkRefusal] = []
  let intake: LinkIntake<Place>

  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("clip", "/clip/{id}"),
      RouteDefinition("account", "/account", requiresSignIn: true),
      RouteDefinition("order", "/orders/{id}", requiresVerifiedLink: true, requiresSignIn: true),
      RouteDefinition("admin", "/admin", requiresVerifiedLink: true),
    ])

  static func destinations() throws -> DestinationRouter<Place> {
    try DestinationRouter(
      table: table,
      destination: { match in
        switch match.route {
        case "home": .home
        case "clip": match.parameters.string("id").flatMap { $0 == "missing" ? nil : .clip($0) }
        case "account": .account
        case "order": match.parameters.string("id").map(Place.order)
        case "admin": .admin
        default: nil
        }
      },
      values: { _ in nil })
  }

  init(
    fallbacks: [LinkFallbackHandler] = [], storage: LinkStorage = .inMemory, isSignedIn: Bool = true,
    policy: LinkPolicy = .standard, load: (@Sendable (Place) async throws -> Place?)? = nil,
    loadTimeout: Duration = .seconds(5), apply: (@MainActor (Place) throws -> Void)? = nil
  ) throws {
    let log = self.log
    intake = LinkIntake(
      destinations: try Self.destinations(), storage: storage, policy: policy, fallbacks: fallbacks,
      isSignedIn: isSignedIn, load: load, loadTimeout: loadTimeout
    ) { place in
      try apply?(place)
      log.applied.append(place)
    }
    intake.onRefusal = { [unowned self] in self.refusals.append($1) }
  }

  /// A ready harness whose load of `.clip("slow")` ends only by being cancelled, and a stream that
  /// yields once that load has started (an event to wait for, not a delay). Neither the load nor its
  /// timer ends it on its own: a main actor held for half a minute by other suites (seen in CI on two
  /// cores) must not let it finish or time out first.
  static func stallingSlowClips() async throws -> (harness: IntakeHarness, loadStarted: AsyncStream<Void>) {
    let (loadStarted, started) = AsyncStream<Void>.makeStream()
    let harness = try IntakeHarness(
      load: { place in
        if case .clip("slow") = place {
          started.yield()
          try await Task.sleep(for: .seconds(3600))
        }
        return place
      },
      loadTimeout: .seconds(3600))
    await harness.intake.markReady()
    return (harness, loadStarted)
  }
}

/// A fallback handler that records what it saw and answers from a table.
final class ScriptedFallback: Sendable {
  let name: String
  let answers: @Sendable (String) -> FallbackResult
  let seen = Mutex<[String]>([])

  init(name: String, answers: @escaping @Sendable (String) -> FallbackResult) {
    self.name = name
    self.answers = answers
  }

  /// The intake's handler, which asks this script.
  var handler: LinkFallbackHandler {
    LinkFallbackHandler(name: name) { link in
      self.seen.withLock { $0.append(link.url) }
      return self.answers(link.url)
    }
  }
}

extension IntakeTests {
  @MainActor
  @Suite("LinkIntake")
  struct LinkIntakeTests {
    @Test func appliesAtOnceWhenReady() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let outcome = await harness.intake.receive("myapp://clip/7", source: .customScheme)
      #expect(outcome.appliedDestination == .clip("7"))
      #expect(harness.applied == [.clip("7")])
      #expect(harness.intake.currentDestination == .clip("7"))
    }

    @Test func everySourceIsRecordedAndSystemLinksAreClassified() async throws {
      #expect(
        IncomingLink.systemSource(of: try #require(URL(string: "https://example.com/a"))) == .universalLink)
      #expect(IncomingLink.systemSource(of: try #require(URL(string: "myapp://a"))) == .customScheme)
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      for source in [
        LinkSource.customScheme, .universalLink, .notification, .stored, .programmatic, .fallback, .inApp,
        .qrCode,
      ] {
        let outcome = await harness.intake.receive("https://example.com/clip/\(source)", source: source)
        #expect(outcome.appliedDestination == .clip(source.rawValue))
      }
      await harness.intake.receive(
        try #require(URL(string: "https://example.com/admin")), source: .universalLink)
      #expect(harness.applied.last == .admin)
    }

    @Test func anOutsideStreamIsASource() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let (stream, continuation) = AsyncStream<String>.makeStream()
      let task = harness.intake.connect(stream)
      continuation.yield("myapp://clip/1")
      continuation.yield("myapp://clip/2")
      continuation.yield("myapp://admin")
      continuation.finish()
      await task.value
      #expect(harness.applied == [.clip("1"), .clip("2")])
      #expect(harness.refusals == [.notVerified(route: "admin", source: .stored)])
    }

    @Test func linksBeforeReadyWaitAndTheNewestWins() async throws {
      let harness = try IntakeHarness()
      #expect(await harness.intake.receive("myapp://clip/1", source: .customScheme).isWaitingForReady)
      #expect(await harness.intake.receive("myapp://clip/2", source: .notification).isWaitingForReady)
      #expect(
        await harness.intake.receive("myapp://clip/%ZZ", source: .customScheme).refusal?.identifier
          == "invalid:malformed-percent-escape")
      #expect(harness.intake.waitingForReadyCount == 2)
      #expect(harness.applied.isEmpty)
      await harness.intake.markReady()
      #expect(harness.applied == [.clip("2")])
      #expect(harness.refusals.last == .superseded(by: "myapp://clip/2"))
      #expect(harness.intake.waitingForReadyCount == 0)
      await harness.intake.markReady()
      #expect(harness.applied == [.clip("2")])
    }

    @Test(arguments: [
      ("myapp://admin", LinkSource.customScheme, false),
      ("https://example.com/admin", .universalLink, true),
      ("myapp://admin", .universalLink, false),
      ("https://example.com/admin", .stored, false),
      ("https://example.com/admin", .fallback, false),
      ("myapp://admin", .programmatic, true),
      ("https://example.com/admin", .notification, false),
      ("https://example.com/admin", .inApp, false),
      ("https://example.com/admin", .qrCode, false),
    ])
    func verifiedRoutes(url: String, source: LinkSource, opens: Bool) async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let outcome = await harness.intake.receive(url, source: source)
      if opens {
        #expect(outcome.appliedDestination == .admin)
      } else {
        #expect(outcome.refusal == .notVerified(route: "admin", source: source))
        #expect(harness.applied.isEmpty)
      }
    }

    /// An `https` link is no Universal Link just for its scheme: received as the app's own scanner, an
    /// in-app tap or a notification payload, a verified-only route refuses it.
    @Test(arguments: [LinkSource.qrCode, .inApp, .notification])
    func anHTTPSLinkFromAnUnverifiedSourceIsRefusedForAVerifiedRoute(source: LinkSource) async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let url = try #require(URL(string: "https://example.com/admin"))
      let outcome = await harness.intake.receive(url, source: source)
      #expect(outcome.refusal == .notVerified(route: "admin", source: source))
      #expect(harness.applied.isEmpty)
      #expect(harness.intake.currentDestination == nil)
      // The same link through the system's Universal Link path opens.
      #expect(await harness.intake.receive(url, source: .universalLink).appliedDestination == .admin)
    }

    @Test func anAppThatTrustsItsPushServerSaysSo() async throws {
      let harness = try IntakeHarness(
        policy: LinkPolicy(trustedSources: [.universalLink, .programmatic, .notification]))
      await harness.intake.markReady()
      #expect(
        await harness.intake.receive("https://example.com/admin", source: .notification).appliedDestination
          == .admin)
    }

    /// An app that states it starts signed out: a sign-in route waits, and opens after sign-in.
    @Test func aSignInRouteWaitsWhenTheAppStatesSignedOut() async throws {
      let navigator = Navigator(
        rules: NavigationRules<Place, String>(tab: { _ in "main" }, parent: { _ in nil }), initialTab: "main")
      let intake = LinkIntake(
        destinations: try IntakeHarness.destinations(), navigator: navigator, isSignedIn: false)
      await intake.markReady()
      #expect(!intake.isSignedIn)
      let outcome = await intake.receive("myapp://account", source: .universalLink)
      #expect(outcome.isWaitingForSignIn)
      #expect(intake.currentDestination == nil)
      #expect(intake.waitingForSignInCount == 1)
      await intake.signIn()
      #expect(intake.currentDestination == .account)
      #expect(intake.waitingForSignInCount == 0)
    }

    /// A link a fallback handler hands back keeps the trust of the link it came from: resolved from a
    /// Universal Link it may open a verified-only route; resolved from a QR code it may not.
    @Test func aFallbacksSuccessorKeepsTheOriginalTrust() async throws {
      let seenSources = Mutex<[LinkSource]>([])
      let resolver = LinkFallbackHandler(name: "tracking") { link in
        seenSources.withLock { $0.append(link.source) }
        guard link.url.hasPrefix("https://click.example.net/") else { return .notHandled }
        return .redirect(URL(string: "https://example.com/admin") ?? URL(fileURLWithPath: "/"))
      }
      let harness = try IntakeHarness(fallbacks: [resolver])
      await harness.intake.markReady()
      #expect(
        await harness.intake.receive("https://click.example.net/c/1", source: .universalLink)
          .appliedDestination == .admin)
      let scanned = await harness.intake.receive("https://click.example.net/c/2", source: .qrCode)
      #expect(scanned.refusal == .notVerified(route: "admin", source: .qrCode))
      let tapped = await harness.intake.receive("https://click.example.net/c/3", source: .inApp)
      #expect(tapped.refusal == .notVerified(route: "admin", source: .inApp))
      #expect(harness.applied == [.admin])
      #expect(seenSources.withLock { $0 } == [.universalLink, .qrCode, .inApp])
    }

    @Test func policyDecidesWhichSourcesAreTrusted() async throws {
      let harness = try IntakeHarness(policy: LinkPolicy(trustedSources: [.universalLink]))
      await harness.intake.markReady()
      #expect(await harness.intake.receive("myapp://admin", source: .programmatic).refusal != nil)
    }

    @Test func signInParksThenApplies() async throws {
      let harness = try IntakeHarness(isSignedIn: false)
      await harness.intake.markReady()
      #expect(await harness.intake.receive("myapp://account", source: .customScheme).isWaitingForSignIn)
      #expect(harness.intake.waitingForSignInCount == 1)
      await harness.intake.receive("myapp://clip/3", source: .customScheme)
      #expect(harness.applied == [.clip("3")])
      await harness.intake.signIn()
      #expect(harness.applied == [.clip("3"), .account])
      #expect(harness.intake.waitingForSignInCount == 0)
    }

    @Test func signOutDropsParkedLinksWithAReason() async throws {
      let harness = try IntakeHarness(isSignedIn: false)
      await harness.intake.markReady()
      await harness.intake.receive("https://example.com/orders/9", source: .universalLink)
      await harness.intake.signOut()
      #expect(harness.refusals == [.signedOut(route: "order")])
      await harness.intake.signIn()
      #expect(harness.applied.isEmpty)
    }

    @Test func verificationIsCheckedBeforeParking() async throws {
      let harness = try IntakeHarness(isSignedIn: false)
      await harness.intake.markReady()
      let outcome = await harness.intake.receive("myapp://orders/9", source: .customScheme)
      #expect(outcome.refusal == .notVerified(route: "order", source: .customScheme))
      #expect(harness.intake.waitingForSignInCount == 0)
    }

    @Test func fallbackChainInOrder() async throws {
      let first = ScriptedFallback(name: "first") { _ in .notHandled }
      let sdk = ScriptedFallback(name: "sdk") { url in
        switch url {
        case "https://click.example.net/c/1":
          .redirect(URL(string: "https://example.com/clip/from-sdk") ?? URL(fileURLWithPath: "/"))
        case "https://click.example.net/own": .handled
        case "https://click.example.net/bad": .failed("campaign expired")
        default: .notHandled
        }
      }
      let harness = try IntakeHarness(fallbacks: [first.handler, sdk.handler])
      await harness.intake.markReady()
      #expect(
        await harness.intake.receive("https://click.example.net/c/1", source: .universalLink)
          .appliedDestination == .clip("from-sdk"))
      #expect(
        await harness.intake.receive("https://click.example.net/own", source: .universalLink)
          .isHandledByFallback)
      #expect(
        await harness.intake.receive("https://click.example.net/bad", source: .universalLink).refusal
          == .fallbackFailed(handler: "sdk", reason: "campaign expired"))
      #expect(
        await harness.intake.receive("myapp://nowhere", source: .customScheme).refusal
          == .noRoute("myapp://nowhere"))
      #expect(
        await harness.intake.receive("https://elsewhere.net/x", source: .universalLink).refusal?.identifier
          == "invalid:unknown-host")
      // Malformed links never reach the handlers.
      #expect(
        await harness.intake.receive("https://user@click.example.net/c/1", source: .universalLink).refusal?
          .identifier == "invalid:user-info")
      #expect(first.seen.withLock { $0 }.count == 5)
      #expect(sdk.seen.withLock { $0 } == first.seen.withLock { $0 })
    }

    @Test func fallbackLoopsAndDepthAreBounded() async throws {
      let looping = ScriptedFallback(name: "loop") { url in
        url == "myapp://a"
          ? .redirect(URL(string: "myapp://b") ?? URL(fileURLWithPath: "/"))
          : .redirect(URL(string: "myapp://a") ?? URL(fileURLWithPath: "/"))
      }
      let harness = try IntakeHarness(fallbacks: [looping.handler])
      await harness.intake.markReady()
      #expect(
        await harness.intake.receive("myapp://a", source: .customScheme).refusal == .fallbackLoop("myapp://a")
      )

      let counter = Atomic<Int>(0)
      let endless = ScriptedFallback(name: "endless") { _ in
        let next = counter.add(1, ordering: .relaxed).newValue
        return .redirect(URL(string: "myapp://step/\(next)") ?? URL(fileURLWithPath: "/"))
      }
      let deep = try IntakeHarness(fallbacks: [endless.handler], policy: LinkPolicy(maxFallbackDepth: 3))
      await deep.intake.markReady()
      #expect(
        await deep.intake.receive("myapp://start", source: .customScheme).refusal
          == .fallbackTooDeep(limit: 3))
      #expect(endless.seen.withLock { $0 }.count == 4)
    }

    @Test func loaderPreparesTheDestination() async throws {
      let harness = try IntakeHarness(load: { place in
        guard case .clip(let id) = place else { return place }
        return id == "gone" ? nil : .loadedClip(id, title: "Clip \(id)")
      })
      harness.intake.notFoundDestination = .notFound
      await harness.intake.markReady()
      #expect(
        await harness.intake.receive("myapp://clip/5", source: .customScheme).appliedDestination
          == .loadedClip("5", title: "Clip 5"))
      #expect(
        await harness.intake.receive("myapp://clip/gone", source: .customScheme).refusal
          == .notFound(route: "clip"))
      #expect(harness.applied == [.loadedClip("5", title: "Clip 5"), .notFound])
      #expect(
        await harness.intake.receive("myapp://clip/missing", source: .customScheme).refusal
          == .notFound(route: "clip"))
    }

    struct LoadFailure: Error {}

    @Test(.timeLimit(.minutes(5)))
    func loaderFailuresAndTimeouts() async throws {
      let load: @Sendable (Place) async throws -> Place? = { place in
        if case .clip("fail") = place { throw LoadFailure() }
        if case .clip("slow") = place { try await Task.sleep(for: .seconds(3600)) }
        return place
      }
      // A failing load under a limit no stalled machine reaches, so that it fails rather than times out.
      let failing = try IntakeHarness(load: load, loadTimeout: .seconds(3600))
      await failing.intake.markReady()
      #expect(
        await failing.intake.receive("myapp://clip/fail", source: .customScheme).refusal?.identifier
          == "load-failed")
      #expect(failing.applied.isEmpty)
      // A load that never ends: only its limit ends it.
      let slow = try IntakeHarness(load: load, loadTimeout: .milliseconds(100))
      await slow.intake.markReady()
      #expect(
        await slow.intake.receive("myapp://clip/slow", source: .customScheme).refusal
          == .loadTimedOut(route: "clip"))
      #expect(slow.applied.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func aNewerLinkCancelsAnOlderLoad() async throws {
      // The newer link arrives once the older one's load has started; that load ends only by being
      // cancelled.
      let (harness, loadStarted) = try await IntakeHarness.stallingSlowClips()
      let intake = harness.intake
      let older = Task { await intake.receive("myapp://clip/slow", source: .customScheme) }
      for await _ in loadStarted { break }
      let newer = await intake.receive("myapp://clip/fast", source: .customScheme)
      #expect(newer.appliedDestination == .clip("fast"))
      #expect(await older.value.refusal == .superseded(by: "myapp://clip/fast"))
      #expect(harness.applied == [.clip("fast")])
    }
  }

  /// The intake with the tracking-link resolver against a real HTTP server on 127.0.0.1.
  @MainActor
  @Suite("LinkIntake with tracking links")
  final class LinkIntakeTrackingTests {
    let server: RedirectServer

    init() async throws {
      server = try await RedirectServer()
    }

    @Test func trackingLinksResolveToTheirClickThroughAndRoute() async throws {
      // The outcomes are under test, not the clock (the resolver's limits have tests of their own): a
      // generous limit keeps a loaded test machine's stall out of it, as a CI run once showed.
      let resolver = TrackingLinkResolver(
        origins: [try TrackingOrigin("http://127.0.0.1:\(server.port)")], timeout: .seconds(300))
      let harness = try IntakeHarness(fallbacks: [.trackingLinks(resolver: resolver)])
      await harness.intake.markReady()
      let target = "myapp://clip/42".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
      let outcome = await harness.intake.receive(
        try server.url("/hop/2?to=\(target)").absoluteString, source: .universalLink)
      #expect(outcome.appliedDestination == .clip("42"))
      let loop = await harness.intake.receive(
        try server.url("/loop/a").absoluteString, source: .universalLink)
      #expect(loop.refusal?.identifier == "fallback-failed")
      let notFound = await harness.intake.receive(
        try server.url("/missing").absoluteString, source: .universalLink)
      #expect(notFound.refusal?.identifier == "fallback-failed")
    }
  }
}

extension IntakeOutcome {
  var isWaitingForReady: Bool {
    if case .waitingForReady = self { return true }
    return false
  }

  var isWaitingForSignIn: Bool {
    if case .waitingForSignIn = self { return true }
    return false
  }

  var isHandledByFallback: Bool {
    if case .handledByFallback = self { return true }
    return false
  }
}
