import DeepLinking
import Foundation
import Testing
import TrackingLinks

@testable import DeepLinkCommands

/// nginx running the generated configuration on 127.0.0.1, in the foreground, for one test; stopped
/// when the value goes away, and killed after two minutes whatever happens.
final class ServedNginx: @unchecked Sendable {
  let process: Process

  /// Starts `nginx -p work -c conf` and waits, at most 50 tries of 0.1 s, until the port answers.
  init(work: String, configuration: String, port: Int) async throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["nginx", "-e", "\(work)/error.log", "-p", work, "-c", configuration]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 120) { kill(pid, SIGKILL) }
    for _ in 0..<50 {
      if !process.isRunning { break }
      let probe = try? await runBounded(
        "curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code}", "https://127.0.0.1:\(port)/"], seconds: 5)
      if let probe, probe != "000" { return }
      try await Task.sleep(for: .milliseconds(100))
    }
    process.terminate()
    let log = (try? String(contentsOfFile: "\(work)/error.log", encoding: .utf8)) ?? ""
    throw BrowserTestFailure(description: "nginx did not start: \(log)")
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}

@Suite("deeplink site served by nginx")
struct SiteServedTests {
  static let available = executableOnPath("nginx") && executableOnPath("openssl") && executableOnPath("curl")

  /// `status content-type location` of one request, as curl reports them, for a host name sent to
  /// 127.0.0.1.
  static func fetch(_ url: String, host: String, port: Int) async throws -> String {
    try await runBounded(
      "curl",
      [
        "-sk", "-o", "/dev/null", "--max-time", "10", "--resolve", "\(host):\(port):127.0.0.1", "-w",
        "%{http_code} %{content_type} %{redirect_url}", url,
      ], seconds: 20)
  }

  static func body(_ url: String, host: String, port: Int) async throws -> String {
    try await runBounded(
      "curl", ["-sk", "--max-time", "10", "--resolve", "\(host):\(port):127.0.0.1", url], seconds: 20)
  }

