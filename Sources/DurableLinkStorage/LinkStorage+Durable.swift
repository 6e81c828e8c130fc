import DeepLinking
import Foundation

extension LinkStorage {
  /// Two ``DurableLinkStore``s inside one directory: `waiting-for-ready` and `waiting-for-sign-in`.
  ///
  /// A `LinkIntake` with this storage writes each waiting link to disk before its `receive` returns;
  /// links left by an earlier launch are counted at once and applied at `markReady()`.
  ///
  /// ```swift
  /// let directory = URL.applicationSupportDirectory.appendingPathComponent("links")
  /// let intake = LinkIntake(
  ///   destinations: screens, navigator: navigator, storage: try .durable(directory: directory))
  /// ```
  ///
  /// - Parameter directory: The directory of the two stores; created if needed, with every missing
  ///   directory above it.
  /// - Returns: The storage.
  /// - Throws: ``DurableLinkStoreError`` when a store cannot be opened (another store or process has
  ///   it, a file stands where a directory goes, or the directory is not writable).
  public static func durable(directory: URL) throws(DurableLinkStoreError) -> LinkStorage {
    LinkStorage(
      waitingForReady: try DurableLinkStore(directory: directory.appendingPathComponent("waiting-for-ready")),
      waitingForSignIn: try DurableLinkStore(
        directory: directory.appendingPathComponent("waiting-for-sign-in")))
  }
}
