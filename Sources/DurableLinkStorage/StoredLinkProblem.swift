import DeepLinking
import Foundation

/// Something the store set aside instead of delivering, found while opening the directory.
///
/// Problem files are moved to the `quarantine` folder of the store, never deleted, so they can be
/// inspected; they never stop other links from loading.
///
/// ``file`` names the file; ``code`` says what was wrong with it, and the details that belong to it
/// (``reason``, ``link``) are set for the codes that have them and `nil` otherwise. New kinds of
/// problem can be added as new codes without breaking callers.
public struct StoredLinkProblem: Sendable, Hashable, CustomStringConvertible {

  /// The problem and the details that belong to it.
  private enum Problem: Sendable, Hashable {
    case corrupt(reason: String)
    case abandoned(link: IncomingLink?)
  }

  /// The quarantined file's name.
  public let file: String
  private let problem: Problem

  private init(file: String, problem: Problem) {
    self.file = file
    self.problem = problem
  }

  /// What kind of problem it is.
  public var code: ErrorCode<StoredLinkProblem> {
    switch problem {
    case .corrupt: .corrupt
    case .abandoned: .abandoned
    }
  }

  /// Why the file could not be read, for `corrupt`; `nil` otherwise.
  public var reason: String? {
    guard case .corrupt(let reason) = problem else { return nil }
    return reason
  }

  /// The link that was being delivered, for `abandoned` when its file could still be read; `nil`
  /// otherwise.
  public var link: IncomingLink? {
    guard case .abandoned(let link) = problem else { return nil }
    return link
  }

  /// A one-line explanation naming the file.
  public var description: String {
    switch problem {
    case .corrupt(let reason):
      return "quarantined corrupt entry \(file): \(reason)"
    case .abandoned(let link):
      let url = link.map { " (\($0.url))" } ?? ""
      return "quarantined entry \(file)\(url): the process died twice while it was being delivered"
    }
  }
}

extension StoredLinkProblem {
  /// A file could not be read as a stored link.
  ///
  /// - Parameters:
  ///   - file: The quarantined file's name.
  ///   - reason: Why it could not be read.
  /// - Returns: A problem with code `corrupt`.
  public static func corrupt(file: String, reason: String) -> Self {
    Self(file: file, problem: .corrupt(reason: reason))
  }

  /// A link was being re-delivered after a crash and the process died again.
  ///
  /// - Parameters:
  ///   - file: The quarantined file's name.
  ///   - link: The link, or `nil` when its file could not be read.
  /// - Returns: A problem with code `abandoned`.
  public static func abandoned(file: String, link: IncomingLink?) -> Self {
    Self(file: file, problem: .abandoned(link: link))
  }
}

extension ErrorCode where Subject == StoredLinkProblem {
  /// A file could not be read as a stored link (truncated JSON, garbage, an unknown file name ...);
  /// see ``StoredLinkProblem/reason``.
  public static let corrupt = Self("corrupt")
  /// A link was being re-delivered after a crash and the process died again; it is not tried a third
  /// time. See ``StoredLinkProblem/link``.
  public static let abandoned = Self("abandoned")
}
