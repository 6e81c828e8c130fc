/// A URL that cannot be built from a route and values, saying which value is wrong and why.
///
/// ``code`` says what is wrong; the details that belong to it (``parameter``, ``expected``, ``value``,
/// ``otherRoute``, ``detail``) are set for the codes that have them and `nil` otherwise. New problems
/// can be added as new codes without breaking callers.
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {

  /// What is wrong, with its details: what ``URLBuildError/init(route:reason:)`` takes.
  ///
  /// Make one with the static member named like its code (`.missingValue("id")`); read it back
  /// through the error's ``URLBuildError/code`` and detail properties.
  package struct Reason: Sendable, Hashable {
    fileprivate enum Problem: Sendable, Hashable {
      case unknownRoute
      case missingValue(String)
      case unexpectedValue(String)
      case typeMismatch(name: String, expected: ParameterType, value: String)
      case emptyValue(String)
      case formUnavailable(String)
      case shadowed(by: String)
      case notRoundTrippable(String)
      case dotSegment(name: String, value: String)
      case unwritableValue(name: String?, detail: String)
      case notAMember(name: String, value: String, members: String)
      case notOfKind(name: String, value: String, kind: String, why: String)
    }

    fileprivate let problem: Problem

    private init(_ problem: Problem) {
      self.problem = problem
    }

    /// No route has this name: code `unknownRoute`.
    package static let unknownRoute = Reason(.unknownRoute)
    /// The required parameter `name` has no value: code `missingValue`.
    package static func missingValue(_ name: String) -> Reason { Reason(.missingValue(name)) }
    /// A value for `name`, which the route does not declare: code `unexpectedValue`.
    package static func unexpectedValue(_ name: String) -> Reason { Reason(.unexpectedValue(name)) }
    /// The value of `name` does not fit its type: code `typeMismatch`.
    package static func typeMismatch(name: String, expected: ParameterType, value: String) -> Reason {
      Reason(.typeMismatch(name: name, expected: expected, value: value))
    }
    /// The value of `name` is empty where the link needs text: code `emptyValue`.
    package static func emptyValue(_ name: String) -> Reason { Reason(.emptyValue(name)) }
    /// The table cannot build the requested form, explained in `detail`: code `formUnavailable`.
    package static func formUnavailable(_ detail: String) -> Reason { Reason(.formUnavailable(detail)) }
    /// The URL would open the route named `other` instead: code `shadowed`.
    package static func shadowed(by other: String) -> Reason { Reason(.shadowed(by: other)) }
    /// The URL would not read back the same, explained in `detail`: code `notRoundTrippable`.
    package static func notRoundTrippable(_ detail: String) -> Reason { Reason(.notRoundTrippable(detail)) }
    /// The value of path parameter `name` is `.` or `..`, which browsers remove from a path: code
    /// `dotSegment`.
    package static func dotSegment(name: String, value: String) -> Reason {
      Reason(.dotSegment(name: name, value: value))
    }
    /// A destination holds a value no link can hold, at label `name` (`nil` when the problem is not one
    /// label's), explained in `detail`: code `unwritableValue`.
    package static func unwritableValue(name: String?, detail: String) -> Reason {
      Reason(.unwritableValue(name: name, detail: detail))
    }
    /// The value of `name` is not a member of its value set, written `members` (`(asc|desc)`): code
    /// `notAMember`.
    package static func notAMember(name: String, value: String, members: String) -> Reason {
      Reason(.notAMember(name: name, value: value, members: members))
    }
    /// The value of `name` is not of its app-defined kind `kind`, for the reason `why`: code
    /// `notOfKind`.
    package static func notOfKind(name: String, value: String, kind: String, why: String) -> Reason {
      Reason(.notOfKind(name: name, value: value, kind: kind, why: why))
    }
  }

  /// The route asked for.
  public var route: String
  /// What is wrong, with its details.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - route: The route asked for.
  ///   - reason: What is wrong.
  package init(route: String, reason: Reason) {
    self.route = route
    self.reason = reason
  }

  /// What is wrong.
  public var code: ErrorCode<URLBuildError> {
    switch reason.problem {
    case .unknownRoute: .unknownRoute
    case .missingValue: .missingValue
    case .unexpectedValue: .unexpectedValue
    case .typeMismatch: .typeMismatch
    case .emptyValue: .emptyValue
    case .formUnavailable: .formUnavailable
    case .shadowed: .shadowed
    case .notRoundTrippable: .notRoundTrippable
    case .dotSegment: .dotSegment
    case .unwritableValue: .unwritableValue
    case .notAMember: .notAMember
    case .notOfKind: .notOfKind
    }
  }

  /// The parameter at fault, for `missingValue`, `unexpectedValue`, `typeMismatch`, `emptyValue` and
  /// `dotSegment`, and the destination's label for `unwritableValue` (when one label is at fault);
  /// `nil` otherwise.
  public var parameter: String? {
    switch reason.problem {
    case .missingValue(let name), .unexpectedValue(let name), .typeMismatch(let name, _, _),
      .emptyValue(let name), .dotSegment(let name, _):
      name
    case .unwritableValue(let name, _): name
    case .notAMember(let name, _, _), .notOfKind(let name, _, _, _): name
    default: nil
    }
  }

  /// The type the parameter needs, for `typeMismatch`; `nil` otherwise.
  public var expected: ParameterType? {
    guard case .typeMismatch(_, let expected, _) = reason.problem else { return nil }
    return expected
  }

  /// The value that does not fit, for `typeMismatch` and `dotSegment`; `nil` otherwise.
  public var value: String? {
    switch reason.problem {
    case .typeMismatch(_, _, let value), .dotSegment(_, let value), .notAMember(_, let value, _),
      .notOfKind(_, let value, _, _):
      value
    default: nil
    }
  }

  /// The route the URL would open instead, for `shadowed`; `nil` otherwise.
  public var otherRoute: String? {
    guard case .shadowed(let other) = reason.problem else { return nil }
    return other
  }

  /// What stands in the way, in words, for `formUnavailable`, `notRoundTrippable` and
  /// `unwritableValue`; `nil` otherwise.
  public var detail: String? {
    switch reason.problem {
    case .formUnavailable(let detail), .notRoundTrippable(let detail), .unwritableValue(_, let detail): detail
    default: nil
    }
  }

  /// The problem in words, naming the route and the value.
  public var description: String {
    let prefix = "route '\(route)': "
    switch reason.problem {
    case .unknownRoute: return prefix + "no such route"
    case .missingValue(let name): return prefix + "missing value for '\(name)'"
    case .unexpectedValue(let name): return prefix + "the route has no parameter '\(name)'"
    case .typeMismatch(let name, let expected, let value):
      return prefix + "'\(name)' must be \(expected == .int ? "an int" : "a \(expected)"), got '\(value)'"
    case .emptyValue(let name): return prefix + "'\(name)' cannot be empty"
    case .formUnavailable(let detail): return prefix + detail
    case .shadowed(let other): return prefix + "the URL would open route '\(other)' instead"
    case .notRoundTrippable(let detail): return prefix + "the URL would not read back the same: \(detail)"
    case .dotSegment(let name, let value):
      return prefix
        + "'\(name)' is '\(value)', a dot segment: browsers remove it from the path (and its parent, for '..'), so the link would open another page"
    case .unwritableValue(let name, let detail):
      return prefix + (name.map { "parameter '\($0)': " } ?? "") + detail
    case .notAMember(let name, let value, let members):
      return prefix + "'\(name)' must be one of \(members), got '\(value)'"
    case .notOfKind(let name, let value, let kind, let why):
      return prefix
        + "'\(name)' must be \(AppKind.withArticle(kind)), got '\(PrintableText.escaped(value))': \(why)"
    }
  }
}

