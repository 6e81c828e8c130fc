/// A route table that cannot be built, naming the route and the piece at fault.
///
/// Raised when a ``Router`` is built and when a route file is read: a pattern that does not parse, two
/// routes with one name, two routes that would match exactly the same URLs, a malformed scheme or host,
/// a route file that is not valid JSON of the expected shape, or a destination type that does not fit
/// its routes.
///
/// ``code`` says what is wrong; the details that belong to it (``key``, ``limit``,
/// ``label``, ...) are set for the codes that have them and `nil` otherwise. New problems can be added
/// as new codes without breaking callers: compare ``code`` with the codes you handle and treat any
/// other as a table that does not build.
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {

  /// What is wrong with a route table, with its details: what
  /// ``RouteTableError/init(route:location:reason:found:line:column:)`` takes.
  ///
  /// Make one with the static member named like its code (`.missingKey("pattern")`); read it back
  /// through the error's ``RouteTableError/code`` and detail properties.
  package struct Reason: Sendable, Hashable {
    fileprivate enum Problem: Sendable, Hashable {
      case invalidPattern(RoutePatternError)
      case duplicateRouteName
      case ambiguous(with: String)
      case emptyRouteName
      case invalidScheme(String)
      case invalidHost(String)
      case noSchemeOrHost
      case tooManyRoutes(limit: Int)
      case limitOutOfRange(key: String, value: Int, allowed: ClosedRange<Int>)
      case invalidJSON(String)
      case wrongType(expected: String)
      case unknownKey(String, suggestion: String?)
      case missingKey(String)
      case noCase(type: String)
      case unlabeledValue(caseName: String, key: String)
      case labelNotInPattern(String, parameters: [String])
      case parameterNotInCase(String)
      case typeMismatch(label: String, reads: String, pattern: String, suggestion: String?)
      case optionalItemRequired(String)
      case writesDifferentValue(label: String, read: String, written: String)
      case writesOtherRoute(String)
      case memberNotInType(label: String, member: String, type: String)
      case unsupportedShape(String)
      case followsNoLink(String)
      case invalidScope(key: String, entry: String?, problem: ScopeProblem)
      case invalidKind(name: String, problem: KindProblem)
      case kindsOverlap(with: String, value: String, kinds: [String])
      case invalidPreview(field: String, problem: String)
    }

    fileprivate let problem: Problem

    private init(_ problem: Problem) {
      self.problem = problem
    }

    /// The route's pattern does not parse: code `invalidPattern`.
    package static func invalidPattern(_ error: RoutePatternError) -> Reason {
      Reason(.invalidPattern(error))
    }
    /// Two routes share a name: code `duplicateRouteName`.
    package static let duplicateRouteName = Reason(.duplicateRouteName)
    /// The route matches exactly the same URLs as the route named `other`: code `ambiguous`.
    package static func ambiguous(with other: String) -> Reason { Reason(.ambiguous(with: other)) }
    /// A route without a name: code `emptyRouteName`.
    package static let emptyRouteName = Reason(.emptyRouteName)
    /// A malformed scheme: code `invalidScheme`.
    package static func invalidScheme(_ scheme: String) -> Reason { Reason(.invalidScheme(scheme)) }
    /// A malformed host entry: code `invalidHost`.
    package static func invalidHost(_ host: String) -> Reason { Reason(.invalidHost(host)) }
    /// Routes but neither a scheme nor a host: code `noSchemeOrHost`.
    package static let noSchemeOrHost = Reason(.noSchemeOrHost)
    /// More routes than `limit`: code `tooManyRoutes`.
    package static func tooManyRoutes(limit: Int) -> Reason { Reason(.tooManyRoutes(limit: limit)) }
    /// The limit `key` is `value`, outside `allowed`: code `limitOutOfRange`.
    package static func limitOutOfRange(key: String, value: Int, allowed: ClosedRange<Int>) -> Reason {
      Reason(.limitOutOfRange(key: key, value: value, allowed: allowed))
    }
    /// The route file is not valid JSON, as the reader explains in `detail`: code `invalidJSON`.
    package static func invalidJSON(_ detail: String) -> Reason { Reason(.invalidJSON(detail)) }
    /// A value of the wrong type where the format expects `expected`: code `wrongType`.
    package static func wrongType(expected: String) -> Reason { Reason(.wrongType(expected: expected)) }
    /// A key the format does not have, with a close key if there is one: code `unknownKey`.
    package static func unknownKey(_ key: String, suggestion: String?) -> Reason {
      Reason(.unknownKey(key, suggestion: suggestion))
    }
    /// A required key is missing: code `missingKey`.
    package static func missingKey(_ key: String) -> Reason { Reason(.missingKey(key)) }
    /// The destination type, named `type`, has no case named after the route: code `noCase`.
    package static func noCase(type: String) -> Reason { Reason(.noCase(type: type)) }
    /// The associated value `key` of case `caseName` has no label: code `unlabeledValue`.
    package static func unlabeledValue(caseName: String, key: String) -> Reason {
      Reason(.unlabeledValue(caseName: caseName, key: key))
    }
    /// The case reads `label`, which the pattern, declaring `parameters`, does not: code
    /// `labelNotInPattern`.
    package static func labelNotInPattern(_ label: String, parameters: [String]) -> Reason {
      Reason(.labelNotInPattern(label, parameters: parameters))
    }
    /// The pattern's parameter `name` is not a label of the case: code `parameterNotInCase`.
    package static func parameterNotInCase(_ name: String) -> Reason { Reason(.parameterNotInCase(name)) }
    /// The case reads `label` as `reads`, but the pattern piece `pattern` cannot give it; `suggestion`
    /// is the piece that would: code `typeMismatch`.
    package static func typeMismatch(label: String, reads: String, pattern: String, suggestion: String?)
      -> Reason
    {
      Reason(.typeMismatch(label: label, reads: reads, pattern: pattern, suggestion: suggestion))
    }
    /// The case reads the optional query item `name` as a value that must be present: code
    /// `optionalItemRequired`.
    package static func optionalItemRequired(_ name: String) -> Reason { Reason(.optionalItemRequired(name)) }
    /// The case writes `label` as `written` where the link gave `read`: code
    /// `writesDifferentValue`.
    package static func writesDifferentValue(label: String, read: String, written: String) -> Reason {
      Reason(.writesDifferentValue(label: label, read: read, written: written))
    }
    /// The case writes the link of the route named `other`: code `writesOtherRoute`.
    package static func writesOtherRoute(_ other: String) -> Reason { Reason(.writesOtherRoute(other)) }
    /// The case reads `label` as `type`, which has no value for the word `member` of the pattern's value
    /// set: code `memberNotInType`.
    package static func memberNotInType(label: String, member: String, type: String) -> Reason {
      Reason(.memberNotInType(label: label, member: member, type: type))
    }
    /// A shape route values cannot hold, explained in `detail`: code `unsupportedShape`.
    package static func unsupportedShape(_ detail: String) -> Reason { Reason(.unsupportedShape(detail)) }
    /// The route's `follow` names `parameter`, which its pattern does not declare as `{name:link}`:
    /// code `followsNoLink`.
    package static func followsNoLink(_ parameter: String) -> Reason { Reason(.followsNoLink(parameter)) }
    /// A route's `hosts` or `schemes` (the `key`) cannot be read: code `invalidScope`.
    package static func invalidScope(key: String, entry: String?, problem: ScopeProblem) -> Reason {
      Reason(.invalidScope(key: key, entry: entry, problem: problem))
    }

    /// The route's `preview` cannot be written: its `field` (`title`, `description`, `image`) is
    /// wrong for `problem`: code `invalidPreview`.
    package static func invalidPreview(field: String, problem: String) -> Reason {
      Reason(.invalidPreview(field: field, problem: problem))
    }

    /// The table's kind `name` cannot be used, for `problem`: code `invalidKind`.
    package static func invalidKind(name: String, problem: KindProblem) -> Reason {
      Reason(.invalidKind(name: name, problem: problem))
    }

    /// The route and the route named `other` are alike but for app-defined kinds that hold one value
    /// at every place (`value`, of `kinds`), so a link reaches both equally: code `ambiguous`.
    package static func kindsOverlap(with other: String, value: String, kinds: [String]) -> Reason {
      Reason(.kindsOverlap(with: other, value: value, kinds: kinds))
    }

    /// What is wrong with a route's `hosts` or `schemes`.
    package enum ScopeProblem: Sendable, Hashable {
      /// The entry is not a host (or scheme) the table lists; `listed` is what it lists.
      case unlisted(listed: [String])
      /// The list is empty, so the route would answer no link.
      case empty
      /// `*` (any host) is written beside host names.
      case anyHostMixed
      /// The entry is written twice.
      case repeated
    }
  }

  /// The route at fault, when there is one.
  public var route: String?
  /// Where in the route file the problem is (`routes[2].pattern`), when read from a file.
  public var location: String?
  /// What is wrong, with its details.
  package var reason: Reason
  /// For a value of the wrong type, what the file holds instead ("a number (1)").
  public var found: String?
  /// The 1-based line in the route file, when read from a file.
  public var line: Int?
  /// The 1-based column (in characters) in the route file, when read from a file.
  public var column: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - route: The route at fault, if any.
  ///   - location: The place in the route file, if any.
  ///   - reason: What is wrong.
  ///   - found: For a value of the wrong type, what the file holds instead.
  ///   - line: The 1-based line in the route file, if any.
  ///   - column: The 1-based column in the route file, if any.
  package init(
    route: String? = nil, location: String? = nil, reason: Reason, found: String? = nil, line: Int? = nil,
    column: Int? = nil
  ) {
    self.route = route
    self.location = location
    self.reason = reason
    self.found = found
    self.line = line
    self.column = column
  }

  /// What is wrong.
  public var code: ErrorCode<RouteTableError> {
    switch reason.problem {
    case .invalidPattern: .invalidPattern
    case .duplicateRouteName: .duplicateRouteName
    case .ambiguous: .ambiguous
    case .emptyRouteName: .emptyRouteName
    case .invalidScheme: .invalidScheme
    case .invalidHost: .invalidHost
    case .noSchemeOrHost: .noSchemeOrHost
    case .tooManyRoutes: .tooManyRoutes
    case .limitOutOfRange: .limitOutOfRange
    case .invalidJSON: .invalidJSON
    case .wrongType: .wrongType
    case .unknownKey: .unknownKey
    case .missingKey: .missingKey
    case .noCase: .noCase
    case .unlabeledValue: .unlabeledValue
    case .labelNotInPattern: .labelNotInPattern
    case .parameterNotInCase: .parameterNotInCase
    case .typeMismatch: .typeMismatch
    case .optionalItemRequired: .optionalItemRequired
    case .writesDifferentValue: .writesDifferentValue
    case .writesOtherRoute: .writesOtherRoute
    case .memberNotInType: .memberNotInType
    case .unsupportedShape: .unsupportedShape
    case .followsNoLink: .followsNoLink
    case .invalidScope: .invalidScope
    case .invalidKind: .invalidKind
    case .invalidPreview: .invalidPreview
    case .kindsOverlap: .ambiguous
    }
  }

  /// The pattern's own error, for `invalidPattern`; `nil` otherwise.
  package var patternError: RoutePatternError? {
    guard case .invalidPattern(let error) = reason.problem else { return nil }
    return error
  }

  /// The other route, for `ambiguous` (the route matching the same URLs) and
  /// `writesOtherRoute` (the route whose link the destination writes); `nil` otherwise.
  public var otherRoute: String? {
    switch reason.problem {
    case .ambiguous(let other), .writesOtherRoute(let other), .kindsOverlap(let other, _, _): other
    default: nil
    }
  }

  /// The malformed scheme, for `invalidScheme`; `nil` otherwise.
  public var scheme: String? {
    guard case .invalidScheme(let scheme) = reason.problem else { return nil }
    return scheme
  }

  /// The malformed host entry, for `invalidHost`; `nil` otherwise.
  public var host: String? {
    guard case .invalidHost(let host) = reason.problem else { return nil }
    return host
  }

  /// The table's route limit, for `tooManyRoutes`; `nil` otherwise.
  public var limit: Int? {
    guard case .tooManyRoutes(let limit) = reason.problem else { return nil }
    return limit
  }

  /// The key at fault: the limit's key for `limitOutOfRange` (`maxRoutes`), the file's key for
  /// `unknownKey` and `missingKey`, the route's list for `invalidScope` (`hosts` or `schemes`), the
  /// preview's field for `invalidPreview` (`title`, `description`, `image`); `nil` otherwise.
  public var key: String? {
    switch reason.problem {
    case .limitOutOfRange(let key, _, _), .unknownKey(let key, _), .missingKey(let key),
      .invalidScope(let key, _, _), .invalidPreview(let key, _):
      key
    default: nil
    }
  }

  /// The entry of a route's `hosts` or `schemes` at fault, for `invalidScope` (`nil` for an empty list);
  /// `nil` otherwise.
  public var scopeEntry: String? {
    guard case .invalidScope(_, let entry, _) = reason.problem else { return nil }
    return entry
  }

  /// The name of the table's kind at fault, for `invalidKind`; `nil` otherwise.
  public var kind: String? {
    guard case .invalidKind(let name, _) = reason.problem else { return nil }
    return name
  }

  /// The limit's value, for `limitOutOfRange`; `nil` otherwise.
  public var value: Int? {
    guard case .limitOutOfRange(_, let value, _) = reason.problem else { return nil }
    return value
  }

  /// The range the limit may take, for `limitOutOfRange`; `nil` otherwise.
  public var allowed: ClosedRange<Int>? {
    guard case .limitOutOfRange(_, _, let allowed) = reason.problem else { return nil }
    return allowed
  }

  /// The problem in words, for `invalidJSON` (the reader's account), `unsupportedShape` and
  /// `invalidPreview`; `nil` otherwise.
  public var detail: String? {
    switch reason.problem {
    case .invalidJSON(let detail), .unsupportedShape(let detail), .invalidPreview(_, let detail): detail
    default: nil
    }
  }

  /// What the format expects, for `wrongType` ("a string"); `nil` otherwise.
  public var expected: String? {
    guard case .wrongType(let expected) = reason.problem else { return nil }
    return expected
  }

  /// What to write instead, when there is a close match: the key for `unknownKey`, the pattern
  /// piece for `typeMismatch`; `nil` otherwise.
  public var suggestion: String? {
    switch reason.problem {
    case .unknownKey(_, let suggestion), .typeMismatch(_, _, _, let suggestion): suggestion
    default: nil
    }
  }

  /// The destination type's name, for `noCase`; `nil` otherwise.
  public var destinationType: String? {
    guard case .noCase(let type) = reason.problem else { return nil }
    return type
  }

  /// The case without labels, for `unlabeledValue`; `nil` otherwise.
  public var caseName: String? {
    guard case .unlabeledValue(let caseName, _) = reason.problem else { return nil }
    return caseName
  }

  /// The case's label at fault, for `unlabeledValue` (the positional key, `_0`),
  /// `labelNotInPattern`, `typeMismatch` and `writesDifferentValue`; `nil`
  /// otherwise.
  public var label: String? {
    switch reason.problem {
    case .unlabeledValue(_, let label), .labelNotInPattern(let label, _), .typeMismatch(let label, _, _, _),
      .writesDifferentValue(let label, _, _), .memberNotInType(let label, _, _):
      label
    default: nil
    }
  }

  /// The parameters the pattern declares, for `labelNotInPattern`; `nil` otherwise.
  public var parameters: [String]? {
    guard case .labelNotInPattern(_, let parameters) = reason.problem else { return nil }
    return parameters
  }

  /// The pattern's parameter at fault, for `parameterNotInCase`,
  /// `optionalItemRequired` and `followsNoLink`; `nil` otherwise.
  public var parameter: String? {
    switch reason.problem {
    case .parameterNotInCase(let name), .optionalItemRequired(let name), .followsNoLink(let name): name
    default: nil
    }
  }

  /// The type the case reads the label as, for `typeMismatch`; `nil` otherwise.
  public var readType: String? {
    guard case .typeMismatch(_, let reads, _, _) = reason.problem else { return nil }
    return reads
  }

  /// The pattern piece that declares the parameter, for `typeMismatch`; `nil` otherwise.
  public var patternPiece: String? {
    guard case .typeMismatch(_, _, let pattern, _) = reason.problem else { return nil }
    return pattern
  }

  /// The value the link held, for `writesDifferentValue`, and the word, for `memberNotInType`; `nil`
  /// otherwise.
  public var readValue: String? {
    switch reason.problem {
    case .writesDifferentValue(_, let read, _), .memberNotInType(_, let read, _): return read
    default: return nil
    }
  }

  /// The value the destination writes back, for `writesDifferentValue`; `nil` otherwise.
  public var writtenValue: String? {
    guard case .writesDifferentValue(_, _, let written) = reason.problem else { return nil }
    return written
  }

  /// The problem in words, naming the route and the location (with line and column for a route file).
  public var description: String {
    // The reader's own account of invalid JSON already names the place (and, for a duplicate key, both).
    if case .invalidJSON = reason.problem { return problem }
    let place = line.map { line in " at line \(line)" + (column.map { ", column \($0)" } ?? "") } ?? ""
    return problem + (found.map { ", found \($0)" } ?? "") + place
  }

  private var problem: String {
    var parts: [String] = []
    if let location { parts.append(PrintableText.escaped(location)) }
    if let route { parts.append("route '\(PrintableText.escaped(route))'") }
    let prefix = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
    return prefix + Self.explanation(of: reason.problem)
  }

  /// A problem in words, without the route or the place.
  private static func explanation(of problem: Reason.Problem) -> String {
    switch problem {
    case .invalidPattern(let error): return error.description
    case .duplicateRouteName: return "another route has the same name"
    case .ambiguous(let other): return "matches exactly the same URLs as route '\(other)'"
    case .emptyRouteName: return "a route needs a name"
    case .invalidScheme(let scheme): return "invalid scheme '\(scheme)'"
    case .invalidHost(let host): return "invalid host '\(host)'"
    case .noSchemeOrHost: return "the table lists no scheme and no host"
    case .tooManyRoutes(let limit): return "more than \(limit) routes"
    case .limitOutOfRange(let key, let value, let allowed):
      return "\(key) is \(value), outside the allowed range \(allowed.lowerBound)...\(allowed.upperBound)"
    case .invalidJSON(let detail): return "invalid JSON: \(detail)"
    case .wrongType(let expected): return "expected \(expected)"
    case .unknownKey(let key, let suggestion):
      return "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingKey(let key): return "missing key '\(key)'"
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
    case .memberNotInType(let label, let member, let type):
      return "the pattern's value set for '\(label)' holds '\(member)', which \(type) cannot read "
        + "(a String-backed enum needs a case whose raw value is each word)"
    case .unsupportedShape(let detail):
      return detail
    case .followsNoLink(let name):
      return "follow names '\(name)', which the pattern does not declare as a link ({\(name):link})"
    case .invalidKind(let name, let problem):
      return problem.message(kind: name)
    case .invalidPreview(let field, let problem):
      return "the preview's \(field): \(PrintableText.escaped(problem))"
    case .kindsOverlap(let other, let value, let kinds):
      return "reaches the same links as route '\(other)' wherever a value is of both kinds "
        + "\(kinds.joined(separator: " and ")) (such as '\(PrintableText.escaped(value))'): the routes differ only by "
        + "kinds that share values, so neither is more specific; use one kind, or kinds that share no value"
    case .invalidScope(let key, let entry, let problem):
      let noun = key == "hosts" ? "host" : "scheme"
      let quoted = PrintableText.escaped(entry ?? "")
      switch problem {
      case .unlisted(let listed):
        let table =
          listed.isEmpty
          ? "the table lists no \(noun)"
          : "the table lists \(listed.map(PrintableText.escaped).joined(separator: ", "))"
        let hint = key == "hosts" ? "; write [\"*\"] for any host" : ""
        return "\(noun) '\(quoted)' is not one the table lists (\(table))\(hint)"
      case .empty:
        return "an empty \(key) list would let no link reach the route; leave \(key) out for every \(noun)"
      case .anyHostMixed:
        return "\"*\" (any host) stands alone in hosts; it cannot be listed beside '\(quoted)'"
      case .repeated:
        return "\(noun) '\(quoted)' is listed twice"
      }
    }
  }
}

