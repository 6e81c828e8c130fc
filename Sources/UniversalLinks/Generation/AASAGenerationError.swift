import DeepLinkRouting

/// Why the generator cannot write an apple-app-site-association file: a route the AASA pattern
/// language cannot express, or a file larger than Apple reads.
///
/// ``code`` says which; the details that belong to it (``route``, ``piece`` and ``detail`` for
/// `inexpressible`, ``size`` and ``limit`` for `fileTooLarge`) are set for that code and `nil`
/// otherwise.
public struct AASAGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, with its details: what ``AASAGenerationError/init(_:)`` takes.
  package struct Reason: Sendable, Hashable {
    fileprivate enum Problem: Sendable, Hashable {
      case inexpressible(route: String, piece: String, detail: String)
      case fileTooLarge(size: Int, limit: Int)
    }

    fileprivate let problem: Problem

    private init(_ problem: Problem) {
      self.problem = problem
    }

    /// The `piece` of route `route` has no AASA pattern, explained in `detail`: code `inexpressible`.
    package static func inexpressible(route: String, piece: String, detail: String) -> Reason {
      Reason(.inexpressible(route: route, piece: piece, detail: detail))
    }

    /// The file is `size` bytes, over Apple's `limit`, however it is written: code `fileTooLarge`.
    package static func fileTooLarge(size: Int, limit: Int) -> Reason {
      Reason(.fileTooLarge(size: size, limit: limit))
    }
  }

  /// What is wrong, with its details.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameter reason: What is wrong.
  package init(_ reason: Reason) {
    self.reason = reason
  }

  /// What is wrong.
  public var code: ErrorCode<AASAGenerationError> {
    switch reason.problem {
    case .inexpressible: .inexpressible
    case .fileTooLarge: .fileTooLarge
    }
  }

  /// The route that cannot be expressed, for `inexpressible`; `nil` otherwise.
  public var route: String? {
    guard case .inexpressible(let route, _, _) = reason.problem else { return nil }
    return route
  }

  /// The piece of the route that cannot be expressed, as written, for `inexpressible`; `nil` otherwise.
  public var piece: String? {
    guard case .inexpressible(_, let piece, _) = reason.problem else { return nil }
    return piece
  }

  /// Why the piece cannot be expressed, for `inexpressible`; `nil` otherwise.
  public var detail: String? {
    guard case .inexpressible(_, _, let detail) = reason.problem else { return nil }
    return detail
  }

  /// The size of the smallest file the generator can write, in bytes, for `fileTooLarge`; `nil`
  /// otherwise.
  public var size: Int? {
    guard case .fileTooLarge(let size, _) = reason.problem else { return nil }
    return size
  }

  /// The largest file Apple reads, in bytes, for `fileTooLarge`; `nil` otherwise.
  public var limit: Int? {
    guard case .fileTooLarge(_, let limit) = reason.problem else { return nil }
    return limit
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    switch reason.problem {
    case .inexpressible(let route, let piece, let detail):
      return "route \(route): \"\(piece)\" cannot be expressed in apple-app-site-association: \(detail)"
    case .fileTooLarge(let size, let limit):
      return
        "the apple-app-site-association file would be \(size) bytes, written compactly without comments; Apple ignores files over \(limit) bytes (\(limit / 1024) KB), so no link would open the app"
    }
  }
}

extension ErrorCode where Subject == AASAGenerationError {
  /// A route holds a piece the AASA pattern language cannot say (a literal `*`, `?` or `$(`, which
  /// are wildcards with no escape); see ``AASAGenerationError/route``, ``AASAGenerationError/piece``
  /// and ``AASAGenerationError/detail``.
  public static let inexpressible = Self("inexpressible")
  /// The file is over the 128 KB Apple reads, even written compactly, with duplicate rules merged and
  /// without comments; see ``AASAGenerationError/size`` and ``AASAGenerationError/limit``.
  public static let fileTooLarge = Self("file-too-large")
}
