import DeepLinkRouting
import Foundation

/// Generates the `applinks` rules that let through the routed paths of an app.
///
/// Each route becomes one `components` entry (with a `comment` naming the route) and one legacy
/// `paths` string for iOS 12 and earlier:
///
/// | piece | pattern |
/// |---|---|
/// | literal `café` | `caf%C3%A9` (its bytes as written, percent-encoded as browsers send them) |
/// | `{name}`, `{name:int}` | `?*` |
/// | `{name:uuid}` | `????????-????-????-????-????????????` |
/// | `{name+}` | `?*` |
/// | `{name*}` (last) | `*` after a `/`, which also matches the parent (`/docs/*` matches `/docs`) |
/// | `{name+}` (middle) | `?*`, which crosses `/` as the catch-all does: `/?*/product/?*` |
/// | `{name*}` (middle) | two rules: without it, and with it as `{name+}` (`/product/?*`, `/?*/product/?*`) |
/// | `wire-{code}`, `{id:int}.json` | the literals with `*` for each parameter (`wire-*`, `*.json`) |
/// | `{name?}` (last) | two rules: the path without the segment, and with it as `{name}` |
///
/// AASA has no "one segment" wildcard: `*` and `?*` cross `/`. A route without a catch-all is therefore
/// preceded by exclusions of its paths with more segments, so the file
/// opens the app for exactly the routed links except for the text AASA cannot restrict (a typed
/// parameter's integer or UUID text), which the consistency check of `deeplink aasa generate` reports
/// apart from failures. AASA
/// also has no escape character, so a literal holding `*` or `?` (or `$(`) cannot be expressed and is
/// refused. The generated query and fragment are unrestricted, except for a route that reads the
/// fragment as a path (`/#/room/{id}`): its rule has a `#` pattern (see `fragmentPatterns(for:)`).
///
/// A literal is its bytes, for iOS as for the router: neither normalises Unicode, so `café` written
/// precomposed opens the app for `/caf%C3%A9` and not for `/cafe%CC%81` (e and a combining accent),
/// which the router does not open either.
///
/// Routes whose rules are the same share one rule. ``fileData(includeLegacyPaths:webCredentials:)``
/// writes the file within the 128 KB Apple reads (without whitespace and comments when it must), or
/// refuses to.
///
/// Build the generator from the app's router with ``init(appIDs:router:)`` so that the file and the
/// app read one route table: the routes, the table's case sensitivity, and its hosts as ``domains``.
/// The file holds no host: it is served, the same, on each of the domains.
///
/// ```swift
/// let generator = try AASAGenerator(
///   appIDs: ["ABCDE12345.com.example.app"],
///   table: RouteTable(hosts: ["example.com"], routes: [RouteDefinition("video", "/channel/video/{clipId}")])
/// )
/// let data = try generator.fileData()
/// ```
public struct AASAGenerator: Hashable, Sendable {
  /// The apps the rules are for.
  public var appIDs: [String]
  /// The routes, in order.
  package var shapes: [RoutePathShape]
  /// Whether literal segments compare case-sensitively; `false` writes `"caseSensitive": false` once,
  /// in the `applinks` section's `defaults`, which every components entry takes (legacy `paths` are
  /// always case-sensitive).
  public var caseSensitive: Bool
  /// The hosts the file is served on, as the route table lists them (`example.com`,
  /// `*.example.com`); see ``fileLocations``.
  public var domains: [String]
  /// The routes left out of the file because of their host or scheme scope, each with why, in table
  /// order (`route webPage answers any host: ...`).
  package var leftOut: [String] = []

  /// Creates a generator.
  ///
  /// - Parameters:
  ///   - appIDs: The apps, each `<TeamID>.<bundle id>`.
  ///   - shapes: The routes' paths.
  ///   - caseSensitive: Whether literal segments compare case-sensitively.
  ///   - domains: The hosts the file is served on.
  package init(appIDs: [String], shapes: [RoutePathShape], caseSensitive: Bool = true, domains: [String] = [])
  {
    self.appIDs = appIDs
    self.shapes = shapes
    self.caseSensitive = caseSensitive
    self.domains = domains
  }

