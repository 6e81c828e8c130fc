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
  /// What is wrong.
  public let code: ErrorCode<RouteTableError>
  /// The problem in words, without the route or the place.
  private let explanation: String
  /// The pattern's own error, for `invalidPattern`; `nil` otherwise.
  package private(set) var patternError: RoutePatternError?
  /// The other route, for `ambiguous` (the route matching the same URLs) and
  /// `writesOtherRoute` (the route whose link the destination writes); `nil` otherwise.
  public private(set) var otherRoute: String?
  /// The malformed scheme, for `invalidScheme`; `nil` otherwise.
  public private(set) var scheme: String?
  /// The malformed host entry, for `invalidHost`; `nil` otherwise.
  public private(set) var host: String?
  /// The table's route limit, for `tooManyRoutes`; `nil` otherwise.
  public private(set) var limit: Int?
  /// The key at fault: the limit's key for `limitOutOfRange` (`maxRoutes`), the file's key for
  /// `unknownKey` and `missingKey`, the route's list for `invalidScope` (`hosts` or `schemes`), the
  /// group's name for `invalidHostGroup`, the preview's field for `invalidPreview` (`title`,
  /// `description`, `image`); `nil` otherwise.
  public private(set) var key: String?
  /// The entry of a route's `hosts` or `schemes` at fault, for `invalidScope` (`nil` for an empty list),
  /// and the group's host at fault, for `invalidHostGroup` (`nil` for the group itself); `nil`
  /// otherwise.
  public private(set) var scopeEntry: String?
  /// The name of the table's kind at fault, for `invalidKind`; `nil` otherwise.
  public private(set) var kind: String?
  /// The limit's value, for `limitOutOfRange`; `nil` otherwise.
  public private(set) var value: Int?
  /// The range the limit may take, for `limitOutOfRange`; `nil` otherwise.
  public private(set) var allowed: ClosedRange<Int>?
  /// The problem in words, for `invalidJSON` (the reader's account), `unsupportedShape`,
  /// `invalidPreview` and `invalidHost` (why the host has no ASCII form, when that is the problem);
  /// `nil` otherwise.
  public private(set) var detail: String?
  /// What the format expects, for `wrongType` ("a string"); `nil` otherwise.
  public private(set) var expected: String?
  /// What to write instead, when there is a close match: the key for `unknownKey`, the pattern
  /// piece for `typeMismatch`; `nil` otherwise.
  public private(set) var suggestion: String?
  /// The destination type's name, for `noCase`; `nil` otherwise.
  public private(set) var destinationType: String?
  /// The case without labels, for `unlabeledValue`; `nil` otherwise.
  public private(set) var caseName: String?
  /// The case's label at fault, for `unlabeledValue` (the positional key, `_0`),
  /// `labelNotInPattern`, `typeMismatch`, `writesDifferentValue` and `memberNotInType`; `nil`
  /// otherwise.
  public private(set) var label: String?
  /// The parameters the pattern declares, for `labelNotInPattern`; `nil` otherwise.
  public private(set) var parameters: [String]?
  /// The pattern's parameter at fault, for `parameterNotInCase`,
  /// `optionalItemRequired` and `followsNoLink`, and the constant, for `invalidConstant`; `nil`
  /// otherwise.
  public private(set) var parameter: String?
  /// The type the case reads the label as, for `typeMismatch`; `nil` otherwise.
  public private(set) var readType: String?
  /// The pattern piece that declares the parameter, for `typeMismatch`; `nil` otherwise.
  public private(set) var patternPiece: String?
  /// The value the link held, for `writesDifferentValue`, and the word, for `memberNotInType`; `nil`
  /// otherwise.
  public private(set) var readValue: String?
  /// The value the destination writes back, for `writesDifferentValue`; `nil` otherwise.
  public private(set) var writtenValue: String?
  /// The route at fault, when there is one.
  public var route: String?
  /// Where in the route file the problem is (`routes[2].pattern`), when read from a file.
  public var location: String?
  /// For a value of the wrong type, what the file holds instead ("a number (1)").
  public var found: String?
  /// The 1-based line in the route file, when read from a file.
  public var line: Int?
  /// The 1-based column (in characters) in the route file, when read from a file.
  public var column: Int?

  /// The problem in words, naming the route and the location (with line and column for a route file).
  public var description: String {
    // The reader's own account of invalid JSON already names the place (and, for a duplicate key, both).
    if code == .invalidJSON { return problem }
    let place = line.map { line in " at line \(line)" + (column.map { ", column \($0)" } ?? "") } ?? ""
    return problem + (found.map { ", found \($0)" } ?? "") + place
  }

  private var problem: String {
    var parts: [String] = []
    if let location { parts.append(PrintableText.escaped(location)) }
    if let route { parts.append("route '\(PrintableText.escaped(route))'") }
    let prefix = parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
    return prefix + explanation
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
    /// The entry names a host group (`@name`) the table does not declare; `declared` is what it
    /// declares.
    case unknownGroup(declared: [String])
    /// The entry is a host group holding `host`, which an earlier entry already lists.
    case repeatedByGroup(host: String)
    /// A host group's name holds a character other than a letter, a digit, `-`, `_` or `.`.
    case invalidName
  }
}

