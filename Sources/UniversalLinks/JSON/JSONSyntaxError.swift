/// Where and why a text is not valid JSON.
struct JSONSyntaxError: Error, Hashable, Sendable {
  /// The byte offset of the problem in the input.
  var offset: Int
  /// The 1-based line of the problem.
  var line: Int
  /// The 1-based column (in characters) of the problem.
  var column: Int
  /// What the parser expected or found.
  var message: String
}
