import Foundation
import Synchronization
import Testing

@testable import DeepLinking

/// A marketing SDK's stored-link subject as Combine's `CurrentValueSubject` behaves: it holds its last
/// link and hands it to every new subscriber at once, inside the subscribe call, then each new one.
final class ReplayingLinkSubject: Sendable {
  private struct State {
    var value: String?
    var subscribers: [UUID: @Sendable (String?) -> Void] = [:]
  }

  private let state: Mutex<State>

  init(holding value: String?) {
    state = Mutex(State(value: value))
  }

  /// How many subscriptions are open.
  var subscriberCount: Int { state.withLock { $0.subscribers.count } }

  /// Subscribes: the held value is delivered before this returns, as `sink` does.
  func sink(_ receive: @escaping @Sendable (String?) -> Void) -> Subscription {
    let id = UUID()
    let held = state.withLock { state in
      state.subscribers[id] = receive
      return state.value
    }
    receive(held)
    return Subscription { [weak self] in self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) } }
  }

  /// Publishes a new link to every subscriber.
  func send(_ value: String?) {
    let subscribers = state.withLock { state in
      state.value = value
      return Array(state.subscribers.values)
    }
    for subscriber in subscribers { subscriber(value) }
  }

  /// Ends its subscription when released, as Combine's `AnyCancellable` does.
  final class Subscription {
    private let cancel: () -> Void

    init(cancel: @escaping () -> Void) {
      self.cancel = cancel
    }

    deinit { cancel() }
  }
}

extension IntakeTests {
  /// Links an SDK stored and hands over later: a subject connected through a subscription, and a
  /// replayed stale link that must not beat the link the user tapped.
  @MainActor
  @Suite("Stored links from an SDK")
  struct StoredLinkSourceTests {
    /// Waits (yielding) until the intake holds `count` links waiting for the UI.
    func waitUntil(_ intake: LinkIntake<Place>, holds count: Int) async {
      for _ in 0..<10_000 where intake.waitingForReadyCount < count {
        await Task.yield()
      }
    }

    @Test("a cold start from a tapped link opens that link, not the stale link the SDK's subject replays")
    func theTappedLinkWinsOverAReplayedStoredLink() async throws {
      let harness = try IntakeHarness()
      let sdk = ReplayingLinkSubject(holding: "myapp://clip/stale")
      // The app launches from the link the user tapped, and connects the SDK at launch: the subject
      // replays the link it stored long ago, after the tap.
      #expect(await harness.intake.receive("myapp://clip/tapped", source: .customScheme).isWaitingForReady)
      harness.intake.connect { deliver in sdk.sink(deliver) }
      await waitUntil(harness.intake, holds: 2)
      #expect(harness.intake.waitingForReadyCount == 2)
      await harness.intake.markReady()
      #expect(harness.applied == [.clip("tapped")])
      #expect(harness.intake.currentDestination == .clip("tapped"))
      #expect(harness.refusals == [.superseded(by: "myapp://clip/tapped")])
      #expect(harness.intake.recentRefusals.map(\.link.source) == [.stored])
    }

    @Test("the UI marked ready right after connecting still ranks the link the subject replayed")
    func markReadyBeforeTheReplayWasRead() async throws {
      let harness = try IntakeHarness()
      let sdk = ReplayingLinkSubject(holding: "myapp://clip/stale")
      await harness.intake.receive("myapp://clip/tapped", source: .universalLink)
      harness.intake.connect { deliver in sdk.sink(deliver) }
      // No wait: the replayed link has not been read when the first screen appears.
      await harness.intake.markReady()
      for _ in 0..<1_000 { await Task.yield() }
      #expect(harness.applied == [.clip("tapped")])
      #expect(harness.refusals == [.superseded(by: "myapp://clip/tapped")])
      // What the subject publishes once the app is ready is new, and opens.
      sdk.send("myapp://clip/new")
      for _ in 0..<10_000 where harness.applied.count < 2 { await Task.yield() }
      #expect(harness.applied == [.clip("tapped"), .clip("new")])
    }