extension RouteTableError {
  /// Creates an error: the problem `reason` (made by one of the factories, such as
  /// ``missingKey(_:)``) at a route and a place in the route file.
  ///
  /// - Parameters:
  ///   - route: The route at fault, if any.
  ///   - location: The place in the route file, if any.
  ///   - reason: What is wrong, with its details; its own route and place are replaced.
  ///   - found: For a value of the wrong type, what the file holds instead.
  ///   - line: The 1-based line in the route file, if any.
  ///   - column: The 1-based column in the route file, if any.
  package init(
    route: String? = nil, location: String? = nil, reason: RouteTableError, found: String? = nil,
    line: Int? = nil, column: Int? = nil
  ) {
    self = reason
    self.route = route
    self.location = location
    self.found = found
    self.line = line
    self.column = column
  }
}

extension RouteTableError {
  /// The route's pattern does not parse: code `invalidPattern`.
  package static func invalidPattern(_ error: RoutePatternError) -> Self {
    Self(code: .invalidPattern, explanation: error.description, patternError: error)
  }

  /// Two routes share a name: code `duplicateRouteName`.
  package static let duplicateRouteName = Self(
    code: .duplicateRouteName, explanation: "another route has the same name")

  /// The route matches exactly the same URLs as the route named `other`: code `ambiguous`.
  package static func ambiguous(with other: String) -> Self {
    Self(
      code: .ambiguous, explanation: "matches exactly the same URLs as route '\(other)'", otherRoute: other)
  }

  /// The route and the route named `other` are alike but for app-defined kinds that hold one value
  /// at every place (`value`, of `kinds`), so a link reaches both equally: code `ambiguous`.
  package static func kindsOverlap(with other: String, value: String, kinds: [String]) -> Self {
    Self(
      code: .ambiguous,
      explanation: "reaches the same links as route '\(other)' wherever a value is of both kinds "
        + "\(kinds.joined(separator: " and ")) (such as '\(PrintableText.escaped(value))'): the routes differ only by "
        + "kinds that share values, so neither is more specific; use one kind, or kinds that share no value",
      otherRoute: other)
  }

  /// A route without a name: code `emptyRouteName`.
  package static let emptyRouteName = Self(code: .emptyRouteName, explanation: "a route needs a name")

  /// A malformed scheme: code `invalidScheme`.
  package static func invalidScheme(_ scheme: String) -> Self {
    Self(code: .invalidScheme, explanation: "invalid scheme '\(scheme)'", scheme: scheme)
  }

  /// A malformed host entry: code `invalidHost`, with why when it is known (`problem`, also
  /// ``detail``), such as a label over 63 bytes or `xn--` that is not Punycode.
  package static func invalidHost(_ host: String, problem: String? = nil) -> Self {
    Self(
      code: .invalidHost, explanation: "invalid host '\(host)'" + (problem.map { ": \($0)" } ?? ""),
      host: host,
      detail: problem)
  }

