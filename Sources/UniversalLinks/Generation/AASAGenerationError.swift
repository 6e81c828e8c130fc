/// Why a route cannot be expressed in the AASA pattern language.
public struct AASAGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The route's name.
  public var route: String
  /// The piece that cannot be expressed, as written.
  public var piece: String
  /// Why.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - piece: The piece that cannot be expressed.
  ///   - reason: Why.
  public init(route: String, piece: String, reason: String) {
    self.route = route
    self.piece = piece
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    "route \(route): \"\(piece)\" cannot be expressed in apple-app-site-association: \(reason)"
  }
}
