import DeepLinking
import Foundation
import UniversalLinks

/// The Android app `deeplink doctor` checks: its package, the keys it is signed with, its intent
/// filters and the API level of the device answered for.
struct AndroidApp {
  var package: String
  var fingerprints: [CertificateFingerprint]
  /// The app's intent filters: read from its manifest, or generated from the route table.
  var filters: [AndroidIntentFilter]
  /// Where the filters come from, for messages: the manifest's path, or `the route table`.
  var filtersSource: String
  /// The API level of the device answered for.
  var apiLevel: Int

  /// The last API level (Android 11) on which every host of the app's autoVerify filters must verify
  /// for any to; from API 31 (Android 12) each host verifies on its own.
  static let allHostsAPILevel = 30

  /// The hosts Android verifies for the app: those of its autoVerify filters that open http(s) links
  /// from a browser, in the order written, each once. A `*.example.com` host is verified with the
  /// file of `example.com`; `*` is never verified.
  var verifiedAuthorities: [AndroidIntentFilter.Authority] {
    var seen: Set<AndroidIntentFilter.Authority> = []
    var authorities: [AndroidIntentFilter.Authority] = []
    for filter in filters
    where filter.autoVerify && filter.isBrowsable
      && filter.schemes.contains(where: { ["http", "https"].contains($0.lowercased()) })
    {
      for entry in filter.hosts where entry.host != "*" {
        var authority = entry
        if authority.host.hasPrefix("*.") { authority.host = String(authority.host.dropFirst(2)) }
        authority.host = authority.host.lowercased()
        if seen.insert(authority).inserted { authorities.append(authority) }
      }
    }
    return authorities
  }
}

extension LinkDoctor {
  /// What Android's verifier decides for one host's assetlinks.json.
  private struct HostVerification {
    var url: String
    var verifies: Bool
    var result: String
    /// The findings, on hop `assetlinks`.
    var findings: [LinkDiagnosis.Finding]
    /// The Android 15 dynamic rules of the app's statement.
    var rules: AndroidDynamicRules?
  }

  /// The Android hops: the intent filter that claims the link, the link host's assetlinks.json, the
  /// dynamic rules from API 35, and every other host of the app's autoVerify filters; returns what an
  /// Android phone does with the link, in a few words.
  mutating func diagnoseAndroid(_ link: DoctorLink, app: AndroidApp, into diagnosis: inout LinkDiagnosis)
    async -> String
  {
    let level = app.apiLevel
    let claiming = app.filters.enumerated().first { $0.element.opens(link.text, apiLevel: level) }
    guard let claiming else {
      diagnosis.hops.append(
        .init(
          name: "intent-filter", url: nil,
          result: "no filter of \(app.filtersSource) claims the link at API \(level)"))
      if diagnosis.route != nil {
        diagnosis.add(
          .error, "no-intent-filter", hop: "intent-filter",
          "no intent filter of \(app.filtersSource) claims the link on a device of API \(level), though route \(diagnosis.route ?? "") takes it: Android never offers it to the app, so it opens the browser",
          fix: "add the filters deeplink android generate writes to the app's AndroidManifest.xml")
      } else {
        diagnosis.add(
          .note, "no-intent-filter", hop: "intent-filter",
          "no intent filter of \(app.filtersSource) claims the link on a device of API \(level), and no route takes it: it opens the browser",
          fix: "none needed unless the app should open it: then add a route and its filter")
      }
      return "does not open the app at API \(level) (no intent filter claims the link)"
    }
    let filter = claiming.element
    var claim = "filter \(claiming.offset) claims the link at API \(level)"
    if !filter.routes.isEmpty { claim += " (routes \(filter.routes.joined(separator: ", ")))" }
    if let condition = filter.openingCondition(link.text, apiLevel: level) { claim += ", \(condition)" }
    claim += filter.autoVerify ? ", android:autoVerify=\"true\"" : ", without android:autoVerify"
    diagnosis.hops.append(.init(name: "intent-filter", url: nil, result: claim))

    // The link's own host: its file decides the link on every Android version.
    guard let url = link.siteURL(WellKnownFile.assetLinks.path) else { return "not checked" }
    let own = await verify(url, app: app)
    diagnosis.findings += own.findings
    diagnosis.hops.append(.init(name: "assetlinks", url: own.url, result: own.result))
    if !filter.autoVerify {
      diagnosis.add(
        .error, "not-auto-verify", hop: "intent-filter",
        "filter \(claiming.offset) claims the link without android:autoVerify=\"true\": Android never verifies it, so from Android 12 the link opens the browser (older versions ask which app)",
        fix: "add android:autoVerify=\"true\" to the <intent-filter> (deeplink android generate writes it)")
    }
    if let refusal = AndroidCommand.dynamicRefusal(link.text, rules: own.rules, apiLevel: level) {
      diagnosis.add(
        .error, "dynamic-rule-refuses", hop: "assetlinks",
        "filter \(claiming.offset) claims the link, but on Android 15 (API 35) and later \(refusal) in the statement of \(app.package): the link opens the browser",
        fix: "serve the rules deeplink android rules writes for the route table")
    }

    // The other hosts: all or none on Android 11 and older, each on its own from Android 12.
    var othersFail: [String] = []
    for authority in app.verifiedAuthorities
    where !(authority.host == link.host && (authority.port == nil || authority.port == link.port)) {
      let other = DoctorLink(text: "https://\(authority)/", host: authority.host, port: authority.port)
      guard let otherURL = other.siteURL(WellKnownFile.assetLinks.path) else { continue }
      let verification = await verify(otherURL, app: app)
      diagnosis.hops.append(.init(name: "assetlinks", url: verification.url, result: verification.result))
      guard !verification.verifies else { continue }
      othersFail.append(authority.description)
      let why = verification.findings.first { $0.severity == .error }?.message ?? verification.result
      let breaks = level <= AndroidApp.allHostsAPILevel
      diagnosis.add(
        breaks ? .error : .note, "other-host-fails", hop: "assetlinks",
        "\(authority) is a host of the app's autoVerify filters and fails verification (\(why)): on Android 11 (API 30) and older every such host must verify or none does, so this link opens the browser there too; from Android 12 only links of \(authority) are affected"
          + (breaks ? "" : " (the device answered for, API \(level), is not affected)"),
        fix:
          "fix the assetlinks.json of \(authority), or remove \(authority) from the app's autoVerify filters")
    }

    if diagnosis.findings.contains(where: {
      $0.severity == .error && ["intent-filter", "assetlinks"].contains($0.hop)
    }) {
      if !own.verifies || !filter.autoVerify {
        return "App Links fail verification (the link opens the browser)"
      }
      if !othersFail.isEmpty, level <= AndroidApp.allHostsAPILevel {
        return
          "App Links fail verification at API \(level) (the link opens the browser): \(othersFail.joined(separator: ", ")) fail\(othersFail.count == 1 ? "s" : ""), and up to Android 11 every host must verify"
      }
      return "does not open the app at API \(level) (a dynamic rule keeps the link from it)"
    }
    return "App Links verify"
  }

