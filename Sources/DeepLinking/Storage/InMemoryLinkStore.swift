/// A ``LinkStore`` that keeps links in memory, for the life of the process.
///
/// It keeps the contract of every store (oldest first, removed only after delivery, one delivery at a
/// time) and never fails. It is thread-safe. Appending, counting and delivering a link each take
/// constant time (amortised): n links kept and delivered cost O(n) in all.
package final class InMemoryLinkStore: LinkStore {
  private struct Entry: Sendable {
    var link: IncomingLink
    var reason: String?
  }

  private struct State: Sendable {
    var entries = WaitingQueue<Entry>()
    var isDelivering = false
  }

  private let state = LockedValue(State())

  /// Creates an empty store.
  package init() {}

  /// The links waiting to be delivered, oldest first.
  ///
  /// - Returns: Every link stored and not yet delivered, in arrival order.
  package func pending() -> [IncomingLink] {
    state.withLock { $0.entries.elements.map(\.link) }
  }

  /// How many links wait to be delivered, in constant time.
  ///
  /// - Returns: The number of links stored and not yet delivered.
  package func pendingCount() -> Int {
    state.withLock { $0.entries.count }
  }

  /// How many entries delivery moved in memory beyond taking each from the front (see
  /// ``WaitingQueue/moves``): tests bound it.
  var deliveryMoves: Int {
    state.withLock { $0.entries.moves }
  }

  /// Keeps a link until it is delivered.
  ///
  /// - Parameters:
  ///   - link: The link to keep.
  ///   - reason: Why it waits, handed back with it in ``LinkDelivery/reason``.
  package func append(_ link: IncomingLink, reason: String? = nil) async {
    state.withLock { $0.entries.append(Entry(link: link, reason: reason)) }
  }

  /// Hands every waiting link to `body`, oldest first, removing each one only after `body` returns.
  ///
  /// - Parameters:
  ///   - isolation: The actor `body` runs on; leave the default, the caller's own.
  ///   - body: Applies one link; throw to leave it stored, in front, for a later call.
  /// - Returns: The number of links delivered and removed; 0 when another delivery is running.
  /// - Throws: The error `body` threw.
  @discardableResult
  package func deliver(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LinkDelivery) async throws -> Void
  ) async throws -> Int {
    let started = state.withLock { state -> Bool in
      guard !state.isDelivering else { return false }
      state.isDelivering = true
      return true
    }
    guard started else { return 0 }
    defer { state.withLock { $0.isDelivering = false } }
    var delivered = 0
    while !Task.isCancelled, let entry = state.withLock({ $0.entries.first }) {
      try await body(LinkDelivery(link: entry.link, reason: entry.reason, isRedelivery: false))
      state.withLock { _ = $0.entries.popFirst() }
      delivered += 1
    }
    return delivered
  }
}
