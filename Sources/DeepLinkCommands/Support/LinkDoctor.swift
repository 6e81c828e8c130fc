import DeepLinking
import Foundation
import UniversalLinks

/// Follows a link the way phones do: the association files at the origin and on Apple's CDN, the file
/// the route table generates, the app's entitlements, the router, and Android's assetlinks.json.
///
/// Each file is fetched once per URL, however many links of its host are diagnosed.
struct LinkDoctor {
  var appIDs: [String]
  var router: Router
  /// The base URL of Apple's CDN; the copy of a host is at `BASE/a/v1/HOST`.
  var appleCDN: URL
  /// The time limit of each fetch, in seconds.
  var timeout: Double
  /// The app's associated domains, when an entitlements file was given.
  var entitledDomains: [String]?
  /// The Android app, when its App Links are checked.
  var android: AndroidApp?
  /// The short links `deeplink site` serves, when given: a short link is routed as its long link.
  var shortLinks: AuditTrackingHosts?
  /// Whether each link is also fetched as a browser does (``diagnoseBrowser(_:into:)``).
  var browser = false

  private var fetched: [String: WellKnownFetch.Outcome] = [:]

  /// The entitlement that lists an app's associated domains (`applinks:HOST`).
  static let associatedDomainsKey = "com.apple.developer.associated-domains"

  init(
    appIDs: [String], router: Router, appleCDN: URL, timeout: Double, entitledDomains: [String]?,
    android: AndroidApp?
  ) {
    self.appIDs = appIDs
    self.router = router
    self.appleCDN = appleCDN
    self.timeout = timeout
    self.entitledDomains = entitledDomains
    self.android = android
  }

  /// What one association file decides for the link.
  private struct FileDecision {
    /// Whether the file opens one of the app's IDs.
    var opens: Bool
    /// In a few words, with the deciding rule.
    var summary: String
  }

  /// Diagnoses one link.
  mutating func diagnose(_ link: DoctorLink) async -> LinkDiagnosis {
    var diagnosis = LinkDiagnosis(link: link.text)
    let routed = shortLinkHop(link, into: &diagnosis) ?? link.text
    if let match = try? router.match(routed) {
      diagnosis.route = match.route
      diagnosis.requiresVerifiedLink = router.route(named: match.route)?.requiresVerifiedLink
    }
    let iOS = await diagnoseIOS(link, into: &diagnosis)
    var verdict = "iOS: \(iOS)"
    if let android {
      verdict += "; Android: " + (await diagnoseAndroid(link, app: android, into: &diagnosis))
    }
    if browser { await diagnoseBrowser(link, into: &diagnosis) }
    diagnosis.verdict = verdict
    return diagnosis
  }

  // MARK: - iOS

