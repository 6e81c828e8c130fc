import DeepLinkingTestSupport
import Foundation
import Testing

/// `deeplink doctor` against an origin and a stand-in for Apple's CDN, each an HTTPS server on
/// 127.0.0.1 whose test CA is the only root the tool trusts.
@Suite("deeplink doctor", .serialized)
struct DoctorCommandTests {
  static let appID = "ABCDE12345.com.example.shop"

  /// The table of the app as released: product links only.
  static let releasedRoutes = """
    {"schemes": ["shop"], "hosts": ["127.0.0.1"],
     "routes": [{"name": "product", "pattern": "/products/{id:int}"}]}
    """

  /// The table of the next version: order links too, which only a verified link may open.
  static let currentRoutes = """
    {"schemes": ["shop"], "hosts": ["127.0.0.1"],
     "routes": [{"name": "product", "pattern": "/products/{id:int}"},
                {"name": "order", "pattern": "/orders/{id:int}", "requiresVerifiedLink": true}]}
    """

  /// The apple-app-site-association file `aasa generate` writes for a table.
  static func generatedFile(_ routes: String) async throws -> Data {
    let run = await ToolRun.run([
      "aasa", "generate", "--routes", try temporaryRouteFile(routes), "--app-id", appID, "--domain",
      "127.0.0.1",
    ])
    #expect(run.status == 0, "\(run.error)")
    return Data(run.output.utf8)
  }

  /// An origin and a CDN stand-in, and a file holding their CAs (and those of `others`) for the tool
  /// to trust.
  struct Site {
    var origin: WellKnownServer
    var cdn: WellKnownServer
    var trusted: String
    var routes: String

    init(
      origin originMode: WellKnownServer.Mode, _ originBody: Data = Data(),
      cdn cdnMode: WellKnownServer.Mode, _ cdnBody: Data = Data(), others: [WellKnownServer] = []
    ) async throws {
      origin = try await WellKnownServer(mode: originMode, body: originBody)
      cdn = try await WellKnownServer(mode: cdnMode, body: cdnBody)
      // The tool trusts the CA of every server: the origin, the CDN and the app's other hosts.
      let bundle = try ([origin, cdn] + others).map {
        try String(contentsOfFile: $0.certificateAuthorityFile, encoding: .utf8)
      }.joined()
      trusted = origin.certificateAuthorityFile + ".both.pem"
      try Data(bundle.utf8).write(to: URL(fileURLWithPath: trusted))
      // The app's table lists the test origin with its port, as links to it carry one.
      routes = try temporaryRouteFile(
        DoctorCommandTests.currentRoutes.replacingOccurrences(
          of: "127.0.0.1", with: "127.0.0.1:\(origin.port)"))
    }

    /// `deeplink doctor --app-id ... --routes ... --apple-cdn CDN arguments PATHS...` on the origin.
    func doctor(_ arguments: [String], paths: [String]) async throws -> ToolRun {
      try await TrustedRun.run(
        ["doctor", "--app-id", DoctorCommandTests.appID, "--routes", routes, "--apple-cdn", cdn.origin]
          + arguments + paths.map { origin.origin + $0 },
        trusting: trusted)
    }
  }

