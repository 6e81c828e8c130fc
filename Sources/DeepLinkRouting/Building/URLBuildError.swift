/// A URL that cannot be built from a route and values, saying which value is wrong and why.
///
/// ``code`` says what is wrong; the details that belong to it (``parameter``, ``expected``, ``value``,
/// ``otherRoute``, ``detail``) are set for the codes that have them and `nil` otherwise. New problems
/// can be added as new codes without breaking callers.
public struct URLBuildError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public let code: ErrorCode<URLBuildError>
  /// The problem in words, without the route.
  private let explanation: String
  /// The parameter at fault, for `missingValue`, `unexpectedValue`, `typeMismatch`, `emptyValue`,
  /// `dotSegment`, `notAMember`, `notOfKind` and `notTheConstant`, and the destination's label for `unwritableValue`
  /// (when one label is at fault); `nil` otherwise.
  public private(set) var parameter: String?
  /// The type the parameter needs, for `typeMismatch`; `nil` otherwise.
  public private(set) var expected: ParameterType?
  /// The value that does not fit, for `typeMismatch`, `dotSegment`, `notAMember`, `notOfKind` and
  /// `notTheConstant`; `nil` otherwise.
  public private(set) var value: String?
  /// The route the URL would open instead, for `shadowed`; `nil` otherwise.
  public private(set) var otherRoute: String?
  /// What stands in the way, in words, for `formUnavailable`, `notRoundTrippable` and
  /// `unwritableValue`; `nil` otherwise.
  public private(set) var detail: String?
  /// The route asked for.
  public var route = ""

  /// The problem in words, naming the route and the value.
  public var description: String {
    "route '\(route)': \(explanation)"
  }
}

extension URLBuildError {
  /// Creates an error: the problem `reason` (made by one of the factories, such as
  /// ``missingValue(_:)``) for a route.
  ///
  /// - Parameters:
  ///   - route: The route asked for.
  ///   - reason: What is wrong, with its details; its own route is replaced.
  package init(route: String, reason: URLBuildError) {
    self = reason
    self.route = route
  }
}

extension URLBuildError {
  /// No route has this name: code `unknownRoute`.
  package static let unknownRoute = Self(code: .unknownRoute, explanation: "no such route")

  /// The required parameter `name` has no value: code `missingValue`.
  package static func missingValue(_ name: String) -> Self {
    Self(code: .missingValue, explanation: "missing value for '\(name)'", parameter: name)
  }

  /// A value for `name`, which the route does not declare: code `unexpectedValue`.
  package static func unexpectedValue(_ name: String) -> Self {
    Self(code: .unexpectedValue, explanation: "the route has no parameter '\(name)'", parameter: name)
  }

  /// The value of `name` does not fit its type: code `typeMismatch`.
  package static func typeMismatch(name: String, expected: ParameterType, value: String) -> Self {
    Self(
      code: .typeMismatch,
      explanation:
        "'\(name)' must be \([.int, .address].contains(expected) ? "an" : "a") \(expected), got '\(value)'",
      parameter: name, expected: expected, value: value)
  }

  /// The value of `name` is empty where the link needs text: code `emptyValue`.
  package static func emptyValue(_ name: String) -> Self {
    Self(code: .emptyValue, explanation: "'\(name)' cannot be empty", parameter: name)
  }

  /// The table cannot build the requested form, explained in `detail`: code `formUnavailable`.
  package static func formUnavailable(_ detail: String) -> Self {
    Self(code: .formUnavailable, explanation: detail, detail: detail)
  }

  /// The URL would open the route named `other` instead: code `shadowed`.
  package static func shadowed(by other: String) -> Self {
    Self(code: .shadowed, explanation: "the URL would open route '\(other)' instead", otherRoute: other)
  }

  /// The URL would not read back the same, explained in `detail`: code `notRoundTrippable`.
  package static func notRoundTrippable(_ detail: String) -> Self {
    Self(
      code: .notRoundTrippable, explanation: "the URL would not read back the same: \(detail)", detail: detail
    )
  }

  /// The value of path parameter `name` is `.` or `..`, which browsers remove from a path: code
  /// `dotSegment`.
  package static func dotSegment(name: String, value: String) -> Self {
    Self(
      code: .dotSegment,
      explanation:
        "'\(name)' is '\(value)', a dot segment: browsers remove it from the path (and its parent, for '..'), so the link would open another page",
      parameter: name, value: value)
  }

  /// A destination holds a value no link can hold, at label `name` (`nil` when the problem is not one
  /// label's), explained in `detail`: code `unwritableValue`.
  package static func unwritableValue(name: String?, detail: String) -> Self {
    Self(
      code: .unwritableValue, explanation: (name.map { "parameter '\($0)': " } ?? "") + detail,
      parameter: name, detail: detail)
  }

  /// The value of `name` is not a member of its value set, written `members` (`(asc|desc)`): code
  /// `notAMember`.
  package static func notAMember(name: String, value: String, members: String) -> Self {
    Self(
      code: .notAMember, explanation: "'\(name)' must be one of \(members), got '\(value)'", parameter: name,
      value: value)
  }

  /// The value `value` given for `name`, a constant of the route (``RouteDefinition/constants``) whose
  /// value is `constant`: code `notTheConstant`.
  package static func notTheConstant(name: String, value: String, constant: String) -> Self {
    Self(
      code: .notTheConstant,
      explanation:
        "'\(name)' is a constant of the route, '\(PrintableText.escaped(constant))', never read from the link, "
        + "got '\(PrintableText.escaped(value))'; leave it out or give the same value",
      parameter: name, value: value)
  }

  /// The value of `name` is not of its app-defined kind `kind`, for the reason `why`: code
  /// `notOfKind`.
  package static func notOfKind(name: String, value: String, kind: String, why: String) -> Self {
    Self(
      code: .notOfKind,
      explanation:
        "'\(name)' must be \(AppKind.withArticle(kind)), got '\(PrintableText.escaped(value))': \(why)",
      parameter: name, value: value)
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
  /// A value for a constant of the route (``RouteDefinition/constants``) other than the constant's: a
  /// link never carries a constant, so the link would open the route with the constant's value; see
  /// ``URLBuildError/parameter`` and ``URLBuildError/value``.
  public static let notTheConstant = Self("not-the-constant")
}