  /// A host the table lists a second time, in any spelling: code `invalidHost`, naming the first entry
  /// (`first`, at `hosts[firstIndex]`) and the one form both have (`ascii`, the router's).
  package static func repeatedHost(_ host: String, first: String, firstIndex: Int, ascii: String) -> Self {
    let same = first == host ? "" : " ('\(PrintableText.escaped(first))' and this entry are both \(ascii))"
    let problem = "the table lists it already, at hosts[\(firstIndex)]\(same); list each host once"
    return Self(
      code: .invalidHost, explanation: "host '\(PrintableText.escaped(host))' is listed twice: \(problem)",
      host: host, detail: problem)
  }

  /// Routes but neither a scheme nor a host: code `noSchemeOrHost`.
  package static let noSchemeOrHost = Self(
    code: .noSchemeOrHost, explanation: "the table lists no scheme and no host")

  /// More routes than `limit`: code `tooManyRoutes`.
  package static func tooManyRoutes(limit: Int) -> Self {
    Self(code: .tooManyRoutes, explanation: "more than \(limit) routes", limit: limit)
  }

  /// The limit `key` is `value`, outside `allowed`: code `limitOutOfRange`.
  package static func limitOutOfRange(key: String, value: Int, allowed: ClosedRange<Int>) -> Self {
    Self(
      code: .limitOutOfRange,
      explanation:
        "\(key) is \(value), outside the allowed range \(allowed.lowerBound)...\(allowed.upperBound)",
      key: key, value: value, allowed: allowed)
  }

  /// The route file is not valid JSON, as the reader explains in `detail`: code `invalidJSON`.
  package static func invalidJSON(_ detail: String) -> Self {
    Self(code: .invalidJSON, explanation: "invalid JSON: \(detail)", detail: detail)
  }

  /// A value of the wrong type where the format expects `expected`: code `wrongType`.
  package static func wrongType(expected: String) -> Self {
    Self(code: .wrongType, explanation: "expected \(expected)", expected: expected)
  }

  /// A key the format does not have, with a close key if there is one: code `unknownKey`.
  package static func unknownKey(_ key: String, suggestion: String?) -> Self {
    Self(
      code: .unknownKey,
      explanation: "unknown key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""), key: key,
      suggestion: suggestion)
  }

  /// A required key is missing: code `missingKey`.
  package static func missingKey(_ key: String) -> Self {
    Self(code: .missingKey, explanation: "missing key '\(key)'", key: key)
  }

  /// The destination type, named `type`, has no case named after the route: code `noCase`.
  package static func noCase(type: String) -> Self {
    Self(
      code: .noCase,
      explanation: "\(type) has no case named after the route (route names are the destination's case names)",
      destinationType: type)
  }

  /// The associated value `key` of case `caseName` has no label: code `unlabeledValue`.
  package static func unlabeledValue(caseName: String, key: String) -> Self {
    Self(
      code: .unlabeledValue,
      explanation: "the associated value '\(key)' of case '\(caseName)' has no label; label it with the "
        + "pattern's parameter name, as in `case \(caseName)(id: String)`", caseName: caseName, label: key)
  }

  /// The case reads `label`, which the pattern, declaring `parameters`, does not: code
  /// `labelNotInPattern`.
  package static func labelNotInPattern(_ label: String, parameters: [String]) -> Self {
    let declared = parameters.isEmpty ? "no parameters" : "only " + parameters.joined(separator: ", ")
    return Self(
      code: .labelNotInPattern,
      explanation: "the case reads '\(label)', which the pattern does not declare (it declares \(declared))",
      label: label, parameters: parameters)
  }

  /// The pattern's parameter `name` is not a label of the case: code `parameterNotInCase`.
  package static func parameterNotInCase(_ name: String) -> Self {
    Self(
      code: .parameterNotInCase,
      explanation: "the pattern's parameter '\(name)' is not a label of the case, so its link would lose it",
      parameter: name)
  }

  /// The case reads `label` as `reads`, but the pattern piece `pattern` cannot give it; `suggestion`
  /// is the piece that would: code `typeMismatch`.
  package static func typeMismatch(label: String, reads: String, pattern: String, suggestion: String?) -> Self
  {
    Self(
      code: .typeMismatch,
      explanation: "'\(label)' is read as \(reads), but the pattern gives \(pattern)"
        + (suggestion.map { "; write \($0)" } ?? ""), suggestion: suggestion, label: label, readType: reads,
      patternPiece: pattern)
  }

