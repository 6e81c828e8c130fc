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
  /// What is wrong.
  package let code: ErrorCode<RoutePatternError>
  /// The reason in words, without the pattern.
  package let message: String
  /// The parameter name at fault, for `invalidParameterName`, `catchAllNotLast`,
  /// `catchAllNotAllowed`, `optionalPathParameter`, `duplicateParameterName`, `catchAllInTemplate`,
  /// `ambiguousTemplate`, `typeNotAllowedInTemplate`, `kindInTemplate`, `optionalKindInPath`,
  /// `adjacentParameters` and `secondCatchAll` (the second of the two), the second dictionary's for
  /// `duplicateOpenQuery`, and the set's for the value-set codes (`unclosedValueSet`, `emptyValueSet`,
  /// `emptyMember`, `forbiddenMemberCharacter`, `duplicateMember`, `valueSetInTemplate`); `nil`
  /// otherwise.
  package private(set) var name: String?
  /// The member at fault, decoded, for `forbiddenMemberCharacter` and `duplicateMember`; `nil`
  /// otherwise.
  package private(set) var member: String?
  /// The type as written, for `unknownType`; `nil` otherwise.
  package private(set) var typeName: String?
  /// The query key declared twice, for `duplicateQueryKey`; `nil` otherwise.
  package private(set) var queryKey: String?
  /// The query item as written, for `invalidQueryItem`; `nil` otherwise.
  package private(set) var queryItem: String?
  /// The pattern's text.
  package var pattern = ""
  /// The offset, in characters, of the offending piece within ``pattern``.
  package var offset = 0
  /// The first catch-all as written, for `secondCatchAll`.
  private var firstCatchAllPiece: String?
  /// The first catch-all's offset in the pattern, for `secondCatchAll`.
  private var firstCatchAllOffset: Int?

  /// The first catch-all as written (`{prefix*}`) and its offset in the pattern, for `secondCatchAll`;
  /// `nil` otherwise.
  package var firstCatchAll: (piece: String, offset: Int)? {
    guard let firstCatchAllPiece, let firstCatchAllOffset else { return nil }
    return (firstCatchAllPiece, firstCatchAllOffset)
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

  /// The built-in types, as the messages list them.
  private static var typeNames: String {
    ParameterType.bySpecificity.map(\.rawValue).joined(separator: ", ")
  }
}

extension RoutePatternError {
  /// Creates an error: the problem `reason` (made by one of the factories, such as
  /// ``unknownType(_:)``) at a place in a pattern.
  ///
  /// - Parameters:
  ///   - pattern: The pattern's text.
  ///   - offset: The offset, in characters, of the offending piece.
  ///   - reason: What is wrong, with its details; its own pattern and offset are replaced.
  package init(pattern: String, offset: Int, reason: RoutePatternError) {
    self = reason
    self.pattern = pattern
    self.offset = offset
  }
}

extension RoutePatternError {
  /// The pattern is empty or does not start with `/`: code `missingLeadingSlash`.
  package static let missingLeadingSlash = Self(
    code: .missingLeadingSlash, message: "a pattern must start with '/'")

  /// Two slashes in a row: code `emptySegment`.
  package static let emptySegment = Self(code: .emptySegment, message: "empty segment ('//')")

  /// A `{` without its `}`, or a `}` without its `{`: code `unbalancedBrace`.
  package static let unbalancedBrace = Self(code: .unbalancedBrace, message: "unbalanced '{' or '}'")

  /// A parameter fills only part of a segment: code `parameterNotWholeSegment`.
  package static let parameterNotWholeSegment = Self(
    code: .parameterNotWholeSegment, message: "a parameter must fill the whole segment")

  /// A parameter name that is not an identifier: code `invalidParameterName`.
  package static func invalidParameterName(_ name: String) -> Self {
    Self(code: .invalidParameterName, message: "invalid parameter name '\(name)'", name: name)
  }

