import Testing

@testable import UniversalLinks

/// How Android reads a link and decides whether one `<intent-filter>` takes it, case by case. Where
/// each fact comes from:
/// - [Uri-src]: AOSP `frameworks/base core/java/android/net/Uri.java`, `StringUri`: the scheme ends
///   at the first `:`; `parseAuthority` ends the authority at `/`, `\`, `?` or `#`; `parsePath`
///   starts the path there (a `\` included) and gives no path to an opaque link (no `/` after the
///   `:`); `parseHost` drops the user info before the last `@`; `findPortSeparator` takes the last
///   `:` only when digits alone follow it; `parsePort` gives -1 for what `Integer.parseInt` refuses.
/// - [UriCodec-src]: AOSP `frameworks/base core/java/android/net/UriCodec.java`, `appendDecoded` with
///   `throwOnFailure` false: a bad escape appends U+FFFD, and the loop as written then adds the
///   byte read so far and reads the character after a bad first digit again; `%` or `%X` at the end
///   appends U+FFFD and stops.
/// - [IF-src]: AOSP `frameworks/base core/java/android/content/IntentFilter.java`, `matchData`: the
///   scheme-specific part conditions first, then the authority with the paths or relative filter
///   groups; a filter with MIME types refuses an intent without a type; `AuthorityEntry.match`
///   compares the suffix after `*` with `compareToIgnoreCase`, so `*` admits the empty host.
/// - [URFG-src]: AOSP `frameworks/base core/java/android/content/UriRelativeFilterGroup.java`
///   (`matchGroupsToUri`: the first group whose filters all match decides, by its `allow`) and
///   `UriRelativeFilter.java` (`matchQuery`: each item of the query split at `&`, or at `;` when
///   that gives one piece).
/// - [parse-src]: AOSP `ParsedIntentInfoUtils.parseRelRefGroup` / `parseRelRefGroupData`: a group's
///   `<data>` give path, query and fragment conditions, `android:allow` defaults to true, a group
///   without conditions is dropped; `<uri-relative-filter-group>` is parsed only with the
///   relative-reference flag (Android 15).
/// - [attrs]: developer.android.com, `R.attr`: `ssp`, `sspPrefix`, `sspPattern` added in API 19;
///   `sspAdvancedPattern`, `sspSuffix`, `pathAdvancedPattern`, `pathSuffix` in API 31;
///   `<uri-relative-filter-group>` and its attributes in API 35.
@Suite("Android link matching")
struct AndroidLinkMatchingTests {
  struct Reading: Sendable, CustomStringConvertible {
    var link: String
    var host: String?
    var port: Int?
    var path: String?
    var description: String { link }
  }

  // [Uri-src]
  @Test(arguments: [
    Reading(link: "https://example.com\\p", host: "example.com", path: "\\p"),
    Reading(link: "https:///p", host: "", path: "/p"),
    Reading(link: "https://", host: "", path: ""),
    Reading(link: "https://user@example.com:8443/p", host: "example.com", port: 8443, path: "/p"),
    Reading(link: "https://a@b@example.com/p", host: "example.com", path: "/p"),
    Reading(link: "https://example.com:abc/p", host: "example.com:abc", path: "/p"),
    Reading(link: "https://example.com:/p", host: "example.com", path: "/p"),
    Reading(link: "https://example.com:99999999999/p", host: "example.com", path: "/p"),
    Reading(link: "https://example.com", host: "example.com", path: ""),
    Reading(link: "https://example.com?q=1#f", host: "example.com", path: ""),
    Reading(link: "https://ex%41mple.com/%70", host: "exAmple.com", path: "/p"),
    Reading(link: "myapp:/p", host: nil, path: "/p"),
    Reading(link: "myapp://channel", host: "channel", path: ""),
    Reading(link: "tel:+445551234", host: nil, path: nil),
    Reading(link: "https:example.com/p", host: nil, path: nil),
  ])
  func linksAreSplitAsUriSplitsThem(reading: Reading) throws {
    let uri = try #require(AndroidURI(reading.link))
    #expect(uri.host == reading.host)
    #expect(uri.port == reading.port)
    #expect(uri.path == reading.path)
  }

