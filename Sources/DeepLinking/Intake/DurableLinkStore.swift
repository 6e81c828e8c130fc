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
/// parks it here with ``append(_:)``; once the app is ready, ``deliver(isolation:_:)`` hands the parked
/// links over in arrival order.
///
/// ```swift
/// let store = try DurableLinkStore(directory: appSupport.appendingPathComponent("links"))
/// try store.append(StoredLink(url: url, source: .notification, reason: "not signed in"))
/// // ... later, when the navigator is ready:
/// try await store.deliver { delivery in navigator.open(delivery.link) }
/// ```
///
/// ## Guarantees
/// - **Nothing reported stored is lost.** ``append(_:)`` returns only after the entry file and the
///   directory that names it are flushed to disk (write a temporary file, `fsync`, `rename`, `fsync`
///   the directory). A crash before that leaves at most a temporary file, which the next open deletes;
///   such a link was never reported stored.
/// - **A link is removed only after it was applied.** ``deliver(isolation:_:)`` first moves the entry to
///   `delivering/` (durably), then calls the closure, then deletes the entry (durably). If the closure
///   throws, the entry goes back and delivery stops, so order is kept.
/// - **Exactly once for state that lives in the process.** Within one process a link is handed over
///   once. If the process dies after the hand-over began and before the deletion reached the disk, the
///   next process hands it over once more with ``LinkDelivery/isRedelivery`` set: the navigation state
///   that applied it died with the crashed process, so the user sees it applied exactly once. Effects
///   that outlive the process (a server call, a database row) must be de-duplicated by
///   ``StoredLink/id`` when ``LinkDelivery/isRedelivery`` is `true`.
/// - **A redelivery happens at most once.** Before a redelivery the entry moves to `redelivering/`. If
///   the process dies again, the link is treated as the cause of the crash: the next open moves it to
///   `quarantine/` and reports ``StoredLinkProblem/abandoned(file:link:)`` instead of crashing again.
///   The move to `delivering/` is the durable record of an attempt, so a process that dies between
///   that move and the call of the closure also counts as an attempt. ``quarantinedEntries()`` lists
///   abandoned links for any later process; the app may inspect them and append them again.
/// - **Corrupt files never crash the app.** A truncated or garbage entry is moved to `quarantine/` and
///   reported in ``problems``; every other entry still loads.
///
/// One store owns its directory: a second store on the same directory, in this process or another,
/// fails with ``DurableLinkStoreError/locked(path:)`` (after waiting up to 200 ms for a store that is
/// closing); the lock is released when the store is deallocated or the process ends. The store is thread-safe. ``append(_:)`` and the steps of a
/// delivery wait for `fsync`, which usually takes milliseconds but can take longer on a busy disk.
public final class DurableLinkStore: Sendable {
  /// The directory that holds the store.
  public let directory: URL

  /// What opening the directory set aside: corrupt entries and links abandoned after repeated crashes.
  public var problems: [StoredLinkProblem] {
    state.withLock { $0.problems }
  }

  private enum Folder: String, CaseIterable {
    case pending, delivering, redelivering, quarantine, tmp
  }

  private struct Entry: Sendable {
    var sequence: UInt64
    var link: StoredLink
    /// Claimed by a process that died: the next delivery is a redelivery.
    var needsRedelivery: Bool

    var fileName: String {
      let digits = String(sequence)
      return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + "-" + link.id.uuidString
        + ".json"
    }
  }

  private struct State: Sendable {
    var entries: [Entry] = []
    var ids: Set<UUID> = []
    var nextSequence: UInt64 = 1
    var isDelivering = false
    var problems: [StoredLinkProblem] = []
  }

  private struct Envelope: Codable {
    var version: Int
    var link: StoredLink
  }

  private let state: LockedValue<State>
  private let lockDescriptor: Int32

