/// The `target` of an `assetlinks.json` statement: the Android app (or web site) being linked.
package struct AssetLinksTarget: Hashable, Sendable {
  /// The `namespace` key: `android_app` for an app, `web` for a site.
  package var namespace: String
  /// The `package_name` key of an Android app, e.g. `com.example.app`.
  package var packageName: String?
  /// The `sha256_cert_fingerprints` key: the app's signing-certificate fingerprints.
  package var fingerprints: [CertificateFingerprint]
  /// The `site` key of a `web` target, e.g. `https://example.com`.
  package var site: String?

  /// The namespace of Android app targets.
  package static let androidAppNamespace = "android_app"

  /// Creates a target.
  ///
  /// - Parameters:
  ///   - namespace: `android_app` or `web`.
  ///   - packageName: The Android package name (for `android_app`).
  ///   - fingerprints: The signing-certificate fingerprints (for `android_app`).
  ///   - site: The site (for `web`).
  package init(
    namespace: String = AssetLinksTarget.androidAppNamespace,
    packageName: String? = nil,
    fingerprints: [CertificateFingerprint] = [],
    site: String? = nil
  ) {
    self.namespace = namespace
    self.packageName = packageName
    self.fingerprints = fingerprints
    self.site = site
  }
}
