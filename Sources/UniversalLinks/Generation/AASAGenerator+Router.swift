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
  ///
  /// A route limited to some hosts (`RouteDefinition.hosts`) is only in the file of those hosts: build
  /// that file with ``init(appIDs:router:domain:)``. A route for any host (`["*"]`), or one limited to
  /// schemes without `https`, is in no file; the generator lists such routes as left out.
  public init(appIDs: [String], router: Router) {
    self.init(appIDs: appIDs, router: router, serving: nil)
  }

  /// Creates the generator of the file served on one host of the app's router: the routes that answer
  /// `https` links on that host, those limited to it (`RouteDefinition.hosts`) included.
  ///
  /// ```swift
  /// let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router,
  ///                               domain: "clicks.example.com")
  /// ```
  ///
  /// - Parameters:
  ///   - appIDs: The apps, each `<TeamID>.<bundle id>`.
  ///   - router: The router built from the app's route table.
  ///   - domain: A host of the table (`example.com`, `*.example.com`), the one ``domains`` entry.
  public init(appIDs: [String], router: Router, domain: String) {
    self.init(appIDs: appIDs, router: router, serving: domain)
  }

  private init(appIDs: [String], router: Router, serving written: String?) {
    // A domain given in Unicode is named in its ASCII form, as the entitlement and the router name it.
    let domain = written.map(router.hostEntry)
    var shapes: [RoutePathShape] = []
    var leftOut: [String] = []
    for (index, shape) in RoutePathShape.shapes(from: router).enumerated() {
      switch router.associationScope(ofRoute: index, domain: domain) {
      case .included:
        shapes.append(shape)
      case .otherHosts(let hosts):
        leftOut.append(
          "route \(shape.name) answers only hosts \(hosts.joined(separator: ", ")), so it is only in their "
            + "files (aasa generate --domain \(hosts.first ?? ""))")
      case .anyHost:
        leftOut.append(
          "route \(shape.name) answers any host; no association file can name every host, so it is in "
            + "none, and its links on other hosts open in the browser unless the app opens them")
      case .noHTTPS(let schemes):
        leftOut.append(
          "route \(shape.name) answers only schemes \(schemes.joined(separator: ", ")), not https links")
      }
    }
    self.init(
      appIDs: appIDs,
      shapes: shapes,
      caseSensitive: !router.table.options.caseInsensitive,
      domains: domain.map { [$0] } ?? router.table.hosts
    )
    self.leftOut = leftOut
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
