/// Where a piece of a JSON document starts: 1-based line and column (in characters), and byte offset.
package struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, counted in characters (a multi-byte UTF-8 sequence is one column).
  package var column: Int
  /// The 0-based byte offset from the start of the data.
  package var offset: Int

  /// Creates a position.
  ///
  /// - Parameters:
  ///   - line: The 1-based line.
  ///   - column: The 1-based column in characters.
  ///   - offset: The 0-based byte offset.
  package init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// `line 4, column 7`.
  package var description: String { "line \(line), column \(column)" }
}