  /// The iOS hops; returns what an iPhone does with the link, in a few words.
  private mutating func diagnoseIOS(_ link: DoctorLink, into diagnosis: inout LinkDiagnosis) async -> String {
    let host = link.host
    let file = WellKnownFile.appleAppSiteAssociation
    let entitled = entitlementHop(host, into: &diagnosis)

    // The origin: what the CDN fetches next.
    var origin: FileDecision?
    let originPlace = link.siteURL(file.path)
    if let originURL = originPlace {
      let outcome = await fetch(originURL, file)
      for finding in outcome.findings {
        diagnosis.add(
          Self.severity(finding.severity), finding.code.description, hop: "origin", finding.message,
          fix: Self.fix(for: finding, url: outcome.url, file: file))
      }
      origin = decide(outcome, link, hop: "origin", into: &diagnosis)
      if origin != nil, let body = outcome.body {
        checkerNote(AASAValidator().validate(data: body), link: link, into: &diagnosis)
      }
      diagnosis.hops.append(.init(name: "origin", url: outcome.url, result: Self.result(origin, outcome)))
    }

    // Apple's CDN: what devices read today.
    let cdnURL = appleCDN.appendingPathComponent("a").appendingPathComponent("v1").appendingPathComponent(
      host)
    let cdnOutcome = await fetch(cdnURL, file)
    let cdn: FileDecision?
    if cdnOutcome.body == nil {
      cdn = nil
      // The fetch's own message without its consequence, which the finding states for the CDN.
      let why =
        cdnOutcome.findings.first { $0.severity == .error }?.message.components(separatedBy: "; ").first
        ?? "no file"
      diagnosis.add(
        .error, "cdn-no-copy", hop: "apple-cdn",
        "Apple's CDN serves no copy of the file for \(host) (\(why)); devices read it only from the CDN, so the link opens in the browser on every iPhone",
        fix:
          "make \(originPlace?.absoluteString ?? host) answer 200 to Apple's fetcher (no redirect, no bot protection or geo block); the CDN fetches within about a day"
      )
    } else {
      cdn = decide(cdnOutcome, link, hop: "apple-cdn", into: &diagnosis)
    }
    diagnosis.hops.append(.init(name: "apple-cdn", url: cdnOutcome.url, result: Self.result(cdn, cdnOutcome)))

    // The route table: what the app means.
    let generated = generatedDecision(host, link)
    diagnosis.hops.append(.init(name: "route-table", url: nil, result: generated.summary))

    let today = cdn?.opens ?? false
    let afterRefresh = origin?.opens ?? false
    let generateCommand = "deeplink aasa generate --domain \(tableEntry(for: link) ?? host)"
    if !entitled {
      return "does not open the app (the app does not claim \(host))"
    }
    if today && afterRefresh {
      routeFindings(opens: true, into: &diagnosis)
      mismatchFindings(
        origin: origin, generated: generated, host: tableEntry(for: link) ?? host, into: &diagnosis)
      return "opens the app today"
    }
    if today {
      diagnosis.add(
        .error, "origin-drops-link", hop: "origin",
        "Apple's CDN still has a copy that opens the link, but the origin's file does not: phones stop opening the app once the CDN fetches it again (within about a day) and they check (about weekly)",
        fix: generated.opens
          ? "serve the file the route table generates (\(generateCommand)) at \(originPlace?.absoluteString ?? host)"
          : "serve a file that opens the link again, or add a route for it so the generated file does")
      routeFindings(opens: true, into: &diagnosis)
      return "opens the app today, stops after devices refresh"
    }
    if afterRefresh {
      if cdn != nil {
        diagnosis.add(
          .warning, "cdn-behind", hop: "apple-cdn",
          "the origin's file opens the link, Apple's CDN still serves an older copy that does not: the CDN fetches the origin within about a day, and devices ask the CDN about weekly and when the app is installed",
          fix:
            "nothing to deploy: wait for the refresh; to try it now, run a development build with applinks:\(host)?mode=developer, which reads the origin"
        )
      }
      routeFindings(opens: true, into: &diagnosis)
      mismatchFindings(
        origin: origin, generated: generated, host: tableEntry(for: link) ?? host, into: &diagnosis)
      // Without a copy on the CDN, no refresh brings the file until the CDN can fetch it.
      return cdn == nil
        ? "does not open the app until Apple's CDN has the file" : "will open after devices refresh"
    }
    if generated.opens {
      if origin != nil {
        diagnosis.add(
          .error, "file-not-deployed", hop: "route-table",
          "the deployed file does not match the route table: the table claims the link, the file served does not open it, so it opens in the browser",
          fix:
            "serve the file the route table generates (\(generateCommand)) at \(originPlace?.absoluteString ?? host)"
        )
      }
    } else if diagnosis.route == nil {
      diagnosis.add(
        .warning, "no-route", hop: "router",
        "no route of the table takes the link, and no file sends it to the app: it opens in the browser",
        fix: "add a route for it to the table if the app should open it")
    }
    routeFindings(opens: false, into: &diagnosis)
    return "does not open the app"
  }

  /// The findings about the route the router picks, given whether a phone opens the app.
  private func routeFindings(opens: Bool, into diagnosis: inout LinkDiagnosis) {
    if opens, diagnosis.route == nil {
      diagnosis.add(
        .error, "no-route", hop: "router",
        "the link opens the app, but no route of the table takes it: the app gets a link it cannot show",
        fix: "add a route for it, or serve the file the route table generates, which leaves it to the browser"
      )
    }
    if let route = diagnosis.route, diagnosis.requiresVerifiedLink == true {
      diagnosis.add(
        .note, "verified-only", hop: "router",
        "route \(route) requires a verified link: the app takes it only as a Universal Link (or a verified App Link), the way checked here",
        fix: "none needed; links to it from elsewhere (a custom scheme, a paste) are refused by design")
    }
  }