    @Test(
      "the tapped link wins whichever arrived first, and a stored link still opens when nothing else waits")
    func rankingBySource() async throws {
      // The replay first, then the tap.
      let first = try IntakeHarness()
      await first.intake.receive("myapp://clip/stale", source: .stored)
      await first.intake.receive("myapp://clip/tapped", source: .universalLink)
      await first.intake.markReady()
      #expect(first.applied == [.clip("tapped")])
      // Only stored links: the newest of them opens, as always.
      let onlyStored = try IntakeHarness()
      await onlyStored.intake.receive("myapp://clip/1", source: .stored)
      await onlyStored.intake.receive("myapp://clip/2", source: .stored)
      await onlyStored.intake.markReady()
      #expect(onlyStored.applied == [.clip("2")])
      #expect(onlyStored.refusals == [.superseded(by: "myapp://clip/2")])
      // Among the user's links, the newest still wins.
      let taps = try IntakeHarness()
      await taps.intake.receive("myapp://clip/1", source: .customScheme)
      await taps.intake.receive("myapp://clip/old", source: .stored)
      await taps.intake.receive("myapp://clip/2", source: .notification)
      await taps.intake.receive("myapp://clip/older", source: .stored)
      await taps.intake.markReady()
      #expect(taps.applied == [.clip("2")])
      #expect(taps.refusals.count == 3)
      #expect(Set(taps.refusals) == [.superseded(by: "myapp://clip/2")])
    }

    @Test("a stored link the SDK delivers once the app is ready opens as it arrives")
    func storedLinksAfterReadyApply() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let sdk = ReplayingLinkSubject(holding: nil)
      let connection = harness.intake.connect { deliver in sdk.sink(deliver) }
      sdk.send("myapp://clip/9")
      sdk.send("")
      for _ in 0..<10_000 where harness.applied.isEmpty { await Task.yield() }
      #expect(harness.applied == [.clip("9")])
      connection.cancel()
      await connection.value
    }

    @Test("the subscription lives until the connection is cancelled, then ends")
    func theSubscriptionIsKeptThenReleased() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let sdk = ReplayingLinkSubject(holding: "myapp://clip/1")
      let connection = harness.intake.connect { deliver in sdk.sink(deliver) }
      #expect(sdk.subscriberCount == 1)
      for _ in 0..<10_000 where harness.applied.isEmpty { await Task.yield() }
      #expect(harness.applied == [.clip("1")])
      connection.cancel()
      await connection.value
      #expect(sdk.subscriberCount == 0)
      sdk.send("myapp://clip/2")
      for _ in 0..<100 { await Task.yield() }
      #expect(harness.applied == [.clip("1")])
    }

    @Test("links delivered from another thread arrive in order, with the stated source")
    func deliveredFromAnotherThread() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      let sdk = ReplayingLinkSubject(holding: nil)
      let connection = harness.intake.connect(source: .inApp) { deliver in sdk.sink(deliver) }
      await Task.detached {
        for index in 1...3 { sdk.send("myapp://clip/\(index)") }
      }.value
      for _ in 0..<10_000 where harness.applied.count < 3 { await Task.yield() }
      #expect(harness.applied == [.clip("1"), .clip("2"), .clip("3")])
      connection.cancel()
      await connection.value
    }

    @Test func theWinnerRule() {
      func link(_ url: String, _ source: LinkSource) -> IncomingLink {
        IncomingLink(url: url, source: source)
      }
      #expect(LinkIntake<Place>.winner(of: []) == nil)
      let stored = link("a", .stored)
      let tapped = link("b", .customScheme)
      #expect(LinkIntake<Place>.winner(of: [tapped, stored])?.url == "b")
      #expect(LinkIntake<Place>.winner(of: [stored, tapped])?.url == "b")
      #expect(LinkIntake<Place>.winner(of: [stored, link("c", .stored)])?.url == "c")
    }
  }
}
