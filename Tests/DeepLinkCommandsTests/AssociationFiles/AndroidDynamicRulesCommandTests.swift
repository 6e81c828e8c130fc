import DeepLinkingTestSupport
import Foundation
import Testing

/// Android 15 Dynamic App Links from the command line: `deeplink android rules` writes them,
/// `deeplink android match --api 35` applies them, `deeplink assetlinks check` says when Android
/// would discard them. The Android facts are cited in `Tests/UniversalLinksTests/Android`.
@Suite("deeplink android rules, match --api 35, assetlinks check of dynamic rules")
struct AndroidDynamicRulesCommandTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// A statement of `com.example.app` with these rules.
  static func assetLinks(_ components: String) -> String {
    """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.app",
                 "sha256_cert_fingerprints": ["\(fingerprint)"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls":
        {"dynamic_app_link_components": \(components)}}}]
    """
  }

  /// A manifest whose one verified filter claims every path of example.com, as Google recommends
  /// for dynamic rules ("set rules with the broadest possible scope").
  static let broadManifest = """
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
      <application>
        <activity android:name=".Links" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            <data android:host="example.com" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

  @Test func theDemoTableGetsOneExactRuleSetWithItsExclusions() async throws {
    let run = await ToolRun.run(["android", "rules"])
    #expect(run.status == 0, "\(run.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let extensions = try #require(object["relation_extensions"] as? [String: Any])
    let handle = try #require(extensions["delegate_permission/common.handle_all_urls"] as? [String: Any])
    let rules = try #require(handle["dynamic_app_link_components"] as? [[String: Any]])
    #expect(rules.first?["/"] as? String == "/channel/sub/?*/video/?*/?*")
    #expect(rules.first?["exclude"] as? Bool == true)
    #expect(rules.contains { $0["/"] as? String == "/channel/video/?*" && $0["exclude"] == nil })
    #expect(rules.last?["/"] as? String == "/channel/")
    // Every string parameter of the demo table is said exactly: no route is widened.
    #expect(!run.error.contains("widening: route"))
    #expect(
      run.error.contains(
        "deeplink android rules: widening: every route: the rules read links the router refuses"))
    #expect(
      run.error.contains(
        "deeplink android rules: narrowing: every route: a value holding \"/\" (written %2F)"))
    // What the command writes, the checker finds clean once in a statement.
    let members = run.output.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
    let file = try temporaryRouteFile(
      """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.app",
                   "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}, \(members)}]
      """)
    let check = await ToolRun.run(["assetlinks", "check", "--file", file])
    #expect(check.status == 0, "\(check.output)")
  }

  @Test func jsonNamesTheRoutesOfEachRuleAndTheWidenings() async throws {
    let routes = try temporaryRouteFile(
      """
      {"hosts": ["example.com"], "routes": [
        {"name": "note", "pattern": "/n/{id:int}"},
        {"name": "search", "pattern": "/search?q={query}"},
        {"name": "room", "pattern": "/#/room/{id}"}]}
      """)
    let run = await ToolRun.run(["android", "rules", "--routes", routes, "--json"])
    #expect(run.status == 0, "\(run.error)")
    let object = try #require(try run.jsonLines().first)
    let rules = try #require(object["rules"] as? [[String: Any]])
    #expect(
      rules.contains {
        ($0["routes"] as? [String]) == ["search"]
          && (($0["rule"] as? [String: Any])?["?"] as? [String: String]) == ["q": "?*"]
      })
    #expect(
      rules.contains {
        ($0["routes"] as? [String]) == ["room"]
          && (($0["rule"] as? [String: Any])?["#"] as? String) == "/room/?*"
      })
    let widenings = try #require(object["widenings"] as? [[String: Any]])
    #expect(widenings.contains { $0["route"] as? String == "note" && $0["kind"] as? String == "type-text" })
    #expect(
      widenings.contains { $0["route"] as? String == "room" && $0["kind"] as? String == "fragment-path" })
    #expect(run.error.contains("widening: route note: the rules cannot say the type of {id:int}"))
  }

  @Test func badArgumentsAreUsageErrors() async {
    let domain = await ToolRun.run(["android", "rules", "--domain", "other.example"])
    #expect(domain.status == 2)
    #expect(domain.error.contains("--domain: 'other.example' is not a host of the route table"))
    let api = await ToolRun.run(["android", "match", "--url", "https://example.com/channel", "--api", "x"])
    #expect(api.status == 2)
    #expect(api.error.contains("--api \"x\": an Android API level"))
    let stray = await ToolRun.run([
      "android", "match", "--url", "https://example.com/channel", "--package", "a.b",
    ])
    #expect(stray.status == 2)
    let missing = await ToolRun.run([
      "android", "match", "--url", "https://example.com/a", "--manifest", "/nonexistent/AndroidManifest.xml",
    ])
    #expect(missing.status == 2)
  }

  /// With the route table, API 35 applies the rules written for the link's host: the demo's
  /// filters and rules agree, so the answer is the same as at API 34.
  @Test func matchAtAPI35AppliesTheTablesRules() async {
    let open = await ToolRun.run([
      "android", "match", "--url", "https://example.com/channel/video/42", "--api", "35",
    ])
    #expect(open.status == 0, "\(open.output)")
    #expect(
      open.lines.first?.hasPrefix("https://example.com/channel/video/42: opens the app at API 35") == true)
    let json = await ToolRun.run([
      "android", "match", "--url", "https://example.com/channel/video/42", "--api", "35", "--json",
    ])
    #expect(json.output.contains(#""dynamicRules": null"#))
  }

  /// Filters written for minSdk 31 cannot read the query; the table's rules can, so at API 35 the
  /// link without the route's required item stays in the browser, as the router refuses it. The
  /// rules of a wildcard host (`*.cdn.example`) are those of its file.
  @Test func matchAtAPI35NarrowsWhatTheFiltersWiden() async throws {
    let routes = try temporaryRouteFile(
      """
      {"hosts": ["example.com", "*.cdn.example"], "routes": [
        {"name": "search", "pattern": "/search?q={query}"},
        {"name": "cdn", "pattern": "/img/{name}", "hosts": ["*.cdn.example"]}]}
      """)
    func match(_ url: String, _ api: String) async -> ToolRun {
      await ToolRun.run(["android", "match", "--routes", routes, "--url", url, "--api", api])
    }
    let old = await match("https://example.com/search", "34")
    #expect(old.status == 0, "\(old.output)")
    #expect(old.lines.last == "  router: no route")
    let new = await match("https://example.com/search", "35")
    #expect(new.status == 1)
    #expect(
      new.lines == [
        "https://example.com/search: does not open the app at API 35 (filter 0 claims it, but no dynamic rule matches it)",
        "  router: no route",
      ])
    let searched = await match("https://example.com/search?q=shoes", "35")
    #expect(searched.status == 0, "\(searched.output)")
    let image = await match("https://img.cdn.example/img/logo", "35")
    #expect(image.status == 0, "\(image.output)")
    let deeper = await match("https://img.cdn.example/img/logo/x", "35")
    #expect(deeper.status == 1)
  }

  /// A broad manifest narrowed by the rules: at API 35 the link no rule allows stays in the
  /// browser; at API 34 the rules are ignored and the manifest alone decides.
  @Test func rulesNarrowABroadManifestFromAPI35Only() async throws {
    let manifest = try temporaryRouteFile(Self.broadManifest)
    let rules = try temporaryRouteFile(
      Self.assetLinks(#"[{"/": "/products/*"}, {"/": "/products/secret", "exclude": true}]"#))
    func match(_ url: String, _ api: String) async -> ToolRun {
      await ToolRun.run([
        "android", "match", "--url", url, "--manifest", manifest, "--assetlinks", rules, "--api", api,
      ])
    }
    let product = await match("https://example.com/products/42", "35")
    #expect(product.status == 0, "\(product.output)")
    let about = await match("https://example.com/about", "35")
    #expect(about.status == 1)
    #expect(
      about.lines == [
        "https://example.com/about: does not open the app at API 35 (filter 0 claims it, but no dynamic rule matches it)"
      ])
    let old = await match("https://example.com/about", "34")
    #expect(old.status == 0, "\(old.output)")
    #expect(old.lines.first?.hasPrefix("https://example.com/about: opens the app at API 34") == true)
  }

  /// One malformed field: Android discards every rule silently and the manifest decides again;
  /// the commands say so, and where.
  @Test func oneMalformedFieldDiscardsTheRules() async throws {
    let manifest = try temporaryRouteFile(Self.broadManifest)
    let rules = try temporaryRouteFile(
      Self.assetLinks(#"[{"/": "/products/*"}, {"/": "/about", "exclude": "yes"}]"#))
    let match = await ToolRun.run([
      "android", "match", "--url", "https://example.com/about", "--manifest", manifest, "--assetlinks", rules,
      "--api", "35",
    ])
    #expect(match.status == 0, "\(match.output)")
    #expect(match.error.contains("dynamic-rules-discarded"))
    #expect(match.error.contains("dynamic_app_link_components[1].exclude"))

    let check = await ToolRun.run(["assetlinks", "check", "--file", rules, "--json"])
    #expect(check.status == 1)
    let object = try #require(try check.jsonLines().first)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?["code"] as? String == "dynamic-rules-discarded")
    #expect(
      (diagnostics.first?["message"] as? String)?.hasPrefix(
        "\"exclude\" must be true or false, found a string, so Android 15 discards every dynamic rule")
        == true)
  }

  /// The same file served from 127.0.0.1 and fetched as Android's verifier fetches it.
  @Test(LiveCheckTests.trusted)
  func aFetchedFileWithOneMalformedFieldIsReported() async throws {
    let server = try await WellKnownServer(
      mode: .ok, body: Data(Self.assetLinks(#"[{"/": "/products/*", "?": "ref=1"}]"#).utf8))
    let run = try await TrustedRun.run(
      ["assetlinks", "check", "--url", server.origin, "--json"], trusting: server.certificateAuthorityFile)
    #expect(run.status == 1, "\(run.output) \(run.error)")
    #expect(try LiveCheckTests.codes(run) == ["dynamic-rules-discarded"])
    let diagnostics = try LiveCheckTests.diagnostics(run)
    #expect(
      (diagnostics.first?["path"] as? String)?.hasSuffix("dynamic_app_link_components[0][\"?\"]") == true)
  }
}
