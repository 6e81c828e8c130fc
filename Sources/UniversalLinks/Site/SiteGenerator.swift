import DeepLinkRouting
import Foundation

/// Generates every file the app's web site needs for its links, ready to copy to the server.
///
/// ```swift
/// let site = try SiteGenerator(
///   router: router, appName: "Example", appStoreID: "123456789",
///   appIDs: ["ABCDE12345.com.example.app"],
///   androidPackageNames: ["com.example.app"], androidFingerprints: [fingerprint]
/// )
/// for (path, data) in try site.files() { ... }
/// ```
///
/// The files, by path relative to the output directory (``serverRoot`` on the server):
/// - `nginx.conf`, and `android/intent-filters.xml` when asked for: configuration, never served;
/// - under `public/` (``webDirectory``), the web root of the site's hosts and the only files they
///   serve: `.well-known/apple-app-site-association`, `.well-known/assetlinks.json` (when Android
///   packages are given), `fallback.html` and, for each route with a link preview,
///   `.deeplink/preview-N.html`;
/// - with short links (``shortLinks``), under `short-links/`, the web root of the short-link host: its
///   own association files, claiming only `/s/*`;
/// - under `logs/`, the access log nginx writes (``accessLog``), unless it is elsewhere.
///
/// It is built from the app's router with ``init(router:appName:appStoreID:appIDs:androidPackageNames:androidFingerprints:serverRoot:)``
/// so that the site and the app read one route table. The same files serve every host of the table:
/// copy them to each (for `*.example.com`, to each subdomain).
package struct SiteGenerator: Hashable, Sendable {
  /// The site's host, e.g. `example.com`.
  package var host: String
  /// The app's name, for the fallback page.
  package var appName: String
  /// The App Store ID, digits only; `nil` for a fallback page without Smart App Banner.
  package var appStoreID: String?
  /// The app's custom URL scheme, e.g. `example` for `example://...`.
  package var customScheme: String
  /// The iOS app IDs, each `<TeamID>.<bundle id>`.
  package var appIDs: [String]
  /// The routes.
  package var shapes: [RoutePathShape]
  /// The Android package names; none to skip `assetlinks.json`.
  package var androidPackageNames: [String]
  /// The Android signing-certificate fingerprints (upload key and Play signing key).
  package var androidFingerprints: [String]
  /// The directory the generated files are copied to on the server; nginx serves its `public/` and
  /// `short-links/` folders.
  package var serverRoot: String
  /// Other hosts that serve the same files, added to nginx's `server_name` (`*.example.com`).
  package var aliases: [String]
  /// Whether literal path segments compare case-sensitively, in the association file and in nginx.
  package var caseSensitive: Bool
  /// The names of the routes that open only from a verified link (`requiresVerifiedLink`): the
  /// fallback page offers no custom-scheme link for them, since the app refuses it.
  package var verifiedOnlyRoutes: Set<String>
  /// The TLS certificate and key nginx serves; `nil` writes placeholders marked `REPLACE`.
  package var certificate: Certificate?
  /// The short links, served on a host of their own; `nil` for none.
  package var shortLinks: ShortLinkTable?
  /// The link previews, by route name: each such route gets a page of its own
  /// (`.deeplink/preview-N.html`), with its title and Open Graph and Twitter card tags.
  package var previews: [String: LinkPreview] = [:]
  /// The web site's own https origin, where the fallback page sends a desktop browser; `nil` to show
  /// the link to open on a phone.
  package var webOrigin: String?
  /// The addresses nginx listens on, each as `listen` reads it (`443`, `127.0.0.1:8443`); every
  /// interface's port 443 by default.
  package var listen: [String] = ["443"]
  /// The file nginx logs the site's requests to, in JSON lines with the host of each request (see
  /// ``NginxConfiguration/logFormatFields``); `nil` for ``defaultAccessLog``.
  package var accessLog: String?

  /// The access log when none is given: `logs/access.log` in ``serverRoot``, beside the web roots,
  /// never served.
  package var defaultAccessLog: String {
    (serverRoot.hasSuffix("/") ? serverRoot : serverRoot + "/") + Self.logDirectory + "/access.log"
  }

  /// The directory, relative to the output, of the default access log: nginx does not create it, so
  /// it is made with the files.
  package static let logDirectory = "logs"

  /// The directory, relative to the output, of the short-link host's files: its web root.
  package static let shortLinkDirectory = "short-links"
  /// The directory, relative to the output, of the site's web files: the web root of its hosts, so
  /// that nothing but those files (not nginx.conf, not the Android filters) is served.
  package static let webDirectory = "public"

  /// The route the short-link host's association file claims: `/s/{code}`.
  package static let shortLinkShape = RoutePathShape(
    name: "short links", pieces: [.literal("s"), .parameter(name: "code", type: .string)])
  /// The Android intent filters of the routes (``AndroidIntentFilterGenerator/xml``), written as
  /// `android/intent-filters.xml` next to the site's files; `nil` to skip it.
  package var androidIntentFilters: String?

  /// The files of the site's TLS certificate.
  package struct Certificate: Hashable, Sendable {
    /// The certificate (with its chain), for `ssl_certificate`.
    package var certificatePath: String
    /// The private key, for `ssl_certificate_key`.
    package var keyPath: String

    /// Creates a certificate reference.
    ///
    /// - Parameters:
    ///   - certificatePath: The certificate (with its chain), for `ssl_certificate`.
    ///   - keyPath: The private key, for `ssl_certificate_key`.
    package init(certificatePath: String, keyPath: String) {
      self.certificatePath = certificatePath
      self.keyPath = keyPath
    }
  }

  /// Creates a generator.
  ///
  /// - Parameters:
  ///   - host: The site's host.
  ///   - appName: The app's name.
  ///   - appStoreID: The App Store ID, digits only.
  ///   - customScheme: The app's custom URL scheme.
  ///   - appIDs: The iOS app IDs.
  ///   - shapes: The routes.
  ///   - androidPackageNames: The Android package names.
  ///   - androidFingerprints: The Android signing-certificate fingerprints.
  ///   - serverRoot: The directory the generated files are copied to on the server.
  ///   - aliases: Other hosts that serve the same files.
  ///   - caseSensitive: Whether literal path segments compare case-sensitively.
  ///   - verifiedOnlyRoutes: The names of the routes that open only from a verified link.
  package init(
    host: String,
    appName: String,
    appStoreID: String?,
    customScheme: String,
    appIDs: [String],
    shapes: [RoutePathShape],
    androidPackageNames: [String] = [],
    androidFingerprints: [String] = [],
    serverRoot: String = "/var/www/site",
    aliases: [String] = [],
    caseSensitive: Bool = true,
    verifiedOnlyRoutes: Set<String> = []
  ) {
    self.host = host
    self.appName = appName
    self.appStoreID = appStoreID
    self.customScheme = customScheme
    self.appIDs = appIDs
    self.shapes = shapes
    self.androidPackageNames = androidPackageNames
    self.androidFingerprints = androidFingerprints
    self.serverRoot = serverRoot
    self.aliases = aliases
    self.caseSensitive = caseSensitive
    self.verifiedOnlyRoutes = verifiedOnlyRoutes
  }

  /// Refuses a web origin on a host that serves these files: a desktop browser sent there would get
  /// the fallback page again, and be sent again, for ever.
  ///
  /// - Throws: ``SiteGenerationError`` for field `webOrigin`.
  func checkWebOrigin() throws(SiteGenerationError) {
    guard let webOrigin else { return }
    let authority = webOrigin.lowercased().drop { $0 != "/" }.dropFirst(2)
    let name = String(authority.prefix { $0 != ":" && $0 != "/" })
    let served = [String(host.lowercased().prefix { $0 != ":" })] + aliases.map { $0.lowercased() }
    let isServed = served.contains { entry in
      entry.hasPrefix("*.")
        ? name.hasSuffix(entry.dropFirst(1)) && name.count > entry.count - 1 : name == entry
    }
    if isServed {
      throw SiteGenerationError(
        field: "webOrigin", value: webOrigin,
        reason: "it is a host these files are served on (\(served.joined(separator: ", "))): a desktop "
          + "browser sent there would get this page again; give the web site's own origin")
    }
  }

  /// Generates the files.
  ///
  /// - Returns: The file contents by path relative to the site root.
  /// - Throws: ``AASAGenerationError`` for a route AASA cannot express or an association file over
  ///   the 128 KB Apple reads (see ``AASAGenerator/fileData(includeLegacyPaths:webCredentials:)``), ``CertificateFingerprintError``
  ///   for a malformed fingerprint, ``SiteGenerationError`` for a bad App Store ID or scheme.
  /// The routes as the fallback page tells them apart, in the order the router prefers them, each
  /// saying whether the custom scheme may open it; none when every route may.
  private func pageRoutes(_ generator: AASAGenerator) -> [FallbackPage.Route] {
    guard shapes.contains(where: { verifiedOnlyRoutes.contains($0.name) }) else { return [] }
    return generator.orderedShapes.map { shape in
      FallbackPage.Route(
        pathRegex: NginxConfiguration.locationRegex(for: shape),
        opensFromCustomScheme: !verifiedOnlyRoutes.contains(shape.name), caseSensitive: caseSensitive)
    }
  }

  package func files() throws -> [String: Data] {
    try checkWebOrigin()
    var files: [String: Data] = [:]
    let generator = AASAGenerator(appIDs: appIDs, shapes: shapes, caseSensitive: caseSensitive)
    let web = Self.webDirectory + "/"
    files[web + ".well-known/apple-app-site-association"] = try generator.fileData()
    if !androidPackageNames.isEmpty {
      files[web + ".well-known/assetlinks.json"] = try AssetLinksDocument.appLinks(
        packageNames: androidPackageNames,
        fingerprints: androidFingerprints
      ).jsonData()
    }
    if let androidIntentFilters {
      files["android/intent-filters.xml"] = Data(androidIntentFilters.utf8)
    }
    let page = try FallbackPage(
      appName: appName,
      appStoreID: appStoreID,
      canonicalURL: "https://\(host)/",
      appURL: "\(customScheme)://",
      routes: pageRoutes(generator)
    ).with(androidPackage: androidPackageNames.first, webOrigin: webOrigin)
    files[web + "fallback.html"] = Data(page.html().utf8)
    for (index, shape) in shapes.enumerated() {
      guard let preview = previews[shape.name] else { continue }
      let variables = NginxConfiguration.previewVariables(for: shape, preview: preview)
      let path = web + NginxConfiguration.previewPagePath(ofRoute: index).dropFirst()
      files[path] = Data(
        try page.with(
          androidPackage: page.androidPackage, webOrigin: webOrigin, preview: preview,
          previewVariables: variables
        ).html().utf8)
    }
    if shortLinks != nil {
      // The short-link host claims only its short paths: a link there opens the app, which asks the
      // server for the long link.
      let directory = Self.shortLinkDirectory + "/"
      files[directory + ".well-known/apple-app-site-association"] = try AASAGenerator(
        appIDs: appIDs, shapes: [Self.shortLinkShape], caseSensitive: true
      ).fileData()
      files[directory + ".well-known/assetlinks.json"] = files[web + ".well-known/assetlinks.json"]
    }
    let root = serverRoot.hasSuffix("/") ? serverRoot : serverRoot + "/"
    files["nginx.conf"] = Data(
      try NginxConfiguration(
        serverName: ([String(host.prefix { $0 != ":" })] + aliases).joined(separator: " "),
        root: root + Self.webDirectory,
        shapes: shapes,
        caseSensitive: caseSensitive,
        certificate: certificate,
        shortLinks: shortLinks,
        shortLinkRoot: root + Self.shortLinkDirectory,
        previews: previews,
        listen: listen,
        accessLog: accessLog ?? defaultAccessLog
      ).text().utf8)
    return files
  }
}
