import DeepLinking
import Foundation

/// Something the store set aside instead of delivering, found while opening the directory.
///
/// Problem files are moved to the `quarantine` folder of the store, never deleted, so they can be
/// inspected; they never stop other links from loading.
public enum StoredLinkProblem: Sendable, Hashable, CustomStringConvertible {
  /// A file could not be read as a stored link (truncated JSON, garbage, an unknown file name ...).
  case corrupt(file: String, reason: String)
  /// A link was being re-delivered after a crash and the process died again; it is not tried a third time.
  case abandoned(file: String, link: IncomingLink?)

  /// A one-line explanation naming the file.
  public var description: String {
    switch self {
    case .corrupt(let file, let reason):
      return "quarantined corrupt entry \(file): \(reason)"
    case .abandoned(let file, let link):
      let url = link.map { " (\($0.url))" } ?? ""
      return "quarantined entry \(file)\(url): the process died twice while it was being delivered"
    }
  }
}
