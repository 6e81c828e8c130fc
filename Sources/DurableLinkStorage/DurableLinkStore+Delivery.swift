import DeepLinking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DurableLinkStore {
  /// Hands every pending link to `body`, oldest first, removing each one only after `body` returns.
  ///
  /// Links appended while delivery runs are delivered too. If `body` throws, that link stays stored
  /// (it is handed over again by a later call), delivery stops and the error is rethrown. If the
  /// calling task is cancelled, delivery stops before the next link. When another `deliver` call is
  /// already running, this call returns 0 at once: the running call picks up every pending link.
  /// See the type's discussion for what happens when the process dies during delivery.
  ///
  /// `body` runs on the caller's actor (`isolation` defaults to it), so a `@MainActor` intake can apply
  /// links straight to its navigation state; the disk steps around it run on the store's queue.
  ///
  /// - Parameters:
  ///   - isolation: The actor to run on; leave the default, the caller's own.
  ///   - body: Applies one link; throw to leave the link stored for a later call.
  /// - Returns: The number of links delivered and removed.
  /// - Throws: The error `body` threw, or a ``DurableLinkStoreError`` when the store cannot record
  ///   progress (then the link in hand stays stored).
  @discardableResult
  package func deliver(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LinkDelivery) async throws -> Void
  ) async throws -> Int {
    let started = state.withLock { state -> Bool in
      guard !state.isDelivering else {
        return false
      }
      state.isDelivering = true
      return true
    }
    guard started else {
      return 0
    }
    defer { state.withLock { $0.isDelivering = false } }
    var delivered = 0
    while !Task.isCancelled, let entry = try await claimNext() {
      do {
        try await body(
          LinkDelivery(
            link: entry.record.link, reason: entry.record.reason, isRedelivery: entry.needsRedelivery))
      } catch {
        try await unclaim(entry)
        throw error
      }
      try await acknowledge(entry)
      delivered += 1
    }
    return delivered
  }

  // MARK: - Delivery steps

  /// Runs one disk step on the store's queue and waits for it; the step always runs to its end, even
  /// when the waiting task is cancelled.
  /// Returns once the disk work queued so far has finished and released what it held: a barrier on
  /// the store's serial queue. An operation's caller resumes from inside that work, a moment before
  /// the work lets go of its captures (the encoded entry, for one); a harness that counts allocations
  /// when an operation returns (the fuzz targets' leak check) waits here first.
  package func waitForQueuedDiskWork() {
    diskQueue.sync {}
  }

  func onDisk<Value: Sendable>(
    _ step: String,
    _ body: @escaping @Sendable () throws(DurableLinkStoreError) -> Value
  ) async throws(DurableLinkStoreError) -> Value {
    let observer = diskStepObserver
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, DurableLinkStoreError>, Never>) in
      diskQueue.async {
        observer.withLock { $0 }?(step)
        continuation.resume(returning: Result { () throws(DurableLinkStoreError) -> Value in try body() })
      }
    }
    return try result.get()
  }

  /// Moves the oldest entry to `delivering/` (or `redelivering/`) durably and returns it.
  private func claimNext() async throws(DurableLinkStoreError) -> Entry? {
    let root = self.root
    let folders = self.folders
    let state = self.state
    return try await onDisk("claim") { () throws(DurableLinkStoreError) -> Entry? in
      guard let entry = state.withLock({ $0.entries.first }) else {
        return nil
      }
      let from: Folder = entry.needsRedelivery ? .delivering : .pending
      let to: Folder = entry.needsRedelivery ? .redelivering : .delivering
      try Self.move(entry.fileName, from: from, to: to, folders: folders, root: root)
      state.withLock { _ = $0.entries.popFirst() }
      return entry
    }
  }

  /// Puts a claimed entry back at the front, in the state it was claimed from.
  private func unclaim(_ entry: Entry) async throws(DurableLinkStoreError) {
    let root = self.root
    let folders = self.folders
    let state = self.state
    try await onDisk("unclaim") { () throws(DurableLinkStoreError) in
      let from: Folder = entry.needsRedelivery ? .redelivering : .delivering
      let to: Folder = entry.needsRedelivery ? .delivering : .pending
      try Self.move(entry.fileName, from: from, to: to, folders: folders, root: root)
      state.withLock { $0.entries.pushFront(entry) }
    }
  }

  /// Deletes a delivered entry durably.
  private func acknowledge(_ entry: Entry) async throws(DurableLinkStoreError) {
    let folder: Folder = entry.needsRedelivery ? .redelivering : .delivering
    let descriptor = folders[folder]
    let folderPath = Self.path(root, folder)
    let state = self.state
    try await onDisk("acknowledge") { () throws(DurableLinkStoreError) in
      guard unlinkat(descriptor, entry.fileName.cString, 0) == 0 || errno == ENOENT else {
        throw Self.ioError("unlink", folderPath.appending(entry.fileName))
      }
      try Self.syncDirectory(descriptor, path: folderPath)
      state.withLock { _ = $0.ids.remove(entry.record.id) }
    }
  }
}