extension ErrorCode where Subject == RouteTableError {
  /// The route's pattern does not parse; the description quotes the pattern and points at the piece.
  public static let invalidPattern = Self("invalid-pattern")
  /// Two routes share a name.
  public static let duplicateRouteName = Self("duplicate-route-name")
  /// The route would match exactly the same URLs as another route; see ``RouteTableError/otherRoute``.
  public static let ambiguous = Self("ambiguous")
  /// A route without a name.
  public static let emptyRouteName = Self("empty-route-name")
  /// A scheme that is not `letter *(letter / digit / "+" / "-" / ".")`; see ``RouteTableError/scheme``.
  public static let invalidScheme = Self("invalid-scheme")
  /// A host entry that is not a host name, `*.` followed by a host name, or either with `:port`; see
  /// ``RouteTableError/host``.
  public static let invalidHost = Self("invalid-host")
  /// A table with routes but neither a scheme nor a host, so no link could reach them.
  public static let noSchemeOrHost = Self("no-scheme-or-host")
  /// More routes than the table's limit; see ``RouteTableError/limit``.
  public static let tooManyRoutes = Self("too-many-routes")
  /// A limit outside the range it may take (see ``RouteTable/Limits/validate()``); see
  /// ``RouteTableError/key``, ``RouteTableError/value`` and ``RouteTableError/allowed``.
  public static let limitOutOfRange = Self("limit-out-of-range")
  /// The route file is not valid JSON; see ``RouteTableError/detail``.
  public static let invalidJSON = Self("invalid-json")
  /// A value of the wrong type at ``RouteTableError/location``; see ``RouteTableError/expected`` and
  /// ``RouteTableError/found``.
  public static let wrongType = Self("wrong-type")
  /// A key the format does not have (a misspelling, usually); see ``RouteTableError/key`` and
  /// ``RouteTableError/suggestion``.
  public static let unknownKey = Self("unknown-key")
  /// A required key is missing; see ``RouteTableError/key``.
  public static let missingKey = Self("missing-key")
  /// The destination type of a ``DestinationRouter`` has no case named after the route; see
  /// ``RouteTableError/destinationType``.
  public static let noCase = Self("no-case")
  /// A case's associated values have no labels, so they cannot name parameters; see
  /// ``RouteTableError/caseName`` and ``RouteTableError/label`` (the key `_0`).
  public static let unlabeledValue = Self("unlabeled-value")
  /// A case reads a label the pattern does not declare (a misspelling, or a value with no place in the
  /// link); see ``RouteTableError/label`` and ``RouteTableError/parameters``.
  public static let labelNotInPattern = Self("label-not-in-pattern")
  /// The pattern declares a parameter the case does not carry, so building the link would lose it;
  /// see ``RouteTableError/parameter``.
  public static let parameterNotInCase = Self("parameter-not-in-case")
  /// A case reads a label as a type the pattern's parameter cannot give; see
  /// ``RouteTableError/label``, ``RouteTableError/readType``, ``RouteTableError/patternPiece`` and
  /// ``RouteTableError/suggestion``.
  public static let typeMismatch = Self("type-mismatch")
  /// A case reads an optional query item as a value that must be present; see
  /// ``RouteTableError/parameter``.
  public static let optionalItemRequired = Self("optional-item-required")
  /// Writing the destination back gives another value than the link held; see
  /// ``RouteTableError/label``, ``RouteTableError/readValue`` and ``RouteTableError/writtenValue``.
  public static let writesDifferentValue = Self("writes-different-value")
  /// Writing the destination back names another route; see ``RouteTableError/otherRoute``.
  public static let writesOtherRoute = Self("writes-other-route")
  /// A word of a pattern's value set that the case's type cannot read (a `String`-backed enum without a
  /// case of that raw value); see ``RouteTableError/label`` and ``RouteTableError/readValue`` (the word).
  public static let memberNotInType = Self("member-not-in-type")
  /// A destination shape that route values cannot hold (a nested structure, a `Bool`); see
  /// ``RouteTableError/detail``.
  public static let unsupportedShape = Self("unsupported-shape")
  /// A route's `follow` names a parameter its pattern does not declare as `{name:link}`; see
  /// ``RouteTableError/parameter``.
  public static let followsNoLink = Self("follows-no-link")
  /// A route's `hosts` or `schemes` names a host or scheme the table does not list, is empty, repeats
  /// an entry, or mixes `*` with host names; see ``RouteTableError/key`` and
  /// ``RouteTableError/scopeEntry``.
  public static let invalidScope = Self("invalid-scope")
  /// A kind of the table's `kinds` that cannot be used: named like a built-in type, listing no
  /// character, `/` or a malformed range, or lengths that admit no value; see ``RouteTableError/kind``.
  public static let invalidKind = Self("invalid-kind")
  /// A route's `preview` whose template does not parse, names a parameter a web server cannot fill
  /// in, or whose image is not an `https` URL; see ``RouteTableError/key`` (the field) and
  /// ``RouteTableError/detail``.
  public static let invalidPreview = Self("invalid-preview")
}
