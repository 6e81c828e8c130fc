import Foundation

/// Links waiting for a condition (the UI ready, a signed-in user): in memory, or in a durable store.
@MainActor
final class PendingLinks {
  private let store: DurableLinkStore?
  private var memory: [IncomingLink] = []
  private let reason: String

  init(store: DurableLinkStore?, reason: String) {
    self.store = store
    self.reason = reason
  }

  /// The waiting links, oldest first.
  var links: [IncomingLink] {
    guard let store else { return memory }
    return store.pending().map(Self.incoming)
  }

  /// Keeps a link; with a store, durably before returning (the disk work runs on the store's queue).
  func append(_ link: IncomingLink) async throws(DurableLinkStoreError) {
    guard let store else {
      memory.append(link)
      return
    }
    try await store.append(
      StoredLink(
        id: link.id, urlString: link.url, source: link.source, receivedAt: link.receivedAt, reason: reason))
  }

  /// Hands every waiting link to `body` once, oldest first; with a store, each link is removed only
  /// after `body` returns.
  func drain(_ body: (IncomingLink) async -> Void) async throws {
    guard let store else {
      let links = memory
      memory.removeAll()
      for link in links { await body(link) }
      return
    }
    try await store.deliver { delivery in await body(Self.incoming(delivery.link)) }
  }

  private static func incoming(_ stored: StoredLink) -> IncomingLink {
    IncomingLink(id: stored.id, url: stored.urlString, source: stored.source, receivedAt: stored.receivedAt)
  }
}