  static func codes(_ object: [String: Any]) -> [String] {
    (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
  }

  static func finding(_ object: [String: Any], _ code: String) -> [String: Any]? {
    (object["findings"] as? [[String: Any]] ?? []).first { $0["code"] as? String == code }
  }

  @Test(LiveCheckTests.trusted)
  func cdnOneVersionBehindOpensAfterRefreshAsAWarningThatCIPasses() async throws {
    let site = try await Site(
      origin: .ok, try await Self.generatedFile(Self.currentRoutes),
      cdn: .ok, try await Self.generatedFile(Self.releasedRoutes))
    let run = try await site.doctor(["--ci", "--json"], paths: ["/orders/7", "/products/1"])
    #expect(run.status == 0, "\(run.output) \(run.error)")
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    let order = try #require(lines.first)
    #expect(order["verdict"] as? String == "iOS: will open after devices refresh")
    #expect(order["severity"] as? String == "warning")
    #expect(order["route"] as? String == "order")
    #expect(order["requiresVerifiedLink"] as? Bool == true)
    #expect(Self.finding(order, "cdn-behind")?["severity"] as? String == "warning", "\(order)")
    #expect(Self.finding(order, "cdn-behind")?["hop"] as? String == "apple-cdn")
    let product = try #require(lines.last)
    #expect(product["verdict"] as? String == "iOS: opens the app today")
    #expect(product["route"] as? String == "product")
    #expect(!Self.codes(product).contains("cdn-behind"))
    // Apple's CDN is asked for the host's copy; the origin's file is fetched once for both links.
    #expect(try site.cdn.requests() == ["GET /a/v1/127.0.0.1"])
    #expect(try site.origin.requests() == ["GET /.well-known/apple-app-site-association"])

    let text = try await site.doctor([], paths: ["/orders/7"])
    #expect(text.status == 0)
    #expect(text.output.contains("warning[cdn-behind] apple-cdn: "), "\(text.output)")
    #expect(text.output.contains("  router       route order (requires a verified link)"), "\(text.output)")
    #expect(text.output.contains("  verdict: iOS: will open after devices refresh"))
    #expect(text.output.contains("    fix: nothing to deploy"))
  }

  @Test(LiveCheckTests.trusted)
  func deployedFileBehindTheRouteTableIsAnError() async throws {
    let released = try await Self.generatedFile(Self.releasedRoutes)
    let current = try await Self.generatedFile(Self.currentRoutes)
    // Both serve the released file: the table's new route opens the browser on every phone.
    let stale = try await Site(origin: .ok, released, cdn: .ok, released)
    let run = try await stale.doctor(["--ci", "--json"], paths: ["/orders/7"])
    #expect(run.status == 1, "\(run.output)")
    let object = try #require(try run.jsonLines().first)
    #expect(object["verdict"] as? String == "iOS: does not open the app")
    let finding = try #require(Self.finding(object, "file-not-deployed"))
    #expect((finding["message"] as? String)?.contains("does not match the route table") == true)
    #expect(
      (finding["fix"] as? String)?.contains("deeplink aasa generate --domain 127.0.0.1:\(stale.origin.port))")
        == true)

    // The CDN still has the current file, the origin went back to the released one: phones stop
    // opening the link at their next refresh.
    let rolledBack = try await Site(origin: .ok, released, cdn: .ok, current)
    let back = try await rolledBack.doctor(["--ci", "--json"], paths: ["/orders/7"])
    #expect(back.status == 1)
    let backObject = try #require(try back.jsonLines().first)
    #expect(backObject["verdict"] as? String == "iOS: opens the app today, stops after devices refresh")
    #expect(Self.finding(backObject, "origin-drops-link")?["severity"] as? String == "error")
  }

  @Test(LiveCheckTests.trusted)
  func cdnServingNothingBreaksEveryPhone() async throws {
    let site = try await Site(origin: .ok, try await Self.generatedFile(Self.currentRoutes), cdn: .missing)
    let run = try await site.doctor(["--ci", "--json"], paths: ["/products/1"])
    #expect(run.status == 1, "\(run.output) \(run.error)")
    let object = try #require(try run.jsonLines().first)
    let finding = try #require(Self.finding(object, "cdn-no-copy"))
    #expect(finding["severity"] as? String == "error")
    #expect((finding["message"] as? String)?.contains("answered 404") == true, "\(finding)")
    #expect(object["verdict"] as? String == "iOS: does not open the app until Apple's CDN has the file")
    // Without --ci the report is the product: it exits 0.
    let report = try await site.doctor([], paths: ["/products/1"])
    #expect(report.status == 0)
    #expect(report.output.contains("error[cdn-no-copy] apple-cdn: "))
  }

  @Test(LiveCheckTests.trusted)
  func redirectingOriginIsAnErrorAndIsNotFollowed() async throws {
    let file = try await Self.generatedFile(Self.currentRoutes)
    let site = try await Site(origin: .redirect, file, cdn: .ok, file)
    let run = try await site.doctor(["--ci", "--json"], paths: ["/products/1"])
    #expect(run.status == 1, "\(run.output) \(run.error)")
    let object = try #require(try run.jsonLines().first)
    let redirect = try #require(Self.finding(object, "redirect"))
    #expect(redirect["hop"] as? String == "origin")
    #expect((redirect["message"] as? String)?.contains("does not follow redirects") == true)
    #expect((redirect["fix"] as? String)?.contains("serve the file itself") == true)
    #expect(Self.codes(object).contains("origin-drops-link"))
    #expect(object["verdict"] as? String == "iOS: opens the app today, stops after devices refresh")
    #expect(try site.origin.requests() == ["GET /.well-known/apple-app-site-association"])
  }

