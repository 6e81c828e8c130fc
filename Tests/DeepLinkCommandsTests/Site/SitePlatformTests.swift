import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

/// User agents of the three places a fallback page is opened.
enum UserAgent {
  static let iPhoneSafari =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
  /// iPadOS Safari asks for the desktop site: it says Macintosh, and only its touch points tell.
  static let iPadSafari =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"
  static let androidChrome =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
  static let desktopChrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
}

/// Runs the fallback page's scripts in Node for one path and user agent, with the few DOM calls they
/// make; prints where the page is, what each element shows, and where the page sent the browser.
let platformHarness = """
  const fs = require("fs");
  const [file, pathname, search, userAgent, touchPoints, host] = process.argv.slice(2);
  const html = fs.readFileSync(file, "utf8");
  const scripts = [...html.matchAll(/<script>([\\s\\S]*?)<\\/script>/g)].map((m) => m[1]);
  const elements = {};
  function element(id) {
    if (!elements[id]) {
      const at = html.indexOf(' id="' + id + '"');
      const tag = at < 0 ? null : [html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1)];
      const href = tag && tag[0].match(/href="([^"]*)"/);
      elements[id] = {
        exists: !!tag, hidden: !!tag && / hidden[ >]/.test(tag[0]), href: href ? href[1] : null,
        attributes: {}, textContent: "",
        removeAttribute(name) { if (name === "href") this.href = null; },
        setAttribute(name, value) { this.attributes[name] = value; },
        getAttribute(name) { return name === "href" ? this.href : this.attributes[name] ?? null; },
        addEventListener() {},
      };
    }
    return elements[id];
  }
  let replaced = null;
  global.document = { getElementById: element, querySelector: element, documentElement: element("html") };
  global.location = { host: host || "example.com", pathname, search, hash: "", replace(url) { replaced = url; } };
  Object.defineProperty(global, "navigator", { value: { userAgent, maxTouchPoints: Number(touchPoints) } });
  for (const script of scripts) eval(script);
  const shown = (id) => element(id).exists && !element(id).hidden;
  console.log(JSON.stringify({
    platform: element("html").attributes["data-platform"],
    open: shown("open-in-app") ? element("open-in-app").href : null,
    appStore: shown("app-store"), play: shown("play-store"), phone: shown("on-your-phone"),
    playLink: shown("play-store") ? element("play-store").href : null,
    link: element("page-link").textContent, replaced,
  }));
  """

/// What the page shows in one place, as the harness reports it.
struct PlatformView: Decodable, Equatable {
  var platform: String
  var open: String?
  var appStore: Bool
  var play: Bool
  var phone: Bool
  /// Where the Google Play button goes, when it is shown.
  var playLink: String? = nil
  var link: String
  var replaced: String?
}

@Suite("deeplink site: the fallback page knows where it is")
struct SitePlatformTests {
  static let android = [
    "--android-package", "com.example.app", "--android-fingerprint", playSigningKey,
  ]
  static let play = "https://play.google.com/store/apps/details?id=com.example.app"

  /// The Play Store page with the link in its referrer, as Google Play hands it to the app:
  /// `deeplink=<link>`, the whole percent-encoded once more as the URL's `referrer` value.
  static func play(carrying link: String) -> String {
    play + "&referrer=" + encoded("deeplink=" + encoded(link))
  }

  /// `encodeURIComponent`: everything but letters, digits and `-_.!~*'()` percent-encoded.
  static func encoded(_ text: String) -> String {
    let kept = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()")
    return text.addingPercentEncoding(withAllowedCharacters: kept) ?? text
  }

  /// The `intent:` link's fragment for a link: the package, and the store page carrying the link.
  static func intent(carrying link: String) -> String {
    "#Intent;scheme=https;package=com.example.app;S.browser_fallback_url=" + encoded(play(carrying: link))
      + ";end"
  }