  /// The case reads the optional query item `name` as a value that must be present: code
  /// `optionalItemRequired`.
  package static func optionalItemRequired(_ name: String) -> Self {
    Self(
      code: .optionalItemRequired,
      explanation: "'\(name)' is an optional query item, so the case must read it as an Optional",
      parameter: name)
  }

  /// The case writes `label` as `written` where the link gave `read`: code
  /// `writesDifferentValue`.
  package static func writesDifferentValue(label: String, read: String, written: String) -> Self {
    Self(
      code: .writesDifferentValue,
      explanation: "the case writes '\(label)' as '\(written)', but the link gave '\(read)'", label: label,
      readValue: read, writtenValue: written)
  }

  /// The case writes the link of the route named `other`: code `writesOtherRoute`.
  package static func writesOtherRoute(_ other: String) -> Self {
    Self(
      code: .writesOtherRoute, explanation: "the case writes the link of route '\(other)'", otherRoute: other)
  }

  /// The case reads `label` as `type`, which has no value for the word `member` of the pattern's value
  /// set: code `memberNotInType`.
  package static func memberNotInType(label: String, member: String, type: String) -> Self {
    Self(
      code: .memberNotInType,
      explanation: "the pattern's value set for '\(label)' holds '\(member)', which \(type) cannot read "
        + "(a String-backed enum needs a case whose raw value is each word)", label: label, readValue: member)
  }

  /// The case reads `label` as `type`, which cannot hold `value`, the route's constant of that name:
  /// code `memberNotInType`.
  package static func constantNotInType(label: String, value: String, type: String) -> Self {
    Self(
      code: .memberNotInType,
      explanation: "the route's constant '\(label)' is '\(PrintableText.escaped(value))', which \(type) "
        + "cannot read, so the route would open nothing", label: label, readValue: value)
  }

  /// A shape route values cannot hold, explained in `detail`: code `unsupportedShape`.
  package static func unsupportedShape(_ detail: String) -> Self {
    Self(code: .unsupportedShape, explanation: detail, detail: detail)
  }

  /// The route's `follow` names `parameter`, which its pattern does not declare as `{name:link}`:
  /// code `followsNoLink`.
  package static func followsNoLink(_ parameter: String) -> Self {
    Self(
      code: .followsNoLink,
      explanation:
        "follow names '\(parameter)', which the pattern does not declare as a link ({\(parameter):link})",
      parameter: parameter)
  }

  /// A route's `hosts` or `schemes` (the `key`) cannot be read: code `invalidScope`.
  package static func invalidScope(key: String, entry: String?, problem: ScopeProblem) -> Self {
    let noun = key == "hosts" ? "host" : "scheme"
    let quoted = PrintableText.escaped(entry ?? "")
    let explanation: String
    switch problem {
    case .unlisted(let listed):
      let table =
        listed.isEmpty
        ? "the table lists no \(noun)"
        : "the table lists \(listed.map(PrintableText.escaped).joined(separator: ", "))"
      let hint = key == "hosts" ? "; write [\"*\"] for any host" : ""
      explanation = "\(noun) '\(quoted)' is not one the table lists (\(table))\(hint)"
    case .empty:
      explanation =
        "an empty \(key) list would let no link reach the route; leave \(key) out for every \(noun)"
    case .anyHostMixed:
      explanation = "\"*\" (any host) stands alone in hosts; it cannot be listed beside '\(quoted)'"
    case .repeated:
      explanation = "\(noun) '\(quoted)' is listed twice"
    case .unknownGroup(let declared):
      let groups =
        declared.isEmpty
        ? "the table declares no hostGroups"
        : "the table declares " + declared.map { "@" + PrintableText.escaped($0) }.joined(separator: ", ")
      explanation = "'\(quoted)' names no host group (\(groups))"
    case .repeatedByGroup(let host):
      explanation =
        "group '\(quoted)' holds host '\(PrintableText.escaped(host))', which the list already holds"
    case .invalidName:
      explanation = "'\(quoted)' is not a host"
    }
    return Self(code: .invalidScope, explanation: explanation, key: key, scopeEntry: entry)
  }

