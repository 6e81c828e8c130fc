import Foundation

/// Runs one destination load at a time: a newer load supersedes the older one, and every load has a
/// time limit.
///
/// Links arrive in bursts (a notification tapped while a Universal Link is still loading); only the
/// newest should win. ``load(_:)`` starts a load and, if another is running, ends that one at once
/// with ``LoadOutcome/superseded`` and cancels its work. A load that outlives the timeout ends with
/// ``LoadOutcome/timedOut``. Outcomes are returned as soon as they are decided, even if a loader
/// ignores cancellation; its late result is dropped.
///
/// ```swift
/// let coordinator = LoadCoordinator(loader: VideoLoader(catalog: catalog), timeout: .seconds(8))
/// switch await coordinator.load(.video(id: 12345)) {
/// case .loaded(let video): navigator.push(.player(video))
/// case .notFound: navigator.push(.notFound)
/// case .failed, .timedOut: navigator.push(.retry)
/// case .cancelled, .superseded: break
/// }
/// ```
package final class LoadCoordinator<Loader: DestinationLoader>: Sendable {
  /// The outcome type of this coordinator's loads.
  package typealias Outcome = LoadOutcome<Loader.Value>

  /// The loader that does the work.
  package let loader: Loader
  /// The time limit of each load.
  package let timeout: Duration

  private let current = LockedValue<Attempt?>(nil)

  /// Creates a coordinator.
  ///
  /// - Parameters:
  ///   - loader: The loader that does the work.
  ///   - timeout: The time limit of each load (default 10 seconds).
  package init(loader: Loader, timeout: Duration = .seconds(10)) {
    self.loader = loader
    self.timeout = timeout
  }

  /// Loads a destination, superseding any load still running.
  ///
  /// - Parameter destination: The destination to load.
  /// - Returns: How the load ended. Cancelling the calling task ends it with ``LoadOutcome/cancelled``.
  package func load(_ destination: Loader.Destination) async -> Outcome {
    let attempt = Attempt()
    let previous = current.withLock { current -> Attempt? in
      defer { current = attempt }
      return current
    }
    previous?.finish(.superseded)
    let loader = self.loader
    let timeout = self.timeout
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let work = Task {
          let outcome: Outcome
          do {
            if let value = try await loader.load(destination) {
              outcome = .loaded(value)
            } else {
              outcome = .notFound
            }
          } catch is CancellationError {
            outcome = .cancelled
          } catch {
            outcome = .failed(error)
          }
          attempt.finish(outcome)
        }
        let timer = Task {
          do {
            try await Task.sleep(for: timeout)
            attempt.finish(.timedOut)
          } catch {
            // Cancelled: the load ended first.
          }
        }
        attempt.start(continuation, tasks: [work, timer])
      }
    } onCancel: {
      attempt.finish(.cancelled)
    }
    current.withLock { current in
      if current === attempt {
        current = nil
      }
    }
    return outcome
  }

  /// Cancels the running load, if any; its caller gets ``LoadOutcome/cancelled``.
  package func cancel() {
    let running = current.withLock { current -> Attempt? in
      defer { current = nil }
      return current
    }
    running?.finish(.cancelled)
  }

  /// One load: decided once, by whichever of work, timer, supersession or cancellation comes first.
  private final class Attempt: Sendable {
    private struct Slot {
      var continuation: CheckedContinuation<Outcome, Never>?
      var outcome: Outcome?
      var tasks: [Task<Void, Never>] = []
    }

    private let slot = LockedValue(Slot())

    /// Hands over the caller's continuation and the tasks to cancel; resumes at once if already decided.
    func start(_ continuation: CheckedContinuation<Outcome, Never>, tasks: [Task<Void, Never>]) {
      let decided = slot.withLock { slot -> Outcome? in
        if let outcome = slot.outcome {
          return outcome
        }
        slot.continuation = continuation
        slot.tasks = tasks
        return nil
      }
      if let decided {
        for task in tasks {
          task.cancel()
        }
        continuation.resume(returning: decided)
      }
    }

    /// Decides the outcome if it is not decided yet, cancels the work and resumes the caller.
    func finish(_ outcome: Outcome) {
      let taken = slot.withLock { slot -> (CheckedContinuation<Outcome, Never>?, [Task<Void, Never>])? in
        guard slot.outcome == nil else {
          return nil
        }
        slot.outcome = outcome
        defer {
          slot.continuation = nil
          slot.tasks = []
        }
        return (slot.continuation, slot.tasks)
      }
      guard let (continuation, tasks) = taken else {
        return
      }
      for task in tasks {
        task.cancel()
      }
      continuation?.resume(returning: outcome)
    }
  }
}
