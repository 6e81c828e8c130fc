import DeepLinkRouting
import DeepLinking
import Foundation

/// Why durable link storage could not open, keep or hand over a link.
///
/// Each error names the file or link involved; ``description`` reads as one line. ``code`` says what
/// went wrong; the details that belong to it (``operation``, ``path``, ``errorNumber``, ``message``,
/// ``linkID``, ``link``, ``size``, ``limit``) are set for the codes that have them and `nil` otherwise.
///
/// Most are thrown. A stored link the store could not hand over is not: opening the store moves its
/// file to the store's `quarantine` folder (never deleted, so it can be inspected) and goes on with the
/// other links; `LinkStorage.quarantinedLinks(in:)` lists these as errors with code `corrupt` or
/// `abandoned`.
///
/// New kinds of failure can be added as new codes without breaking callers: compare ``code`` with the
/// codes you handle and treat any other as a failure in general.
public struct DurableLinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure it is.
  public let code: ErrorCode<DurableLinkStoreError>
  /// A one-line explanation naming the file or link.
  public let description: String
  /// The file-system call that failed, such as `open`, for `io`; `nil` otherwise.
  public private(set) var operation: String?
  /// The file or directory involved, for `io`, `locked`, `notADirectory`, `foreignEntry` and
  /// `sequenceExhausted`; the quarantined file's name, for `corrupt` and `abandoned`; `nil` otherwise.
  public private(set) var path: String?
  /// The system's error number (`errno`), for `io`; `nil` otherwise.
  public private(set) var errorNumber: Int32?
  /// The system's or the encoder's explanation, for `io` and `encoding`; what the entry is and why
  /// the store will not use it, for `foreignEntry`; why the file could not be read as a stored link,
  /// for `corrupt`; `nil` otherwise.
  public private(set) var message: String?
  /// The id of the link involved, for `duplicate`, `encoding` and `entryTooLarge`, and for `abandoned`
  /// when its file could still be read; `nil` otherwise.
  public private(set) var linkID: UUID?
  /// The link that was being delivered, for `abandoned` when its file could still be read; `nil`
  /// otherwise.
  public private(set) var link: IncomingLink?
  /// The size in bytes the link's entry would have, for `entryTooLarge`; `nil` otherwise.
  public private(set) var size: Int?
  /// The store's entry size limit (64 KiB), for `entryTooLarge`; `nil` otherwise.
  public private(set) var limit: Int?

}

extension DurableLinkStoreError {
  /// A file-system call failed.
  ///
  /// - Parameters:
  ///   - operation: The call, such as `open`.
  ///   - path: The file or directory it was called on.
  ///   - code: The system's error number (`errno`).
  ///   - message: The system's explanation.
  /// - Returns: An error with code `io`.
  public static func io(operation: String, path: String, code: Int32, message: String) -> Self {
    Self(
      code: .io, description: "\(operation) failed for \(path): \(message) (errno \(code))",
      operation: operation, path: path, errorNumber: code, message: message)
  }

  /// Another store (in this or another process) has the directory open.
  ///
  /// - Parameter path: The store's directory.
  /// - Returns: An error with code `locked`.
  public static func locked(path: String) -> Self {
    Self(
      code: .locked, description: "the link store at \(path) is already open in another store or process",
      path: path)
  }

  /// A file that is not a directory stands where the store needs a directory.
  ///
  /// - Parameter path: The file.
  /// - Returns: An error with code `notADirectory`.
  public static func notADirectory(path: String) -> Self {
    Self(
      code: .notADirectory,
      description: "\(path) is not a directory, but the link store needs a directory there", path: path)
  }

  /// The store's directory, one of its folders or its lock is not the store's own: a symbolic link
  /// (which the store never follows), a directory owned by another user, or a lock that is not a
  /// regular file. Nothing in it or behind it was touched.
  ///
  /// - Parameters:
  ///   - path: The entry.
  ///   - reason: What it is and why it is refused, such as
  ///     `"a symbolic link, which the store does not follow"`.
  /// - Returns: An error with code `foreignEntry`.
  public static func foreignEntry(path: String, reason: String) -> Self {
    Self(
      code: .foreignEntry,
      description: "\(path) is \(reason); the link store uses only a directory, folders and lock of its own",
      path: path, message: reason)
  }

  /// A link with this id is already stored.
  ///
  /// - Parameter id: The link's id.
  /// - Returns: An error with code `duplicate`.
  public static func duplicate(id: UUID) -> Self {
    Self(code: .duplicate, description: "a link with id \(id.uuidString) is already stored", linkID: id)
  }

