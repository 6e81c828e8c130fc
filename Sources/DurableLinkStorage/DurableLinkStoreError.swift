import DeepLinkRouting
import Foundation

/// Why durable link storage could not open, keep or hand over a link.
///
/// Each error names the file or link involved; ``description`` reads as one line. ``code`` says what
/// went wrong; the details that belong to it (``operation``, ``path``, ``errorNumber``, ``message``,
/// ``linkID``, ``size``, ``limit``) are set for the codes that have them and `nil` otherwise.
///
/// New kinds of failure can be added as new codes without breaking callers: compare ``code`` with the
/// codes you handle and treat any other as a failure in general.
public struct DurableLinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {

  /// The failure and the details that belong to it.
  private enum Failure: Sendable, Hashable {
    case io(operation: String, path: String, code: Int32, message: String)
    case locked(path: String)
    case notADirectory(path: String)
    case foreignEntry(path: String, reason: String)
    case duplicate(id: UUID)
    case encoding(id: UUID, message: String)
    case entryTooLarge(id: UUID, size: Int, limit: Int)
    case sequenceExhausted(path: String)
  }

  private let failure: Failure

  private init(_ failure: Failure) {
    self.failure = failure
  }

  /// What kind of failure it is.
  public var code: ErrorCode<DurableLinkStoreError> {
    switch failure {
    case .io: .io
    case .locked: .locked
    case .notADirectory: .notADirectory
    case .foreignEntry: .foreignEntry
    case .duplicate: .duplicate
    case .encoding: .encoding
    case .entryTooLarge: .entryTooLarge
    case .sequenceExhausted: .sequenceExhausted
    }
  }

  /// The file-system call that failed, such as `open`, for `io`; `nil` otherwise.
  public var operation: String? {
    guard case .io(let operation, _, _, _) = failure else { return nil }
    return operation
  }

  /// The file or directory involved, for `io`, `locked`, `notADirectory`, `foreignEntry` and
  /// `sequenceExhausted`; `nil` otherwise.
  public var path: String? {
    switch failure {
    case .io(_, let path, _, _), .locked(let path), .notADirectory(let path), .foreignEntry(let path, _),
      .sequenceExhausted(let path):
      path
    case .duplicate, .encoding, .entryTooLarge:
      nil
    }
  }

  /// The system's error number (`errno`), for `io`; `nil` otherwise.
  public var errorNumber: Int32? {
    guard case .io(_, _, let code, _) = failure else { return nil }
    return code
  }

  /// The system's or the encoder's explanation, for `io` and `encoding`; what the entry is and why
  /// the store will not use it, for `foreignEntry`; `nil` otherwise.
  public var message: String? {
    switch failure {
    case .io(_, _, _, let message), .encoding(_, let message), .foreignEntry(_, let message):
      message
    case .locked, .notADirectory, .duplicate, .entryTooLarge, .sequenceExhausted:
      nil
    }
  }

  /// The id of the link involved, for `duplicate`, `encoding` and `entryTooLarge`;
  /// `nil` otherwise.
  public var linkID: UUID? {
    switch failure {
    case .duplicate(let id), .encoding(let id, _), .entryTooLarge(let id, _, _):
      id
    case .io, .locked, .notADirectory, .foreignEntry, .sequenceExhausted:
      nil
    }
  }

  /// The size in bytes the link's entry would have, for `entryTooLarge`; `nil` otherwise.
  public var size: Int? {
    guard case .entryTooLarge(_, let size, _) = failure else { return nil }
    return size
  }

  /// The store's entry size limit (64 KiB), for `entryTooLarge`; `nil` otherwise.
  public var limit: Int? {
    guard case .entryTooLarge(_, _, let limit) = failure else { return nil }
    return limit
  }

  /// A one-line explanation naming the file or link.
  public var description: String {
    switch failure {
    case .io(let operation, let path, let code, let message):
      return "\(operation) failed for \(path): \(message) (errno \(code))"
    case .locked(let path):
      return "the link store at \(path) is already open in another store or process"
    case .notADirectory(let path):
      return "\(path) is not a directory, but the link store needs a directory there"
    case .foreignEntry(let path, let reason):
      return "\(path) is \(reason); the link store uses only a directory, folders and lock of its own"
    case .duplicate(let id):
      return "a link with id \(id.uuidString) is already stored"
    case .encoding(let id, let message):
      return "link \(id.uuidString) could not be encoded: \(message)"
    case .entryTooLarge(let id, let size, let limit):
      return
        "link \(id.uuidString) was not stored: its entry is \(size) bytes, over the limit of \(limit) bytes"
    case .sequenceExhausted(let path):
      return "the link store at \(path) has used every arrival number; deliver its links and reopen it"
    }
  }
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
    Self(.io(operation: operation, path: path, code: code, message: message))
  }

  /// Another store (in this or another process) has the directory open.
  ///
  /// - Parameter path: The store's directory.
  /// - Returns: An error with code `locked`.
  public static func locked(path: String) -> Self {
    Self(.locked(path: path))
  }

  /// A file that is not a directory stands where the store needs a directory.
  ///
  /// - Parameter path: The file.
  /// - Returns: An error with code `notADirectory`.
  public static func notADirectory(path: String) -> Self {
    Self(.notADirectory(path: path))
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
    Self(.foreignEntry(path: path, reason: reason))
  }

  /// A link with this id is already stored.
  ///
  /// - Parameter id: The link's id.
  /// - Returns: An error with code `duplicate`.
  public static func duplicate(id: UUID) -> Self {
    Self(.duplicate(id: id))
  }

  /// The link could not be encoded to JSON.
  ///
  /// - Parameters:
  ///   - id: The link's id.
  ///   - message: The encoder's explanation.
  /// - Returns: An error with code `encoding`.
  public static func encoding(id: UUID, message: String) -> Self {
    Self(.encoding(id: id, message: message))
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
    Self(.entryTooLarge(id: id, size: size, limit: limit))
  }

  /// The store has used every arrival number (`UInt64.max`): it takes no more links until it is
  /// reopened with no links waiting, when numbering starts again at 1.
  ///
  /// - Parameter path: The store's directory.
  /// - Returns: An error with code `sequenceExhausted`.
  public static func sequenceExhausted(path: String) -> Self {
    Self(.sequenceExhausted(path: path))
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
}
