/// Why a text could not be read as a URL to match against an apple-app-site-association file.
package struct AASAMatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text as given.
  package var input: String
  /// What is wrong with it.
  package var reason: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - input: The text as given.
  ///   - reason: What is wrong with it.
  package init(input: String, reason: String) {
    self.input = input
    self.reason = reason
  }

  /// A one-line, human-readable account of the error.
  package var description: String {
    "cannot match \"\(input)\": \(reason)"
  }
}
