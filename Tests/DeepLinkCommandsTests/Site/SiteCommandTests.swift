import DeepLinkingTestSupport
import Foundation
import Synchronization
import Testing

@testable import DeepLinkCommands

let playSigningKey =
  "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
let uploadKey =
  "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"

/// A fresh, not yet existing directory under the temporary directory.
func temporaryDirectory() -> String {
  FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-site-\(UUID().uuidString)").path
}

/// The text of a written file.
func contents(_ directory: String, _ name: String) throws -> String {
  try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
}

@Suite("deeplink site")
struct SiteCommandTests {
  @Test("site writes the four files for the demo table and lists them")
  func demoSite() async throws {
    let out = temporaryDirectory()
    let run = await ToolRun.run([
      "site", "--app-id", demoAppID, "--app-store-id", "123456789", "--app-name", "Channel",
      "--android-package", "com.example.app", "--android-fingerprint", playSigningKey,
      "--android-fingerprint", uploadKey, "--out", out,
    ])
    #expect(run.status == 0, "\(run.error)")
    let root = URL(fileURLWithPath: out).path
    #expect(
      run.lines == [
        "\(root)/android/intent-filters.xml", "\(root)/nginx.conf",
        "\(root)/public/.well-known/apple-app-site-association", "\(root)/public/.well-known/assetlinks.json",
        "\(root)/public/fallback.html",
      ])

    // The intent filters are the ones deeplink android writes for the same table.
    let filters = try contents(out, "android/intent-filters.xml")
    let android = await ToolRun.run(["android"])
    #expect(filters == android.output)
    let opens = await ToolRun.run([
      "android", "match", "--manifest", "\(out)/android/intent-filters.xml", "--url",
      "https://example.com/channel/video/12345",
    ])
    #expect(opens.status == 0, "\(opens.output)\(opens.error)")

    let check = await ToolRun.run([
      "aasa", "check", "--file", "\(out)/public/.well-known/apple-app-site-association",
    ])
    #expect(check.status == 0, "\(check.output)")
    let match = await ToolRun.run([
      "aasa", "match", "--file", "\(out)/public/.well-known/apple-app-site-association", "--domain",
      "example.com",
      "https://example.com/channel/video/12345", "https://example.com/channel/sub/sports/playlist/678",
    ])
    #expect(match.status == 0)

    let assetLinks = try contents(out, "public/.well-known/assetlinks.json")
    #expect(assetLinks.contains(#""package_name": "com.example.app""#))
    #expect(assetLinks.contains(playSigningKey) && assetLinks.contains(uploadKey))
    #expect(assetLinks.contains("delegate_permission/common.handle_all_urls"))

