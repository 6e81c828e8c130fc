import Foundation
import Testing

/// `deeplink android` and `deeplink android match`: the filters of the route table, and Android's
/// decision for a link. The Android facts the commands follow are cited in
/// `Tests/UniversalLinksTests/Android`.
@Suite("deeplink android")
struct AndroidCommandTests {
  @Test func theDemoTableGetsAVerifiedWebFilterAndACustomSchemeFilter() async throws {
    let run = await ToolRun.run(["android"])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.hasPrefix(#"<?xml version="1.0" encoding="utf-8"?>"#))
    #expect(run.output.contains(#"<intent-filter android:autoVerify="true">"#))
    #expect(run.output.contains(#"<data android:host="example.com" />"#))
    #expect(run.output.contains(#"<data android:pathAdvancedPattern="/channel/video/[^/]+/*" />"#))
    #expect(run.output.contains(#"<data android:scheme="myapp" />"#))
    #expect(run.output.contains(#"<data android:host="channel" />"#))
    #expect(run.output.contains(#"<category android:name="android.intent.category.BROWSABLE" />"#))
    // Every string parameter of the demo table is exact from API 31: no route is widened, only the
    // links of every route the router refuses while reading them.
    #expect(!run.error.contains("widening: route"))
    #expect(
      run.error.contains("deeplink android: widening: every route: Android reads links the router refuses"))
    let generate = await ToolRun.run(["android", "generate"])
    #expect(generate.output == run.output)
  }