  /// Opens (or creates) a store in a directory and recovers from any crash that interrupted it.
  ///
  /// Opening deletes unfinished temporary files, marks links that a crashed process had started to
  /// deliver for redelivery, quarantines links that crashed a redelivery, and quarantines corrupt
  /// files, listing them in ``problems``.
  ///
  /// - Parameter directory: The directory to keep the links in. It is created when missing, with every
  ///   missing directory above it; each directory the store creates is readable only by its owner
  ///   (mode `0700`).
  /// - Throws: ``DurableLinkStoreError/locked(path:)`` when another store has the directory open,
  ///   ``DurableLinkStoreError/notADirectory(path:)`` when a file that is not a directory stands where
  ///   the directory or one above it should be, or
  ///   ``DurableLinkStoreError/io(operation:path:code:message:)`` when the directory cannot be used.
  public init(directory: URL) throws(DurableLinkStoreError) {
    self.directory = directory
    let root = directory.path
    try Self.makeDirectories([root] + Folder.allCases.map { Self.path(root, $0) })
    lockDescriptor = try Self.lock(root)
    do {
      state = LockedValue(try Self.recover(root))
    } catch {
      close(lockDescriptor)
      throw error
    }
  }

  deinit {
    close(lockDescriptor)
  }

  /// Everything in the `quarantine` folder, including what earlier processes set aside.
  ///
  /// ``problems`` lists only what this open found; a link abandoned by a process that has since
  /// exited shows up here. Quarantined files stay until the app deletes them.
  ///
  /// - Returns: One problem per quarantined file, in file-name order.
  /// - Throws: An I/O error when the folder cannot be listed.
  public func quarantinedEntries() throws(DurableLinkStoreError) -> [StoredLinkProblem] {
    let folder = Self.path(directory.path, .quarantine)
    return try Self.list(folder).compactMap { stored -> StoredLinkProblem? in
      for kind in QuarantineKind.allCases where stored.hasPrefix(kind.rawValue + "-") {
        var name = String(stored.dropFirst(kind.rawValue.count + 1))
        if name.count > 16 + 1 + 36 + 5 + 37, name.dropLast(37).hasSuffix(".json") {
          name = String(name.dropLast(37))  // a ".<uuid>" added to avoid a name clash
        }
        let (entry, failure) = Self.read(name, in: folder, storedAs: stored)
        switch kind {
        case .abandoned:
          return .abandoned(file: name, link: entry?.link)
        case .corrupt:
          return .corrupt(file: name, reason: failure ?? "a second entry for the same id")
        }
      }
      return .corrupt(file: stored, reason: "unrecognized file in quarantine")
    }
  }

  /// The links waiting to be delivered, oldest first.
  ///
  /// - Returns: Every link stored and not yet delivered, in arrival order, including links a crashed
  ///   process had started to deliver.
  public func pending() -> [StoredLink] {
    state.withLock { $0.entries.map(\.link) }
  }

