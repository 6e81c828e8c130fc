import DeepLinking
import Synchronization

/// A store around another that counts the links it lists through `pending()`: the copies an intake
/// makes of the links waiting, which tests of the intake's work bound count.
package final class ListingCountingStore: LinkStore {
  /// The store that keeps the links.
  package let inner: any LinkStore
  private let listedLinks = Mutex(0)

  /// Wraps `inner`, with no link listed yet.
  package init(_ inner: any LinkStore) {
    self.inner = inner
  }

  /// How many links `pending()` has listed so far, over all its calls.
  package var listed: Int { listedLinks.withLock { $0 } }

  package func pending() -> [IncomingLink] {
    let links = inner.pending()
    listedLinks.withLock { $0 += links.count }
    return links
  }

  package func pendingCount() -> Int { inner.pendingCount() }

  package func append(_ link: IncomingLink, reason: String?) async throws {
    try await inner.append(link, reason: reason)
  }

  package func deliver(
    isolation: isolated (any Actor)?, _ body: (LinkDelivery) async throws -> Void
  ) async throws -> Int {
    try await inner.deliver(isolation: isolation, body)
  }
}
