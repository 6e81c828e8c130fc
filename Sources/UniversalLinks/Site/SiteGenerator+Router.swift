import DeepLinkRouting

extension SiteGenerator {
  /// Creates a generator for the routes, hosts and scheme of the app's router: one route table for the
  /// app and its web site.
  ///
  /// The fallback page's canonical URL is on the table's first host that is not a wildcard, its
  /// "Open in the app" link uses the table's first custom scheme (not `http` or `https`) for the routes
  /// that may open from it (not those that require a verified link), and nginx
  /// answers for every host of the table. Every route that answers on every host is routed to the
  /// fallback page and listed in the association file, also those that require a verified link; a route
  /// limited to some hosts, or for any host, is left out (see `AASAGenerator.init(appIDs:router:domain:)`).
  ///
  /// ```swift
  /// let site = try SiteGenerator(
  ///   router: router, appName: "Example", appStoreID: "123456789",
  ///   appIDs: ["ABCDE12345.com.example.app"])
  /// for (path, data) in try site.files() { ... }
  /// ```
  ///
  /// - Parameters:
  ///   - router: The router built from the app's route table.
  ///   - appName: The app's name, for the fallback page.
  ///   - appStoreID: The App Store ID, digits only, or `nil` for a page without Smart App Banner.
  ///   - appIDs: The iOS app IDs, each `<TeamID>.<bundle id>`.
  ///   - androidPackageNames: The Android package names; none to skip `assetlinks.json`.
  ///   - androidFingerprints: The Android signing-certificate fingerprints.
  ///   - serverRoot: The directory the generated files are copied to on the server.
  /// - Throws: ``SiteGenerationError`` when the table lists no host that is not a wildcard, or no
  ///   custom scheme.
  package init(
    router: Router,
    appName: String,
    appStoreID: String?,
    appIDs: [String],
    androidPackageNames: [String] = [],
    androidFingerprints: [String] = [],
    serverRoot: String = "/var/www/site"
  ) throws(SiteGenerationError) {
    let table = router.table
    guard let host = table.hosts.first(where: { !$0.hasPrefix("*.") }) else {
      throw SiteGenerationError(
        field: "hosts",
        value: table.hosts.joined(separator: ", "),
        reason: "the route table lists no host that is not a wildcard; the fallback page needs one for "
          + "its canonical https URL"
      )
    }
    guard let scheme = table.schemes.first(where: { !["http", "https"].contains($0.lowercased()) }) else {
      throw SiteGenerationError(
        field: "schemes",
        value: table.schemes.joined(separator: ", "),
        reason: "the route table lists no custom scheme; the fallback page needs one for its "
          + "\"Open in the app\" link"
      )
    }
    var names: [String] = []
    for entry in table.hosts {
      let name = String(entry.lowercased().prefix { $0 != ":" })
      if !names.contains(name) { names.append(name) }
    }
    let canonicalHost = host.lowercased()
    self.init(
      host: canonicalHost,
      appName: appName,
      appStoreID: appStoreID,
      customScheme: scheme.lowercased(),
      appIDs: appIDs,
      // One file and one nginx configuration serve every host: the routes that answer on every host.
      shapes: RoutePathShape.shapes(from: router).enumerated().filter {
        router.associationScope(ofRoute: $0.offset, domain: nil) == .included
      }.map(\.element),
      androidPackageNames: androidPackageNames,
      androidFingerprints: androidFingerprints,
      serverRoot: serverRoot,
      aliases: names.filter { $0 != String(canonicalHost.prefix { $0 != ":" }) },
      caseSensitive: !table.options.caseInsensitive,
      verifiedOnlyRoutes: Set(table.routes.filter(\.requiresVerifiedLink).map(\.name))
    )
    previews = Dictionary(
      table.routes.compactMap { route in route.preview.map { (route.name, $0) } },
      uniquingKeysWith: { first, _ in first })
    if !androidPackageNames.isEmpty {
      // The filters of the same table, for the app's AndroidManifest.xml.
      androidIntentFilters = AndroidIntentFilterGenerator(router: router).xml
    }
  }
}