    let html = try contents(out, "public/fallback.html")
    #expect(
      html.contains(
        #"<meta name="apple-itunes-app" content="app-id=123456789, app-argument=https://example.com/">"#))
    #expect(html.contains(#"<a id="open-in-app" class="button" href="myapp://">Open in the app</a>"#))
    #expect(html.contains(#"href="https://apps.apple.com/app/id123456789""#))
    #expect(html.contains("<title>Channel</title>"))

    let nginx = try contents(out, "nginx.conf")
    #expect(nginx.contains("server_name example.com;"))
    #expect(
      nginx.contains(
        "location = /.well-known/apple-app-site-association {\n        default_type application/json;"))
    #expect(!nginx.contains("return 30"))
    #expect(nginx.contains(#"location ~ "^/channel/sub/[^/]+/video/[^/]+/?$" {"#))
    #expect(nginx.components(separatedBy: "try_files $uri /fallback.html;").count == 8 + 1)
  }

  /// What a newcomer needs to serve the files: where nginx listens (every interface's 443 unless
  /// told), the server's own directory (the one the files are copied to), and a log the audit reads.
  @Test("site writes where nginx listens, the server's paths and an access log with the host")
  func servingOptions() async throws {
    let out = temporaryDirectory()
    let plain = await ToolRun.run(["site", "--app-id", demoAppID, "--out", out])
    #expect(plain.status == 0, "\(plain.error)")
    let nginx = try contents(out, "nginx.conf")
    #expect(nginx.contains("    listen 443 ssl;\n    server_name example.com;\n"), "\(nginx)")
    #expect(nginx.contains("    root \(out)/public;\n"))
    #expect(nginx.contains("    access_log \(out)/logs/access.log deeplink_example_com;\n"), "\(nginx)")
    #expect(
      nginx.contains(
        #"log_format deeplink_example_com escape=json '{"time_iso8601":"$time_iso8601","host":"$host","request":"$request","status":"$status","#
      ), "\(nginx)")
    #expect(!nginx.contains("remote_addr"), "no address is logged")
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(atPath: out + "/logs", isDirectory: &isDirectory)
        && isDirectory.boolValue)
    #expect(nginx.contains("    location = /fallback.html {\n        ssi on;\n    }"), "\(nginx)")

    let links = try temporaryFile(#"{"spring": "https://example.com/channel/video/1"}"#, name: "links.json")
    let other = temporaryDirectory()
    let served = await ToolRun.run([
      "site", "--app-id", demoAppID, "--listen", "127.0.0.1:8443", "--listen", "[::1]:8443",
      "--server-root", "/srv/my site", "--access-log", "/var/log/nginx/deeplink.log", "--short-links", links,
      "--short-link-host", "go.example.com", "--out", other,
    ])
    #expect(served.status == 0, "\(served.error)")
    let configuration = try contents(other, "nginx.conf")
    // Both server blocks listen where they were told, and log to the one file.
    #expect(
      configuration.components(separatedBy: "    listen 127.0.0.1:8443 ssl;\n    listen [::1]:8443 ssl;\n")
        .count == 3)
    #expect(!configuration.contains("listen 443"))
    #expect(configuration.contains(#"    root "/srv/my site/public";"#), "\(configuration)")
    #expect(configuration.contains(#"    root "/srv/my site/short-links";"#), "\(configuration)")
    #expect(
      configuration.components(
        separatedBy: "    access_log /var/log/nginx/deeplink.log deeplink_example_com;\n"
      )
      .count == 3)
    #expect(!configuration.contains(other), "the output directory is not the server's")
    #expect(!FileManager.default.fileExists(atPath: other + "/logs"), "the log is elsewhere")

    for (listen, reason) in [
      ("127.0.0.1:99999", "the port 1-65535"), ("443; include /etc/passwd", "a listen address is PORT"),
      ("localhost", "a listen address is PORT"), ("example.com:", "a listen address is PORT"),
    ] {
      let refused = await ToolRun.run([
        "site", "--app-id", demoAppID, "--listen", listen, "--out", temporaryDirectory(),
      ])
      #expect(refused.status == 2, "\(listen)")
      #expect(
        refused.error.contains("listen \"") && refused.error.contains(reason), "\(listen): \(refused.error)")
    }
    let dollar = await ToolRun.run([
      "site", "--app-id", demoAppID, "--server-root", "/srv/$host", "--out", temporaryDirectory(),
    ])
    #expect(dollar.status == 2)
    #expect(dollar.error.contains("variable"), "\(dollar.error)")
  }

  @Test("Without Android options there is no assetlinks.json; without an App Store ID, no banner")
  func minimalSite() async throws {
    let out = temporaryDirectory()
    let run = await ToolRun.run(["site", "--app-id", demoAppID, "--out", out])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.lines.count == 3)
    #expect(!FileManager.default.fileExists(atPath: "\(out)/public/.well-known/assetlinks.json"))
    let html = try contents(out, "public/fallback.html")
    #expect(!html.contains("apple-itunes-app"))
    #expect(html.contains("<title>myapp</title>"))
  }

  @Test(
    "Malformed fingerprints are refused with what is wrong, and nothing is written",
    arguments: [
      (String(playSigningKey.dropLast(3)), "it has 31 colon-separated pairs, a SHA-256 fingerprint has 32"),
      (playSigningKey.lowercased(), #"pair 2 "6d" must be upper-case hex (6D)"#),
      (
        playSigningKey.replacingOccurrences(of: ":", with: ""), "the 32 hex pairs must be separated by colons"
      ),
      ("ZZ" + playSigningKey.dropFirst(2), #"pair 1 "ZZ" is not two hex digits"#),
    ])
  func badFingerprint(fingerprint: String, problem: String) async {
    let out = temporaryDirectory()
    let run = await ToolRun.run([
      "site", "--app-id", demoAppID, "--android-package", "com.example.app", "--android-fingerprint",
      fingerprint,
      "--out", out,
    ])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix(
        "deeplink site: --android-fingerprint: invalid SHA-256 certificate fingerprint \"\(fingerprint)\": \(problem)"
      ),
      "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test(
    "Bad options exit 2 saying which",
    arguments: [
      (["--app-id", "com.example.app"], #"--app-id: "com.example.app" is not an app ID"#),
      ([], "give at least one --app-id"),
      (
        ["--app-id", demoAppID, "--app-store-id", "id123"],
        #"--app-store-id "id123": an App Store ID is digits only"#
      ),
      (
        ["--app-id", demoAppID, "--android-package", "com.example.app"],
        "--android-package needs at least one"
      ),
      (
        ["--app-id", demoAppID, "--android-fingerprint", playSigningKey],
        "--android-fingerprint needs --android-package"
      ),
      (
        ["--app-id", demoAppID, "--android-package", "example", "--android-fingerprint", playSigningKey],
        #"--android-package "example": not an Android package name"#
      ),
      (
        [
          "--app-id", demoAppID, "--android-package", "com.1example", "--android-fingerprint", playSigningKey,
        ],
        #"--android-package "com.1example": not an Android package name"#
      ),
    ])
  func badOptions(words: [String], message: String) async {
    let run = await ToolRun.run(["site"] + words + ["--out", temporaryDirectory()])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("deeplink site: \(message)"), "\(run.error)")
    #expect(run.error.hasSuffix("\nsee 'deeplink site --help'\n"), "\(run.error)")
    let noOut = await ToolRun.run(["site", "--app-id", demoAppID])
    #expect(noOut.status == 2)
    #expect(noOut.error.hasPrefix("deeplink site: give --out DIR"))
  }

  @Test("A table the site cannot be made from exits 2; a route AASA cannot express exits 1")
  func badTables() async throws {
    let noScheme = try temporaryRouteFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "a", "pattern": "/a"}]}"#)
    let run = await ToolRun.run([
      "site", "--routes", noScheme, "--app-id", demoAppID, "--out", temporaryDirectory(),
    ])
    #expect(run.status == 2)
    #expect(run.error.contains("\(noScheme): schemes \"\": the route table lists no custom scheme"))
    let wildcardOnly = try temporaryRouteFile(
      #"{"schemes": ["app"], "hosts": ["*.example.com"], "routes": [{"name": "a", "pattern": "/a"}]}"#)
    let wild = await ToolRun.run([
      "site", "--routes", wildcardOnly, "--app-id", demoAppID, "--out", temporaryDirectory(),
    ])
    #expect(wild.status == 2)
    #expect(wild.error.contains("no host that is not a wildcard"))
    let inexpressible = try temporaryRouteFile(
      #"{"schemes": ["app"], "hosts": ["example.com"], "routes": [{"name": "faq", "pattern": "/what%3F"}]}"#)
    let out = temporaryDirectory()
    let failed = await ToolRun.run(["site", "--routes", inexpressible, "--app-id", demoAppID, "--out", out])
    #expect(failed.status == 1)
    #expect(failed.error.contains(#"route faq: "what?" cannot be expressed"#))
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("site --help shows its usage; the tool's help lists site")
  func help() async {
    let run = await ToolRun.run(["site", "--help"])
    #expect(run.status == 0)
    #expect(await ToolRun.run(["--help"]).output.contains("\n  site "))
    #expect(run.output.hasPrefix("USAGE: deeplink site [--routes FILE] --app-id ID..."))
  }
}

/// Whether an executable is on the `PATH`.
func executableOnPath(_ name: String) -> Bool {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  return path.split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
  }
}

