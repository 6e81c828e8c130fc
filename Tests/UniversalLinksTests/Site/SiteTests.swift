import Foundation
import Testing

@testable import UniversalLinks

@Suite("Fallback page and server configuration")
struct SiteTests {
  @Test("The page has the banner, the app link and the store link")
  func contents() throws {
    let page = try FallbackPage(
      appName: "Example",
      appStoreID: "123456789",
      canonicalURL: "https://example.com/channel/video/1",
      appURL: "example://channel/video/1"
    )
    let html = page.html()
    #expect(
      html.contains(
        #"<meta name="apple-itunes-app" content="app-id=123456789, app-argument=https://example.com/channel/video/1">"#
      ))
    #expect(
      html.contains(
        #"<a id="open-in-app" class="button" href="example://channel/video/1">Open in the app</a>"#))
    #expect(html.contains(#"href="https://apps.apple.com/app/id123456789""#))
    #expect(
      html.contains(
        #"document.getElementById("open-in-app").href = "example" + ":" + slashes + path + location.search;"#)
    )
    #expect(html.contains(#""https://example.com" + location.pathname + location.search"#))
    #expect(!html.contains("location.origin"))
    #expect(!html.contains("<script src"))
  }

  @Test("Attribute values and text are HTML-escaped, script strings cannot close the script")
  func escaping() throws {
    let page = try FallbackPage(
      appName: #"<b>"Tom" & 'Jerry'</b>"#,
      appStoreID: "1",
      canonicalURL: #"https://example.com/?a=1&b="2""#,
      appURL: #"x-app://open?a=1&b=<2>"#
    )
    let html = page.html()
    #expect(html.contains("<title>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</title>"))
    #expect(html.contains("app-argument=https://example.com/?a=1&amp;b=&quot;2&quot;"))
    #expect(html.contains(#"href="x-app://open?a=1&amp;b=&lt;2&gt;""#))
    #expect(!html.contains("<b>"))
    #expect(HTMLText.javaScriptString("</script><x>") == #""\u003C/script\u003E\u003Cx\u003E""#)
  }

  @Test(
    "Bad inputs are typed errors",
    arguments: [
      ("12a", "https://example.com/", "app://x", "appStoreID"),
      ("", "https://example.com/", "app://x", "appStoreID"),
      ("1", "http://example.com/", "app://x", "canonicalURL"),
      ("1", "https://example.com/", "no scheme", "appURL"),
      ("1", "https://example.com/", "1app://x", "appURL"),
    ])
  func badInputs(storeID: String, canonical: String, appURL: String, field: String) throws {
    let error = try #require(throws: SiteGenerationError.self) {
      try FallbackPage(appName: "A", appStoreID: storeID, canonicalURL: canonical, appURL: appURL)
    }
    #expect(error.field == field)
  }

  @Test("nginx serves the association files as JSON without redirects and rewrites routed paths")
  func nginx() throws {
    let shapes = try [
      RoutePathShape(name: "video", template: "/channel/video/{clipId}"),
      RoutePathShape(name: "user", template: "/users/{id:int}"),
      RoutePathShape(name: "docs", template: "/docs/{path*}"),
      RoutePathShape(name: "dots", template: "/a.b/{x+}"),
    ]
    let text = try NginxConfiguration(serverName: "example.com", root: "/srv/site", shapes: shapes).text()
    #expect(
      text.contains(
        "location = /.well-known/apple-app-site-association {\n        default_type application/json;"))
    #expect(text.contains("location = /.well-known/assetlinks.json {"))
    #expect(!text.contains("return 301"))
    #expect(!text.contains("rewrite"))
    #expect(text.contains(#"location ~ "^/channel/video/[^/]+/?$" {"#))
    #expect(text.contains(#"location ~ "^/users/-?[0-9]+/?$" {"#))
    #expect(text.contains(#"location ~ "^/docs(/.*)?/?$" {"#))
    #expect(text.contains(#"location ~ "^/a\.b/.+/?$" {"#))
    #expect(text.components(separatedBy: "try_files $uri /fallback.html;").count == shapes.count + 1)
  }

  @Test("The site generator writes every file, each valid on its own")
  func files() throws {
    let site = SiteGenerator(
      host: "example.com",
      appName: "Example",
      appStoreID: "123456789",
      customScheme: "example",
      appIDs: ["ABCDE12345.com.example.app"],
      shapes: [try RoutePathShape(name: "video", template: "/channel/video/{clipId}")],
      androidPackageNames: ["com.example.app"],
      androidFingerprints: [sampleFingerprint]
    )
    let files = try site.files()
    #expect(
      files.keys.sorted() == [
        "nginx.conf", "public/.well-known/apple-app-site-association", "public/.well-known/assetlinks.json",
        "public/fallback.html",
      ]
    )
    let aasa = try #require(files["public/.well-known/apple-app-site-association"])
    #expect(AASAValidator().validate(data: aasa).isEmpty)
    #expect(
      try AASAMatcher(document: AASADocument(jsonData: aasa)).match("https://example.com/channel/video/1")
        .opensApp)
    let assetLinks = try AssetLinksDocument(
      jsonData: try #require(files["public/.well-known/assetlinks.json"]))
    #expect(assetLinks.statements.first?.target.packageName == "com.example.app")

    var broken = site
    broken.androidFingerprints = ["nope"]
    #expect(throws: CertificateFingerprintError.self) { try broken.files() }
    broken = site
    broken.shapes = [RoutePathShape(name: "star", pieces: [.literal("*")])]
    #expect(throws: AASAGenerationError.self) { try broken.files() }
    broken = site
    broken.appStoreID = "id123"
    #expect(throws: SiteGenerationError.self) { try broken.files() }
  }
}