  /// The AASA path pattern of one route.
  ///
  /// - Parameters:
  ///   - shape: The route's path.
  ///   - variables: The substitution variable of each value set the file lists (members to name, see
  ///     ``substitutionVariableNames``); a value set without one is `?*`.
  /// - Returns: The pattern, e.g. `/users/?*`, `/docs/*` or `/settings/$(section)`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`.
  package static func pathPattern(
    for shape: RoutePathShape, variables: [[String]: String] = [:]
  ) throws(AASAGenerationError) -> String {
    "/" + (try pathSegments(for: shape, variables: variables)).joined(separator: "/")
  }

  /// The pattern of each piece of a route, in order.
  private static func pathSegments(
    for shape: RoutePathShape, variables: [[String]: String]
  ) throws(AASAGenerationError) -> [String] {
    var segments: [String] = []
    for piece in shape.pieces {
      if case .valueSet(_, let set) = piece, let variable = variables[set.members] {
        segments.append("$(\(variable))")
      } else if let pattern = try piece.aasaPattern(route: shape.name) {
        segments.append(pattern)
      }
    }
    return segments
  }

  /// The custom substitution variable of each value set the file states exactly, members to name:
  /// `{section:(general|privacy)}` is `$(section)`, listed in `substitutionVariables` as
  /// `["general", "privacy"]`, so `/settings/$(section)` opens the app for those words only.
  ///
  /// A variable is named after the first parameter that holds its members; another set under the same
  /// name gets `_2`, `_3` and so on, and sets with the same members share one. A set is left as `?*`
  /// (listed as a widening, `value-set-text`) when a member holds `*`, `?`, `$(` or `)` (AASA reads
  /// those as wildcards or variables) or when the table compares literals without case: a rule then
  /// compares without case, and a value set is compared byte for byte.
  package var substitutionVariableNames: [[String]: String] {
    guard caseSensitive else { return [:] }
    var names: [[String]: String] = [:]
    var taken: Set<String> = []
    for shape in shapes {
      for case .valueSet(let parameter, let set) in shape.pieces + (shape.fragmentPieces ?? [])
      where names[set.members] == nil
        && !set.members.contains(where: { member in ["*", "?", "$(", ")"].contains { member.contains($0) } })
      {
        var name = parameter
        var suffix = 2
        while taken.contains(name) || PredefinedSubstitutionVariables.names.contains(name) {
          name = "\(parameter)_\(suffix)"
          suffix += 1
        }
        taken.insert(name)
        names[set.members] = name
      }
    }
    return names
  }

  /// The `substitutionVariables` of the file: each value set the rules state exactly, by name, its
  /// members encoded as a literal is.
  package var substitutionVariables: [String: [String]] {
    Dictionary(
      uniqueKeysWithValues: substitutionVariableNames.map { members, name in
        (name, members.map(RoutePathShape.encode))
      })
  }

  /// The AASA pattern of one segment of an app-defined kind: its prefix, encoded as a literal is, then
  /// `*`; `?*` for a kind without a prefix or whose prefix holds a wildcard.
  package static func kindPattern(_ kind: AppKind) -> String {
    let prefix = kind.prefixText
    guard !prefix.isEmpty, !["*", "?", "$("].contains(where: { prefix.contains($0) }) else { return "?*" }
    return RoutePathShape.encode(prefix) + "*"
  }

