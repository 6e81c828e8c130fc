import Foundation
import Synchronization
import Testing

@testable import DeepLinking

/// A store whose every append fails, as a full or broken disk would.
final class RefusingLinkStore: LinkStore {
  struct DiskFull: Error {}

  func pending() -> [IncomingLink] { [] }

  func pendingCount() -> Int { 0 }

  func append(_ link: IncomingLink, reason: String?) async throws {
    throw DiskFull()
  }

  func deliver(isolation: isolated (any Actor)?, _ body: (LinkDelivery) async throws -> Void) async throws
    -> Int
  {
    0
  }
}

extension IntakeTests {
  @Suite("InMemoryLinkStore")
  struct InMemoryLinkStoreTests {
    private func link(_ number: Int) -> IncomingLink {
      IncomingLink(url: "myapp://clip/\(number)", source: .customScheme)
    }

    @Test func deliversOldestFirstWithTheReasonAndOnce() async throws {
      let store = InMemoryLinkStore()
      let links = (1...3).map(link)
      for link in links { await store.append(link, reason: "app not ready") }
      #expect(store.pending() == links)
      let seen = Mutex<[LinkDelivery]>([])
      #expect(try await store.deliver { delivery in seen.withLock { $0.append(delivery) } } == 3)
      #expect(seen.withLock { $0 }.map(\.link) == links)
      #expect(seen.withLock { $0 }.allSatisfy { $0.reason == "app not ready" && !$0.isRedelivery })
      #expect(store.pending().isEmpty)
      #expect(try await store.deliver { _ in Issue.record("delivered twice") } == 0)
    }

    @Test func aLinkWhoseApplyThrowsStaysInFrontAndDeliveryStops() async throws {
      struct NotNow: Error {}
      let store = InMemoryLinkStore()
      let links = (1...3).map(link)
      for link in links { await store.append(link) }
      let applied = Mutex<[IncomingLink]>([])
      await #expect(throws: NotNow.self) {
        try await store.deliver { delivery in
          if delivery.link == links[1] { throw NotNow() }
          applied.withLock { $0.append(delivery.link) }
        }
      }
      #expect(applied.withLock { $0 } == [links[0]])
      #expect(store.pending() == [links[1], links[2]])
    }

    @Test func linksAppendedDuringDeliveryAreDeliveredAndANestedDeliveryReturnsZero() async throws {
      let store = InMemoryLinkStore()
      await store.append(link(1))
      let seen = Mutex<[IncomingLink]>([])
      let nested = Mutex<Int?>(nil)
      try await store.deliver { delivery in
        seen.withLock { $0.append(delivery.link) }
        if delivery.link.url == "myapp://clip/1" {
          await store.append(link(2))
          let count = try await store.deliver { _ in Issue.record("a nested deliver must not deliver") }
          nested.withLock { $0 = count }
        }
      }
      #expect(seen.withLock { $0 }.map(\.url) == ["myapp://clip/1", "myapp://clip/2"])
      #expect(nested.withLock { $0 } == 0)
    }

