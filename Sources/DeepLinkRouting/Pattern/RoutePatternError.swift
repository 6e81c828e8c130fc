/// A route pattern that cannot be registered, with the reason and the position of the offending piece.
///
/// Its ``description`` reads like a compiler diagnostic, with a caret under the bad spot:
///
/// ```
/// pattern '/files/{path+}/meta': a catch-all must be the last piece of the path
///   /files/{path+}/meta
///          ^
/// ```
///
/// ``code`` says what is wrong; the details that belong to it (``name``, ``typeName``, ``queryKey``,
/// ``queryItem``) are set for the codes that have them and `nil` otherwise. New problems can be added
/// as new codes without breaking callers.
package struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {

  /// What is wrong with a pattern, with its details: what
  /// ``RoutePatternError/init(pattern:offset:reason:)`` takes.
  ///
  /// Make one with the static member named like its code (`.unknownType("date")`); read it back
  /// through the error's ``RoutePatternError/code`` and detail properties.
  package struct Reason: Sendable, Hashable {
    fileprivate enum Problem: Sendable, Hashable {
      case missingLeadingSlash
      case emptySegment
      case unbalancedBrace
      case parameterNotWholeSegment
      case invalidParameterName(String)
      case unknownType(String)
      case catchAllNotLast(String)
      case catchAllNotAllowed(String)
      case optionalPathParameter(String)
      case duplicateParameterName(String)
      case duplicateQueryKey(String)
      case invalidQueryItem(String)
      case malformedPercentEscape
      case forbiddenCharacter
      case dotSegment
      case adjacentParameters(String, String)
      case catchAllInTemplate(String)
      case ambiguousTemplate(name: String, literal: String)
      case typeNotAllowedInTemplate(name: String, type: ParameterType)
      case duplicateOpenQuery(String, String)
      case secondCatchAll(first: String, firstOffset: Int, second: String)
      case unclosedValueSet(String)
      case emptyValueSet(String)
      case emptyMember(String)
      case forbiddenMemberCharacter(name: String, member: String, character: Character)
      case duplicateMember(name: String, member: String)
      case valueSetInTemplate(String)
      case emptyFragment
      case fragmentNotAPath
      case secondFragment
      case queryBeforeFragment
      case unknownKind(String, kinds: [String], suggestion: String?)
      case kindInTemplate(name: String, kind: String)
      case optionalKindInPath(name: String, kind: String)
    }

    fileprivate let problem: Problem

    private init(_ problem: Problem) {
      self.problem = problem
    }

    /// The pattern is empty or does not start with `/`: code `missingLeadingSlash`.
    package static let missingLeadingSlash = Reason(.missingLeadingSlash)
    /// Two slashes in a row: code `emptySegment`.
    package static let emptySegment = Reason(.emptySegment)
    /// A `{` without its `}`, or a `}` without its `{`: code `unbalancedBrace`.
    package static let unbalancedBrace = Reason(.unbalancedBrace)
    /// A parameter fills only part of a segment: code `parameterNotWholeSegment`.
    package static let parameterNotWholeSegment = Reason(.parameterNotWholeSegment)
    /// A parameter name that is not an identifier: code `invalidParameterName`.
    package static func invalidParameterName(_ name: String) -> Reason { Reason(.invalidParameterName(name)) }
    /// A type the patterns do not know: code `unknownType`.
    package static func unknownType(_ typeName: String) -> Reason { Reason(.unknownType(typeName)) }
    /// A catch-all that is not the last piece of the path: code `catchAllNotLast`.
    package static func catchAllNotLast(_ name: String) -> Reason { Reason(.catchAllNotLast(name)) }
    /// A catch-all with a type or in the query: code `catchAllNotAllowed`.
    package static func catchAllNotAllowed(_ name: String) -> Reason { Reason(.catchAllNotAllowed(name)) }
    /// An optional marker on a path parameter that is not the whole last segment: code
    /// `optionalPathParameter`.
    package static func optionalPathParameter(_ name: String) -> Reason {
      Reason(.optionalPathParameter(name))
    }
    /// The same parameter name twice: code `duplicateParameterName`.
    package static func duplicateParameterName(_ name: String) -> Reason {
      Reason(.duplicateParameterName(name))
    }
    /// The same query key twice: code `duplicateQueryKey`.
    package static func duplicateQueryKey(_ key: String) -> Reason { Reason(.duplicateQueryKey(key)) }
    /// A query item that is not `key={parameter}`: code `invalidQueryItem`.
    package static func invalidQueryItem(_ item: String) -> Reason { Reason(.invalidQueryItem(item)) }
    /// A malformed percent escape in a literal: code `malformedPercentEscape`.
    package static let malformedPercentEscape = Reason(.malformedPercentEscape)
    /// A control or bidirectional-formatting character in a literal: code `forbiddenCharacter`.
    package static let forbiddenCharacter = Reason(.forbiddenCharacter)
    /// A literal that is `.` or `..` in some spelling: code `dotSegment`.
    package static let dotSegment = Reason(.dotSegment)
    /// Two parameters in one segment with no literal text between them (`{a}{b}`): code
    /// `adjacentParameters`.
    package static func adjacentParameters(_ first: String, _ second: String) -> Reason {
      Reason(.adjacentParameters(first, second))
    }
    /// A catch-all inside a segment template (`files-{path*}`): code `catchAllInTemplate`.
    package static func catchAllInTemplate(_ name: String) -> Reason { Reason(.catchAllInTemplate(name)) }
    /// A literal right after a typed parameter of a template that starts with a character the type can
    /// hold (`{id:int}5`): code `ambiguousTemplate`.
    package static func ambiguousTemplate(name: String, literal: String) -> Reason {
      Reason(.ambiguousTemplate(name: name, literal: literal))
    }
    /// A parameter whose type cannot share a segment with text (`{u:url}` in a template): code
    /// `typeNotAllowedInTemplate`.
    package static func typeNotAllowedInTemplate(name: String, type: ParameterType) -> Reason {
      Reason(.typeNotAllowedInTemplate(name: name, type: type))
    }
    /// A second catch-all in one path (`/{a*}/x/{b*}`): code `secondCatchAll`, at the second; the
    /// first is named with its offset.
    package static func secondCatchAll(first: String, firstOffset: Int, second: String) -> Reason {
      Reason(.secondCatchAll(first: first, firstOffset: firstOffset, second: second))
    }
    /// A second open query dictionary (`{a*}` and `{b*}`): code `duplicateOpenQuery`.
    package static func duplicateOpenQuery(_ first: String, _ second: String) -> Reason {
      Reason(.duplicateOpenQuery(first, second))
    }
    /// A value set whose `(` has no `)` before the `}`, or with text after it: code `unclosedValueSet`.
    package static func unclosedValueSet(_ name: String) -> Reason { Reason(.unclosedValueSet(name)) }
    /// A value set with no member (`{s:()}`): code `emptyValueSet`.
    package static func emptyValueSet(_ name: String) -> Reason { Reason(.emptyValueSet(name)) }
    /// An empty member in a value set (`{s:(a||b)}`): code `emptyMember`.
    package static func emptyMember(_ name: String) -> Reason { Reason(.emptyMember(name)) }
    /// A member holding `/`, `{`, `}`, `|` or `)`, raw or percent-encoded: code
    /// `forbiddenMemberCharacter`.
    package static func forbiddenMemberCharacter(name: String, member: String, character: Character) -> Reason
    {
      Reason(.forbiddenMemberCharacter(name: name, member: member, character: character))
    }
    /// The same member twice in one value set: code `duplicateMember`.
    package static func duplicateMember(name: String, member: String) -> Reason {
      Reason(.duplicateMember(name: name, member: member))
    }
    /// A value set inside a segment template (`v-{s:(a|b)}`): code `valueSetInTemplate`.
    package static func valueSetInTemplate(_ name: String) -> Reason { Reason(.valueSetInTemplate(name)) }
    /// A `#` with nothing after it (`/#`): code `emptyFragment`.
    package static let emptyFragment = Reason(.emptyFragment)
    /// A fragment that is not a path (`/#room`): code `fragmentNotAPath`.
    package static let fragmentNotAPath = Reason(.fragmentNotAPath)
    /// A second raw `#` (`/#/a#b`): code `secondFragment`.
    package static let secondFragment = Reason(.secondFragment)
    /// A query before the fragment (`/?a={a}#/x`): code `queryBeforeFragment`.
    package static let queryBeforeFragment = Reason(.queryBeforeFragment)
    /// A type that is neither built in nor one of the table's `kinds`, with the closest name if any:
    /// code `unknownType`.
    package static func unknownKind(_ typeName: String, kinds: [String], suggestion: String?) -> Reason {
      Reason(.unknownKind(typeName, kinds: kinds, suggestion: suggestion))
    }
    /// An app-defined kind inside a segment template (`v-{c:sku}`): code `kindInTemplate`.
    package static func kindInTemplate(name: String, kind: String) -> Reason {
      Reason(.kindInTemplate(name: name, kind: kind))
    }
    /// An app-defined kind as an optional path segment (`{c:sku?}`): code `optionalKindInPath`.
    package static func optionalKindInPath(name: String, kind: String) -> Reason {
      Reason(.optionalKindInPath(name: name, kind: kind))
    }
  }

  /// The pattern's text.
  package var pattern: String
  /// The offset, in characters, of the offending piece within ``pattern``.
  package var offset: Int
  /// What is wrong, with its details.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - pattern: The pattern's text.
  ///   - offset: The offset, in characters, of the offending piece.
  ///   - reason: What is wrong.
  package init(pattern: String, offset: Int, reason: Reason) {
    self.pattern = pattern
    self.offset = offset
    self.reason = reason
  }

  /// What is wrong.
  package var code: ErrorCode<RoutePatternError> {
    switch reason.problem {
    case .missingLeadingSlash: .missingLeadingSlash
    case .emptySegment: .emptySegment
    case .unbalancedBrace: .unbalancedBrace
    case .parameterNotWholeSegment: .parameterNotWholeSegment
    case .invalidParameterName: .invalidParameterName
    case .unknownType: .unknownType
    case .catchAllNotLast: .catchAllNotLast
    case .catchAllNotAllowed: .catchAllNotAllowed
    case .optionalPathParameter: .optionalPathParameter
    case .duplicateParameterName: .duplicateParameterName
    case .duplicateQueryKey: .duplicateQueryKey
    case .invalidQueryItem: .invalidQueryItem
    case .malformedPercentEscape: .malformedPercentEscape
    case .forbiddenCharacter: .forbiddenCharacter
    case .dotSegment: .dotSegment
    case .adjacentParameters: .adjacentParameters
    case .catchAllInTemplate: .catchAllInTemplate
    case .ambiguousTemplate: .ambiguousTemplate
    case .typeNotAllowedInTemplate: .typeNotAllowedInTemplate
    case .duplicateOpenQuery: .duplicateOpenQuery
    case .secondCatchAll: .secondCatchAll
    case .unclosedValueSet: .unclosedValueSet
    case .emptyValueSet: .emptyValueSet
    case .emptyMember: .emptyMember
    case .forbiddenMemberCharacter: .forbiddenMemberCharacter
    case .duplicateMember: .duplicateMember
    case .valueSetInTemplate: .valueSetInTemplate
    case .emptyFragment: .emptyFragment
    case .fragmentNotAPath: .fragmentNotAPath
    case .secondFragment: .secondFragment
    case .queryBeforeFragment: .queryBeforeFragment
    case .unknownKind: .unknownType
    case .kindInTemplate: .kindInTemplate
    case .optionalKindInPath: .optionalKindInPath
    }
  }

  /// The parameter name at fault, for `invalidParameterName`, `catchAllNotLast`,
  /// `catchAllNotAllowed`, `optionalPathParameter`, `duplicateParameterName`, `catchAllInTemplate`,
  /// `ambiguousTemplate`, `typeNotAllowedInTemplate` and `adjacentParameters` (the second of the two),
  /// the second dictionary's for `duplicateOpenQuery`, and the set's for the value-set codes
  /// (`unclosedValueSet`, `emptyValueSet`, `emptyMember`, `forbiddenMemberCharacter`, `duplicateMember`,
  /// `valueSetInTemplate`); `nil` otherwise.
  package var name: String? {
    switch reason.problem {
    case .invalidParameterName(let name), .catchAllNotLast(let name), .catchAllNotAllowed(let name),
      .optionalPathParameter(let name), .duplicateParameterName(let name), .catchAllInTemplate(let name),
      .ambiguousTemplate(let name, _), .typeNotAllowedInTemplate(let name, _),
      .adjacentParameters(_, let name), .duplicateOpenQuery(_, let name), .unclosedValueSet(let name),
      .emptyValueSet(let name), .emptyMember(let name), .forbiddenMemberCharacter(let name, _, _),
      .duplicateMember(let name, _), .valueSetInTemplate(let name), .kindInTemplate(let name, _),
      .optionalKindInPath(let name, _):
      name
    case .secondCatchAll(_, _, let second): Self.catchAllName(second)
    default: nil
    }
  }

  /// The first catch-all as written (`{prefix*}`) and its offset in the pattern, for `secondCatchAll`;
  /// `nil` otherwise.
  package var firstCatchAll: (piece: String, offset: Int)? {
    guard case .secondCatchAll(let first, let offset, _) = reason.problem else { return nil }
    return (first, offset)
  }

  /// The member at fault, decoded, for `forbiddenMemberCharacter` and `duplicateMember`; `nil`
  /// otherwise.
  package var member: String? {
    switch reason.problem {
    case .forbiddenMemberCharacter(_, let member, _), .duplicateMember(_, let member): member
    default: nil
    }
  }

  /// The name inside a catch-all as written (`prefix` in `{prefix*}`).
  private static func catchAllName(_ piece: String) -> String {
    String(piece.dropFirst().dropLast(2))
  }

  /// The type as written, for `unknownType`; `nil` otherwise.
  package var typeName: String? {
    switch reason.problem {
    case .unknownType(let typeName), .unknownKind(let typeName, _, _): return typeName
    default: return nil
    }
  }

  /// The query key declared twice, for `duplicateQueryKey`; `nil` otherwise.
  package var queryKey: String? {
    guard case .duplicateQueryKey(let key) = reason.problem else { return nil }
    return key
  }

  /// The query item as written, for `invalidQueryItem`; `nil` otherwise.
  package var queryItem: String? {
    guard case .invalidQueryItem(let item) = reason.problem else { return nil }
    return item
  }

  /// The reason in words, without the pattern.
  package var message: String {
    switch reason.problem {
    case .missingLeadingSlash: "a pattern must start with '/'"
    case .emptySegment: "empty segment ('//')"
    case .unbalancedBrace: "unbalanced '{' or '}'"
    case .parameterNotWholeSegment: "a parameter must fill the whole segment"
    case .invalidParameterName(let name): "invalid parameter name '\(name)'"
    case .unknownType(let type):
      "unknown parameter type '\(type)' (expected \(ParameterType.bySpecificity.map(\.rawValue).joined(separator: ", ")))"
    case .catchAllNotLast(let name):
      "catch-all '\(name)' ends the path and takes any trailing '/' too: write the pattern without the trailing '/'"
    case .catchAllNotAllowed(let name): "catch-all '\(name)' cannot have a type or stand in the query"
    case .optionalPathParameter(let name):
      "path parameter '\(name)' can be optional only as the last piece of the path, filling its segment (as in /product/{id}/{\(name)?})"
    case .duplicateParameterName(let name): "parameter name '\(name)' is used twice"
    case .duplicateQueryKey(let key): "query key '\(key)' is declared twice"
    case .invalidQueryItem(let item):
      "query item '\(item)' must be written key={parameter}, key=value, !key or {name*}"
    case .malformedPercentEscape: "malformed percent escape"
    case .forbiddenCharacter: "control or bidirectional-formatting character"
    case .dotSegment:
      "a literal '.' or '..' (in any spelling, such as %2E) is a dot segment: browsers remove it from the path, so no link reaches the route"
    case .adjacentParameters(let first, let second):
      "parameters '\(first)' and '\(second)' share a segment with no literal text between them, so nothing says where one ends"
    case .catchAllInTemplate(let name):
      "catch-all '\(name)' cannot stand inside a segment with literal text (a catch-all takes whole segments)"
    case .ambiguousTemplate(let name, let literal):
      "the literal '\(literal)' after parameter '\(name)' starts with a character its type can hold, so where the value ends is ambiguous and the template could never be read back"
    case .typeNotAllowedInTemplate(let name, let type):
      "parameter '\(name)' of type \(type) cannot share a segment with literal text (\(type.expectation) may hold any separator)"
    case .secondCatchAll(let first, let offset, let second):
      "a middle catch-all next to another catch-all: '\(first)' (character \(offset + 1) of the pattern) and '\(second)'; a path has at most one catch-all, so the pieces after it have a fixed count"
    case .duplicateOpenQuery(let first, let second):
      "one open query dictionary receives every undeclared item: '{\(first)*}' and '{\(second)*}' are two"
    case .unclosedValueSet(let name):
      "the value set of '\(name)' must be written {\(name):(a|b)}, its ')' right before the '}' (or '?}' in the query)"
    case .emptyValueSet(let name): "the value set of '\(name)' has no member"
    case .emptyMember(let name): "the value set of '\(name)' has an empty member"
    case .forbiddenMemberCharacter(let name, let member, let character):
      "member '\(PrintableText.escaped(member))' of the value set of '\(name)' holds '\(character)': a member may not hold '/', '{', '}', '|' or ')', even percent-encoded"
    case .duplicateMember(let name, let member):
      "member '\(PrintableText.escaped(member))' of the value set of '\(name)' is listed twice"
    case .valueSetInTemplate(let name):
      "the value set of '\(name)' must fill its segment (it cannot share one with literal text)"
    case .emptyFragment:
      "the fragment pattern after '#' is empty: write a path such as /#/room/{id}, or leave the '#' out"
    case .fragmentNotAPath:
      "a fragment pattern is a path: it starts with '/' right after the '#' (as in /#/room/{id})"
    case .secondFragment:
      "a second '#': a pattern has one fragment; write a '#' inside a literal as %23"
    case .queryBeforeFragment:
      "a query before the '#': a fragment route reads the query inside its fragment, written after the fragment's path (/#/room/{id}?via={via})"
    case .unknownKind(let type, let kinds, let suggestion):
      "unknown parameter type '\(PrintableText.escaped(type))'"
        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; expected \(ParameterType.bySpecificity.map(\.rawValue).joined(separator: ", ")) or a kind of the table (\(kinds.map(PrintableText.escaped).joined(separator: ", ")))"
    case .kindInTemplate(let name, let kind):
      "parameter '\(name)' of kind \(PrintableText.escaped(kind)) must fill its segment (a kind cannot share one with literal text)"
    case .optionalKindInPath(let name, let kind):
      "path parameter '\(name)' of kind \(PrintableText.escaped(kind)) cannot be optional; declare the route with and without the segment, or use the kind in an optional query item"
    }
  }

  /// The message, the pattern, and a caret under the offending piece.
  ///
  /// Control and bidirectional-formatting characters in the pattern are written as `\u{XXXX}`, so a
  /// NUL or an override in a route file cannot cut or reorder the message; the caret follows.
  package var description: String {
    let shown = PrintableText.escaped(pattern)
    let before = PrintableText.escaped(pattern.prefix(max(0, offset)))
    let caret = String(repeating: " ", count: before.count) + "^"
    return "pattern '\(shown)': \(message)\n  \(shown)\n  \(caret)"
  }
}

