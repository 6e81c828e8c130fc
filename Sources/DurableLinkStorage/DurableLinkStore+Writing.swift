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
  /// Stores a link durably; when this returns, the link survives a crash or power loss.
  ///
  /// The writing and flushing run on the store's serial queue; the caller's thread or actor is free
  /// meanwhile.
  ///
  /// - Parameters:
  ///   - link: The link to keep, with its id, source, time of arrival and chain.
  ///   - reason: Why it was parked, if known, such as `"app not ready"`; handed back in
  ///     `LinkDelivery.reason`.
  /// - Throws: ``DurableLinkStoreError/duplicate(id:)`` when a link with the same id is stored,
  ///   ``DurableLinkStoreError/entryTooLarge(id:size:limit:)`` when the link's entry would be larger than
  ///   ``maximumEntrySize``, ``DurableLinkStoreError/sequenceExhausted(path:)`` when the arrival numbers
  ///   ran out, or an I/O error naming the file; after an error the link is not stored.
  package func append(_ link: IncomingLink, reason: String? = nil) async throws(DurableLinkStoreError) {
    let record = StoredLinkRecord(link, reason: reason)
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(Envelope(version: 1, link: record))
    } catch {
      throw .encoding(id: link.id, message: String(describing: error))
    }
    guard data.count <= Self.maximumEntrySize else {
      throw .entryTooLarge(id: link.id, size: data.count, limit: Self.maximumEntrySize)
    }
    let root = self.root
    let folders = self.folders
    let state = self.state
    try await onDisk("append") { () throws(DurableLinkStoreError) in
      let sequence = try state.withLock { (state) throws(DurableLinkStoreError) -> UInt64 in
        guard !state.ids.contains(link.id) else {
          throw .duplicate(id: link.id)
        }
        guard let sequence = state.nextSequence else {
          throw .sequenceExhausted(path: root.display)
        }
        return sequence
      }
      let fileName = Self.fileName(sequence: sequence, id: link.id)
      let temporary = Array((link.id.uuidString + ".tmp").utf8)
      try Self.writeSynced(data, to: temporary, in: folders.tmp, path: Self.path(root, .tmp))
      do throws(DurableLinkStoreError) {
        try Self.rename(temporary, from: .tmp, to: fileName, in: .pending, folders: folders, root: root)
      } catch {
        unlinkat(folders.tmp, temporary.cString, 0)
        throw error
      }
      do throws(DurableLinkStoreError) {
        try Self.syncDirectory(folders.pending, path: Self.path(root, .pending))
      } catch {
        // Not reported stored, so it must not come back after a restart either.
        unlinkat(folders.pending, fileName.cString, 0)
        throw error
      }
      state.withLock { state in
        let (next, overflow) = sequence.addingReportingOverflow(1)
        state.nextSequence = overflow ? nil : next
        state.ids.insert(link.id)
        state.entries.append(
          Entry(sequence: sequence, record: record, needsRedelivery: false, fileName: fileName))
      }
    }
  }

  /// Stores a URL durably, creating its `IncomingLink`.
  ///
  /// - Parameters:
  ///   - url: The URL as received.
  ///   - source: Where it came from.
  ///   - reason: Why it was parked, if known.
  /// - Returns: The stored link, with its new id and the current date.
  /// - Throws: The errors of `append(_:reason:)`; after an error the link is not stored.
  @discardableResult
  package func append(
    _ url: URL,
    source: LinkSource,
    reason: String? = nil
  ) async throws(DurableLinkStoreError) -> IncomingLink {
    let link = IncomingLink(url: url.absoluteString, source: source)
    try await append(link, reason: reason)
    return link
  }
}