  /// A type the patterns do not know: code `unknownType`.
  package static func unknownType(_ typeName: String) -> Self {
    Self(
      code: .unknownType, message: "unknown parameter type '\(typeName)' (expected \(typeNames))",
      typeName: typeName)
  }

  /// A type that is neither built in nor one of the table's `kinds`, with the closest name if any:
  /// code `unknownType`.
  package static func unknownKind(_ typeName: String, kinds: [String], suggestion: String?) -> Self {
    Self(
      code: .unknownType,
      message: "unknown parameter type '\(PrintableText.escaped(typeName))'"
        + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; expected \(typeNames) or a kind of the table (\(kinds.map(PrintableText.escaped).joined(separator: ", ")))",
      typeName: typeName)
  }

  /// A catch-all that is not the last piece of the path: code `catchAllNotLast`.
  package static func catchAllNotLast(_ name: String) -> Self {
    Self(
      code: .catchAllNotLast,
      message:
        "catch-all '\(name)' ends the path and takes any trailing '/' too: write the pattern without the trailing '/'",
      name: name)
  }

  /// The rest of the link (`{name:rest}`) anywhere but the very end of the pattern: code `restNotLast`.
  package static func restNotLast(_ name: String) -> Self {
    Self(
      code: .restNotLast,
      message:
        "'{\(name):rest}' takes the rest of the link, query and fragment included: it must end the pattern, with no trailing '/', query item or fragment after it",
      name: name)
  }

  /// A catch-all with a type other than `pairs`, or in the query: code `catchAllNotAllowed`.
  package static func catchAllNotAllowed(_ name: String) -> Self {
    Self(
      code: .catchAllNotAllowed,
      message:
        "catch-all '\(name)' cannot have a type (but pairs, {\(name):pairs*}) or stand in the query",
      name: name)
  }

  /// A pair catch-all whose typed operators cannot be read: code `invalidPairs`.
  package static func invalidPairs(_ name: String, detail: String) -> Self {
    Self(code: .invalidPairs, message: "pair catch-all '\(name)': \(detail)", name: name)
  }

  /// An optional marker on a path parameter that is not the whole last segment: code
  /// `optionalPathParameter`.
  package static func optionalPathParameter(_ name: String) -> Self {
    Self(
      code: .optionalPathParameter,
      message:
        "path parameter '\(name)' can be optional only as the last piece of the path, filling its segment (as in /product/{id}/{\(name)?})",
      name: name)
  }

  /// The same parameter name twice: code `duplicateParameterName`.
  package static func duplicateParameterName(_ name: String) -> Self {
    Self(code: .duplicateParameterName, message: "parameter name '\(name)' is used twice", name: name)
  }

  /// The same query key twice: code `duplicateQueryKey`.
  package static func duplicateQueryKey(_ key: String) -> Self {
    Self(code: .duplicateQueryKey, message: "query key '\(key)' is declared twice", queryKey: key)
  }

  /// A query item that is not `key={parameter}`: code `invalidQueryItem`.
  package static func invalidQueryItem(_ item: String) -> Self {
    Self(
      code: .invalidQueryItem,
      message: "query item '\(item)' must be written key={parameter}, key=value, !key or {name*}",
      queryItem: item)
  }

  /// A malformed percent escape in a literal: code `malformedPercentEscape`.
  package static let malformedPercentEscape = Self(
    code: .malformedPercentEscape, message: "malformed percent escape")

  /// A control or bidirectional-formatting character in a literal: code `forbiddenCharacter`.
  package static let forbiddenCharacter = Self(
    code: .forbiddenCharacter, message: "control or bidirectional-formatting character")

  /// A literal that is `.` or `..` in some spelling: code `dotSegment`.
  package static let dotSegment = Self(
    code: .dotSegment,
    message:
      "a literal '.' or '..' (in any spelling, such as %2E) is a dot segment: browsers remove it from the path, so no link reaches the route"
  )