  /// The link could not be encoded to JSON.
  ///
  /// - Parameters:
  ///   - id: The link's id.
  ///   - message: The encoder's explanation.
  /// - Returns: An error with code `encoding`.
  public static func encoding(id: UUID, message: String) -> Self {
    Self(
      code: .encoding, description: "link \(id.uuidString) could not be encoded: \(message)",
      message: message, linkID: id)
  }

  /// The link's entry would be larger than the entry size limit (64 KiB): it is refused rather
  /// than written, because the store would not read it back.
  ///
  /// - Parameters:
  ///   - id: The link's id.
  ///   - size: The entry's size in bytes.
  ///   - limit: The store's entry size limit (64 KiB).
  /// - Returns: An error with code `entryTooLarge`.
  public static func entryTooLarge(id: UUID, size: Int, limit: Int) -> Self {
    Self(
      code: .entryTooLarge,
      description:
        "link \(id.uuidString) was not stored: its entry is \(size) bytes, over the limit of \(limit) bytes",
      linkID: id, size: size, limit: limit)
  }

  /// The store has used every arrival number (`UInt64.max`): it takes no more links until it is
  /// reopened with no links waiting, when numbering starts again at 1.
  ///
  /// - Parameter path: The store's directory.
  /// - Returns: An error with code `sequenceExhausted`.
  public static func sequenceExhausted(path: String) -> Self {
    Self(
      code: .sequenceExhausted,
      description: "the link store at \(path) has used every arrival number; deliver its links and reopen it",
      path: path)
  }

  /// A file could not be read as a stored link; it was moved to the `quarantine` folder.
  ///
  /// - Parameters:
  ///   - file: The quarantined file's name.
  ///   - reason: Why it could not be read.
  /// - Returns: An error with code `corrupt`.
  public static func corrupt(file: String, reason: String) -> Self {
    Self(
      code: .corrupt, description: "quarantined corrupt entry \(file): \(reason)", path: file, message: reason
    )
  }

  /// A link was being re-delivered after a crash and the process died again; its file was moved to the
  /// `quarantine` folder rather than tried a third time.
  ///
  /// - Parameters:
  ///   - file: The quarantined file's name.
  ///   - link: The link, or `nil` when its file could not be read.
  /// - Returns: An error with code `abandoned`.
  public static func abandoned(file: String, link: IncomingLink?) -> Self {
    let url = link.map { " (\($0.url))" } ?? ""
    return Self(
      code: .abandoned,
      description: "quarantined entry \(file)\(url): the process died twice while it was being delivered",
      path: file, linkID: link?.id, link: link)
  }
}

extension ErrorCode where Subject == DurableLinkStoreError {
  /// A file-system call failed; see ``DurableLinkStoreError/operation``,
  /// ``DurableLinkStoreError/path``, ``DurableLinkStoreError/errorNumber`` and
  /// ``DurableLinkStoreError/message``.
  public static let io = Self("io")
  /// Another store (in this or another process) has the directory open.
  public static let locked = Self("locked")
  /// A file that is not a directory stands where the store needs a directory: the store's directory,
  /// one above it, or one of the store's folders inside it.
  public static let notADirectory = Self("not-a-directory")
  /// The store's directory, a folder or the lock is not the store's own (a symbolic link, a directory of
  /// another user, a lock that is not a regular file); see ``DurableLinkStoreError/path`` and
  /// ``DurableLinkStoreError/message``.
  public static let foreignEntry = Self("foreign-entry")
  /// A link with this id is already stored; see ``DurableLinkStoreError/linkID``.
  public static let duplicate = Self("duplicate")
  /// The link could not be encoded to JSON; see ``DurableLinkStoreError/message``.
  public static let encoding = Self("encoding")
  /// The link's entry would be larger than the entry size limit (64 KiB); see
  /// ``DurableLinkStoreError/size`` and ``DurableLinkStoreError/limit``.
  public static let entryTooLarge = Self("entry-too-large")
  /// The store has used every arrival number (`UInt64.max`).
  public static let sequenceExhausted = Self("sequence-exhausted")
  /// A file could not be read as a stored link (truncated JSON, garbage, an unknown file name ...) and
  /// was quarantined; see ``DurableLinkStoreError/path`` and ``DurableLinkStoreError/message``.
  public static let corrupt = Self("corrupt")
  /// A link was being re-delivered after a crash and the process died again; it was quarantined rather
  /// than tried a third time. See ``DurableLinkStoreError/link``.
  public static let abandoned = Self("abandoned")
}
