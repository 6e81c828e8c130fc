import Foundation

/// A value guarded by a pthread-based lock.
///
/// The package's shared mutable state goes through this rather than `Synchronization.Mutex`, whose
/// futex-based implementation on Linux is invisible to the thread sanitizer: with a lock the sanitizer
/// understands, `swift test --sanitize=thread` checks the real synchronization instead of reporting
/// every access made under the lock. Package-wide, so that the package's other modules
/// (`DurableLinkStorage`, `TrackingLinks`) share this one lock type.
package final class LockedValue<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value.
  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
