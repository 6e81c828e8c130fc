import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

/// `deeplink audit --access-log`: a web server's access log read as clicks on the table's links.
///
/// The combined lines are written the way nginx writes them: its `combined` format is
/// `$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer"
/// "$http_user_agent"`, and in a log line it writes `"`, `\`, control bytes and bytes from 0x7F as
/// `\xHH` (nginx documentation, ngx_http_log_module, `log_format` and its `escape` parameter; with
/// `escape=json` it writes JSON string escapes instead).
@Suite("deeplink audit --access-log")
struct AccessLogAuditTests {
  static let iPhone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
  static let pixel =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
  static let mac =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15"
  // Google's smartphone crawler says Android too; it counts as a bot (Google Search Central, "Google
  // crawlers": Googlebot Smartphone's user agent string).
  static let googlebot =
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"

  static func combined(
    _ request: String, status: Int = 200, agent: String = iPhone, time: String = "02/Dec/2026:07:00:00 +0000"
  ) -> String {
    #"203.0.113.7 - - [\#(time)] "\#(request)" \#(status) 512 "-" "\#(agent)""#
  }

  static func run(_ log: String, _ options: [String] = []) async -> ToolRun {
    await ToolRun.run(["audit", "--access-log", "-", "--json"] + options, input: log)
  }

  static func summary(_ run: ToolRun) throws -> [String: Any] {
    #expect(run.status == 0, "\(run.error)")
    return try #require(try run.jsonLines().first)
  }

  @Test func clicksAreCountedPerRoutePlatformAndCampaign() async throws {
    let log = [
      Self.combined("GET /channel HTTP/1.1"),
      Self.combined("GET /channel/video/7?utm_source=news&utm_campaign=spring HTTP/1.1", agent: Self.pixel),
      Self.combined("HEAD /channel/video/8?utm_campaign=spring&utm_source=news HTTP/1.1", agent: Self.mac),
      Self.combined("GET /channel/video/9 HTTP/2.0", agent: Self.googlebot),
      Self.combined("GET /channel/video/9 HTTP/1.1", agent: "-"),
      Self.combined("GET /nowhere HTTP/1.1", time: "02/Dec/2026:08:00:00 +0000"),
    ].joined(separator: "\n")
    let summary = try Self.summary(await Self.run(log))
    #expect(summary["format"] as? String == "combined")
    #expect(summary["host"] as? String == "example.com", "the demo table's first host")
    #expect(summary["lines"] as? Int == 6)
    #expect(summary["firstTime"] as? String == "02/Dec/2026:07:00:00 +0000")
    #expect(summary["lastTime"] as? String == "02/Dec/2026:08:00:00 +0000")
    let clicks = try #require(summary["clicks"] as? [String: Any])
    #expect(clicks["total"] as? Int == 6)
    #expect(clicks["matched"] as? Int == 5)
    #expect(clicks["unmatched"] as? Int == 1)
    let routes = try #require(summary["routes"] as? [[String: Any]])
    let clip = try #require(routes.first { $0["route"] as? String == "clip" })
    #expect(clip["clicks"] as? Int == 4)
    #expect(clip["android"] as? Int == 1)
    #expect(clip["desktop"] as? Int == 1)
    #expect(clip["bot"] as? Int == 1)
    #expect(clip["unknown"] as? Int == 1)
    let platforms = try #require(summary["platforms"] as? [String: Int])
    #expect(platforms == ["ios": 2, "android": 1, "desktop": 1, "bot": 1, "unknown": 1])
    #expect(summary["bots"] as? [String: Int] == ["Googlebot": 1])
    let campaigns = try #require(summary["campaigns"] as? [[String: Any]])
    #expect(campaigns.count == 1)
    #expect(campaigns.first?["source"] as? String == "news")
    #expect(campaigns.first?["campaign"] as? String == "spring")
    #expect(campaigns.first?["clicks"] as? Int == 2)
    #expect((summary["noCampaign"] as? [String: Int])?["clicks"] == 4)
    let groups = try #require(clicks["unmatchedByNearestRoute"] as? [[String: Any]])
    #expect(groups.first?["route"] as? String == "main")
    #expect(groups.first?["examples"] as? [String] == ["https://example.com/nowhere"])
  }

