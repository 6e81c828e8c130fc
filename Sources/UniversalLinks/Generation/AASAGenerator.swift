/// Generates the `applinks` rules that let through the routed paths of an app.
///
/// Each route becomes one `components` entry (with a `comment` naming the route) and one legacy
/// `paths` string for iOS 12 and earlier:
///
/// | piece | pattern |
/// |---|---|
/// | literal `café` | `caf%C3%A9` (percent-encoded as browsers send it) |
/// | `{name}`, `{name:int}` | `?*` |
/// | `{name:uuid}` | `????????-????-????-????-????????????` |
/// | `{name+}` | `?*` |
/// | `{name*}` (last) | `*` after a `/`, which also matches the parent (`/docs/*` matches `/docs`) |
///
/// AASA has no "one segment" wildcard: `*` and `?*` cross `/`. A route without a catch-all is therefore
/// preceded by exclusions of its paths with more segments, so the file
/// opens the app for exactly the routed links except for the text AASA cannot restrict (a typed
/// parameter's integer or UUID text), which the consistency check of `deeplink aasa generate` reports
/// apart from failures. AASA
/// also has no escape character, so a literal holding `*` or `?` (or `$(`) cannot be expressed and is
/// refused. The generated query and fragment are unrestricted.
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
/// let data = try generator.document().jsonData()
/// ```
public struct AASAGenerator: Hashable, Sendable {
  /// The apps the rules are for.
  public var appIDs: [String]
  /// The routes, in order.
  package var shapes: [RoutePathShape]
  /// Whether literal segments compare case-sensitively; `false` writes `"caseSensitive": false` in
  /// every components entry (legacy `paths` are always case-sensitive).
  public var caseSensitive: Bool
  /// The hosts the file is served on, as the route table lists them (`example.com`,
  /// `*.example.com`); see ``fileLocations``.
  public var domains: [String]

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
  /// - Parameter shape: The route's path.
  /// - Returns: The pattern, e.g. `/users/?*` or `/docs/*`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`.
  package static func pathPattern(for shape: RoutePathShape) throws(AASAGenerationError) -> String {
    "/" + (try pathSegments(for: shape)).joined(separator: "/")
  }

  /// The pattern of each piece of a route, in order.
  private static func pathSegments(for shape: RoutePathShape) throws(AASAGenerationError) -> [String] {
    var segments: [String] = []
    for piece in shape.pieces {
      switch piece {
      case .literal(let text):
        for marker in ["*", "?", "$("] where text.contains(marker) {
          throw AASAGenerationError(
            route: shape.name,
            piece: text,
            reason: "\"\(marker)\" is a wildcard in AASA patterns and there is no escape character"
          )
        }
        segments.append(RoutePathShape.encode(text))
      case .parameter(_, let type):
        segments.append(type.aasaSegmentPattern)
      case .oneOrMore:
        segments.append("?*")
      case .zeroOrMore:
        segments.append("*")
      }
    }
    return segments
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
    shapes.enumerated().sorted { lhs, rhs in
      let order = Self.specificity(lhs.element.pieces, rhs.element.pieces)
      guard order == 0 else { return order < 0 }
      // The same path: a route that requires query items is the narrower rule, so it goes first.
      let lhsQuery = lhs.element.requiredQueryItems.count
      let rhsQuery = rhs.element.requiredQueryItems.count
      if lhsQuery != rhsQuery && Self.samePath(lhs.element.pieces, rhs.element.pieces) {
        return lhsQuery > rhsQuery
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
      case (.parameter(_, let a), .parameter(_, let b)): a == b
      case (.oneOrMore, .oneOrMore), (.zeroOrMore, .zeroOrMore): true
      default: false
      }
    }
  }

  /// Negative when `lhs` is more specific than `rhs`, positive when less, zero for a tie.
  private static func specificity(_ lhs: [RoutePathShape.Piece], _ rhs: [RoutePathShape.Piece]) -> Int {
    func rank(_ piece: RoutePathShape.Piece) -> Int {
      switch piece {
      case .literal: 0
      // A fixed-width pattern (a UUID's) admits fewer paths than `?*`.
      case .parameter(_, let type): type.aasaSegmentPattern == "?*" ? 2 : 1
      case .oneOrMore: 3
      case .zeroOrMore: 4
      }
    }
    for (left, right) in zip(lhs, rhs) where rank(left) != rank(right) {
      return rank(left) - rank(right)
    }
    let (longer, sign) = lhs.count > rhs.count ? (lhs, -1) : (rhs, 1)
    let extra = longer.dropFirst(min(lhs.count, rhs.count))
    guard !extra.isEmpty, !extra.allSatisfy({ rank($0) == 4 }) else { return 0 }
    return sign
  }

