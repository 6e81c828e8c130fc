import DeepLinkingTestSupport
import Foundation
import Testing

/// `deeplink doctor --browser` and `--short-links`: what a browser gets from the site `deeplink site`
/// writes, the fallback page and a short link's redirect, each served on 127.0.0.1 (the short-link host
/// as localhost).
@Suite("deeplink doctor --browser", .serialized)
struct DoctorBrowserTests {
  static func hop(_ object: [String: Any], _ name: String) -> [String: Any]? {
    DoctorAndroidTests.hops(object, name).first
  }

  static func severity(_ object: [String: Any], _ code: String) -> String? {
    DoctorAndroidTests.findings(object, code).first?["severity"] as? String
  }

  @Test(LiveCheckTests.trusted)
  func fallbackPageAndShortLinkRedirectAsABrowserGetsThem() async throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "doctor-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let out = work.appendingPathComponent("site").path
    let ownPage = work.appendingPathComponent("about.html").path
    try Data("<h1>About us</h1>".utf8).write(to: URL(fileURLWithPath: ownPage))
    // The origin serves the fallback page deeplink site writes (below) at /products/1, a page of its
    // own at /about, and a redirect at /hop; /orders/7 answers 404.
    let origin = try await WellKnownServer(
      mode: .ok, body: try await DoctorCommandTests.generatedFile(DoctorCommandTests.currentRoutes),
      pages: [
        .init(path: "/products/1", status: 200, value: "\(out)/public/fallback.html"),
        .init(path: "/about", status: 200, value: ownPage),
        .init(path: "/hop", status: 302, value: "/products/1"),
      ])
    let site = "https://127.0.0.1:\(origin.port)"
    let routes = try temporaryRouteFile(
      DoctorCommandTests.currentRoutes.replacingOccurrences(of: "127.0.0.1", with: "127.0.0.1:\(origin.port)")
    )
    let shortLinks = try temporaryRouteFile(
      #"{"spring": "\#(site)/products/1", "gone": "\#(site)/orders/7"}"#)
    let written = await ToolRun.run([
      "site", "--routes", routes, "--app-id", DoctorCommandTests.appID, "--short-links", shortLinks,
      "--short-link-host", "localhost", "--out", out,
    ])
    #expect(written.status == 0, "\(written.error)")
    // The short-link host as deployed: its own association file; "gone" redirects where the file no
    // longer says.
    let short = try await WellKnownServer(
      mode: .ok,
      body: try Data(
        contentsOf: URL(fileURLWithPath: "\(out)/short-links/.well-known/apple-app-site-association")),
      pages: [
        .init(path: "/s/spring", status: 301, value: "\(site)/products/1"),
        .init(path: "/s/gone", status: 301, value: "\(site)/hop"),
      ])
    let cdn = try await WellKnownServer(mode: .missing)
    let trusted = work.appendingPathComponent("trusted.pem").path
    try Data(
      try [origin, short, cdn].map {
        try String(contentsOfFile: $0.certificateAuthorityFile, encoding: .utf8)
      }
      .joined().utf8
    ).write(to: URL(fileURLWithPath: trusted))
    let shortSite = "https://localhost:\(short.port)"
    let run = try await TrustedRun.run(
      [
        "doctor", "--app-id", DoctorCommandTests.appID, "--routes", routes, "--apple-cdn", cdn.origin,
        "--json",
        "--browser", "--short-links", shortLinks, "--short-link-host", "localhost",
        "\(site)/products/1", "\(site)/orders/7", "\(site)/about", "\(shortSite)/s/spring",
        "\(shortSite)/s/gone",
        "\(shortSite)/s/nope",
      ], trusting: trusted)
    let objects = try run.jsonLines()
    try #require(objects.count == 6, "\(run.output) \(run.error)")
    let (product, order, about, spring, gone, nope) = (
      objects[0], objects[1], objects[2], objects[3], objects[4], objects[5]
    )

    #expect(
      Self.hop(product, "browser")?["result"] as? String == "200, the fallback page deeplink site writes")
    #expect(
      !DoctorCommandTests.codes(product).contains { ["no-fallback-page", "not-fallback-page"].contains($0) })
    #expect(Self.hop(order, "browser")?["result"] as? String == "404")
    #expect(Self.severity(order, "no-fallback-page") == "warning", "\(order)")
    #expect(Self.severity(about, "not-fallback-page") == "note", "\(about)")

    // A short link is routed as its long link; the short-link host's file is the one site writes.
    #expect(spring["route"] as? String == "product", "\(spring)")
    #expect(
      (Self.hop(spring, "short-link")?["result"] as? String)?.hasSuffix(
        "code spring redirects to \(site)/products/1") == true, "\(spring)")
    #expect(
      (Self.hop(spring, "route-table")?["result"] as? String)?.hasPrefix(
        "the short-link host's file deeplink site writes opens the app") == true, "\(spring)")
    #expect(!DoctorCommandTests.codes(spring).contains("no-route"))
    #expect(Self.hop(spring, "browser")?["result"] as? String == "301 to \(site)/products/1")
    #expect(
      Self.hop(spring, "redirect")?["result"] as? String
        == "200, the fallback page deeplink site writes; route product")

    // The server redirects "gone" elsewhere than the file says, to a redirect: one hop is followed.
    #expect(gone["route"] as? String == "order")
    #expect(Self.severity(gone, "short-link-differs") == "warning", "\(gone)")
    #expect(Self.hop(gone, "redirect")?["result"] as? String == "302 to /products/1; no route takes it")
    #expect(Self.severity(gone, "redirect-chain") == "note")
    #expect(Self.severity(gone, "redirect-unrouted") == "warning")

    #expect(Self.severity(nope, "unknown-short-link") == "error", "\(nope)")
    #expect(nope["route"] is NSNull)

    // /products/1 was asked for by the first link and by spring's one redirect, never through /hop.
    let requests = try origin.requests()
    #expect(requests.filter { $0 == "GET /products/1" }.count == 2, "\(requests)")
    #expect(requests.filter { $0 == "GET /hop" }.count == 1)
    #expect(
      try short.requests().filter { $0.hasPrefix("GET /s/") } == [
        "GET /s/spring", "GET /s/gone", "GET /s/nope",
      ])
  }

  @Test func badShortLinkOptionsExitTwo() async throws {
    let alone = await ToolRun.run([
      "doctor", "--app-id", DoctorCommandTests.appID, "--short-links", "x.json", "https://example.com/",
    ])
    #expect(alone.status == 2)
    #expect(alone.error.contains("give --short-links and --short-link-host together"), "\(alone.error)")
    let malformed = try temporaryRouteFile(#"{"spring": 1}"#)
    let run = await ToolRun.run([
      "doctor", "--app-id", DoctorCommandTests.appID, "--short-links", malformed, "--short-link-host",
      "go.example.com", "https://example.com/",
    ])
    #expect(run.status == 2)
    #expect(run.error.contains("\(malformed):1:"), "\(run.error)")
  }
}