  @Test(LiveCheckTests.trusted)
  func linkNoRouteTakesOpensTheBrowserAsAWarning() async throws {
    let file = try await Self.generatedFile(Self.currentRoutes)
    let site = try await Site(origin: .ok, file, cdn: .ok, file)
    let run = try await site.doctor(["--ci", "--json"], paths: ["/about/team"])
    #expect(run.status == 0, "\(run.output) \(run.error)")
    let object = try #require(try run.jsonLines().first)
    #expect(object["route"] is NSNull)
    #expect(object["verdict"] as? String == "iOS: does not open the app")
    #expect(Self.finding(object, "no-route")?["severity"] as? String == "warning")

    // localhost is the same server, but not a host of the table: the served file opens the link, so
    // the app would get a link its router refuses.
    let unlisted = try await TrustedRun.run(
      [
        "doctor", "--app-id", Self.appID, "--routes", site.routes, "--apple-cdn", site.cdn.origin, "--ci",
        "--json",
        "https://localhost:\(site.origin.port)/products/1",
      ], trusting: site.trusted)
    #expect(unlisted.status == 1, "\(unlisted.output) \(unlisted.error)")
    let unlistedObject = try #require(try unlisted.jsonLines().first)
    #expect(Self.finding(unlistedObject, "no-route")?["severity"] as? String == "error", "\(unlistedObject)")
    let table = (unlistedObject["hops"] as? [[String: Any]] ?? []).first {
      $0["hop"] as? String == "route-table"
    }
    #expect((table?["result"] as? String)?.contains("does not list localhost") == true, "\(unlistedObject)")
    #expect(try site.cdn.requests().contains("GET /a/v1/localhost"))
  }

  @Test(LiveCheckTests.trusted)
  func entitlementsWithoutTheHostBreakTheLink() async throws {
    let file = try await Self.generatedFile(Self.currentRoutes)
    let site = try await Site(origin: .ok, file, cdn: .ok, file)
    func entitlements(_ domains: [String]) throws -> String {
      let path = try temporaryRouteFile("").replacingOccurrences(of: "routes.json", with: "App.entitlements")
      let plist = try PropertyListSerialization.data(
        fromPropertyList: ["com.apple.developer.associated-domains": domains], format: .xml, options: 0)
      try plist.write(to: URL(fileURLWithPath: path))
      return path
    }
    let listed = try await site.doctor(
      ["--ci", "--entitlements", try entitlements(["applinks:127.0.0.1", "webcredentials:127.0.0.1"])],
      paths: ["/products/1"])
    #expect(listed.status == 0, "\(listed.output)")
    #expect(listed.output.contains("entitlements  lists applinks:127.0.0.1"), "\(listed.output)")
    let other = try await site.doctor(
      ["--ci", "--json", "--entitlements", try entitlements(["applinks:shop.example"])],
      paths: ["/products/1"])
    #expect(other.status == 1)
    let object = try #require(try other.jsonLines().first)
    #expect(Self.codes(object) == ["not-entitled"])
  }

  static let uploadKey =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let otherKey =
    "AA:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// The Android findings of a run: those of the assetlinks hop.
  static func androidCodes(_ object: [String: Any]) -> [String] {
    (object["findings"] as? [[String: Any]] ?? []).filter { $0["hop"] as? String == "assetlinks" }
      .compactMap { $0["code"] as? String }
  }

  @Test(LiveCheckTests.trusted)
  func wrongFingerprintFailsAndTheUploadKeyAloneGetsAHint() async throws {
    // The server answers both well-known paths with the same body: its assetlinks.json is checked.
    let site = try await Site(origin: .ok, LiveCheckTests.goodAssetLinks, cdn: .missing)
    let wrong = try await site.doctor(
      ["--ci", "--json", "--android-package", "com.example.app", "--fingerprint", Self.otherKey],
      paths: ["/products/1"])
    #expect(wrong.status == 1)
    let wrongObject = try #require(try wrong.jsonLines().first)
    #expect(Self.androidCodes(wrongObject) == ["fingerprint-missing"], "\(wrongObject)")
    #expect(
      (wrongObject["verdict"] as? String)?.hasSuffix(
        "Android: App Links fail verification (the link opens the browser)") == true)

