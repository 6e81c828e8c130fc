import Foundation

/// Why a ``DurableLinkStore`` operation failed.
///
/// Each case names the file or link involved; ``description`` reads as one line.
public enum DurableLinkStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file-system call failed: which call, on which path, and the system's error number and message.
  case io(operation: String, path: String, code: Int32, message: String)
  /// Another store (in this or another process) has the directory open.
  case locked(path: String)
  /// A file that is not a directory stands where the store needs a directory: the store's directory,
  /// one above it, or one of the store's folders inside it.
  case notADirectory(path: String)
  /// A link with this id is already stored.
  case duplicate(id: UUID)
  /// The link could not be encoded to JSON.
  case encoding(id: UUID, message: String)
  /// The link's entry would be larger than ``DurableLinkStore/maximumEntrySize``: `size` bytes, over
  /// `limit`. It is refused rather than written, because the store would not read it back.
  case entryTooLarge(id: UUID, size: Int, limit: Int)
  /// The store at this path has used every arrival number (`UInt64.max`): it takes no more links until
  /// it is reopened with no links waiting, when numbering starts again at 1.
  case sequenceExhausted(path: String)

  /// A one-line explanation naming the file or link.
  public var description: String {
    switch self {
    case .io(let operation, let path, let code, let message):
      return "\(operation) failed for \(path): \(message) (errno \(code))"
    case .locked(let path):
      return "the link store at \(path) is already open in another store or process"
    case .notADirectory(let path):
      return "\(path) is not a directory, but the link store needs a directory there"
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