  /// Fetches a host's assetlinks.json as Android's verifier does and checks what it grants the app.
  private mutating func verify(_ url: URL, app: AndroidApp) async -> HostVerification {
    let file = WellKnownFile.assetLinks
    let outcome = await fetch(url, file)
    var scratch = LinkDiagnosis(link: url.absoluteString)
    for finding in outcome.findings {
      scratch.add(
        Self.severity(finding.severity), finding.code.description, hop: "assetlinks", finding.message,
        fix: Self.fix(for: finding, url: outcome.url, file: file))
    }
    var result = "no file (\(outcome.findings.first?.code.description ?? "fetch-failed"))"
    var rules: AndroidDynamicRules?
    if let body = outcome.body {
      result = grants(body, app: app, url: outcome.url, into: &scratch)
      rules = AssetLinksDynamicRulesReader.rules(in: body, packageName: app.package).rules
    }
    return HostVerification(
      url: outcome.url, verifies: !scratch.findings.contains { $0.severity == .error }, result: result,
      findings: scratch.findings, rules: rules)
  }

  /// What assetlinks.json grants the package; adds the findings about its fingerprints.
  private func grants(_ body: Data, app: AndroidApp, url: String, into diagnosis: inout LinkDiagnosis)
    -> String
  {
    let package = app.package
    let document: AssetLinksDocument
    do {
      document = try AssetLinksDocument(jsonData: body)
    } catch {
      diagnosis.add(
        .error, "unreadable-file", hop: "assetlinks",
        "the file is not one Android can read (\(error)), so no App Link of the host is verified",
        fix:
          "run deeplink assetlinks check --url \(url.replacingOccurrences(of: WellKnownFile.assetLinks.path, with: ""))"
      )
      return "a file Android cannot read"
    }
    let statements = document.statements.filter {
      $0.relation.contains(AssetLinksStatement.handleAllURLs)
        && $0.target.namespace == AssetLinksTarget.androidAppNamespace && $0.target.packageName == package
    }
    guard !statements.isEmpty else {
      diagnosis.add(
        .error, "package-not-granted", hop: "assetlinks",
        "no \(AssetLinksStatement.handleAllURLs) statement names \(package): Android verifies no App Link of the host for it, so links open the browser",
        fix: "add a statement for \(package) with the SHA-256 fingerprints of its signing keys")
      return "grants nothing to \(package)"
    }
    let listed = Set(statements.flatMap(\.target.fingerprints))
    let fingerprints = app.fingerprints
    for fingerprint in fingerprints where !listed.contains(fingerprint) {
      diagnosis.add(
        .error, "fingerprint-missing", hop: "assetlinks",
        "the file does not list \(fingerprint) for \(package): an app signed with that key fails verification, so its links open the browser",
        fix: "add \(fingerprint) to the sha256_cert_fingerprints of \(package)")
    }
    if fingerprints.count == 1, listed == Set(fingerprints) {
      diagnosis.add(
        .warning, "play-signing-key-likely-missing", hop: "assetlinks",
        "the file lists one key for \(package), the one given: if that is the upload key, an app installed from Google Play (signed with the Play App Signing key) fails verification",
        fix:
          "add the SHA-256 of the app signing key (Play Console, App integrity) next to the upload key")
    }
    if fingerprints.isEmpty {
      diagnosis.add(
        .note, "fingerprints-not-checked", hop: "assetlinks",
        "no --fingerprint given, so the keys listed were not checked",
        fix: "give the SHA-256 of each signing key with --fingerprint")
    }
    return "grants \(package) (\(listed.count) fingerprint\(listed.count == 1 ? "" : "s"))"
  }
}
