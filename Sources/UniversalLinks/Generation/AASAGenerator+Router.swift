import DeepLinkRouting

extension AASAGenerator {
  /// The path of the association file on every host that serves it.
  public static let filePath = "/.well-known/apple-app-site-association"

  /// Creates a generator for the routes of the app's router: one route table for the app and its
  /// association file.
  ///
  /// The routes are every route of the router (also those that require a verified link), the case sensitivity from `RouteTable.caseInsensitive`, and the ``domains``
  /// from `RouteTable.hosts`.
  ///
  /// ```swift
  /// let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
  /// let data = try generator.fileData()
  /// generator.entitlements  // ["applinks:example.com"]
  /// ```
  ///
  /// - Parameters:
  ///   - appIDs: The apps, each `<TeamID>.<bundle id>`.
  ///   - router: The router built from the app's route table.
  public init(appIDs: [String], router: Router) {
    self.init(
      appIDs: appIDs,
      shapes: RoutePathShape.shapes(from: router),
      caseSensitive: !router.table.caseInsensitive,
      domains: router.table.hosts
    )
  }

  /// Creates a generator for a route table, building its router first.
  ///
  /// - Parameters:
  ///   - appIDs: The apps, each `<TeamID>.<bundle id>`.
  ///   - table: The app's route table.
  /// - Throws: `RouteTableError` when the table does not build a router.
  public init(appIDs: [String], table: RouteTable) throws(RouteTableError) {
    self.init(appIDs: appIDs, router: try Router(table))
  }

  /// The associated-domains entitlement entries the app needs: `applinks:` and each domain.
  ///
  /// `applinks:*.example.com` covers the subdomains of `example.com`, not `example.com` itself.
  public var entitlements: [String] {
    domains.map { "applinks:\($0)" }
  }

  /// Where the file must be served, one https URL per domain.
  ///
  /// Each host fetches its own copy: for a wildcard domain the file must be served on every
  /// subdomain, shown as `https://<subdomain>.example.com/.well-known/apple-app-site-association`.
  public var fileLocations: [String] {
    domains.map { domain in
      let host = domain.hasPrefix("*.") ? "<subdomain>." + domain.dropFirst(2) : domain
      return "https://\(host)\(Self.filePath)"
    }
  }
}
