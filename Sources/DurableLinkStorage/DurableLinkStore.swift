import DeepLinking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps links the app cannot apply yet in a directory, and hands each one to the app exactly once.
///
/// A link arrives before the app is ready (during launch, behind a login, while offline). The intake
/// parks it here with `append(_:reason:)`; once the app is ready, `deliver(isolation:_:)` hands
/// the parked links over in arrival order. A `LinkIntake` uses two of these through
/// `LinkStorage.durable(directory:)`; the store can also be used on its own:
///
/// ```swift
/// let store = try DurableLinkStore(directory: appSupport.appendingPathComponent("links"))
/// try await store.append(IncomingLink(url: url, source: .notification), reason: "not signed in")
/// // ... later, when the navigator is ready:
/// try await store.deliver { delivery in open(delivery.link.url) }
/// ```
///
/// ## Guarantees
/// - **Nothing reported stored is lost.** `append(_:reason:)` returns only after the entry file and the
///   directory that names it are flushed to disk (write a temporary file, `fsync`, `rename`, `fsync`
///   the directory). A crash before that leaves at most a temporary file, which the next open deletes;
///   such a link was never reported stored. Every name and size the store writes is one it loads again:
///   an entry larger than ``maximumEntrySize`` is refused by `append(_:reason:)` rather than written.
/// - **A link is removed only after it was applied.** `deliver(isolation:_:)` first moves the entry to
///   `delivering/` (durably), then calls the closure, then deletes the entry (durably). If the closure
///   throws, the entry goes back and delivery stops, so order is kept.
/// - **Exactly once for state that lives in the process.** Within one process a link is handed over
///   once. If the process dies after the hand-over began and before the deletion reached the disk, the
///   next process hands it over once more with `LinkDelivery.isRedelivery` set: the navigation state
///   that applied it died with the crashed process, so the user sees it applied exactly once. Effects
///   that outlive the process (a server call, a database row) must be de-duplicated by
///   `IncomingLink.id` when `LinkDelivery.isRedelivery` is `true`.
/// - **A redelivery happens at most once.** Before a redelivery the entry moves to `redelivering/`. If
///   the process dies again, the link is treated as the cause of the crash: the next open moves it to
///   `quarantine/` and reports ``DurableLinkStoreError/abandoned(file:link:)`` instead of crashing again.
///   The move to `delivering/` is the durable record of an attempt, so a process that dies between
///   that move and the call of the closure also counts as an attempt. ``quarantinedEntries()`` lists
///   abandoned links for any later process; the app may inspect them and append them again.
/// - **Bad files never crash the app or block good links.** A truncated or garbage entry, a file whose
///   name the store does not write (including a name that is not valid UTF-8), a file that is not a
///   regular file, and a file larger than ``maximumEntrySize`` (never read) are moved to `quarantine/`
///   under their exact names and reported in ``problems``; every other entry still loads. A bad file
///   that cannot be moved is left where it is and reported.
/// - **No link it did not create is followed.** The store's directory, its folders and its lock are
///   opened without following a symbolic link (`O_NOFOLLOW`) and checked once opened (`fstat`): each
///   folder must be a directory owned by the process's user, the lock a regular file. A symbolic link
///   there, a directory of another user, or a lock of another type makes opening fail with
///   ``DurableLinkStoreError/foreignEntry(path:reason:)`` naming it, and nothing inside is touched.
///   Every later step works relative to the folders opened then (`openat`, `renameat`, `unlinkat`),
///   never through a path again. A symbolic link or other entry that is not a regular file inside a
///   folder, `tmp/` included, is moved to `quarantine/` as it is (the link itself, never its target)
///   and reported.
///
/// ## Files
/// An entry is named `SEQUENCE-ID.json`: the 20-digit, zero-padded arrival number (a `UInt64`) and the
/// link's id. Opening also accepts the shorter numbers and lower-case ids earlier versions or other
/// tools wrote, and every later step uses the name exactly as it was found. Names are handled as the
/// bytes the file system returns, never decoded and re-encoded.
///
/// ## Threads
/// One store owns its directory: a second store on the same directory, in this process or another,
/// fails with ``DurableLinkStoreError/locked(path:)`` (after waiting up to 200 ms for a store that is
/// closing); the lock is released when the store is deallocated or the process ends. The store is
/// thread-safe. `append(_:reason:)` and the steps of a delivery wait for `fsync`, which usually takes
/// milliseconds but can take longer on a busy disk; they run one at a time on the store's own serial
/// queue, never on the caller's thread, so awaiting them from the main actor does not block it.
/// Opening reads the directory on the calling thread.
package final class DurableLinkStore: LinkStore {
  /// The largest entry file the store writes or reads, in bytes: 64 KiB.
  ///
  /// A stored link is a few hundred bytes; `append(_:reason:)` refuses a larger one with
  /// ``DurableLinkStoreError/entryTooLarge(id:size:limit:)``, and opening quarantines a larger file
  /// without reading it.
  package static let maximumEntrySize = 65_536

  /// The directory that holds the store.
  package let directory: URL

  /// What opening the directory set aside: corrupt entries and links abandoned after repeated crashes.
  package let problems: [DurableLinkStoreError]

  private enum Folder: String, CaseIterable {
    case pending, delivering, redelivering, quarantine, tmp
  }

  private struct Entry: Sendable {
    var sequence: UInt64
    var record: StoredLinkRecord
    /// Claimed by a process that died: the next delivery is a redelivery.
    var needsRedelivery: Bool
    /// The entry's file name exactly as it is on disk, used for every operation on the file.
    var fileName: [UInt8]
  }

  private struct State: Sendable {
    var entries = WaitingQueue<Entry>()
    var ids: Set<UUID> = []
    /// `nil` once the sequence reached `UInt64.max`: the store takes no more links until reopened empty.
    var nextSequence: UInt64? = 1
    var isDelivering = false
    /// How many times a folder was listed: while opening, never per delivered link.
    var folderListings = 0
  }

  private struct Envelope: Codable {
    var version: Int
    var link: StoredLinkRecord
  }

  private let root: RawPath
  /// The directory and its folders, opened once without following links; closed with the store.
  private let folders: Folders
  private let state: LockedValue<State>
  private let lockDescriptor: Int32
  /// Runs every step that writes to the directory, one at a time and off the caller's thread.
  private let diskQueue = DispatchQueue(label: "DurableLinkStorage.DurableLinkStore")
  /// Called on the disk queue with the name of each step as it starts; lets tests see where disk work runs.
  let diskStepObserver = LockedValue<(@Sendable (String) -> Void)?>(nil)

  /// The work delivery did beyond one step per link: entries moved in memory by the waiting queue,
  /// and folders listed (only while opening). Tests bound both.
  var deliveryWork: (entryMoves: Int, folderListings: Int) {
    state.withLock { ($0.entries.moves, $0.folderListings) }
  }

  /// Opens (or creates) a store in a directory and recovers from any crash that interrupted it.
  ///
  /// Opening deletes unfinished temporary files, marks links that a crashed process had started to
  /// deliver for redelivery, quarantines links that crashed a redelivery, and quarantines bad files,
  /// listing them in ``problems``. A bad file never makes opening fail.
  ///
  /// - Parameter directory: The directory to keep the links in. It is created when missing, with every
  ///   missing directory above it; each directory the store creates is readable only by its owner
  ///   (mode `0700`).
  ///   Directories above it are followed as the system resolves them; the directory itself, its
  ///   folders and its lock never are.
  /// - Throws: ``DurableLinkStoreError/locked(path:)`` when another store has the directory open,
  ///   ``DurableLinkStoreError/notADirectory(path:)`` when a file that is not a directory stands where
  ///   the directory or one above it should be,
  ///   ``DurableLinkStoreError/foreignEntry(path:reason:)`` when the directory, a folder or the lock is
  ///   not the store's own (a symbolic link, a directory of another user, a lock that is not a regular
  ///   file), or ``DurableLinkStoreError/io(operation:path:code:message:)`` when the directory cannot be
  ///   used.
  package init(directory: URL) throws(DurableLinkStoreError) {
    self.directory = directory
    let rootPath = directory.path
    root = RawPath(rootPath)
    try Self.makeDirectories([rootPath])
    let rootDescriptor = try Self.openOwnDirectory(AT_FDCWD, root.bytes, path: root)
    let lockDescriptor: Int32
    do throws(DurableLinkStoreError) {
      lockDescriptor = try Self.lock(rootDescriptor, root: root)
    } catch {
      close(rootDescriptor)
      throw error
    }
    self.lockDescriptor = lockDescriptor
    let folders: Folders
    do throws(DurableLinkStoreError) {
      folders = try Self.openFolders(rootDescriptor, root: root)
    } catch {
      close(lockDescriptor)
      throw error
    }
    self.folders = folders
    do throws(DurableLinkStoreError) {
      let (recovered, problems) = try Self.recover(folders, root: root)
      state = LockedValue(recovered)
      self.problems = problems
    } catch {
      folders.close()
      close(lockDescriptor)
      throw error
    }
  }

  deinit {
    folders.close()
    close(lockDescriptor)
  }

  /// Everything in the `quarantine` folder, including what earlier processes set aside.
  ///
  /// ``problems`` lists only what this open found; a link abandoned by a process that has since
  /// exited shows up here. Quarantined files stay until the app deletes them.
  ///
  /// - Returns: One problem per quarantined file, in file-name order. A name that is not valid UTF-8
  ///   is shown with each byte outside ASCII written as `\xNN`.
  /// - Throws: An I/O error when the folder cannot be listed.
  package func quarantinedEntries() throws(DurableLinkStoreError) -> [DurableLinkStoreError] {
    try Self.quarantinedEntries(in: folders.quarantine, root: root)
  }

  /// Everything in the `quarantine` folder of the store in `directory`, without opening the store (an
  /// open store holds a lock on its directory); none when the directory holds no store.
  ///
  /// - Parameter directory: The store's directory.
  /// - Returns: One problem per quarantined file, in file-name order.
  /// - Throws: ``DurableLinkStoreError/foreignEntry(path:reason:)`` when the directory or its
  ///   `quarantine` folder is not the store's own (as for opening), or an I/O error when the folder
  ///   exists but cannot be listed.
  package static func quarantinedEntries(inStoreAt directory: URL) throws(DurableLinkStoreError)
    -> [DurableLinkStoreError]
  {
    let root = RawPath(directory.path)
    guard let rootDescriptor = try openOwnDirectory(AT_FDCWD, root.bytes, path: root, missing: .absent) else {
      return []
    }
    defer { close(rootDescriptor) }
    let name = Array(Folder.quarantine.rawValue.utf8)
    guard
      let folder = try openOwnDirectory(rootDescriptor, name, path: path(root, .quarantine), missing: .absent)
    else { return [] }
    defer { close(folder) }
    return try quarantinedEntries(in: folder, root: root)
  }

  private static func quarantinedEntries(in folder: Int32, root: RawPath) throws(DurableLinkStoreError)
    -> [DurableLinkStoreError]
  {
    var listings = 0
    return try list(folder, path: path(root, .quarantine), counting: &listings).map {
      stored -> DurableLinkStoreError in
      for kind in QuarantineKind.allCases {
        let prefix = Array((kind.rawValue + "-").utf8)
        guard stored.starts(with: prefix) else { continue }
        let name = Self.removingClashSuffix(Array(stored.dropFirst(prefix.count)))
        let (entry, failure) = Self.read(name, stored: stored, in: folder)
        switch kind {
        case .abandoned:
          return .abandoned(file: Self.displayName(name), link: entry?.record.link)
        case .corrupt:
          return .corrupt(file: Self.displayName(name), reason: failure ?? "a second entry for the same id")
        }
      }
      return .corrupt(file: Self.displayName(stored), reason: "unrecognized file in quarantine")
    }
  }

  /// The links waiting to be delivered, oldest first.
  ///
  /// - Returns: Every link stored and not yet delivered, in arrival order, including links a crashed
  ///   process had started to deliver.
  package func pending() -> [IncomingLink] {
    state.withLock { $0.entries.elements.map(\.record.link) }
  }

  /// How many links wait to be delivered, in constant time: what ``pending()`` would list, including
  /// links a crashed process had started to deliver.
  ///
  /// - Returns: The number of links stored and not yet delivered.
  package func pendingCount() -> Int {
    state.withLock { $0.entries.count }
  }

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

  private func onDisk<Value: Sendable>(
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

  // MARK: - Recovery

  private static func recover(_ folders: Folders, root: RawPath) throws(DurableLinkStoreError) -> (
    State, [DurableLinkStoreError]
  ) {
    var state = State()
    var problems: [DurableLinkStoreError] = []
    // An unfinished write is a regular file; anything else in tmp/ was not made by the store.
    for name in try list(folders.tmp, path: path(root, .tmp), counting: &state.folderListings) {
      var status = stat()
      guard fstatat(folders.tmp, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      guard status.st_mode & S_IFMT != S_IFREG else {
        unlinkat(folders.tmp, name.cString, 0)
        continue
      }
      let note = quarantine(name, from: .tmp, as: .corrupt, folders: folders, root: root)
      problems.append(.corrupt(file: displayName(name), reason: notARegularFile(status.st_mode) + note))
    }
    var maxSequence: UInt64?
    for name in try list(
      folders.redelivering, path: path(root, .redelivering), counting: &state.folderListings)
    {
      let (parsed, _) = read(name, in: folders.redelivering)
      if let parsed {
        maxSequence = max(maxSequence ?? 0, parsed.sequence)
      }
      // Reported abandoned whether or not the move works: either way it is not delivered again.
      _ = quarantine(name, from: .redelivering, as: .abandoned, folders: folders, root: root)
      problems.append(.abandoned(file: displayName(name), link: parsed?.record.link))
    }
    var entries: [Entry] = []
    for folder in [Folder.delivering, .pending] {
      for name in try list(folders[folder], path: path(root, folder), counting: &state.folderListings) {
        let (parsed, failure) = read(name, in: folders[folder])
        guard var entry = parsed, !state.ids.contains(entry.record.id) else {
          let note = quarantine(name, from: folder, as: .corrupt, folders: folders, root: root)
          let reason = (failure ?? "a second entry for the same id") + note
          problems.append(.corrupt(file: displayName(name), reason: reason))
          continue
        }
        entry.needsRedelivery = folder == .delivering
        maxSequence = max(maxSequence ?? 0, entry.sequence)
        state.ids.insert(entry.record.id)
        entries.append(entry)
      }
    }
    entries.sort { first, second in
      first.sequence != second.sequence
        ? first.sequence < second.sequence : first.fileName.lexicographicallyPrecedes(second.fileName)
    }
    state.entries = WaitingQueue(entries)
    if let maxSequence {
      let (next, overflow) = maxSequence.addingReportingOverflow(1)
      state.nextSequence = overflow ? nil : next
    }
    return (state, problems)
  }

  /// The name the store writes for an entry: the sequence as 20 zero-padded digits, the id, `.json`.
  private static func fileName(sequence: UInt64, id: UUID) -> [UInt8] {
    let digits = String(sequence)
    let padded = String(repeating: "0", count: max(0, sequenceDigits - digits.count)) + digits
    return Array((padded + "-" + id.uuidString + ".json").utf8)
  }

  /// Enough digits for every `UInt64`.
  private static let sequenceDigits = 20

  /// Reads an entry's sequence number and id from its file name: 1 to 20 ASCII digits that fit in a
  /// `UInt64`, `-`, a UUID in either case, `.json`.
  private static func parseFileName(_ name: [UInt8]) -> (sequence: UInt64, id: UUID)? {
    let suffix = Array(".json".utf8)
    let uuidLength = 36
    guard let dash = name.firstIndex(of: UInt8(ascii: "-")), (1...sequenceDigits).contains(dash),
      name.count == dash + 1 + uuidLength + suffix.count, name.suffix(suffix.count).elementsEqual(suffix)
    else {
      return nil
    }
    let digits = name[..<dash]
    guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let sequence = UInt64(String(decoding: digits, as: UTF8.self)),
      let uuidText = StrictUTF8.decode(name[(dash + 1)..<(dash + 1 + uuidLength)]),
      let id = UUID(uuidString: uuidText)
    else {
      return nil
    }
    return (sequence, id)
  }

  /// Reads one entry file of a folder, checking what it is and its size before reading; returns the
  /// entry, or why it is unusable.
  ///
  /// - Parameters:
  ///   - name: The entry's name, as the store wrote it.
  ///   - stored: The file's name in the folder, when it differs from `name` (in `quarantine/`).
  ///   - folder: The folder's descriptor.
  /// - Returns: The entry, or `nil` and why the file is unusable.
  private static func read(_ name: [UInt8], stored: [UInt8]? = nil, in folder: Int32) -> (Entry?, String?) {
    guard StrictUTF8.isValid(name) else {
      return (nil, "the file name is not valid UTF-8")
    }
    guard let (sequence, id) = parseFileName(name) else {
      return (nil, "unrecognized file name")
    }
    let data: Data
    switch readBounded(stored ?? name, in: folder) {
    case .success(let contents):
      data = contents
    case .failure(let reason):
      return (nil, reason.text)
    }
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: data)
    } catch {
      return (nil, "not a stored link (\(data.count) bytes): \(error)")
    }
    guard envelope.version == 1 else {
      return (nil, "unknown version \(envelope.version)")
    }
    guard envelope.link.id == id else {
      return (nil, "the file name says \(id.uuidString) but the entry says \(envelope.link.id.uuidString)")
    }
    return (Entry(sequence: sequence, record: envelope.link, needsRedelivery: false, fileName: name), nil)
  }

  private struct ReadFailure: Error {
    var text: String
  }

  /// The contents of a regular file of at most ``maximumEntrySize`` bytes; a larger file is not read,
  /// and a symbolic link is not followed.
  private static func readBounded(_ name: [UInt8], in folder: Int32) -> Result<Data, ReadFailure> {
    let descriptor = openat(folder, name.cString, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if fstatat(folder, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT == S_IFLNK
      {
        return .failure(ReadFailure(text: notFollowed))
      }
      return .failure(ReadFailure(text: "unreadable: \(String(cString: strerror(code))) (errno \(code))"))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .failure(ReadFailure(text: "unreadable: fstat failed"))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .failure(ReadFailure(text: notARegularFile(status.st_mode)))
    }
    let limit = maximumEntrySize
    guard status.st_size <= limit else {
      return .failure(
        ReadFailure(text: "\(status.st_size) bytes, over the limit of \(limit) bytes; not read"))
    }
    // One byte more than the limit tells a file that grew since fstat from one that fits.
    var buffer = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < buffer.count {
      let got = buffer.withUnsafeMutableBytes { bytes -> Int in
        guard let base = bytes.baseAddress else { return 0 }
        return systemRead(descriptor, base + count, bytes.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(ReadFailure(text: "unreadable: \(String(cString: strerror(errno)))"))
      }
      if got == 0 { break }
      count += got
    }
    guard count <= limit else {
      return .failure(ReadFailure(text: "over the limit of \(limit) bytes; not read"))
    }
    return .success(Data(buffer[..<count]))
  }

  /// Why a file is in `quarantine/`: the prefix of its name there.
  private enum QuarantineKind: String, CaseIterable {
    case abandoned, corrupt
  }

  /// Moves a bad file to `quarantine/` under its exact name with the kind in front; a symbolic link
  /// is moved itself, never what it points to.
  ///
  /// Never fails: a file that cannot be moved stays where it is, and the returned note (empty when the
  /// move worked) says so, to be added to the report.
  private static func quarantine(
    _ name: [UInt8], from folder: Folder, as kind: QuarantineKind, folders: Folders, root: RawPath
  ) -> String {
    var target = Array((kind.rawValue + "-").utf8) + name
    var status = stat()
    if fstatat(folders.quarantine, target.cString, &status, AT_SYMLINK_NOFOLLOW) == 0 {
      target += Array(("." + UUID().uuidString).utf8)
    }
    do throws(DurableLinkStoreError) {
      try rename(name, from: folder, to: target, in: .quarantine, folders: folders, root: root)
    } catch {
      return " (left in \(folder.rawValue)/: \(error))"
    }
    do throws(DurableLinkStoreError) {
      try syncDirectory(folders.quarantine, path: path(root, .quarantine))
      try syncDirectory(folders[folder], path: path(root, folder))
    } catch {
      return " (moved to quarantine/, but not yet flushed: \(error))"
    }
    return ""
  }

  /// A quarantined name without the `.<uuid>` added to avoid a clash with an earlier file.
  private static func removingClashSuffix(_ name: [UInt8]) -> [UInt8] {
    let suffixLength = 1 + 36
    guard name.count > suffixLength else { return name }
    let original = Array(name.dropLast(suffixLength))
    let suffix = name.suffix(suffixLength)
    guard suffix.first == UInt8(ascii: "."), original.count > 5,
      original.suffix(5).elementsEqual(".json".utf8),
      let text = StrictUTF8.decode(suffix.dropFirst()), UUID(uuidString: text) != nil
    else {
      return name
    }
    return original
  }

  /// A file name for reports: as it is when it is valid UTF-8, otherwise with every byte outside ASCII
  /// (and every control character) written as `\xNN`.
  static func displayName(_ name: [UInt8]) -> String {
    if let text = StrictUTF8.decode(name) {
      return text
    }
    return name.map { byte in
      (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
        ? String(UnicodeScalar(byte))
        : "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }.joined()
  }
  // MARK: - File system

  private static func path(_ root: RawPath, _ folder: Folder) -> RawPath {
    root.appending(Array(folder.rawValue.utf8))
  }

  private static func ioError(_ operation: String, _ path: RawPath) -> DurableLinkStoreError {
    ioError(operation, path.display)
  }

  private static func ioError(_ operation: String, _ path: String) -> DurableLinkStoreError {
    let code = errno
    return .io(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
  }

  /// Creates directories and every missing directory above them, each with mode `0700`, then flushes
  /// each directory that names a new one (once), so a stored link never outlives the path to it.
  ///
  /// Existing directories are only looked at (`stat`), never passed to `mkdir`: a sandbox may refuse
  /// `mkdir` on a parent the app cannot write even though it exists. Directories above a path are
  /// followed as the system resolves them; the path itself is not (`lstat`): a symbolic link there is
  /// refused.
  private static func makeDirectories(_ paths: [String]) throws(DurableLinkStoreError) {
    var changedParents: [String] = []
    for path in paths {
      for parent in try makeDirectory(path) where !changedParents.contains(parent) {
        changedParents.append(parent)
      }
    }
    for parent in changedParents {
      let path = RawPath(parent)
      // Above the store: followed as the system resolves it, like every directory above.
      let descriptor = open(path.cString, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { throw ioError("open", path) }
      defer { close(descriptor) }
      try syncDirectory(descriptor, path: path)
    }
  }

  /// Creates a directory and every missing directory above it, each with mode `0700`.
  ///
  /// - Returns: The directories that gained an entry, to be flushed.
  private static func makeDirectory(_ path: String) throws(DurableLinkStoreError) -> [String] {
    var missing: [String] = []
    var current = path
    while true {
      var status = stat()
      let found = current == path ? lstat(current, &status) : stat(current, &status)
      if found == 0 {
        if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: current, reason: notFollowed) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .notADirectory(path: current) }
        break
      }
      // ENOTDIR: something above is not a directory; going up finds it and names it.
      guard errno == ENOENT || errno == ENOTDIR else { throw ioError("stat", current) }
      missing.append(current)
      let parent = parentPath(of: current)
      guard parent != current else { break }
      current = parent
    }
    var changedParents: [String] = []
    for directory in missing.reversed() {
      if mkdir(directory, 0o700) != 0 {
        guard errno == EEXIST else { throw ioError("mkdir", directory) }
        // Created meanwhile by someone else: fine if it is a directory.
        var status = stat()
        guard (directory == path ? lstat(directory, &status) : stat(directory, &status)) == 0,
          status.st_mode & S_IFMT == S_IFDIR
        else {
          if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: directory, reason: notFollowed) }
          throw .notADirectory(path: directory)
        }
        continue
      }
      changedParents.append(parentPath(of: directory))
    }
    return changedParents
  }

  /// The directory that contains a path: `/a/b` for `/a/b/c`, `/` for `/a`, `.` for `a`.
  private static func parentPath(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    guard slash != trimmed.startIndex else { return "/" }
    return String(trimmed[..<slash])
  }

  /// Why an entry that is a symbolic link is refused or set aside.
  static let notFollowed = "a symbolic link, which the store does not follow"

  /// Why an entry of another type is refused or set aside where a regular file belongs.
  static func notARegularFile(_ mode: mode_t) -> String {
    mode & S_IFMT == S_IFLNK ? notFollowed : "\(typeName(mode)), not a regular file"
  }

  /// What an entry is, from its `st_mode`: "a directory", "a FIFO", ...
  static func typeName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a directory"
    case S_IFLNK: "a symbolic link"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "a file of unknown type"
    }
  }

  /// What to do when a directory to open does not exist.
  private enum Missing {
    case fails, absent
  }

  /// Opens a directory without following a symbolic link in its place, and checks that it is a
  /// directory owned by the process's user.
  ///
  /// - Parameters:
  ///   - parent: The directory `name` is in (`AT_FDCWD` for a path, whose parents are followed).
  ///   - name: The directory's name, or its path under `AT_FDCWD`.
  ///   - path: The directory's path, for errors.
  ///   - missing: Whether a missing directory is an error or gives `nil`.
  /// - Returns: The descriptor, to be closed by the caller; `nil` for a missing directory when
  ///   `missing` is `.absent`.
  /// - Throws: ``DurableLinkStoreError/foreignEntry(path:reason:)`` for a symbolic link or a directory
  ///   of another user, ``DurableLinkStoreError/notADirectory(path:)`` for another type, or an I/O
  ///   error.
  private static func openOwnDirectory(
    _ parent: Int32, _ name: [UInt8], path: RawPath, missing: Missing = .fails
  ) throws(DurableLinkStoreError) -> Int32? {
    let descriptor = openat(parent, name.cString, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT && missing == .absent { return nil }
      var status = stat()
      if code == ELOOP || code == ENOTDIR, fstatat(parent, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0 {
        if status.st_mode & S_IFMT == S_IFLNK { throw .foreignEntry(path: path.display, reason: notFollowed) }
        if code == ENOTDIR && missing == .absent { return nil }
        throw .notADirectory(path: path.display)
      }
      // Something above is not a directory: there is no store here.
      if code == ENOTDIR && missing == .absent { return nil }
      errno = code
      throw ioError("open", path)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = ioError("fstat", path)
      close(descriptor)
      throw failure
    }
    let user = geteuid()
    guard status.st_uid == user else {
      close(descriptor)
      throw .foreignEntry(
        path: path.display, reason: "owned by user \(status.st_uid), not by this process's user (\(user))")
    }
    return descriptor
  }

  /// ``openOwnDirectory(_:_:path:missing:)`` for a directory that must exist.
  private static func openOwnDirectory(_ parent: Int32, _ name: [UInt8], path: RawPath)
    throws(DurableLinkStoreError) -> Int32
  {
    guard let descriptor = try openOwnDirectory(parent, name, path: path, missing: .fails) else {
      throw .notADirectory(path: path.display)
    }
    return descriptor
  }

  /// Creates the store's folders that are missing (mode `0700`) and opens each; takes over the root's
  /// descriptor (closed on failure).
  private static func openFolders(_ rootDescriptor: Int32, root: RawPath) throws(DurableLinkStoreError)
    -> Folders
  {
    var descriptors: [Int32] = []
    var created = false
    do throws(DurableLinkStoreError) {
      for folder in Folder.allCases {
        let name = Array(folder.rawValue.utf8)
        if mkdirat(rootDescriptor, name.cString, 0o700) == 0 {
          created = true
        } else if errno != EEXIST {
          throw ioError("mkdir", path(root, folder))
        }
        descriptors.append(try openOwnDirectory(rootDescriptor, name, path: path(root, folder)))
      }
      if created { try syncDirectory(rootDescriptor, path: root) }
    } catch {
      for descriptor in descriptors { close(descriptor) }
      close(rootDescriptor)
      throw error
    }
    return Folders(root: rootDescriptor, descriptors: descriptors)
  }

  /// Opens and locks the store's `lock` file: a regular file, created if missing, never through a
  /// symbolic link.
  private static func lock(_ rootDescriptor: Int32, root: RawPath) throws(DurableLinkStoreError) -> Int32 {
    let name = Array("lock".utf8)
    let lockPath = root.appending(name)
    let descriptor = openat(
      rootDescriptor, name.cString, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      let code = errno
      var status = stat()
      if fstatat(rootDescriptor, name.cString, &status, AT_SYMLINK_NOFOLLOW) == 0,
        status.st_mode & S_IFMT != S_IFREG
      {
        throw .foreignEntry(path: lockPath.display, reason: notARegularFile(status.st_mode))
      }
      errno = code
      throw ioError("open", lockPath)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .foreignEntry(path: lockPath.display, reason: notARegularFile(status.st_mode))
    }
    // A lock just released can stay held for a moment by a child process between fork and exec (the
    // descriptor is close-on-exec), so a busy lock is tried again for up to 200 ms before giving up.
    var attempts = 0
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      if code == EWOULDBLOCK && attempts < 40 {
        attempts += 1
        usleep(5_000)
        continue
      }
      close(descriptor)
      if code == EWOULDBLOCK {
        throw .locked(path: root.display)
      }
      throw .io(
        operation: "flock", path: lockPath.display, code: code, message: String(cString: strerror(code)))
    }
    return descriptor
  }

  /// The names in an open folder, as the bytes the file system returns, in byte order.
  private static func list(_ folder: Int32, path: RawPath, counting listings: inout Int)
    throws(DurableLinkStoreError) -> [[UInt8]]
  {
    listings += 1
    // A descriptor of its own: `closedir` closes it, and reading starts at the first entry.
    let descriptor = openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, let directory = fdopendir(descriptor) else {
      let failure = ioError("opendir", path)
      if descriptor >= 0 { close(descriptor) }
      throw failure
    }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let item = readdir(directory) {
      // `d_name` is a fixed-size, NUL-terminated array: its bytes up to the NUL are the name.
      let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
      if name != Array(".".utf8) && name != Array("..".utf8) {
        names.append(name)
      }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// Writes a new file in a folder and flushes it; a file of that name is replaced, never written
  /// through.
  private static func writeSynced(_ data: Data, to name: [UInt8], in folder: Int32, path folderPath: RawPath)
    throws(DurableLinkStoreError)
  {
    let path = folderPath.appending(name)
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = openat(folder, name.cString, flags, 0o600)
    if descriptor < 0 && errno == EEXIST {
      // Left by an earlier attempt, or planted: removed (the name only), then created afresh.
      unlinkat(folder, name.cString, 0)
      descriptor = openat(folder, name.cString, flags, 0o600)
    }
    guard descriptor >= 0 else {
      throw ioError("open", path)
    }
    var failure: DurableLinkStoreError?
    data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let base = buffer.baseAddress {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR {
            continue
          }
          failure = ioError("write", path)
          return
        }
        offset += written
      }
    }
    if failure == nil && fsync(descriptor) != 0 {
      failure = ioError("fsync", path)
    }
    close(descriptor)
    if let failure {
      unlinkat(folder, name.cString, 0)
      throw failure
    }
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
  {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #elseif canImport(Musl)
      Musl.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// Renames an entry from one folder to another (`renameat`): a symbolic link is moved itself.
  private static func rename(
    _ name: [UInt8], from: Folder, to target: [UInt8], in destination: Folder, folders: Folders, root: RawPath
  ) throws(DurableLinkStoreError) {
    guard renameat(folders[from], name.cString, folders[destination], target.cString) == 0 else {
      throw ioError(
        "rename to \(path(root, destination).appending(target).display)", path(root, from).appending(name))
    }
  }

  private static func move(_ name: [UInt8], from: Folder, to: Folder, folders: Folders, root: RawPath)
    throws(DurableLinkStoreError)
  {
    try rename(name, from: from, to: name, in: to, folders: folders, root: root)
    try syncDirectory(folders[to], path: path(root, to))
    try syncDirectory(folders[from], path: path(root, from))
  }

  private static func syncDirectory(_ descriptor: Int32, path: RawPath) throws(DurableLinkStoreError) {
    guard fsync(descriptor) == 0 else {
      throw ioError("fsync", path)
    }
  }

  /// The store's directory and its folders, opened once; every step after opening works relative to
  /// these descriptors.
  private struct Folders: Sendable {
    var root: Int32
    /// One per ``Folder``, in the order of `Folder.allCases`.
    var descriptors: [Int32]

    subscript(folder: Folder) -> Int32 {
      switch folder {
      case .pending: descriptors[0]
      case .delivering: descriptors[1]
      case .redelivering: descriptors[2]
      case .quarantine: descriptors[3]
      case .tmp: descriptors[4]
      }
    }

    var pending: Int32 { self[.pending] }
    var quarantine: Int32 { self[.quarantine] }
    var tmp: Int32 { self[.tmp] }
    var redelivering: Int32 { self[.redelivering] }

    func close() {
      for descriptor in descriptors + [root] {
        _ = DurableLinkStore.closeDescriptor(descriptor)
      }
    }
  }

  fileprivate static func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(descriptor)
    #elseif canImport(Musl)
      Musl.close(descriptor)
    #else
      Darwin.close(descriptor)
    #endif
  }
}

extension [UInt8] {
  /// The NUL-terminated form the system calls take.
  fileprivate var cString: [CChar] {
    map { CChar(bitPattern: $0) } + [0]
  }
}

/// A file-system path as bytes, so that names which are not valid UTF-8 reach the system unchanged.
private struct RawPath: Sendable {
  var bytes: [UInt8]

  init(_ path: String) {
    bytes = Array(path.utf8)
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// This path with one more component.
  func appending(_ name: [UInt8]) -> RawPath {
    RawPath(bytes: bytes + [UInt8(ascii: "/")] + name)
  }

  /// The NUL-terminated form the system calls take.
  var cString: [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
  }

  /// The path for messages.
  var display: String {
    DurableLinkStore.displayName(bytes)
  }
}
