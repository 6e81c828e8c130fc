import Foundation
import Synchronization
import Testing

@testable import DeepLinking

extension IntakeTests {
  @Suite("LoadCoordinator")
  struct LoadCoordinatorTests {
    /// What the scripted loader does for a destination.
    enum Step: Sendable, Hashable {
      case value(String)
      case missing
      case failure
      /// Sleeps (cooperatively) for the given milliseconds, then loads "slow".
      case slow(milliseconds: Int)
      /// Waits the given milliseconds ignoring cancellation, then loads "stubborn".
      case stubborn(milliseconds: Int)
      case cancelsItself
    }

    struct Broken: Error, Equatable {}

    /// "At once", for a load that would otherwise take 90 s or more: below the load's own time,
    /// with room for a test process whose shared threads are held by other suites (seen under the
    /// thread sanitizer on two cores, where stalls of 10 s and once of 32 s happened: a 30 s bound
    /// failed there while every outcome was right).
    static let prompt: Duration = .seconds(60)

    /// The time limit of loads that must end by supersession or cancellation, not by their timer: far
    /// beyond any stall of the test process, so a held thread cannot turn one into `timedOut`.
    static let unreached: Duration = .seconds(600)

    /// Waits, up to ``prompt``, until the loader has recorded `count` cancelled loads: the loader sees
    /// its cancellation on its own task, a moment after the caller got its outcome.
    private func cancelledLoads(of loader: ScriptedLoader, reach count: Int) async throws -> [Step] {
      let deadline = ContinuousClock.now + Self.prompt
      while loader.cancelledLoads.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      return loader.cancelledLoads.withLock { $0 }
    }

    /// A loader that follows its destination's script and records which loads saw cancellation.
    final class ScriptedLoader: DestinationLoader {
      let cancelledLoads = Mutex<[Step]>([])
      /// Every load as it starts: a test waits for this event rather than for a delay.
      let starts = AsyncStream<Step>.makeStream()

      /// Waits until the next load has started (the coordinator has made it its current load).
      func nextStart() async {
        for await _ in starts.stream { return }
      }

      func load(_ destination: Step) async throws -> String? {
        starts.continuation.yield(destination)
        switch destination {
        case .value(let value):
          return value
        case .missing:
          return nil
        case .failure:
          throw Broken()
        case .slow(let milliseconds):
          do {
            try await Task.sleep(for: .milliseconds(milliseconds))
          } catch {
            cancelledLoads.withLock { $0.append(destination) }
            throw error
          }
          return "slow"
        case .stubborn(let milliseconds):
          await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
              continuation.resume()
            }
          }
          return "stubborn"
        case .cancelsItself:
          throw CancellationError()
        }
      }
    }

    private func describe(_ outcome: LoadOutcome<String>) -> String {
      switch outcome {
      case .loaded(let value): "loaded \(value)"
      case .notFound: "notFound"
      case .failed(let error): "failed \(error)"
      case .cancelled: "cancelled"
      case .superseded: "superseded"
      case .timedOut: "timedOut"
      }
    }

    @Test(
      "each loader result maps to its outcome",
      arguments: [
        (Step.value("video 12345"), "loaded video 12345"),
        (.missing, "notFound"),
        (.failure, "failed Broken()"),
        (.cancelsItself, "cancelled"),
      ]
    )
    func outcomes(step: Step, expected: String) async {
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: Self.unreached)
      #expect(describe(await coordinator.load(step)) == expected)
    }

    @Test("the loaded value is available through value; other outcomes have none")
    func valueAccessor() async {
      let coordinator = LoadCoordinator(loader: ScriptedLoader())
      #expect(await coordinator.load(.value("a")).value == "a")
      #expect(await coordinator.load(.missing).value == nil)
    }

    @Test("a newer load supersedes the older one at once and cancels its work")
    func newerSupersedesOlder() async throws {
      let loader = ScriptedLoader()
      let coordinator = LoadCoordinator(loader: loader, timeout: Self.unreached)
      let clock = ContinuousClock()
      let start = clock.now
      let older = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      await loader.nextStart()
      let newer = await coordinator.load(.value("newer"))
      #expect(describe(newer) == "loaded newer")
      #expect(describe(await older.value) == "superseded")
      #expect(clock.now - start < Self.prompt)
      #expect(try await cancelledLoads(of: loader, reach: 1) == [.slow(milliseconds: 120_000)])
    }

    @Test("a loader that ignores cancellation is still superseded promptly")
    func stubbornLoaderIsSuperseded() async throws {
      let loader = ScriptedLoader()
      let coordinator = LoadCoordinator(loader: loader, timeout: Self.unreached)
      let clock = ContinuousClock()
      let start = clock.now
      let older = Task { await coordinator.load(.stubborn(milliseconds: 90_000)) }
      await loader.nextStart()
      _ = await coordinator.load(.value("newer"))
      #expect(describe(await older.value) == "superseded")
      #expect(clock.now - start < Self.prompt)
    }

    @Test(
      "a load past the timeout ends as timedOut, cooperative or not",
      arguments: [Step.slow(milliseconds: 120_000), .stubborn(milliseconds: 90_000)]
    )
    func timeout(step: Step) async {
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: .milliseconds(150))
      let clock = ContinuousClock()
      let start = clock.now
      #expect(describe(await coordinator.load(step)) == "timedOut")
      #expect(clock.now - start < Self.prompt)
    }

    @Test("cancelling the caller's task ends the load as cancelled")
    func callerCancellation() async throws {
      let loader = ScriptedLoader()
      let coordinator = LoadCoordinator(loader: loader, timeout: Self.unreached)
      let task = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      await loader.nextStart()
      task.cancel()
      #expect(describe(await task.value) == "cancelled")
      #expect(try await cancelledLoads(of: loader, reach: 1).count == 1)
    }

    @Test("cancel() ends the running load as cancelled and leaves the next load unaffected")
    func explicitCancel() async throws {
      let loader = ScriptedLoader()
      let coordinator = LoadCoordinator(loader: loader, timeout: Self.unreached)
      let task = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      await loader.nextStart()
      coordinator.cancel()
      #expect(describe(await task.value) == "cancelled")
      #expect(describe(await coordinator.load(.value("next"))) == "loaded next")
    }

    @Test("a burst of loads: only the last one loads, every other is superseded")
    func burst() async {
      // Each load starts once the one before it is running (an event, not a delay), so the burst is
      // the same on a held thread as on a free one.
      let loader = ScriptedLoader()
      let coordinator = LoadCoordinator(loader: loader, timeout: Self.unreached)
      var running: [Task<String, Never>] = []
      for _ in 0..<9 {
        running.append(Task { describe(await coordinator.load(.slow(milliseconds: 120_000))) })
        await loader.nextStart()
      }
      var outcomes: [Int: String] = [9: describe(await coordinator.load(.value("last")))]
      for (index, task) in running.enumerated() {
        outcomes[index] = await task.value
      }
      #expect(outcomes[9] == "loaded last")
      #expect((0..<9).allSatisfy { outcomes[$0] == "superseded" })
    }
  }
}
