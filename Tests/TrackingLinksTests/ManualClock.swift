import Foundation
import Synchronization

@testable import TrackingLinks

/// A clock that stands still until the test moves it: a time limit read on it is reached when the test
/// says so, however fast or slow the machine runs the test.
final class ManualClock: Sendable {
  private let origin = ContinuousClock.now
  private let offset = Mutex(Duration.zero)

  /// The clock a resolver or a fetch reads its limits on.
  var deadlineClock: DeadlineClock {
    DeadlineClock { [self] in origin + offset.withLock { $0 } }
  }

  /// Moves the clock to `time` after its start.
  func move(to time: Duration) {
    offset.withLock { $0 = time }
  }
}