extension ErrorCode where Subject == RoutePatternError {
  /// The pattern is empty or does not start with `/`.
  package static let missingLeadingSlash = Self("missing-leading-slash")
  /// Two slashes in a row: a segment is empty.
  package static let emptySegment = Self("empty-segment")
  /// A `{` without its `}`, or a `}` without its `{`.
  package static let unbalancedBrace = Self("unbalanced-brace")
  /// A parameter fills only part of a segment. Patterns no longer raise it: `video-{id}` is a segment
  /// template, and the templates that cannot be read have codes of their own (``adjacentParameters``,
  /// ``catchAllInTemplate``, ``ambiguousTemplate``, ``typeNotAllowedInTemplate``).
  package static let parameterNotWholeSegment = Self("parameter-not-whole-segment")
  /// A parameter name is empty or not an identifier (`[A-Za-z_][A-Za-z0-9_]*`); see
  /// ``RoutePatternError/name``.
  package static let invalidParameterName = Self("invalid-parameter-name")
  /// A type other than the known parameter types; see ``RoutePatternError/typeName``.
  package static let unknownType = Self("unknown-type")
  /// A catch-all (`{name+}`, `{name*}`) that ends the path followed by a trailing `/`
  /// (`/files/{path*}/`); see ``RoutePatternError/name``. A catch-all elsewhere in the path is a middle
  /// catch-all, allowed once per pattern.
  package static let catchAllNotLast = Self("catch-all-not-last")
  /// A catch-all with a type, as in `{path+:int}`, or a catch-all in the query; see
  /// ``RoutePatternError/name``.
  package static let catchAllNotAllowed = Self("catch-all-not-allowed")
  /// An optional marker (`?`) on a path parameter that is not the whole last segment of the path
  /// (`/a/{x?}/b`, `/a/x-{id?}`); only the last piece may be optional. See ``RoutePatternError/name``.
  package static let optionalPathParameter = Self("optional-path-parameter")
  /// The same parameter name twice in one pattern; see ``RoutePatternError/name``.
  package static let duplicateParameterName = Self("duplicate-parameter-name")
  /// The same query key twice in one pattern; see ``RoutePatternError/queryKey``.
  package static let duplicateQueryKey = Self("duplicate-query-key")
  /// A query item that is not `key={parameter}`; see ``RoutePatternError/queryItem``.
  package static let invalidQueryItem = Self("invalid-query-item")
  /// A malformed percent escape in a literal, or one that decodes to invalid UTF-8.
  package static let malformedPercentEscape = Self("malformed-percent-escape")
  /// A control or bidirectional-formatting character in a literal, raw or percent-encoded: no link can
  /// carry one, so the route could never match.
  package static let forbiddenCharacter = Self("forbidden-character")
  /// A literal segment that is `.` or `..`, raw or percent-encoded (`%2E`, `.%2e`): browsers remove such
  /// a segment, so no link could reach the route.
  package static let dotSegment = Self("dot-segment")
  /// Two parameters in one segment with no literal text between them, as in `{a}{b}`; see
  /// ``RoutePatternError/name`` (the second).
  package static let adjacentParameters = Self("adjacent-parameters")
  /// A catch-all inside a segment template, as in `files-{path*}`; see ``RoutePatternError/name``.
  package static let catchAllInTemplate = Self("catch-all-in-template")
  /// A template literal right after a typed parameter that starts with a character the type can
  /// hold, as in `{id:int}5`, `{n:decimal}.x` or `{flag:bool}e-{x}`; see ``RoutePatternError/name``.
  package static let ambiguousTemplate = Self("ambiguous-template")
  /// A parameter type that cannot stand in a segment template (`url`); see ``RoutePatternError/name``.
  package static let typeNotAllowedInTemplate = Self("type-not-allowed-in-template")
  /// A second catch-all in one path (`/{a*}/x/{b*}`, `/{a*}/{b+}`); the error points at the second, and
  /// ``RoutePatternError/firstCatchAll`` names the first with its offset. See
  /// ``RoutePatternError/name`` (the second's).
  package static let secondCatchAll = Self("second-catch-all")
  /// Two open query dictionaries (`?{a*}&{b*}`) in one pattern; see ``RoutePatternError/name``.
  package static let duplicateOpenQuery = Self("duplicate-open-query")
  /// A value set whose `)` is missing or not right before the `}` (`{s:(a|b}`, `{s:(a)x}`); see
  /// ``RoutePatternError/name``.
  package static let unclosedValueSet = Self("unclosed-value-set")
  /// A value set with no member (`{s:()}`); see ``RoutePatternError/name``.
  package static let emptyValueSet = Self("empty-value-set")
  /// An empty member in a value set (`{s:(a||b)}`, `{s:(a|)}`); see ``RoutePatternError/name``.
  package static let emptyMember = Self("empty-member")
  /// A member holding `/`, `{`, `}`, `|` or `)`, raw or percent-encoded; see
  /// ``RoutePatternError/name`` and ``RoutePatternError/member``.
  package static let forbiddenMemberCharacter = Self("forbidden-member-character")
  /// The same member twice in one value set (byte for byte; or differing only in ASCII case in a table
  /// that compares paths without case); see ``RoutePatternError/name`` and ``RoutePatternError/member``.
  package static let duplicateMember = Self("duplicate-member")
  /// A value set inside a segment template (`v-{s:(a|b)}`); see ``RoutePatternError/name``.
  package static let valueSetInTemplate = Self("value-set-in-template")
  /// A `#` with no fragment pattern after it (`/#`).
  package static let emptyFragment = Self("empty-fragment")
  /// A fragment pattern that does not start with `/` (`/#room`): the fragment is routed as a path.
  package static let fragmentNotAPath = Self("fragment-not-a-path")
  /// A second raw `#` in a pattern (`/#/a#b`); a `#` inside a literal is written `%23`.
  package static let secondFragment = Self("second-fragment")
  /// A query written before the fragment (`/?a={a}#/x`): a fragment route's query is the one inside
  /// its fragment.
  package static let queryBeforeFragment = Self("query-before-fragment")
  /// An app-defined kind inside a segment template (`v-{c:sku}`); see ``RoutePatternError/name``.
  package static let kindInTemplate = Self("kind-in-template")
  /// An app-defined kind as an optional path segment (`{c:sku?}`); see ``RoutePatternError/name``.
  package static let optionalKindInPath = Self("optional-kind-in-path")
}
