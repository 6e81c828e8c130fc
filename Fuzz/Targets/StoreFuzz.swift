import DeepLinking
import DurableLinkStorage
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Fuzz target `store`: the input is a list of entries planted in a durable store's directory after a
// store appended two links to it and closed: symbolic links (to a folder outside the store, to a file
// there, to a name that does not exist yet, dangling), regular files of any name and contents,
// directories, FIFOs, and (when run as root) directories of another user, each in place of the
// store's folders or lock, or inside a folder.
//
// Checks: opening either works or throws a `DurableLinkStoreError`, `foreign-entry` only when a planted
// entry stands in place of a folder or the lock; nothing outside the store changes (the folder the
// links point to keeps its names, types and contents); when the store opens, every planted entry inside
// a folder is still in its folder or in `quarantine/` (a regular file in `tmp/` excepted: an
// unfinished write, deleted), and delivery hands over the two appended links once each, in order,
// with no link twice.
//
// Input: records of [place, kind, name length, name bytes..., content length, content bytes...];
// place picks a folder entry or a folder to plant inside; a short record ends the list.

let folderNames = ["pending", "delivering", "redelivering", "quarantine", "tmp"]
let rootNames = folderNames + ["lock"]
let appended = [1, 2].map { number in
  IncomingLink(
    id: UUID(uuidString: "00000000-0000-4000-8000-00000000000\(number)") ?? UUID(),
    url: "myapp://channel/video/\(number)", source: .customScheme,
    receivedAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + Double(number)))
}

/// What a planted entry is.
enum Kind: UInt8, CaseIterable {
  case linkToFolder, linkToFile, linkToNewFile, danglingLink, regularFile, directory, fifo, foreignDirectory
}

struct Planted {
  /// The folder it is inside, or `nil` for an entry of the store's directory itself.
  var folder: String?
  var name: [UInt8]
  var kind: Kind
  var contents: [UInt8]
}

/// The planted entries the input describes.
func plantedEntries(_ bytes: [UInt8]) -> [Planted] {
  var entries: [Planted] = []
  var index = 0
  func next() -> UInt8? {
    guard index < bytes.count else { return nil }
    defer { index += 1 }
    return bytes[index]
  }
  while entries.count < 16, let place = next(), let kindByte = next(), let length = next() {
    let kind = Kind.allCases[Int(kindByte) % Kind.allCases.count]
    let nameEnd = min(bytes.count, index + Int(length % 64))
    var name = Array(bytes[index..<nameEnd])
    index = nameEnd
    let contentLength = Int(next() ?? 0)
    let contentEnd = min(bytes.count, index + contentLength)
    let contents = Array(bytes[index..<contentEnd])
    index = contentEnd
    let slot = Int(place) % (rootNames.count + folderNames.count)
    if slot < rootNames.count {
      entries.append(Planted(folder: nil, name: Array(rootNames[slot].utf8), kind: kind, contents: contents))
      continue
    }
    name.removeAll { $0 == UInt8(ascii: "/") || $0 == 0 }
    guard !name.isEmpty, name != Array(".".utf8), name != Array("..".utf8) else { continue }
    entries.append(
      Planted(folder: folderNames[slot - rootNames.count], name: name, kind: kind, contents: contents))
  }
  return entries
}

func cPath(_ path: String, _ name: [UInt8]) -> [CChar] {
  (Array(path.utf8) + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
}

/// Every name under a directory (not following links) with its type and, for a regular file, its
/// contents.
func snapshot(_ path: String) -> [String: String] {
  var result: [String: String] = [:]
  guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return result }
  for name in names {
    let full = path + "/" + name
    var status = stat()
    guard lstat(full, &status) == 0 else { continue }
    let type = status.st_mode & S_IFMT
    if type == S_IFREG {
      result[name] = "file " + ((try? String(contentsOfFile: full, encoding: .isoLatin1)) ?? "?")
    } else if type == S_IFDIR {
      result[name] = "directory"
      for (inner, value) in snapshot(full) { result[name + "/" + inner] = value }
    } else {
      result[name] = "type \(type)"
    }
  }
  return result
}

/// Whether an entry of this name is in the folder (not following links).
func exists(_ folder: String, _ name: [UInt8]) -> Bool {
  var status = stat()
  return lstat(cPath(folder, name), &status) == 0
}

func names(in folder: String) -> [[UInt8]] {
  guard let directory = opendir(folder) else { return [] }
  defer { closedir(directory) }
  var result: [[UInt8]] = []
  while let item = readdir(directory) {
    let name = withUnsafeBytes(of: item.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }) }
    if name != Array(".".utf8) && name != Array("..".utf8) { result.append(name) }
  }
  return result
}

/// Runs async work to its end from the synchronous entry point.
func wait<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
  let result = LockedValue<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    let value = await body()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  guard let value = result.withLock({ $0 }) else { fail("async work gave no result") }
  return value
}

