import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// The pages of routes with link previews, as the site writes them: nginx captures the named values
/// into variables and fills the page's tags with them through escaping includes; every text from the
/// route file is HTML-escaped, so none can open a tag or an include.
@Suite("Link preview pages")
struct LinkPreviewPageTests {
  static let hostileTitle =
    "</title><script>alert(1)</script> \"q\" & 'a' <!--# include virtual=\"/etc/passwd\" --> ; }}\nnext"

  static func site(_ routes: [RouteDefinition], android: Bool = false) throws -> [String: String] {
    let table = RouteTable(schemes: ["myapp"], hosts: ["example.com"], routes: routes)
    var site = try SiteGenerator(
      router: try Router(table), appName: "Channel", appStoreID: "123456789",
      appIDs: ["ABCDE12345.com.example.app"],
      androidPackageNames: android ? ["com.example.app"] : [],
      androidFingerprints: android
        ? ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
        : [])
    site.webOrigin = nil
    return try site.files().mapValues { String(decoding: $0, as: UTF8.self) }
  }

  static let clip = RouteDefinition(
    "clip", "/channel/video/{clipId}",
    preview: LinkPreview(
      title: "Clip {clipId}", description: "Watch clip {clipId} in Channel",
      image: "https://cdn.example.com/clips/{clipId}.jpg?size=large&fit=1"))

