import DeepLinkRouting

/// Writes the dynamic rules (``AndroidDynamicRules``) of a route table: the
/// `dynamic_app_link_components` that let Android 15 open the app for the routed web links of one
/// host and keep the other links of the manifest's filters in the browser.
///
/// The routes are read once, as the AASA generator reads them (``RoutePathShape``, in
/// ``AASAGenerator/ruleOrder``: routes with a catch-all first, then by decreasing number of
/// segments), and each becomes one rule, or two:
///
/// | piece | pattern |
/// |---|---|
/// | literal `café` | `café` (decoded, as Android compares it) |
/// | `{name}`, any typed parameter, a value set, a kind | `?*` |
/// | `wire-{code}` | `wire-?*`; a parameter with text after it, `?*` to the segment's end |
/// | `{name+}` (last) | `?*` |
/// | `{name*}` (last) | two rules: the path without it, and `/*` after it |
///
/// `*` never backtracks, so `?*` followed by `/` is one segment exactly. Only a pattern that ends
/// in a wildcard runs on over further segments: such a route without a catch-all is preceded by
/// the exclusion of its paths with one more segment (`/p/?*/?*` before `/p/?*`); a route whose
/// path ends in a literal gets the path with a trailing slash too, which the router reads alike.
/// Required query items are `"?": {"q": "?*"}` and literal values are themselves. What the rules
/// cannot say is listed as a widening (``Difference``): typed text, value sets and kinds, literals
/// holding `*` or `?` (the rules have no escape), a parameter with text after it in a segment,
/// segments after a middle catch-all, query rules other than required items and literal values,
/// and the query inside a fragment route's fragment. A link no rule matches does not open the app,
/// so no final rule excludes the rest.
package struct AndroidDynamicRulesGenerator: Hashable, Sendable {
  /// What the rules open that the router refuses, or the reverse, for one route.
  package struct Difference: Hashable, Sendable, CustomStringConvertible {
    /// The route.
    package var route: String
    /// The piece concerned, as the route writes it.
    package var parameter: String
    /// Which difference.
    package var kind: ErrorCode<Difference>
    /// The rule's pattern that holds it.
    package var example: String

    /// Why, in a sentence.
    package var reason: String {
      switch kind {
      case .typeText: "the rules cannot say the type of \(parameter), so its segment admits any text"
      case .valueSetText:
        "the rules cannot list the words \(parameter) accepts, so its segment admits any text"
      case .literalWildcard:
        "the rules have no escape, so \"*\" and \"?\" in the literal \(parameter) are written \"?\" (any character)"
      case .templateText:
        "a wildcard before more text of the segment \(parameter) would stop at that text's first character, so the rest of the segment admits any text"
      case .middleCatchAll:
        "a wildcard cannot run over segments and then check those after \(parameter), so every path from there admits any text"
      case .queryRule: "the rules cannot state the query rule \(parameter), so it is not checked"
      case .refusedLink:
        "the rules read links the router refuses: a malformed percent escape, invalid UTF-8, a control character or a space, user info, a port the table does not list; the app opens and its router answers with an error"
      case .encodedSlash:
        "Android decodes %2F before it compares the path, so a link whose segment holds one may read as another path that opens the app; the router reads one segment holding \"/\""
      case .emptySegment:
        "the router drops empty segments; the rules compare the path as written, so a link with one (\"//\") does not open the app"
      case .slashInValue:
        "a value holding \"/\" (written %2F) does not open the app: Android decodes the path before it compares it, so the value reads as two segments"
      case .literalCase:
        "the table compares literals without case; the rules compare them exactly, so only the case as written opens the app"
      case .trailingSlash:
        "the table reads the trailing slash, which the pattern of \(parameter) cannot say, so the link with or without it opens the app"
      case .fragmentQuery:
        "the fragment \(parameter) is matched as one string and its end admits any text (the query inside it is not checked)"
      default: "the rules cannot say \(parameter) exactly (\(kind.description))"
      }
    }

    /// `route video: ... (rule "/channel/video/?*")`; `every route: ...` for a difference of all.
    package var description: String {
      (route == Self.everyRoute ? "every route" : "route \(route)") + ": \(reason)"
        + (example.isEmpty ? "" : " (rule \"\(example)\")")
    }

    /// The ``route`` of a difference of every route.
    package static let everyRoute = "*"
  }

  /// The rules, in order.
  package var rules: AndroidDynamicRules
  /// The routes of each rule, in the order of ``rules``.
  package var routesOfRule: [[String]]
  /// What the rules open that the router refuses.
  package var widenings: [Difference] = []
  /// What the router routes that the rules do not open, for every route: empty segments, a value
  /// holding `/`, and literals of a table that compares them without case.
  package var narrowings: [Difference] = []
  /// The routes left out (another host, any host, no https), each with why.
  package var leftOut: [String]
  /// Other facts to know.
  package var notes: [String] = []

  /// Creates the rules of a route table's https routes on one host, or on all its hosts.
  ///
  /// - Parameters:
  ///   - router: The app's router.
  ///   - domain: A host of the table: only its routes; `nil` for every https route.
  package init(router: Router, domain: String? = nil) {
    let source =
      domain.map { AASAGenerator(appIDs: [], router: router, domain: $0) }
      ?? AASAGenerator(appIDs: [], router: router)
    leftOut = source.leftOut
    var rules: [AndroidDynamicRules.Rule] = []
    var routes: [[String]] = []
    var differences: [Difference] = []
    // A rule written for several routes is written once, where it first stands.
    var positions: [AndroidDynamicRules.Rule: Int] = [:]
    let slashes = Dictionary(
      zip(router.table.routes, router.patterns).map {
        ($0.name, AndroidIntentFilterGenerator.trailingSlash(router.table, $1))
      },
      uniquingKeysWith: { first, _ in first })
    for shape in source.ruleOrder {
      let slash = slashes[shape.name] ?? .either
      for rule in Self.rules(for: shape, trailingSlash: slash, differences: &differences) {
        if let index = positions[rule] {
          if !routes[index].contains(shape.name) { routes[index].append(shape.name) }
        } else {
          positions[rule] = rules.count
          rules.append(rule)
          routes.append([shape.name])
        }
      }
    }
    self.rules = AndroidDynamicRules(rules)
    routesOfRule = routes
    if !rules.isEmpty {
      for kind in [ErrorCode<Difference>.refusedLink, .encodedSlash] {
        differences.append(Difference(route: Difference.everyRoute, parameter: "", kind: kind, example: ""))
      }
    }
    var seen: Set<Difference> = []
    for difference in differences where seen.insert(difference).inserted {
      widenings.append(difference)
    }
    if !rules.isEmpty {
      var kinds: [ErrorCode<Difference>] = [.emptySegment, .slashInValue]
      if router.table.options.caseInsensitive { kinds.append(.literalCase) }
      narrowings = kinds.map {
        Difference(route: Difference.everyRoute, parameter: "", kind: $0, example: "")
      }
    }
  }

  /// The rules a device applies to a link: those written for the host of the table that admits the
  /// link's host and port (`*.cdn.example` admits `img.cdn.example`), or `nil` for a link on no host
  /// of the table (no file of the table's is served there).
  ///
  /// - Parameters:
  ///   - router: The app's router.
  ///   - link: An absolute link.
  /// - Returns: The rules, or `nil`.
  package static func rules(of router: Router, forLink link: String) -> AndroidDynamicRules? {
    guard let uri = AndroidURI(link), let host = uri.host,
      let domain = router.table.hosts.first(where: {
        $0 != "*" && AndroidIntentFilterGenerator.authority($0).admits(host: host, port: uri.port)
      })
    else { return nil }
    return AndroidDynamicRulesGenerator(router: router, domain: domain).rules
  }

  /// The rules of one route: its exclusion of longer paths, then the rule (or rules) that open it.
  static func rules(
    for shape: RoutePathShape, trailingSlash: AndroidIntentFilterGenerator.TrailingSlash,
    differences: inout [Difference]
  ) -> [AndroidDynamicRules.Rule] {
    var paths = pathPatterns(of: shape.pieces, route: shape.name, differences: &differences)
    // A table that reads the trailing slash: the path as the route writes it.
    if trailingSlash != .either, paths != ["*"] {
      if shape.endsWithCatchAll {
        differences.append(
          Difference(route: shape.name, parameter: shape.description, kind: .trailingSlash, example: paths[0])
        )
      } else if trailingSlash == .required {
        paths = [paths[0] + "/"]
      } else {
        paths = [paths[0]]
      }
    }
    var query: [(name: String, value: String)] = []
    var fragments: [String?] = [nil]
    if let fragment = shape.fragmentShape {
      fragments = fragment.variants.map { variant in
        var text = pathPatterns(of: variant.pieces, route: shape.name, differences: &differences).first ?? "/"
        if !shape.fragmentStartsWithSlash { text.removeFirst() }
        return text.hasSuffix("*") ? text : text + "*"
      }
      differences.append(
        Difference(
          route: shape.name, parameter: shape.fragmentText ?? "#", kind: .fragmentQuery,
          example: fragments.compactMap { $0 }.first ?? ""))
    } else {
      for name in shape.requiredQueryItems { query.append((name, "?*")) }
      for (name, value) in shape.queryValues.sorted(by: { $0.key < $1.key }) {
        if value.isEmpty || value.contains("*") || value.contains("?") {
          differences.append(
            Difference(route: shape.name, parameter: "\(name)=\(value)", kind: .queryRule, example: paths[0]))
        } else {
          query.append((name, value))
        }
      }
    }
    for item in shape.unstatedQueryItems {
      differences.append(Difference(route: shape.name, parameter: item, kind: .queryRule, example: paths[0]))
    }
    var rules: [AndroidDynamicRules.Rule] = []
    // A route without a catch-all whose pattern ends in a wildcard: its paths with more segments first.
    if !shape.hasCatchAll, let path = paths.first, path.hasSuffix("*") {
      let more = trailingSlash == .absent ? "/*" : "/?*"
      rules.append(AndroidDynamicRules.Rule(path: path == "*" ? "/?*" : path + more, exclude: true))
    }
    for path in paths {
      for fragment in fragments {
        rules.append(AndroidDynamicRules.Rule(path: path, query: query, fragment: fragment))
      }
    }
    return rules
  }

  /// The path patterns of some pieces: one, or two for a last `{name*}` (without it, and `/*`
  /// after it) and for a path ending in a literal (without and with the trailing slash).
  static func pathPatterns(
    of pieces: [RoutePathShape.Piece], route: String, differences: inout [Difference]
  ) -> [String] {
    var segments: [String] = []
    var openEnd = false
    for piece in pieces {
      switch piece {
      case .literal(let text):
        if text.contains("*") || text.contains("?") {
          differences.append(Difference(route: route, parameter: text, kind: .literalWildcard, example: text))
        }
        segments.append(String(text.map { $0 == "*" ? "?" : $0 }))
      case .parameter(_, let type), .optional(_, let type):
        if type != .string {
          differences.append(
            Difference(route: route, parameter: piece.shapeText, kind: .typeText, example: "?*"))
        }
        segments.append("?*")
      case .valueSet, .kind:
        differences.append(
          Difference(route: route, parameter: piece.shapeText, kind: .valueSetText, example: "?*"))
        segments.append("?*")
      case .template(let template):
        var text = ""
        for (index, part) in template.parts.enumerated() {
          if case .literal(let literal) = part {
            text += String(literal.map { $0 == "*" || $0 == "?" ? "?" : $0 })
            continue
          }
          text += "?*"
          if index < template.parts.count - 1 {
            differences.append(
              Difference(route: route, parameter: piece.shapeText, kind: .templateText, example: text))
            break
          }
        }
        segments.append(text)
      case .oneOrMore:
        segments.append("?*")
        if piece != pieces.last {
          differences.append(
            Difference(route: route, parameter: piece.shapeText, kind: .middleCatchAll, example: "?*"))
          openEnd = true
        }
      // A pair catch-all reaches here as its catch-all (``RoutePattern/Segment/serverPiece``); written
      // alone it is stated as `{name*}`, which admits more.
      case .zeroOrMore, .testedRun, .remainder:
        openEnd = true
        if piece != pieces.last {
          differences.append(
            Difference(route: route, parameter: piece.shapeText, kind: .middleCatchAll, example: "*"))
        }
        let base = "/" + segments.joined(separator: "/")
        return segments.isEmpty ? ["*"] : [base, base + "/*"]
      case .fragment:
        break
      }
      if openEnd { break }
    }
    // The root is the empty path too (`https://example.com`), which `/` does not match.
    if segments.isEmpty { return ["*"] }
    let path = "/" + segments.joined(separator: "/")
    return path.hasSuffix("*") ? [path] : [path, path + "/"]
  }
}