extension ErrorCode where Subject == URLBuildError {
  /// No route has this name.
  public static let unknownRoute = Self("unknown-route")
  /// A required parameter has no value; see ``URLBuildError/parameter``.
  public static let missingValue = Self("missing-value")
  /// A value for a parameter the route does not declare; see ``URLBuildError/parameter``.
  public static let unexpectedValue = Self("unexpected-value")
  /// A value that does not fit the parameter's type; see ``URLBuildError/parameter``,
  /// ``URLBuildError/expected`` and ``URLBuildError/value``.
  public static let typeMismatch = Self("type-mismatch")
  /// An empty value (or an empty segment in a catch-all) where the link needs text; see
  /// ``URLBuildError/parameter``.
  public static let emptyValue = Self("empty-value")
  /// The table has no host (for a web link) or no scheme (for a custom-scheme link) to build with,
  /// or the requested one is not in the table; see ``URLBuildError/detail``.
  public static let formUnavailable = Self("form-unavailable")
  /// The built URL would be read as another route, which wins on specificity (a value equal to a
  /// literal of a more specific route); see ``URLBuildError/otherRoute``.
  public static let shadowed = Self("shadowed")
  /// The built URL would not read back as the same values (for example, a control character); see
  /// ``URLBuildError/detail``.
  public static let notRoundTrippable = Self("not-round-trippable")
  /// A path parameter's value (or a catch-all's segment) is `.` or `..`: browsers and every WHATWG URL
  /// parser remove such a segment, in any spelling (`%2E`, `.%2e`), together with its parent for
  /// `..`, so the link would open another page; see ``URLBuildError/parameter`` and
  /// ``URLBuildError/value``.
  public static let dotSegment = Self("dot-segment")
  /// A destination holds a value no link can hold (an integer beyond `Int`, `nil` inside an optional);
  /// see ``URLBuildError/parameter`` (the label) and ``URLBuildError/detail``.
  public static let unwritableValue = Self("unwritable-value")
  /// A value that is not a member of its parameter's value set (`{order:(asc|desc)}` given `up`); see
  /// ``URLBuildError/parameter`` and ``URLBuildError/value``.
  public static let notAMember = Self("not-a-member")
  /// A value that is not of its parameter's app-defined kind (``RouteTable/kinds``; `{code:sku}` given
  /// `abc`); see ``URLBuildError/parameter`` and ``URLBuildError/value``.
  public static let notOfKind = Self("not-of-kind")
}
