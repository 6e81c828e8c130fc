/// A route pattern that cannot be registered, with the reason and the position of the offending piece.
///
/// Its ``description`` reads like a compiler diagnostic, with a caret under the bad spot:
///
/// ```
/// pattern '/files/{path+}/meta': a catch-all must be the last piece of the path
///   /files/{path+}/meta
///          ^
/// ```
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the pattern.
  public enum Reason: Sendable, Hashable {
    /// The pattern is empty or does not start with `/`.
    case missingLeadingSlash
    /// Two slashes in a row: a segment is empty.
    case emptySegment
    /// A `{` without its `}`, or a `}` without its `{`.
    case unbalancedBrace
    /// A parameter fills only part of a segment, as in `video-{id}`.
    case parameterNotWholeSegment
    /// A parameter name is empty or not an identifier (`[A-Za-z_][A-Za-z0-9_]*`).
    case invalidParameterName(String)
    /// A type other than `int`, `uuid` or `string`.
    case unknownType(String)
    /// A catch-all (`{name+}`, `{name*}`) that is not the last piece of the path.
    case catchAllNotLast(String)
    /// A catch-all with a type, as in `{path+:int}`, or a catch-all in the query.
    case catchAllNotAllowed(String)
    /// An optional marker (`?`) on a path parameter; only query items can be optional.
    case optionalPathParameter(String)
    /// The same parameter name twice in one pattern.
    case duplicateParameterName(String)
    /// The same query key twice in one pattern.
    case duplicateQueryKey(String)
    /// A query item that is not `key={parameter}`.
    case invalidQueryItem(String)
    /// A malformed percent escape in a literal, or one that decodes to invalid UTF-8.
    case malformedPercentEscape
    /// A control or bidirectional-formatting character in a literal, raw or percent-encoded: no link can
    /// carry one, so the route could never match.
    case forbiddenCharacter
  }

  /// The pattern's text.
  public var pattern: String
  /// The offset, in characters, of the offending piece within ``pattern``.
  public var offset: Int
  /// What is wrong.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - pattern: The pattern's text.
  ///   - offset: The offset, in characters, of the offending piece.
  ///   - reason: What is wrong.
  public init(pattern: String, offset: Int, reason: Reason) {
    self.pattern = pattern
    self.offset = offset
    self.reason = reason
  }

  /// The reason in words, without the pattern.
  public var message: String {
    switch reason {
    case .missingLeadingSlash: "a pattern must start with '/'"
    case .emptySegment: "empty segment ('//')"
    case .unbalancedBrace: "unbalanced '{' or '}'"
    case .parameterNotWholeSegment: "a parameter must fill the whole segment"
    case .invalidParameterName(let name): "invalid parameter name '\(name)'"
    case .unknownType(let type): "unknown parameter type '\(type)' (expected int, uuid or string)"
    case .catchAllNotLast(let name): "catch-all '\(name)' must be the last piece of the path"
    case .catchAllNotAllowed(let name): "catch-all '\(name)' cannot have a type or stand in the query"
    case .optionalPathParameter(let name):
      "path parameter '\(name)' cannot be optional (only query items can)"
    case .duplicateParameterName(let name): "parameter name '\(name)' is used twice"
    case .duplicateQueryKey(let key): "query key '\(key)' is declared twice"
    case .invalidQueryItem(let item): "query item '\(item)' must be written key={parameter}"
    case .malformedPercentEscape: "malformed percent escape"
    case .forbiddenCharacter: "control or bidirectional-formatting character"
    }
  }

  /// The message, the pattern, and a caret under the offending piece.
  ///
  /// Control and bidirectional-formatting characters in the pattern are written as `\u{XXXX}`, so a
  /// NUL or an override in a route file cannot cut or reorder the message; the caret follows.
  public var description: String {
    let shown = PrintableText.escaped(pattern)
    let before = PrintableText.escaped(pattern.prefix(max(0, offset)))
    let caret = String(repeating: " ", count: before.count) + "^"
    return "pattern '\(shown)': \(message)\n  \(shown)\n  \(caret)"
  }
}