extension ErrorCode where Subject == AndroidDynamicRulesGenerator.Difference {
  /// A typed parameter written `?*`.
  package static let typeText = Self("type-text")
  /// A value set or kind written `?*`.
  package static let valueSetText = Self("value-set-text")
  /// A literal holding `*` or `?`.
  package static let literalWildcard = Self("literal-wildcard")
  /// A parameter followed by more text in its segment.
  package static let templateText = Self("template-text")
  /// A catch-all before more segments.
  package static let middleCatchAll = Self("middle-catch-all")
  /// A query rule the rules cannot state.
  package static let queryRule = Self("query-rule")
  /// A link the router refuses while reading it (a bad escape, user info, a port).
  package static let refusedLink = Self("refused-link")
  /// A value holding `/`, written `%2F`, which Android decodes before it compares.
  package static let encodedSlash = Self("encoded-slash")
  /// A link with an empty segment, which the router drops (a narrowing).
  package static let emptySegment = Self("empty-segment")
  /// A value holding `/`, written `%2F`, read as two segments (a narrowing).
  package static let slashInValue = Self("slash-in-value")
  /// A literal in another case, which a table without case routes (a narrowing).
  package static let literalCase = Self("literal-case")
  /// A catch-all route of a table that reads the trailing slash.
  package static let trailingSlash = Self("trailing-slash")
  /// A fragment route's fragment, matched as one string.
  package static let fragmentQuery = Self("fragment-path")
}
