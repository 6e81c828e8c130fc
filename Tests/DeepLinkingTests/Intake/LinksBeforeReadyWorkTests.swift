import DeepLinkingTestSupport
import Testing

@testable import DeepLinking

extension IntakeTests {
  /// Many links before ready, then ready: the newest applies once, every other is reported superseded
  /// once, and the work grows with the number of links, not with its square. Counted (links listed,
  /// entries moved), never timed; the times are in `deeplink-bench --scaling --only links-before-ready`.
  @MainActor
  @Suite("Links before ready: work")
  struct LinksBeforeReadyWorkTests {
    @Test func manyLinksBeforeReadyAreListedOnceAndMovedAtMostOnce() async throws {
      let count = 3_000
      let memory = InMemoryLinkStore()
      let store = ListingCountingStore(memory)
      let harness = try IntakeHarness(
        storage: LinkStorage(waitingForReady: store, waitingForSignIn: InMemoryLinkStore()))
      var waited = 0
      for number in 0..<count {
        let outcome = await harness.intake.receive("myapp://clip/\(number)", source: .customScheme)
        if outcome.isWaitingForReady { waited += 1 }
      }
      #expect(waited == count)
      #expect(harness.intake.waitingForReadyCount == count)
      await harness.intake.markReady()
      let newest = "myapp://clip/\(count - 1)"
      #expect(harness.applied == [.clip("\(count - 1)")])
      #expect(harness.refusals.count == count - 1)
      #expect(harness.refusals.allSatisfy { $0 == .superseded(by: newest) })
      #expect(harness.intake.waitingForReadyCount == 0)
      // Listed once for the drain; counting after each link received lists none (listing them all each
      // time would be count * (count + 1) / 2 links).
      #expect(store.listed <= 2 * count, "\(store.listed) links listed")
      // Taking each link from the front moves none of the others until the taken ones are dropped in
      // one pass (removing each from the front of an array moves every one still waiting).
      #expect(memory.deliveryMoves <= count, "\(memory.deliveryMoves) entries moved")
      await harness.intake.markReady()
      #expect(harness.applied.count == 1)
    }

    @Test func linksWaitingForSignInAreCountedWithoutBeingListed() async throws {
      let count = 2_000
      let store = ListingCountingStore(InMemoryLinkStore())
      let harness = try IntakeHarness(
        storage: LinkStorage(waitingForReady: InMemoryLinkStore(), waitingForSignIn: store), isSignedIn: false
      )
      await harness.intake.markReady()
      for _ in 0..<count {
        #expect(await harness.intake.receive("myapp://account", source: .customScheme).isWaitingForSignIn)
      }
      #expect(harness.intake.waitingForSignInCount == count)
      await harness.intake.signIn()
      #expect(harness.applied == [.account])
      #expect(harness.refusals.count == count - 1)
      #expect(harness.intake.waitingForSignInCount == 0)
      #expect(store.listed <= 2 * count, "\(store.listed) links listed")
    }
  }
}
