/// Why a text could not be read as a URL to match against an apple-app-site-association file.
public struct AASAMatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text as given.
  public var input: String
  /// What is wrong with it.
  public var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - input: The text as given.
  ///   - reason: What is wrong with it.
  public init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  public var description: String {
    "cannot match \"\(input)\": \(reason)"
  }
}