  // [Uri-src] the scheme-specific part runs to the first `#`; the query from the first `?` to it.
  @Test func theSchemeSpecificPartQueryAndFragment() throws {
    let uri = try #require(AndroidURI("https://example.com/a%20b?x=%31#f%32"))
    #expect(uri.schemeSpecificPart == "//example.com/a b?x=1")
    #expect(uri.query == "x=1")
    #expect(uri.fragment == "f2")
    let hashFirst = try #require(AndroidURI("https://example.com/a#b?c"))
    #expect(hashFirst.query == nil)
    #expect(hashFirst.fragment == "b?c")
    #expect(AndroidURI("tel:+445551234")?.schemeSpecificPart == "+445551234")
  }

  // [UriCodec-src]
  @Test(arguments: [
    ("/p%zz", "/p\u{FFFD}\u{0}z"), ("/p%2", "/p\u{FFFD}"), ("/p%", "/p\u{FFFD}"),
    ("/p%2zq", "/p\u{FFFD}\u{2}q"), ("/p%z2", "/p\u{FFFD}\u{0}2"), ("/caf%C3%A9", "/café"),
    ("/%C3%28", "/\u{FFFD}("), ("/a+b%2B", "/a+b+"), ("/AC%2FDC", "/AC/DC"), ("/%e2%82%ac", "/€"),
  ])
  func percentEscapesDecodeAsUriCodecDecodesThem(encoded: String, decoded: String) {
    #expect(AndroidURI.decode(encoded) == decoded)
  }

  static let example = AndroidIntentFilter.Authority(host: "example.com")

  func filter(
    schemes: [String] = ["https"], hosts: [AndroidIntentFilter.Authority] = [example],
    paths: [AndroidPathPattern] = []
  ) -> AndroidIntentFilter {
    AndroidIntentFilter(schemes: schemes, hosts: hosts, paths: paths, autoVerify: false)
  }

  // [IF-src] + [Uri-src]: `*` admits the empty host of `https:///p`; a `\` ends the host.
  @Test func anEmptyHostAndABackslashAreReadAsAndroidReadsThem() {
    let anyHost = filter(hosts: [.init(host: "*")], paths: [AndroidPathPattern(.prefix, "/")])
    #expect(anyHost.opens("https:///path"))
    #expect(!filter(paths: [AndroidPathPattern(.prefix, "/")]).opens("https:///path"))
    // The host is example.com and the path `\p`: a filter reading no path opens it, `/p` does not.
    #expect(filter().opens("https://example.com\\p"))
    #expect(!filter(paths: [AndroidPathPattern(.literal, "/p")]).opens("https://example.com\\p"))
    #expect(filter(paths: [AndroidPathPattern(.literal, "\\p")]).opens("https://example.com\\p"))
  }

  // [UriCodec-src] the decoded path holds U+FFFD where the escape was bad.
  @Test func aBadEscapeIsComparedAsUFFFD() {
    let segment = filter(paths: [AndroidPathPattern(.advancedGlob, "/p/[^/]+")])
    #expect(segment.opens("https://example.com/p/%zz"))
    #expect(segment.opens("https://example.com/p/a%2"))
    let exact = filter(paths: [AndroidPathPattern(.literal, "/p\u{FFFD}")])
    #expect(exact.opens("https://example.com/p%2"))
    #expect(!exact.opens("https://example.com/p%zz"))
  }

  // [IF-src] compareToIgnoreCase maps each UTF-16 unit's case: U+212A KELVIN SIGN lower-cases to `k`.
  @Test func hostsCompareByJavasCaseRules() {
    let kelvin = filter(hosts: [.init(host: "k.example")])
    #expect(kelvin.opens("https://\u{212A}.example/"))
    #expect(kelvin.opens("https://%E2%84%AA.example/"))
    #expect(kelvin.opens("https://K.EXAMPLE/"))
    #expect(!kelvin.opens("https://x.example/"))
  }