  @Test func onlyGetAndHeadBelow400OutsideWellKnownAreClicks() async throws {
    let log = [
      Self.combined("GET /.well-known/apple-app-site-association HTTP/1.1", agent: "AASA-Bot/1.0.0"),
      Self.combined(
        "GET /.well-known/assetlinks.json HTTP/1.1", status: 404, agent: "Google-Digital-Asset-Links"),
      Self.combined("GET /apple-app-site-association HTTP/1.1"),
      Self.combined("GET /.well-known/security.txt HTTP/1.1"),
      Self.combined("POST /channel HTTP/1.1"),
      Self.combined("GET /channel/video/1 HTTP/1.1", status: 404),
      Self.combined("GET /channel/video/1 HTTP/1.1", status: 502),
      Self.combined("GET /channel HTTP/1.1", status: 301),
    ].joined(separator: "\n")
    let summary = try Self.summary(await Self.run(log))
    let outcomes = try #require(summary["outcomes"] as? [String: Int])
    #expect(
      outcomes == [
        "clicks": 1, "wellKnown": 4, "otherMethod": 1, "errorStatus": 2, "notARequest": 0, "malformed": 0,
      ])
    let wellKnown = try #require(summary["wellKnown"] as? [[String: Any]])
    #expect(
      wellKnown.map { "\($0["file"] ?? "") \($0["fetches"] ?? "") \($0["errors"] ?? "")" } == [
        "apple-app-site-association 1 0", "apple-app-site-association (at the root) 1 0",
        "assetlinks.json 1 1",
        "other 1 0",
      ])
    let errors = try #require(summary["errorStatus"] as? [String: Any])
    #expect(errors["4xx"] as? Int == 1)
    #expect(errors["5xx"] as? Int == 1)
    let examples = try #require(errors["examples"] as? [[String: Any]])
    #expect(examples.first?["line"] as? Int == 6)
    #expect(examples.first?["text"] as? String == "404 /channel/video/1")
  }

  @Test func jsonLinesAreReadByTheirKeys() async throws {
    let log = [
      #"{"time_iso8601":"2026-12-02T07:00:00+00:00","request":"GET /channel/video/3 HTTP/1.1","status":"200","host":"example.com","http_user_agent":"\#(Self.iPhone)"}"#,
      // `request_uri` with `request_method`, a numeric status, the host in `http_host`.
      #"{"request_method":"GET","request_uri":"/channel/video/4?utm_source=a%20b","status":200,"http_host":"example.com","http_user_agent":"curl/8.4.0"}"#,
      // `uri` and `args`, the way nginx's decoded variables give them.
      #"{"uri":"/channel/video/5","args":"utm_campaign=x","status":"200","host":"-","http_user_agent":""}"#,
      // A host the table does not list: its link is rejected as the router rejects it.
      #"{"request":"GET /channel HTTP/1.1","status":"200","host":"elsewhere.example"}"#,
      #"{"request":"GET /channel HTTP/1.1","status":"200","host":"evil.example/channel?x="}"#,
      #"{"status":"200"}"#,
      #"{"request":"GET /channel"#,
    ].joined(separator: "\n")
    let summary = try Self.summary(await Self.run(log))
    #expect(summary["format"] as? String == "json")
    let clicks = try #require(summary["clicks"] as? [String: Any])
    #expect(clicks["matched"] as? Int == 3)
    #expect(clicks["rejected"] as? Int == 2)
    let rejections = try #require(clicks["rejections"] as? [[String: Any]])
    #expect(Set(rejections.compactMap { $0["reason"] as? String }) == ["unknown-host", "invalid-host"])
    #expect(summary["bots"] as? [String: Int] == ["curl": 1])
    let campaigns = try #require(summary["campaigns"] as? [[String: Any]])
    #expect(Set(campaigns.map { "\($0["source"] ?? "")|\($0["campaign"] ?? "")" }) == ["a b|", "|x"])
    let malformed = try #require(summary["malformed"] as? [[String: Any]])
    #expect(Set(malformed.compactMap { $0["reason"] as? String }) == ["missing-request-key", "invalid-json"])
  }

  @Test func theFormatCanBeChosenAndTheHostGiven() async throws {
    let log = #"{"request":"GET /channel HTTP/1.1","status":"200"}"#
    let asCombined = try Self.summary(await Self.run(log, ["--log-format", "combined"]))
    #expect((asCombined["outcomes"] as? [String: Int])?["malformed"] == 1)
    let elsewhere = try Self.summary(
      await Self.run(Self.combined("GET /channel HTTP/1.1"), ["--host", "other.example"]))
    #expect(elsewhere["host"] as? String == "other.example")
    #expect(
      (elsewhere["clicks"] as? [String: Any])?["rejected"] as? Int == 1, "a host the table does not list")
  }

  /// Hostile lines, each counted for what it is and shown escaped, none stopping the report.
  @Test func hostileLinesAreCountedAndShownEscaped() async throws {
    let escape = "\u{1B}[31m"
    var bytes: [UInt8] = []
    func line(_ text: String) { bytes += Array(text.utf8) + [0x0A] }
    // 1: not in the format at all.
    line("this is not a log line")
    // 2: a user agent with a quote, written by nginx as \x22; a request with \x22 in its target.
    line(
      Self.combined(#"GET /channel/search/a\x22b HTTP/1.1"#, agent: #"Mozilla/5.0 (iPhone; \x22quoted\x22)"#))
    // 3: a line of 1 MB: read to its newline, never kept.
    line(Self.combined("GET /channel/video/1 HTTP/1.1", agent: String(repeating: "A", count: 1 << 20)))
    // 4: invalid UTF-8 in the target (raw bytes, as a log not written by nginx could have them).
    bytes += Array(#"203.0.113.7 - - [02/Dec/2026:07:00:00 +0000] "GET /channel/video/"#.utf8) + [0xC3, 0x28]
    bytes += Array(#" HTTP/1.1" 200 5 "-" "curl/8""#.utf8) + [0x0A]
    // 5: a campaign with HTML and a terminal escape, percent-encoded as a browser sends them.
    line(Self.combined("GET /channel?utm_source=%3Cscript%3E&utm_campaign=%1B%5B31m HTTP/1.1"))
    // 6: a TLS handshake sent to the plain-HTTP port, and 7: nothing sent at all.
    line(#"203.0.113.9 - - [02/Dec/2026:07:00:00 +0000] "\x16\x03\x01\x00\xF1\x01" 400 150 "-" "-""#)
    line(#"203.0.113.9 - - [02/Dec/2026:07:00:00 +0000] "-" 400 0 "-" "-""#)
    // 8: a quote that never closes.
    line(#"203.0.113.9 - - [02/Dec/2026:07:00:00 +0000] "GET /channel"#)
    let json = try Self.summary(
      await ToolRun.run(["audit", "--access-log", "-", "--json"], inputBytes: bytes))
    #expect(json["lines"] as? Int == 8)
    let outcomes = try #require(json["outcomes"] as? [String: Int])
    #expect(outcomes["clicks"] == 3)
    #expect(outcomes["notARequest"] == 2)
    #expect(outcomes["malformed"] == 3)
    let malformed = try #require(json["malformed"] as? [[String: Any]])
    let byReason = Dictionary(uniqueKeysWithValues: malformed.map { ($0["reason"] as? String ?? "", $0) })
    #expect(((byReason["missing-time"]?["examples"] as? [[String: Any]])?.first?["line"] as? Int) == 1)
    let overlong = try #require((byReason["line-too-long"]?["examples"] as? [[String: Any]])?.first)
    #expect(overlong["line"] as? Int == 3)
    #expect((overlong["text"] as? String)?.count ?? .max <= 201, "an excerpt, not the line")
    #expect(((byReason["missing-request"]?["examples"] as? [[String: Any]])?.first?["line"] as? Int) == 8)
    let clicks = try #require(json["clicks"] as? [String: Any])
    // The \x22 in the target is read back as a quote: `/channel/search/a"b` is the search route's link.
    let routes = try #require(json["routes"] as? [[String: Any]])
    #expect(routes.first { $0["route"] as? String == "search" }?["ios"] as? Int == 1)
    #expect(clicks["matched"] as? Int == 1)
    // The router refuses the decoded escape character of line 5 and the bytes of line 4; the
    // campaign of line 5 is still counted, as a click that matched nothing.
    #expect(
      Set((clicks["rejections"] as? [[String: Any]])?.compactMap { $0["reason"] as? String } ?? [])
        == ["forbidden-character", "invalid-utf8"])
    #expect(
      json["platforms"] as? [String: Int] == ["ios": 2, "android": 0, "desktop": 0, "bot": 1, "unknown": 0])
    let campaign = try #require((json["campaigns"] as? [[String: Any]])?.first)
    #expect(campaign["source"] as? String == "<script>", "JSON carries the text, escaped by JSON's rules")
    #expect(campaign["campaign"] as? String == escape)

    let text = await ToolRun.run(["audit", "--access-log", "-"], inputBytes: bytes)
    #expect(text.status == 0)
    #expect(!text.output.contains("\u{1B}"), "no terminal escape reaches the terminal")
    #expect(text.output.contains(#"<script> / \u{1B}[31m"#), "\(text.output)")
    #expect(text.output.contains(#"line 6: 203.0.113.9 - - [02/Dec/2026:07:00:00 +0000] "\x16\x03\x01"#))
    #expect(text.output.contains("line-too-long"))
    #expect(text.output.utf8.count < 20_000, "examples are bounded")
  }

  @Test func campaignsBeyondTheLimitAreCountedTogether() async throws {
    let limit = AccessLogAudit.campaignLimit
    let log = (0..<(limit + 50)).map { Self.combined("GET /channel?utm_campaign=c\($0) HTTP/1.1") }
      .joined(separator: "\n")
    let summary = try Self.summary(await Self.run(log))
    #expect((summary["campaigns"] as? [Any])?.count == limit)
    #expect((summary["otherCampaigns"] as? [String: Int])?["clicks"] == 50)
    let text = await ToolRun.run(["audit", "--access-log", "-"], input: log)
    #expect(text.output.contains("(other)"))
    #expect(text.output.contains("only the first 1000 distinct campaigns"))
  }

  @Test func textReportShowsEveryCount() async throws {
    let log = [
      Self.combined("GET /channel/video/7?utm_source=news HTTP/1.1"),
      Self.combined("GET /channel/vidoe/7 HTTP/1.1", agent: Self.pixel),
      "",
    ].joined(separator: "\n")
    let run = await ToolRun.run(["audit", "--access-log", "-"], input: log)
    #expect(run.status == 0)
    #expect(run.output.contains("access log - (combined), links on https://example.com"), "\(run.output)")
    #expect(run.output.contains("  clicks (GET/HEAD below 400)       2  (100.0 %)"), "\(run.output)")
    #expect(run.output.contains("  clip                     1       1       0"), "\(run.output)")
    #expect(run.output.contains("  news / "), "\(run.output)")
    #expect(run.output.contains("unmatched clicks, by the route that came closest:"))
    #expect(run.output.contains("e.g. https://example.com/channel/vidoe/7"))
  }

  /// The short-link file `deeplink site` serves, for the demo table, on go.example.com.
  static func shortLinkFile() throws -> String {
    try temporaryFile(
      #"{"spring": "https://example.com/channel/video/12345?utm_campaign=spring", "top": "https://example.com/channel#top"}"#,
      name: "links.json")
  }

  /// A short link in the site's log is a click of its long link: its route and campaign, with the
  /// request's query appended as the server redirects it, whether the line names the host (JSON) or
  /// not (combined); not an unmatched click on the site's own host, nor an unknown host.
  @Test func shortLinksCountAsTheirLongLinks() async throws {
    let options = try ["--short-links", Self.shortLinkFile(), "--short-link-host", "go.example.com"]
    let json = [
      #"{"request":"GET /s/spring HTTP/1.1","status":"301","host":"go.example.com","http_user_agent":"\#(Self.iPhone)"}"#,
      #"{"request":"GET /s/spring?utm_source=mail HTTP/1.1","status":"301","host":"GO.example.com","http_user_agent":"\#(Self.pixel)"}"#,
      #"{"request":"GET /s/top HTTP/1.1","status":"301","host":"go.example.com","http_user_agent":"\#(Self.mac)"}"#,
      // A code the file does not have (the server answers 404, not a click), and one answered below
      // 400 by a server with an older file: a tracking link the audit does not follow.
      #"{"request":"GET /s/gone HTTP/1.1","status":"404","host":"go.example.com"}"#,
      #"{"request":"GET /s/older HTTP/1.1","status":"301","host":"go.example.com"}"#,
      // The association file of the short-link host is no click.
      #"{"request":"GET /.well-known/apple-app-site-association HTTP/1.1","status":"200","host":"go.example.com"}"#,
    ].joined(separator: "\n")
    let summary = try Self.summary(await Self.run(json, options))
    let clicks = try #require(summary["clicks"] as? [String: Any])
    #expect(clicks["total"] as? Int == 4, "\(clicks)")
    #expect(clicks["matched"] as? Int == 3, "\(clicks)")
    #expect(clicks["shortLinks"] as? Int == 3)
    #expect(clicks["tracking"] as? Int == 1)
    #expect(clicks["rejected"] as? Int == 0 && clicks["unmatched"] as? Int == 0, "\(clicks)")
    let routes = try #require(summary["routes"] as? [[String: Any]])
    #expect(routes.first { $0["route"] as? String == "clip" }?["clicks"] as? Int == 2)
    #expect(routes.first { $0["route"] as? String == "main" }?["clicks"] as? Int == 1)
    let campaigns = try #require(summary["campaigns"] as? [[String: Any]])
    #expect(
      Set(campaigns.map { "\($0["source"] ?? "")|\($0["campaign"] ?? "")|\($0["clicks"] ?? 0)" })
        == ["|spring|1", "mail|spring|1"], "\(campaigns)")
    let codes = try #require(summary["shortLinkCodes"] as? [[String: Any]])
    #expect(codes.map { "\($0["code"] ?? "")=\($0["count"] ?? 0)" } == ["spring=2", "top=1"])
    let tracking = try #require(clicks["trackingOrigins"] as? [[String: Any]])
    #expect(tracking.first?["origin"] as? String == "https://go.example.com")
    #expect(tracking.first?["examples"] as? [String] == ["https://go.example.com/s/older"])

    // nginx's combined format has no host: a short path of the file answered below 400 is the short
    // link, since the site's routes never take one.
    let combined = [
      Self.combined("GET /s/spring?utm_source=news HTTP/1.1", status: 301),
      Self.combined("GET /channel/video/1 HTTP/1.1"),
    ].joined(separator: "\n")
    let fromCombined = try Self.summary(await Self.run(combined, options))
    let combinedClicks = try #require(fromCombined["clicks"] as? [String: Any])
    #expect(combinedClicks["matched"] as? Int == 2 && combinedClicks["shortLinks"] as? Int == 1)
    #expect(
      (fromCombined["campaigns"] as? [[String: Any]])?.first?["campaign"] as? String == "spring",
      "\(fromCombined)")

    // Without the file, the same lines are what they were: an unmatched click on the site's host, an
    // unknown host.
    let without = try Self.summary(await Self.run(combined))
    #expect((without["clicks"] as? [String: Any])?["unmatched"] as? Int == 1)
    let unknown = try Self.summary(await Self.run(json))
    #expect((unknown["clicks"] as? [String: Any])?["rejected"] as? Int == 4)

    // The text report lists them, each code with its count and long link.
    let text = await ToolRun.run(["audit", "--access-log", "-"] + options, input: json)
    #expect(
      text.output.split(separator: "\n").contains {
        $0.hasPrefix("    of which short links    ") && $0.hasSuffix("  3")
      }, "\(text.output)")
    #expect(text.output.contains("short links, each counted as its long link's route and campaign:"))
    #expect(
      text.output.contains("  spring  2  https://example.com/channel/video/12345?utm_campaign=spring"),
      "\(text.output)")
    #expect(text.output.contains("tracking links, not followed (the audit fetches nothing), by origin:"))
  }

  /// Links on a tracking origin are tracking links, counted apart, in a log and in a list of links,
  /// the origin given as `deeplink route --tracking-origin` takes it.
  @Test func trackingOriginsAreCountedApart() async throws {
    let log = [
      #"{"request":"GET /wf/click?upn=abc&utm_source=mail HTTP/1.1","status":"302","host":"clicks.example.com"}"#,
      #"{"request":"GET /channel HTTP/1.1","status":"200","host":"example.com"}"#,
    ].joined(separator: "\n")
    let summary = try Self.summary(await Self.run(log, ["--tracking-origin", "clicks.example.com"]))
    let clicks = try #require(summary["clicks"] as? [String: Any])
    #expect(
      clicks["tracking"] as? Int == 1 && clicks["matched"] as? Int == 1 && clicks["rejected"] as? Int == 0)
    #expect((summary["campaigns"] as? [[String: Any]])?.first?["source"] as? String == "mail")

    let links = [
      "https://clicks.example.com/wf/click?upn=abc", "https://clicks.example.com:8443/wf/x",
      "https://go.example.com/s/spring?utm_source=mail", "https://example.com/channel",
    ].joined(separator: "\n")
    let list = await ToolRun.run(
      [
        "audit", "--json", "--tracking-origin", "https://clicks.example.com", "--short-links",
        try Self.shortLinkFile(), "--short-link-host", "go.example.com",
      ], input: links)
    let counts = try Self.summary(list)
    #expect(counts["tracking"] as? Int == 1, "\(counts)")
    #expect(counts["rejected"] as? Int == 1, "another port is another origin: \(counts)")
    #expect(counts["matched"] as? Int == 2 && counts["shortLinks"] as? Int == 1, "\(counts)")
    #expect((counts["routes"] as? [String: Int])?["clip"] == 1)
    let text = await ToolRun.run(
      ["audit", "--tracking-origin", "https://clicks.example.com"], input: links)
    #expect(text.output.contains("tracking links"), "\(text.output)")
    #expect(text.output.contains("  https://clicks.example.com  1"), "\(text.output)")
  }

  @Test func shortLinkAndTrackingOptionsAreChecked() async throws {
    let alone = await ToolRun.run(["audit", "--short-links", try Self.shortLinkFile()])
    #expect(alone.status == 2)
    #expect(alone.error.contains("give --short-links and --short-link-host together"))
    let origin = await ToolRun.run(["audit", "--tracking-origin", "ftp://clicks.example.com"])
    #expect(origin.status == 2)
    #expect(origin.error.contains("--tracking-origin"), "\(origin.error)")
    // A long link no route takes is refused as deeplink site refuses it, with its line and column.
    let bad = try temporaryFile(#"{"x": "https://example.com/nowhere"}"#, name: "bad.json")
    let refused = await ToolRun.run(
      ["audit", "--access-log", "-", "--short-links", bad, "--short-link-host", "go.example.com"], input: "")
    #expect(refused.status == 2)
    #expect(
      refused.error.contains("bad.json:1:2: short link \"x\": no route matches the long link"),
      "\(refused.error)")
  }

  /// The per-route table of the text report ends with the row of every click, its label whole.
  @Test func theRowOfEveryClickKeepsItsLabel() async throws {
    let run = await ToolRun.run(
      ["audit", "--access-log", "-"], input: Self.combined("GET /channel HTTP/1.1"))
    let row = try #require(run.output.split(separator: "\n").first { $0.contains("(every click") })
    #expect(row.hasPrefix("  (every click)  "), "\(row)")
    // A route name longer than the label widens the column for both.
    let routes = try temporaryRouteFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "aVeryLongRouteName", "pattern": "/channel"}]}"#)
    let long = await ToolRun.run(
      ["audit", "--routes", routes, "--access-log", "-"], input: Self.combined("GET /channel HTTP/1.1"))
    let lines = long.output.split(separator: "\n")
    let routeRow = try #require(lines.first { $0.hasPrefix("  aVeryLongRouteName") })
    let everyRow = try #require(lines.first { $0.hasPrefix("  (every click)") })
    #expect(routeRow.count == everyRow.count, "\(long.output)")
  }

  @Test func badOptionsAreUsageErrors() async throws {
    let format = await ToolRun.run(["audit", "--access-log", "-", "--log-format", "apache"])
    #expect(format.status == 2)
    #expect(format.error.contains("--log-format is combined or json, got 'apache'"))
    let alone = await ToolRun.run(["audit", "--host", "example.com"])
    #expect(alone.status == 2)
    #expect(alone.error.contains("--log-format and --host go with --access-log FILE"))
    let host = await ToolRun.run(["audit", "--access-log", "-", "--host", "evil.example/x"])
    #expect(host.status == 2)
    let missing = await ToolRun.run(["audit", "--access-log", "/nonexistent/access.log"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("/nonexistent/access.log: cannot read the access log"))
  }

  @Test func readsALogFile() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "access-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data((Self.combined("GET /channel HTTP/1.1") + "\n").utf8).write(to: file)
    let summary = try Self.summary(await ToolRun.run(["audit", "--access-log", file.path, "--json"]))
    #expect((summary["clicks"] as? [String: Any])?["matched"] as? Int == 1)
  }

  /// A log of about 300 MB through a pipe into the built tool: it streams in bounded memory.
  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func aLargeLogStreamsThroughAPipeInBoundedMemory() async throws {
    let deeplink = try #require(BuiltProducts.executable(named: "deeplink"))
    // 10,000 lines of 30 KB (a long user agent), then 20,000 ordinary lines; `yes` and `head` make
    // them without holding the log anywhere.
    let long = Self.combined("GET /channel/video/1 HTTP/1.1", agent: String(repeating: "x", count: 30_000))
    let short = Self.combined("GET /nowhere/1?utm_source=s HTTP/1.1")
    let script =
      "{ yes '\(long)' | head -n 10000; yes '\(short)' | head -n 20000; } | '\(deeplink.path)' audit --access-log - --json"
    let run = try await MeasuredProcess.run(["/bin/sh", "-c", script])
    #expect(run.status == 0, "\(run.error)")
    let summary = try #require(
      try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
    #expect(summary["lines"] as? Int == 30_000)
    #expect((summary["clicks"] as? [String: Any])?["matched"] as? Int == 10_000)
    #expect((summary["clicks"] as? [String: Any])?["unmatched"] as? Int == 20_000)
    #expect(run.peakMemory < 64 * 1024 * 1024, "peak memory \(run.peakMemory / 1_048_576) MB")
    #expect(run.elapsed < .seconds(120), "took \(run.elapsed)")
  }
}

