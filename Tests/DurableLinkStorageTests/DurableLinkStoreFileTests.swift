import DeepLinking
import Foundation
import Synchronization
import Testing

@testable import DurableLinkStorage

/// File-system helpers that work on names as raw bytes, where Foundation would repair or refuse them.
enum RawFiles {
  static func cPath(_ folder: URL, _ name: [UInt8]) -> [CChar] {
    (Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Creates `folder/name` with `contents`, then extends it to `size` bytes (sparse) when given.
  static func create(_ name: [UInt8], in folder: URL, contents: [UInt8] = [], size: Int64? = nil) throws {
    let descriptor = open(cPath(folder, name), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw Failure(description: "open failed: errno \(errno)")
    }
    defer { close(descriptor) }
    let written = contents.withUnsafeBytes { buffer -> Int in
      guard let base = buffer.baseAddress else { return 0 }
      return write(descriptor, base, buffer.count)
    }
    guard written == contents.count else {
      throw Failure(description: "write failed: errno \(errno)")
    }
    if let size, ftruncate(descriptor, off_t(size)) != 0 {
      throw Failure(description: "ftruncate failed: errno \(errno)")
    }
  }

  /// The names in a folder as the bytes the file system returns, sorted.
  static func names(in folder: URL) throws -> [[UInt8]] {
    guard let directory = opendir(folder.path) else {
      throw Failure(description: "opendir failed: errno \(errno)")
    }
    defer { closedir(directory) }
    var names: [[UInt8]] = []
    while let item = readdir(directory) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
      if name != Array(".".utf8) && name != Array("..".utf8) {
        names.append(name)
      }
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
  }

  /// The size of `folder/name` in bytes.
  static func size(_ name: [UInt8], in folder: URL) -> Int64? {
    var status = stat()
    guard lstat(cPath(folder, name), &status) == 0 else { return nil }
    return Int64(status.st_size)
  }
}

/// The store against hostile and unusual files put on disk directly: names that are not UTF-8, names
/// in other spellings, huge and special files, and the limits of the naming scheme.
///
/// Opening a store flushes directories on the calling thread, which can take a while on a busy disk:
/// the tests open stores on threads of their own, one test at a time, so that they never hold the
/// shared threads the timing-sensitive tests need.
@Suite("DurableLinkStore files on disk", .serialized)
struct DurableLinkStoreFileTests {
  let temporary: TemporaryDirectory
  let root: URL

  init() throws {
    temporary = try TemporaryDirectory()
    root = temporary.sub("links")
  }

  private func link(_ number: Int) -> IncomingLink { .numbered(number) }

  /// Opens the store on the calling thread: handing a store built on another thread back through a
  /// continuation would be a publication the thread sanitizer cannot see (the concurrency runtime
  /// is not instrumented), and the open is synchronous anyway.
  private func openStore() async throws -> DurableLinkStore {
    try DurableLinkStore(directory: root)
  }

  private func folder(_ name: String) -> URL {
    root.appendingPathComponent(name)
  }

  /// An entry for a link in the file format of every version so far, spelled out key by key rather
  /// than encoded by the store's own types, so that a change of format fails these tests.
  private func entryBytes(_ link: IncomingLink, reason: String? = nil) throws -> [UInt8] {
    let reasonKey = reason.map { #""reason":"\#($0)","# } ?? ""
    let json =
      #"{"link":{"id":"\#(link.id.uuidString)","# + reasonKey
      + #""receivedAt":\#(link.receivedAt.timeIntervalSinceReferenceDate),"#
      + #""source":"\#(link.source.rawValue)","urlString":"\#(link.url)"},"version":1}"#
    return Array(json.utf8)
  }

  private func deliverAll(_ store: DurableLinkStore) async throws -> [LinkDelivery] {
    let seen = Mutex<[LinkDelivery]>([])
    try await store.deliver { delivery in seen.withLock { $0.append(delivery) } }
    return seen.withLock { $0 }
  }

  private func storeWithTwoLinks() async throws {
    let store = try await openStore()
    try await store.append(link(1))
    try await store.append(link(2))
  }

  @Test(
    "a file name that is not valid UTF-8 is quarantined by its exact bytes; every good link still loads",
    arguments: [
      ("pending", [0x6C, 0x69, 0x6E, 0x6B, 0xFF, 0x2E, 0x6A, 0x73, 0x6F, 0x6E]),
      ("pending", Array("00000000000000000007-".utf8) + [0xC3, 0x28] + Array(".json".utf8)),
      // A surrogate, which lenient decoders accept.
      ("pending", Array("00000000000000000008-".utf8) + [0xED, 0xA0, 0x80] + Array(".json".utf8)),
      ("delivering", [0x80, 0x81, 0x82]),
    ] as [(String, [UInt8])])
  func nonUTF8Name(folderName: String, name: [UInt8]) async throws {
    try await storeWithTwoLinks()
    try RawFiles.create(name, in: folder(folderName), contents: Array("garbage".utf8))

    do {
      let store = try await openStore()
      #expect(store.pending() == [link(1), link(2)])
      let shown = DurableLinkStore.displayName(name)
      #expect(shown.contains("\\x"), "a name that is not UTF-8 is shown with escapes: \(shown)")
      #expect(store.problems == [.corrupt(file: shown, reason: "the file name is not valid UTF-8")])
      #expect(try RawFiles.names(in: folder("quarantine")) == [Array("corrupt-".utf8) + name])
      #expect(try RawFiles.names(in: folder(folderName)).filter { $0 == name }.isEmpty)
      #expect(try store.quarantinedEntries() == store.problems)
      #expect(try await deliverAll(store).map(\.link) == [link(1), link(2)])
    }
    // The next open finds nothing new to complain about.
    #expect(try await openStore().problems.isEmpty)
  }

  @Test("a name with a lower-case id and a 16-digit sequence is loaded, delivered and removed by that name")
  func lowerCaseIDIsDeliveredByItsRealName() async throws {
    try await storeWithTwoLinks()
    let third = link(3)
    let name = Array("0000000000000003-\(third.id.uuidString.lowercased()).json".utf8)
    try RawFiles.create(name, in: folder("pending"), contents: try entryBytes(third))

    let store = try await openStore()
    #expect(store.problems.isEmpty)
    #expect(store.pending() == [link(1), link(2), third])
    // A failed apply puts it back under the same name; the next delivery hands it over once.
    struct NotNow: Error {}
    await #expect(throws: NotNow.self) {
      try await store.deliver { delivery in
        if delivery.link == third { throw NotNow() }
      }
    }
    #expect(try RawFiles.names(in: folder("pending")) == [name])
    #expect(try await deliverAll(store).map(\.link) == [third])
    #expect(store.pending().isEmpty)
    for folderName in ["pending", "delivering", "redelivering", "quarantine"] {
      #expect(try RawFiles.names(in: folder(folderName)).isEmpty, "\(folderName)")
    }
  }

  @Test("an entry claimed under a lower-case name before a crash is redelivered by that name")
  func lowerCaseIDSurvivesACrashInDelivery() async throws {
    _ = try await openStore()
    let crashed = link(4)
    let name = Array("00000000000000000004-\(crashed.id.uuidString.lowercased()).json".utf8)
    try RawFiles.create(name, in: folder("delivering"), contents: try entryBytes(crashed))
    let store = try await openStore()
    let deliveries = try await deliverAll(store)
    #expect(deliveries.map(\.link) == [crashed])
    #expect(deliveries.map(\.isRedelivery) == [true])
    #expect(try RawFiles.names(in: folder("redelivering")).isEmpty)
    #expect(try RawFiles.names(in: folder("delivering")).isEmpty)
  }

  @Test("links appended after sequence 9999999999999999 are kept across an open, in order")
  func sequencePastSixteenDigits() async throws {
    _ = try await openStore()
    let old = link(1)
    try RawFiles.create(
      Array("9999999999999999-\(old.id.uuidString).json".utf8), in: folder("pending"),
      contents: try entryBytes(old))
    do {
      let store = try await openStore()
      try await store.append(link(2))
      try await store.append(link(3))
    }
    let names = try RawFiles.names(in: folder("pending")).map { String(decoding: $0, as: UTF8.self) }
    #expect(
      names.sorted() == [
        "00010000000000000000-\(link(2).id.uuidString).json",
        "00010000000000000001-\(link(3).id.uuidString).json",
        "9999999999999999-\(old.id.uuidString).json",
      ])
    let reopened = try await openStore()
    #expect(reopened.problems.isEmpty)
    #expect(reopened.pending() == [old, link(2), link(3)])
    #expect(try await deliverAll(reopened).map(\.link) == [old, link(2), link(3)])
  }

  @Test("after the largest sequence number an append is refused with a typed error, and nothing is lost")
  func sequenceExhausted() async throws {
    _ = try await openStore()
    let last = link(1)
    try RawFiles.create(
      Array("\(UInt64.max)-\(last.id.uuidString).json".utf8), in: folder("pending"),
      contents: try entryBytes(last))
    do {
      let store = try await openStore()
      #expect(store.pending() == [last])
      await #expect(throws: DurableLinkStoreError.sequenceExhausted(path: root.path)) {
        try await store.append(link(2))
      }
      #expect(store.pending() == [last])
      #expect(try await deliverAll(store).map(\.link) == [last])
    }
    // Reopened with nothing waiting, numbering starts again.
    let store = try await openStore()
    try await store.append(link(2))
    #expect(
      try RawFiles.names(in: folder("pending")) == [
        Array("00000000000000000001-\(link(2).id.uuidString).json".utf8)
      ])
  }

  @Test("a number with more digits than a UInt64 holds is not a name the store writes: quarantined")
  func tooManyDigits() async throws {
    try await storeWithTwoLinks()
    let other = link(9)
    let name = Array("100000000000000000000-\(other.id.uuidString).json".utf8)
    try RawFiles.create(name, in: folder("pending"), contents: try entryBytes(other))
    let store = try await openStore()
    #expect(store.pending() == [link(1), link(2)])
    #expect(
      store.problems == [
        .corrupt(file: String(decoding: name, as: UTF8.self), reason: "unrecognized file name")
      ])
  }

  @Test("a 300 MB entry is quarantined from its size alone, without being read")
  func hugeEntryIsNotRead() async throws {
    try await storeWithTwoLinks()
    let huge = link(5)
    let name = Array("00000000000000000005-\(huge.id.uuidString).json".utf8)
    let size: Int64 = 300 * 1024 * 1024
    try RawFiles.create(name, in: folder("pending"), contents: try entryBytes(huge), size: size)

    let clock = ContinuousClock()
    let started = clock.now
    let store = try await openStore()
    #expect(clock.now - started < .seconds(2))
    #expect(store.pending() == [link(1), link(2)])
    let expected = DurableLinkStoreError.corrupt(
      file: String(decoding: name, as: UTF8.self),
      reason: "\(size) bytes, over the limit of \(DurableLinkStore.maximumEntrySize) bytes; not read")
    #expect(store.problems == [expected])
    #expect(RawFiles.size(Array("corrupt-".utf8) + name, in: folder("quarantine")) == size)
    #expect(try store.quarantinedEntries() == [expected])
  }

  @Test("an entry of exactly the maximum size is read; one byte more is not")
  func maximumSizeBoundary() async throws {
    _ = try await openStore()
    let limit = DurableLinkStore.maximumEntrySize
    for (number, extra) in [(1, 0), (2, 1)] {
      let stored = link(number)
      var bytes = try entryBytes(stored)
      // Trailing spaces are valid JSON: pad the entry to the limit (plus `extra`).
      bytes += [UInt8](repeating: UInt8(ascii: " "), count: limit - bytes.count + extra)
      try RawFiles.create(
        Array("0000000000000000000\(number)-\(stored.id.uuidString).json".utf8), in: folder("pending"),
        contents: bytes)
    }
    let store = try await openStore()
    #expect(store.pending() == [link(1)])
    #expect(store.problems.count == 1)
  }

  @Test("a link whose entry would exceed the maximum is refused by append, not written and lost later")
  func oversizedAppendIsRefused() async throws {
    let store = try await openStore()
    let long = IncomingLink(
      url: "myapp://search?q=" + String(repeating: "a", count: DurableLinkStore.maximumEntrySize),
      source: .programmatic)
    do {
      try await store.append(long)
      Issue.record("an oversized link was stored")
    } catch {
      guard error.code == .entryTooLarge, error.linkID == long.id,
        error.limit == DurableLinkStore.maximumEntrySize, let size = error.size
      else {
        Issue.record("expected entryTooLarge, got \(error)")
        return
      }
      #expect(size > DurableLinkStore.maximumEntrySize)
    }
    #expect(store.pending().isEmpty)
    #expect(try RawFiles.names(in: folder("pending")).isEmpty)
    #expect(try RawFiles.names(in: folder("tmp")).isEmpty)
  }

  @Test("a FIFO, a directory and a symbolic link in pending/ are quarantined without blocking the open")
  func specialFiles() async throws {
    try await storeWithTwoLinks()
    let fifo = "00000000000000000011-\(link(11).id.uuidString).json"
    let directory = "00000000000000000012-\(link(12).id.uuidString).json"
    let symlink = "00000000000000000013-\(link(13).id.uuidString).json"
    #expect(mkfifo(folder("pending").appendingPathComponent(fifo).path, 0o600) == 0)
    try FileManager.default.createDirectory(
      at: folder("pending").appendingPathComponent(directory), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: folder("pending").appendingPathComponent(symlink).path, withDestinationPath: "/dev/zero")
    let store = try await openStore()
    #expect(store.pending() == [link(1), link(2)])
    #expect(Set(store.problems.map(\.description)).count == 3)
    #expect(try RawFiles.names(in: folder("quarantine")).count == 3)
    #expect(try await deliverAll(store).map(\.link) == [link(1), link(2)])
  }

  @MainActor
  @Test("append and delivery, awaited on the main actor, do their disk work off the main thread")
  func diskWorkRunsOffTheMainActor() async throws {
    let store = try await openStore()
    let steps = Mutex<[String]>([])
    store.diskStepObserver.withLock {
      $0 = { step in
        steps.withLock { $0.append("\(step) on \(Thread.isMainThread ? "main" : "other") thread") }
      }
    }
    MainActor.assertIsolated()
    try await store.append(link(1))
    #expect(try await deliverAll(store).map(\.link) == [link(1)])
    #expect(
      steps.withLock { $0 } == [
        "append on other thread", "claim on other thread", "acknowledge on other thread",
        "claim on other thread",
      ])
  }

  @Test("an entry file in the format written before IncomingLink was stored loads, reason and all")
  func entryInTheEarlierFormatLoads() async throws {
    _ = try await openStore()
    let id = try #require(UUID(uuidString: "6F0C3A52-1B7E-4E55-9A0B-2D8C1F4E7A90"))
    // Byte for byte what the store wrote for a `StoredLink` (JSONEncoder, sorted keys).
    let earlier =
      #"{"link":{"id":"6F0C3A52-1B7E-4E55-9A0B-2D8C1F4E7A90","reason":"app not ready","#
      + #""receivedAt":800000000.125,"source":"notification","urlString":"myapp:\/\/clip\/1?ref=a%20b"},"#
      + #""version":1}"#
    try RawFiles.create(
      Array("00000000000000000001-\(id.uuidString).json".utf8), in: folder("pending"),
      contents: Array(earlier.utf8))
    let store = try await openStore()
    let expected = IncomingLink(
      id: id, url: "myapp://clip/1?ref=a%20b", source: .notification,
      receivedAt: Date(timeIntervalSinceReferenceDate: 800_000_000.125))
    #expect(store.problems.isEmpty)
    #expect(store.pending() == [expected])
    let deliveries = try await deliverAll(store)
    #expect(deliveries == [LinkDelivery(link: expected, reason: "app not ready", isRedelivery: false)])
  }

  @Test("an entry is written with the keys earlier versions read; a fallback link keeps its chain")
  func entriesKeepTheEarlierKeys() async throws {
    let plain = link(1)
    var redirected = link(2)
    redirected.source = .fallback
    redirected.chain = ["https://click.example.net/c/1"]
    do {
      let store = try await openStore()
      try await store.append(plain, reason: "app not ready")
      try await store.append(redirected)
    }
    let names = try RawFiles.names(in: folder("pending"))
    #expect(names.count == 2)
    var keys: [[String]] = []
    for name in names {
      let data = try Data(
        contentsOf: folder("pending").appendingPathComponent(String(decoding: name, as: UTF8.self)))
      let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      #expect(object["version"] as? Int == 1)
      let entry = try #require(object["link"] as? [String: Any])
      keys.append(entry.keys.sorted())
    }
    #expect(
      keys == [
        ["id", "reason", "receivedAt", "source", "urlString"],
        ["chain", "id", "receivedAt", "source", "urlString"],
      ])
    let store = try await openStore()
    #expect(store.pending() == [plain, redirected])
    #expect(try await deliverAll(store).map(\.reason) == ["app not ready", nil])
  }

  @Test("a link's referrer is kept across launches, and written only when the system named one")
  func referrerIsKept() async throws {
    var referred = link(3)
    referred.referrer = "com.example.mail"
    do {
      let store = try await openStore()
      try await store.append(referred, reason: "app not ready")
    }
    let name = try #require(try RawFiles.names(in: folder("pending")).first)
    let data = try Data(
      contentsOf: folder("pending").appendingPathComponent(String(decoding: name, as: UTF8.self)))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let entry = try #require(object["link"] as? [String: Any])
    #expect(entry["referrer"] as? String == "com.example.mail")
    let store = try await openStore()
    #expect(store.pending() == [referred])
    #expect(try await deliverAll(store).map(\.link.referrer) == ["com.example.mail"])
  }
}

