import DeepLinking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `DeferredLinkLedger` kept as a marker file, so the deferred-link offer is made at
/// most once per install: the file lives in the app's own container and goes with the app when it is
/// deleted.
///
/// The marker is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a symbolic link planted at its path
/// is never followed (nothing is written where it points); any entry at the path, a planted link
/// included, counts as spent, so a planted entry can only keep the offer from being made, never make
/// it twice.
///
/// ```swift
/// let ledger = FileDeferredLinkLedger(at: URL.applicationSupportDirectory.appendingPathComponent("deferred-link-offered"))
/// ```
public struct FileDeferredLinkLedger: DeferredLinkLedger {
  /// The marker file's path.
  public let path: String

  /// Creates a ledger whose marker is at `url` (a file URL; its folder must exist).
  ///
  /// - Parameter url: The marker file.
  public init(at url: URL) {
    path = url.path
  }

  /// Whether any entry exists at the marker's path (not following a link there).
  ///
  /// - Throws: ``DurableLinkStoreError`` when the path cannot be examined for another reason than
  ///   being absent (a folder without permission).
  public func isSpent() throws -> Bool {
    var status = stat()
    if lstat(path, &status) == 0 { return true }
    guard errno == ENOENT else {
      let code = errno
      throw DurableLinkStoreError.io(
        operation: "lstat", path: path, code: code, message: String(cString: strerror(code)))
    }
    return false
  }

  /// Creates the marker file, never following a link at its path; an existing entry is left as it is.
  ///
  /// - Throws: ``DurableLinkStoreError`` when the marker cannot be created (a missing folder).
  public func spend() throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
      return
    }
    // An existing marker, or a link planted at its path (not followed), both count as spent.
    guard errno == EEXIST || errno == ELOOP else {
      let code = errno
      throw DurableLinkStoreError.io(
        operation: "open", path: path, code: code, message: String(cString: strerror(code)))
    }
  }
}