@Suite("deeplink site in a browser")
struct SiteCommandBrowserTests {
  static let browserAvailable = executableOnPath("chromium") && executableOnPath("python3")

  @Test(
    "The fallback page, served for routed paths, hands the app that path: banner and app link",
    .enabled(
      if: browserAvailable,
      "needs the chromium and python3 executables on PATH (apt-get install -y chromium python3)"),
    .timeLimit(.minutes(1)))
  func fallbackPageInChromium() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(["site", "--app-id", demoAppID, "--app-store-id", "123456789", "--out", out])
    try #require(site.status == 0, "\(site.error)")
    let server = try await SiteServer.start(root: out)
    let cases = [
      ("/channel/video/12345", "myapp://channel/video/12345"),
      ("/channel/search/goal%20highlights?utm=mail", "myapp://channel/search/goal%20highlights?utm=mail"),
    ]
    for (path, appLink) in cases {
      let dom = try await headlessChromiumDOM("http://127.0.0.1:\(server.port)\(path)")
      #expect(
        attribute("content", ofTagContaining: #"name="apple-itunes-app""#, in: dom)
          == "app-id=123456789, app-argument=https://example.com\(path)", "\(dom)")
      #expect(attribute("href", ofTagContaining: #"id="open-in-app""#, in: dom) == appLink)
      #expect(
        attribute("href", ofTagContaining: #"rel="canonical""#, in: dom) == "https://example.com\(path)")
      #expect(dom.contains("Open in the app"))
    }
  }
}

