import DeepLinking
import Foundation
import Synchronization
import Testing

@testable import DurableLinkStorage

/// Entries the store did not create, planted in its directory by anything else that can write there:
/// symbolic links in place of its folders, its lock or its entries, entries of the wrong type, folders
/// of another user. The store never follows such a link and never acts on what it points to: it
/// refuses a folder or lock that is not its own, naming it, and sets a planted entry aside.
@Suite("DurableLinkStore with entries planted in its directory", .serialized)
struct DurableLinkStorePlantedEntryTests {
  let temporary: TemporaryDirectory
  let root: URL
  /// A folder outside the store with files of its own: what a planted link points at.
  let victim: URL

  init() throws {
    temporary = try TemporaryDirectory()
    root = temporary.sub("links")
    victim = temporary.sub("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: false)
    // What a store would act on if it followed a link here: an entry, garbage, an unfinished write.
    let entry = link(99)
    try Data(try entryBytes(entry)).write(
      to: victim.appendingPathComponent("00000000000000000099-\(entry.id.uuidString).json"))
    try Data("the user's notes".utf8).write(to: victim.appendingPathComponent("notes.txt"))
    try Data("half written".utf8).write(to: victim.appendingPathComponent("\(UUID().uuidString).tmp"))
  }

  private func link(_ number: Int) -> IncomingLink { .numbered(number) }

  private func entryBytes(_ link: IncomingLink) throws -> [UInt8] {
    let json =
      #"{"link":{"id":"\#(link.id.uuidString)","receivedAt":\#(link.receivedAt.timeIntervalSinceReferenceDate),"#
      + #""source":"\#(link.source.rawValue)","urlString":"\#(link.url)"},"version":1}"#
    return Array(json.utf8)
  }

  private func entryName(_ number: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: 20 - digits.count) + digits + "-\(link(number).id.uuidString).json"
  }

  private func folder(_ name: String) -> URL {
    root.appendingPathComponent(name)
  }