  static func view(
    _ out: String, _ path: String, _ search: String = "", _ agent: String, touchPoints: Int = 0,
    page: String = "public/fallback.html", host: String = "example.com"
  ) async throws -> PlatformView {
    let harness = try temporaryFile(platformHarness, name: "platform-harness.js")
    let file = URL(fileURLWithPath: out).appendingPathComponent(page).path
    let output = try await runBounded(
      "node", [harness, file, path, search, agent, String(touchPoints), host], seconds: 20)
    return try JSONDecoder().decode(PlatformView.self, from: Data(output.utf8))
  }

  @Test(
    "iOS gets the app link and the App Store, Android an intent: link and Google Play, a desktop the link to open on a phone",
    .enabled(if: executableOnPath("node"), "needs the node executable on PATH (apt-get install -y nodejs)"),
    .timeLimit(.minutes(1)))
  func eachPlatformSeesItsOwnWay() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(
      ["site", "--app-id", demoAppID, "--app-store-id", "123456789"] + Self.android + ["--out", out])
    try #require(site.status == 0, "\(site.error)")
    let path = "/channel/video/12345"
    let link = "https://example.com/channel/video/12345?utm_source=mail"
    let iPhone = try await Self.view(out, path, "?utm_source=mail", UserAgent.iPhoneSafari, touchPoints: 5)
    #expect(
      iPhone
        == PlatformView(
          platform: "ios", open: "myapp://channel/video/12345?utm_source=mail", appStore: true, play: false,
          phone: false, link: "", replaced: nil))
    let iPad = try await Self.view(out, path, "", UserAgent.iPadSafari, touchPoints: 5)
    #expect(iPad.platform == "ios" && iPad.open == "myapp://channel/video/12345" && !iPad.play)
    let android = try await Self.view(out, path, "?utm_source=mail", UserAgent.androidChrome, touchPoints: 5)
    #expect(
      android
        == PlatformView(
          platform: "android",
          open: "intent://example.com/channel/video/12345?utm_source=mail" + Self.intent(carrying: link),
          appStore: false, play: true, phone: false, playLink: Self.play(carrying: link), link: "",
          replaced: nil))
    // The store's referrer reads back as the link: what the app gets at its first launch.
    let playLink = try #require(android.playLink)
    let referrer = try #require(
      URLComponents(string: playLink)?.queryItems?.first { $0.name == "referrer" }?.value)
    #expect(referrer.removingPercentEncoding == "deeplink=" + link)
    #expect(
      URLComponents(string: "x:?" + referrer)?.queryItems?.first { $0.name == "deeplink" }?.value == link)
    // A Mac without touch is a desktop, like Linux Chrome: no app link, the link to open on a phone,
    // both stores.
    for agent in [UserAgent.desktopChrome, UserAgent.iPadSafari] {
      let desktop = try await Self.view(out, path, "?utm_source=mail", agent)
      #expect(
        desktop
          == PlatformView(
            platform: "desktop", open: nil, appStore: true, play: true, phone: true, playLink: Self.play,
            link: link, replaced: nil))
    }
  }

  @Test(
    "with --web-origin a desktop browser goes to the web site's page; phones stay",
    .enabled(if: executableOnPath("node"), "needs the node executable on PATH (apt-get install -y nodejs)"),
    .timeLimit(.minutes(1)))
  func desktopGoesToTheWebSite() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run([
      "site", "--app-id", demoAppID, "--web-origin", "https://www.example.com", "--out", out,
    ])
    try #require(site.status == 0, "\(site.error)")
    let desktop = try await Self.view(out, "/channel/search/goal", "?x=1", UserAgent.desktopChrome)
    #expect(desktop.replaced == "https://www.example.com/channel/search/goal?x=1")
    let phone = try await Self.view(out, "/channel/search/goal", "", UserAgent.iPhoneSafari, touchPoints: 5)
    #expect(phone.replaced == nil && phone.open == "myapp://channel/search/goal")
    // Without an Android package, Android keeps the custom-scheme link and no Play button.
    let android = try await Self.view(out, "/channel/search/goal", "", UserAgent.androidChrome)
    #expect(android.open == "myapp://channel/search/goal" && !android.play)

    // On the web origin itself (a server that also serves these files there), the page stays.
    let onItself = try await Self.view(
      out, "/channel/search/goal", "", UserAgent.desktopChrome, host: "WWW.example.com")
    #expect(onItself.replaced == nil && onItself.phone)

    for bad in ["http://www.example.com", "https://www.example.com/path", "javascript:alert(1)"] {
      let refused = await ToolRun.run([
        "site", "--app-id", demoAppID, "--web-origin", bad, "--out", temporaryDirectory(),
      ])
      #expect(refused.status == 2, "\(bad)")
      #expect(refused.error.contains("webOrigin"), "\(refused.error)")
    }
  }

  @Test(
    "a web origin on a host the site serves is refused: a desktop browser would load the page for ever",
    arguments: [
      (#"["example.com", "www.example.com"]"#, "https://www.example.com"),
      (#"["example.com"]"#, "https://EXAMPLE.com:8443"),
      (#"["example.com", "*.example.com"]"#, "https://m.example.com"),
    ])
  func webOriginOnAServedHost(hosts: String, origin: String) async throws {
    let routes =
      #"{"schemes": ["myapp"], "hosts": "# + hosts
      + #", "routes": [{"name": "clip", "pattern": "/channel/video/{clipId}"}]}"#
    let out = temporaryDirectory()
    let refused = await ToolRun.run([
      "site", "--routes", try temporaryRouteFile(routes), "--app-id", demoAppID, "--web-origin", origin,
      "--out", out,
    ])
    #expect(refused.status == 2, "\(refused.output)")
    #expect(refused.error.contains("webOrigin") && refused.error.contains("served on"), "\(refused.error)")
    #expect(!FileManager.default.fileExists(atPath: out + "/nginx.conf"), "nothing is written")
    // Another host is the web site's own.
    let other = await ToolRun.run([
      "site", "--routes", try temporaryRouteFile(routes), "--app-id", demoAppID, "--web-origin",
      "https://web.example.org", "--out", temporaryDirectory(),
    ])
    #expect(other.status == 0, "\(other.error)")
  }

  @Test(
    "a verified-only route offers no intent: link on Android either",
    .enabled(if: executableOnPath("node"), "needs the node executable on PATH (apt-get install -y nodejs)"),
    .timeLimit(.minutes(1)))
  func verifiedOnlyRoutesStayClosedOnAndroid() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(
      ["site", "--routes", try temporaryRouteFile(SiteVerifiedRouteTests.shopRoutes), "--app-id", demoAppID]
        + Self.android + ["--out", out])
    try #require(site.status == 0, "\(site.error)")
    let order = try await Self.view(out, "/account/orders/o-9", "", UserAgent.androidChrome)
    // The store does not carry a link the app would refuse from a store referrer either.
    #expect(order.open == nil && order.play && order.playLink == Self.play)
    let product = try await Self.view(out, "/product/p1", "", UserAgent.androidChrome)
    let link = "https://shop.example.com/product/p1"
    #expect(product.open == "intent://shop.example.com/product/p1" + Self.intent(carrying: link))
    #expect(product.playLink == Self.play(carrying: link))
  }

  @Test(
    "headless Chromium with each user agent runs the page as a phone or desktop would",
    .enabled(
      if: SiteCommandBrowserTests.browserAvailable,
      "needs the chromium and python3 executables on PATH (apt-get install -y chromium python3)"),
    .timeLimit(.minutes(2)))
  func inChromium() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(
      ["site", "--app-id", demoAppID, "--app-store-id", "123456789"] + Self.android + ["--out", out])
    try #require(site.status == 0, "\(site.error)")
    let server = try await SiteServer.start(root: out)
    let url = "http://127.0.0.1:\(server.port)/channel/video/12345"
    let android = try await headlessChromiumDOM(url, userAgent: UserAgent.androidChrome)
    #expect(android.contains(#"data-platform="android""#), "\(android)")
    let link = "https://example.com/channel/video/12345"
    #expect(
      attribute("href", ofTagContaining: #"id="open-in-app""#, in: android)
        == "intent://example.com/channel/video/12345" + Self.intent(carrying: link))
    #expect(attribute("href", ofTagContaining: #"id="play-store""#, in: android) == Self.play(carrying: link))
    let iPhone = try await headlessChromiumDOM(url, userAgent: UserAgent.iPhoneSafari)
    #expect(iPhone.contains(#"data-platform="ios""#))
    #expect(
      attribute("href", ofTagContaining: #"id="open-in-app""#, in: iPhone) == "myapp://channel/video/12345")
    #expect(
      iPhone.contains(
        #"<a id="play-store" class="button secondary" href="https://play.google.com/store/apps/details?id=com.example.app" hidden="""#
      ))
    let desktop = try await headlessChromiumDOM(url, userAgent: UserAgent.desktopChrome)
    #expect(desktop.contains(#"data-platform="desktop""#))
    #expect(desktop.contains(#"<code id="page-link">https://example.com/channel/video/12345</code>"#))
    #expect(
      desktop.contains(#"<a id="open-in-app" class="button" href="myapp://channel/video/12345" hidden="">"#))
  }
  /// A page of the same origin that opens a routed path in a frame with a clipboard that records what
  /// it is given, in place before the page's scripts run (the page is written again into the frame
  /// after the recorder is set, and its address put back), then taps the store button; it prints what
  /// was copied on load and on the tap.
  static func tapPage(_ path: String) -> String {
    """
    <!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="result">pending</pre>
    <iframe id="page" src="\(path)"></iframe>
    <script>
    (function () {
      var frame = document.getElementById("page");
      frame.addEventListener("load", function () {
        if (frame.dataset.done) return;
        frame.dataset.done = "1";
        var page = frame.contentWindow, writes = [];
        Object.defineProperty(page.navigator, "clipboard", { configurable: true, value: {
          writeText: function (text) { writes.push(text); return Promise.resolve(); } } });
        var address = page.location.href;
        fetch(address).then(function (answer) { return answer.text(); }).then(function (html) {
          page.document.open(); page.document.write(html); page.document.close();
          // Writing the document gave it this page's address; the frame's own is put back.
          page.history.replaceState(null, "", address);
          setTimeout(function () {
            var afterLoad = writes.length;
            page.document.getElementById("app-store").click();
            setTimeout(function () {
              document.getElementById("result").textContent = JSON.stringify({ afterLoad: afterLoad, copied: writes });
            }, 300);
          }, 300);
        });
      });
    })();
    </script></body></html>
    """
  }

  @Test(
    "in Chromium the store button copies the page's link on the tap, nothing on load",
    .enabled(
      if: SiteCommandBrowserTests.browserAvailable,
      "needs the chromium and python3 executables on PATH (apt-get install -y chromium python3)"),
    .timeLimit(.minutes(2)))
  func storeButtonCopiesOnTapInChromium() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(["site", "--app-id", demoAppID, "--app-store-id", "123456789", "--out", out])
    try #require(site.status == 0, "\(site.error)")
    try Data(Self.tapPage("/channel/video/12345?utm_source=mail").utf8).write(
      to: URL(fileURLWithPath: out).appendingPathComponent("public/tap.html"))
    let server = try await SiteServer.start(root: out)
    let dom = try await headlessChromiumDOM(
      "http://127.0.0.1:\(server.port)/tap.html", userAgent: UserAgent.iPhoneSafari)
    let start = try #require(dom.range(of: #"<pre id="result">"#), "\(dom)")
    let end = try #require(dom[start.upperBound...].range(of: "</pre>"))
    let result = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
    struct Taps: Decodable {
      var afterLoad: Int
      var copied: [String]
    }
    let taps = try JSONDecoder().decode(Taps.self, from: Data(result.utf8))
    #expect(taps.afterLoad == 0)
    #expect(taps.copied.count == 1, "\(taps.copied)")
    let prefix = "https://example.com/channel/video/12345?utm_source=mail&deeplink_copied_at="
    let copied = try #require(taps.copied.first)
    #expect(copied.hasPrefix(prefix), "\(copied)")
    #expect(!copied.dropFirst(prefix.count).isEmpty && copied.dropFirst(prefix.count).allSatisfy(\.isNumber))
  }
}