  /// Two parameters in one segment with no literal text between them (`{a}{b}`): code
  /// `adjacentParameters`.
  package static func adjacentParameters(_ first: String, _ second: String) -> Self {
    Self(
      code: .adjacentParameters,
      message:
        "parameters '\(first)' and '\(second)' share a segment with no literal text between them, so nothing says where one ends",
      name: second)
  }

  /// A catch-all inside a segment template (`files-{path*}`): code `catchAllInTemplate`.
  package static func catchAllInTemplate(_ name: String) -> Self {
    Self(
      code: .catchAllInTemplate,
      message:
        "catch-all '\(name)' cannot stand inside a segment with literal text (a catch-all takes whole segments)",
      name: name)
  }

  /// A literal right after a typed parameter of a template that starts with a character the type can
  /// hold (`{id:int}5`): code `ambiguousTemplate`.
  package static func ambiguousTemplate(name: String, literal: String) -> Self {
    Self(
      code: .ambiguousTemplate,
      message:
        "the literal '\(literal)' after parameter '\(name)' starts with a character its type can hold after its first, so where the value ends is ambiguous and the template could never be read back",
      name: name)
  }

  /// A parameter whose type cannot share a segment with text (`{u:url}` in a template): code
  /// `typeNotAllowedInTemplate`.
  package static func typeNotAllowedInTemplate(name: String, type: ParameterType) -> Self {
    Self(
      code: .typeNotAllowedInTemplate,
      message:
        "parameter '\(name)' of type \(type) cannot share a segment with literal text (\(type.expectation) may hold any separator)",
      name: name)
  }

  /// A second catch-all in one path (`/{a*}/x/{b*}`): code `secondCatchAll`, at the second; the
  /// first is named with its offset.
  package static func secondCatchAll(first: String, firstOffset: Int, second: String) -> Self {
    Self(
      code: .secondCatchAll,
      message:
        "a middle catch-all next to another catch-all: '\(first)' (character \(firstOffset + 1) of the pattern) and '\(second)'; a path has at most one catch-all, so the pieces after it have a fixed count",
      name: String(second.dropFirst().dropLast(2)), firstCatchAllPiece: first,
      firstCatchAllOffset: firstOffset)
  }

  /// A second open query dictionary (`{a*}` and `{b*}`): code `duplicateOpenQuery`.
  package static func duplicateOpenQuery(_ first: String, _ second: String) -> Self {
    Self(
      code: .duplicateOpenQuery,
      message:
        "one open query dictionary receives every undeclared item: '{\(first)*}' and '{\(second)*}' are two",
      name: second)
  }

  /// A value set whose `(` has no `)` before the `}`, or with text after it: code `unclosedValueSet`.
  package static func unclosedValueSet(_ name: String) -> Self {
    Self(
      code: .unclosedValueSet,
      message:
        "the value set of '\(name)' must be written {\(name):(a|b)}, its ')' right before the '}' (or '?}' in the query, or its check, as in (a|b)(lower))",
      name: name)
  }

  /// A value set with no member (`{s:()}`): code `emptyValueSet`.
  package static func emptyValueSet(_ name: String) -> Self {
    Self(code: .emptyValueSet, message: "the value set of '\(name)' has no member", name: name)
  }

  /// An empty member in a value set (`{s:(a||b)}`): code `emptyMember`.
  package static func emptyMember(_ name: String) -> Self {
    Self(code: .emptyMember, message: "the value set of '\(name)' has an empty member", name: name)
  }

  /// A member holding `/`, `{`, `}`, `|` or `)`, raw or percent-encoded: code
  /// `forbiddenMemberCharacter`.
  package static func forbiddenMemberCharacter(name: String, member: String, character: Character) -> Self {
    Self(
      code: .forbiddenMemberCharacter,
      message:
        "member '\(PrintableText.escaped(member))' of the value set of '\(name)' holds '\(character)': a member may not hold '/', '{', '}', '|' or ')', even percent-encoded",
      name: name, member: member)
  }

