import DeepLinking
import Foundation
import Synchronization
import Testing

@testable import DurableLinkStorage

/// A fresh directory under the system temporary directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("intake-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func sub(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }
}

@Suite("DurableLinkStore")
struct DurableLinkStoreTests {
  let temporary: TemporaryDirectory
  let root: URL

  init() throws {
    temporary = try TemporaryDirectory()
    root = temporary.sub("links")
  }

  /// The same link for the same number, id included.
  private func link(_ number: Int, source: LinkSource = .customScheme) -> IncomingLink {
    let digits = String(number)
    let id = UUID(
      uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)
    return IncomingLink(
      id: id ?? UUID(),
      url: "myapp://channel/video/\(number)", source: source,
      receivedAt: Date(timeIntervalSinceReferenceDate: 800_000_000.125 + Double(number)))
  }

  /// The reason link `number` is parked with: some links have one, some do not.
  private func reason(_ number: Int) -> String? {
    number.isMultiple(of: 2) ? "not ready" : nil
  }

  /// Appends links by number, each with its reason.
  private func append(_ numbers: ClosedRange<Int>, to store: DurableLinkStore) async throws {
    for number in numbers {
      try await store.append(link(number), reason: reason(number))
    }
  }

  private func files(_ folder: String, under directory: URL? = nil) throws -> [String] {
    try FileManager.default.contentsOfDirectory(
      atPath: (directory ?? root).appendingPathComponent(folder).path
    )
    .sorted()
  }

  /// Copies the store's directory as it is on disk right now: what a crash at this instant leaves.
  private func crashImage(of directory: URL? = nil) throws -> URL {
    let image = temporary.sub("crash-\(UUID().uuidString)")
    try FileManager.default.copyItem(at: directory ?? root, to: image)
    return image
  }

  private func deliverAll(_ store: DurableLinkStore) async throws -> [LinkDelivery] {
    let seen = Mutex<[LinkDelivery]>([])
    try await store.deliver { delivery in seen.withLock { $0.append(delivery) } }
    return seen.withLock { $0 }
  }

  @Test("appended links survive reopening, complete and in arrival order")
  func appendAndReopen() async throws {
    let links = (1...5).map { link($0) }
    do {
      let store = try DurableLinkStore(directory: root)
      try await append(1...5, to: store)
      #expect(store.pending() == links)
    }
    let reopened = try DurableLinkStore(directory: root)
    #expect(reopened.pending() == links)
    #expect(reopened.problems.isEmpty)
    let deliveries = try await deliverAll(reopened)
    #expect(deliveries.map(\.link) == links)
    #expect(deliveries.map(\.reason) == (1...5).map(reason))
  }

  @Test("deliver hands links over oldest first, once, and removes them")
  func deliverOnce() async throws {
    let store = try DurableLinkStore(directory: root)
    let links = (1...4).map { link($0) }
    try await append(1...4, to: store)
    let deliveries = try await deliverAll(store)
    #expect(deliveries.map(\.link) == links)
    #expect(deliveries.map(\.reason) == (1...4).map(reason))
    #expect(deliveries.allSatisfy { !$0.isRedelivery })
    #expect(store.pending().isEmpty)
    #expect(try await deliverAll(store).isEmpty)
    #expect(try files("pending").isEmpty && files("delivering").isEmpty)
  }

