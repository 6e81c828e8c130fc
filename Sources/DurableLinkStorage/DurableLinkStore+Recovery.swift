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
  static func recover(_ folders: Folders, root: RawPath) throws(DurableLinkStoreError) -> (
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
  static func fileName(sequence: UInt64, id: UUID) -> [UInt8] {
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
  static func read(_ name: [UInt8], stored: [UInt8]? = nil, in folder: Int32) -> (Entry?, String?) {
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
  enum QuarantineKind: String, CaseIterable {
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
  static func removingClashSuffix(_ name: [UInt8]) -> [UInt8] {
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
}
