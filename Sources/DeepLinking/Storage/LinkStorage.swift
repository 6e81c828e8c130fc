/// Where a ``LinkIntake`` keeps the links that wait: one store for links that wait for the UI, one for
/// links that wait for sign-in.
///
/// ``inMemory`` keeps them for the life of the process. The `DurableLinkStorage` module adds
/// `LinkStorage.durable(directory:)`, which keeps them in files that survive a crash or a relaunch.
///
/// ```swift
/// let intake = LinkIntake(destinations: screens, storage: .inMemory, isSignedIn: false) {
///   _ = try navigator.open($0)
/// }
/// ```
public struct LinkStorage: Sendable {
  /// The links received before ``LinkIntake/markReady()``.
  package var waitingForReady: any LinkStore
  /// The links whose route needs a signed-in user, received while signed out.
  package var waitingForSignIn: any LinkStore

  /// Creates storage from two stores.
  ///
  /// - Parameters:
  ///   - waitingForReady: The store of links received before the UI is ready.
  ///   - waitingForSignIn: The store of links that wait for sign-in; a different store from
  ///     `waitingForReady`.
  package init(waitingForReady: any LinkStore, waitingForSignIn: any LinkStore) {
    self.waitingForReady = waitingForReady
    self.waitingForSignIn = waitingForSignIn
  }

  /// Two new stores in memory: waiting links are kept for the life of the process.
  public static var inMemory: LinkStorage {
    LinkStorage(waitingForReady: InMemoryLinkStore(), waitingForSignIn: InMemoryLinkStore())
  }
}
