import DeepLinkRouting

// What the server files say of each piece of a route's path, stated here once, as one answer per
// piece: its apple-app-site-association pattern, how openly that pattern admits paths, the
// exclusions that keep a longer path out, the pattern as a shape writes it, a sample segment, whether a
// decoded segment fits it as the router or as the association file reads it, and its nginx regex. The
// association-file generator, the consistency check, the site and the fallback page ask these answers;
// the Android filters ask `AndroidIntentFilterGenerator`, whose two dialects need more than one answer.
//
// A piece of a shape is never `.fragment`, which splits a route's pieces into the path's and the
// fragment's (``RoutePathShape/fragmentPieces``); where an answer must still be given it is the one of a
// piece that says nothing.

extension RoutePattern.Segment {
  /// The piece's apple-app-site-association path pattern, percent-encoded: a literal as written, a
  /// typed parameter's pattern, `?*` for text AASA cannot narrow (listed as a widening), a kind's
  /// prefix then `*`, `?*` for `{name+}` and `*` for `{name*}`.
  ///
  /// - Parameter route: The route's name, for the error.
  /// - Returns: The pattern; `nil` for `.fragment`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`, which AASA reads as
  ///   wildcards with no escape.
  func aasaPattern(route: String) throws(AASAGenerationError) -> String? {
    func checked(_ text: String) throws(AASAGenerationError) -> String {
      for marker in ["*", "?", "$("] where text.contains(marker) {
        throw .inexpressible(
          route: route, piece: text,
          detail: "\"\(marker)\" is a wildcard in AASA patterns and there is no escape character")
      }
      return text
    }
    switch self {
    case .literal(let text): return RoutePathShape.encode(try checked(text))
    // An optional piece reaches here only in a shape's variants, as a parameter; written alone it
    // stands for its one-segment form.
    case .parameter(_, let type), .optional(_, let type): return type.aasaSegmentPattern
    // AASA cannot list words: any text, listed as a widening (`value-set-text`).
    case .valueSet: return "?*"
    // AASA cannot say which characters: the kind's prefix, then any text, listed as a widening
    // (`kind-text`); a prefix holding one of AASA's wildcards cannot be said, so it is any text.
    case .kind(_, let kind): return AASAGenerator.kindPattern(kind)
    case .oneOrMore: return "?*"
    case .zeroOrMore: return "*"
    case .template(let template):
      for case .literal(let text) in template.parts { _ = try checked(text) }
      return template.aasaPattern(escape: RoutePathShape.encode)
    case .fragment: return nil
    case .testedRun, .remainder: return try serverPiece.aasaPattern(route: route)
    }
  }

  /// How openly the piece's pattern admits paths, for ordering the rules: 0 a literal, 1 a pattern of
  /// fixed width or with literal text (a UUID, a template, a kind's prefix), 2 any one segment, 3
  /// `{name+}`, 4 `{name*}`.
  var aasaOpenness: Int {
    switch self {
    case .literal: 0
    // Literal text around `*` admits fewer paths than `?*`, as a UUID's fixed width does.
    case .template: 1
    case .parameter(_, let type), .optional(_, let type): type.aasaSegmentPattern == "?*" ? 2 : 1
    case .valueSet: 2
    case .kind(_, let kind): AASAGenerator.kindPattern(kind) == "?*" ? 2 : 1
    case .oneOrMore: 3
    case .zeroOrMore, .fragment: 4
    case .testedRun, .remainder: serverPiece.aasaOpenness
    }
  }

  /// The patterns the piece's own is widened to in the exclusions of a route without a catch-all, so
  /// that a path holding more segments there is blocked before the route's rule opens the app: `?*/?*`
  /// for a one-segment parameter; for a template, one per parameter, that parameter's `*` as `*/?*`
  /// (not `*/*`, which at the end would also match its parent, the route's own paths); none for a
  /// literal.
  var aasaWidenedForExclusion: [String] {
    switch self {
    case .parameter, .optional, .valueSet, .kind: return ["?*/?*"]
    case .template(let template):
      return template.parts.indices.compactMap { position in
        guard case .parameter = template.parts[position] else { return nil }
        return template.parts.enumerated().map { other, part in
          switch part {
          case .literal(let text): RoutePathShape.encode(text)
          case .parameter: other == position ? "*/?*" : "*"
          }
        }.joined()
      }
    case .literal, .oneOrMore, .zeroOrMore, .fragment, .testedRun, .remainder: return []
    }
  }

