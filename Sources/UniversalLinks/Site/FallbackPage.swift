/// The page a routed https URL shows when the app is not installed (or the link opened in Safari).
///
/// Plain HTML and a few lines of JavaScript, no framework. It carries a Smart App Banner
/// (`<meta name="apple-itunes-app" content="app-id=N, app-argument=URL">`), an "Open in the app" link
/// to the app's custom-scheme URL, and a link to the App Store page. Every attribute value is
/// HTML-escaped.
///
/// One file serves every routed path: the server rewrites routed paths to it (see
/// ``NginxConfiguration``), and the script rewrites, from `location.pathname` and `location.search`,
/// the banner's `app-argument` (to the page's current https URL) and the "Open in the app" link (to
/// `scheme://` followed by the same path and query). Without JavaScript the page still works with the
/// canonical URLs it was generated with. The banner script runs in `<head>`, right after the tag, so
/// the tag already holds the current URL when Safari reads it.
public struct FallbackPage: Hashable, Sendable {
  /// The app's name, shown in the title and the heading.
  public var appName: String
  /// The App Store ID, digits only (the `N` of `https://apps.apple.com/app/idN`).
  public var appStoreID: String
  /// The page's canonical https URL, the default `app-argument`.
  public var canonicalURL: String
  /// The app's custom-scheme URL for the canonical page, e.g. `myapp://channel/video/1`.
  public var appURL: String

  /// Creates a page after validating its inputs.
  ///
  /// - Parameters:
  ///   - appName: The app's name.
  ///   - appStoreID: The App Store ID, digits only.
  ///   - canonicalURL: The page's canonical https URL.
  ///   - appURL: The app's custom-scheme URL for that page.
  /// - Throws: ``SiteGenerationError`` when the App Store ID is not all digits, the canonical URL is
  ///   not https, or the app URL has no scheme.
  public init(appName: String, appStoreID: String, canonicalURL: String, appURL: String)
    throws(SiteGenerationError)
  {
    guard !appStoreID.isEmpty, appStoreID.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
      throw SiteGenerationError(
        field: "appStoreID", value: appStoreID, reason: "an App Store ID is digits only")
    }
    guard canonicalURL.lowercased().hasPrefix("https://") else {
      throw SiteGenerationError(field: "canonicalURL", value: canonicalURL, reason: "must be an https URL")
    }
    guard Self.scheme(of: appURL) != nil else {
      throw SiteGenerationError(
        field: "appURL", value: appURL, reason: "must be a custom-scheme URL such as myapp://path")
    }
    self.appName = appName
    self.appStoreID = appStoreID
    self.canonicalURL = canonicalURL
    self.appURL = appURL
  }

  /// The App Store page of the app.
  public var storeURL: String {
    "https://apps.apple.com/app/id\(appStoreID)"
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
  public func html() -> String {
    let scheme = Self.scheme(of: appURL) ?? ""
    let escapedName = HTMLText.escape(appName)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(escapedName)</title>
      <link rel="canonical" href="\(HTMLText.escape(canonicalURL))">
      <meta name="apple-itunes-app" content="\(HTMLText.escape("app-id=\(appStoreID), app-argument=\(canonicalURL)"))">
      <script>
      // The banner hands the app the URL of the page being shown, whichever routed path it is.
      (function () {
        var banner = document.querySelector('meta[name="apple-itunes-app"]');
        var current = location.origin + location.pathname + location.search;
        banner.setAttribute("content", "app-id=" + \(HTMLText.javaScriptString(appStoreID)) + ", app-argument=" + current);
      })();
      </script>
      <style>
      body { font-family: -apple-system, system-ui, sans-serif; margin: 3em auto; max-width: 28em; padding: 0 1em; text-align: center; }
      a.button { display: block; margin: 1em 0; padding: 0.8em; border-radius: 0.5em; background: #0a84ff; color: #fff; text-decoration: none; }
      a.store { background: #1c1c1e; }
      </style>
      </head>
      <body>
      <h1>\(escapedName)</h1>
      <p>This link opens in the \(escapedName) app.</p>
      <a id="open-in-app" class="button" href="\(HTMLText.escape(appURL))">Open in the app</a>
      <a id="app-store" class="button store" href="\(HTMLText.escape(storeURL))">Get the app on the App Store</a>
      <script>
      // The app link opens the same path and query in the app: scheme://path?query.
      (function () {
        var link = document.getElementById("open-in-app");
        link.href = \(HTMLText.javaScriptString(scheme)) + "://" + location.pathname.replace(/^\\/+/, "") + location.search;
      })();
      </script>
      </body>
      </html>

      """
  }
}