  /// The table's host group `name` cannot be used: its `entry` (or the group itself, for `nil`) is
  /// wrong for `problem`: code `invalidHostGroup`.
  package static func invalidHostGroup(name: String, entry: String?, problem: ScopeProblem) -> Self {
    let quoted = PrintableText.escaped(entry ?? "")
    let group = PrintableText.escaped(name)
    let explanation: String
    switch problem {
    case .unlisted(let listed):
      let table =
        listed.isEmpty
        ? "the table lists no host"
        : "the table lists \(listed.map(PrintableText.escaped).joined(separator: ", "))"
      explanation = "host group '\(group)': host '\(quoted)' is not one the table lists (\(table))"
    case .empty, .anyHostMixed, .unknownGroup:
      explanation = "host group '\(group)' holds no host; a group lists at least one of the table's hosts"
    case .repeated, .repeatedByGroup:
      explanation = "host group '\(group)': host '\(quoted)' is listed twice"
    case .invalidName:
      explanation =
        "host group '\(group)': a group's name is letters, digits, '-', '_' and '.' (routes name it as @name)"
    }
    return Self(code: .invalidHostGroup, explanation: explanation, key: name, scopeEntry: entry)
  }

  /// The route's constant `name` (``RouteDefinition/constants``) is a parameter of its pattern, or
  /// empty: code `invalidConstant`.
  package static func invalidConstant(_ name: String) -> Self {
    Self(
      code: .invalidConstant,
      explanation: name.isEmpty
        ? "a constant needs a name"
        : "the constant '\(PrintableText.escaped(name))' is a parameter of the pattern; a constant is never "
          + "read from the link, so it takes a name of its own", parameter: name)
  }

  /// The route's `preview` cannot be written: its `field` (`title`, `description`, `image`) is
  /// wrong for `problem`: code `invalidPreview`.
  package static func invalidPreview(field: String, problem: String) -> Self {
    Self(
      code: .invalidPreview, explanation: "the preview's \(field): \(PrintableText.escaped(problem))",
      key: field, detail: problem)
  }

  /// The table's kind `name` cannot be used, for `problem`: code `invalidKind`.
  package static func invalidKind(name: String, problem: KindProblem) -> Self {
    Self(code: .invalidKind, explanation: problem.message(kind: name), kind: name)
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
  /// A host entry that is not a host name, `*.` followed by a host name, or either with `:port`, or a
  /// host the table lists twice (`chat.example.भारत` and `chat.example.xn--h2brj9c` are one); see
  /// ``RouteTableError/host``.
  public static let invalidHost = Self("invalid-host")
  /// A table with routes but neither a scheme nor a host, so no link could reach them.
  public static let noSchemeOrHost = Self("no-scheme-or-host")
  /// More routes than the table's limit; see ``RouteTableError/limit``.
  public static let tooManyRoutes = Self("too-many-routes")
  /// A limit outside the range it may take (see ``RouteTable/Options/validate()``); see
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
  /// A word of a pattern's value set, or a route's constant, that the case's type cannot read (a
  /// `String`-backed enum without a case of that raw value); see ``RouteTableError/label`` and
  /// ``RouteTableError/readValue`` (the word).
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
  /// A host group of the table's `hostGroups` that cannot be used: a name that is not letters, digits,
  /// `-`, `_` and `.`, no host, a host the table does not list, or a host twice; see
  /// ``RouteTableError/key`` (the group's name) and ``RouteTableError/scopeEntry`` (the host).
  public static let invalidHostGroup = Self("invalid-host-group")
  /// A kind of the table's `kinds` that cannot be used: named like a built-in type, listing no
  /// character, `/` or a malformed range, or lengths that admit no value; see ``RouteTableError/kind``.
  public static let invalidKind = Self("invalid-kind")
  /// A route's `preview` whose template does not parse, names a parameter a web server cannot fill
  /// in, or whose image is not an `https` URL; see ``RouteTableError/key`` (the field) and
  /// ``RouteTableError/detail``.
  public static let invalidPreview = Self("invalid-preview")
  /// A route's constant (``RouteDefinition/constants``) named like a parameter of its pattern, or
  /// without a name; see ``RouteTableError/parameter``.
  public static let invalidConstant = Self("invalid-constant")
}