  @Test func nginxCapturesTheNamedValuesAndServesThePreviewPageThroughIncludes() throws {
    let files = try Self.site([RouteDefinition("home", "/"), Self.clip, RouteDefinition("search", "/s/{q}")])
    let nginx = try #require(files["nginx.conf"])
    #expect(
      nginx.contains(
        #"location ~ "^/channel/video/(?<deeplink_0>[^/]+)/?$" {  # route clip: /channel/video/{clipId}"#
          + "\n        try_files $uri /.deeplink/preview-1.html;"), "\(nginx)")
    #expect(
      nginx.contains("location = /.deeplink/preview-1.html {\n        internal;\n        ssi on;\n    }"))
    // Routes without a preview keep the plain page and capture nothing.
    #expect(
      nginx.contains(
        #"location ~ "^/s/[^/]+/?$" {  # route search: /s/{q}"# + "\n        try_files $uri /fallback.html;"))
    #expect(!nginx.contains("preview-0") && !nginx.contains("preview-2"))

    let page = try #require(files["public/.deeplink/preview-1.html"])
    let clip = #"Clip <!--# echo var="deeplink_0" default="" encoding="entity" -->"#
    #expect(page.contains("<title>\(clip)</title>"))
    #expect(page.contains(#"<meta property="og:title" content="\#(clip)">"#))
    #expect(page.contains(#"<meta name="twitter:title" content="\#(clip)">"#))
    #expect(
      page.contains(
        #"<meta property="og:description" content="Watch clip <!--# echo var="deeplink_0" default="" encoding="entity" --> in Channel">"#
      ))
    #expect(
      page.contains(
        #"<meta property="og:image" content="https://cdn.example.com/clips/<!--# echo var="deeplink_0" default="" encoding="url" -->.jpg?size=large&amp;fit=1">"#
      ))
    #expect(page.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
    #expect(
      page.contains(
        #"<meta property="og:url" content="https://example.com<!--# echo var="request_uri" default="/" encoding="entity" -->">"#
      ))
    // The page is otherwise the fallback page: banner, app link, store link.
    #expect(page.contains(#"<meta name="apple-itunes-app""#) && page.contains(#"id="open-in-app""#))
    #expect(!(try #require(files["public/fallback.html"])).contains("og:title"))
  }

  @Test func textFromTheRouteFileCannotOpenATagOrAnInclude() throws {
    let route = RouteDefinition(
      "clip", "/channel/video/{clipId}",
      preview: LinkPreview(
        title: Self.hostileTitle + " {clipId}", description: "\"><img src=x onerror=alert(1)>",
        image: "https://cdn.example.com/\"><script>/{clipId}"))
    let files = try Self.site([route])
    let page = try #require(files["public/.deeplink/preview-0.html"])
    #expect(!page.contains("<script>alert"))
    #expect(!page.contains("<img src=x"))
    #expect(!page.contains("<!--# include"))
    // The only includes are the package's: its echoes, and the image's condition.
    let includes = page.components(separatedBy: "<!--#").count - 1
    let echoes = page.components(separatedBy: #"<!--# echo var="deeplink_0" default="" encoding="#).count - 1
    let condition = ["<!--# set var=", "<!--# if expr=", "<!--# else -->", "<!--# endif -->"]
    #expect(condition.allSatisfy { page.components(separatedBy: $0).count == 2 })
    #expect(includes == echoes + 2 + condition.count, "two more: og:url and the canonical link")
    #expect(
      page.contains(
        "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &amp; &#39;a&#39; &lt;!--# include virtual=&quot;/etc/passwd&quot; --&gt; ; }\nnext "
      ))
    #expect(page.contains(#"content="https://cdn.example.com/&quot;&gt;&lt;script&gt;/"#))
    // Nothing of the preview reaches nginx.conf, whose paths use the route's place, not its name.
    let nginx = try #require(files["nginx.conf"])
    #expect(!nginx.contains("alert") && !nginx.contains("passwd"))
  }

  @Test func theImageTagsAreWrittenOnlyWhenEachValueStaysOneSegmentOfTheImageURL() throws {
    let route = RouteDefinition(
      "product", "/shop/{section}/{id:int}",
      preview: LinkPreview(title: "{section}", image: "https://cdn.example.com/{section}/{id}-{section}.png"))
    let page = try #require(try Self.site([route])["public/.deeplink/preview-0.html"])
    let segment = #"(?!\.\.?(\/|\z))[^\/?&]*"#
    let guarded = [
      #"<!--# set var="deeplink_image" value="$deeplink_0/$deeplink_1" -->"#,
      #"<!--# if expr="$deeplink_image = /^\#(segment)\/\#(segment)\z/" -->"#,
      #"<meta name="twitter:card" content="summary_large_image">"#,
      #"<meta property="og:image" content="https://cdn.example.com/<!--# echo var="deeplink_0" default="" encoding="url" -->/<!--# echo var="deeplink_1" default="" encoding="url" -->-<!--# echo var="deeplink_0" default="" encoding="url" -->.png">"#,
      #"<meta name="twitter:image" content="https://cdn.example.com/<!--# echo var="deeplink_0" default="" encoding="url" -->/<!--# echo var="deeplink_1" default="" encoding="url" -->-<!--# echo var="deeplink_0" default="" encoding="url" -->.png">"#,
      "<!--# else -->",
      #"<meta name="twitter:card" content="summary">"#,
      "<!--# endif -->",
    ].joined(separator: "\n")
    #expect(page.contains(guarded), "\(page)")
    // The regex names no variable: nginx would read a `$` in it as one.
    let expression = try #require(page.components(separatedBy: "<!--# if expr=").last)
    #expect(!expression.prefix { $0 != ">" }.dropFirst(18).contains("$"))
    // A fixed image needs no condition.
    let fixed = RouteDefinition(
      "clip", "/c/{id}", preview: LinkPreview(title: "{id}", image: "https://cdn.example.com/logo.png"))
    let plain = try #require(try Self.site([fixed])["public/.deeplink/preview-0.html"])
    #expect(!plain.contains("<!--# if") && plain.contains(#"content="https://cdn.example.com/logo.png""#))
  }

  @Test func everyOneSegmentValueIsCapturedUnderItsOwnVariable() throws {
    let route = RouteDefinition(
      "product", "/shop/{section:(men|women)}/{id:int}/{slug?}",
      preview: LinkPreview(title: "{slug} ({section})", description: "{{id}} {id}"))
    let files = try Self.site([route])
    let nginx = try #require(files["nginx.conf"])
    #expect(
      nginx.contains(
        #"location ~ "^/shop/(?<deeplink_0>(men|women))/(?<deeplink_1>-?[0-9]+)(/(?<deeplink_2>[^/]+))?/?$""#),
      "\(nginx)")
    let page = try #require(files["public/.deeplink/preview-0.html"])
    #expect(
      page.contains(
        #"<title><!--# echo var="deeplink_2" default="" encoding="entity" --> (<!--# echo var="deeplink_0" default="" encoding="entity" -->)</title>"#
      ))
    #expect(page.contains(#"{id} <!--# echo var="deeplink_1""#))
    #expect(page.contains(#"<meta name="twitter:card" content="summary">"#))
    #expect(!page.contains("og:image"))
  }

  @Test func thePageKnowsTheAndroidPackageAndThePlayStore() throws {
    let files = try Self.site([Self.clip], android: true)
    let page = try #require(files["public/fallback.html"])
    #expect(
      page.contains(
        #"<a id="play-store" class="button secondary" href="https://play.google.com/store/apps/details?id=com.example.app">"#
      ))
    #expect(page.contains(#"var androidPackage = "com.example.app";"#))
    let plain = try #require(try Self.site([Self.clip])["public/fallback.html"])
    #expect(!plain.contains(#"id="play-store""#))
    #expect(plain.contains(#"var androidPackage = "";"#))
  }

  @Test(arguments: [
    "http://www.example.com", "https://www.example.com/", "https://www.example.com/path", "https://",
    "https://www.example.com:", "https://www.example.com:80a", "javascript:alert(1)", "https://a b",
  ])
  func aWebOriginMustBeAnHTTPSOrigin(_ origin: String) throws {
    let page = try FallbackPage(
      appName: "A", appStoreID: nil, canonicalURL: "https://example.com/", appURL: "myapp://")
    let error = #expect(throws: SiteGenerationError.self) {
      _ = try page.with(androidPackage: nil, webOrigin: origin)
    }
    #expect(error?.field == "webOrigin")
    _ = try page.with(androidPackage: "com.example.app", webOrigin: "https://www.example.com:8443")
    #expect(throws: SiteGenerationError.self) {
      _ = try page.with(androidPackage: "com.example.\"x", webOrigin: nil)
    }
  }
}