    let upload = try await site.doctor(
      ["--json", "--android-package", "com.example.app", "--fingerprint", Self.uploadKey.lowercased()],
      paths: ["/products/1"])
    let uploadObject = try #require(try upload.jsonLines().first)
    #expect(Self.androidCodes(uploadObject) == ["play-signing-key-likely-missing"], "\(uploadObject)")
    #expect((uploadObject["verdict"] as? String)?.hasSuffix("Android: App Links verify") == true)

    let both = try await site.doctor(
      [
        "--json", "--android-package", "com.example.app", "--fingerprint", Self.uploadKey, "--fingerprint",
        Self.otherKey,
      ], paths: ["/products/1"])
    #expect(Self.androidCodes(try #require(try both.jsonLines().first)) == ["fingerprint-missing"])

    let otherPackage = try await site.doctor(
      ["--json", "--android-package", "com.example.other"], paths: ["/products/1"])
    #expect(Self.androidCodes(try #require(try otherPackage.jsonLines().first)) == ["package-not-granted"])
  }

  @Test(LiveCheckTests.trusted)
  func androidRedirectIsAnError() async throws {
    let site = try await Site(origin: .redirect, LiveCheckTests.goodAssetLinks, cdn: .missing)
    let run = try await site.doctor(
      ["--json", "--android-package", "com.example.app", "--fingerprint", Self.uploadKey],
      paths: ["/products/1"])
    let object = try #require(try run.jsonLines().first)
    #expect(Self.androidCodes(object) == ["redirect"], "\(object)")
  }

  @Test(LiveCheckTests.trusted)
  func serverTextReachesTheTerminalEscaped() async throws {
    let site = try await Site(origin: .hostileRedirect, cdn: .hostileRedirect)
    let text = try await site.doctor(["--android-package", "com.example.app"], paths: ["/products/1"])
    #expect(text.output.contains("Location: \(site.origin.origin)/\\u{1B}[31mred"), "\(text.output)")
    TerminalEscapingTests.expectClean(text)
    let json = try await site.doctor(["--json"], paths: ["/products/1"])
    TerminalEscapingTests.expectClean(json)
    #expect(try json.jsonLines().count == 1)
  }

  @Test func badInputExitsTwoSayingWhy() async throws {
    let cases: [([String], String)] = [
      (["doctor", "--app-id", Self.appID], "give at least one link"),
      (["doctor", "--app-id", Self.appID, "http://example.com/products/1"], "is not https"),
      (["doctor", "--app-id", Self.appID, "shop://products/1"], "is not https"),
      (["doctor", "https://example.com/products/1"], "--app-id"),
      (["doctor", "--app-id", "nope", "https://example.com/"], "--app-id"),
      (
        ["doctor", "--app-id", Self.appID, "--apple-cdn", "http://cdn.example", "https://example.com/"],
        "--apple-cdn"
      ),
      (["doctor", "--app-id", Self.appID, "--timeout", "0", "https://example.com/"], "--timeout"),
      (
        ["doctor", "--app-id", Self.appID, "--fingerprint", Self.uploadKey, "https://example.com/"],
        "--android-package"
      ),
      (
        [
          "doctor", "--app-id", Self.appID, "--android-package", "a.b", "--fingerprint", "12:34",
          "https://example.com/",
        ],
        "--fingerprint"
      ),
    ]
    for (arguments, message) in cases {
      let run = await ToolRun.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.error.contains(message), "\(arguments): \(run.error)")
      #expect(run.error.contains("see 'deeplink doctor --help'"), "\(arguments): \(run.error)")
      #expect(run.output.isEmpty)
    }
    let routes = await ToolRun.run([
      "doctor", "--app-id", Self.appID, "--routes", "/nonexistent/routes.json", "https://example.com/",
    ])
    #expect(routes.status == 2)
    #expect(
      routes.error.contains("deeplink doctor: /nonexistent/routes.json: cannot read the route file"),
      "\(routes.error)")
    let entitlements = await ToolRun.run([
      "doctor", "--app-id", Self.appID, "--entitlements", try temporaryRouteFile("{not a plist"),
      "https://example.com/",
    ])
    #expect(entitlements.status == 2)
    #expect(entitlements.error.contains("not a property list"), "\(entitlements.error)")
  }

  @Test func doctorIsListedInHelpAndCompletion() async {
    let help = await ToolRun.run(["--help"])
    #expect(help.output.contains("doctor"))
    let bash = await ToolRun.run(["completion", "bash"])
    #expect(bash.output.contains("doctor"))
    #expect(bash.output.contains("--apple-cdn"))
  }
}
