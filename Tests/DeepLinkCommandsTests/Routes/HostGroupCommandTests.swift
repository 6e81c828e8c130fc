import Foundation
import Testing

/// A route file that declares its host lists once (`hostGroups`) and names them (`"@shop"`): every
/// command says exactly what it says for the same file with the hosts listed on each route, and a bad
/// group is an error with its place in the file.
@Suite("deeplink: host groups")
struct HostGroupCommandTests {
  /// A marketplace's table: the shop's hosts on most routes, the seller hosts on others.
  static func routes(grouped: Bool) -> String {
    let shop = grouped ? #"["@shop"]"# : #"["shop.example", "www.shop.example", "m.shop.example"]"#
    let sellers = grouped ? #"["@sellers", "m.shop.example"]"# : #"["sellers.example", "m.shop.example"]"#
    return """
      {"schemes": ["shop"],
       "hosts": ["shop.example", "www.shop.example", "m.shop.example", "sellers.example", "clicks.example"],
       \(grouped ? #""hostGroups": {"shop": ["shop.example", "www.shop.example", "m.shop.example"], "sellers": ["sellers.example"]},"# : "")
       "routes": [
         {"name": "product", "pattern": "/p/{id:int}", "hosts": \(shop)},
         {"name": "artist", "pattern": "/artist/{slug}", "hosts": \(shop)},
         {"name": "seller", "pattern": "/seller/{slug}", "hosts": \(sellers)},
         {"name": "click", "pattern": "/c/{rest*}", "hosts": ["clicks.example"]},
         {"name": "home", "pattern": "/"}]}
      """
  }

  static let links = [
    "https://www.shop.example/p/12", "https://m.shop.example/artist/kusama", "https://sellers.example/p/12",
    "https://sellers.example/seller/ana", "https://m.shop.example/seller/ana",
    "https://shop.example/seller/ana",
    "shop://p/12", "https://clicks.example/c/x/y",
  ]

  @Test func everyCommandSaysWhatTheListedHostsSay() async throws {
    let grouped = try temporaryRouteFile(Self.routes(grouped: true))
    let listed = try temporaryRouteFile(Self.routes(grouped: false))
    func same(_ arguments: (String) -> [String], input: String = "") async {
      let one = await ToolRun.run(arguments(grouped), input: input)
      let other = await ToolRun.run(arguments(listed), input: input)
      #expect(one.status == other.status && one.output == other.output, "\(arguments("FILE"))")
      #expect(
        one.error.replacingOccurrences(of: grouped, with: "FILE")
          == other.error.replacingOccurrences(of: listed, with: "FILE"), "\(one.error)")
    }
    await same { ["route", "--routes", $0] + Self.links }
    let routed = await ToolRun.run(["route", "--routes", grouped] + Self.links)
    #expect(
      try routed.jsonLines().map { $0["route"] as? String }
        == ["product", "artist", nil, "seller", "seller", nil, nil, "click"], "\(routed.output)")
    await same { ["url", "--routes", $0, "product", "id=12"] }
    await same { ["url", "--routes", $0, "seller", "slug=ana"] }
    await same({ ["audit", "--routes", $0, "--json"] }, input: Self.links.joined(separator: "\n"))
    for domain in [[], ["--domain", "sellers.example"], ["--domain", "m.shop.example"]] {
      await same { ["aasa", "generate", "--routes", $0, "--app-id", demoAppID] + domain }
    }
    await same { ["android", "generate", "--routes", $0] }
    await same { ["android", "generate", "--routes", $0, "--domain", "sellers.example"] }
    let outGrouped = temporaryDirectory()
    let outListed = temporaryDirectory()
    for (file, out) in [(grouped, outGrouped), (listed, outListed)] {
      let run = await ToolRun.run([
        "site", "--routes", file, "--app-id", demoAppID, "--android-package", "com.example.app",
        "--android-fingerprint", playSigningKey, "--out", out,
      ])
      #expect(run.status == 0, "\(run.error)")
    }
    for name in [
      "nginx.conf", "android/intent-filters.xml", "public/.well-known/apple-app-site-association",
      "public/.well-known/assetlinks.json", "public/fallback.html",
    ] {
      #expect(
        try String(contentsOfFile: outGrouped + "/" + name, encoding: .utf8).replacingOccurrences(
          of: outGrouped, with: "OUT")
          == String(contentsOfFile: outListed + "/" + name, encoding: .utf8).replacingOccurrences(
            of: outListed, with: "OUT"), "\(name)")
    }
  }

  @Test(
    "a bad group is an error at its place in the file",
    arguments: [
      (
        #""hostGroups": {"shop": ["a.example", "b.example"]}, "routes": [{"name": "x", "pattern": "/x", "hosts": ["@shp"]}]"#,
        "routes[0].hosts[0]", "'@shp' names no host group (the table declares @shop)", "line 1, column 163"
      ),
      (
        #""hostGroups": {"shop": []}, "routes": [{"name": "x", "pattern": "/x"}]"#,
        "hostGroups.shop", "host group 'shop' holds no host", "line 1, column 82"
      ),
      (
        #""hostGroups": {"shop": ["a.example", "c.example"]}, "routes": [{"name": "x", "pattern": "/x"}]"#,
        "hostGroups.shop[1]", "host 'c.example' is not one the table lists", "line 1, column 96"
      ),
      (
        #""hostGroups": {"shop": ["a.example", "A.example"]}, "routes": [{"name": "x", "pattern": "/x"}]"#,
        "hostGroups.shop[1]", "host 'A.example' is listed twice", "line 1, column 96"
      ),
      (
        #""hostGroups": {"my shop": ["a.example"]}, "routes": [{"name": "x", "pattern": "/x"}]"#,
        "hostGroups.my shop", "a group's name is letters, digits", "line 1, column 74"
      ),
      (
        #""hostGroups": {"shop": ["a.example"]}, "routes": [{"name": "x", "pattern": "/x", "hosts": ["a.example", "@shop"]}]"#,
        "routes[0].hosts[1]", "group '@shop' holds host 'a.example', which the list already holds",
        "line 1, column 163"
      ),
      (
        #""hostGroups": {"shop": ["a.example"], "shop": ["b.example"]}, "routes": []"#,
        "invalid JSON", "duplicate key \"shop\" at line 1, column 97; first at line 1, column 74", "line 1"
      ),
      (
        #""hostGroups": {"shop": "a.example"}, "routes": []"#,
        "hostGroups.shop", "expected an array of strings", "line 1, column 82"
      ),
    ])
  func badGroups(_ body: String, _ location: String, _ problem: String, _ place: String) async throws {
    let file = try temporaryRouteFile(
      #"{"schemes": ["app"], "hosts": ["a.example", "b.example"], "# + body + "}")
    let run = await ToolRun.run(["route", "--routes", file, "app://x"])
    #expect(run.status == 2)
    #expect(run.error.contains(location), "\(run.error)")
    #expect(run.error.contains(problem), "\(run.error)")
    #expect(run.error.contains(place), "\(run.error)")
  }
}
