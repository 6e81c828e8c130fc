/// Why a route template could not be read as a ``RoutePathShape``.
package struct RoutePathShapeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The template as given.
  package var template: String
  /// What is wrong with it.
  package var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - template: The template as given.
  ///   - reason: What is wrong with it.
  package init(template: String, reason: String) {
    self.template = template
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  package var description: String {
    "invalid route template \"\(template)\": \(reason)"
  }
}
