import Foundation

/// How one load of a destination ended, in terms an app can map to a screen.
///
/// - ``loaded(_:)``: show the destination.
/// - ``notFound``: show a "not found" screen.
/// - ``failed(_:)``: show an error with a retry.
/// - ``timedOut``: show a "taking too long" screen with a retry.
/// - ``cancelled`` and ``superseded``: show nothing; the user or a newer link moved on.
package enum LoadOutcome<Value: Sendable>: Sendable {
  /// The value loaded.
  case loaded(Value)
  /// The loader found nothing for the destination.
  case notFound
  /// The loader threw an error.
  case failed(any Error)
  /// The caller's task was cancelled, or ``LoadCoordinator/cancel()`` was called.
  case cancelled
  /// A newer load started before this one finished.
  case superseded
  /// The load took longer than the coordinator's timeout.
  case timedOut

  /// The loaded value, or `nil` for every other outcome.
  package var value: Value? {
    if case .loaded(let value) = self {
      return value
    }
    return nil
  }
}
