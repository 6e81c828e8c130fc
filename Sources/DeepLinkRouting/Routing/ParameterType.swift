/// The kind of value a route parameter accepts.
///
/// The type decides both whether a URL segment or query value fits the parameter and how much the
/// parameter weighs when two routes compete for the same URL: a typed parameter (``int``, ``uuid``)
/// is more specific than a plain one (``string``).
public enum ParameterType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
  /// Any non-empty text, percent-decoded (`{name}`).
  case string
  /// A decimal integer: an optional `-`, digits only, fitting in `Int` (`{name:int}`).
  ///
  /// `007` reads as 7; `+7`, ` 7`, `1.5` and `42a` do not fit.
  case int
  /// A UUID in its 36-character form, in any hex case (`{name:uuid}`).
  case uuid

  /// The name used in patterns, such as `int` in `{id:int}`.
  public var description: String { rawValue }
}
