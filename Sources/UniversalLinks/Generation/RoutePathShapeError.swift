/// Why a route template could not be read as a ``RoutePathShape``.
public struct RoutePathShapeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The template as given.
  public var template: String
  /// What is wrong with it.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - template: The template as given.
  ///   - reason: What is wrong with it.
  public init(template: String, reason: String) {
    self.template = template
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    "invalid route template \"\(template)\": \(reason)"
  }
}