/// The value of an attribute in the first tag that contains a marker, from serialized HTML.
func attribute(_ name: String, ofTagContaining marker: String, in html: String) -> String? {
  guard let markerRange = html.range(of: marker),
    let start = html[..<markerRange.lowerBound].range(of: "<", options: .backwards),
    let end = html[markerRange.upperBound...].firstIndex(of: ">")
  else { return nil }
  let tag = html[start.lowerBound..<end]
  guard let valueStart = tag.range(of: " \(name)=\"")?.upperBound,
    let valueEnd = tag[valueStart...].firstIndex(of: "\"")
  else { return nil }
  return String(tag[valueStart..<valueEnd]).replacingOccurrences(of: "&amp;", with: "&")
}

/// Runs a process to its end with a deadline, off the cooperative pool; returns its standard output.
func runBounded(_ executable: String, _ arguments: [String], seconds: Double) async throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [executable] + arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let pid = process.processIdentifier
  let finished = Atomic<Bool>(false)
  DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
    if !finished.load(ordering: .acquiring) { kill(pid, SIGKILL) }
  }
  let data = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
    Thread.detachNewThread {
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      finished.store(true, ordering: .releasing)
      continuation.resume(returning: data)
    }
  }
  guard process.terminationStatus == 0 else {
    throw BrowserTestFailure(description: "\(executable) exited with \(process.terminationStatus)")
  }
  return String(decoding: data, as: UTF8.self)
}

/// The DOM of a page after its scripts ran, as headless Chromium serializes it.
///
/// - Parameters:
///   - url: The page.
///   - userAgent: The user agent Chromium sends and tells the page, or `nil` for its own.
///   - options: More command-line options (host rules, certificate handling).
/// - Returns: The serialized DOM.
/// - Throws: ``BrowserTestFailure`` when Chromium fails or outlives its 30 seconds.
func headlessChromiumDOM(
  _ url: String, userAgent: String? = nil, options: [String] = []
) async throws -> String {
  try await runBounded(
    "chromium",
    [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
      "--virtual-time-budget=2000",
    ] + (userAgent.map { ["--user-agent=\($0)"] } ?? []) + options + ["--dump-dom", url],
    seconds: 30)
}

struct BrowserTestFailure: Error, CustomStringConvertible {
  var description: String
}