  /// The routes in the order their rules are written: the most specific first.
  ///
  /// Every generated rule opens the app, so the order never changes whether a URL opens it; it
  /// decides which rule a matcher reports. Piece by piece, a literal comes before a UUID, a UUID
  /// before a plain or integer parameter, that before `{name+}`, that before `{name*}`; a route comes
  /// before the routes it extends (`/channel/sub/{id}/video/{clipId}` before `/channel/sub/{id}`,
  /// because `?*` crosses `/`), unless it only adds `{name*}`. Ties keep the table's order. So the
  /// rule a URL matches is the route the app's router picks for it.
  package var orderedShapes: [RoutePathShape] {
    shapes.flatMap(\.variants).enumerated().sorted { lhs, rhs in
      let order = Self.specificity(lhs.element.pieces, rhs.element.pieces)
      guard order == 0 else { return order < 0 }
      // The same path: a route that requires query items is the narrower rule, so it goes first.
      let lhsQuery = lhs.element.requiredQueryItems.count + lhs.element.queryValues.count
      let rhsQuery = rhs.element.requiredQueryItems.count + rhs.element.queryValues.count
      if lhsQuery != rhsQuery && Self.samePath(lhs.element.pieces, rhs.element.pieces) {
        return lhsQuery > rhsQuery
      }
      // The same path: a route that reads the fragment is the narrower rule, as the router ranks it.
      let lhsFragment = lhs.element.fragmentPieces != nil
      if lhsFragment != (rhs.element.fragmentPieces != nil)
        && Self.samePath(lhs.element.pieces, rhs.element.pieces)
      {
        return lhsFragment
      }
      // Two routes that read the fragment at the same path: the more specific fragment first.
      if let left = lhs.element.fragmentPieces, let right = rhs.element.fragmentPieces,
        Self.samePath(lhs.element.pieces, rhs.element.pieces)
      {
        let fragmentOrder = Self.specificity(left, right)
        if fragmentOrder != 0 { return fragmentOrder < 0 }
      }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// Whether two shapes have the same path, whatever their parameters are named.
  private static func samePath(_ lhs: [RoutePathShape.Piece], _ rhs: [RoutePathShape.Piece]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return zip(lhs, rhs).allSatisfy { left, right in
      switch (left, right) {
      case (.literal(let a), .literal(let b)): a == b
      case (.parameter(_, let a), .parameter(_, let b)), (.optional(_, let a), .optional(_, let b)): a == b
      case (.oneOrMore, .oneOrMore), (.zeroOrMore, .zeroOrMore): true
      case (.template(let a), .template(let b)):
        a.key(caseInsensitive: false) == b.key(caseInsensitive: false)
      default: false
      }
    }
  }

  /// Negative when `lhs` is more specific than `rhs`, positive when less, zero for a tie.
  private static func specificity(_ lhs: [RoutePathShape.Piece], _ rhs: [RoutePathShape.Piece]) -> Int {
    func rank(_ piece: RoutePathShape.Piece) -> Int { piece.aasaOpenness }
    for (left, right) in zip(lhs, rhs) where rank(left) != rank(right) {
      return rank(left) - rank(right)
    }
    let (longer, sign) = lhs.count > rhs.count ? (lhs, -1) : (rhs, 1)
    let extra = longer.dropFirst(min(lhs.count, rhs.count))
    guard !extra.isEmpty, !extra.allSatisfy({ rank($0) == 4 }) else { return 0 }
    return sign
  }

  /// The routes in the order their rules are written, chosen so that every exclusion comes after the
  /// rules of every route it could otherwise block: routes with a catch-all (anywhere) first, then the
  /// other routes by decreasing number of segments; ties keep ``orderedShapes``' order.
  ///
  /// A route's exclusions only block paths with more segments than the route has, so no exclusion
  /// blocks a path of a route whose rules come later. Where routes overlap, the rule a matcher reports
  /// may be another route that also accepts the link.
  package var ruleOrder: [RoutePathShape] {
    orderedShapes.enumerated().sorted { lhs, rhs in
      let left = Self.orderKey(lhs.element)
      let right = Self.orderKey(rhs.element)
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
  }

  private static func orderKey(_ shape: RoutePathShape) -> Int {
    shape.hasCatchAll ? Int.min : -shape.pieces.count
  }

  /// The exclusion patterns of a route: for a route without a catch-all, one per parameter, with that
  /// parameter's `?*` widened to `?*/?*`, so that paths with more segments than the route has are
  /// blocked before its own rule opens the app. Routes ending in a catch-all accept any number of
  /// further segments and get none.
  ///
  /// - Parameters:
  ///   - shape: The route's shape.
  ///   - variables: The substitution variable of each value set (see ``pathPattern(for:variables:)``).
  /// - Returns: The path patterns to exclude, e.g. `["/p/?*/?*"]` for `/p/{id}`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`.
  package static func exclusionPatterns(
    for shape: RoutePathShape, variables: [[String]: String] = [:]
  ) throws(AASAGenerationError) -> [String] {
    guard !shape.hasCatchAll else { return [] }
    let segments = try pathSegments(for: shape, variables: variables)
    var patterns: [String] = []
    for (index, piece) in shape.pieces.enumerated() {
      for widenedPiece in piece.aasaWidenedForExclusion {
        var widened = segments
        widened[index] = widenedPiece
        patterns.append("/" + widened.joined(separator: "/"))
      }
    }
    return patterns
  }

  /// One `components` entry per route, each with a `comment` naming the route, in ``ruleOrder``; a
  /// route without a catch-all is preceded by its exclusions (see ``exclusionPatterns(for:)``).
  ///
  /// Entries that are the same rule (`/n/{id:int}` and `/n/{word}` are both `/n/?*`) are written once,
  /// where the first stands, with a comment naming every route: a later copy could never decide, since
  /// the first rule that matches decides. An entry that an earlier entry with the other outcome
  /// overrules is left out (see ``withoutOverruledRules(_:shape:)``).
  ///
  /// - Returns: The entries.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  package func components() throws(AASAGenerationError) -> [AASAComponent] {
    var merged: [AASAComponent] = []
    var positions: [AASAComponent: Int] = [:]
    for component in try componentsPerRoute() {
      var rule = component
      rule.comment = nil
      if let position = positions[rule] {
        var comments = [merged[position].comment].compactMap { $0 }
        if let comment = component.comment, !comments.contains(comment) { comments.append(comment) }
        merged[position].comment = comments.joined(separator: "; ")
      } else {
        positions[rule] = merged.count
        merged.append(component)
      }
    }
    return Self.withoutOverruledRules(merged, shape: RuleShape.init)
  }

  /// The rules without those an earlier rule with the other outcome overrules: an exclusion after a
  /// rule that already opens the app for every URL it matches (`/category/{gender}`'s exclusion
  /// `/category/?*/?*` after `/category/{gender}/{sub}`'s rule `/category/?*/?*`), or a rule after an
  /// exclusion that already blocks every URL it matches.
  ///
  /// The first rule that matches decides, so leaving such a rule out changes no link; written, it
  /// is what `AASAValidator` warns about (`exclude-after-broader-rule`, `unreachable-rule`). Which
  /// rule overrules which is the validator's own test (`ShadowIndex`).
  ///
  /// - Parameters:
  ///   - rules: The rules in order.
  ///   - shape: What the shadowing test reads of a rule.
  /// - Returns: The rules that can decide some link, in order.
  static func withoutOverruledRules<Rule>(_ rules: [Rule], shape: (Rule) -> RuleShape) -> [Rule] {
    let shapes = rules.map(shape)
    let shadows = ShadowIndex.shadowingRules(shapes)
    return rules.indices.compactMap { index in
      if let earlier = shadows[index], shapes[earlier].exclude != shapes[index].exclude { return nil }
      return rules[index]
    }
  }

  /// The entries of every route, before the same rules are merged.
  private func componentsPerRoute() throws(AASAGenerationError) -> [AASAComponent] {
    var components: [AASAComponent] = []
    let variables = substitutionVariableNames
    for shape in ruleOrder {
      for exclusion in try Self.exclusionPatterns(for: shape, variables: variables) {
        components.append(
          AASAComponent(
            path: exclusion,
            exclude: true,
            comment: "route \(shape.name): more segments than \(shape)"
          )
        )
      }
      for fragment in try Self.fragmentPatterns(for: shape, variables: variables) {
        components.append(
          AASAComponent(
            path: try Self.pathPattern(for: shape, variables: variables),
            query: try Self.queryPattern(for: shape),
            fragment: fragment,
            comment: "route \(shape.name): \(shape)"
          )
        )
      }
    }
    return components
  }

  /// The `?` pattern of a route with required query items: each must be present and non-empty (`?*`),
  /// as the router requires, a literal value is its text and an absent-only item is `""` (AASA reads
  /// an absent item as empty); `nil` when the route requires none.
  ///
  /// - Parameter shape: The route's shape.
  /// - Returns: The query pattern, or `nil`.
  /// - Throws: ``AASAGenerationError`` for an item name holding `*` or `?`, which AASA would read as a
  ///   wildcard.
  package static func queryPattern(for shape: RoutePathShape) throws(AASAGenerationError) -> AASAQueryPattern?
  {
    // A fragment route's query is inside the fragment (see `fragmentPatterns(for:)`).
    guard shape.fragmentPieces == nil else { return nil }
    guard !shape.requiredQueryItems.isEmpty || !shape.queryValues.isEmpty else { return nil }
    var items: [String: String] = [:]
    for name in shape.requiredQueryItems + shape.queryValues.keys.sorted() {
      if name.contains("*") || name.contains("?") {
        throw AASAGenerationError.inexpressible(
          route: shape.name, piece: "?\(name)=",
          detail: "AASA has no escape for * and ? in a query item name")
      }
      items[name] = shape.queryValues[name] ?? "?*"
    }
    return .items(items)
  }

  /// The `#` patterns of a route that reads the fragment as a path (iOS 13 and later compare the
  /// fragment, without its `#`): the fragment's pieces written as a path is (`/room/?*` for
  /// `#/room/{room}`, `narrow/*` for `#narrow/{rest*}`), one per variant of the fragment, each followed
  /// by `*` for the query inside the fragment, which AASA has no escape to start with a literal `?`. `[nil]` (no `#` key: any
  /// fragment) for a route that ignores the fragment. AASA's wildcards cross `/` here too, and no
  /// exclusion restricts the fragment (another route at the same path takes every fragment), so these
  /// rules are wider than the route: listed as widenings (`fragment-path`).
  ///
  /// - Parameters:
  ///   - shape: The route's shape.
  ///   - variables: The substitution variable of each value set (see ``pathPattern(for:variables:)``).
  /// - Returns: The `#` patterns, or `[nil]`.
  /// - Throws: ``AASAGenerationError`` when a literal of the fragment holds `*`, `?` or `$(`.
  package static func fragmentPatterns(
    for shape: RoutePathShape, variables: [[String]: String] = [:]
  ) throws(AASAGenerationError) -> [String?] {
    guard let fragment = shape.fragmentShape else { return [nil] }
    var patterns: [String?] = []
    for variant in fragment.variants {
      var pattern = try pathPattern(for: variant, variables: variables)
      // A fragment written without its leading `/` (`#narrow/{rest*}`) is compared as the link
      // writes it: `narrow/*`. One with no segment before a required query item holds at least its
      // `?`: `?*`, which a link without a fragment (read as an empty one) does not match.
      if !shape.fragmentStartsWithSlash {
        pattern.removeFirst()
        if pattern.isEmpty && Self.requiresQuery(shape) { pattern = "?" }
      }
      // A last `{name*}` may take no segment: `#/room` for `#/room/{rest*}`, whose pattern is then
      // `/room*` (the `#` pattern has no rule that lets `/room/*` take `/room`).
      if pattern.count > 2 && pattern.hasSuffix("/*") && shape.fragmentPieces?.last?.isCatchAll == true {
        pattern.removeLast(2)
        pattern += "*"
      }
      patterns.append(pattern.hasSuffix("*") ? pattern : pattern + "*")
    }
    return patterns
  }

  /// Whether a route requires a query item with a value (required, or a literal value).
  static func requiresQuery(_ shape: RoutePathShape) -> Bool {
    !shape.requiredQueryItems.isEmpty || shape.queryValues.values.contains { !$0.isEmpty }
  }

  /// The legacy `paths` equivalent of ``components()``, for iOS 12 and earlier (which compare the path
  /// only, so required query items are not enforced there), each pattern written once, where it first
  /// stands, without the patterns an earlier one with the other outcome overrules.
  ///
  /// - Returns: The path patterns of the routes.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  package func legacyPaths() throws(AASAGenerationError) -> [String] {
    var paths: [String] = []
    var written: Set<String> = []
    for shape in ruleOrder {
      for path in try Self.exclusionPatterns(for: shape).map({ "NOT " + $0 }) + [
        try Self.pathPattern(for: shape)
      ]
      where written.insert(path).inserted {
        paths.append(path)
      }
    }
    return Self.withoutOverruledRules(paths, shape: RuleShape.init(legacyPath:))
  }

  /// The largest file Apple reads: 128 KB. A larger file is ignored, so no link opens the app.
  package static let maximumFileSize = AASAValidator.maximumFileSize

  /// The file to serve: one `details` entry for all the apps with the generated rules, as bytes,
  /// within the 128 KB Apple reads.
  ///
  /// The file is pretty-printed JSON with sorted keys, each rule with its comment, when that fits. Otherwise it is written compactly (no whitespace, which JSON readers,
  /// Apple's included, ignore), then also without the `comment` of each rule (which Apple ignores):
  /// the same rules in the same order, so every link is decided the same way.
  ///
  /// - Parameters:
  ///   - includeLegacyPaths: Whether to add the `paths` array for iOS 12 and earlier (left out when the
  ///     rules use substitution variables, which `paths` cannot state).
  ///   - webCredentials: Whether to add a `webcredentials` section for the same apps.
  /// - Returns: UTF-8 JSON, ready to be served at ``filePath``.
  /// - Throws: ``AASAGenerationError``: code `inexpressible` for a route AASA cannot express, code
  ///   `fileTooLarge` (with the size and the limit) when even the smallest form is over the limit.
  public func fileData(
    includeLegacyPaths: Bool = true, webCredentials: Bool = false
  ) throws(AASAGenerationError) -> Data {
    let limit = Self.maximumFileSize
    var document = try document(includeLegacyPaths: includeLegacyPaths, webCredentials: webCredentials)
    let pretty = document.jsonData()
    if pretty.count <= limit { return pretty }
    let compact = Data(AASAEncoder.document(document).compact.utf8)
    if compact.count <= limit { return compact }
    if var detail = document.appLinks?.details.first {
      detail.components = detail.components?.map { component in
        var component = component
        component.comment = nil
        return component
      }
      document.appLinks?.details = [detail]
    }
    let smallest = Data(AASAEncoder.document(document).compact.utf8)
    guard smallest.count <= limit else {
      throw AASAGenerationError.fileTooLarge(size: smallest.count, limit: limit)
    }
    return smallest
  }

  /// A complete document: one `details` entry for all the apps with the generated rules.
  ///
  /// - Parameters:
  ///   - includeLegacyPaths: Whether to add the `paths` array for iOS 12 and earlier; it is left out
  ///     anyway when the rules use substitution variables (``substitutionVariables``), which `paths`
  ///     cannot state.
  ///   - webCredentials: Whether to add a `webcredentials` section for the same apps.
  /// - Returns: The document.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  package func document(
    includeLegacyPaths: Bool = true,
    webCredentials: Bool = false
  ) throws(AASAGenerationError) -> AASADocument {
    // iOS 12 and earlier read `paths`, which has no substitution variables: there a listed value set
    // would admit any text, and the two arrays would not decide the same links.
    let variables = substitutionVariables
    let detail = AASADetail(
      appIDs: appIDs,
      components: try components(),
      paths: includeLegacyPaths && variables.isEmpty ? try legacyPaths() : nil
    )
    // A table that compares literals without case says so once, for every rule (iOS 14 and later).
    return AASADocument(
      appLinks: AASAAppLinks(
        details: [detail], defaults: caseSensitive ? nil : AASAComponent(caseSensitive: false),
        substitutionVariables: variables.isEmpty ? nil : variables),
      webCredentials: webCredentials ? AASAAppList(apps: appIDs) : nil
    )
  }
}