  /// A warning when the deployed file opens the link and the file the route table generates does
  /// not.
  private func mismatchFindings(
    origin: FileDecision?, generated: FileDecision, host: String, into diagnosis: inout LinkDiagnosis
  ) {
    guard origin?.opens == true, !generated.opens, diagnosis.route != nil else { return }
    diagnosis.add(
      .warning, "file-differs", hop: "route-table",
      "the deployed file does not match the route table: it opens the link, the file the table generates for \(host) does not",
      fix: "serve the file the route table generates (deeplink aasa generate --domain \(host))")
  }

  /// Whether the app's entitlements list `applinks:HOST` (a `*.parent` entry covers subdomains; a
  /// `?mode=` suffix is ignored); adds the hop and, when not, the error.
  private func entitlementHop(_ host: String, into diagnosis: inout LinkDiagnosis) -> Bool {
    guard let entitledDomains else { return true }
    let applinks = entitledDomains.compactMap { entry -> String? in
      guard entry.lowercased().hasPrefix("applinks:") else { return nil }
      let domain = entry.dropFirst("applinks:".count).split(separator: "?", maxSplits: 1).first ?? ""
      return domain.lowercased()
    }
    let covering = applinks.first { domain in
      domain == host || (domain.hasPrefix("*.") && host.hasSuffix(domain.dropFirst()))
    }
    if let covering {
      diagnosis.hops.append(.init(name: "entitlements", url: nil, result: "lists applinks:\(covering)"))
      return true
    }
    diagnosis.hops.append(.init(name: "entitlements", url: nil, result: "does not list applinks:\(host)"))
    diagnosis.add(
      .error, "not-entitled", hop: "entitlements",
      "the app's associated domains do not list applinks:\(host): iOS never asks for the file of \(host), so the link opens in the browser",
      fix: "add applinks:\(host) to \(Self.associatedDomainsKey) and ship a build")
    return false
  }

  /// The route table's entry for the link's host: the host with its port when links carry one (the
  /// file is the same on every port), the host, or a `*.parent` entry covering it.
  private func tableEntry(for link: DoctorLink) -> String? {
    let wildcards = router.table.hosts.filter { $0.hasPrefix("*.") && link.host.hasSuffix($0.dropFirst()) }
    return ([link.authority, link.host] + wildcards).first(where: router.listsHost)
  }

  /// What the file the route table generates for `host` decides.
  private func generatedDecision(_ host: String, _ link: DoctorLink) -> FileDecision {
    if let table = shortLinks?.shortLinks, table.host == host {
      // The short-link host's own file, as deeplink site writes it: it claims the short paths only.
      let generator = AASAGenerator(
        appIDs: appIDs, shapes: [SiteGenerator.shortLinkShape], caseSensitive: true)
      guard let document = try? generator.document(includeLegacyPaths: true, webCredentials: false),
        let decision = try? AASAMatcher(document: document).decide(link.text, domain: host)
      else { return FileDecision(opens: false, summary: "the link cannot be matched") }
      let opens = decision.openingAppIDs.contains(where: appIDs.contains)
      return FileDecision(
        opens: opens,
        summary: "the short-link host's file deeplink site writes "
          + (opens ? "opens the app" : "does not open the app") + " (\(decision.result))")
    }
    guard let listed = tableEntry(for: link) else {
      return FileDecision(
        opens: false, summary: "the route table does not list \(host), so the app claims no link on it")
    }
    let generator = AASAGenerator(appIDs: appIDs, router: router, domain: listed)
    let document: AASADocument
    do {
      document = try generator.document(includeLegacyPaths: true, webCredentials: false)
    } catch {
      return FileDecision(opens: false, summary: "the route table generates no file (\(error))")
    }
    guard let decision = try? AASAMatcher(document: document).decide(link.text, domain: host) else {
      return FileDecision(opens: false, summary: "the link cannot be matched")
    }
    let opens = decision.openingAppIDs.contains(where: appIDs.contains)
    return FileDecision(
      opens: opens,
      summary: "the file it generates " + (opens ? "opens the app" : "does not open the app")
        + " (\(decision.result))")
  }

