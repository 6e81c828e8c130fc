import DeepLinkRouting

/// Why the generator cannot write an apple-app-site-association file: a route the AASA pattern
/// language cannot express, or a file larger than Apple reads.
///
/// ``code`` says which; the details that belong to it (``route``, ``piece`` and ``detail`` for
/// `inexpressible`, ``size`` and ``limit`` for `fileTooLarge`) are set for that code and `nil`
/// otherwise.
public struct AASAGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public let code: ErrorCode<AASAGenerationError>
  /// A one-line, human-readable account of the error.
  public let description: String
  /// The route that cannot be expressed, for `inexpressible`; `nil` otherwise.
  public private(set) var route: String?
  /// The piece of the route that cannot be expressed, as written, for `inexpressible`; `nil` otherwise.
  public private(set) var piece: String?
  /// Why the piece cannot be expressed, for `inexpressible`; `nil` otherwise.
  public private(set) var detail: String?
  /// The size of the smallest file the generator can write, in bytes, for `fileTooLarge`; `nil`
  /// otherwise.
  public private(set) var size: Int?
  /// The largest file Apple reads, in bytes, for `fileTooLarge`; `nil` otherwise.
  public private(set) var limit: Int?

  /// The `piece` of route `route` has no AASA pattern, explained in `detail`: code `inexpressible`.
  package static func inexpressible(route: String, piece: String, detail: String) -> Self {
    Self(
      code: .inexpressible,
      description:
        "route \(route): \"\(piece)\" cannot be expressed in apple-app-site-association: \(detail)",
      route: route, piece: piece, detail: detail)
  }

  /// The file is `size` bytes, over Apple's `limit`, however it is written: code `fileTooLarge`.
  package static func fileTooLarge(size: Int, limit: Int) -> Self {
    Self(
      code: .fileTooLarge,
      description:
        "the apple-app-site-association file would be \(size) bytes, written compactly without comments; Apple ignores files over \(limit) bytes (\(limit / 1024) KB), so no link would open the app",
      size: size, limit: limit)
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