  /// A test certificate for example.com, in `work`: `cert.pem` and `key.pem`.
  static func certificate(in work: String) async throws {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    _ = try await runBounded(
      "openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=example.com",
        "-keyout", "\(work)/key.pem", "-out", "\(work)/cert.pem",
      ], seconds: 30)
  }

  /// Two ports of 127.0.0.1 for one test: `tls` for the site's blocks (`deeplink site --listen`),
  /// `plain` for a plain-http listener.
  static func ports() -> (tls: Int, plain: Int) {
    let base = 20_000 + Int.random(in: 0..<20_000)
    return (base, base + 1)
  }

  /// Starts nginx on a site's generated nginx.conf, as written: its blocks listen where `deeplink site
  /// --listen` said and log where it said. The block of `plainHTTPHost` also listens on a plain-http
  /// port, for a client that does not trust the test certificate (the one line a test adds).
  static func serve(
    site root: String, work: String, tls: Int, plain: Int, plainHTTPHost: String? = nil
  ) async throws -> ServedNginx {
    var nginx = try contents(root, "nginx.conf")
    if let plainHTTPHost {
      nginx = nginx.replacingOccurrences(
        of: "    server_name \(plainHTTPHost);\n",
        with: "    server_name \(plainHTTPHost);\n    listen 127.0.0.1:\(plain);\n")
    }
    try Data(nginx.utf8).write(to: URL(fileURLWithPath: "\(work)/served.conf"))
    let main = """
      daemon off;
      master_process off;
      pid \(work)/nginx.pid;
      error_log \(work)/error.log;
      events {}
      http {
          access_log off;
          client_body_temp_path \(work)/body;
          proxy_temp_path \(work)/proxy;
          fastcgi_temp_path \(work)/fastcgi;
          uwsgi_temp_path \(work)/uwsgi;
          scgi_temp_path \(work)/scgi;
          include \(work)/served.conf;
      }

      """
    try Data(main.utf8).write(to: URL(fileURLWithPath: "\(work)/main.conf"))
    return try await ServedNginx(work: work, configuration: "\(work)/main.conf", port: tls)
  }

  @Test(
    "nginx serves the association files as JSON, short links as 301 with the query kept, and the app resolves them",
    .enabled(if: available, "needs nginx, openssl and curl on PATH (apt-get install -y nginx openssl curl)"),
    .timeLimit(.minutes(2)))
  func served() async throws {
    let work = temporaryDirectory()
    try await Self.certificate(in: work)
    let links = try temporaryFile(
      """
      {"spring": "https://example.com/channel/video/12345?utm_campaign=spring",
       "top": "https://example.com/channel/video/1#top"}
      """, name: "links.json")
    // Written in one directory for another, the server's (--server-root), and copied there: the
    // configuration names the server's paths, and listens on 127.0.0.1 only (--listen).
    let (tls, plain) = Self.ports()
    let built = "\(work)/build"
    let out = "\(work)/srv/site"
    let site = await ToolRun.run([
      "site", "--app-id", demoAppID, "--certificate", "\(work)/cert.pem", "--certificate-key",
      "\(work)/key.pem", "--short-links", links, "--short-link-host", "go.example.com",
      "--listen", "127.0.0.1:\(tls)", "--server-root", out, "--out", built,
    ])
    try #require(site.status == 0, "\(site.error)")
    #expect(site.error.contains("entitlement applinks:go.example.com"))
    let configuration = try contents(built, "nginx.conf")
    #expect(!configuration.contains(built), "\(configuration)")
    #expect(configuration.components(separatedBy: "    listen 127.0.0.1:\(tls) ssl;\n").count == 3)
    #expect(!configuration.contains("listen 443"))
    try FileManager.default.createDirectory(atPath: "\(work)/srv", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: built, toPath: out)
    try FileManager.default.removeItem(atPath: built)

    let server = try await Self.serve(
      site: out, work: work, tls: tls, plain: plain, plainHTTPHost: "go.example.com")
    _ = server

    // The association files: 200, JSON, no redirect (Apple: "the file must be served ... without
    // any redirects" and with the application/json type; Google: assetlinks.json over https, no
    // redirects). Each host gets its own: the site's names its routes, the short-link host's only /s/.
    let aasa = "/.well-known/apple-app-site-association"
    #expect(
      try await Self.fetch("https://example.com:\(tls)\(aasa)", host: "example.com", port: tls)
        == "200 application/json ")
    #expect(
      try await Self.fetch("https://go.example.com:\(tls)\(aasa)", host: "go.example.com", port: tls)
        == "200 application/json ")
    let shortFile = try await Self.body(
      "https://go.example.com:\(tls)\(aasa)", host: "go.example.com", port: tls)
    #expect(shortFile.contains(#""/s/?*""#) && !shortFile.contains("/channel"))
    let siteFile = try await Self.body("https://example.com:\(tls)\(aasa)", host: "example.com", port: tls)
    #expect(siteFile.contains("/channel") && !siteFile.contains("/s/"))

    // Short links: 301 with the long link, the request's query appended (after '&' when the long
    // link has one, before the long link's own fragment); unknown codes and other paths 404.
    let cases: [(String, String)] = [
      ("/s/spring", "301 https://example.com/channel/video/12345?utm_campaign=spring"),
      (
        "/s/spring?utm_source=mail",
        "301 https://example.com/channel/video/12345?utm_campaign=spring&utm_source=mail"
      ),
      ("/s/top", "301 https://example.com/channel/video/1#top"),
      ("/s/top?a=1&b=2", "301 https://example.com/channel/video/1?a=1&b=2#top"),
    ]
    for (path, expected) in cases {
      let answer = try await Self.fetch(
        "https://go.example.com:\(tls)\(path)", host: "go.example.com", port: tls)
      let parts = answer.split(separator: " ", maxSplits: 2).map(String.init)
      #expect(parts.count == 3 && "\(parts[0]) \(parts[2])" == expected, "\(path): \(answer)")
    }
    for path in ["/s/unknown", "/s/SPRING", "/channel/video/1", "/s/spring/more"] {
      let answer = try await Self.fetch(
        "https://go.example.com:\(tls)\(path)", host: "go.example.com", port: tls)
      #expect(answer.hasPrefix("404 "), "\(path): \(answer)")
    }
    // Only the files meant for the web are served: not the configuration (with its certificate
    // paths), not the Android filters, not the short-link host's files on the site's host.
    for path in [
      "/nginx.conf", "/android/intent-filters.xml", "/short-links/.well-known/apple-app-site-association",
      "/public/fallback.html", "/../nginx.conf", "/%2E%2E/nginx.conf",
    ] {
      for host in ["example.com", "go.example.com"] {
        let answer = try await Self.fetch("https://\(host):\(tls)\(path)", host: host, port: tls)
        #expect(answer.hasPrefix("404 ") || answer.hasPrefix("400 "), "\(host)\(path): \(answer)")
        let body = try await Self.body("https://\(host):\(tls)\(path)", host: host, port: tls)
        #expect(!body.contains("ssl_certificate") && !body.contains("intent-filter"), "\(host)\(path)")
      }
    }

    // The site's own host shows the fallback page for a routed path, not a short link.
    #expect(
      try await Self.fetch("https://example.com:\(tls)/channel/video/1", host: "example.com", port: tls)
        .hasPrefix("200 text/html"))
    #expect(
      try await Self.fetch("https://example.com:\(tls)/logs/access.log", host: "example.com", port: tls)
        .hasPrefix("404 "), "the log is not served")

    // nginx's own log, read with the short-link file: each short link is a click of its long link's
    // route and campaign, the request's query appended as the server did; none is an unknown host or
    // an unmatched click on the site's host.
    let audit = await ToolRun.run([
      "audit", "--access-log", "\(out)/logs/access.log", "--short-links", links, "--short-link-host",
      "go.example.com", "--json",
    ])
    #expect(audit.status == 0, "\(audit.error)")
    let summary = try #require(try audit.jsonLines().first)
    #expect(summary["format"] as? String == "json")
    let clicks = try #require(summary["clicks"] as? [String: Any])
    #expect(clicks["shortLinks"] as? Int == 4, "\(clicks)")
    #expect(clicks["rejected"] as? Int == 0 && clicks["unmatched"] as? Int == 0, "\(clicks)")
    #expect(clicks["matched"] as? Int == 5 && clicks["total"] as? Int == 5, "\(clicks)")
    let routes = try #require(summary["routes"] as? [[String: Any]])
    #expect(routes.first { $0["route"] as? String == "clip" }?["clicks"] as? Int == 5, "\(routes)")
    let campaigns = try #require(summary["campaigns"] as? [[String: Any]])
    #expect(
      Set(campaigns.map { "\($0["source"] ?? "")|\($0["campaign"] ?? "")|\($0["clicks"] ?? 0)" })
        == ["|spring|1", "mail|spring|1"], "\(campaigns)")
    let wellKnown = (summary["outcomes"] as? [String: Any])?["wellKnown"] as? Int
    #expect(wellKnown == 4, "\(summary)")

    // The app: the short-link host is a tracking origin, so the resolver asks it and gets the long
    // link, which is off the tracking origins and never fetched; the app's router opens it.
    let resolver = TrackingLinkResolver(
      origins: [try TrackingOrigin("http://127.0.0.1:\(plain)")], timeout: .seconds(10), cacheCapacity: 0)
    let short = try #require(URL(string: "http://127.0.0.1:\(plain)/s/spring?utm_source=mail"))
    #expect(resolver.isTrackingLink(short))
    let long = try await resolver.resolve(short)
    #expect(
      long.absoluteString == "https://example.com/channel/video/12345?utm_campaign=spring&utm_source=mail")
    let router = try Router(DemoRoutes.table)
    #expect(try router.match(long)?.route != nil)
  }
  static let previewRoutes = """
    {"schemes": ["myapp"], "hosts": ["example.com"], "routes": [
      {"name": "clip", "pattern": "/channel/video/{clipId}",
       "preview": {"title": "Clip {clipId} <b>\\"new\\"</b> ; }} {{", "description": "Watch {clipId} in Channel",
                   "image": "https://cdn.example.com/clips/{clipId}.jpg?size=large&fit=1"}},
      {"name": "search", "pattern": "/channel/search/{query}"}]}
    """

  @Test(
    "nginx fills a route's preview tags with the link's values, escaped, for crawlers that run no script; phones still get their links",
    .enabled(if: available, "needs nginx, openssl and curl on PATH (apt-get install -y nginx openssl curl)"),
    .timeLimit(.minutes(2)))
  func previewsServed() async throws {
    let work = temporaryDirectory()
    try await Self.certificate(in: work)
    let out = "\(work)/site"
    let (tls, plain) = Self.ports()
    let site = await ToolRun.run([
      "site", "--routes", try temporaryRouteFile(Self.previewRoutes), "--app-id", demoAppID,
      "--app-store-id", "123456789", "--android-package", "com.example.app", "--android-fingerprint",
      playSigningKey, "--certificate", "\(work)/cert.pem", "--certificate-key", "\(work)/key.pem",
      "--listen", "127.0.0.1:\(tls)", "--out", out,
    ])
    try #require(site.status == 0, "\(site.error)")
    let log = "\(out)/logs/access.log"
    let server = try await Self.serve(site: out, work: work, tls: tls, plain: plain)
    _ = server
    func page(_ path: String, agent: String = "facebookexternalhit/1.1") async throws -> String {
      try await runBounded(
        "curl",
        [
          "-sk", "--max-time", "10", "-A", agent, "--resolve", "example.com:\(tls):127.0.0.1",
          "https://example.com:\(tls)\(path)",
        ], seconds: 20)
    }

    let clip = try await page("/channel/video/12345?utm_source=chat")
    let title = "Clip 12345 &lt;b&gt;&quot;new&quot;&lt;/b&gt; ; } {"
    #expect(clip.contains("<title>\(title)</title>"), "\(clip)")
    #expect(clip.contains(#"<meta property="og:title" content="\#(title)">"#))
    #expect(clip.contains(#"<meta property="og:description" content="Watch 12345 in Channel">"#))
    #expect(
      clip.contains(
        #"<meta property="og:image" content="https://cdn.example.com/clips/12345.jpg?size=large&amp;fit=1">"#)
    )
    #expect(
      clip.contains(
        #"<meta property="og:url" content="https://example.com/channel/video/12345?utm_source=chat">"#))
    #expect(!clip.contains("<!--#"), "every include was run")
    // Each page's canonical link is its own link, written by the server before any script runs.
    #expect(
      clip.contains(
        #"<link rel="canonical" href="https://example.com/channel/video/12345?utm_source=chat">"#),
      "\(clip)")

    // A value that would close the attribute and open a tag arrives escaped, in text and in the URL.
    let hostile = try await page("/channel/video/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    #expect(!hostile.contains("<img src=x"), "\(hostile)")
    #expect(hostile.contains(#"content="Clip &quot;&gt;&lt;img src=x onerror=alert(1)&gt; &lt;b&gt;"#))
    #expect(
      hostile.contains(
        #"<link rel="canonical" href="https://example.com/channel/video/%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E">"#
      ), "\(hostile)")
    #expect(
      hostile.contains(
        #"content="https://cdn.example.com/clips/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E.jpg"#))

    // Routes without a preview show the plain page; the preview page itself is not reachable.
    let search = try await page("/channel/search/goal")
    #expect(search.contains("Open in the app") && !search.contains("og:title"))
    #expect(
      search.contains(#"<link rel="canonical" href="https://example.com/channel/search/goal">"#), "\(search)")
    #expect(!search.contains("<!--#") && !search.contains(#"href="https://example.com/">"#), "\(search)")
    #expect(
      try await Self.fetch(
        "https://example.com:\(tls)/.deeplink/preview-0.html", host: "example.com", port: tls
      )
      .hasPrefix("404 "))

    // In a browser the served preview page is still the fallback page, for the phone it runs on.
    if SiteCommandBrowserTests.browserAvailable {
      let options = [
        "--ignore-certificate-errors", "--host-resolver-rules=MAP example.com 127.0.0.1",
      ]
      let url = "https://example.com:\(tls)/channel/video/12345"
      let android = try await headlessChromiumDOM(url, userAgent: UserAgent.androidChrome, options: options)
      #expect(android.contains(#"data-platform="android""#), "\(android)")
      #expect(
        attribute("href", ofTagContaining: #"id="open-in-app""#, in: android)
          == "intent://example.com/channel/video/12345"
          + SitePlatformTests.intent(carrying: "https://example.com/channel/video/12345"))
      let iPhone = try await headlessChromiumDOM(url, userAgent: UserAgent.iPhoneSafari, options: options)
      #expect(
        attribute("content", ofTagContaining: #"name="apple-itunes-app""#, in: iPhone)
          == "app-id=123456789, app-argument=https://example.com/channel/video/12345")
      // The title is text, not markup: the browser reads the tags as characters.
      #expect(iPhone.contains(#"<title>Clip 12345 &lt;b&gt;"new"&lt;/b&gt; ; } {</title>"#), "\(iPhone)")
    }

    // nginx's own log, read back by the audit with the same route table: the crawler's two fetches of
    // clip links are bot clicks with their campaign, the search page one more, the internal page an
    // error status; the browsers' visits (when Chromium ran) are clicks of their platforms.
    let audit = await ToolRun.run([
      "audit", "--routes", try temporaryRouteFile(Self.previewRoutes), "--access-log", log, "--json",
    ])
    #expect(audit.status == 0, "\(audit.error)")
    let summary = try #require(try audit.jsonLines().first)
    let routes = try #require(summary["routes"] as? [[String: Any]])
    let clipRow = try #require(routes.first { $0["route"] as? String == "clip" })
    let searchRow = try #require(routes.first { $0["route"] as? String == "search" })
    let browsers = SiteCommandBrowserTests.browserAvailable ? 1 : 0
    #expect(clipRow["bot"] as? Int == 2, "\(clipRow)")
    #expect(clipRow["android"] as? Int == browsers && clipRow["ios"] as? Int == browsers, "\(clipRow)")
    #expect(searchRow["bot"] as? Int == 1, "\(searchRow)")
    #expect(((summary["outcomes"] as? [String: Any])?["errorStatus"] as? Int ?? 0) >= 1, "\(summary)")
    let campaigns = try #require(summary["campaigns"] as? [[String: Any]], "\(summary)")
    #expect(campaigns.contains { $0["source"] as? String == "chat" }, "\(campaigns)")

    // A value that would leave its segment of the image URL (`&sol;` is `/` to an HTML reader, `%3F`
    // a `?`, `%26` a `&`) gets a card without an image, its text still escaped; one that stays a
    // segment is percent-encoded into it.
    for path in [
      "/channel/video/..&sol;..&sol;private&sol;x%3F", "/channel/video/a%3Fb", "/channel/video/a%26b",
      "/channel/video/x&sol;..&sol;y",
    ] {
      let refused = try await page(path)
      #expect(!refused.contains("og:image") && !refused.contains("twitter:image"), "\(path): \(refused)")
      #expect(refused.contains(#"<meta name="twitter:card" content="summary">"#), "\(path)")
      #expect(refused.contains("<title>Clip ") && !refused.contains("<!--#"), "\(path)")
    }
    let spaced = try await page("/channel/video/caf%C3%A9%20%231%2E%2E")
    #expect(
      spaced.contains(
        #"<meta property="og:image" content="https://cdn.example.com/clips/caf%C3%A9%20%231...jpg?size=large&amp;fit=1">"#
      ), "\(spaced)")
  }
}
