/// Where and why a text is not a JSON document the package accepts.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the problem is.
  package var position: JSONPosition
  /// What the reader expected or found, without the position ("expected a quoted key").
  package var message: String
  /// For a duplicate key, where the key was first written.
  package var firstPosition: JSONPosition?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - position: Where the problem is.
  ///   - message: What is wrong.
  ///   - firstPosition: For a duplicate key, where the key was first written.
  package init(position: JSONPosition, message: String, firstPosition: JSONPosition? = nil) {
    self.position = position
    self.message = message
    self.firstPosition = firstPosition
  }

  /// The 1-based line of the problem.
  package var line: Int { position.line }
  /// The 1-based column (in characters) of the problem.
  package var column: Int { position.column }

  /// The problem without its own position, for formats that print the position first:
  /// `duplicate key "pattern"; first at line 3, column 7`.
  package var detail: String {
    firstPosition.map { "\(message); first at \($0)" } ?? message
  }

  /// The problem and its place: `duplicate key "pattern" at line 4, column 7; first at line 3, column 7`.
  package var description: String {
    if let firstPosition {
      return "\(message) at \(position); first at \(firstPosition)"
    }
    return "\(message) at \(position)"
  }
}