  /// The piece as a shape writes it: a pattern's text, a template's literals and a set's members
  /// percent-encoded.
  var shapeText: String {
    switch self {
    case .literal(let text): text
    case .template(let template): RoutePathShape.encode(template: template)
    case .valueSet(let name, let set):
      "{\(name):(\(set.members.map(RoutePathShape.encode).joined(separator: "|")))}"
    case .parameter, .optional, .kind, .oneOrMore, .zeroOrMore, .fragment, .testedRun, .remainder: description
    }
  }

  /// A percent-encoded segment the piece accepts: a literal as written, a type's sample, a set's first
  /// member, a kind's sample, `a/b` for a catch-all.
  var sampleSegment: String {
    switch self {
    case .literal(let text): RoutePathShape.encode(text)
    case .parameter(_, let type), .optional(_, let type): RoutePathShape.encode(type.sampleValue.description)
    case .oneOrMore, .zeroOrMore, .testedRun, .remainder: "a/b"
    case .template(let template): RoutePathShape.encode(RoutePathShape.sampleText(of: template))
    case .valueSet(_, let set): RoutePathShape.encode(set.members[0])
    case .kind(_, let kind): RoutePathShape.encode(kind.sampleValue)
    case .fragment: ""
    }
  }

  /// Whether a decoded segment fits the piece, as the router reads it (`typed`) or as the
  /// association file's pattern reads it: any text for a parameter, a set or a template's parameters,
  /// a kind's prefix then any text.
  ///
  /// - Parameters:
  ///   - segment: A decoded segment.
  ///   - typed: Whether values are read by their types, as the router reads them.
  /// - Returns: Whether it fits.
  func accepts(decoded segment: String, typed: Bool) -> Bool {
    switch self {
    case .literal(let text): ReadingRules.isSameLiteral(segment, text)
    case .parameter(_, let type), .optional(_, let type): (typed ? type : .string).value(from: segment) != nil
    case .template(let template): template.accepts(segment, folds: false, typed: typed)
    case .valueSet(_, let set): typed ? set.accepts(segment) : !segment.isEmpty
    case .kind(_, let kind):
      typed ? kind.accepts(segment) : !segment.isEmpty && segment.utf8.starts(with: kind.prefixText.utf8)
    case .oneOrMore, .zeroOrMore, .testedRun, .remainder: true
    case .fragment: false
    }
  }

  /// The piece's part of an nginx location regex, matched against the decoded path: `/` and the
  /// segment's regex, a catch-all's run, an optional last segment's optional group; a one-segment
  /// value in a named group when `capture` names its variable.
  ///
  /// - Parameters:
  ///   - capture: The variable a one-segment value is captured into (`(?<deeplink_0>...)`), or `nil`.
  ///   - escape: How literal text is escaped for the regex.
  /// - Returns: The regex part.
  func nginxRegex(capture: String?, escape: (String) -> String) -> String {
    func captured(_ regex: String) -> String { capture.map { "(?<\($0)>" + regex + ")" } ?? regex }
    switch self {
    case .literal(let text): return "/" + escape(text)
    case .parameter(_, let type): return "/" + captured(type.segmentRegex)
    case .oneOrMore: return "/.+"
    case .zeroOrMore: return "(/.*)?"
    case .template(let template): return "/" + template.segmentRegex(escape: escape)
    case .optional(_, let type): return "(/" + captured(type.segmentRegex) + ")?"
    case .valueSet(_, let set):
      return "/" + captured("(" + set.members.map(escape).joined(separator: "|") + ")")
    case .kind(_, let kind): return "/" + captured(kind.segmentRegex(escape: escape))
    case .fragment: return ""
    case .testedRun, .remainder: return serverPiece.nginxRegex(capture: capture, escape: escape)
    }
  }

  /// The name of the one-segment value a web server can capture whole for a link preview (a
  /// parameter, an optional last segment, a value set, a kind), or `nil`.
  var capturedValueName: String? {
    switch self {
    case .parameter(let name, _), .optional(let name, _), .valueSet(let name, _), .kind(let name, _): name
    case .literal, .oneOrMore, .zeroOrMore, .template, .fragment, .testedRun, .remainder: nil
    }
  }

  /// The piece as the server files state it: a pair catch-all (`{terms:pairs*}`) as its catch-all
  /// (`{terms*}`), since no association file, intent filter or location counts segments in pairs or
  /// types them (listed as the widening `pairs-text`); the rest of the link (`{target:rest}`) as
  /// `{target*}`, since they match a path, and its query and fragment are any (the widening
  /// `rest-of-link`); any other piece itself.
  package var serverPiece: RoutePattern.Segment {
    switch self {
    case .testedRun(let name, let rule): rule.atLeastOne ? .oneOrMore(name: name) : .zeroOrMore(name: name)
    case .remainder(let name): .zeroOrMore(name: name)
    default: self
    }
  }
}
