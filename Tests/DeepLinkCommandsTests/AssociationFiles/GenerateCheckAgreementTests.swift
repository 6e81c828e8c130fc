import Foundation
import Testing

@testable import DeepLinkCommands

/// The package's own route tables as route files: the routing tests' `Fixtures.swift` tables (the
/// video channel, the retail shop with its category and sub-category routes, every parameter kind)
/// and the README's route file.
let packageRouteFiles: [(name: String, json: String)] = [
  (
    "channel",
    """
    {"schemes": ["myapp"], "hosts": ["example.com", "*.example.com", "localhost:8080"], "routes": [
      {"name": "main", "pattern": "/channel"},
      {"name": "clip", "pattern": "/channel/video/{clipId}"},
      {"name": "playlist", "pattern": "/channel/playlist/{clipListId}"},
      {"name": "search", "pattern": "/channel/search/{query}"},
      {"name": "subChannel", "pattern": "/channel/sub/{subChannelId}"}]}
    """
  ),
  (
    "retail",
    """
    {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": [
      {"name": "product", "pattern": "/product/{id}"},
      {"name": "category", "pattern": "/category/{gender}"},
      {"name": "subCategory", "pattern": "/category/{gender}/{sub}"},
      {"name": "account", "pattern": "/account", "requiresSignIn": true},
      {"name": "order", "pattern": "/account/orders/{id}", "requiresVerifiedLink": true, "requiresSignIn": true}]}
    """
  ),
  (
    "kinds",
    """
    {"schemes": ["myapp", "http"], "hosts": ["example.com"], "routes": [
      {"name": "new", "pattern": "/items/new"},
      {"name": "itemByNumber", "pattern": "/items/{id:int}"},
      {"name": "itemByToken", "pattern": "/items/{token:uuid}"},
      {"name": "itemBySlug", "pattern": "/items/{slug}"},
      {"name": "itemFiles", "pattern": "/items/{slug}/files/{path+}"},
      {"name": "itemsAnything", "pattern": "/items/{rest+}"},
      {"name": "docs", "pattern": "/docs/{path*}"},
      {"name": "web", "pattern": "/web/{page}"},
      {"name": "find", "pattern": "/find?q={query}&page={page:int?}"},
      {"name": "findByTag", "pattern": "/find?tag={tag}"},
      {"name": "findExact", "pattern": "/find?q={query}&exact={exact:int}"},
      {"name": "cafe", "pattern": "/café/menu"},
      {"name": "root", "pattern": "/"}]}
    """
  ),
  (
    "readme",
    """
    {"schemes": ["myapp"], "hosts": ["example.com", "*.example.com"], "caseInsensitive": false,
     "strictTrailingSlash": false, "limits": {"maxURLLength": 8192, "maxSegments": 64, "maxQueryItems": 128},
     "routes": [
      {"name": "clip", "pattern": "/channel/video/{clipId}"},
      {"name": "account", "pattern": "/account", "requiresSignIn": true, "requiresVerifiedLink": true}]}
    """
  ),
]

/// The route files kept in the package's test fixtures and fuzz corpus: every JSON file under `Tests`
/// and `Fuzz/Corpus/routefile` with a top-level `routes` key.
func fixtureRouteFiles() throws -> [String] {
  let root = packageRoot
  var files: [String] = []
  for folder in ["Tests", "Fuzz/Corpus/routefile"] {
    let enumerator = FileManager.default.enumerator(
      at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "json", let data = try? Data(contentsOf: url),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["routes"] != nil
      else { continue }
      files.append(url.path)
    }
  }
  return files.sorted()
}

@Suite("deeplink aasa generate agrees with aasa check")
struct GenerateCheckAgreementTests {
  /// Generates the file for a table (`nil`: the built-in demo table) and checks it.
  @MainActor
  func generateThenCheck(routes: String?) async throws -> (generate: ToolRun, check: ToolRun) {
    var words = ["aasa", "generate", "--app-id", demoAppID]
    if let routes { words += ["--routes", routes] }
    let generate = await ToolRun.run(words)
    let file = try temporaryFile(generate.output)
    let check = await ToolRun.run(["aasa", "check", "--file", file])
    return (generate, check)
  }