extension DurableLinkStoreFileTests {
  @Test(
    "delivering many waiting links hands each over once, in order, moving each entry a bounded number of times"
  )
  func deliveryWorkIsLinear() async throws {
    _ = try await openStore()
    let count = 500
    for number in 1...count {
      let stored = link(number)
      let digits = String(number)
      try RawFiles.create(
        Array(
          (String(repeating: "0", count: 20 - digits.count) + digits + "-\(stored.id.uuidString).json").utf8),
        in: folder("pending"), contents: try entryBytes(stored))
    }
    let store = try await openStore()
    #expect(store.pending().count == count)
    let opened = store.deliveryWork
    let delivered = Mutex<[IncomingLink]>([])
    #expect(try await store.deliver { delivery in delivered.withLock { $0.append(delivery.link) } } == count)
    #expect(delivered.withLock { $0 } == (1...count).map(link))
    // Taking the oldest entry moves none of the others until the taken ones are dropped in one pass
    // (removing each from the front of an array would move every one still waiting:
    // count * (count - 1) / 2 in all), and no folder is listed again.
    #expect(store.deliveryWork.entryMoves <= count)
    #expect(store.deliveryWork.folderListings == opened.folderListings)
    #expect(store.pending().isEmpty)
    #expect(try RawFiles.names(in: folder("pending")).isEmpty)
  }
}

extension IncomingLink {
  /// Link `number` of a test: its id, link and arrival time all follow from the number, so a file
  /// name or a log line can be written from it.
  static func numbered(_ number: Int) -> IncomingLink {
    let digits = String(number)
    let id = UUID(
      uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
    return IncomingLink(
      id: id ?? UUID(), url: "myapp://channel/video/\(number)", source: .customScheme,
      receivedAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number)))
  }
}
