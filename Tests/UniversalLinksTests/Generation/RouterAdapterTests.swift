import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

@Suite("One route table for the router, the association file and the site")
struct RouterAdapterTests {
  static let table = RouteTable(
    schemes: ["myapp"],
    hosts: ["example.com", "*.example.com"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("user", "/users/{id:int}"),
      RouteDefinition("share", "/share/{token:uuid}", requiresVerifiedLink: true),
      RouteDefinition("files", "/files/{path+}"),
      RouteDefinition("docs", "/docs/{path*}"),
      RouteDefinition("menu", "/caf%C3%A9/menu"),
      RouteDefinition("search", "/search?q={query}&page={page:int?}"),
      RouteDefinition("subClip", "/channel/sub/{subId}/video/{clipId}"),
      RouteDefinition("sub", "/channel/sub/{subId}"),
    ]
  )

  static let values: [String: RouteParameters] = [
    "home": [:], "clip": ["clipId": .string("12345")], "user": ["id": .int(42)],
    "share": ["token": .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)))],
    "files": ["path": .segments(["a", "b c"])], "docs": ["path": .segments([])],
    "menu": [:], "search": ["query": .string("goal highlights")],
    "subClip": ["subId": .string("sports"), "clipId": .string("7")], "sub": ["subId": .string("sports")],
  ]

  @Test("Shapes come from the router's typed segments, every route included")
  func shapes() throws {
    let shapes = RoutePathShape.shapes(from: try Router(Self.table))
    #expect(
      shapes.map(\.description) == [
        "/", "/channel/video/{clipId}", "/users/{id:int}", "/share/{token:uuid}", "/files/{path+}",
        "/docs/{path*}", "/café/menu", "/search", "/channel/sub/{subId}/video/{clipId}",
        "/channel/sub/{subId}",
      ])
    #expect(shapes.map(\.name) == Self.table.routes.map(\.name))
    #expect(shapes[3].pieces == [.literal("share"), .parameter(name: "token", type: .uuid)])
    #expect(shapes[6].pieces == [.literal("café"), .literal("menu")])
  }

  @Test("Every route's Universal Link opens the app, on the rule of that very route")
  func everyBuiltLinkMatchesItsRoute() throws {
    let router = try Router(Self.table)
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
    let document = try generator.document()
    let components = try #require(document.appLinks?.details.first?.components)
    let matcher = AASAMatcher(document: document)
    for route in Self.table.routes {
      let url = try router.urlString(
        for: route.name, try #require(Self.values[route.name]), form: .universalLink)
      let result = try matcher.match(url, domain: "example.com")
      guard case .match(_, _, let rule) = result else {
        Issue.record("\(url) (\(route.name)): \(result)")
        continue
      }
      #expect(components[rule].comment?.hasPrefix("route \(route.name):") == true, "\(url)")
      #expect(
        try matcher.match(
          url.replacingOccurrences(of: "://example.com", with: "://shop.example.com"),
          domain: "*.example.com"
        ).opensApp)
    }
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
    #expect(AASAValidator().validate(document: document).isEmpty)
  }

  @Test("Rules are written most specific first; ties keep the table's order")
  func ordering() throws {
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: try Router(Self.table))
    #expect(
      generator.orderedShapes.map(\.name) == [
        "subClip", "clip", "sub", "menu", "share", "user", "files", "docs", "search", "home",
      ])
  }

  @Test("The parent of a route under another route's parameter does not open the app")
  func parentUnderAParameterIsExcluded() throws {
    let shapes = RoutePathShape.shapes(from: try Router(Self.table))
    let document = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], shapes: shapes).document()
    let report = AASAConsistencyCheck(shapes: shapes).run(on: document)
    #expect(report.isConsistent, "\(report)")
    let parent = try #require(report.checks.first { $0.path == "/channel/sub/sample/video" })
    #expect(parent.kind == .unroutedPath)
    #expect(!parent.result.opensApp)
    // A file that lets a path through which no parameter widens to is still a failure.
    let tooWide = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(appIDs: ["ABCDE12345.a.b"], components: [AASAComponent(path: "*")])
      ]))
    let failures = AASAConsistencyCheck(shapes: shapes).run(on: tooWide).failures.map(\.path)
    for path in [
      "/definitely-not-routed", "/channel/video", "/users", "/share", "/files", "/caf%C3%A9", "/channel/sub",
      "/channel/sub/sample/video",
    ] {
      #expect(failures.contains(path), "\(path)")
    }
  }

  @Test("The table's hosts are the file's domains: entitlements and where to serve it")
  func domains() throws {
    let generator = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], table: Self.table)
    #expect(generator.domains == ["example.com", "*.example.com"])
    #expect(generator.entitlements == ["applinks:example.com", "applinks:*.example.com"])
    #expect(
      generator.fileLocations == [
        "https://example.com/.well-known/apple-app-site-association",
        "https://<subdomain>.example.com/.well-known/apple-app-site-association",
      ])
  }

  @Test("A case-insensitive table writes caseSensitive false once, and the file then opens for any case")
  func caseInsensitive() throws {
    var table = Self.table
    table.options.caseInsensitive = true
    let document = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], table: table).document()
    let components = try #require(document.appLinks?.details.first?.components)
    // Once, in the section's defaults, which every rule takes: not once per rule.
    #expect(document.appLinks?.defaults == AASAComponent(caseSensitive: false))
    #expect(components.allSatisfy { $0.caseSensitive == nil })
    #expect(document.jsonString().components(separatedBy: "caseSensitive").count == 2)
    #expect(try AASAMatcher(document: document).match("https://example.com/Channel/Video/1").opensApp)
    let sensitive = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], table: Self.table).document()
    #expect(try !AASAMatcher(document: sensitive).match("https://example.com/Channel/Video/1").opensApp)
    #expect(sensitive.jsonString().contains("caseSensitive") == false)
  }

  @Test("The site takes the canonical host, the scheme and every host from the table")
  func site() throws {
    var table = Self.table
    table.hosts = ["*.example.com", "Example.com", "example.org:8443"]
    table.schemes = ["https", "myapp"]
    table.options.caseInsensitive = true
    let site = try SiteGenerator(
      router: try Router(table), appName: "Example", appStoreID: "123", appIDs: ["ABCDE12345.com.example.app"]
    )
    #expect(site.host == "example.com")
    #expect(site.customScheme == "myapp")
    let files = try site.files()
    let html = String(decoding: try #require(files["public/fallback.html"]), as: UTF8.self)
    // The canonical link is on the canonical host, with the page's own path, which nginx writes.
    #expect(
      html.contains(
        #"<link rel="canonical" href="https://example.com<!--# echo var="request_uri" default="/" encoding="entity" -->">"#
      ))
    #expect(html.contains(#"href="myapp://">Open in the app</a>"#))
    let nginx = String(decoding: try #require(files["nginx.conf"]), as: UTF8.self)
    #expect(nginx.contains("server_name example.com *.example.com example.org;"))
    #expect(nginx.contains(#"location ~* "^/channel/video/[^/]+/?$""#))
    #expect(nginx.contains("/share/"), "routes that require a verified link get the fallback page too")
  }

  @Test("A table without a plain host or without a custom scheme cannot make a site, and says why")
  func siteNeedsHostAndScheme() throws {
    var table = Self.table
    table.hosts = ["*.example.com"]
    let noHost = try #require(throws: SiteGenerationError.self) {
      try SiteGenerator(router: try Router(table), appName: "A", appStoreID: nil, appIDs: [])
    }
    #expect(noHost.field == "hosts")
    #expect(noHost.description.contains("no host that is not a wildcard"))
    table = Self.table
    table.schemes = ["http"]
    let noScheme = try #require(throws: SiteGenerationError.self) {
      try SiteGenerator(router: try Router(table), appName: "A", appStoreID: nil, appIDs: [])
    }
    #expect(noScheme.field == "schemes")
  }

  @Test("Without an App Store ID the page has no banner and no store link")
  func pageWithoutStore() throws {
    let page = try FallbackPage(
      appName: "A", appStoreID: nil, canonicalURL: "https://example.com/x", appURL: "myapp://x")
    let html = page.html()
    #expect(!html.contains("apple-itunes-app"))
    #expect(!html.contains(#"id="app-store""#))
    #expect(!html.contains("apps.apple.com"))
    #expect(html.contains(#"<a id="open-in-app" class="button" href="myapp://x">"#))
    #expect(page.storeURL == nil)
  }
}