  /// A value holding `/` is written `%2F` by the router's URL builder; Android decodes the path
  /// before it compares it (`Uri.getPath()`, cited in `Tests/UniversalLinksTests/Android`), so
  /// `[^/]+` sees two segments and the link opens the browser: `deeplink android` says so.
  @Test func aValueHoldingASlashIsListedAsANarrowing() async throws {
    let built = await ToolRun.run(["url", "clip", "clipId=AC/DC"])
    let link = try #require(built.lines.first)
    #expect(link == "https://example.com/channel/video/AC%2FDC")
    let match = await ToolRun.run(["android", "match", "--url", link])
    #expect(match.status == 1)
    #expect(match.lines == ["\(link): does not open the app at API 31", "  router: route clip"])
    let generate = await ToolRun.run(["android"])
    #expect(
      generate.error.contains(
        "deeplink android: narrowing: route clip: a value of {clipId} holding \"/\" (written %2F) does not open the app: Android decodes the path before it compares it, so the value reads as two segments (e.g. \(link))"
      ))
    for route in ["search", "subChannel", "subChannelClip"] {
      #expect(generate.error.contains("narrowing: route \(route): a value of {"), "\(route)")
    }
    // Below API 31 the last parameter's pathPattern runs over segments: that link opens there.
    let old = await ToolRun.run(["android", "match", "--url", link, "--min-sdk", "24"])
    #expect(old.status == 0)
    let json = await ToolRun.run(["android", "--json"])
    let object = try #require(try json.jsonLines().first)
    let narrowings = try #require(object["narrowings"] as? [[String: Any]])
    #expect(
      narrowings.contains {
        $0["route"] as? String == "clip" && $0["kind"] as? String == "encoded-slash"
          && $0["example"] as? String == link
      })
    #expect(narrowings.contains { $0["route"] is NSNull && $0["kind"] as? String == "empty-segment" })
  }

  @Test func belowAPI31PathPatternsAreUsedAndWhatTheyAdmitIsListed() async {
    let run = await ToolRun.run(["android", "--min-sdk", "24"])
    #expect(run.status == 0)
    #expect(!run.output.contains("pathAdvancedPattern"))
    #expect(run.output.contains(#"android:pathPattern="/channel/video/..*""#))
    #expect(
      run.error.contains(
        "deeplink android: widening: route clip: pathPattern has no \"any character but /\", so {clipId} may span several segments (e.g. https://example.com/channel/video/sample/extra)"
      ))
  }

  @Test func jsonListsFiltersAndWidenings() async throws {
    let run = await ToolRun.run(["android", "--min-sdk", "24", "--json"])
    #expect(run.status == 0)
    let object = try #require(try run.jsonLines().first)
    let filters = try #require(object["filters"] as? [[String: Any]])
    #expect(filters.first?["autoVerify"] as? Bool == true)
    #expect(filters.first?["hosts"] as? [String] == ["example.com"])
    let widenings = try #require(object["widenings"] as? [[String: Any]])
    #expect(widenings.contains { $0["kind"] as? String == "spans-segments" })
    #expect((object["xml"] as? String)?.contains("<intent-filters") == true)
  }

  @Test func usageErrors() async {
    let level = await ToolRun.run(["android", "--min-sdk", "twelve"])
    #expect(level.status == 2)
    #expect(level.error.contains("--min-sdk \"twelve\": an Android API level"))
    let domain = await ToolRun.run(["android", "--domain", "other.example"])
    #expect(domain.status == 2)
    #expect(domain.error.contains("'other.example' is not a host of the route table"))
    let noURL = await ToolRun.run(["android", "match"])
    #expect(noURL.status == 2)
    let relative = await ToolRun.run(["android", "match", "--url", "/channel"])
    #expect(relative.status == 2)
    #expect(relative.error.contains("give an absolute link"))
    let both = await ToolRun.run([
      "android", "match", "--url", "https://example.com/", "--routes", "a", "--manifest", "b",
    ])
    #expect(both.status == 2)
  }

  @Test func matchAnswersAsAndroidAndShowsTheRoute() async {
    let opens = await ToolRun.run(["android", "match", "--url", "https://example.com/channel/video/42"])
    #expect(opens.status == 0)
    #expect(
      opens.lines == [
        #"https://example.com/channel/video/42: opens the app at API 31 (filter 0, routes main, clip, playlist, search, subChannel, subChannelClip, subChannelPlaylist, subChannelSearch, pathAdvancedPattern="/channel/video/[^/]+/*")"#,
        "  router: route clip",
      ])
    let misses = await ToolRun.run(["android", "match", "--url", "https://example.com/channel/video/42/more"])
    #expect(misses.status == 1)
    #expect(
      misses.lines == [
        "https://example.com/channel/video/42/more: does not open the app at API 31", "  router: no route",
      ])
    let json = await ToolRun.run(["android", "match", "--url", "myapp://channel/video/42", "--json"])
    #expect(json.status == 0)
    #expect(json.output.contains(#""opens": true"#) && json.output.contains(#""route": "clip""#))
  }

  @Test func matchReadsAManifest() async throws {
    let manifest = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        <application><activity android:name=".Main">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" android:pathPattern="/files/.*\\\\.pdf" />
          </intent-filter>
        </activity></application>
      </manifest>
      """
    let file = try temporaryRouteFile(manifest)
    let opens = await ToolRun.run([
      "android", "match", "--manifest", file, "--url", "https://example.com/files/a.pdf",
    ])
    #expect(opens.status == 0, "\(opens.output)")
    #expect(opens.output.contains(#"pathPattern="/files/.*\.pdf""#))
    // `.*` runs to the first `.` and does not backtrack.
    let refused = await ToolRun.run([
      "android", "match", "--manifest", file, "--url", "https://example.com/files/a.b.pdf",
    ])
    #expect(refused.status == 1)
    let broken = try temporaryRouteFile("<manifest>\n  <intent-filter android:autoVerify=\"true>\n")
    let error = await ToolRun.run(["android", "match", "--manifest", broken, "--url", "https://example.com/"])
    #expect(error.status == 2)
    #expect(error.error.contains("line 2, column"), "\(error.error)")
  }

  /// A device below API 31 ignores pathAdvancedPattern (`Tests/UniversalLinksTests/Android`,
  /// [attrs]): the filter is left without a path condition and opens every path of its host.
  @Test func matchAnswersForTheManifestsMinimumSDKOrForMinSDK() async throws {
    func manifest(_ usesSDK: String) -> String {
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        \(usesSDK)
        <application><activity android:name=".Main">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" android:pathAdvancedPattern="/p/[^/]+" />
          </intent-filter>
        </activity></application>
      </manifest>
      """
    }
    let old = try temporaryRouteFile(manifest(#"<uses-sdk android:minSdkVersion="24" />"#))
    let url = "https://example.com/elsewhere"
    let atMinimum = await ToolRun.run(["android", "match", "--manifest", old, "--url", url])
    #expect(atMinimum.status == 0, "\(atMinimum.output)")
    #expect(atMinimum.lines == ["\(url): opens the app at API 24 (filter 0, every path)"])
    let told = await ToolRun.run(["android", "match", "--manifest", old, "--url", url, "--min-sdk", "31"])
    #expect(told.status == 1)
    #expect(told.lines == ["\(url): does not open the app at API 31"])
    let unstated = try temporaryRouteFile(manifest(""))
    let newest = await ToolRun.run(["android", "match", "--manifest", unstated, "--url", url, "--json"])
    #expect(newest.status == 1)
    let object = try #require(try newest.jsonLines().first)
    #expect(object["apiLevel"] as? Int == 35)
    #expect(object["opens"] as? Bool == false)
  }

  @Test func hostileRouteNamesAndLiteralsAreEscaped() async throws {
    let routes = try temporaryRouteFile(
      #"""
      {"hosts": ["example.com"], "routes": [
        {"name": "evil--name<&\"\n\u001b[31m-", "pattern": "/a%22%3C%26%3E%5C%2A/{id:int}"}
      ]}
      """#)
    let run = await ToolRun.run(["android", "--routes", routes])
    #expect(run.status == 0, "\(run.error)")
    #expect(!run.output.contains("evil--name"))
    #expect(run.output.contains(#"<!-- route evil- -name<&"\u{A}\u{1B}[31m- : "#))
    #expect(
      run.output.contains(#"android:pathAdvancedPattern="/a\&quot;&lt;&amp;&gt;\\\\\\*/-{0,1}[0-9]+/*""#))
    // The terminal never gets the escape sequence raw.
    #expect(!run.error.contains("\u{1B}"))
    let file = try temporaryRouteFile(run.output)
    let opens = await ToolRun.run([
      "android", "match", "--manifest", file, "--url", "https://example.com/a%22%3C%26%3E%5C%2A/7",
    ])
    #expect(opens.status == 0, "\(opens.output)\(opens.error)")
  }
}