    @Test func inMemoryStorageIsFreshEachTime() async {
      let first = LinkStorage.inMemory
      let second = LinkStorage.inMemory
      try? await first.waitingForReady.append(link(1), reason: nil)
      #expect(second.waitingForReady.pending().isEmpty)
      #expect(first.waitingForSignIn.pending().isEmpty)
    }
  }

  @MainActor
  @Suite("LinkIntake storage and navigation")
  struct LinkIntakeStorageTests {
    @Test func linksInAStorageOutliveTheIntakeAndApplyOnce() async throws {
      let storage = LinkStorage.inMemory
      do {
        let first = try IntakeHarness(storage: storage)
        await first.intake.receive("myapp://clip/1", source: .notification)
        await first.intake.receive("myapp://clip/2", source: .universalLink)
      }
      let second = try IntakeHarness(storage: storage)
      #expect(second.intake.waitingForReadyCount == 2)
      await second.intake.markReady()
      #expect(second.applied == [.clip("2")])
      #expect(second.refusals == [.superseded(by: "myapp://clip/2")])
      let third = try IntakeHarness(storage: storage)
      #expect(third.intake.waitingForReadyCount == 0)
    }

    @Test func aStoreThatFailsKeepsWaitingLinksInMemoryAndRefusesSignInLinks() async throws {
      let storage = LinkStorage(waitingForReady: RefusingLinkStore(), waitingForSignIn: RefusingLinkStore())
      let harness = try IntakeHarness(storage: storage, isSignedIn: false)
      #expect(await harness.intake.receive("myapp://clip/1", source: .customScheme).isWaitingForReady)
      #expect(await harness.intake.receive("myapp://clip/2", source: .customScheme).isWaitingForReady)
      #expect(harness.intake.waitingForReadyCount == 2)
      await harness.intake.markReady()
      #expect(harness.applied == [.clip("2")])
      #expect(harness.refusals == [.superseded(by: "myapp://clip/2")])
      #expect(harness.intake.waitingForReadyCount == 0)
      let account = await harness.intake.receive("myapp://account", source: .customScheme)
      #expect(account.refusal == .signedOut(route: "account"))
    }

    @Test func aThrowingApplyIsARefusalRecordedLikeEveryOther() async throws {
      struct Blocked: Error, CustomStringConvertible {
        var description: String { "blocked by a modal" }
      }
      let harness = try IntakeHarness(apply: { place in if place == .admin { throw Blocked() } })
      var reported: [(link: IncomingLink, refusal: LinkRefusal)] = []
      harness.intake.onRefusal = { reported.append(($0, $1)) }
      await harness.intake.markReady()
      await harness.intake.receive("myapp://clip/1", source: .customScheme)
      let outcome = await harness.intake.receive("myapp://admin", source: .programmatic)
      let refusal = LinkRefusal.navigationFailed(route: "admin", reason: "blocked by a modal")
      #expect(outcome.refusal == refusal)
      #expect(refusal.code == .navigationFailed)
      #expect(refusal.identifier == "navigation-failed")
      #expect(refusal.route == "admin" && refusal.reason == "blocked by a modal")
      #expect(refusal.description == "opening route 'admin' failed: blocked by a modal")
      #expect(reported.map(\.refusal) == [refusal])
      #expect(reported.map(\.link.url) == ["myapp://admin"])
      #expect(harness.intake.recentRefusals.map(\.link) == reported.map(\.link))
      #expect(harness.intake.recentRefusals.map(\.refusal) == reported.map(\.refusal))
      #expect(harness.intake.currentDestination == .clip("1"))
    }

    @Test func aNotFoundScreenThatCannotBeShownIsReportedToo() async throws {
      struct Blocked: Error {}
      let harness = try IntakeHarness(apply: { place in if place == .notFound { throw Blocked() } })
      harness.intake.notFoundDestination = .notFound
      await harness.intake.markReady()
      let outcome = await harness.intake.receive("myapp://clip/missing", source: .customScheme)
      #expect(outcome.refusal == .notFound(route: "clip"))
      #expect(harness.refusals.map(\.code) == [.notFound, .navigationFailed])
      #expect(harness.refusals.map(\.identifier) == ["not-found", "navigation-failed"])
      #expect(harness.intake.currentDestination == nil)
    }

    @Test func aNavigatorThatRefusesTheDestinationRefusesTheLink() async throws {
      let rules = NavigationRules<Place, String>(
        tab: { _ in "main" }, parent: { place in place == .admin ? .admin : nil })
      let navigator = Navigator(rules: rules, initialTab: "main")
      let intake = LinkIntake(
        destinations: try IntakeHarness.destinations(), navigator: navigator, isSignedIn: true)
      await intake.markReady()
      #expect(await intake.receive("myapp://clip/4", source: .customScheme).appliedDestination == .clip("4"))
      let cycle = NavigationError.parentCycle(chain: ["admin", "admin"])
      let outcome = await intake.receive("myapp://admin", source: .programmatic)
      #expect(outcome.refusal == .navigationFailed(route: "admin", reason: cycle.description))
      #expect(intake.recentRefusals.map(\.refusal) == [outcome.refusal].compactMap { $0 })
      #expect(intake.currentDestination == .clip("4"))
    }

    @Test func aNavigatorThatIsGoneRefusesTheLink() async throws {
      var navigator: Navigator<Place, String>? = Navigator(
        rules: NavigationRules(tab: { _ in "main" }, parent: { _ in nil }), initialTab: "main")
      let intake = try LinkIntake(
        destinations: IntakeHarness.destinations(), navigator: #require(navigator), isSignedIn: true)
      navigator = nil
      await intake.markReady()
      let outcome = await intake.receive("myapp://clip/4", source: .customScheme)
      #expect(outcome.refusal == .navigationFailed(route: "clip", reason: "the navigator no longer exists"))
    }

    @Test(.timeLimit(.minutes(5)))
    func aCancelledLoadIsNotReportedAsSuperseded() async throws {
      // The task is cancelled once its load has started; that load ends only by being cancelled.
      let (harness, loadStarted) = try await IntakeHarness.stallingSlowClips()
      let intake = harness.intake
      let task = Task { await intake.receive("myapp://clip/slow", source: .customScheme) }
      for await _ in loadStarted { break }
      task.cancel()
      #expect(await task.value.refusal == .loadFailed(route: "clip", reason: "the load was cancelled"))
    }

    @Test func onlyTheNewestFiftyRefusalsAreKept() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      for number in 1...60 {
        await harness.intake.receive("myapp://nowhere/\(number)", source: .customScheme)
      }
      #expect(harness.refusals.count == 60)
      #expect(harness.intake.recentRefusals.count == 50)
      #expect(harness.intake.recentRefusals.first?.link.url == "myapp://nowhere/11")
      #expect(harness.intake.recentRefusals.last?.link.url == "myapp://nowhere/60")
    }
  }
}