  // [IF-src] a link has no MIME type, so a filter with one never opens it.
  @Test func aFilterWithAMIMETypeOpensNoLink() {
    var typed = filter()
    #expect(typed.opens("https://example.com/p"))
    typed.mimeTypes = ["text/html"]
    #expect(!typed.opens("https://example.com/p"))
  }

  // [IF-src] + [attrs]: the scheme-specific part conditions, from API 19.
  @Test func schemeSpecificPartConditions() {
    var tel = filter(schemes: ["tel"], hosts: [])
    tel.schemeSpecificParts = [AndroidPathPattern(.prefix, "+1")]
    #expect(!tel.opens("tel:+445551234"))
    #expect(tel.opens("tel:+15551234"))
    // Below API 19 the condition is not read: the scheme alone decides.
    #expect(tel.opens("tel:+445551234", apiLevel: 18))
    // sspAdvancedPattern is read from API 31.
    var advanced = filter(schemes: ["tel"], hosts: [])
    advanced.schemeSpecificParts = [AndroidPathPattern(.advancedGlob, "\\+1[0-9]+")]
    #expect(!advanced.opens("tel:+445551234"))
    #expect(advanced.opens("tel:+445551234", apiLevel: 30))
    // With hosts too, a link whose part does not match may still open through its host and path.
    var web = filter(paths: [AndroidPathPattern(.literal, "/p")])
    web.schemeSpecificParts = [AndroidPathPattern(.prefix, "//other.example/")]
    #expect(web.opens("https://other.example/anything"))
    #expect(web.opens("https://example.com/p"))
    #expect(!web.opens("https://example.com/q"))
    #expect(web.openingCondition("https://other.example/anything") == #"sspPrefix="//other.example/""#)
  }

  // [attrs] pathAdvancedPattern and pathSuffix are ignored below API 31: a filter left without a
  // path condition it can read opens every path of its hosts.
  @Test func conditionsAnOlderAndroidDoesNotKnowAreLeftOut() {
    let advanced = filter(paths: [AndroidPathPattern(.advancedGlob, "/p/[^/]+")])
    #expect(!advanced.opens("https://example.com/q", apiLevel: 31))
    #expect(advanced.opens("https://example.com/q", apiLevel: 30))
    let mixed = filter(paths: [AndroidPathPattern(.literal, "/a"), AndroidPathPattern(.suffix, ".pdf")])
    #expect(mixed.opens("https://example.com/x.pdf", apiLevel: 31))
    #expect(!mixed.opens("https://example.com/x.pdf", apiLevel: 30))
    #expect(mixed.opens("https://example.com/a", apiLevel: 30))
  }

  // [URFG-src] + [IF-src] + [attrs]: relative filter groups from API 35.
  @Test func relativeFilterGroups() {
    var grouped = filter()
    grouped.relativeFilterGroups = [
      AndroidRelativeFilterGroup(
        allows: false, conditions: [AndroidRelativeFilter(.query, AndroidPathPattern(.prefix, "debug"))]),
      AndroidRelativeFilterGroup(
        allows: true,
        conditions: [
          AndroidRelativeFilter(.path, AndroidPathPattern(.prefix, "/a")),
          AndroidRelativeFilter(.query, AndroidPathPattern(.literal, "x=1")),
        ]),
      AndroidRelativeFilterGroup(
        allows: true, conditions: [AndroidRelativeFilter(.fragment, AndroidPathPattern(.prefix, "/room/"))]),
    ]
    #expect(grouped.opens("https://example.com/a?x=1"))
    #expect(grouped.opens("https://example.com/a?y=2&x=1"))
    // One item after `&`: the query is split at `;` instead.
    #expect(grouped.opens("https://example.com/a?y=2;x=1"))
    #expect(!grouped.opens("https://example.com/a"))
    #expect(!grouped.opens("https://example.com/a?x=2"))
    #expect(!grouped.opens("https://example.com/a?debug=1&x=1"))
    #expect(grouped.opens("https://example.com/b#/room/1"))
    #expect(grouped.openingCondition("https://example.com/b#/room/1") == "uri-relative-filter-group 2")
    // Below API 35 the groups are not read: no path condition is left, so every path opens.
    #expect(grouped.opens("https://example.com/b", apiLevel: 34))
    // A path condition of the filter is tried first: a blocking group does not undo it.
    var sibling = filter(paths: [AndroidPathPattern(.literal, "/a")])
    sibling.relativeFilterGroups = [
      AndroidRelativeFilterGroup(
        allows: false, conditions: [AndroidRelativeFilter(.path, AndroidPathPattern(.literal, "/a"))])
    ]
    #expect(sibling.opens("https://example.com/a"))
    #expect(!sibling.opens("https://example.com/b"))
  }

