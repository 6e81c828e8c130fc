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

  @Test(
    "nginx serves the association files as JSON, short links as 301 with the query kept, and the app resolves them",
    .enabled(if: available, "needs nginx, openssl and curl on PATH (apt-get install -y nginx openssl curl)"),
    .timeLimit(.minutes(2)))
  func served() async throws {
    let work = temporaryDirectory()
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    _ = try await runBounded(
      "openssl",
      [
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=example.com",
        "-keyout", "\(work)/key.pem", "-out", "\(work)/cert.pem",
      ], seconds: 30)
    let links = try temporaryFile(
      """
      {"spring": "https://example.com/channel/video/12345?utm_campaign=spring",
       "top": "https://example.com/channel/video/1#top"}
      """, name: "links.json")
    let out = "\(work)/site"
    let site = await ToolRun.run([
      "site", "--app-id", demoAppID, "--certificate", "\(work)/cert.pem", "--certificate-key",
      "\(work)/key.pem", "--short-links", links, "--short-link-host", "go.example.com", "--out", out,
    ])
    try #require(site.status == 0, "\(site.error)")
    #expect(site.error.contains("entitlement applinks:go.example.com"))

    // The generated blocks listen on 443; here both listen on one free port of 127.0.0.1 (nginx tells
    // them apart by host name), and the short-link block also on a plain-http port for the app's
    // resolver, since the test certificate is not one URLSession trusts.
    let base = 20_000 + Int.random(in: 0..<20_000)
    let (tls, plain) = (base, base + 1)
    var nginx = try contents(out, "nginx.conf")
    nginx = nginx.replacingOccurrences(
      of: "    listen 443 ssl;\n", with: "    listen 127.0.0.1:\(tls) ssl;\n")
    nginx = nginx.replacingOccurrences(
      of: "    server_name go.example.com;\n",
      with: "    server_name go.example.com;\n    listen 127.0.0.1:\(plain);\n")
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
    let server = try await ServedNginx(work: work, configuration: "\(work)/main.conf", port: tls)
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
    // The site's own host shows the fallback page for a routed path, not a short link.
    #expect(
      try await Self.fetch("https://example.com:\(tls)/channel/video/1", host: "example.com", port: tls)
        .hasPrefix("200 text/html"))

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
}