/// `Scripts/serve-site.py` serving a directory on 127.0.0.1 the way the generated nginx.conf does.
enum SiteServer {
  static let scriptURL = packageRoot.appendingPathComponent("Scripts/serve-site.py")

  static func start(root: String) async throws -> LocalScriptServer {
    try await LocalScriptServer(script: scriptURL, arguments: [root])
  }
}

/// Runs the fallback page's scripts in Node with the few DOM calls they make, for one path, and
/// prints the "Open in the app" link (`null` when taken away) and whether the verified-only note shows.
let fallbackPageHarness = """
  const fs = require("fs");
  const [file, pathname, search] = process.argv.slice(2);
  const html = fs.readFileSync(file, "utf8");
  const scripts = [...html.matchAll(/<script>([\\s\\S]*?)<\\/script>/g)].map((m) => m[1]);
  const elements = {};
  function element(id) {
    if (!elements[id]) {
      elements[id] = {
        hidden: id === "verified-only" && html.includes('id="verified-only" hidden'), href: "",
        removeAttribute(name) { if (name === "href") this.href = null; }, setAttribute() {},
        getAttribute(name) { return name === "href" ? this.href : null; },
      };
    }
    return elements[id];
  }
  global.document = { getElementById: element, querySelector: element, documentElement: element("html") };
  global.location = { pathname, search };
  Object.defineProperty(global, "navigator", {
    value: { userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)", maxTouchPoints: 5 },
  });
  for (const script of scripts) eval(script);
  const link = element("open-in-app");
  console.log(JSON.stringify({ href: link.hidden ? null : link.href, note: !element("verified-only").hidden }));
  """

@Suite("deeplink site: the fallback page and verified-only routes")
struct SiteVerifiedRouteTests {
  static let shopRoutes = """
    {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": [
      {"name": "product", "pattern": "/product/{id}"},
      {"name": "account", "pattern": "/account", "requiresSignIn": true},
      {"name": "latestOrder", "pattern": "/account/orders/latest", "requiresSignIn": true},
      {"name": "order", "pattern": "/account/orders/{id}", "requiresVerifiedLink": true, "requiresSignIn": true}]}
    """

  @Test(
    "the page lists which routes may open from the custom scheme; a table without verified routes gets no list"
  )
  func pageKnowsTheVerifiedRoutes() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run([
      "site", "--routes", try temporaryRouteFile(Self.shopRoutes), "--app-id", demoAppID, "--out", out,
    ])
    try #require(site.status == 0, "\(site.error)")
    let html = try contents(out, "public/fallback.html")
    #expect(html.contains(#"["^/account/orders/[^/]+/?$", false, ""]"#), "\(html)")
    #expect(html.contains(#"["^/product/[^/]+/?$", true, ""]"#))
    #expect(html.contains(#"<p id="verified-only" hidden>"#))