  // [URFG-src] Java's String.split drops the empty pieces at the end.
  @Test(arguments: [
    ("a&b", ["a", "b"]), ("a&", ["a"]), ("&a", ["", "a"]), ("&&", []), ("", [""]), ("a", ["a"]),
  ])
  func queriesAreSplitAsJavaSplitsThem(text: String, pieces: [String]) {
    #expect(AndroidRelativeFilter.javaSplit(text, "&") == pieces)
  }

  // [parse-src] the manifest reader keeps a group's `<data>` out of the filter's own paths.
  @Test func theManifestReaderReadsGroupsSchemeSpecificPartsTypesAndTheMinimumSDK() throws {
    let manifest = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android">
        <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="35" />
        <application><activity android:name=".Main">
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" />
            <uri-relative-filter-group android:allow="false">
              <data android:queryPrefix="debug" />
            </uri-relative-filter-group>
            <uri-relative-filter-group>
              <data android:pathPrefix="/a" />
              <data android:query="x=1" android:fragmentAdvancedPattern="[a-z]+" />
            </uri-relative-filter-group>
            <uri-relative-filter-group />
          </intent-filter>
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="tel" android:sspPrefix="+1" />
          </intent-filter>
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="example.com" android:mimeType="text/html" />
          </intent-filter>
        </activity></application>
      </manifest>
      """
    let read = try AndroidManifestReader.manifest(in: manifest)
    #expect(read.minimumAPILevel == 24)
    #expect(read.filters.count == 3)
    let grouped = read.filters[0]
    #expect(grouped.paths.isEmpty)
    #expect(grouped.relativeFilterGroups.map(\.allows) == [false, true])
    #expect(
      grouped.relativeFilterGroups[1].conditions.map(\.description) == [
        #"pathPrefix="/a""#, #"query="x=1""#, #"fragmentAdvancedPattern="[a-z]+""#,
      ])
    #expect(grouped.opens("https://example.com/a?x=1#f"))
    #expect(!grouped.opens("https://example.com/a?x=1"))
    #expect(!grouped.opens("https://example.com/b"))
    #expect(grouped.opens("https://example.com/b", apiLevel: 34))
    #expect(read.filters[1].schemeSpecificParts == [AndroidPathPattern(.prefix, "+1")])
    #expect(!read.filters[1].opens("tel:+445551234"))
    #expect(read.filters[2].mimeTypes == ["text/html"])
    #expect(!read.filters[2].opens("https://example.com/"))
    // A malformed advanced pattern in a group is refused as one of the filter's own.
    #expect(throws: AndroidManifestError.self) {
      _ = try AndroidManifestReader.filters(
        in: """
          <intent-filter xmlns:android="http://schemas.android.com/apk/res/android">
            <uri-relative-filter-group><data android:queryAdvancedPattern="[a" /></uri-relative-filter-group>
          </intent-filter>
          """)
    }
  }
}
