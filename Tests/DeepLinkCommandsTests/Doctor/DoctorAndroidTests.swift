import DeepLinkingTestSupport
import Foundation
import Testing

/// `deeplink doctor --android-package`: the intent filter that claims the link, its autoVerify, and
/// every host of the app's autoVerify filters, each an HTTPS server on 127.0.0.1 (or localhost).
@Suite("deeplink doctor, Android", .serialized)
struct DoctorAndroidTests {
  static let package = "com.example.app"
  static let key = DoctorCommandTests.uploadKey

  /// A manifest with one activity whose filters are given.
  static func manifest(_ filters: String, minSdk: Int? = nil) throws -> String {
    try temporaryRouteFile(
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        \(minSdk.map { #"<uses-sdk android:minSdkVersion="\#($0)" />"# } ?? "")
        <application><activity android:name=".Main">
        \(filters)
        </activity></application>
      </manifest>
      """
    )
  }

  /// A browsable https filter for the hosts, with paths under /products.
  static func filter(hosts: [(String, Int)], autoVerify: Bool = true) -> String {
    let data = hosts.map {
      #"<data android:scheme="https" android:host="\#($0.0)" android:port="\#($0.1)" />"#
    }
    return """
      <intent-filter\(autoVerify ? #" android:autoVerify="true""# : "")>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        \(data.joined(separator: "\n"))
        <data android:pathPrefix="/products/" />
      </intent-filter>
      """
  }

  static func findings(_ object: [String: Any], _ code: String) -> [[String: Any]] {
    (object["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
  }

  static func hops(_ object: [String: Any], _ name: String) -> [[String: Any]] {
    (object["hops"] as? [[String: Any]] ?? []).filter { $0["hop"] as? String == name }
  }

  static func assetLinks(fingerprint: String) -> Data {
    Data(
      """
      [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
      "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}}]
      """.utf8)
  }

  /// The app's other hosts: a second host whose file lists another key, and a www host that
  /// redirects. On Android 11 and older they break the link of the host that verifies; from Android
  /// 12 they only lose their own links.
  @Test(LiveCheckTests.trusted)
  func everyAutoVerifyHostIsFetchedAndFailingOnesBreakAndroid11Only() async throws {
    let wrongKey = try await WellKnownServer(
      mode: .ok, body: Self.assetLinks(fingerprint: DoctorCommandTests.otherKey))
    let www = try await WellKnownServer(mode: .redirect, body: LiveCheckTests.goodAssetLinks)
    let site = try await DoctorCommandTests.Site(
      origin: .ok, LiveCheckTests.goodAssetLinks, cdn: .missing, others: [wrongKey, www])
    let manifest = try Self.manifest(
      Self.filter(hosts: [("127.0.0.1", site.origin.port), ("localhost", wrongKey.port)])
        + Self.filter(hosts: [("localhost", www.port)]), minSdk: 24)
    let android = [
      "--json", "--android-package", Self.package, "--fingerprint", Self.key, "--manifest", manifest,
    ]

    // The manifest's minSdk, 24: all hosts or none.
    let old = try await site.doctor(android, paths: ["/products/1"])
    #expect(old.status == 0, "\(old.error)")
    let oldObject = try #require(try old.jsonLines().first)
    let failing = Self.findings(oldObject, "other-host-fails")
    #expect(failing.count == 2, "\(oldObject)")
    #expect(failing.allSatisfy { $0["severity"] as? String == "error" })
    #expect((failing.first?["message"] as? String)?.contains("localhost:\(wrongKey.port)") == true)
    #expect((failing.first?["message"] as? String)?.contains("does not list \(Self.key)") == true)
    #expect((failing.first?["message"] as? String)?.contains("on Android 11 (API 30) and older") == true)
    #expect((failing.last?["message"] as? String)?.contains("does not follow redirects") == true)
    #expect(
      (oldObject["verdict"] as? String)?.contains(
        "Android: App Links fail verification at API 24 (the link opens the browser): localhost:\(wrongKey.port), localhost:\(www.port) fail,"
      ) == true, "\(oldObject)")
    let fetched = Self.hops(oldObject, "assetlinks").compactMap { $0["url"] as? String }
    #expect(
      fetched == [
        "\(site.origin.origin)/.well-known/assetlinks.json",
        "https://localhost:\(wrongKey.port)/.well-known/assetlinks.json",
        "https://localhost:\(www.port)/.well-known/assetlinks.json",
      ])
    let claim = try #require(Self.hops(oldObject, "intent-filter").first?["result"] as? String)
    #expect(claim.contains(#"filter 0 claims the link at API 24, pathPrefix="/products/""#), "\(claim)")
    // One redirect answered, none followed.
    #expect(try www.requests() == ["GET /.well-known/assetlinks.json"])

    // Android 12 verifies each host on its own: the others are notes, the link verifies.
    let new = try await site.doctor(android + ["--api", "31"], paths: ["/products/1"])
    let newObject = try #require(try new.jsonLines().first)
    #expect(Self.findings(newObject, "other-host-fails").allSatisfy { $0["severity"] as? String == "note" })
    #expect(Self.findings(newObject, "other-host-fails").count == 2)
    #expect((newObject["verdict"] as? String)?.hasSuffix("Android: App Links verify") == true, "\(newObject)")

    let text = try await site.doctor(
      ["--android-package", Self.package, "--fingerprint", Self.key, "--manifest", manifest],
      paths: ["/products/1"])
    #expect(text.output.contains("error[other-host-fails] assetlinks: localhost:\(wrongKey.port) is a host"))
    #expect(text.output.contains("    fix: fix the assetlinks.json of localhost:\(wrongKey.port)"))
  }

  @Test(LiveCheckTests.trusted)
  func filterWithoutAutoVerifyOrNoFilterOpensTheBrowser() async throws {
    let site = try await DoctorCommandTests.Site(origin: .ok, LiveCheckTests.goodAssetLinks, cdn: .missing)
    let unverified = try Self.manifest(
      Self.filter(hosts: [("127.0.0.1", site.origin.port)], autoVerify: false))
    let android = ["--json", "--android-package", Self.package, "--fingerprint", Self.key, "--manifest"]
    let run = try await site.doctor(android + [unverified], paths: ["/products/1"])
    let object = try #require(try run.jsonLines().first)
    #expect(Self.findings(object, "not-auto-verify").first?["severity"] as? String == "error", "\(object)")
    #expect(
      (object["verdict"] as? String)?.hasSuffix(
        "Android: App Links fail verification (the link opens the browser)") == true)

    // The table routes /orders/7, the manifest has no filter for it.
    let verified = try Self.manifest(Self.filter(hosts: [("127.0.0.1", site.origin.port)]))
    let orders = try await site.doctor(android + [verified], paths: ["/orders/7"])
    let ordersObject = try #require(try orders.jsonLines().first)
    #expect(Self.findings(ordersObject, "no-intent-filter").first?["severity"] as? String == "error")
    #expect(
      (ordersObject["verdict"] as? String)?.hasSuffix(
        "Android: does not open the app at API 35 (no intent filter claims the link)") == true,
      "\(ordersObject)")
    // No filter claims it: no file is fetched for it.
    #expect(Self.hops(ordersObject, "assetlinks").isEmpty)
  }

  /// Without --manifest the filters are those the route table generates, at --min-sdk (31).
  @Test(LiveCheckTests.trusted)
  func generatedFiltersClaimTheRoutedLink() async throws {
    let site = try await DoctorCommandTests.Site(origin: .ok, LiveCheckTests.goodAssetLinks, cdn: .missing)
    let run = try await site.doctor(
      ["--json", "--android-package", Self.package, "--fingerprint", Self.key], paths: ["/orders/7"])
    let object = try #require(try run.jsonLines().first)
    let claim = try #require(Self.hops(object, "intent-filter").first?["result"] as? String)
    #expect(claim.hasPrefix("filter 0 claims the link at API 31 (routes product, order)"), "\(claim)")
    #expect(claim.hasSuffix(#"android:autoVerify="true""#))
  }

  /// Android 15 applies the statement's dynamic rules: an exclusion keeps the link from the app from
  /// API 35 only.
  @Test(LiveCheckTests.trusted)
  func dynamicRuleExclusionRefusesTheLinkFromAPI35() async throws {
    let file = Data(
      """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "\(Self.package)",
                   "sha256_cert_fingerprints": ["\(Self.key)"]},
        "relation_extensions": {"delegate_permission/common.handle_all_urls":
          {"dynamic_app_link_components": [{"/": "/products/1", "exclude": true}, {"/": "*"}]}}}]
      """.utf8)
    let site = try await DoctorCommandTests.Site(origin: .ok, file, cdn: .missing)
    let android = ["--json", "--android-package", Self.package, "--fingerprint", Self.key]
    let newest = try await site.doctor(android + ["--api", "35"], paths: ["/products/1"])
    let object = try #require(try newest.jsonLines().first)
    let refusal = try #require(Self.findings(object, "dynamic-rule-refuses").first, "\(object)")
    #expect((refusal["message"] as? String)?.contains("dynamic rule 0") == true)
    #expect(
      (object["verdict"] as? String)?.hasSuffix(
        "Android: does not open the app at API 35 (a dynamic rule keeps the link from it)") == true,
      "\(object)")
    let older = try await site.doctor(android + ["--api", "34"], paths: ["/products/1"])
    #expect(Self.findings(try #require(try older.jsonLines().first), "dynamic-rule-refuses").isEmpty)
  }

  @Test func badManifestAndOptionsExitTwoSayingWhere() async throws {
    let notXML = try Self.manifest("<intent-filter android:autoVerify=\"true>")
    let run = await ToolRun.run([
      "doctor", "--app-id", DoctorCommandTests.appID, "--android-package", Self.package, "--manifest", notXML,
      "https://example.com/products/1",
    ])
    #expect(run.status == 2)
    #expect(run.error.contains("deeplink doctor: \(notXML): line 5, column"), "\(run.error)")
    #expect(run.output.isEmpty)
    let missing = await ToolRun.run([
      "doctor", "--app-id", DoctorCommandTests.appID, "--android-package", Self.package, "--manifest",
      "/nonexistent/AndroidManifest.xml", "https://example.com/products/1",
    ])
    #expect(missing.status == 2)
    #expect(missing.error.contains("/nonexistent/AndroidManifest.xml"), "\(missing.error)")
    for (arguments, message) in [
      (["--manifest", notXML], "--manifest goes with --android-package"),
      (["--api", "35"], "--api goes with --android-package"),
      (["--android-package", Self.package, "--api", "zero"], "--api \"zero\""),
      (["--android-package", Self.package, "--min-sdk", "-1"], "--min-sdk \"-1\""),
    ] {
      let usage = await ToolRun.run(
        ["doctor", "--app-id", DoctorCommandTests.appID] + arguments + ["https://example.com/"])
      #expect(usage.status == 2, "\(arguments)")
      #expect(usage.error.contains(message), "\(arguments): \(usage.error)")
    }
  }
}
