import DeepLinking
import Foundation

extension LinkStorage {
  /// Two file stores inside one directory: `waiting-for-ready` and `waiting-for-sign-in`.
  ///
  /// A `LinkIntake` with this storage writes each waiting link to disk before its `receive` returns;
  /// links left by an earlier launch are counted at once and applied at `markReady()`.
  ///
  /// ```swift
  /// let directory = URL.applicationSupportDirectory.appendingPathComponent("links")
  /// let intake = LinkIntake(
  ///   destinations: screens, navigator: navigator, storage: try .durable(directory: directory),
  ///   isSignedIn: false)
  /// ```
  ///
  /// - Parameter directory: The directory of the two stores; created if needed, with every missing
  ///   directory above it.
  /// - Returns: The storage.
  /// - Throws: ``DurableLinkStoreError`` when a store cannot be opened (another store or process has
  ///   it, a file stands where a directory goes, the directory is not writable, or a symbolic link or
  ///   a directory of another user stands where the store's own belongs).
  public static func durable(directory: URL) throws(DurableLinkStoreError) -> LinkStorage {
    LinkStorage(
      waitingForReady: try DurableLinkStore(directory: directory.appendingPathComponent("waiting-for-ready")),
      waitingForSignIn: try DurableLinkStore(
        directory: directory.appendingPathComponent("waiting-for-sign-in")))
  }

  /// The files the durable storage in `directory` set aside, in both stores: corrupt entries and links
  /// abandoned after a redelivery crashed the app.
  ///
  /// Opening the storage never fails because of a bad file: it moves the file to a `quarantine` folder
  /// and goes on. This lists those folders, including what earlier launches set aside, so an app can
  /// report them; the files stay until the app deletes them. It reads without opening the stores, so it
  /// works while an intake uses them.
  ///
  /// ```swift
  /// for problem in try LinkStorage.quarantinedLinks(in: directory) {
  ///   print(problem)  // quarantined corrupt entry …: not a stored link
  /// }
  /// ```
  ///
  /// - Parameter directory: The directory given to ``durable(directory:)``.
  /// - Returns: One error per quarantined file, with code `corrupt` or `abandoned`: those of
  ///   `waiting-for-ready`, then those of `waiting-for-sign-in`, each in file-name order; none when the
  ///   directory holds no storage.
  /// - Throws: ``DurableLinkStoreError`` when a quarantine folder exists but cannot be listed, or when
  ///   a store's directory or its quarantine folder is not the store's own (a symbolic link, which is
  ///   never followed, or a directory of another user).
  public static func quarantinedLinks(in directory: URL) throws(DurableLinkStoreError)
    -> [DurableLinkStoreError]
  {
    try DurableLinkStore.quarantinedEntries(inStoreAt: directory.appendingPathComponent("waiting-for-ready"))
      + DurableLinkStore.quarantinedEntries(
        inStoreAt: directory.appendingPathComponent("waiting-for-sign-in"))
  }
}
