import Foundation

/// The clock a time limit is read on: the continuous clock, or in tests a clock the test moves, so
/// that a test of a time limit does not depend on how fast the machine runs it.
///
/// Only the reading of the limit goes through it: the fetch still checks every
/// ``BoundedFetch/checkInterval`` of real time, and `URLSession`'s own limit, a whole second past the
/// deadline, runs on real time.
package struct DeadlineClock: Sendable {
  /// The current instant.
  package let now: @Sendable () -> ContinuousClock.Instant

  /// A clock that reads its instants from `now`.
  ///
  /// - Parameter now: The current instant, on each call.
  package init(now: @escaping @Sendable () -> ContinuousClock.Instant) {
    self.now = now
  }

  /// The continuous clock, on which every limit is read outside tests.
  package static let continuous = DeadlineClock { ContinuousClock.now }
}