@Suite("Generation: required query items")
struct RequiredQueryGenerationTests {
  static func router() throws -> Router {
    try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("search", "/search?q={query}&page={page:int?}"),
          RouteDefinition("clip", "/clip/{id}"),
        ]))
  }

  @Test func requiredItemsBecomeAQueryDictionary() throws {
    let shapes = RoutePathShape.shapes(from: try Self.router())
    #expect(shapes[0].requiredQueryItems == ["q"])
    #expect(shapes[0].sampleLink == "/search?q=sample")
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], shapes: shapes)
    let components = try generator.components()
    let search = try #require(components.first { $0.comment?.contains("route search") == true })
    #expect(search.query == .items(["q": "?*"]))
    let clip = try #require(components.first { $0.comment?.contains("route clip") == true })
    #expect(clip.query == nil)
  }

  @Test func theAppOpensOnlyWithTheRequiredItem() throws {
    let shapes = RoutePathShape.shapes(from: try Self.router())
    let document = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], shapes: shapes).document()
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("https://example.com/search?q=goals").opensApp)
    #expect(try matcher.match("https://example.com/search?page=2&q=goals").opensApp)
    #expect(try !matcher.match("https://example.com/search").opensApp)
    #expect(try !matcher.match("https://example.com/search?q=").opensApp)
    #expect(try !matcher.match("https://example.com/search?page=2").opensApp)
    let report = AASAConsistencyCheck(shapes: shapes).run(on: document)
    #expect(report.isConsistent, "\(report)")
  }
}

extension RequiredQueryGenerationTests {
  @Test func onTheSamePathTheRouteWithAQueryComesFirst() throws {
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [RouteDefinition("plain", "/find"), RouteDefinition("withQuery", "/find?tag={tag}")]))
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
    #expect(generator.orderedShapes.map(\.name) == ["withQuery", "plain"])
    let document = try generator.document()
    #expect(try AASAMatcher(document: document).match("https://example.com/find").opensApp)
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
  }
}
