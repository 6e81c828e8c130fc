extension RouteTable {
  /// How a table reads links, and how much of a link it reads: every setting of a table besides its
  /// schemes, hosts, kinds and routes.
  ///
  /// Each setting has the key of the same name in a route file (the limits under `"limits"`); the
  /// defaults are those of a file that says nothing.
  ///
  /// ```swift
  /// let table = RouteTable(
  ///   schemes: ["myapp"], hosts: ["example.com"],
  ///   options: .ignoringCase,  // `/Channel/Video/1` and `?Q=shoes` read as `/channel/video/1`, `?q=shoes`
  ///   routes: [RouteDefinition("clip", "/channel/video/{clipId}")])
  /// ```
  public struct Options: Sendable, Hashable {
    /// Whether literal path segments compare without case (`"caseInsensitive"`; default `false`).
    public var caseInsensitive: Bool
    /// Whether a trailing `/` must agree between link and pattern (`"strictTrailingSlash"`; default
    /// `false`: it does not matter). A route ending with a catch-all (`/files/{path*}`) takes a trailing
    /// `/` either way.
    public var strictTrailingSlash: Bool
    /// Whether the names of a link's query items compare with the keys patterns declare without case
    /// (`"queryKeys": "caseInsensitive"`; default `false`, byte for byte).
    ///
    /// Only names are affected: values, literal values (`?ref=failed_payment`) and path literals compare
    /// as before. With it, `?Q=shoes` and `?q=shoes` are the same item, the first of them in the link is
    /// the one read, and the open query dictionary (`{name*}`) holds lower-cased names.
    public var caseInsensitiveQueryKeys: Bool
    /// Whether `+` in a link's query reads as itself, as Apple's `URLComponents` reads it
    /// (`"plusInQuery": "literal"`: `?text=c++` reads `c++`), rather than as a space, as HTML forms write
    /// one (`"plusInQuery": "space"`, the default: `?text=c++` reads `c  `).
    ///
    /// Only the query is affected: in a path, `+` is always itself. Links the package builds write `+`
    /// as `%2B` and a space as `%20` under either setting, so they read the same under both.
    public var literalPlusInQuery: Bool
    /// Whether the authority of a custom-scheme link that is one of ``RouteTable/hosts`` reads as the
    /// link's host, as in a web link (`"customSchemeHost": "listed"`; default `false`).
    ///
    /// By default the authority is the first path segment, whatever it is: `shop://p/1` reads as the
    /// path `/p/1`, and `shop://www.shop.example/p/1` as `/www.shop.example/p/1`. With it,
    /// `shop://www.shop.example/p/1` reads as host `www.shop.example`, path `/p/1`, the same routes as
    /// `https://www.shop.example/p/1`; any other authority is still the first path segment. The link
    /// stays a custom-scheme link (its origin is the scheme, never a verified link).
    public var listedHostInCustomScheme: Bool
    /// The longest link accepted, in UTF-8 bytes (default 8 KiB); a longer one is a ``LinkError``.
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

    /// Creates options; each setting left out keeps its default.
    ///
    /// - Parameters:
    ///   - caseInsensitive: Whether literal path segments compare without case.
    ///   - strictTrailingSlash: Whether a trailing `/` must agree between link and pattern.
    ///   - caseInsensitiveQueryKeys: Whether query item names compare without case.
    ///   - literalPlusInQuery: Whether `+` in a query reads as itself rather than as a space.
    ///   - listedHostInCustomScheme: Whether a custom-scheme link's listed authority is its host.
    ///   - maxURLLength: The longest link accepted, in UTF-8 bytes.
    ///   - maxSegments: The most path segments accepted.
    ///   - maxQueryItems: The most query items accepted.
    ///   - maxRoutes: The most routes a table may hold.
    public init(
      caseInsensitive: Bool = false, strictTrailingSlash: Bool = false,
      caseInsensitiveQueryKeys: Bool = false,
      literalPlusInQuery: Bool = false, listedHostInCustomScheme: Bool = false,
      maxURLLength: Int = 8192, maxSegments: Int = 64, maxQueryItems: Int = 128, maxRoutes: Int = 250_000
    ) {
      self.caseInsensitive = caseInsensitive
      self.strictTrailingSlash = strictTrailingSlash
      self.caseInsensitiveQueryKeys = caseInsensitiveQueryKeys
      self.literalPlusInQuery = literalPlusInQuery
      self.listedHostInCustomScheme = listedHostInCustomScheme
      self.maxURLLength = maxURLLength
      self.maxSegments = maxSegments
      self.maxQueryItems = maxQueryItems
      self.maxRoutes = maxRoutes
    }

    /// The defaults: literals and query keys compare with case, the trailing slash does not matter,
    /// `+` in a query is a space, a custom scheme's authority is its first segment, and the limits are
    /// 8 KiB, 64 segments, 128 query items and 250,000 routes.
    public static let `default` = Options()

    /// The defaults, except that literal path segments and query keys compare without case: for links
    /// people type, or that older campaigns wrote in varying case.
    public static let ignoringCase = Options(caseInsensitive: true, caseInsensitiveQueryKeys: true)

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
    /// ``Router/init(_:)`` and `RouteTable(json:)` (module `RouteFiles`) call it; call it yourself to check the options
    /// before building a table.
    ///
    /// - Throws: ``RouteTableError`` with code `limitOutOfRange` and the location `limits.<key>` (the
    ///   key of a route file) for the first limit out of its range.
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

    /// How query item names compare with declared keys.
    package var queryKeys: QueryKeys { caseInsensitiveQueryKeys ? .caseInsensitive : .exact }
  }
}