extension AccessLogAuditTests {
  @Suite("deeplink audit --access-log, stress run", .stress)
  struct StressTests {
    /// Ten gigabytes through a pipe: 107,375 lines of 100 KB each, over the line limit and so read to
    /// their newline without being kept, around ordinary clicks. Memory stays where it is for a small log,
    /// and every line is counted.
    @Test(
      .enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"),
      .timeLimit(.minutes(5)))
    func tenGigabytesStreamInBoundedMemory() async throws {
      let deeplink = try #require(BuiltProducts.executable(named: "deeplink"))
      let long = String(repeating: "x", count: 100_000)
      let click = AccessLogAuditTests.combined("GET /channel/video/1?utm_source=mail HTTP/1.1")
      // At the lowest priority: pushing 10 GB through pipes keeps both cores busy for most of a minute,
      // and the other tests of the stress run, running meanwhile, have time limits of their own.
      let script = """
        { yes '\(click)' | head -n 1000; yes '\(long)' | head -n 107375; yes '\(click)' | head -n 1000; } \
          | '\(deeplink.path)' audit --access-log - --json
        """
      let run = try await MeasuredProcess.run(["/usr/bin/nice", "-n", "19", "/bin/sh", "-c", script])
      #expect(run.status == 0, "\(run.error)")
      let summary = try #require(
        try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
      #expect(summary["lines"] as? Int == 109_375)
      #expect((summary["outcomes"] as? [String: Any])?["malformed"] as? Int == 107_375)
      #expect((summary["clicks"] as? [String: Any])?["matched"] as? Int == 2_000)
      #expect(run.peakMemory < 64 * 1024 * 1024, "peak memory \(run.peakMemory / 1_048_576) MB")
    }
  }
}
