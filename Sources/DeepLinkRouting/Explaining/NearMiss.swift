/// Why a link matched no route: the route that came closest, and where and why it stopped.
///
/// ```swift
/// let miss = try router.explain("https://example.com/orders/abc")
/// // route 'order': segment 2 "abc" is not an int ({id:int})
/// ```
///
/// Made by ``Router/explain(_:)`` for a link that reads correctly but matches no route: the answer to
/// "why didn't my link open what I expected?".
public struct NearMiss: Sendable, Hashable, CustomStringConvertible {
  /// The name of the route that came closest.
  public let route: String
  /// The path as the router read it: decoded segments, a custom-scheme link's authority first.
  public let path: [String]
  /// The position in ``path`` (from 0) of the segment where the route stopped, or `nil` when the route
  /// stopped after the path (too few segments, the query or the trailing slash).
  public let segment: Int?
  /// What stopped it.
  public let code: ErrorCode<NearMiss>
  /// What the route wanted there: a literal, a parameter such as `{id:int}`, a query item such as
  /// `q={query}`, or the remaining pieces of the route.
  public let expected: String
  /// What the link had there, when it had something.
  public let found: String?
  /// Whether the link uses a custom scheme (its authority is then the first path segment).
  public let isCustomScheme: Bool
  /// For a route that reads the fragment as a path (`/#/room/{room}`), the position in ``path`` of the
  /// fragment's first segment: ``path`` then holds the link's path, `#`, and the fragment's segments.
  /// `nil` for a route that ignores the fragment.
  public let fragmentStart: Int?

  init(
    route: String, path: [String], segment: Int?, code: ErrorCode<NearMiss>, expected: String, found: String?,
    isCustomScheme: Bool, fragmentStart: Int? = nil
  ) {
    self.route = route
    self.path = path
    self.segment = segment
    self.code = code
    self.expected = expected
    self.found = found
    self.isCustomScheme = isCustomScheme
    self.fragmentStart = fragmentStart
  }

  /// The explanation in one sentence.
  public var description: String {
    let position =
      segment.map { index in
        if let fragmentStart, index >= fragmentStart {
          return "fragment segment \(index - fragmentStart + 1) \"\(path[index])\""
        }
        return "segment \(index + 1) \"\(path[index])\""
      } ?? ""
    var text = "route '\(route)': "
    switch code {
    case .expectedLiteral: text += "\(position) is not \(expected)"
    case .expectedType: text += "\(position) is not \(Self.article(expected)) (\(expected))"
    case .expectedTemplate: text += "\(position) does not fit \(expected)"
    case .expectedMember: text += "\(position) is not one of \(expected)"
    case .expectedKind: text += "\(position) is not \(expected)"
    case .expectedPairs, .expectedRun:
      text +=
        segment == nil ? "the link ends where the route wants \(expected)" : "\(position) is not \(expected)"
    case .tooManySegments:
      text += "the route ends after \(expected) and the link goes on at \(position)"
    case .tooFewSegments:
      if let fragmentStart {
        let count = NearMissSearch.segments(path.count - fragmentStart)
        text += "the link's fragment ends after \(count); the route goes on with \(expected)"
      } else {
        text +=
          "the link ends after \(NearMissSearch.segments(path.count)); the route goes on with \(expected)"
      }
    case .missingQueryItem: text += "the query item \(expected) is required and missing"
    case .queryItemType: text += "the query item \(expected) does not fit: \"\(found ?? "")\""
    case .queryItemKind: text += "the query item's value \"\(found ?? "")\" is not \(expected)"
    case .queryItemValue:
      text += "the query item \(expected) selects this route; the link has "
      text += found.map { "\"\($0)\"" } ?? "none"
    case .queryItemPresent:
      text +=
        "the route applies only when the query item \(expected.dropFirst()) is absent; the link has \"\(found ?? "")\""
    case .trailingSlash: text += expected
    case .outOfScope:
      text += "the route answers only \(expected); the link has \(found.map { "\"\($0)\"" } ?? "none")"
    default: text += "\(code): expected \(expected)"
    }
    if isCustomScheme, segment == 0 {
      text += " (the authority of a custom-scheme link is its first path segment)"
    }
    return text
  }

  /// `an int`, `a UUID` for a parameter description such as `{id:int}`: the type's
  /// ``ParameterType/expectation``.
  private static func article(_ parameter: String) -> String {
    let typeName = parameter.split(separator: ":").last.map { $0.dropLast() } ?? ""
    return (ParameterType(rawValue: String(typeName)) ?? .string).expectation
  }
}

extension ErrorCode where Subject == NearMiss {
  /// A segment is not the literal the route has there.
  public static let expectedLiteral = Self("expected-literal")
  /// A segment does not fit the type of the route's parameter there (`int`, `uuid`).
  public static let expectedType = Self("expected-type")
  /// A segment does not fit the route's segment template there (`wire-{code:uuid}`): a literal
  /// differs, a separator is missing, or a value does not fit its type.
  public static let expectedTemplate = Self("expected-template")
  /// A segment is not one of the words of the route's value set there (`{section:(general|privacy)}`);
  /// ``NearMiss/expected`` lists them.
  public static let expectedMember = Self("expected-member")
  /// A segment is not of the app-defined kind the route's parameter declares (`{code:sku}`); the
  /// expectation names the kind and says why (`a sku ({code:sku}): it holds 'x', ...`).
  public static let expectedKind = Self("expected-kind")
  /// The segments a pair catch-all takes (`{narrow:pairs*}`) are not operator/operand pairs of its
  /// rule: ``NearMiss/segment`` is an operand not of its operator's type, or for an odd count the
  /// last segment, an operator without its operand; the expectation says which.
  public static let expectedPairs = Self("expected-pairs")
  /// The segments a typed catch-all takes (`{ids:int+}`) are not each of its type or kind:
  /// ``NearMiss/segment`` is the first one that is not, and the expectation says why.
  public static let expectedRun = Self("expected-run")
  /// The link has more segments than the route.
  public static let tooManySegments = Self("too-many-segments")
  /// The link ends before the route does.
  public static let tooFewSegments = Self("too-few-segments")
  /// A query item the route requires is absent or empty.
  public static let missingQueryItem = Self("missing-query-item")
  /// A query item does not fit the type the route declares for it.
  public static let queryItemType = Self("query-item-type")
  /// A query item's value is not of the app-defined kind the route declares for it (`ref={code:sku}`),
  /// or does not pass its check (`lat={lat:decimal(-90...90)}`); the expectation names the kind and
  /// says why, as ``expectedKind`` does for a segment (`a decimal from -90 to 90
  /// (lat={lat:decimal(-90...90)}): it is 95, above 90`).
  public static let queryItemKind = Self("query-item-kind")
  /// A query item whose literal value selects the route (`ref=failed_payment`) is absent or has another
  /// value.
  public static let queryItemValue = Self("query-item-value")
  /// A query item the route requires to be absent (`!ref`) is present.
  public static let queryItemPresent = Self("query-item-present")
  /// The trailing slash differs from the route's, in a table where it counts.
  public static let trailingSlash = Self("trailing-slash")
  /// The route answers only some hosts or schemes (``RouteDefinition/hosts``,
  /// ``RouteDefinition/schemes``), and the link's is not one of them.
  public static let outOfScope = Self("out-of-scope")
}