  @Test("a category and sub-category table gets no exclusion that its own rule overrules")
  func categoryAndSubCategory() async throws {
    let routes = try temporaryRouteFile(
      """
      {"schemes": ["shop"], "hosts": ["shop.example.com"], "routes": [
        {"name": "category", "pattern": "/category/{gender}"},
        {"name": "subCategory", "pattern": "/category/{gender}/{sub}"}]}
      """)
    let (generate, check) = try await generateThenCheck(routes: routes)
    #expect(generate.status == 0, "\(generate.error)")
    #expect(check.status == 0)
    #expect(check.output.hasSuffix(": no problems found\n"), "\(check.output)")
    // The links still open exactly as routed: one segment or two under /category, not three.
    let file = try temporaryFile(generate.output)
    let match = await ToolRun.run([
      "aasa", "match", "--file", file, "--domain", "shop.example.com",
      "https://shop.example.com/category/women",
      "https://shop.example.com/category/women/dresses", "https://shop.example.com/category/women/dresses/x",
    ])
    let results = try match.jsonLines().map { $0["result"] as? String }
    #expect(results == ["match", "match", "blocked"], "\(match.output)")
    // The legacy paths agree: no `NOT` pattern after the same pattern opens the app.
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(generate.output.utf8)) as? [String: Any])
    let details = try #require((document["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    let paths = try #require(details.first?["paths"] as? [String])
    #expect(!paths.contains("NOT /category/?*/?*"), "\(paths)")
  }

  @Test("the built-in demo table's file checks clean")
  func demoTable() async throws {
    let (generate, check) = try await generateThenCheck(routes: nil)
    #expect(generate.status == 0, "\(generate.error)")
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.hasSuffix(": no problems found\n"), "\(check.output)")
  }

  @Test("the file of every route table of the package's tests checks clean", arguments: packageRouteFiles)
  func packageTables(name: String, json: String) async throws {
    let (generate, check) = try await generateThenCheck(routes: try temporaryRouteFile(json))
    #expect(generate.status == 0, "\(name): \(generate.error)")
    #expect(check.status == 0, "\(name): \(check.output)")
    #expect(check.output.hasSuffix(": no problems found\n"), "\(name): \(check.output)")
  }

  @Test("the file of every route file in the fixtures and the fuzz corpus checks clean")
  func fixtureTables() async throws {
    var tables = 0
    for routes in try fixtureRouteFiles() {
      let (generate, check) = try await generateThenCheck(routes: routes)
      // The fuzz corpus also holds bad route files on purpose (a misspelled key, a duplicate route),
      // which are refused as files (status 2) before any association file is made.
      if generate.status == 2 && generate.error.contains(routes) { continue }
      tables += 1
      #expect(generate.status == 0, "\(routes): \(generate.error)")
      #expect(check.status == 0, "\(routes): \(check.output)")
      #expect(check.output.hasSuffix(": no problems found\n"), "\(routes): \(check.output)")
    }
    #expect(tables >= 2)
  }
}

@Suite("the README's route file")
struct READMERouteFileTests {
  @Test("a file with routes and a scheme only works; one with routes only is refused, as the README says")
  func smallestRouteFile() async throws {
    let smallest = try temporaryRouteFile(
      #"{"schemes": ["myapp"], "routes": [{"name": "clip", "pattern": "/channel/video/{clipId}"}]}"#)
    let run = await ToolRun.run(["route", "--routes", smallest, "myapp://channel/video/1"])
    #expect(run.status == 0, "\(run.error)")
    #expect(try run.jsonLines().first?["route"] as? String == "clip")

    let routesOnly = try temporaryRouteFile(
      #"{"routes": [{"name": "clip", "pattern": "/channel/video/{clipId}"}]}"#)
    let refused = await ToolRun.run(["route", "--routes", routesOnly, "myapp://channel/video/1"])
    #expect(refused.status == 2)
    #expect(refused.error.contains("the table lists no scheme and no host"), "\(refused.error)")

    let readme = try String(
      contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(!readme.contains("every key but `routes` may be left out"))
    #expect(readme.contains("`routes` and at least one scheme or host are required"))
  }
}
