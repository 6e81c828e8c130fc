import DeepLinking
import Foundation
import UniversalLinks

/// `deeplink site`: writes the web site files of the app's links, generated from the route table.
@MainActor
enum SiteCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["site"],
    usage: """
      [--routes FILE] --app-id ID... [--app-store-id N] [--app-name NAME]
      [--android-package P --android-fingerprint F...]
      [--certificate FILE --certificate-key FILE]
      [--short-links FILE --short-link-host HOST] [--web-origin URL]
      [--listen ADDRESS:PORT...] [--server-root PATH] [--access-log FILE]
      --out DIR
      """,
    summary: "Write the links' web site files: AASA, assetlinks.json, fallback page, nginx.conf.",
    discussion: """
      Writes, under DIR, the files the app's web site needs, all from the one route table; nginx
      serves only DIR/public (and DIR/short-links on the short-link host), never the configuration:
        nginx.conf                              an nginx server block: serves the two files as JSON
                                                without redirects, and fallback.html for every routed
                                                path; logs every request with its host, as JSON lines
                                                deeplink audit --access-log reads; include it in the
                                                http block of nginx's config
        android/intent-filters.xml              the <intent-filter> elements of AndroidManifest.xml, as
                                                deeplink android writes them (with --android-package)
        public/.well-known/apple-app-site-association
                                                the Universal Links file (checked against the table;
                                                within 128 KB, as aasa generate writes it)
        public/.well-known/assetlinks.json      the Android App Links file (with --android-package)
        public/fallback.html                    the page a routed URL shows without the app: on iOS
                                                the Smart App Banner and App Store link (with
                                                --app-store-id) and an "Open in the app" link
                                                (myapp://...); on Android an intent: link to the
                                                package, falling back to Google Play (with
                                                --android-package); on a desktop, the same path on
                                                --web-origin, or the link to open on a phone
        public/.deeplink/preview-N.html         for each route with a "preview" in the route file:
                                                its page, whose title and Open Graph and Twitter
                                                card tags nginx fills in with the link's values
                                                (server-side includes, HTML-escaped; the image only
                                                when each value stays one segment of its URL)
        short-links/.well-known/...             with --short-links: the short-link host's own AASA
                                                (and assetlinks.json), claiming only /s/*
        logs/                                   the folder of the access log, logs/access.log
                                                (without --access-log)
      and prints the paths written. Copy DIR to the server at --server-root (default: DIR itself);
      nginx.conf names that path's public/, short-links/ and logs/access.log. Each server block
      listens on --listen (default 443, every interface; repeat it for several, such as
      127.0.0.1:8443 to serve on this machine only). Every page's canonical link is its own path,
      which nginx writes into the page (server-side includes). The fallback page's canonical URL is on the table's first host that
      is not a wildcard; its app link uses the table's first custom scheme, and is left out for the
      routes that require a verified link (the app refuses them from it). Serve the same files on every
      host of the table (for *.example.com, on each subdomain); --web-origin is another site, never one
      of those hosts (a desktop browser sent there would get this page again). Paths are written into nginx.conf as
      given, quoted where needed (nginx reads a relative path from its prefix directory); a path with
      '$' or a control character is refused. Route names go into comments escaped, one line each.
      Without --certificate, the certificate lines are placeholders marked REPLACE, which nginx
      refuses until they are replaced.

      Short links: --short-links FILE is one JSON object from code to long link,
        {"spring": "https://example.com/product/42?utm_campaign=spring"}
      served as https://HOST/s/CODE on --short-link-host HOST (a host of its own, not one of the
      table's): nginx.conf gets a second server block that answers 301 with the long link, the
      request's query appended (after '&' when the long link has one); the browser keeps a fragment
      unless the long link has its own. A code is 1-64 of A-Z a-z 0-9 - _; a long link is https, on
      a host the table lists by name (a route for any host does not make another site's link one),
      and a route matches it. The app opens /s/* on HOST and resolves it
      by listing HOST as a tracking origin (TrackingLinkResolver).
      """,
    options: [
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .value("app-id", "ID", "An iOS app, TEAMID.bundle.id; repeat for several.", repeatable: true),
      .value("app-store-id", "N", "The App Store ID (digits), for the Smart App Banner and store link."),
      .value("app-name", "NAME", "The app's name on the fallback page (default: the custom scheme)."),
      .value(
        "android-package", "P", "An Android package name (com.example.app); repeat for several.",
        repeatable: true),
      .value(
        "android-fingerprint", "F",
        """
        A SHA-256 signing-certificate fingerprint, 32 upper-case hex pairs
        joined by ':'; list the upload key and the Play signing key.
        """, repeatable: true),
      .value(
        "certificate", "FILE", "The TLS certificate (chain) nginx serves, for ssl_certificate.",
        completion: .file),
      .value(
        "certificate-key", "FILE", "The certificate's private key, for ssl_certificate_key.",
        completion: .file),
      .value(
        "short-links", "FILE", "A JSON file of short links, {\"code\": \"https://...\"}, served under /s/.",
        completion: .file),
      .value("short-link-host", "HOST", "The host of its own that serves the short links (go.example.com)."),
      .value(
        "web-origin", "URL",
        "The web site's own https origin (https://www.example.com): desktop browsers go to the same path there."
      ),
      .value(
        "listen", "ADDRESS:PORT",
        "Where nginx listens for the site, PORT or ADDRESS:PORT (default 443); repeatable.", repeatable: true),
      .value(
        "server-root", "PATH",
        "The directory the files are copied to on the server, named in nginx.conf (default: --out).",
        completion: .directory),
      .value(
        "access-log", "FILE",
        "The file nginx logs the site's requests to (default: logs/access.log under --server-root).",
        completion: .file),
      .value(
        "out", "DIR", "The directory to write to (created if needed); nginx serves its public/ folder.",
        completion: .directory),
    ],
    epilogue: """
      EXIT STATUS: 0 written, 1 the table cannot be expressed, the generated file does not agree with
      it, or it is over 128 KB (nothing is written), 2 usage error (malformed app ID, App Store ID,
      package or fingerprint), bad route file, a value the files cannot hold (a --out, --server-root,
      --access-log or certificate path with '$' or a control character, a --listen that is not PORT
      or ADDRESS:PORT, a link scheme a browser runs such as javascript), a bad short-link file (with
      its line and column and the code), or a file that cannot be written.
      """
  )

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard let arguments = try spec.arguments(words, streams) else { return 0 }
    guard let out = arguments.value("out") else { throw spec.usageError("give --out DIR") }
    let certificate = arguments.value("certificate")
    let certificateKey = arguments.value("certificate-key")
    guard (certificate == nil) == (certificateKey == nil) else {
      throw spec.usageError("give --certificate and --certificate-key together")
    }
    let shortLinkFile = arguments.value("short-links")
    let shortLinkHost = arguments.value("short-link-host")
    guard (shortLinkFile == nil) == (shortLinkHost == nil) else {
      throw spec.usageError("give --short-links and --short-link-host together")
    }
    let appIDs = try AASACommand.appIDs(arguments)
    let appStoreID = arguments.value("app-store-id")
    if let appStoreID, appStoreID.isEmpty || !appStoreID.allSatisfy({ $0.isASCII && $0.isNumber }) {
      throw UsageError(
        description:
          "--app-store-id \"\(appStoreID)\": an App Store ID is digits only (the N of https://apps.apple.com/app/idN)"
      )
    }
    let packages = arguments.values["android-package"] ?? []
    let fingerprints = arguments.values["android-fingerprint"] ?? []
    try checkAndroid(packages: packages, fingerprints: fingerprints)

    guard
      let loaded = loadSite(
        arguments, out: out, appIDs: appIDs, appStoreID: appStoreID, packages: packages,
        fingerprints: fingerprints, certificate: certificate, certificateKey: certificateKey,
        shortLinkFile: shortLinkFile, shortLinkHost: shortLinkHost, streams: streams)
    else { return 2 }
    let (router, site) = loaded
    let generator = AASAGenerator(appIDs: appIDs, router: router)
    guard
      AASACommand.consistentDocument(
        generator, includeLegacyPaths: true, webCredentials: false, command: "site", streams: streams) != nil
    else { return 1 }
    let files: [String: Data]
    do {
      files = try site.files()
    } catch let error as SiteGenerationError {
      // A value no file can hold as it is: a --out path nginx reads as a variable, a scheme a
      // browser runs.
      streams.error.line("deeplink site: \(error)")
      return 2
    } catch {
      streams.error.line("deeplink site: \(error)")
      return 1
    }
    if let failure = write(files, to: URL(fileURLWithPath: out), site: site, streams: streams) {
      return failure
    }
    report(generator: generator, router: router, site: site, packages: packages, streams: streams)
    return 0
  }

  /// Loads the route table and configures the site from the options; writes the error and returns
  /// `nil` (exit 2) for a bad route file, short-link file or value.
  private static func loadSite(
    _ arguments: Arguments, out: String, appIDs: [String], appStoreID: String?, packages: [String],
    fingerprints: [String], certificate: String?, certificateKey: String?, shortLinkFile: String?,
    shortLinkHost: String?, streams: ToolStreams
  ) -> (router: Router, site: SiteGenerator)? {
    let router: Router
    var site: SiteGenerator
    do {
      router = try RouteTableSource.load(arguments.value("routes"))
      site = try SiteGenerator(
        router: router,
        appName: arguments.value("app-name") ?? router.table.schemes.first ?? "the app",
        appStoreID: appStoreID,
        appIDs: appIDs,
        androidPackageNames: packages,
        androidFingerprints: fingerprints,
        serverRoot: arguments.value("server-root") ?? out
      )
      site.webOrigin = arguments.value("web-origin")
      if let addresses = arguments.values["listen"] { site.listen = addresses }
      site.accessLog = arguments.value("access-log")
      if let certificate, let certificateKey {
        site.certificate = SiteGenerator.Certificate(
          certificatePath: certificate, keyPath: certificateKey)
      }
      if let shortLinkFile, let shortLinkHost {
        let data: Data
        do {
          data = try Data(contentsOf: URL(fileURLWithPath: shortLinkFile))
        } catch {
          streams.error.line(
            "deeplink site: \(Printable.escaped(shortLinkFile)): cannot read the short-link file "
              + "(\(error.localizedDescription))")
          return nil
        }
        site.shortLinks = try ShortLinkTable(
          json: data, file: shortLinkFile, host: shortLinkHost, router: router)
      }
    } catch let error as ShortLinkError {
      streams.error.line("deeplink site: \(error)")
      return nil
    } catch let error as SiteGenerationError {
      streams.error.line("deeplink site: \(arguments.values["routes"]?.first ?? "the route table"): \(error)")
      return nil
    } catch {
      streams.error.line("deeplink site: \(error)")
      return nil
    }
    return (router, site)
  }

  /// Writes the site's files under `root` (and the log folder nginx needs), each path on the output;
  /// returns 2 when a folder or file cannot be written, `nil` once all are.
  private static func write(
    _ files: [String: Data], to root: URL, site: SiteGenerator, streams: ToolStreams
  ) -> Int32? {
    if site.accessLog == nil {
      // nginx creates the log file, not its folder.
      let logs = root.appendingPathComponent(SiteGenerator.logDirectory)
      do {
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
      } catch {
        streams.error.line(
          Printable.escaped("deeplink site: cannot create \(logs.path) (\(error.localizedDescription))"))
        return 2
      }
    }
    for name in files.keys.sorted() {
      guard let data = files[name] else { continue }
      let file = root.appendingPathComponent(name)
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
      } catch {
        streams.error.line("deeplink site: cannot write \(file.path) (\(error.localizedDescription))")
        return 2
      }
      streams.output.line(Printable.escaped(file.path))
    }
    return nil
  }

  /// Writes to the error stream what the links' files open that the router refuses and the reverse,
  /// the notes on the domains, and where to serve the short links.
  private static func report(
    generator: AASAGenerator, router: Router, site: SiteGenerator, packages: [String],
    streams: ToolStreams
  ) {
    for widening in generator.widenings {
      streams.error.line("deeplink site: widening: \(widening)")
    }
    if !packages.isEmpty {
      let android = AndroidIntentFilterGenerator(router: router)
      for widening in android.widenings {
        streams.error.line("deeplink site: android widening: \(Printable.escaped(widening.description))")
      }
      for narrowing in android.narrowings {
        streams.error.line("deeplink site: android narrowing: \(Printable.escaped(narrowing.description))")
      }
    }
    for note in AASACommand.domainNotes(generator) {
      streams.error.line("deeplink site: \(note)")
    }
    if let host = site.shortLinks?.host {
      streams.error.line(
        "deeplink site: serve \(SiteGenerator.shortLinkDirectory)/ at https://\(host)/ (its own "
          + "association file; entitlement applinks:\(host); list https://\(host) as a tracking origin)")
    }
  }

  /// Checks the Android options: packages and fingerprints come together, each well formed.
  static func checkAndroid(packages: [String], fingerprints: [String]) throws(UsageError) {
    if packages.isEmpty != fingerprints.isEmpty {
      throw UsageError(
        description: packages.isEmpty
          ? "--android-fingerprint needs --android-package"
          : "--android-package needs at least one --android-fingerprint (the upload key and the Play signing key)"
      )
    }
    for package in packages where !isPackageName(package) {
      throw UsageError(
        description:
          "--android-package \"\(package)\": not an Android package name; expected two or more parts joined by '.', each a letter followed by letters, digits or '_' (com.example.app)"
      )
    }
    for fingerprint in fingerprints {
      do {
        _ = try CertificateFingerprint(fingerprint)
      } catch {
        throw UsageError(description: "--android-fingerprint: \(error)")
      }
    }
  }

  /// Whether a text is an Android application ID: `com.example.app`.
  static func isPackageName(_ text: String) -> Bool {
    func isLetter(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.unicodeScalars.first, isLetter(first) else { return false }
        return part.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" }
      }
  }
}
