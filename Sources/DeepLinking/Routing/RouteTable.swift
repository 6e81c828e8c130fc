/// The one declaration of every link an app handles: schemes, hosts, routes and reading options.
///
/// The same table drives matching (``Router``), URL building, the generated
/// `apple-app-site-association` and `assetlinks.json` files, and the audit of URL lists. Declare it in
/// Swift or load it from a JSON route file with ``init(json:)``:
///
/// ```json
/// {
///   "schemes": ["myapp"],
///   "hosts": ["example.com", "*.example.com"],
///   "caseInsensitive": false,
///   "routes": [
///     {"name": "clip", "pattern": "/channel/video/{clipId}"},
///     {"name": "search", "pattern": "/channel/search/{query}"}
///   ]
/// }
/// ```
public struct RouteTable: Sendable, Hashable {
  /// Limits that bound the work done on one link; links over them are rejected with a ``LinkError``.
  public struct Limits: Sendable, Hashable {
    /// The longest link accepted, in UTF-8 bytes (default 8 KiB).
    public var maxURLLength: Int
    /// The most path segments accepted (default 64).
    public var maxSegments: Int
    /// The most query items accepted (default 128).
    public var maxQueryItems: Int
    /// The most routes a table may hold (default 1,000,000).
    public var maxRoutes: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxURLLength: The longest link accepted, in UTF-8 bytes.
    ///   - maxSegments: The most path segments accepted.
    ///   - maxQueryItems: The most query items accepted.
    ///   - maxRoutes: The most routes a table may hold.
    public init(
      maxURLLength: Int = 8192, maxSegments: Int = 64, maxQueryItems: Int = 128, maxRoutes: Int = 1_000_000
    ) {
      self.maxURLLength = maxURLLength
      self.maxSegments = maxSegments
      self.maxQueryItems = maxQueryItems
      self.maxRoutes = maxRoutes
    }

    /// The default limits.
    public static let `default` = Limits()
  }

  /// The custom schemes the app answers to (`myapp`), compared case-insensitively. List `http` to
  /// accept plain-http web links too; `https` is implied by ``hosts``.
  public var schemes: [String]
  /// The web hosts of the app's Universal Links: `example.com`, `*.example.com` (subdomains, not the
  /// apex), or either with a port (`localhost:8080`). Compared case-insensitively.
  public var hosts: [String]
  /// Whether literal path segments compare case-insensitively (default `false`).
  public var caseInsensitive: Bool
  /// Whether a trailing `/` must agree between link and pattern (default `false`: it does not matter).
  public var strictTrailingSlash: Bool
  /// The routes.
  public var routes: [RouteDefinition]
  /// The limits on one link.
  public var limits: Limits

  /// Creates a route table.
  ///
  /// - Parameters:
  ///   - schemes: The custom schemes, such as `["myapp"]`.
  ///   - hosts: The web hosts, such as `["example.com"]`.
  ///   - caseInsensitive: Whether literal segments compare case-insensitively.
  ///   - strictTrailingSlash: Whether a trailing `/` must agree between link and pattern.
  ///   - limits: The limits on one link.
  ///   - routes: The routes.
  public init(
    schemes: [String] = [],
    hosts: [String] = [],
    caseInsensitive: Bool = false,
    strictTrailingSlash: Bool = false,
    limits: Limits = .default,
    routes: [RouteDefinition]
  ) {
    self.schemes = schemes
    self.hosts = hosts
    self.caseInsensitive = caseInsensitive
    self.strictTrailingSlash = strictTrailingSlash
    self.limits = limits
    self.routes = routes
  }
}
