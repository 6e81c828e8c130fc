/// Links waiting for a condition (the UI ready, a signed-in user): in a ``LinkStore``, and in memory
/// when the store failed to take one, so that a failing disk delays no link and loses none.
@MainActor
final class PendingLinks {
  private let store: any LinkStore
  private let reason: String
  /// Links the store refused, kept in memory and delivered after the stored ones.
  private var unstored: [IncomingLink] = []

  init(store: any LinkStore, reason: String) {
    self.store = store
    self.reason = reason
  }

  /// The waiting links, oldest first (those the store refused last).
  var links: [IncomingLink] { store.pending() + unstored }

  /// How many links wait, without listing them: constant time.
  var count: Int { store.pendingCount() + unstored.count }

  /// Keeps a link in the store, durably before returning when the store is durable.
  ///
  /// - Throws: The store's error; the link is then not kept.
  func append(_ link: IncomingLink) async throws {
    try await store.append(link, reason: reason)
  }

  /// Keeps a link in the store or, when the store fails, in memory.
  func keep(_ link: IncomingLink) async {
    do {
      try await append(link)
    } catch {
      unstored.append(link)
    }
  }

  /// Hands every waiting link to `body` once, oldest first; a stored link is removed only after `body`
  /// returns, so a crash in between hands it over again at the next launch.
  ///
  /// - Throws: The store's error when it cannot record progress; the link in hand then stays stored
  ///   for the next drain, and the links kept in memory are still handed over.
  func drain(_ body: (IncomingLink) async -> Void) async throws {
    var failure: (any Error)?
    do {
      try await store.deliver(isolation: #isolation) { delivery in await body(delivery.link) }
    } catch {
      failure = error
    }
    let inMemory = unstored
    unstored.removeAll()
    for link in inMemory { await body(link) }
    if let failure { throw failure }
  }
}
