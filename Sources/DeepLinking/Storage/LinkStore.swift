/// A place where links wait until the app can apply them, handing each one over exactly once.
///
/// ``LinkIntake`` keeps links that wait for the UI and links that wait for sign-in in two stores (see
/// ``LinkStorage``). ``LinkStorage/inMemory`` keeps them for the life of the process; the
/// `DurableLinkStorage` module adds `DurableLinkStore`, which keeps them in files that survive a crash
/// or a relaunch.
///
/// A store is used from one intake at a time. Its contract:
/// - ``append(_:reason:)`` keeps a link; when it returns without throwing, the link is stored.
/// - ``pending()`` lists what is stored and not yet delivered, oldest first; ``pendingCount()`` counts
///   it without listing it, in constant time, so that counting after each link kept costs nothing
///   that grows with the links already waiting.
/// - ``deliver(isolation:_:)`` hands every stored link to its closure, oldest first, and removes each
///   one only after the closure returned; a link whose closure throws stays stored, in front.
package protocol LinkStore: AnyObject, Sendable {
  /// The links waiting to be delivered, oldest first.
  ///
  /// - Returns: Every link stored and not yet delivered, in arrival order.
  func pending() -> [IncomingLink]

  /// How many links wait to be delivered: the count of ``pending()``, in constant time.
  ///
  /// - Returns: The number of links stored and not yet delivered.
  func pendingCount() -> Int

  /// Keeps a link until it is delivered.
  ///
  /// - Parameters:
  ///   - link: The link to keep.
  ///   - reason: Why it waits, such as `"app not ready"`, handed back with it in ``LinkDelivery/reason``.
  /// - Throws: An error of the store when the link could not be kept; the link is then not stored.
  func append(_ link: IncomingLink, reason: String?) async throws

  /// Hands every waiting link to `body`, oldest first, removing each one only after `body` returns.
  ///
  /// Links appended while delivery runs are delivered too. When `body` throws, that link stays stored,
  /// delivery stops and the error is rethrown. A call made while another delivery runs returns 0 at
  /// once: the running one picks up every waiting link.
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on; pass `#isolation` for the caller's own.
  ///   - body: Applies one link; throw to leave it stored for a later call.
  /// - Returns: The number of links delivered and removed.
  /// - Throws: The error `body` threw, or an error of the store when it cannot record progress.
  @discardableResult
  func deliver(
    isolation: isolated (any Actor)?,
    _ body: (LinkDelivery) async throws -> Void
  ) async throws -> Int
}