  /// Every name in a folder with the contents of its file (empty for anything but a regular file).
  private func snapshot(_ directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let url = directory.appendingPathComponent(name)
      files[name] = fileType(url) == S_IFREG ? try Data(contentsOf: url) : Data()
    }
    return files
  }

  private func symlink(_ url: URL, to destination: URL) throws {
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination.path)
  }

  /// What `lstat` says the entry is, without following it.
  private func fileType(_ url: URL) -> mode_t? {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  /// A closed store holding links 1 and 2 in `pending/`, and a garbage file there the next open would
  /// quarantine.
  private func storeWithTwoLinksAndAGarbageFile() async throws {
    let store = try DurableLinkStore(directory: root)
    try await store.append(link(1))
    try await store.append(link(2))
    try Data("garbage".utf8).write(to: folder("pending").appendingPathComponent("garbage.json"))
  }

  /// Opening the store fails with the typed error for `entry`, saying why.
  private func expectRefused(
    _ entry: URL, because reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try DurableLinkStore(directory: root)
      Issue.record("the store opened with \(entry.path) planted", sourceLocation: sourceLocation)
    } catch {
      #expect(error.code == .foreignEntry, "\(error)", sourceLocation: sourceLocation)
      #expect(error.path == entry.path, "\(error)", sourceLocation: sourceLocation)
      #expect(error.message == reason, "\(error)", sourceLocation: sourceLocation)
      #expect(
        error.description.hasPrefix("\(entry.path) is \(reason)"), "\(error)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "a folder of the store that is a symbolic link is refused, naming it; what it points to is untouched",
    arguments: ["tmp", "pending", "delivering", "redelivering", "quarantine"])
  func symlinkedFolder(name: String) async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    let before = try snapshot(victim)
    let aside = temporary.sub("aside-\(name)")
    try FileManager.default.moveItem(at: folder(name), to: aside)
    try symlink(folder(name), to: victim)

    expectRefused(folder(name), because: "a symbolic link, which the store does not follow")
    #expect(try snapshot(victim) == before)
    #expect(fileType(folder(name)) == S_IFLNK)
    // Nothing was lost: with the folder back, every link and the garbage file are where they were.
    let pending = name == "pending" ? aside : folder("pending")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: pending.path).sorted() == [
        entryName(1), entryName(2), "garbage.json",
      ])
    try FileManager.default.removeItem(at: folder(name))
    try FileManager.default.moveItem(at: aside, to: folder(name))
    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1), link(2)])
    #expect(store.problems.map(\.path) == ["garbage.json"])
  }

  @Test(
    "a lock that is a symbolic link is refused; the file it names is neither created nor opened",
    arguments: ["created-by-the-lock", "notes.txt"])
  func symlinkedLock(target: String) async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    let before = try snapshot(victim)
    try FileManager.default.removeItem(at: root.appendingPathComponent("lock"))
    try symlink(root.appendingPathComponent("lock"), to: victim.appendingPathComponent(target))

    expectRefused(
      root.appendingPathComponent("lock"), because: "a symbolic link, which the store does not follow")
    #expect(try snapshot(victim) == before)
    #expect(
      !FileManager.default.fileExists(atPath: victim.appendingPathComponent("created-by-the-lock").path))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder("pending").path).sorted() == [
        entryName(1), entryName(2), "garbage.json",
      ])
  }

  @Test("a lock that is a directory or a FIFO is refused as not a regular file")
  func lockOfTheWrongType() async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    let lock = root.appendingPathComponent("lock")
    try FileManager.default.removeItem(at: lock)
    try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    expectRefused(lock, because: "a directory, not a regular file")
    try FileManager.default.removeItem(at: lock)
    #expect(mkfifo(lock.path, 0o600) == 0)
    expectRefused(lock, because: "a FIFO, not a regular file")
  }

  @Test(
    "the store's own directory, when it is a symbolic link, is refused and what it points to is untouched")
  func symlinkedRoot() throws {
    let before = try snapshot(victim)
    try symlink(root, to: victim)
    expectRefused(root, because: "a symbolic link, which the store does not follow")
    #expect(try snapshot(victim) == before)
  }

  @Test(
    "a symbolic link named like an entry in pending/ is quarantined as a link, never followed; its target is untouched"
  )
  func symlinkedEntry() async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    try FileManager.default.removeItem(at: folder("pending").appendingPathComponent("garbage.json"))
    // The target is a well-formed entry for the same name: following the link would load it.
    let target = victim.appendingPathComponent("entry.json")
    try Data(try entryBytes(link(13))).write(to: target)
    let before = try snapshot(victim)
    try symlink(folder("pending").appendingPathComponent(entryName(13)), to: target)

    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1), link(2)])
    let problem = DurableLinkStoreError.corrupt(
      file: entryName(13), reason: "a symbolic link, which the store does not follow")
    #expect(store.problems == [problem])
    #expect(try store.quarantinedEntries() == [problem])
    // The link itself moved, still pointing where it did.
    let quarantined = folder("quarantine").appendingPathComponent("corrupt-" + entryName(13))
    #expect(fileType(quarantined) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: quarantined.path) == target.path)
    let delivered = Mutex<[IncomingLink]>([])
    try await store.deliver { delivery in delivered.withLock { $0.append(delivery.link) } }
    #expect(delivered.withLock { $0 } == [link(1), link(2)])
    #expect(try snapshot(victim) == before)
  }

  @Test("a symbolic link or a directory in tmp/ is set aside and reported, not deleted through")
  func plantedInTemporaryFolder() async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    let before = try snapshot(victim)
    try symlink(folder("tmp").appendingPathComponent("a.tmp"), to: victim.appendingPathComponent("notes.txt"))
    try symlink(folder("tmp").appendingPathComponent("b.tmp"), to: victim)
    try FileManager.default.createDirectory(
      at: folder("tmp").appendingPathComponent("c.tmp"), withIntermediateDirectories: false)
    try Data("unfinished".utf8).write(to: folder("tmp").appendingPathComponent("d.tmp"))

    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1), link(2)])
    #expect(
      store.problems == [
        .corrupt(file: "a.tmp", reason: "a symbolic link, which the store does not follow"),
        .corrupt(file: "b.tmp", reason: "a symbolic link, which the store does not follow"),
        .corrupt(file: "c.tmp", reason: "a directory, not a regular file"),
        .corrupt(file: "garbage.json", reason: "unrecognized file name"),
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder("tmp").path).isEmpty)
    #expect(fileType(folder("quarantine").appendingPathComponent("corrupt-a.tmp")) == S_IFLNK)
    #expect(fileType(folder("quarantine").appendingPathComponent("corrupt-b.tmp")) == S_IFLNK)
    #expect(try snapshot(victim) == before)
  }

  @Test(
    "a folder of the store, or the store's directory, owned by another user is refused",
    .enabled(if: geteuid() == 0, "changing a folder's owner needs root"),
    arguments: ["", "pending", "quarantine"])
  func folderOfAnotherUser(name: String) async throws {
    try await storeWithTwoLinksAndAGarbageFile()
    let entry = name.isEmpty ? root : folder(name)
    #expect(chown(entry.path, 65_534, 65_534) == 0)
    expectRefused(entry, because: "owned by user 65534, not by this process's user (\(geteuid()))")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder("pending").path).sorted() == [
        entryName(1), entryName(2), "garbage.json",
      ])
  }
}