func plant(_ entry: Planted, at path: [CChar], victim: String) {
  switch entry.kind {
  case .linkToFolder: _ = symlink(victim, path)
  case .linkToFile: _ = symlink(victim + "/keep.txt", path)
  case .linkToNewFile: _ = symlink(victim + "/created-through-a-link", path)
  case .danglingLink: _ = symlink("/nonexistent-\(UUID().uuidString)", path)
  case .regularFile:
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    entry.contents.withUnsafeBytes { buffer in
      if let base = buffer.baseAddress { _ = write(descriptor, base, buffer.count) }
    }
    close(descriptor)
  case .directory: _ = mkdir(path, 0o700)
  case .fifo: _ = mkfifo(path, 0o600)
  case .foreignDirectory:
    guard mkdir(path, 0o700) == 0, geteuid() == 0 else { return }
    _ = chown(path, 65_534, 65_534)
  }
}

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0: every input may enter the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let entries = plantedEntries(Array(UnsafeBufferPointer(start: data, count: size)))
  let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  let work = base + "/fuzz-store-\(UUID().uuidString)"
  defer { try? FileManager.default.removeItem(atPath: work) }
  let root = work + "/links"
  let victim = work + "/victim"
  do {
    try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
    try Data("the user's file".utf8).write(to: URL(fileURLWithPath: victim + "/keep.txt"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: victim + "/00000000000000000009-x.json"))
  } catch {
    fail("cannot prepare \(work): \(error)")
  }
  let directory = URL(fileURLWithPath: root)
  wait {
    do {
      let store = try DurableLinkStore(directory: directory)
      for link in appended { try await store.append(link) }
      store.waitForQueuedDiskWork()
    } catch {
      fail("a fresh store does not take two links: \(error)")
    }
  }
  let before = snapshot(victim)
  // The folders and lock replaced by a planted entry, with what was planted there.
  var replaced: [String: Kind] = [:]
  var inside: [(folder: String, entry: Planted)] = []
  for entry in entries {
    if let folder = entry.folder {
      guard replaced[folder] == nil else { continue }
      plant(entry, at: cPath(root + "/" + folder, entry.name), victim: victim)
      if exists(root + "/" + folder, entry.name) { inside.append((folder, entry)) }
    } else {
      let name = String(decoding: entry.name, as: UTF8.self)
      guard replaced[name] == nil else { continue }
      try? FileManager.default.removeItem(atPath: root + "/" + name)
      plant(entry, at: cPath(root, entry.name), victim: victim)
      replaced[name] = entry.kind
    }
  }
  inside.removeAll { replaced[$0.folder] != nil }
  let store: DurableLinkStore
  do {
    store = try DurableLinkStore(directory: directory)
  } catch {
    check(!error.description.isEmpty, "an error without a description")
    if error.code == .foreignEntry {
      let named = error.path.map { String($0.dropFirst(root.count + 1)) } ?? ""
      check(replaced[named] != nil, "foreign-entry for \(error.path ?? "-"), not a planted entry")
    }
    check(snapshot(victim) == before, "a failed open changed the folder outside the store")
    return 0
  }
  // Only what the store could have made itself is used: a directory of this user, a regular lock.
  for (name, kind) in replaced {
    let own =
      name == "lock"
      ? kind == .regularFile : kind == .directory || (kind == .foreignDirectory && geteuid() != 0)
    check(own, "opened with \(name) replaced by \(kind)")
  }
  let quarantine = names(in: root + "/quarantine")
  for (folder, entry) in inside {
    if folder == "tmp" && entry.kind == .regularFile { continue }
    let kept =
      exists(root + "/" + folder, entry.name)
      || quarantine.contains { $0.starts(with: Array("corrupt-".utf8) + entry.name) }
      || quarantine.contains { $0.starts(with: Array("abandoned-".utf8) + entry.name) }
    check(kept, "planted \(folder)/\(String(decoding: entry.name, as: UTF8.self)) was lost")
  }
  let delivered = wait { () -> [UUID] in
    let ids = LockedValue<[UUID]>([])
    do {
      try await store.deliver { delivery in ids.withLock { $0.append(delivery.link.id) } }
    } catch {
      fail("delivery failed: \(error)")
    }
    store.waitForQueuedDiskWork()
    return ids.withLock { $0 }
  }
  check(Set(delivered).count == delivered.count, "a link delivered twice: \(delivered)")
  let good = delivered.filter { id in appended.contains { $0.id == id } }
  // Unless the fuzzer itself removed `pending/` to plant something in its place.
  if replaced["pending"] == nil {
    check(good == appended.map(\.id), "the appended links were delivered as \(good)")
  }
  check(snapshot(victim) == before, "the folder outside the store changed")
  return 0
}
