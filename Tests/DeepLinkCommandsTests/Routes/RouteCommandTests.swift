import Foundation
import Testing

@testable import DeepLinkCommands

@Suite("deeplink route")
struct RouteCommandTests {
  @Test func matchesTheDemoTable() async throws {
    let run = await ToolRun.run(["route", "myapp://channel/video/12345"])
    #expect(run.status == 0)
    #expect(
      run.output
        == #"{"url": "myapp://channel/video/12345", "route": "clip", "parameters": {"clipId": "12345"}, "query": [], "fragment": null, "source": "myapp:"}"#
        + "\n")
  }

  @Test func everyArgumentGetsItsLineEvenEmptyOrMalformed() async throws {
    let run = await ToolRun.run([
      "route", "https://example.com/channel/playlist/678?utm=a+b#x", "", "not a url",
      "myapp://channel/video/%E0%A4%A",
      "myapp://nowhere",
    ])
    #expect(run.status == 1)
    let lines = try run.jsonLines()
    #expect(lines.count == 5)
    #expect(lines[0]["route"] as? String == "playlist")
    #expect((lines[0]["parameters"] as? [String: String]) == ["clipListId": "678"])
    #expect((lines[0]["query"] as? [[String: String]]) == [["name": "utm", "value": "a b"]])
    #expect(lines[0]["fragment"] as? String == "x")
    #expect(lines[0]["error"] == nil)
    #expect(lines[1]["url"] as? String == "")
    #expect(lines[1]["errorCode"] as? String == "empty")
    #expect(lines[2]["errorCode"] as? String == "invalid-character")
    #expect((lines[3]["error"] as? String)?.contains("malformed percent escape at offset 28") == true)
    #expect(lines[4]["errorCode"] as? String == "no-route")
    for line in lines.dropFirst() {
      #expect(line["route"] is NSNull)
    }
  }

  @Test func parameterTypesInJSON() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "routes": [
        {"name": "typed", "pattern": "/t/{n:int}/{u:uuid}/{rest+}?q={q}"}]}
      """)
    let run = await ToolRun.run([
      "route", "--routes", file, "app:/t/007/6ba7b810-9dad-11d1-80b4-00c04fd430c8/a/b%2Fc?q=x&z",
    ])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        #""parameters": {"n": 7, "u": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "rest": ["a", "b/c"], "q": "x"}, "query": [{"name": "z", "value": null}]"#
      ), "\(run.output)")
  }

  @Test func typedCatchAllsInJSONAreArraysOfTheirType() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "routes": [
        {"name": "compare", "pattern": "/compare/{ids:int+}"},
        {"name": "prices", "pattern": "/prices/{values:decimal*}"},
        {"name": "plain", "pattern": "/plain/{rest+}"}]}
      """)
    let run = await ToolRun.run([
      "route", "--routes", file, "app:/compare/12/007", "app:/prices/1.50/2", "app:/prices", "app:/plain/007",
      "app:/compare/12/x",
    ])
    let lines = try run.jsonLines()
    #expect(lines.count == 5, "\(run.output)")
    #expect(run.output.contains(#""parameters": {"ids": [12, 7]}"#), "\(run.output)")
    #expect(run.output.contains(#""parameters": {"values": [1.5, 2.0]}"#), "\(run.output)")
    #expect(run.output.contains(#""parameters": {"values": []}"#), "\(run.output)")
    // A plain catch-all's segments stay text.
    #expect(run.output.contains(#""parameters": {"rest": ["007"]}"#), "\(run.output)")
    // The near miss names the segment at fault.
    let nearest = try #require(lines[4]["nearest"] as? [String: Any])
    #expect(nearest["code"] as? String == "expected-run")
    #expect(nearest["segment"] as? Int == 3)
    #expect(nearest["found"] as? String == "x")
  }

  @Test func booleansDecimalsAndURLsInJSON() async throws {
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "routes": [
        {"name": "geo", "pattern": "/geo/{on:bool}?lat={lat:decimal}&url={url:url}"}]}
      """)
    let run = await ToolRun.run([
      "route", "--routes", file, "app:/geo/true?lat=-12.5&url=https%3A%2F%2Fexample.org%2Fa",
      "app:/geo/TRUE?lat=1&url=https%3A%2F%2Fexample.org",
      "app:/geo/true?lat=1e5&url=https%3A%2F%2Fexample.org",
      "app:/geo/true?lat=1&url=javascript%3Aalert(1)",
    ])
    let lines = try run.jsonLines()
    #expect(lines.map { $0["route"] as? String } == ["geo", nil, nil, nil], "\(run.output)")
    #expect(
      run.output.contains(#""parameters": {"on": true, "lat": -12.5, "url": "https://example.org/a"}"#),
      "\(run.output)")
    #expect(run.status == 1)
    let built = await ToolRun.run([
      "url", "--routes", file, "--scheme", "app", "geo", "on=false", "lat=0.25",
      "url=https://example.org/?q=1",
    ])
    #expect(
      built.output == "app://geo/false?lat=0.25&url=https%3A%2F%2Fexample.org%2F%3Fq%3D1\n", "\(built.error)"
    )
    let refused = await ToolRun.run([
      "url", "--routes", file, "geo", "on=yes", "lat=1", "url=https://example.org",
    ])
    #expect(refused.status == 2)
    #expect(refused.error.contains("'on'"), "\(refused.error)")
  }

  /// The help's account of how each kind of value prints is what `route` prints.
  @Test func helpSaysHowEachValuePrints() async throws {
    let help = await ToolRun.run(["route", "--help"])
    let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      text.contains(
        "Parameter values: int and decimal -> number, bool -> true or false, catch-alls -> array of strings "
          + "(a typed catch-all's segments each as its type prints), an open query dictionary -> object of strings, others (text, uuid, url, value sets, kinds) -> "
          + "string (UUIDs upper-case)."), "\(help.output)")
    #expect(!text.contains("others -> string"), "\(help.output)")
    #expect(text.contains(#"A route's constants follow its values in "parameters"."#), "\(help.output)")
    let file = try temporaryRouteFile(
      """
      {"schemes": ["app"], "routes": [
        {"name": "every", "pattern": "/e/{n:int}/{d:decimal}/{b:bool}/{s:(red|blue)}/{rest+}?u={u:uuid}&{more*}"}]}
      """)
    let run = await ToolRun.run([
      "route", "--routes", file, "app:/e/7/2.5/false/red/a/b?u=6ba7b810-9dad-11d1-80b4-00c04fd430c8&k=v",
    ])
    #expect(run.status == 0, "\(run.output)")
    #expect(
      run.output.contains(
        #""parameters": {"n": 7, "d": 2.5, "b": false, "s": "red", "rest": ["a", "b"], "u": "6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "more": {"k": "v"}}"#
      ), "\(run.output)")
  }

  @Test func readsStandardInputIncludingInvalidUTF8() async throws {
    var bytes = Array("myapp://channel\r\nmyapp://channel/search/x\n".utf8)
    bytes += [0xFF, 0xFE, 0x0A]
    bytes += Array("\nhttps://example.com/channel".utf8)
    let run = await ToolRun.run(["route", "--stdin"], inputBytes: bytes)
    let lines = try run.jsonLines()
    // The blank line is not a link: skipped, so every output line stands for a link that was read.
    #expect(lines.map { $0["route"] as? String } == ["main", "search", nil, "main"])
    #expect(lines[2]["errorCode"] as? String == "invalid-utf8")
    #expect(run.status == 1)
  }

  @Test func allMatchedExitsZeroFromStdin() async throws {
    let run = await ToolRun.run(["route", "--stdin"], input: "myapp://channel\nmyapp://channel/video/1\n")
    #expect(run.status == 0)
    #expect(run.lines.count == 2)
  }

  @Test func badRouteFileNamesTheFileAndTheRoute() async throws {
    let file = try temporaryRouteFile(
      #"{"schemes": ["a"], "routes": [{"name": "broken", "pattern": "/x//y"}]}"#)
    let run = await ToolRun.run(["route", "--routes", file, "a:/x"])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.contains(file))
    #expect(run.error.contains("route 'broken'"))
    #expect(run.error.contains("empty segment"))
    let missing = await ToolRun.run(["route", "--routes", "/nonexistent/routes.json", "a:/x"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("/nonexistent/routes.json"))
  }

  @Test func usageErrors() async throws {
    #expect(await ToolRun.run(["route"]).status == 2)
    #expect(await ToolRun.run(["route", "--bogus", "x"]).status == 2)
    #expect(await ToolRun.run(["route", "--routes"]).status == 2)
    #expect(await ToolRun.run(["frobnicate"]).status == 2)
    #expect(await ToolRun.run([]).status == 2)
  }

  @Test(arguments: ["route", "url", "audit"])
  func everyCommandHasHelp(_ command: String) async throws {
    let run = await ToolRun.run([command, "--help"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("USAGE: deeplink \(command)"))
    let viaHelp = await ToolRun.run(["help", command])
    #expect(viaHelp.output == run.output)
  }

  @Test func optionsAfterTheDoubleDashAreURLs() async throws {
    let run = await ToolRun.run(["route", "--", "--stdin"])
    #expect(run.status == 1)
    #expect(try run.jsonLines().first?["errorCode"] as? String == "relative-url")
  }
}

@Suite("deeplink route and the trust policy")
struct RoutePolicyCommandTests {
  static let routes = """
    {"schemes": ["myapp"], "hosts": ["example.com"], "routes": [
      {"name": "account", "pattern": "/account", "requiresVerifiedLink": true, "requiresSignIn": true},
      {"name": "orders", "pattern": "/orders", "requiresSignIn": true},
      {"name": "home", "pattern": "/"}]}
    """

  @Test func aCustomSchemeLinkToAVerifiedRouteIsRefusedAsTheIntakeWould() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run(["route", "--routes", file, "myapp://account", "https://example.com/account"])
    #expect(run.status == 1)
    let lines = try run.jsonLines()
    #expect(lines[0]["route"] as? String == "account")
    #expect(lines[0]["requires"] as? [String] == ["verified-link", "sign-in"])
    #expect(lines[0]["linkSource"] as? String == "customScheme")
    #expect(lines[0]["errorCode"] as? String == "not-verified")
    #expect((lines[0]["error"] as? String)?.contains("verified Universal Link") == true)
    #expect(lines[1]["linkSource"] as? String == "universalLink")
    #expect(lines[1]["error"] == nil)
  }

  @Test func sourceOptionAppliesThePolicyForThatSource() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let stored = await ToolRun.run([
      "route", "--routes", file, "--source", "stored", "https://example.com/account",
    ])
    #expect(stored.status == 1)
    #expect(try stored.jsonLines()[0]["errorCode"] as? String == "not-verified")
    let programmatic = await ToolRun.run([
      "route", "--routes", file, "--source", "programmatic", "myapp://account",
    ])
    #expect(programmatic.status == 0)
    #expect(try programmatic.jsonLines()[0]["linkSource"] as? String == "programmatic")
    // Notifications, in-app links and QR codes are not trusted for verified routes by default: an
    // https link from them is no Universal Link.
    // Nor are Spotlight results, App Intents and pasted (deferred) links.
    for source in ["notification", "inApp", "qrCode", "spotlight", "appIntent", "deferred"] {
      let run = await ToolRun.run([
        "route", "--routes", file, "--source", source, "https://example.com/account",
      ])
      #expect(run.status == 1, "\(source)")
      #expect(try run.jsonLines()[0]["linkSource"] as? String == source)
      #expect(try run.jsonLines()[0]["errorCode"] as? String == "not-verified", "\(source)")
    }
  }

  @Test func requirementsAreShownAndPlainRoutesAreUnchanged() async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run(["route", "--routes", file, "myapp://orders", "myapp://"])
    #expect(run.status == 0)
    let lines = try run.jsonLines()
    #expect(lines[0]["requires"] as? [String] == ["sign-in"])
    #expect(lines[0]["linkSource"] == nil)
    #expect(lines[1]["requires"] == nil)
  }

  @Test func unknownSourceIsAUsageErrorWithASuggestion() async {
    let run = await ToolRun.run(["route", "--source", "universalLnk", "myapp://x"])
    #expect(run.status == 2)
    #expect(run.error.contains("did you mean 'universalLink'?"))
  }
}

@Suite("deeplink route explains near misses")
struct RouteNearMissCommandTests {
  static let routes = """
    {"schemes": ["shopapp"], "hosts": ["shop.example.com"], "routes": [
      {"name": "product", "pattern": "/p/{id}"},
      {"name": "reviews", "pattern": "/p/{id}/reviews"},
      {"name": "order", "pattern": "/orders/{id:int}"},
      {"name": "search", "pattern": "/search?q={query}"}]}
    """

  @Test(
    arguments: [
      ("https://shop.example.com/orders/abc", "order", "expected-type", 2, ["orders", "abc"]),
      ("https://shop.example.com/search", "search", "missing-query-item", nil, ["search"]),
      ("https://shop.example.com/p/1/2", "product", "too-many-segments", 3, ["p", "1", "2"]),
      ("shopapp://shop/p/ABC-123", "product", "expected-literal", 1, ["shop", "p", "ABC-123"]),
    ] as [(String, String, String, Int?, [String])])
  func nearestRouteAndThePathAsRead(
    url: String, route: String, code: String, segment: Int?, path: [String]
  ) async throws {
    let file = try temporaryRouteFile(Self.routes)
    let run = await ToolRun.run(["route", "--routes", file, url])
    #expect(run.status == 1)
    let line = try #require(try run.jsonLines().first)
    #expect(line["errorCode"] as? String == "no-route")
    #expect(line["path"] as? [String] == path)
    let nearest = try #require(line["nearest"] as? [String: Any])
    #expect(nearest["route"] as? String == route)
    #expect(nearest["code"] as? String == code)
    #expect(nearest["segment"] as? Int == segment)
    #expect((nearest["reason"] as? String)?.hasPrefix("route '\(route)': ") == true)
  }
}

@Suite("deeplink url and the trust policy")
struct URLPolicyCommandTests {
  @Test func aCustomSchemeLinkToAVerifiedRouteGetsANote() async throws {
    let file = try temporaryRouteFile(RoutePolicyCommandTests.routes)
    let custom = await ToolRun.run(["url", "--routes", file, "--scheme", "myapp", "account"])
    #expect(custom.status == 0)
    #expect(custom.output == "myapp://account\n")
    #expect(custom.error.contains("opens only from a verified Universal Link"))
    #expect(custom.error.contains("needs a signed-in user"))
    let web = await ToolRun.run(["url", "--routes", file, "--host", "example.com", "account"])
    #expect(web.output == "https://example.com/account\n")
    #expect(!web.error.contains("verified"))
    let plain = await ToolRun.run(["url", "--routes", file, "home"])
    #expect(plain.error.isEmpty)
  }
}
