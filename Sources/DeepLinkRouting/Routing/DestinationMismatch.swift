/// A destination type that does not fit a route of its table, found when a ``DestinationRouter`` is
/// built from the destination's `Codable` shape.
///
/// Route names are the destination's case names and a pattern's parameters are the case's labels; each
/// reason names the label (or parameter) at fault. ``RouteTableError`` names the route.
public enum DestinationMismatch: Sendable, Hashable, CustomStringConvertible {
  /// The destination type has no case named after the route.
  case noCase(type: String)
  /// The case's associated values have no labels, so they cannot name parameters (the key `_0`).
  case unlabeledValue(caseName: String, key: String)
  /// The case reads a label the pattern does not declare (a misspelling, or a value with no place in
  /// the link); the pattern's parameters are listed.
  case labelNotInPattern(String, parameters: [String])
  /// The pattern declares a parameter the case does not carry, so building the link would lose it.
  case parameterNotInCase(String)
  /// The case reads a label as a type the pattern's parameter cannot give, with the pattern piece
  /// that would give it.
  case typeMismatch(label: String, reads: String, pattern: String, suggestion: String?)
  /// The case reads an optional query item as a value that must be present.
  case optionalItemRequired(String)
  /// Writing the destination back gives another value than the link held.
  case writesDifferentValue(label: String, read: String, written: String)
  /// Writing the destination back names another route.
  case writesOtherRoute(String)
  /// A shape that route values cannot hold (a nested structure, a `Bool`), in words.
  case unsupported(String)

  /// The problem in words, naming the label or parameter.
  public var description: String {
    switch self {
    case .noCase(let type):
      return "\(type) has no case named after the route (route names are the destination's case names)"
    case .unlabeledValue(let caseName, let key):
      return "the associated value '\(key)' of case '\(caseName)' has no label; label it with the "
        + "pattern's parameter name, as in `case \(caseName)(id: String)`"
    case .labelNotInPattern(let label, let parameters):
      let declared = parameters.isEmpty ? "no parameters" : "only " + parameters.joined(separator: ", ")
      return "the case reads '\(label)', which the pattern does not declare (it declares \(declared))"
    case .parameterNotInCase(let name):
      return "the pattern's parameter '\(name)' is not a label of the case, so its link would lose it"
    case .typeMismatch(let label, let reads, let pattern, let suggestion):
      return "'\(label)' is read as \(reads), but the pattern gives \(pattern)"
        + (suggestion.map { "; write \($0)" } ?? "")
    case .optionalItemRequired(let name):
      return "'\(name)' is an optional query item, so the case must read it as an Optional"
    case .writesDifferentValue(let label, let read, let written):
      return "the case writes '\(label)' as '\(written)', but the link gave '\(read)'"
    case .writesOtherRoute(let other):
      return "the case writes the link of route '\(other)'"
    case .unsupported(let detail):
      return detail
    }
  }
}
