import DeepLinkRouting
import Testing

@testable import UniversalLinks

/// The intent filters generated from a route table open the links the routes accept, and no others
/// apart from the listed widenings. Android facts, and where they come from:
/// - [deep-links]: developer.android.com, "Create deep links to app content": all `<data>` elements
///   of one `<intent-filter>` are merged, so every scheme combines with every host and every path;
///   separate filters are needed for distinct URLs. A link from a browser needs `action.VIEW` and the
///   categories `DEFAULT` and `BROWSABLE`.
/// - [data]: developer.android.com, `<data>` element reference: the path is matched only when the
///   filter has a host; scheme matching is case-sensitive (write lower case); `*` as the first
///   character of the host is a wildcard (`*.example.com`); `pathAdvancedPattern` from API 31.
/// - [verify]: developer.android.com, "Verify Android App Links": `android:autoVerify="true"` on a
///   filter of `http`/`https` schemes; from Android 12 each host is verified separately; a filter
///   for other schemes is not verified.
/// - [IF-src]: AOSP `core/java/android/content/IntentFilter.java`: `matchData` reads
///   `Uri.getPath()`, the decoded path; `AuthorityEntry.match` compares the host with
///   `compareToIgnoreCase`, and a leading `*` keeps the rest as a suffix.
@Suite("Android intent filters")
struct AndroidIntentFilterGeneratorTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com", "clicks.example.com", "*.cdn.example"],
    routes: [
      RouteDefinition("about", "/about"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("videos", "/channel/{id}/videos"),
      RouteDefinition("note", "/n/{id:int}"),
      RouteDefinition("asset", "/asset/{id:uuid}.json"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("edit", "/files/{path+}/edit"),
      RouteDefinition("settings", "/settings/{section:(general|privacy)}"),
      RouteDefinition("slug", "/blog/{slug?}"),
      RouteDefinition("track", "/wf/{path+}", hosts: ["clicks.example.com"]),
      RouteDefinition("cdn", "/img/{name}", hosts: ["*.cdn.example"]),
      RouteDefinition("search", "/search?q={query}"),
      RouteDefinition("appOnly", "/app/{id}", hosts: nil, schemes: ["myapp"]),
    ])

  func make(_ table: RouteTable = Self.table, minimumAPILevel: Int = 31) throws
    -> AndroidIntentFilterGenerator
  {
    AndroidIntentFilterGenerator(router: try Router(table), minimumAPILevel: minimumAPILevel)
  }

  func opens(_ generator: AndroidIntentFilterGenerator, _ link: String) -> Bool {
    generator.filters.contains { $0.opens(link) }
  }

  // [deep-links] the cross product: routes scoped to different hosts get separate filters.
  @Test func routesOfDifferentHostsGetSeparateFilters() throws {
    let generator = try make()
    let track = try #require(generator.filters.first { $0.routes.contains("track") })
    #expect(track.hosts.map(\.host) == ["clicks.example.com"])
    #expect(!track.routes.contains("clip"))
    #expect(opens(generator, "https://clicks.example.com/wf/abc"))
    #expect(!opens(generator, "https://example.com/wf/abc"))
    #expect(!opens(generator, "https://sample.cdn.example/wf/abc"))
    #expect(opens(generator, "https://a.cdn.example/img/logo"))
    #expect(!opens(generator, "https://example.com/img/logo"))
    // A merged filter would open every route's path on every host of the filter: the shared filter
    // holds only routes for every host.
    let shared = try #require(generator.filters.first { $0.routes.contains("clip") })
    #expect(shared.hosts.map(\.host) == ["example.com", "clicks.example.com", "*.cdn.example"])
    #expect(!shared.routes.contains("track") && !shared.routes.contains("cdn"))
  }

  // [verify] autoVerify on https filters only; custom schemes are never verified.
  @Test func onlyWebFiltersAskForVerification() throws {
    let generator = try make()
    for filter in generator.filters {
      #expect(filter.autoVerify == filter.schemes.allSatisfy { $0 == "https" || $0 == "http" })
    }
    #expect(generator.filters.contains { $0.schemes == ["myapp"] && !$0.autoVerify })
  }

  // [data] a wildcard host admits subdomains, not the domain itself; `*` admits any host.
  @Test func wildcardHosts() throws {
    let generator = try make()
    #expect(opens(generator, "https://a.cdn.example/img/x"))
    #expect(!opens(generator, "https://cdn.example/img/x"))
    let anyHost = try make(
      RouteTable(hosts: ["example.com"], routes: [RouteDefinition("page", "/page/{id}", hosts: ["*"])]))
    let filter = try #require(anyHost.filters.first)
    #expect(filter.hosts.map(\.host) == ["*"])
    #expect(!filter.autoVerify)
    #expect(anyHost.notes.contains { $0.contains("cannot be an App Link") })
    #expect(anyHost.filters.contains { $0.opens("https://elsewhere.example/page/1") })
  }

  // [data] Android reads `myapp://channel/video/1` with host `channel`: one filter per first segment.
  @Test func customSchemeLinksUseTheFirstSegmentAsTheHost() throws {
    let generator = try make()
    let custom = generator.filters.filter { $0.schemes == ["myapp"] }
    #expect(custom.contains { $0.hosts.map(\.host) == ["channel"] })
    #expect(custom.contains { $0.hosts.map(\.host) == ["app"] })
    #expect(opens(generator, "myapp://channel/video/42"))
    #expect(opens(generator, "myapp://app/7"))
    #expect(!opens(generator, "myapp://app/video/42"))
    #expect(!opens(generator, "myapp://channel/7"))
    // The scoped route has no custom-scheme filter; the https-only scheme scope no web one.
    #expect(!opens(generator, "myapp://wf/abc"))
    #expect(!opens(generator, "https://example.com/app/7"))
  }

  // [IF-src] scheme exactly, host without case, path decoded.
  @Test func schemeHostAndPathAreReadAsAndroidReadsThem() throws {
    let generator = try make()
    #expect(!opens(generator, "HTTPS://example.com/about"))
    #expect(opens(generator, "https://EXAMPLE.com/about"))
    #expect(opens(generator, "https://example.com/%61bout"))
    #expect(opens(generator, "https://example.com/about/"))
    #expect(opens(generator, "https://example.com:443/about"))
  }

  @Test func pathsAreExactWhereAndroidCanSayIt() throws {
    let generator = try make()
    let paths = generator.filters.flatMap(\.paths).map(\.description)
    #expect(paths.contains(#"path="/about""#))
    #expect(paths.contains(#"path="/about/""#))
    #expect(paths.contains(#"pathAdvancedPattern="/channel/video/[^/]+/*""#))
    #expect(paths.contains(#"pathPattern="/channel/..*/videos""#))
    #expect(paths.contains(#"pathPattern="/channel/..*/videos/""#))
    #expect(paths.contains(#"path="/docs""#))
    #expect(paths.contains(#"pathPrefix="/docs/""#))
    #expect(paths.contains(#"pathAdvancedPattern="/n/-{0,1}[0-9]+/*""#))
    #expect(
      paths.contains(
        #"pathAdvancedPattern="/asset/[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\.json/*""#
      ))
    // Below API 31 only pathPattern, with the widenings listed.
    let old = try make(minimumAPILevel: 24)
    #expect(!old.filters.flatMap(\.paths).contains { $0.kind == .advancedGlob })
    #expect(old.widenings.contains { $0.route == "clip" && $0.kind == .spansSegments })
    #expect(!old.xml.contains("pathAdvancedPattern"))
  }

  @Test func wideningsAreListedWithExamplesTheFiltersOpenAndTheRouterRefuses() throws {
    let router = try Router(Self.table)
    for level in [24, 31] {
      let generator = AndroidIntentFilterGenerator(router: router, minimumAPILevel: level)
      #expect(!generator.widenings.isEmpty)
      for widening in generator.widenings {
        #expect(
          generator.filters.contains { $0.opens(widening.example, apiLevel: level) },
          "API \(level): \(widening)")
        #expect((try? router.match(widening.example)) == nil, "API \(level): \(widening)")
      }
    }
    let kinds = Set(try make().widenings.map(\.kind.description))
    #expect(kinds.isSuperset(of: ["integer-range", "value-set-text", "query-rule"]))
  }

  // The migration article's pattern for a prefix that varies: the filters of a verified host must
  // open the product links and nothing else of the site. The pieces after the catch-all are stated
  // for each count of its segments up to a bound (the advanced glob repeats one token, never a
  // segment, and takes all it can without giving back); longer prefixes are a listed narrowing.
  @Test func aCatchAllBeforeOtherPiecesOpensOnlyItsRoutesLinks() throws {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["shop.example.com"],
      routes: [
        RouteDefinition("home", "/"), RouteDefinition("product", "/{locale*}/product/{id}"),
        RouteDefinition("wiki", "/{any+}/wiki/{title}"),
      ])
    let router = try Router(table)
    for level in [24, 31] {
      let generator = AndroidIntentFilterGenerator(router: router, minimumAPILevel: level)
      let web = try #require(generator.filters.first { $0.schemes.contains("https") })
      #expect(web.autoVerify)
      #expect(
        !web.paths.contains { [".+", "/.+", "/..*"].contains($0.pattern) }, "API \(level): \(web.paths)")
      for path in [
        "/product/1", "/en-us/product/1", "/de/ch/product/1", "/a/b/c/d/product/1", "/en-us/product/1/",
        "/x/wiki/Main", "/a/b/c/d/wiki/Main",
      ] {
        let link = "https://shop.example.com" + path
        #expect(try router.match(link) != nil, "\(link)")
        #expect(web.opens(link, apiLevel: level), "API \(level): \(link)")
      }
      // The rest of the site stays in the browser: pages no route takes (below API 31 a last
      // parameter may span segments, the listed widening of every route there).
      for path in [
        "/about-us", "/blog/2024/spring-sale", "/en-us/cart", "/product", "/en-us/product/1/reviews",
      ]
      where level >= 31 || !path.hasSuffix("/reviews") {
        let link = "https://shop.example.com" + path
        #expect(try router.match(link) == nil, "\(link)")
        #expect(!web.opens(link, apiLevel: level), "API \(level): \(link) opens the app")
      }
      // Deeper than the bound: the router routes it, Android opens the browser, and it is listed.
      let deep = "https://shop.example.com/a/b/c/d/e/product/1"
      #expect(try router.match(deep)?.route == "product")
      #expect(!web.opens(deep, apiLevel: level))
      #expect(
        generator.narrowings.contains {
          $0.route == "product" && $0.kind == .middleCatchAllDepth && $0.parameter == "locale"
        }, "API \(level): \(generator.narrowings)")
      #expect(
        !generator.widenings.contains { $0.route == "product" && $0.kind != .spansSegments },
        "API \(level): \(generator.widenings)")
    }
    let xml = AndroidIntentFilterGenerator(router: router).xml
    #expect(xml.contains(#"<data android:pathAdvancedPattern="/product/[^/]+/*" />"#), "\(xml)")
    #expect(xml.contains(#"<data android:pathAdvancedPattern="/[^/]+/product/[^/]+/*" />"#), "\(xml)")
    #expect(
      xml.contains(#"<data android:pathAdvancedPattern="/[^/]+/[^/]+/[^/]+/[^/]+/product/[^/]+/*" />"#),
      "\(xml)")
  }

  // [IF-src] the path compared is Uri.getPath(), decoded: the router writes "/" in a value as %2F,
  // which Android reads as two segments. The link the router builds is listed as a narrowing.
  @Test func aValueHoldingASlashIsANarrowingWithTheLinkTheRouterBuilds() throws {
    let router = try Router(Self.table)
    let generator = AndroidIntentFilterGenerator(router: router)
    let link = try router.urlString(for: "clip", ["clipId": .string("AC/DC")])
    #expect(link == "https://example.com/channel/video/AC%2FDC")
    #expect((try router.match(link))?.route == "clip")
    #expect(!opens(generator, link))
    let narrowing = try #require(generator.narrowings.first { $0.route == "clip" })
    #expect(narrowing.kind == .encodedSlash && narrowing.parameter == "clipId" && narrowing.example == link)
    // An integer never holds "/": nothing is listed for {id:int}.
    #expect(!generator.narrowings.contains { $0.route == "note" })
  }

  // [IF-src] + [Uri-src] (`AndroidLinkMatchingTests`): `https://example.com` and `myapp://docs`
  // have the empty path, which `path="/"` and `pathPrefix="/"` miss.
  @Test func linksWithoutAPathOpenTheRoutesThatTakeThem() throws {
    let table = RouteTable(
      schemes: ["myapp"], hosts: ["example.com"],
      routes: [RouteDefinition("home", "/"), RouteDefinition("docs", "/docs/{path*}")])
    let router = try Router(table)
    let current = AndroidIntentFilterGenerator(router: router, minimumAPILevel: 31)
    for link in ["https://example.com", "https://example.com/", "https://example.com//", "myapp://docs"] {
      #expect((try router.match(link)) != nil, "\(link)")
      #expect(current.filters.contains { $0.opens(link, apiLevel: 31) }, "\(link)")
    }
    #expect(!current.narrowings.contains { $0.kind == .emptyPath })
    // Below API 31 `/*` cannot be said: the web root's empty path is listed.
    let old = AndroidIntentFilterGenerator(router: router, minimumAPILevel: 24)
    #expect(old.filters.contains { $0.opens("myapp://docs", apiLevel: 24) })
    #expect(!old.filters.contains { $0.opens("https://example.com", apiLevel: 24) })
    #expect(
      old.narrowings.contains {
        $0.route == "home" && $0.kind == .emptyPath && $0.example == "https://example.com"
      })
    // A root catch-all takes every path: its filter reads none.
    let everything = AndroidIntentFilterGenerator(
      router: try Router(RouteTable(hosts: ["example.com"], routes: [RouteDefinition("all", "/{rest*}")])))
    #expect(everything.filters.map(\.paths) == [[]])
    #expect(everything.filters[0].opens("https://example.com"))
  }

  // [IF-src] a custom-scheme link's first segment is Android's host; below API 31 a route of one
  // segment is written `path="/"`, so the link needs the slash after its host.
  @Test func everyListedDifferenceHoldsAtTheMinimumAPILevel() throws {
    let router = try Router(
      RouteTable(schemes: ["acme"], routes: [RouteDefinition("number", "/{id:int}")]))
    for level in [24, 31] {
      let generator = AndroidIntentFilterGenerator(router: router, minimumAPILevel: level)
      let widening = try #require(generator.widenings.first { $0.kind == .authorityText })
      #expect(widening.example == (level < 31 ? "acme://x/" : "acme://x"))
      #expect(generator.filters.contains { $0.opens(widening.example, apiLevel: level) })
      #expect((try? router.match(widening.example)) == nil)
    }
  }

  // A table that reads the trailing slash: a pattern that ends with one is written with it.
  @Test func aStrictTableKeepsThePatternsTrailingSlash() throws {
    let table = RouteTable(
      hosts: ["example.com"], options: .init(strictTrailingSlash: true),
      routes: [RouteDefinition("q", "/q/{id}/"), RouteDefinition("s", "/s/t/"), RouteDefinition("a", "/a")])
    let generator = try make(table)
    #expect(
      generator.filters.flatMap(\.paths).map(\.description) == [
        #"pathAdvancedPattern="/q/[^/]+/""#, #"path="/s/t/""#, #"path="/a""#,
      ])
    #expect(opens(generator, "https://example.com/q/1/"))
    #expect(!opens(generator, "https://example.com/q/1"))
  }

  // The router drops empty segments; Android compares the path as written.
  @Test func emptySegmentsAreListedBothWays() throws {
    let generator = try make()
    let narrowing = try #require(generator.narrowings.first { $0.kind == .emptySegment })
    #expect(narrowing.route == nil && narrowing.example.contains("//"))
    // `{path+}` is `.+`, which admits `/files//` (one empty segment the router drops).
    let widening = try #require(generator.widenings.first { $0.kind == .emptySegment })
    #expect(widening.route == nil && widening.example.contains("//"))
  }

  @Test func hostileTextIsEscapedAndReadsBack() throws {
    let table = RouteTable(
      hosts: ["example.com"],
      routes: [
        RouteDefinition("a--b<&\"\n-", "/x%3C%26%22%5C%2A/{id}"),
        RouteDefinition("c-", "/y/{id}/z"),
      ])
    let generator = try make(table)
    let xml = generator.xml
    #expect(!xml.contains("a--b"))
    #expect(xml.contains("a- -b<&\"\\u{A}-"))
    // Every comment is well formed: no `--` inside, none ends with `-`.
    for comment in xml.components(separatedBy: "<!--").dropFirst() {
      let body = try #require(comment.components(separatedBy: "-->").first)
      #expect(!body.contains("--") && !body.hasSuffix("-"), "\(body)")
    }
    #expect(xml.contains(#"/x&lt;&amp;\&quot;\\\\\\*/"#))
    let read = try AndroidManifestReader.filters(in: xml)
    #expect(read.map(\.paths) == generator.filters.map(\.paths))
    #expect(read.map(\.hosts) == generator.filters.map(\.hosts))
    #expect(read.map(\.autoVerify) == generator.filters.map(\.autoVerify))
    #expect(read.allSatisfy { $0.isBrowsable })
    #expect(read.contains { $0.opens("https://example.com/x%3C%26%22%5C%2A/1") })
  }

  @Test func theManifestReaderReadsARealManifestAndRefusesBrokenXML() throws {
    let manifest = """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:a="http://schemas.android.com/apk/res/android" package="com.example">
        <application>
          <activity a:name=".Main">
            <!-- not browsable: no link from a browser reaches it -->
            <intent-filter>
              <action a:name="android.intent.action.VIEW" />
              <category a:name="android.intent.category.DEFAULT" />
              <data a:scheme="https" a:host="private.example" />
            </intent-filter>
            <intent-filter a:autoVerify="true">
              <action a:name="android.intent.action.VIEW" />
              <category a:name="android.intent.category.DEFAULT" />
              <category a:name="android.intent.category.BROWSABLE" />
              <data a:scheme="https" a:host="example.com" a:pathPattern="/files/.*\\\\.pdf" />
            </intent-filter>
          </activity>
        </application>
      </manifest>
      """
    let filters = try AndroidManifestReader.filters(in: manifest)
    #expect(filters.count == 2)
    #expect(!filters[0].isBrowsable)
    #expect(!filters[0].opens("https://private.example/"))
    #expect(filters[1].paths == [AndroidPathPattern(.simpleGlob, "/files/.*\\.pdf")])
    #expect(filters[1].opens("https://example.com/files/a.pdf"))
    #expect(!filters[1].opens("https://example.com/files/a.b.pdf"))
    #expect(throws: AndroidManifestError.self) {
      _ = try AndroidManifestReader.filters(in: "<a>\n  <b c=\"1 />")
    }
    let unnamed = #expect(throws: AndroidManifestError.self) {
      _ = try AndroidManifestReader.filters(in: "<a>\n <data android:host=\"x&y\"/>")
    }
    #expect(unnamed?.line == 2)
    #expect(unnamed?.column == 23)
  }

  /// Fuzz finding `Fuzz/Regressions/aasa-entity-across-lines`: an `&` whose would-be entity runs
  /// over a line break was reported at the next line with a negative column; the place is the `&`.
  @Test func anAmpersandBeforeALineBreakIsReportedWhereItStands() throws {
    let error = #expect(throws: AndroidManifestError.self) {
      _ = try AndroidManifestReader.filters(in: "<a>\n <data android:host=\"x&\n\n  y\"/>")
    }
    #expect(error?.line == 2)
    #expect(error?.column == 23)
    #expect(error?.description.hasPrefix("line 2, column 23: an \"&\" that starts no entity") == true)
  }

  /// From minSdk 35 (Android 15) a route that reads the query or the fragment gets
  /// `<uri-relative-filter-group>` elements, which Android reads once no path matched, every
  /// condition of a group together (developer.android.com/guide/topics/manifest/uri-relative-filter-group-element):
  /// the query-rule and fragment-path widenings of API 31 are gone, an absent-only item stays one.
  @Test func queryAndFragmentRoutesGetRelativeFilterGroupsFromAPI35() throws {
    let table = RouteTable(
      hosts: ["example.com"],
      routes: [
        RouteDefinition("search", "/search?q={query}"), RouteDefinition("promo", "/promo?ref=spring&!debug"),
        RouteDefinition("room", "/#/room/{id}"), RouteDefinition("about", "/about"),
      ])
    let old = try make(table, minimumAPILevel: 31)
    let new = try make(table, minimumAPILevel: 35)
    #expect(opens(old, "https://example.com/search"))
    #expect(!opens(new, "https://example.com/search"))
    #expect(opens(new, "https://example.com/search?q=shoes"))
    #expect(!opens(new, "https://example.com/search?q="))
    #expect(opens(new, "https://example.com/promo?ref=spring"))
    #expect(!opens(new, "https://example.com/promo?ref=fall"))
    #expect(opens(new, "https://example.com/#/room/7"))
    #expect(!opens(new, "https://example.com/#/lobby"))
    #expect(opens(new, "https://example.com/about"))
    #expect(old.widenings.contains { $0.route == "search" && $0.kind == .queryRule })
    #expect(!new.widenings.contains { $0.route == "search" || $0.route == "room" })
    #expect(
      new.widenings.contains { $0.route == "promo" && $0.kind == .queryRule && $0.parameter == "!debug" })
    #expect(
      new.xml.contains(
        """
            <uri-relative-filter-group android:allow="true">
              <data android:path="/search" />
              <data android:queryAdvancedPattern="q=.+" />
            </uri-relative-filter-group>
        """))
    #expect(new.xml.contains(#"<data android:fragmentAdvancedPattern="/room/[^/]+/*" />"#))
    #expect(!old.xml.contains("uri-relative-filter-group"))
    // The XML reads back as the same filters.
    let read = try AndroidManifestReader.manifest(in: new.xml)
    #expect(read.filters.map(\.relativeFilterGroups) == new.filters.map(\.relativeFilterGroups))
  }
}
