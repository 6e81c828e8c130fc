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
    /// The most routes a table may hold (default 250,000).
    ///
    /// Building a router takes a few hundred bytes per route at its peak (the parsed patterns, the
    /// trie and the duplicate check), so the default keeps a table that was never meant to be that large
    /// under about 200 MB. Raise it for a table you trust.
    public var maxRoutes: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maxURLLength: The longest link accepted, in UTF-8 bytes.
    ///   - maxSegments: The most path segments accepted.
    ///   - maxQueryItems: The most query items accepted.
    ///   - maxRoutes: The most routes a table may hold.
    public init(
      maxURLLength: Int = 8192, maxSegments: Int = 64, maxQueryItems: Int = 128, maxRoutes: Int = 250_000
    ) {
      self.maxURLLength = maxURLLength
      self.maxSegments = maxSegments
      self.maxQueryItems = maxQueryItems
      self.maxRoutes = maxRoutes
    }

    /// The default limits.
    public static let `default` = Limits()

    /// The values ``maxURLLength`` may take: 1 byte to 16 MiB.
    public static let allowedURLLength = 1...(16 << 20)
    /// The values ``maxSegments`` may take: 1 to 65,536.
    public static let allowedSegments = 1...65_536
    /// The values ``maxQueryItems`` may take: 1 to 65,536.
    public static let allowedQueryItems = 1...65_536
    /// The values ``maxRoutes`` may take: 1 to 4,194,304.
    public static let allowedRoutes = 1...(1 << 22)

    /// Checks that every limit is within its allowed range, so that no arithmetic on a limit can
    /// overflow and the memory one link may use stays bounded.
    ///
    /// ``Router/init(_:)`` and ``RouteTable/init(json:)`` call it; call it yourself to check limits
    /// before building a table.
    ///
    /// - Throws: ``RouteTableError`` with code `limitOutOfRange`
    ///   and the location `limits.<key>` for the first limit out of its range.
    public func validate() throws(RouteTableError) {
      let checks: [(key: String, value: Int, allowed: ClosedRange<Int>)] = [
        ("maxURLLength", maxURLLength, Self.allowedURLLength),
        ("maxSegments", maxSegments, Self.allowedSegments),
        ("maxQueryItems", maxQueryItems, Self.allowedQueryItems),
        ("maxRoutes", maxRoutes, Self.allowedRoutes),
      ]
      for check in checks where !check.allowed.contains(check.value) {
        throw RouteTableError(
          location: "limits.\(check.key)",
          reason: .limitOutOfRange(key: check.key, value: check.value, allowed: check.allowed))
      }
    }
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
  /// A route ending with a catch-all (`/files/{path*}`) takes a trailing `/` either way.
  public var strictTrailingSlash: Bool
  /// How query item names are compared with the keys patterns declare (default ``QueryKeys/exact``).
  public var queryKeys: QueryKeys
  /// How `+` in a link's query reads: a space (``PlusInQuery/space``, the default) or itself
  /// (``PlusInQuery/literal``).
  public var plusInQuery: PlusInQuery = .space
  /// How the authority of a custom-scheme link is read: as its first path segment (the default), or,
  /// when it is a listed host, as the link's host (``CustomSchemeHost/listed``).
  public var customSchemeHost: CustomSchemeHost
  /// The app-defined kinds of value, by name, that patterns use as `{code:sku}` (see ``ValueKind``).
  public var kinds: [String: ValueKind] = [:]
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
  ///   - queryKeys: How query item names are compared with declared keys.
  ///   - plusInQuery: How `+` in a link's query reads.
  ///   - customSchemeHost: How the authority of a custom-scheme link is read.
  ///   - limits: The limits on one link.
  ///   - kinds: The app-defined kinds of value patterns may use, by name.
  ///   - routes: The routes.
  public init(
    schemes: [String] = [],
    hosts: [String] = [],
    caseInsensitive: Bool = false,
    strictTrailingSlash: Bool = false,
    queryKeys: QueryKeys = .exact,
    plusInQuery: PlusInQuery = .space,
    customSchemeHost: CustomSchemeHost = .firstSegment,
    limits: Limits = .default,
    kinds: [String: ValueKind] = [:],
    routes: [RouteDefinition]
  ) {
    self.kinds = kinds
    self.plusInQuery = plusInQuery
    self.schemes = schemes
    self.hosts = hosts
    self.caseInsensitive = caseInsensitive
    self.strictTrailingSlash = strictTrailingSlash
    self.queryKeys = queryKeys
    self.customSchemeHost = customSchemeHost
    self.limits = limits
    self.routes = routes
  }
}