  /// Stores a link durably; when this returns, the link survives a crash or power loss.
  ///
  /// - Parameter link: The link to keep.
  /// - Throws: ``DurableLinkStoreError/duplicate(id:)`` when a link with the same id is stored, or an
  ///   I/O error naming the file; after an error the link is not stored.
  public func append(_ link: StoredLink) throws(DurableLinkStoreError) {
    let root = directory.path
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      data = try encoder.encode(Envelope(version: 1, link: link))
    } catch {
      throw .encoding(id: link.id, message: String(describing: error))
    }
    try state.withLock { (state) throws(DurableLinkStoreError) in
      guard !state.ids.contains(link.id) else {
        throw .duplicate(id: link.id)
      }
      let entry = Entry(sequence: state.nextSequence, link: link, needsRedelivery: false)
      let temporary = Self.path(root, .tmp) + "/" + link.id.uuidString + ".tmp"
      try Self.writeSynced(data, to: temporary)
      let pendingPath = Self.path(root, .pending)
      let finalPath = pendingPath + "/" + entry.fileName
      do throws(DurableLinkStoreError) {
        try Self.rename(temporary, finalPath)
      } catch {
        unlink(temporary)
        throw error
      }
      do throws(DurableLinkStoreError) {
        try Self.syncDirectory(pendingPath)
      } catch {
        // Not reported stored, so it must not come back after a restart either.
        unlink(finalPath)
        throw error
      }
      state.nextSequence += 1
      state.ids.insert(link.id)
      state.entries.append(entry)
    }
  }

  /// Stores a URL durably, creating its ``StoredLink``.
  ///
  /// - Parameters:
  ///   - url: The URL as received.
  ///   - source: Where it came from.
  ///   - reason: Why it was parked, if known.
  /// - Returns: The stored link, with its new id and the current date.
  /// - Throws: An I/O error naming the file; after an error the link is not stored.
  @discardableResult
  public func append(
    _ url: URL,
    source: LinkSource,
    reason: String? = nil
  ) throws(DurableLinkStoreError) -> StoredLink {
    let link = StoredLink(url: url, source: source, reason: reason)
    try append(link)
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
  /// links straight to its navigation state.
  ///
  /// - Parameters:
  ///   - isolation: The actor to run on; leave the default, the caller's own.
  ///   - body: Applies one link; throw to leave the link stored for a later call.
  /// - Returns: The number of links delivered and removed.
  /// - Throws: The error `body` threw, or a ``DurableLinkStoreError`` when the store cannot record
  ///   progress (then the link in hand stays stored).
  @discardableResult
  public func deliver(
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
    while !Task.isCancelled, let entry = try claimNext() {
      do {
        try await body(LinkDelivery(link: entry.link, isRedelivery: entry.needsRedelivery))
      } catch {
        try unclaim(entry)
        throw error
      }
      try acknowledge(entry)
      delivered += 1
    }
    return delivered
  }

  // MARK: - Delivery steps

  /// Moves the oldest entry to `delivering/` (or `redelivering/`) durably and returns it.
  private func claimNext() throws(DurableLinkStoreError) -> Entry? {
    let root = directory.path
    return try state.withLock { (state) throws(DurableLinkStoreError) -> Entry? in
      guard let entry = state.entries.first else {
        return nil
      }
      let from: Folder = entry.needsRedelivery ? .delivering : .pending
      let to: Folder = entry.needsRedelivery ? .redelivering : .delivering
      try Self.move(entry.fileName, from: from, to: to, root: root)
      state.entries.removeFirst()
      return entry
    }
  }

  /// Puts a claimed entry back at the front, in the state it was claimed from.
  private func unclaim(_ entry: Entry) throws(DurableLinkStoreError) {
    let root = directory.path
    try state.withLock { (state) throws(DurableLinkStoreError) in
      let from: Folder = entry.needsRedelivery ? .redelivering : .delivering
      let to: Folder = entry.needsRedelivery ? .delivering : .pending
      try Self.move(entry.fileName, from: from, to: to, root: root)
      state.entries.insert(entry, at: 0)
    }
  }

  /// Deletes a delivered entry durably.
  private func acknowledge(_ entry: Entry) throws(DurableLinkStoreError) {
    let folder = Self.path(directory.path, entry.needsRedelivery ? .redelivering : .delivering)
    let path = folder + "/" + entry.fileName
    guard unlink(path) == 0 || errno == ENOENT else {
      throw Self.ioError("unlink", path)
    }
    try Self.syncDirectory(folder)
    state.withLock { _ = $0.ids.remove(entry.link.id) }
  }

  // MARK: - Recovery

  private static func recover(_ root: String) throws(DurableLinkStoreError) -> State {
    var state = State()
    for name in try list(path(root, .tmp)) {
      unlink(path(root, .tmp) + "/" + name)
    }
    var maxSequence: UInt64 = 0
    for name in try list(path(root, .redelivering)) {
      let (parsed, _) = read(name, in: path(root, .redelivering))
      if let parsed {
        maxSequence = max(maxSequence, parsed.sequence)
      }
      try quarantine(name, from: .redelivering, as: .abandoned, root: root)
      state.problems.append(.abandoned(file: name, link: parsed?.link))
    }
    for folder in [Folder.delivering, .pending] {
      for name in try list(path(root, folder)) {
        let (parsed, failure) = read(name, in: path(root, folder))
        guard var entry = parsed, !state.ids.contains(entry.link.id) else {
          try quarantine(name, from: folder, as: .corrupt, root: root)
          state.problems.append(.corrupt(file: name, reason: failure ?? "a second entry for the same id"))
          continue
        }
        entry.needsRedelivery = folder == .delivering
        maxSequence = max(maxSequence, entry.sequence)
        state.ids.insert(entry.link.id)
        state.entries.append(entry)
      }
    }
    state.entries.sort { $0.sequence < $1.sequence }
    state.nextSequence = maxSequence + 1
    return state
  }

  /// Reads one entry file; returns the entry, or why it is unusable.
  private static func read(_ name: String, in folder: String, storedAs fileName: String? = nil) -> (
    Entry?, String?
  ) {
    guard name.hasSuffix(".json"), name.count == 16 + 1 + 36 + 5,
      let sequence = UInt64(name.prefix(16)),
      let id = UUID(uuidString: String(name.dropFirst(17).prefix(36)))
    else {
      return (nil, "unrecognized file name")
    }
    guard let data = FileManager.default.contents(atPath: folder + "/" + (fileName ?? name)) else {
      return (nil, "unreadable")
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
    return (Entry(sequence: sequence, link: envelope.link, needsRedelivery: false), nil)
  }

  /// Why a file is in `quarantine/`: the prefix of its name there.
  private enum QuarantineKind: String, CaseIterable {
    case abandoned, corrupt
  }

  private static func quarantine(_ name: String, from folder: Folder, as kind: QuarantineKind, root: String)
    throws(DurableLinkStoreError)
  {
    var target = kind.rawValue + "-" + name
    if FileManager.default.fileExists(atPath: path(root, .quarantine) + "/" + target) {
      target += "." + UUID().uuidString
    }
    try rename(path(root, folder) + "/" + name, path(root, .quarantine) + "/" + target)
    try syncDirectory(path(root, .quarantine))
    try syncDirectory(path(root, folder))
  }

  // MARK: - File system

  private static func path(_ root: String, _ folder: Folder) -> String {
    root + "/" + folder.rawValue
  }

  private static func ioError(_ operation: String, _ path: String) -> DurableLinkStoreError {
    let code = errno
    return .io(operation: operation, path: path, code: code, message: String(cString: strerror(code)))
  }

  /// Creates directories and every missing directory above them, each with mode `0700`, then flushes
  /// each directory that names a new one (once), so a stored link never outlives the path to it.
  ///
  /// Existing directories are only looked at (`stat`), never passed to `mkdir`: a sandbox may refuse
  /// `mkdir` on a parent the app cannot write even though it exists.
  private static func makeDirectories(_ paths: [String]) throws(DurableLinkStoreError) {
    var changedParents: [String] = []
    for path in paths {
      for parent in try makeDirectory(path) where !changedParents.contains(parent) {
        changedParents.append(parent)
      }
    }
    for parent in changedParents {
      try syncDirectory(parent)
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
      if stat(current, &status) == 0 {
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
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
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

  private static func lock(_ root: String) throws(DurableLinkStoreError) -> Int32 {
    let lockPath = root + "/lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw ioError("open", lockPath)
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
        throw .locked(path: root)
      }
      throw .io(operation: "flock", path: lockPath, code: code, message: String(cString: strerror(code)))
    }
    return descriptor
  }

  private static func list(_ folder: String) throws(DurableLinkStoreError) -> [String] {
    guard let directory = opendir(folder) else {
      throw ioError("opendir", folder)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let item = readdir(directory) {
      let name = withUnsafePointer(to: item.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != "." && name != ".." {
        names.append(name)
      }
    }
    return names.sorted()
  }

  private static func writeSynced(_ data: Data, to path: String) throws(DurableLinkStoreError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
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
      unlink(path)
      throw failure
    }
  }

  private static func rename(_ from: String, _ to: String) throws(DurableLinkStoreError) {
    #if canImport(Glibc)
      let result = Glibc.rename(from, to)
    #elseif canImport(Musl)
      let result = Musl.rename(from, to)
    #else
      let result = Darwin.rename(from, to)
    #endif
    guard result == 0 else {
      throw ioError("rename to \(to)", from)
    }
  }

  private static func move(_ name: String, from: Folder, to: Folder, root: String)
    throws(DurableLinkStoreError)
  {
    try rename(path(root, from) + "/" + name, path(root, to) + "/" + name)
    try syncDirectory(path(root, to))
    try syncDirectory(path(root, from))
  }

  private static func syncDirectory(_ path: String) throws(DurableLinkStoreError) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ioError("open", path)
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw ioError("fsync", path)
    }
  }
}