  /// What a fetched association file decides for the link, or `nil` when there is no file to decide
  /// with (the fetch failed, or the file cannot be read; the latter is added as an error).
  private func decide(
    _ outcome: WellKnownFetch.Outcome, _ link: DoctorLink, hop: String, into diagnosis: inout LinkDiagnosis
  ) -> FileDecision? {
    guard let body = outcome.body else { return nil }
    let document: AASADocument
    do {
      document = try AASAMatcher.document(readingAsApple: body).document
    } catch {
      diagnosis.add(
        .error, "unreadable-file", hop: hop,
        "the file is not one iOS can read (\(error)), so no link of \(link.host) opens the app",
        fix: "run deeplink aasa check --url https://\(link.authority) and serve a valid file")
      return nil
    }
    let decision: AASAMatchDecision
    do {
      decision = try AASAMatcher(document: document).decide(link.text, domain: link.host)
    } catch {
      diagnosis.add(
        .error, "unmatchable-link", hop: hop, "\(error)", fix: "shorten the link's path, query or fragment")
      return nil
    }
    let opens = decision.openingAppIDs.contains(where: appIDs.contains)
    switch decision.result {
    case .match(let ids, _, _) where !opens:
      return FileDecision(
        opens: false,
        summary: "opens another app (\(ids.joined(separator: ", "))), not \(appIDs.joined(separator: ", "))")
    case .match:
      return FileDecision(opens: true, summary: "opens the app (\(decision.result))")
    case .blocked:
      return FileDecision(opens: false, summary: "does not open the app (\(decision.result))")
    case .none:
      return FileDecision(opens: false, summary: "does not open the app (no rule matches)")
    }
  }

  /// A note pointing to `aasa check` when it finds errors or warnings in a file iOS reads: the
  /// decisions above are what phones do; the checker says why, rule by rule.
  private func checkerNote(
    _ findings: [AssociationFileDiagnostic], link: DoctorLink, into diagnosis: inout LinkDiagnosis
  ) {
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.filter { $0.severity == .warning }.count
    guard errors + warnings > 0 else { return }
    diagnosis.add(
      .note, "file-findings", hop: "origin",
      "deeplink aasa check finds \(errors) error\(errors == 1 ? "" : "s") and \(warnings) warning\(warnings == 1 ? "" : "s") in the file; they may decide other links",
      fix: "run deeplink aasa check --url https://\(link.authority)")
  }

  /// The hop's result: the decision, or why there is none.
  private static func result(_ decision: FileDecision?, _ outcome: WellKnownFetch.Outcome) -> String {
    if let decision { return decision.summary }
    if outcome.body == nil {
      return "no file (\(outcome.findings.first?.code.description ?? "fetch-failed"))"
    }
    return "a file iOS cannot read"
  }

  // MARK: - Fetching

  /// The fetch of `url`, made once.
  mutating func fetch(_ url: URL, _ file: WellKnownFile) async -> WellKnownFetch.Outcome {
    if let outcome = fetched[url.absoluteString] { return outcome }
    let outcome = await WellKnownFetch(file: file, timeout: timeout).fetch(url)
    fetched[url.absoluteString] = outcome
    return outcome
  }

  static func severity(_ severity: AssociationFileDiagnostic.Severity) -> LinkDiagnosis.Severity {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .note: .note
    }
  }

  /// The fix of a fetch finding, in one line.
  static func fix(for finding: AssociationFileDiagnostic, url: String, file: WellKnownFile) -> String {
    switch finding.code {
    case .redirect:
      "serve the file itself at \(url) with status 200; \(file.fetcher) follows no redirect (a www or https redirect included)"
    case .httpStatus: "serve the file at \(url) with status 200"
    case .contentType: "serve it with Content-Type: application/json"
    case .fileTooLarge: "make the file smaller than 128 KB"
    case .fetchTimeout: "make \(url) answer within seconds"
    case .certificateNotTrusted: "serve a certificate a public CA issued, with its full chain"
    default: "make \(url) reachable over https"
    }
  }
}
