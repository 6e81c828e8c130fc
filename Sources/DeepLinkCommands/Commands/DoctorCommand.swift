import DeepLinking
import Foundation
import UniversalLinks

/// `deeplink doctor`: for each link, every hop a phone takes to the app, each with its verdict and
/// the fix.
@MainActor
enum DoctorCommand: ToolSubcommand {
  /// Where iOS 14+ and macOS 11+ devices read association files: Apple's CDN, never the site.
  static let defaultAppleCDN = "https://app-site-association.cdn-apple.com"

  static let spec = CommandSpec(
    path: ["doctor"],
    usage:
      "--app-id ID... [--routes FILE] [--entitlements FILE] [--android-package NAME [--fingerprint SHA256]... [--certificate FILE]... [--manifest FILE] [--min-sdk N] [--api N]] [--browser [--short-links FILE --short-link-host HOST]] [--apple-cdn URL] [--timeout SECONDS] [--json] [--ci] URL...",
    summary: "Say whether links open the app, and what phones see, hop by hop.",
    discussion: """
      For each https link, follows every hop a phone takes to the app and says what each decides,
      with the fix in one line.
      iOS: fetches https://HOST/.well-known/apple-app-site-association as Apple's CDN does (HTTPS,
      no redirect followed, status 200, at most 128 KB) and Apple's CDN copy, the one devices read
      (<apple-cdn>/a/v1/HOST), and decides the link as iOS does under each, and under the file the
      route table generates for HOST. Verdicts by effect: the CDN's copy says what phones do today;
      an origin file that differs says what they do once the CDN fetches it again (within about a
      day) and devices check it (about weekly); a deployed file that disagrees with the route table
      is named. With --entitlements, the app's associated domains must list applinks:HOST.
      The router line names the route the app's router picks for the link, and whether it requires a
      verified link.
      Android, with --android-package: finds the intent filter that claims the link on a device of
      --api (as 'deeplink android match' does; the filters of --manifest, else those the route table
      generates) and whether it has android:autoVerify="true"; fetches
      https://HOST/.well-known/assetlinks.json as Android's verifier does (no redirect followed, status
      200, Content-Type application/json) and checks that a delegate_permission/common.handle_all_urls
      statement grants the package every --fingerprint given; from API 35 applies the statement's
      dynamic rules. Every other host of the app's autoVerify filters is fetched and checked too: on
      Android 11 (API 30) and older all of them must verify or none does, so a failing one is an error
      at --api 30 or below and a note above, where each host verifies on its own. One fingerprint
      given, and the file listing only it, gets a warning: an app installed from Google Play is signed
      with the Play App Signing key, and the upload key alone fails verification.
      With --browser, each link is also fetched as a browser does, the page a phone shows without the
      app or when the link is not verified: the fallback page 'deeplink site' writes, a page of the
      site's own, or an error status (a warning for a routed link); a redirect is followed one hop,
      no further, and the long link it leads to is routed. With --short-links FILE
      --short-link-host HOST (the file and host 'deeplink site' serves), a short link is routed as
      the long link the file gives it, the short-link host's file is the one 'deeplink site' writes,
      and with --browser the server's redirect is compared with the file's.
      Severity follows what a phone does: error, a phone opens the browser where the app should open,
      or the app gets a link no route takes; warning, nothing deployed is wrong but a link does not
      open yet (the CDN lags behind the origin) or no route takes it; note, worth knowing. Each fetch
      is bounded in bytes (128 KB) and on the wall clock (--timeout). Fetches are shared by the links
      of one host.
      """,
    options: [
      .value(
        "app-id", "ID", "The app, TEAMID.bundle.id (ABCDE12345.com.example.app); repeat for several.",
        repeatable: true),
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .value(
        "entitlements", "FILE",
        """
        The app's .entitlements plist; its com.apple.developer.associated-domains
        must list applinks:HOST.
        """,
        completion: .file),
      .value("android-package", "NAME", "Check Android App Links for this package (com.example.app)."),
      .value(
        "fingerprint", "SHA256",
        """
        A SHA-256 signing-key fingerprint assetlinks.json must list for the
        package; repeat for several.
        """,
        repeatable: true),
      .value(
        "certificate", "FILE",
        """
        A signing certificate (PEM or DER, as keytool -exportcert writes it) whose
        SHA-256 is checked like a --fingerprint; read with openssl, which must be on the PATH.
        """,
        repeatable: true, completion: .file),
      .value(
        "manifest", "FILE", "The app's AndroidManifest.xml (default: the filters the route table generates).",
        completion: .file),
      AndroidCommand.matchMinSDKOption,
      .value("api", "N", "The API level of the Android device to answer for (default: the --min-sdk level)."),
      .flag("browser", "Also fetch each link as a browser does, following one redirect."),
      .value(
        "short-links", "FILE", "The short-link file deeplink site serves, {\"code\": \"https://...\"}.",
        completion: .file),
      .value("short-link-host", "HOST", "The host that serves the short links (go.example.com)."),
      .value(
        "apple-cdn", "URL",
        """
        The base URL of Apple's CDN (default \(defaultAppleCDN));
        the copy of HOST is at URL/a/v1/HOST.
        """),
      .value("timeout", "SECONDS", "The time limit of each fetch (default 10)."),
      .flag(
        "json",
        #"""
        Print one JSON object per link: {"url", "verdict", "severity", "route",
        "requiresVerifiedLink", "hops", "findings"}.
        """#
      ),
      .flag("ci", "Exit 1 when anything breaks a phone (an error); warnings and notes do not fail."),
    ],
    epilogue: """
      EXIT STATUS: 0 the report is printed (with --ci: and nothing breaks a phone), 1 with --ci, something
      breaks a phone, 2 usage error, or a route or entitlements file that cannot be read.
      """
  )

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard
      let arguments = try spec.arguments(
        words, streams, positionals: .atLeastOne("give at least one link, https://HOST/PATH"))
    else { return 0 }
    let links = try arguments.positionals.map { link throws(UsageError) in try Self.link(link) }
    let appIDs: [String]
    do {
      appIDs = try AASACommand.appIDs(arguments)
    } catch {
      throw spec.usageError(error.description)
    }
    let cdn = try appleCDN(arguments.value("apple-cdn") ?? defaultAppleCDN)
    var timeout = 10.0
    if let text = arguments.value("timeout") {
      guard let seconds = Double(text), seconds > 0, seconds <= 600 else {
        throw spec.usageError("--timeout: '\(text)' is not a number of seconds between 0 and 600")
      }
      timeout = seconds
    }
    let package = arguments.value("android-package")
    var fingerprints: [CertificateFingerprint] = []
    for text in arguments.values["fingerprint"] ?? [] {
      guard package != nil else { throw spec.usageError("--fingerprint goes with --android-package") }
      do {
        fingerprints.append(try CertificateFingerprint(text.uppercased()))
      } catch {
        throw spec.usageError("--fingerprint: \(error)")
      }
    }
    if package == nil,
      let option = ["manifest", "min-sdk", "api", "certificate"].first(where: { arguments.value($0) != nil })
    {
      throw spec.usageError("--\(option) goes with --android-package")
    }
    guard let router = spec.router(arguments, streams) else { return 2 }
    var entitledDomains: [String]?
    if let path = arguments.value("entitlements") {
      do {
        entitledDomains = try associatedDomains(path)
      } catch {
        streams.error.line("\(spec.fullName): \(error)")
        return 2
      }
    }
    for path in arguments.values["certificate"] ?? [] {
      do {
        fingerprints.append(try CertificateFile.fingerprint(path))
      } catch {
        streams.error.line("\(spec.fullName): \(error)")
        return 2
      }
    }
    var android: AndroidApp?
    if let package {
      var filters: [AndroidIntentFilter]
      var source = "the route table"
      var level: Int
      if let path = arguments.value("manifest") {
        guard let read = AndroidCommand.manifest(path, spec: spec, streams: streams) else { return 2 }
        filters = read.filters
        source = path
        level = try AndroidCommand.minimumAPILevel(
          arguments, spec: spec, fallback: read.minimumAPILevel ?? AndroidIntentFilter.newestAPILevel)
      } else {
        let generator = AndroidIntentFilterGenerator(
          router: router, minimumAPILevel: try AndroidCommand.minimumAPILevel(arguments, spec: spec))
        filters = generator.filters
        level = generator.minimumAPILevel
      }
      level = try AndroidCommand.deviceAPILevel(arguments, spec: spec) ?? level
      android = AndroidApp(
        package: package, fingerprints: fingerprints, filters: filters, filtersSource: source, apiLevel: level
      )
    }
    guard
      let shortLinks = try AuditTrackingHosts.read(
        arguments, router: router, spec: spec, errors: streams.error)
    else { return 2 }
    var doctor = LinkDoctor(
      appIDs: appIDs, router: router, appleCDN: cdn, timeout: timeout, entitledDomains: entitledDomains,
      android: android)
    doctor.shortLinks = shortLinks.shortLinks == nil ? nil : shortLinks
    doctor.browser = arguments.has("browser")
    var breaks = false
    for (index, link) in links.enumerated() {
      let diagnosis = await doctor.diagnose(link)
      breaks = breaks || diagnosis.breaksAPhone
      if arguments.has("json") {
        streams.output.line(diagnosis.json.rendered)
      } else {
        if index > 0 { streams.output.line("") }
        for line in diagnosis.text { streams.output.line(line) }
      }
    }
    return arguments.has("ci") && breaks ? 1 : 0
  }

  /// A link checked to be `https://HOST[:PORT]/...`: association files are fetched, and links
  /// verified, over https only.
  static func link(_ text: String) throws(UsageError) -> DoctorLink {
    guard let components = URLComponents(string: text), let scheme = components.scheme else {
      throw spec.usageError("'\(Printable.escaped(text))' is not a URL; give https://HOST/PATH")
    }
    guard scheme.lowercased() == "https" else {
      throw spec.usageError(
        "'\(Printable.escaped(text))' is not https; iOS verifies Universal Links, and Android App Links, over https only: give https://HOST/PATH"
      )
    }
    guard let host = components.host, !host.isEmpty else {
      throw spec.usageError("'\(Printable.escaped(text))' has no host; give https://HOST/PATH")
    }
    return DoctorLink(text: text, host: host.lowercased(), port: components.port)
  }

  /// The base URL of Apple's CDN: https, a host, no query or fragment.
  static func appleCDN(_ text: String) throws(UsageError) -> URL {
    guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
      components.host?.isEmpty == false, components.query == nil, components.fragment == nil,
      let url = components.url
    else {
      throw spec.usageError("--apple-cdn: '\(Printable.escaped(text))' is not an https base URL")
    }
    return url
  }

  /// The `com.apple.developer.associated-domains` of an `.entitlements` plist, or a failure naming
  /// the file.
  static func associatedDomains(_ path: String) throws(ToolFailure) -> [String] {
    let data = try AASACommand.contents(of: path)
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    } catch {
      throw ToolFailure(description: "\(path): not a property list (\(error.localizedDescription))")
    }
    guard let entitlements = plist as? [String: Any] else {
      throw ToolFailure(description: "\(path): not an entitlements file (its root is not a dictionary)")
    }
    guard let value = entitlements[LinkDoctor.associatedDomainsKey] else { return [] }
    guard let domains = value as? [String] else {
      throw ToolFailure(description: "\(path): \(LinkDoctor.associatedDomainsKey) is not an array of strings")
    }
    return domains
  }
}

/// A link `deeplink doctor` diagnoses: its text, and the host and port its files are fetched from.
struct DoctorLink {
  var text: String
  /// The host, lower-cased.
  var host: String
  var port: Int?

  /// `HOST[:PORT]`, as a route table lists a host.
  var authority: String { port.map { "\(host):\($0)" } ?? host }

  /// `https://HOST[:PORT]` plus `path`.
  func siteURL(_ path: String) -> URL? {
    var components = URLComponents()
    components.scheme = "https"
    components.host = host
    components.port = port
    components.path = path
    return components.url
  }
}
