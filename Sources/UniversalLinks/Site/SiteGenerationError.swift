/// Why the site files could not be generated: an input that would produce a broken page or file.
public struct SiteGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The input that is wrong, e.g. `appStoreID`.
  public var field: String
  /// The value as given.
  public var value: String
  /// What is wrong with it.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - field: The input that is wrong.
  ///   - value: The value as given.
  ///   - reason: What is wrong with it.
  public init(field: String, value: String, reason: String) {
    self.field = field
    self.value = value
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    "\(field) \"\(value)\": \(reason)"
  }
}