  /// The routes in the order their rules are written, chosen so that every exclusion comes after the
  /// rules of every route it could otherwise block: routes ending in a catch-all first, then the
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
    shape.endsWithCatchAll ? Int.min : -shape.pieces.count
  }

  /// The exclusion patterns of a route: for a route without a catch-all, one per parameter, with that
  /// parameter's `?*` widened to `?*/?*`, so that paths with more segments than the route has are
  /// blocked before its own rule opens the app. Routes ending in a catch-all accept any number of
  /// further segments and get none.
  ///
  /// - Parameter shape: The route's shape.
  /// - Returns: The path patterns to exclude, e.g. `["/p/?*/?*"]` for `/p/{id}`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`.
  package static func exclusionPatterns(for shape: RoutePathShape) throws(AASAGenerationError) -> [String] {
    guard !shape.endsWithCatchAll else { return [] }
    let segments = try pathSegments(for: shape)
    var patterns: [String] = []
    for (index, piece) in shape.pieces.enumerated() {
      guard case .parameter = piece else { continue }
      var widened = segments
      widened[index] = "?*/?*"
      patterns.append("/" + widened.joined(separator: "/"))
    }
    return patterns
  }

  /// One `components` entry per route, each with a `comment` naming the route, in ``ruleOrder``; a
  /// route without a catch-all is preceded by its exclusions (see ``exclusionPatterns(for:)``).
  ///
  /// - Returns: The entries.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  package func components() throws(AASAGenerationError) -> [AASAComponent] {
    var components: [AASAComponent] = []
    for shape in ruleOrder {
      for exclusion in try Self.exclusionPatterns(for: shape) {
        components.append(
          AASAComponent(
            path: exclusion,
            exclude: true,
            caseSensitive: caseSensitive ? nil : false,
            comment: "route \(shape.name): more segments than \(shape)"
          )
        )
      }
      components.append(
        AASAComponent(
          path: try Self.pathPattern(for: shape),
          query: try Self.queryPattern(for: shape),
          caseSensitive: caseSensitive ? nil : false,
          comment: "route \(shape.name): \(shape)"
        )
      )
    }
    return components
  }

  /// The `?` pattern of a route with required query items: each must be present and non-empty (`?*`),
  /// as the router requires; `nil` when the route requires none.
  ///
  /// - Parameter shape: The route's shape.
  /// - Returns: The query pattern, or `nil`.
  /// - Throws: ``AASAGenerationError`` for an item name holding `*` or `?`, which AASA would read as a
  ///   wildcard.
  package static func queryPattern(for shape: RoutePathShape) throws(AASAGenerationError) -> AASAQueryPattern?
  {
    guard !shape.requiredQueryItems.isEmpty else { return nil }
    var items: [String: String] = [:]
    for name in shape.requiredQueryItems {
      if name.contains("*") || name.contains("?") {
        throw AASAGenerationError(
          route: shape.name, piece: "?\(name)=", reason: "AASA has no escape for * and ? in a query item name"
        )
      }
      items[name] = "?*"
    }
    return .items(items)
  }

  /// The legacy `paths` equivalent of ``components()``, for iOS 12 and earlier (which compare the path
  /// only, so required query items are not enforced there).
  ///
  /// - Returns: One path pattern per route.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  package func legacyPaths() throws(AASAGenerationError) -> [String] {
    var paths: [String] = []
    for shape in ruleOrder {
      paths += try Self.exclusionPatterns(for: shape).map { "NOT " + $0 }
      paths.append(try Self.pathPattern(for: shape))
    }
    return paths
  }

  /// A complete document: one `details` entry for all the apps with the generated rules.
  ///
  /// - Parameters:
  ///   - includeLegacyPaths: Whether to add the `paths` array for iOS 12 and earlier.
  ///   - webCredentials: Whether to add a `webcredentials` section for the same apps.
  /// - Returns: The document.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  public func document(
    includeLegacyPaths: Bool = true,
    webCredentials: Bool = false
  ) throws(AASAGenerationError) -> AASADocument {
    let detail = AASADetail(
      appIDs: appIDs,
      components: try components(),
      paths: includeLegacyPaths ? try legacyPaths() : nil
    )
    return AASADocument(
      appLinks: AASAAppLinks(details: [detail]),
      webCredentials: webCredentials ? AASAAppList(apps: appIDs) : nil
    )
  }
}