    let demo = temporaryDirectory()
    try #require(await ToolRun.run(["site", "--app-id", demoAppID, "--out", demo]).status == 0)
    #expect(!(try contents(demo, "public/fallback.html")).contains("verified-only"))
  }

  @Test(
    "Open in the app offers the custom scheme only for routes the app opens from it",
    .enabled(if: executableOnPath("node"), "needs the node executable on PATH"),
    .timeLimit(.minutes(1)))
  func openInTheAppSkipsVerifiedRoutes() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run([
      "site", "--routes", try temporaryRouteFile(Self.shopRoutes), "--app-id", demoAppID, "--out", out,
    ])
    try #require(site.status == 0, "\(site.error)")
    let harness = try temporaryFile(fallbackPageHarness, name: "harness.js")
    let page = URL(fileURLWithPath: out).appendingPathComponent("public/fallback.html").path
    let cases: [(path: String, search: String, result: String)] = [
      ("/product/p1", "?utm_source=mail", #"{"href":"shop://product/p1?utm_source=mail","note":false}"#),
      ("/account", "", #"{"href":"shop://account","note":false}"#),
      // The literal route wins over the verified-only parameter route, as in the app's router.
      ("/account/orders/latest", "", #"{"href":"shop://account/orders/latest","note":false}"#),
      ("/account/orders/o-9", "", #"{"href":null,"note":true}"#),
      ("/account/orders/o%2D9", "", #"{"href":null,"note":true}"#),
    ]
    for (path, search, result) in cases {
      let output = try await runBounded("node", [harness, page, path, search], seconds: 20)
      #expect(output == result + "\n", "\(path)")
    }
  }
}

/// Runs the fallback page's scripts in Node for one path: the page loads, then the user taps "Get the
/// app". Prints what the clipboard held after load and after the tap, and where the page went.
let storeButtonHarness = """
  const fs = require("fs");
  const [file, pathname, search, hash] = process.argv.slice(2);
  const html = fs.readFileSync(file, "utf8");
  const scripts = [...html.matchAll(/<script>([\\s\\S]*?)<\\/script>/g)].map((m) => m[1]);
  const elements = {};
  const writes = [];
  function element(id) {
    if (!elements[id]) {
      elements[id] = {
        hidden: false, href: id === "app-store" ? "https://apps.apple.com/app/id123456789" : "", listeners: [],
        removeAttribute() {}, setAttribute() {}, getAttribute() { return this.href; },
        addEventListener(type, listener) { if (type === "click") this.listeners.push(listener); },
      };
    }
    return elements[id];
  }
  global.document = { getElementById: element, querySelector: element, documentElement: element("html") };
  global.location = { pathname, search, hash, href: "" };
  Object.defineProperty(global, "navigator", { value: { userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)", maxTouchPoints: 5, clipboard: { writeText(text) { writes.push(text); return Promise.resolve(); } } } });
  Date.now = () => 1790000000123;
  for (const script of scripts) eval(script);
  const afterLoad = writes.length;
  let prevented = false;
  for (const listener of element("app-store").listeners) listener({ preventDefault() { prevented = true; } });
  setTimeout(() => console.log(JSON.stringify({ afterLoad, copied: writes, prevented, went: location.href })), 10);
  """

@Suite("deeplink site: the store button keeps the link for the app")
struct SiteDeferredLinkTests {
  @Test(
    "the link is copied with its copy time on the tap, never on load, then the store opens",
    .enabled(if: executableOnPath("node"), "needs the node executable on PATH"),
    .timeLimit(.minutes(1)))
  func copiesOnTap() async throws {
    let out = temporaryDirectory()
    let site = await ToolRun.run(["site", "--app-id", demoAppID, "--app-store-id", "123456789", "--out", out])
    try #require(site.status == 0, "\(site.error)")
    let html = try contents(out, "public/fallback.html")
    #expect(html.contains("Tapping it copies this link"))
    let harness = try temporaryFile(storeButtonHarness, name: "store-harness.js")
    let page = URL(fileURLWithPath: out).appendingPathComponent("public/fallback.html").path
    let cases = [
      (
        "/channel/video/12345", "", "",
        "https://example.com/channel/video/12345?deeplink_copied_at=1790000000"
      ),
      (
        "/channel/search/goal%20highlights", "?utm_source=mail", "#top",
        "https://example.com/channel/search/goal%20highlights?utm_source=mail&deeplink_copied_at=1790000000#top"
      ),
    ]
    for (path, search, hash, copied) in cases {
      let output = try await runBounded("node", [harness, page, path, search, hash], seconds: 20)
      let expected =
        #"{"afterLoad":0,"copied":["\#(copied)"],"prevented":true,"went":"https://apps.apple.com/app/id123456789"}"#
      #expect(output == expected + "\n", "\(path)")
    }
  }

  @Test("a page without an App Store ID copies nothing")
  func noStoreNoCopy() async throws {
    let out = temporaryDirectory()
    try #require(await ToolRun.run(["site", "--app-id", demoAppID, "--out", out]).status == 0)
    #expect(!(try contents(out, "public/fallback.html")).contains("deeplink_copied_at"))
  }
}
