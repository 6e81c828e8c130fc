import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink surfaces: the app's other link surfaces open what they should")
struct SurfacesCommandTests {
  static let routes = """
    {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": [
      {"name": "product", "pattern": "/p/{id:int}"},
      {"name": "orders", "pattern": "/account/orders", "requiresVerifiedLink": true},
      {"name": "home", "pattern": "/"}
    ]}
    """

  /// Each line's `ok` and `problems`, by position.
  static func verdicts(_ run: ToolRun) throws -> [(ok: Bool, problems: [String])] {
    try run.lines.map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return (object["ok"] as? Bool ?? false, object["problems"] as? [String] ?? ["(none)"])
    }
  }

  @Test func eachLinkIsRoutedAsItsSourceIsTrusted() async throws {
    let list = try temporaryFile(
      """
      [
        {"surface": "app-intent", "url": "https://shop.example.com/p/42", "route": "product",
         "parameters": {"id": 42}},
        {"surface": "app-intent", "url": "shop://p/42", "route": "product"},
        {"surface": "notification", "url": "https://shop.example.com/account/orders", "route": "orders"},
        {"surface": "widget", "url": "https://shop.example.com/account/orders", "route": "orders"},
        {"surface": "quick-action", "url": "shop://p/7", "route": "home"},
        {"surface": "spotlight", "url": "shop://p/x7"},
        {"surface": "handoff", "url": "https://shop.example.com/p/8", "parameters": {"id": 9}},
        {"surface": "qr-code", "url": "https://shop.example.com/p/%"}
      ]
      """, name: "surfaces.json")
    let run = await ToolRun.run(["surfaces", "--routes", try temporaryRouteFile(Self.routes), list])
    #expect(run.status == 1, "\(run.error)")
    let verdicts = try Self.verdicts(run)
    try #require(verdicts.count == 8, "\(run.output)")
    #expect(verdicts[0].ok && verdicts[0].problems.isEmpty)
    // An App Intent's URL representation must be a Universal Link.
    #expect(!verdicts[1].ok && verdicts[1].problems.first?.contains("must be a Universal Link") == true)
    // A notification is not trusted for a verified-only route, under the standard policy.
    #expect(!verdicts[2].ok && verdicts[2].problems.first?.contains("verified") == true)
    // A widget's https link reaches the app as the system opens any URL: a Universal Link.
    #expect(verdicts[3].ok, "\(verdicts[3].problems)")
    #expect(verdicts[4].problems == ["opens route 'product', not 'home'"])
    #expect(
      !verdicts[5].ok
        && verdicts[5].problems.first?.hasPrefix("no route matches (nearest: route 'product'") == true)
    #expect(verdicts[6].problems == ["parameter 'id' is 8, not 9"])
    #expect(!verdicts[7].ok && verdicts[7].problems.first?.contains("percent") == true)
  }

  /// A short link `deeplink site` serves opens the app, which resolves it with the server and routes
  /// the long link: it is checked as that long link, the request's query appended as nginx does.
  @Test func shortLinksAreRoutedAsTheirLongLinks() async throws {
    let shortLinks = try temporaryFile(
      #"{"spring": "https://shop.example.com/p/42?utm_campaign=spring"}"#, name: "short-links.json")
    let list = try temporaryFile(
      """
      [
        {"surface": "qr-code", "url": "https://go.example.com/s/spring", "route": "product",
         "parameters": {"id": 42}},
        {"surface": "app-intent", "url": "https://go.example.com/s/spring?utm_source=intent", "route": "product"},
        {"surface": "notification", "url": "https://go.example.com/s/nope", "route": "product"}
      ]
      """, name: "surfaces.json")
    let routes = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run([
      "surfaces", "--routes", routes, "--short-links", shortLinks, "--short-link-host", "go.example.com",
      list,
    ])
    #expect(run.status == 1, "\(run.error)")
    let verdicts = try Self.verdicts(run)
    try #require(verdicts.count == 3, "\(run.output)")
    #expect(verdicts[0].ok, "\(verdicts[0].problems)")
    #expect(verdicts[1].ok, "\(verdicts[1].problems)")
    #expect(
      verdicts[2].problems == ["\(shortLinks) has no code for /s/nope: the short-link host answers 404"])
    let second = try #require(try run.jsonLines().dropFirst().first)
    #expect(
      second["shortLink"] as? String == "https://shop.example.com/p/42?utm_campaign=spring&utm_source=intent")

    // Without the file the short link is a link of a host the table does not list.
    let without = await ToolRun.run(["surfaces", "--routes", routes, list])
    #expect(try Self.verdicts(without).first?.problems == ["host 'go.example.com' is not in the route table"])
    let alone = await ToolRun.run(["surfaces", "--routes", routes, "--short-links", shortLinks, list])
    #expect(alone.status == 2)
    #expect(alone.error.contains("give --short-links and --short-link-host together"))
  }

  @Test func everyLinkRightExitsZero() async throws {
    let list = try temporaryFile(
      #"[{"surface": "spotlight", "url": "shop://p/1", "route": "product"}]"#, name: "surfaces.json")
    let run = await ToolRun.run(["surfaces", "--routes", try temporaryRouteFile(Self.routes), list])
    #expect(run.status == 0, "\(run.output)\(run.error)")
  }

  @Test(
    "a bad list is refused saying where",
    arguments: [
      (#"{"surface": "widget"}"#, "expected an array of links"),
      (#"[{"surface": "fax", "url": "x"}]"#, #"1:2: unknown surface "fax""#),
      (#"[{"surfce": "widget", "url": "x"}]"#, #"did you mean "surface"?"#),
      (#"[{"surface": "widget"}]"#, #""url" must be a string"#),
      (#"[{"surface": "widget", "url": "x", "route": 3}]"#, #""route" must be a string"#),
      (#"[{"surface": "widget", "url": "x",]"#, "surfaces.json"),
    ])
  func badLists(list: String, message: String) async throws {
    let run = await ToolRun.run(["surfaces", try temporaryFile(list, name: "surfaces.json")])
    #expect(run.status == 2)
    #expect(run.error.contains(message), "\(run.error)")
    #expect(run.output.isEmpty)
  }

  @Test func usage() async throws {
    #expect(await ToolRun.run(["surfaces"]).status == 2)
    #expect(await ToolRun.run(["surfaces", "a.json", "b.json"]).status == 2)
    let missing = await ToolRun.run(["surfaces", "/nonexistent/surfaces.json"])
    #expect(missing.status == 2 && missing.error.contains("cannot read the list"))
    let help = await ToolRun.run(["surfaces", "--help"])
    #expect(help.status == 0 && help.output.contains("app-intent"))
  }
}
