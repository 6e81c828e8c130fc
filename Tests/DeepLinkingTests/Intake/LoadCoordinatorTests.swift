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

    /// "At once", for a load that would otherwise take 90 s or more: far below the load's own time,
    /// with room for a test process whose shared threads are briefly held by other suites (seen under
    /// the thread sanitizer on two cores, where 10 s stalls happen).
    static let prompt: Duration = .seconds(30)

    /// A loader that follows its destination's script and records which loads saw cancellation.
    final class ScriptedLoader: DestinationLoader {
      let cancelledLoads = Mutex<[Step]>([])

      func load(_ destination: Step) async throws -> String? {
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
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: .seconds(5))
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
      let coordinator = LoadCoordinator(loader: loader, timeout: .seconds(5))
      let clock = ContinuousClock()
      let start = clock.now
      let older = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      try await Task.sleep(for: .milliseconds(100))
      let newer = await coordinator.load(.value("newer"))
      #expect(describe(newer) == "loaded newer")
      #expect(describe(await older.value) == "superseded")
      #expect(clock.now - start < Self.prompt)
      try await Task.sleep(for: .milliseconds(50))
      #expect(loader.cancelledLoads.withLock { $0 } == [.slow(milliseconds: 120_000)])
    }

    @Test("a loader that ignores cancellation is still superseded promptly")
    func stubbornLoaderIsSuperseded() async throws {
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: .seconds(5))
      let clock = ContinuousClock()
      let start = clock.now
      let older = Task { await coordinator.load(.stubborn(milliseconds: 90_000)) }
      try await Task.sleep(for: .milliseconds(100))
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
      let coordinator = LoadCoordinator(loader: loader, timeout: .seconds(5))
      let task = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      try await Task.sleep(for: .milliseconds(100))
      task.cancel()
      #expect(describe(await task.value) == "cancelled")
      try await Task.sleep(for: .milliseconds(50))
      #expect(loader.cancelledLoads.withLock { $0 }.count == 1)
    }

    @Test("cancel() ends the running load as cancelled and leaves the next load unaffected")
    func explicitCancel() async throws {
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: .seconds(5))
      let task = Task { await coordinator.load(.slow(milliseconds: 120_000)) }
      try await Task.sleep(for: .milliseconds(100))
      coordinator.cancel()
      #expect(describe(await task.value) == "cancelled")
      #expect(describe(await coordinator.load(.value("next"))) == "loaded next")
    }

    @Test("a burst of loads: only the last one loads, every other is superseded")
    func burst() async {
      let coordinator = LoadCoordinator(loader: ScriptedLoader(), timeout: .seconds(5))
      let outcomes = await withTaskGroup(of: (Int, String).self) { group in
        for index in 0..<10 {
          group.addTask {
            try? await Task.sleep(for: .milliseconds(20 * index))
            let step: Step = index == 9 ? .value("last") : .slow(milliseconds: 2_000)
            return (index, describe(await coordinator.load(step)))
          }
        }
        var results: [Int: String] = [:]
        for await (index, outcome) in group {
          results[index] = outcome
        }
        return results
      }
      #expect(outcomes[9] == "loaded last")
      #expect((0..<9).allSatisfy { outcomes[$0] == "superseded" })
    }
  }
}