  /// The same member twice in one value set: code `duplicateMember`.
  package static func duplicateMember(name: String, member: String) -> Self {
    Self(
      code: .duplicateMember,
      message: "member '\(PrintableText.escaped(member))' of the value set of '\(name)' is listed twice",
      name: name, member: member)
  }

  /// A value set inside a segment template (`v-{s:(a|b)}`): code `valueSetInTemplate`.
  package static func valueSetInTemplate(_ name: String) -> Self {
    Self(
      code: .valueSetInTemplate,
      message: "the value set of '\(name)' must fill its segment (it cannot share one with literal text)",
      name: name)
  }

  /// A `#` with nothing after it (`/#`): code `emptyFragment`.
  package static let emptyFragment = Self(
    code: .emptyFragment,
    message:
      "the fragment pattern after '#' is empty: write a path such as /#/room/{id} or /#narrow/{rest*}, or leave the '#' out"
  )

  /// A second raw `#` (`/#/a#b`): code `secondFragment`.
  package static let secondFragment = Self(
    code: .secondFragment,
    message: "a second '#': a pattern has one fragment; write a '#' inside a literal as %23")

  /// A query before the fragment (`/?a={a}#/x`): code `queryBeforeFragment`.
  package static let queryBeforeFragment = Self(
    code: .queryBeforeFragment,
    message:
      "a query before the '#': a fragment route reads the query inside its fragment, written after the fragment's path (/#/room/{id}?via={via})"
  )

  /// An app-defined kind inside a segment template (`v-{c:sku}`): code `kindInTemplate`.
  package static func kindInTemplate(name: String, kind: String) -> Self {
    Self(
      code: .kindInTemplate,
      message:
        "parameter '\(name)' of kind \(PrintableText.escaped(kind)) must fill its segment (a kind cannot share one with literal text)",
      name: name)
  }

  /// An app-defined kind as an optional path segment (`{c:sku?}`): code `optionalKindInPath`.
  package static func optionalKindInPath(name: String, kind: String) -> Self {
    Self(
      code: .optionalKindInPath,
      message:
        "path parameter '\(name)' of kind \(PrintableText.escaped(kind)) cannot be optional; declare the route with and without the segment, or use the kind in an optional query item",
      name: name)
  }

  /// A check on a value that cannot be read (`{lat:decimal(90...-90)}`, `{n:int(1...x)}`,
  /// `{on:bool(1...2)}`, `{u:url(ftp)}`): code `invalidCheck`.
  package static func invalidCheck(name: String, why: String) -> Self {
    Self(code: .invalidCheck, message: "the check of parameter '\(name)': \(why)", name: name)
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
  /// The rest of the link (`{name:rest}`) that is not the end of the pattern: a piece, a trailing `/`,
  /// a query item or a fragment after it (`/open/{t:rest}?x={x}`); see ``RoutePatternError/name``.
  package static let restNotLast = Self("rest-not-last")
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
  /// A second raw `#` in a pattern (`/#/a#b`); a `#` inside a literal is written `%23`.
  package static let secondFragment = Self("second-fragment")
  /// A query written before the fragment (`/?a={a}#/x`): a fragment route's query is the one inside
  /// its fragment.
  package static let queryBeforeFragment = Self("query-before-fragment")
  /// An app-defined kind inside a segment template (`v-{c:sku}`); see ``RoutePatternError/name``.
  package static let kindInTemplate = Self("kind-in-template")
  /// An app-defined kind as an optional path segment (`{c:sku?}`); see ``RoutePatternError/name``.
  package static let optionalKindInPath = Self("optional-kind-in-path")
  /// A pair catch-all's typed operators that cannot be read (`{p:pairs(a)*}`, `{p:pairs(a:int|a:int)*}`,
  /// an empty operator); see ``RoutePatternError/name``.
  package static let invalidPairs = Self("invalid-pairs")
  /// A check on a value that cannot be read: a range whose ends are reversed or not of the type, a
  /// range on a type without order, a check a type does not take; see ``RoutePatternError/name``.
  package static let invalidCheck = Self("invalid-check")
}
