import DeepLinkRouting

/// The page a routed https URL shows when the app is not installed (or the link opened in Safari).
///
/// Plain HTML, a little CSS and a few lines of JavaScript, no framework. It carries a Smart App Banner
/// (`<meta name="apple-itunes-app" content="app-id=N, app-argument=URL">`), an "Open in the app" link
/// to the app's custom-scheme URL, and a link to the App Store page; without an App Store ID the page
/// has neither the banner nor the store link. Every text and attribute value is HTML-escaped
/// (``HTMLText/escape(_:)``), every string in a script is a JSON string with `<`, `>` and `&` escaped
/// as well (``HTMLText/javaScriptString(_:)``), and the links are `https` or the app's own scheme,
/// never one a browser runs (``HTMLText/isSafeLink(scheme:)``).
///
/// One file serves every routed path: the server rewrites routed paths to it (see
/// ``NginxConfiguration``) and writes the page's canonical link, the same path and query on the
/// canonical origin (a server-side include of `request_uri`, so a crawler that runs no script reads
/// each page's own link), and the scripts rewrite, from `location.pathname` and `location.search`:
/// - the banner's `app-argument` and the canonical link, to the same path and query on the canonical
///   origin (`https://example.com/channel/video/1` for `/channel/video/1`, whichever host served it),
///   which is the Universal Link the app's router reads;
/// - the "Open in the app" link, to the same path and query under the app's scheme
///   (`myapp://channel/video/1`), written as the router builds it: `myapp:///Path` when the first
///   segment would not read back unchanged as a host (upper-case or reserved characters).
///
/// For a path whose route opens only from a verified link (``Route/opensFromCustomScheme`` false),
/// the script takes the "Open in the app" link away and says to open the link from another app: the
/// app refuses that route through its custom scheme, and tapping the page's own Universal Link in
/// Safari does not open the app.
///
/// The store link, on the user's tap and never before, copies the page's Universal Link with a
/// `deeplink_copied_at` item (the copy time) to the clipboard, then opens the store: the app's first
/// launch offers to paste it (`DeferredLinks` in `DeepLinking`), so the user lands where they left off.
/// A note under the button says so.
///
/// The page knows where it is, from the browser's user agent: on iOS it offers the app's link and the
/// App Store; on Android (with ``androidPackage``) its "Open in the app" link is an `intent:` link to
/// the app's package for the page's https link, which Chrome opens in the app when it is installed and
/// otherwise sends to the Play Store page (`S.browser_fallback_url`), next to a Google Play button;
/// both carry the link in the store URL's `referrer` (`deeplink=<link>`, percent-encoded), which
/// Google Play hands to the app at its first launch through the Install Referrer API; in
/// a desktop browser it goes to the same path on ``webOrigin`` when there is one, and otherwise shows
/// the link to open on a phone, with both stores.
///
/// With a ``preview``, the page is a route's own: its title and Open Graph and Twitter card tags are
/// the preview's templates, each literal text HTML-escaped here and each parameter an nginx
/// server-side include (`<!--# echo var="deeplink_0" encoding="entity" -->`), which nginx replaces with
/// the link's value HTML-escaped (percent-encoded in the image URL, whose tags are written only when
/// each value stays one path segment: ``imageCondition(_:)``). Link crawlers run no script, so
/// the tags are filled in by the server. No text from outside can start an include: `<` is always
/// escaped.
///
/// Without JavaScript the page still works with the URLs it was generated with. The banner script runs
/// in `<head>`, right after the tag, so the tag already holds the page's URL when Safari reads it.
package struct FallbackPage: Hashable, Sendable {
  /// The app's name, shown in the title and the heading.
  package var appName: String
  /// The App Store ID, digits only (the `N` of `https://apps.apple.com/app/idN`); `nil` for a page
  /// without Smart App Banner and store link.
  package var appStoreID: String?
  /// The page's canonical https URL, the default `app-argument`; its origin is the origin of every
  /// URL the page hands to the app.
  package var canonicalURL: String
  /// The app's custom-scheme URL for the canonical page, e.g. `myapp://channel/video/1`.
  package var appURL: String
  /// The app's routes in the order its router prefers them; the first whose path regex matches a
  /// page's path decides whether the page offers the custom scheme. Empty: every page offers it.
  package var routes: [Route]
  /// The Android package name, for the `intent:` link and the Google Play button; `nil` for neither.
  package var androidPackage: String?
  /// The web site's own origin (`https://www.example.com`), where a desktop browser is sent for the
  /// same path and query; `nil` to show the link to open on a phone instead.
  package var webOrigin: String?
  /// The route's link preview; `nil` for the plain page.
  package var preview: LinkPreview?
  /// The nginx variable of each parameter the preview names
  /// (``NginxConfiguration/previewVariables(for:preview:)``).
  package var previewVariables: [String: String] = [:]

  /// A route as the page reads it: its path regex and whether the app opens it from its custom scheme.
  package struct Route: Hashable, Sendable {
    /// The route's path regex (the one nginx routes it by), matched against the decoded path.
    package var pathRegex: String
    /// Whether the app opens this route from its custom scheme (`false` for a route that requires a
    /// verified link).
    package var opensFromCustomScheme: Bool
    /// Whether the regex compares case-sensitively.
    package var caseSensitive: Bool

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - pathRegex: The route's path regex.
    ///   - opensFromCustomScheme: Whether the app opens this route from its custom scheme.
    ///   - caseSensitive: Whether the regex compares case-sensitively.
    package init(pathRegex: String, opensFromCustomScheme: Bool, caseSensitive: Bool = true) {
      self.pathRegex = pathRegex
      self.opensFromCustomScheme = opensFromCustomScheme
      self.caseSensitive = caseSensitive
    }
  }

  /// Creates a page after validating its inputs.
  ///
  /// - Parameters:
  ///   - appName: The app's name.
  ///   - appStoreID: The App Store ID, digits only, or `nil` for no banner and no store link.
  ///   - canonicalURL: The page's canonical https URL.
  ///   - appURL: The app's custom-scheme URL for that page.
  ///   - routes: The app's routes in the order its router prefers them (default: none, every page
  ///     offers the custom scheme).
  /// - Throws: ``SiteGenerationError`` when the App Store ID is not all digits, the canonical URL is
  ///   not https, or the app URL has no scheme or one a browser runs (``HTMLText/refusedLinkSchemes``).
  package init(
    appName: String, appStoreID: String?, canonicalURL: String, appURL: String, routes: [Route] = []
  ) throws(SiteGenerationError) {
    if let appStoreID {
      guard !appStoreID.isEmpty, appStoreID.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
        throw SiteGenerationError(
          field: "appStoreID", value: appStoreID, reason: "an App Store ID is digits only")
      }
    }
    guard canonicalURL.lowercased().hasPrefix("https://"), canonicalURL.count > "https://".count else {
      throw SiteGenerationError(field: "canonicalURL", value: canonicalURL, reason: "must be an https URL")
    }
    guard let scheme = Self.scheme(of: appURL) else {
      throw SiteGenerationError(
        field: "appURL", value: appURL, reason: "must be a custom-scheme URL such as myapp://path")
    }
    guard HTMLText.isSafeLink(scheme: scheme) else {
      throw SiteGenerationError(
        field: "appURL", value: appURL,
        reason:
          "the scheme \(scheme) is one a browser runs or reads locally, not an app's; links use a custom scheme such as myapp://"
      )
    }
    self.appName = appName
    self.appStoreID = appStoreID
    self.canonicalURL = canonicalURL
    self.appURL = appURL
    self.routes = routes
  }

  /// The page with platform and preview settings, after validating them.
  ///
  /// - Parameters:
  ///   - androidPackage: The Android package name, or `nil`.
  ///   - webOrigin: The web site's https origin for desktop browsers, or `nil`.
  ///   - preview: The route's link preview, or `nil`.
  ///   - previewVariables: The nginx variable of each parameter the preview names.
  /// - Returns: The page.
  /// - Throws: ``SiteGenerationError`` when the package is not an Android package name or the origin
  ///   is not an https origin without a path.
  package func with(
    androidPackage: String?, webOrigin: String?, preview: LinkPreview? = nil,
    previewVariables: [String: String] = [:]
  ) throws(SiteGenerationError) -> FallbackPage {
    if let androidPackage, !Self.isAndroidPackageName(androidPackage) {
      throw SiteGenerationError(
        field: "androidPackage", value: androidPackage,
        reason: "not an Android package name (com.example.app)")
    }
    if let webOrigin {
      let authority =
        webOrigin.lowercased().hasPrefix("https://") ? webOrigin.dropFirst("https://".count) : ""
      let host = authority.prefix { $0 != ":" }
      let port = authority.dropFirst(host.count)
      let portIsDigits =
        port.isEmpty || (port.count > 1 && port.dropFirst().allSatisfy { ("0"..."9").contains($0) })
      guard NginxConfiguration.isHostName(String(host)), portIsDigits else {
        throw SiteGenerationError(
          field: "webOrigin", value: webOrigin,
          reason: "must be an https origin without a path (https://www.example.com)")
      }
    }
    var page = self
    page.androidPackage = androidPackage
    page.webOrigin = webOrigin
    page.preview = preview
    page.previewVariables = previewVariables
    return page
  }

  /// Whether a text is an Android package name: two or more parts joined by `.`, each an ASCII letter
  /// followed by letters, digits or `_`.
  package static func isAndroidPackageName(_ text: String) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.unicodeScalars.first,
          ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return part.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
      }
  }

  /// The Google Play page of the app, when the page has an Android package.
  package var playStoreURL: String? {
    androidPackage.map { "https://play.google.com/store/apps/details?id=\($0)" }
  }

  /// A preview template as page text: literal text HTML-escaped, each parameter an nginx include of
  /// its variable, entity-encoded (`url`: percent-encoded, for the image URL).
  func previewText(_ template: String, url: Bool = false) -> String {
    let pieces = (try? LinkPreview.pieces(of: template)) ?? [.text(template)]
    return pieces.map { piece in
      switch piece {
      case .text(let text): return HTMLText.escape(text)
      case .parameter(let name):
        guard let variable = previewVariables[name] else { return "" }
        return "<!--# echo var=\"\(variable)\" default=\"\" encoding=\"\(url ? "url" : "entity")\" -->"
      }
    }.joined()
  }

  /// The `<title>` and, with a preview, its Open Graph and Twitter card tags.
  private func titleAndPreviewTags() -> String {
    guard let preview else { return "<title>\(HTMLText.escape(appName))</title>\n" }
    let title = previewText(preview.title)
    var tags = [
      "<title>\(title)</title>",
      #"<meta property="og:type" content="website">"#,
      #"<meta property="og:site_name" content="\#(HTMLText.escape(appName))">"#,
      #"<meta property="og:title" content="\#(title)">"#,
      #"<meta property="og:url" content="\#(HTMLText.escape(canonicalOrigin))<!--# echo var="request_uri" default="/" encoding="entity" -->">"#,
      #"<meta name="twitter:title" content="\#(title)">"#,
    ]
    if let description = preview.description.map({ previewText($0) }) {
      tags += [
        #"<meta name="description" content="\#(description)">"#,
        #"<meta property="og:description" content="\#(description)">"#,
        #"<meta name="twitter:description" content="\#(description)">"#,
      ]
    }
    tags += imageTags(preview.image)
    return tags.joined(separator: "\n") + "\n"
  }

  /// The card type and, with an image, its tags; written only for links whose values each stay one
  /// path segment of the image URL (``imageCondition(_:)``), and otherwise a card without an image.
  private func imageTags(_ template: String?) -> [String] {
    let summary = #"<meta name="twitter:card" content="summary">"#
    guard let template else { return [summary] }
    let image = previewText(template, url: true)
    let tags = [
      #"<meta name="twitter:card" content="summary_large_image">"#,
      #"<meta property="og:image" content="\#(image)">"#,
      #"<meta name="twitter:image" content="\#(image)">"#,
    ]
    guard let condition = imageCondition(template) else { return tags }
    return condition + tags + ["<!--# else -->", summary, "<!--# endif -->"]
  }

  /// The server-side includes that let the image tags through only when every value the image names
  /// is one path segment: not `.` or `..`, and without `/`, `?` or `&` (which would start an HTML
  /// character reference such as `&sol;`), the characters nginx's `url` encoding leaves as they are.
  /// That encoding then percent-encodes what else a URL cannot hold as it is (spaces, quotes, `<`,
  /// `>`, `#`, `%`, `\`, control characters, non-ASCII). `nil` when the image names no value.
  ///
  /// The values are joined with `/` into one variable, since nginx allows no `if` inside another, and
  /// one expression checks each of them; the regex has no `$`, which nginx would read as a variable.
  func imageCondition(_ template: String) -> [String]? {
    var variables: [String] = []
    for case .parameter(let name) in (try? LinkPreview.pieces(of: template)) ?? [] {
      guard let variable = previewVariables[name], !variables.contains(variable) else { continue }
      variables.append(variable)
    }
    guard !variables.isEmpty else { return nil }
    let joined = variables.map { "$" + $0 }.joined(separator: "/")
    let segment = #"(?!\.\.?(\/|\z))[^\/?&]*"#
    let regex = "^" + Array(repeating: segment, count: variables.count).joined(separator: #"\/"#) + #"\z"#
    return [
      #"<!--# set var="deeplink_image" value="\#(joined)" -->"#,
      #"<!--# if expr="$deeplink_image = /\#(regex)/" -->"#,
    ]
  }

  /// The tag that marks the page as this one, in its `<head>`: how `deeplink doctor --browser` tells
  /// the fallback page from a page of the site's own.
  package static let generatorTag = #"<meta name="generator" content="deeplink site">"#

  /// The query item the "Get the app" button adds to the link it copies (the copy time in seconds
  /// since 1970), which `DeferredLinks` in `DeepLinking` recognises on the app's first launch.
  package static let copiedAtKey = "deeplink_copied_at"

  /// The App Store page of the app, when the page has an App Store ID.
  package var storeURL: String? {
    appStoreID.map { "https://apps.apple.com/app/id\($0)" }
  }

  /// The `href` of the canonical link: the page's own link, the canonical origin and the path and
  /// query nginx fills in through a server-side include (entity-encoded), as a crawler that runs no
  /// script reads it; so each routed path is its own page, not a copy of the home page. The script
  /// writes the same link in a browser.
  var canonicalLink: String {
    HTMLText.escape(canonicalOrigin) + #"<!--# echo var="request_uri" default="/" encoding="entity" -->"#
  }

  /// The scheme and authority of ``canonicalURL``, e.g. `https://example.com`.
  var canonicalOrigin: String {
    let rest = canonicalURL.dropFirst("https://".count)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    return "https://" + authority
  }

  private static func scheme(of url: String) -> String? {
    guard let colon = url.firstIndex(of: ":") else { return nil }
    let scheme = url[..<colon]
    guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
      scheme.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0)
      })
    else { return nil }
    return String(scheme)
  }

  /// The complete HTML document.
  ///
  /// - Returns: UTF-8 text of `fallback.html`.
  package func html() -> String {
    let scheme = Self.scheme(of: appURL) ?? ""
    let escapedName = HTMLText.escape(appName)
    var banner = ""
    var storeLink = ""
    if let appStoreID, let storeURL {
      banner = bannerTags(appStoreID: appStoreID)
      storeLink = appStoreLink(storeURL: storeURL)
    }
    var verifiedNote = ""
    var verifiedScript = ""
    if !routes.isEmpty {
      verifiedNote = """
        <p id="verified-only" hidden>This link opens the app only from another app: tap it in Messages, Mail or Notes.</p>

        """
      verifiedScript = verifiedOnlyScript()
    }
    var playLink = ""
    if let playStoreURL {
      playLink = googlePlayLink(playStoreURL: playStoreURL)
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      \(Self.generatorTag)
      \(titleAndPreviewTags())<link rel="canonical" href="\(canonicalLink)">
      \(banner)\(Self.styleElement)</head>
      <body>
      <main>
      <h1>\(escapedName)</h1>
      <p>This link opens in the \(escapedName) app.</p>
      <a id="open-in-app" class="button" href="\(HTMLText.escape(appURL))">Open in the app</a>
      <p id="on-your-phone" hidden>Open this link on your phone or tablet, where the app is: <code id="page-link">\(HTMLText.escape(canonicalURL))</code></p>
      \(verifiedNote)\(storeLink)\(playLink)</main>
      \(openInAppScript(scheme: scheme, verifiedScript: verifiedScript))\(platformScript())</body>
      </html>

      """
  }

  /// The Smart App Banner tag, with the script that hands the app the page being shown.
  private func bannerTags(appStoreID: String) -> String {
    let content = "app-id=\(appStoreID), app-argument=\(canonicalURL)"
    return """
      <meta name="apple-itunes-app" content="\(HTMLText.escape(content))">
      <script>
      // The banner hands the app the Universal Link of the page being shown, whichever routed path it is.
      (function () {
        var banner = document.querySelector('meta[name="apple-itunes-app"]');
        var current = \(HTMLText.javaScriptString(canonicalOrigin)) + location.pathname + location.search;
        banner.setAttribute("content", "app-id=" + \(HTMLText.javaScriptString(appStoreID)) + ", app-argument=" + current);
      })();
      </script>

      """
  }

  /// The App Store button and its note, with the script that copies the page's link on a tap.
  private func appStoreLink(storeURL: String) -> String {
    return """
      <a id="app-store" class="button secondary" href="\(HTMLText.escape(storeURL))">Get the app on the App Store</a>
      <p id="app-store-note" class="note">Tapping it copies this link, so the app can offer to continue here after you install it.</p>
      <script>
      // Deferred deep link: on the user's tap only (never on load), copy this page's link with the time
      // of the copy, which the app's first launch offers to paste; then open the store. Without the
      // clipboard API the store link is followed as it is.
      (function () {
        var store = document.getElementById("app-store");
        store.addEventListener("click", function (event) {
          if (!navigator.clipboard || !navigator.clipboard.writeText) return;
          event.preventDefault();
          var destination = store.href;
          var link = \(HTMLText.javaScriptString(canonicalOrigin)) + location.pathname + location.search
            + (location.search ? "&" : "?") + \(HTMLText.javaScriptString(Self.copiedAtKey)) + "="
            + Math.floor(Date.now() / 1000) + location.hash;
          var go = function () { location.href = destination; };
          navigator.clipboard.writeText(link).then(go, go);
        });
      })();
      </script>

      """
  }

  /// The script lines that, for a route that opens only from a verified link, take the "Open in the
  /// app" link away and show the note saying so.
  private func verifiedOnlyScript() -> String {
    let list = routes.map { route in
      "[" + HTMLText.javaScriptString(route.pathRegex) + ", "
        + (route.opensFromCustomScheme ? "true" : "false")
        + ", " + HTMLText.javaScriptString(route.caseSensitive ? "" : "i") + "]"
    }
    return """
        // A route that opens only from a verified link is refused through the custom scheme: the
        // first route whose regex matches the path decides, as the app's router would.
        var routes = [\(list.joined(separator: ", "))];
        var decoded = location.pathname;
        try { decoded = decodeURIComponent(decoded); } catch (error) {}
        for (var i = 0; i < routes.length; i++) {
          if (new RegExp(routes[i][0], routes[i][2]).test(decoded)) {
            if (!routes[i][1]) {
              var link = document.getElementById("open-in-app");
              link.removeAttribute("href");
              link.hidden = true;
              document.getElementById("verified-only").hidden = false;
            }
            break;
          }
        }

      """
  }

  /// The Google Play button.
  private func googlePlayLink(playStoreURL: String) -> String {
    return """
      <a id="play-store" class="button secondary" href="\(HTMLText.escape(playStoreURL))">Get the app on Google Play</a>

      """
  }

  /// The script that finds where the page is from the user agent and shows that platform's way to the
  /// app: the App Store, an Android `intent:` link and Google Play, or the web site's page on a desktop.
  private func platformScript() -> String {
    return """
      <script>
      // Where the page is, from the user agent: iOS and Android each see their own way to the app; a
      // desktop browser goes to the web site's page, or sees the link to open on a phone.
      (function () {
        var agent = navigator.userAgent;
        var platform = /Android/i.test(agent) ? "android"
          : /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1) ? "ios"
          : "desktop";
        document.documentElement.setAttribute("data-platform", platform);
        var show = function (id, shown) {
          var element = document.getElementById(id);
          if (element) element.hidden = !shown;
        };
        var link = \(HTMLText.javaScriptString(canonicalOrigin)) + location.pathname + location.search;
        show("app-store", platform !== "android");
        show("app-store-note", platform === "ios");
        show("play-store", platform !== "ios");
        var open = document.getElementById("open-in-app");
        var androidPackage = \(HTMLText.javaScriptString(androidPackage ?? ""));
        if (platform === "android" && androidPackage && open.getAttribute("href") !== null) {
          // Google Play hands the referrer to the app at its first launch (the Install Referrer API):
          // the link, as "deeplink=<link>", for the app to open once it is installed.
          var store = \(HTMLText.javaScriptString(playStoreURL ?? "")) + "&referrer="
            + encodeURIComponent("deeplink=" + encodeURIComponent(link));
          document.getElementById("play-store").href = store;
          // Chrome opens the app's https link in the app when it is installed, else the Play Store page.
          open.href = "intent://" + link.slice("https://".length) + "#Intent;scheme=https;package=" + androidPackage
            + ";S.browser_fallback_url=" + encodeURIComponent(store) + ";end";
        }
        if (platform === "desktop") {
          var web = \(HTMLText.javaScriptString(webOrigin ?? ""));
          // Never to the host the page is on: it serves this page again, for ever.
          if (web && web.toLowerCase() !== ("https://" + String(location.host || "")).toLowerCase()) {
            location.replace(web + location.pathname + location.search + location.hash);
            return;
          }
          show("open-in-app", false);\(routes.isEmpty ? "" : "\n      show(\"verified-only\", false);")
          document.getElementById("page-link").textContent = link;
          show("on-your-phone", true);
        }
      })();
      </script>

      """
  }

  /// The script that writes the page's own Universal Link and the "Open in the app" link from the
  /// path and query, then runs the verified-only lines.
  private func openInAppScript(scheme: String, verifiedScript: String) -> String {
    return """
      <script>
      // The page's own Universal Link, and the same path and query in the app: scheme://path?query, or
      // scheme:///Path when the first segment would not read back unchanged as a host.
      (function () {
        var path = location.pathname.replace(/^\\/+/, "");
        var first = path.split("/")[0];
        var slashes = /^[a-z0-9._~-]*$/.test(first) ? "//" : "///";
        document.getElementById("open-in-app").href = \(HTMLText.javaScriptString(scheme)) + ":" + slashes + path + location.search;
        var canonical = document.querySelector('link[rel="canonical"]');
        canonical.href = \(HTMLText.javaScriptString(canonicalOrigin)) + location.pathname + location.search;
      \(verifiedScript)})();
      </script>

      """
  }

  /// The page's style sheet.
  private static let styleElement = """
    <style>
    :root { color-scheme: light dark; }
    body { font-family: -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: #f2f2f7; color: #1c1c1e; }
    main { max-width: 24em; margin: 2em 1em; padding: 2em 1.5em; border-radius: 1em; background: #fff; box-shadow: 0 1px 8px rgba(0, 0, 0, 0.08); text-align: center; }
    h1 { font-size: 1.6em; margin: 0 0 0.4em; }
    p { color: #6e6e73; margin: 0 0 1.5em; line-height: 1.4; }
    a.button { display: block; margin: 0.75em 0 0; padding: 0.85em; border-radius: 0.6em; background: #0a84ff; color: #fff; font-weight: 600; text-decoration: none; }
    a.button.secondary { background: #1c1c1e; }
    p.note { font-size: 0.85em; margin: 0.5em 0 0; }
    code { word-break: break-all; }
    @media (prefers-color-scheme: dark) { body { background: #000; color: #f2f2f7; } main { background: #1c1c1e; } a.button.secondary { background: #3a3a3c; } }
    </style>

    """
}
