import Foundation

/// Generates every file the app's web site needs for its links, ready to copy to the server.
///
/// ```swift
/// let site = SiteGenerator(
///   host: "example.com", appName: "Example", appStoreID: "123456789", customScheme: "example",
///   appIDs: ["ABCDE12345.com.example.app"], shapes: shapes,
///   androidPackageNames: ["com.example.app"], androidFingerprints: [fingerprint]
/// )
/// for (path, data) in try site.files() { ... }
/// ```
///
/// The files, by path relative to the site root: `.well-known/apple-app-site-association`,
/// `.well-known/assetlinks.json` (when Android packages are given), `fallback.html` and `nginx.conf`.
public struct SiteGenerator: Hashable, Sendable {
  /// The site's host, e.g. `example.com`.
  public var host: String
  /// The app's name, for the fallback page.
  public var appName: String
  /// The App Store ID, digits only.
  public var appStoreID: String
  /// The app's custom URL scheme, e.g. `example` for `example://...`.
  public var customScheme: String
  /// The iOS app IDs, each `<TeamID>.<bundle id>`.
  public var appIDs: [String]
  /// The routes.
  public var shapes: [RoutePathShape]
  /// The Android package names; none to skip `assetlinks.json`.
  public var androidPackageNames: [String]
  /// The Android signing-certificate fingerprints (upload key and Play signing key).
  public var androidFingerprints: [String]
  /// The directory nginx serves the files from.
  public var serverRoot: String

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
  ///   - serverRoot: The directory nginx serves the files from.
  public init(
    host: String,
    appName: String,
    appStoreID: String,
    customScheme: String,
    appIDs: [String],
    shapes: [RoutePathShape],
    androidPackageNames: [String] = [],
    androidFingerprints: [String] = [],
    serverRoot: String = "/var/www/site"
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
  }

  /// Generates the files.
  ///
  /// - Returns: The file contents by path relative to the site root.
  /// - Throws: ``AASAGenerationError`` for a route AASA cannot express, ``CertificateFingerprintError``
  ///   for a malformed fingerprint, ``SiteGenerationError`` for a bad App Store ID or scheme.
  public func files() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let generator = AASAGenerator(appIDs: appIDs, shapes: shapes)
    files[".well-known/apple-app-site-association"] = try generator.document().jsonData()
    if !androidPackageNames.isEmpty {
      files[".well-known/assetlinks.json"] = try AssetLinksDocument.appLinks(
        packageNames: androidPackageNames,
        fingerprints: androidFingerprints
      ).jsonData()
    }
    let page = try FallbackPage(
      appName: appName,
      appStoreID: appStoreID,
      canonicalURL: "https://\(host)/",
      appURL: "\(customScheme)://"
    )
    files["fallback.html"] = Data(page.html().utf8)
    files["nginx.conf"] = Data(
      NginxConfiguration(serverName: host, root: serverRoot, shapes: shapes).text().utf8)
    return files
  }
}