  @Test("a link whose apply step throws stays stored, in front, and delivery stops")
  func failedApplyKeepsLink() async throws {
    struct NotReady: Error {}
    let store = try DurableLinkStore(directory: root)
    let links = (1...3).map { link($0) }
    try await append(1...3, to: store)
    let applied = Mutex<[IncomingLink]>([])
    await #expect(throws: NotReady.self) {
      try await store.deliver { delivery in
        if delivery.link == links[1] {
          throw NotReady()
        }
        applied.withLock { $0.append(delivery.link) }
      }
    }
    #expect(applied.withLock { $0 } == [links[0]])
    #expect(store.pending() == [links[1], links[2]])
    let later = try await deliverAll(store)
    #expect(later.map(\.link) == [links[1], links[2]])
    #expect(later.allSatisfy { !$0.isRedelivery })
  }

  @Test("a temporary file left by a crash before rename is discarded, never delivered")
  func crashBeforeRename() async throws {
    do {
      let store = try DurableLinkStore(directory: root)
      try await store.append(link(1), reason: reason(1))
    }
    let leftover = root.appendingPathComponent("tmp/\(UUID().uuidString).tmp")
    try Data(#"{"version":1,"link":{"#.utf8).write(to: leftover)
    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1)])
    #expect(try files("tmp").isEmpty)
    #expect(store.problems.isEmpty)
  }

  @Test(
    "corrupt entries are quarantined and reported; the others still load",
    arguments: [
      ("truncated JSON", Data(#"{"version":1,"link":{"id":"#.utf8)),
      ("garbage", Data([0xFF, 0x00, 0xFE, 0x12])),
      ("empty file", Data()),
      ("wrong version", Data(#"{"version":7,"link":{}}"#.utf8)),
    ]
  )
  func corruptEntries(kind: String, bytes: Data) async throws {
    do {
      let store = try DurableLinkStore(directory: root)
      try await store.append(link(1), reason: reason(1))
      try await store.append(link(2), reason: reason(2))
    }
    let name = "0000000000000002-\(UUID().uuidString).json"
    try bytes.write(to: root.appendingPathComponent("pending/\(name)"))
    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1), link(2)])
    let problem = try #require(store.problems.first)
    guard problem.code == .corrupt else {
      Issue.record("expected a corrupt entry for \(kind), got \(problem)")
      return
    }
    #expect(problem.path == name)
    #expect(try files("quarantine") == ["corrupt-\(name)"])
    guard let listed = try store.quarantinedEntries().first, listed.code == .corrupt, listed.path == name
    else {
      Issue.record("the quarantine does not list \(name)")
      return
    }
  }

  @Test("a file with an unknown name, or whose id disagrees with its name, is quarantined")
  func unknownAndMismatchedFiles() async throws {
    do {
      let store = try DurableLinkStore(directory: root)
      try await store.append(link(1), reason: reason(1))
    }
    let original = try #require(try files("pending").first)
    let mismatched = "0000000000000009-\(UUID().uuidString).json"
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("pending/\(original)"),
      to: root.appendingPathComponent("pending/\(mismatched)"))
    try Data("hello".utf8).write(to: root.appendingPathComponent("pending/notes.txt"))
    let store = try DurableLinkStore(directory: root)
    #expect(store.pending() == [link(1)])
    #expect(store.problems.count == 2)
    #expect(try files("quarantine") == ["corrupt-\(mismatched)", "corrupt-notes.txt"].sorted())
  }

  @Test("a crash while a link is being applied redelivers it once, flagged, in its place")
  func crashDuringApply() async throws {
    let store = try DurableLinkStore(directory: root)
    for number in 1...3 {
      try await store.append(link(number), reason: reason(number))
    }
    var image: URL?
    await #expect(throws: CancellationError.self) {
      try await store.deliver { delivery in
        // The process "dies" while applying link 2: take the disk image now, then stop.
        if delivery.link == link(2) {
          image = try crashImage()
          throw CancellationError()
        }
      }
    }
    let crashed = try #require(image)
    #expect(try files("delivering", under: crashed).count == 1)
    do {
      let recovered = try DurableLinkStore(directory: crashed)
      #expect(recovered.pending() == [link(2), link(3)])
      let deliveries = try await deliverAll(recovered)
      #expect(deliveries.map(\.link) == [link(2), link(3)])
      #expect(deliveries.map(\.isRedelivery) == [true, false])
    }
    #expect(try DurableLinkStore(directory: crashed).pending().isEmpty)
  }

  @Test("a crash during the redelivery quarantines the link instead of crashing a third time")
  func crashDuringRedelivery() async throws {
    let store = try DurableLinkStore(directory: root)
    try await store.append(link(1), reason: reason(1))
    try await store.append(link(2), reason: reason(2))
    var first: URL?
    _ = try? await store.deliver { _ in
      first = try crashImage()
      throw CancellationError()
    }
    let afterFirstCrash = try #require(first)
    let recovered = try DurableLinkStore(directory: afterFirstCrash)
    var second: URL?
    _ = try? await recovered.deliver { delivery in
      #expect(delivery.isRedelivery)
      second = try crashImage(of: afterFirstCrash)
      throw CancellationError()
    }
    let afterSecondCrash = try #require(second)
    let final = try DurableLinkStore(directory: afterSecondCrash)
    #expect(final.pending() == [link(2)])
    let problem = try #require(final.problems.first)
    guard problem.code == .abandoned else {
      Issue.record("expected an abandoned link, got \(problem)")
      return
    }
    #expect(problem.link == link(1))
    #expect(try files("quarantine", under: afterSecondCrash).count == 1)
    #expect(try final.quarantinedEntries() == [problem])
  }

  @Test("concurrent appends are all stored, each writer's links in its own order")
  func concurrentAppends() async throws {
    let store = try DurableLinkStore(directory: root)
    let writers = 8
    let perWriter = 25
    let failures = await withTaskGroup(of: [String].self) { group in
      for writer in 0..<writers {
        group.addTask {
          var failures: [String] = []
          for index in 0..<perWriter {
            do {
              try await store.append(
                IncomingLink(url: "myapp://w/\(writer)/\(index)", source: .programmatic))
            } catch {
              failures.append(String(describing: error))
            }
          }
          return failures
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty)
    // What is on disk now, as a fresh process would open it.
    let reopened = try DurableLinkStore(directory: try crashImage())
    let pending = reopened.pending()
    #expect(pending.count == writers * perWriter)
    #expect(Set(pending.map(\.id)).count == writers * perWriter)
    #expect(store.pending() == pending)
    for writer in 0..<writers {
      let mine = pending.filter { $0.url.hasPrefix("myapp://w/\(writer)/") }.map(\.url)
      #expect(mine == (0..<perWriter).map { "myapp://w/\(writer)/\($0)" })
    }
  }

  @Test("links appended while delivery runs are delivered in the same run; a second deliver waits out")
  func appendDuringDelivery() async throws {
    let store = try DurableLinkStore(directory: root)
    try await store.append(link(1), reason: reason(1))
    let seen = Mutex<[IncomingLink]>([])
    let nested = Mutex<Int?>(nil)
    try await store.deliver { delivery in
      seen.withLock { $0.append(delivery.link) }
      if delivery.link == link(1) {
        try await store.append(link(2), reason: reason(2))
        let count = try await store.deliver { _ in Issue.record("a nested deliver must not deliver") }
        nested.withLock { $0 = count }
      }
    }
    #expect(seen.withLock { $0 } == [link(1), link(2)])
    #expect(nested.withLock { $0 } == 0)
  }

  @MainActor
  @Test("delivery can be driven from the main actor into main-actor state")
  func deliverFromMainActor() async throws {
    let store = try DurableLinkStore(directory: root)
    try await store.append(link(1), reason: reason(1))
    var applied: [String] = []
    try await store.deliver { delivery in applied.append(delivery.link.url) }
    #expect(applied == ["myapp://channel/video/1"])
  }

  @Test("a duplicate id is refused and the store is unchanged")
  func duplicateID() async throws {
    let store = try DurableLinkStore(directory: root)
    try await store.append(link(1), reason: reason(1))
    await #expect(throws: DurableLinkStoreError.duplicate(id: link(1).id)) {
      try await store.append(link(1), reason: reason(1))
    }
    #expect(store.pending() == [link(1)])
  }

  @Test("a second store on the same directory is refused while the first is open")
  func exclusiveOwnership() throws {
    var first: DurableLinkStore? = try DurableLinkStore(directory: root)
    #expect(throws: DurableLinkStoreError.locked(path: root.path)) { try DurableLinkStore(directory: root) }
    _ = first?.pending()
    first = nil
    #expect(throws: Never.self) { try DurableLinkStore(directory: root) }
  }

  @Test("missing directories above the store are created, owner-only, and the store works")
  func missingParentsAreCreated() async throws {
    let top = temporary.sub("a")
    let directory = top.appendingPathComponent("b").appendingPathComponent("links")
    #expect(!FileManager.default.fileExists(atPath: top.path))
    do {
      let store = try DurableLinkStore(directory: directory)
      try await store.append(link(1), reason: reason(1))
    }
    for created in [top, top.appendingPathComponent("b"), directory] {
      let attributes = try FileManager.default.attributesOfItem(atPath: created.path)
      #expect(attributes[.type] as? FileAttributeType == .typeDirectory, "\(created.path)")
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700, "\(created.path)")
    }
    let reopened = try DurableLinkStore(directory: directory)
    #expect(try await deliverAll(reopened).map(\.link) == [link(1)])
  }

  @Test("a directory that already exists is used as it is, its mode untouched")
  func existingDirectoryIsKept() throws {
    try FileManager.default.createDirectory(
      at: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    _ = try DurableLinkStore(directory: root)
    let attributes = try FileManager.default.attributesOfItem(atPath: root.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o755)
  }

  @Test("a regular file above the store's directory is a typed error naming that file")
  func fileAboveTheDirectory() throws {
    let file = temporary.sub("plain-file")
    try Data().write(to: file)
    let directory = file.appendingPathComponent("b").appendingPathComponent("links")
    #expect(throws: DurableLinkStoreError.notADirectory(path: file.path)) {
      try DurableLinkStore(directory: directory)
    }
    #expect(try Data(contentsOf: file).isEmpty)
  }

  @Test("a regular file where the store's directory or one of its folders goes is a typed error")
  func fileInPlaceOfTheDirectory() throws {
    try Data("not a directory".utf8).write(to: root)
    #expect(throws: DurableLinkStoreError.notADirectory(path: root.path)) {
      try DurableLinkStore(directory: root)
    }
    let other = temporary.sub("other")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
    try Data().write(to: other.appendingPathComponent("pending"))
    #expect(throws: DurableLinkStoreError.notADirectory(path: other.appendingPathComponent("pending").path)) {
      try DurableLinkStore(directory: other)
    }
  }

  @Test("the error for a file in the way names the path and says what is wrong")
  func notADirectoryDescription() {
    #expect(
      DurableLinkStoreError.notADirectory(path: "/tmp/x").description
        == "/tmp/x is not a directory, but the link store needs a directory there")
  }

  @Test("a cancelled task stops delivering before the next link")
  func cancellationStopsDelivery() async throws {
    let store = try DurableLinkStore(directory: root)
    for number in 1...3 {
      try await store.append(link(number), reason: reason(number))
    }
    let task = Task {
      try await store.deliver { _ in withUnsafeCurrentTask { $0?.cancel() } }
    }
    #expect(try await task.value == 1)
    #expect(store.pending() == [link(2), link(3)])
  }
}
