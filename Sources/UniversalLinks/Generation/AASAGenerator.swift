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
/// AASA has no "one segment" wildcard: `*` and `?*` cross `/`. A plain or integer parameter therefore
/// widens to `?*`, which also admits other text (`/users/abc` for `{id:int}`) and extra segments
/// (`/users/42/more`); the app's router still refuses those, so the link opens the app and shows its
/// "no route" handling. ``AASAConsistencyCheck`` reports these widenings separately from failures. AASA
/// also has no escape character, so a literal holding `*` or `?` (or `$(`) cannot be expressed and is
/// refused. The generated query and fragment are unrestricted.
///
/// ```swift
/// let generator = AASAGenerator(
///   appIDs: ["ABCDE12345.com.example.app"],
///   shapes: [try RoutePathShape(name: "video", template: "/channel/video/{clipId}")]
/// )
/// let data = try generator.document().jsonData()
/// ```
public struct AASAGenerator: Hashable, Sendable {
  /// The apps the rules are for.
  public var appIDs: [String]
  /// The routes, in order.
  public var shapes: [RoutePathShape]

  /// Creates a generator.
  ///
  /// - Parameters:
  ///   - appIDs: The apps, each `<TeamID>.<bundle id>`.
  ///   - shapes: The routes' paths.
  public init(appIDs: [String], shapes: [RoutePathShape]) {
    self.appIDs = appIDs
    self.shapes = shapes
  }

  /// The AASA path pattern of one route.
  ///
  /// - Parameter shape: The route's path.
  /// - Returns: The pattern, e.g. `/users/?*` or `/docs/*`.
  /// - Throws: ``AASAGenerationError`` when a literal holds `*`, `?` or `$(`.
  public static func pathPattern(for shape: RoutePathShape) throws(AASAGenerationError) -> String {
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
      case .parameter(_, .uuid):
        segments.append("????????-????-????-????-????????????")
      case .parameter, .oneOrMore:
        segments.append("?*")
      case .zeroOrMore:
        segments.append("*")
      }
    }
    return "/" + segments.joined(separator: "/")
  }

  /// One `components` entry per route, in route order, each with a `comment` naming the route.
  ///
  /// - Returns: The entries.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  public func components() throws(AASAGenerationError) -> [AASAComponent] {
    var components: [AASAComponent] = []
    for shape in shapes {
      components.append(
        AASAComponent(path: try Self.pathPattern(for: shape), comment: "route \(shape.name): \(shape)")
      )
    }
    return components
  }

  /// The legacy `paths` equivalent of ``components()``, for iOS 12 and earlier.
  ///
  /// - Returns: One path pattern per route.
  /// - Throws: ``AASAGenerationError`` for the first route that cannot be expressed.
  public func legacyPaths() throws(AASAGenerationError) -> [String] {
    var paths: [String] = []
    for shape in shapes {
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
