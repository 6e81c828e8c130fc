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

  enum Folder: String, CaseIterable {
    case pending, delivering, redelivering, quarantine, tmp
  }

  struct Entry: Sendable {
    var sequence: UInt64
    var record: StoredLinkRecord
    /// Claimed by a process that died: the next delivery is a redelivery.
    var needsRedelivery: Bool
    /// The entry's file name exactly as it is on disk, used for every operation on the file.
    var fileName: [UInt8]
  }

  struct State: Sendable {
    var entries = WaitingQueue<Entry>()
    var ids: Set<UUID> = []
    /// `nil` once the sequence reached `UInt64.max`: the store takes no more links until reopened empty.
    var nextSequence: UInt64? = 1
    var isDelivering = false
    /// How many times a folder was listed: while opening, never per delivered link.
    var folderListings = 0
  }

  struct Envelope: Codable {
    var version: Int
    var link: StoredLinkRecord
  }

  let root: RawPath
  /// The directory and its folders, opened once without following links; closed with the store.
  let folders: Folders
  let state: LockedValue<State>
  let lockDescriptor: Int32
  /// Runs every step that writes to the directory, one at a time and off the caller's thread.
  let diskQueue = DispatchQueue(label: "DurableLinkStorage.DurableLinkStore")
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
}
