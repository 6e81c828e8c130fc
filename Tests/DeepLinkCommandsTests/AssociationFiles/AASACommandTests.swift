import DeepLinking
import Foundation
import Testing

@testable import DeepLinkCommands

/// A file with this text in a fresh temporary directory.
func temporaryFile(_ text: String, name: String = "apple-app-site-association") throws -> String {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "deeplink-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let file = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: file)
  return file.path
}

/// The association-file fixtures of the UniversalLinks tests, which hold Apple's documented examples.
func universalLinksFixture(_ name: String) -> String {
  packageRoot.appendingPathComponent("Tests/UniversalLinksTests/Fixtures/\(name).json").path
}

let demoAppID = "ABCDE12345.com.example.app"

@Suite("deeplink aasa")
struct AASACommandTests {
  // MARK: generate

  @Test("generate prints the demo table's file: one commented rule per route, legacy paths, clean")
  func generateDemo() async throws {
    let run = await ToolRun.run(["aasa", "generate", "--app-id", demoAppID])
    #expect(run.status == 0, "\(run.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let applinks = try #require(object["applinks"] as? [String: Any])
    let details = try #require(applinks["details"] as? [[String: Any]])
    #expect(details.count == 1)
    #expect(details[0]["appIDs"] as? [String] == [demoAppID])
    let components = try #require(details[0]["components"] as? [[String: Any]])
    let comments = components.filter { $0["exclude"] as? Bool != true }.compactMap {
      $0["comment"] as? String
    }
    #expect(comments.count == DemoRoutes.table.routes.count)
    // Routes without a catch-all exclude their paths with more segments before their own rule.
    #expect(
      components.filter { $0["exclude"] as? Bool == true }.allSatisfy {
        ($0["comment"] as? String)?.contains("more segments than") == true
      })
    for route in DemoRoutes.table.routes {
      #expect(comments.contains("route \(route.name): \(route.pattern)"))
    }
    #expect((details[0]["paths"] as? [String])?.count == components.count)
    #expect(
      run.error
        == "deeplink aasa generate: serve the file at https://example.com/.well-known/apple-app-site-association (entitlement applinks:example.com)\n"
    )

    let file = try temporaryFile(run.output)
    let check = await ToolRun.run(["aasa", "check", "--file", file])
    #expect(check.status == 0)
    #expect(check.output == "\(file): no problems found\n")
  }

  @Test("The generated file opens every demo route's sample link, each on the rule of its route")
  func generatedFileOpensEveryDemoRoute() async throws {
    let generated = await ToolRun.run(["aasa", "generate", "--app-id", demoAppID, "--no-legacy-paths"])
    #expect(generated.status == 0)
    #expect(!generated.output.contains("\"paths\""))
    let file = try temporaryFile(generated.output)
    let router = try Router(DemoRoutes.table)
    var urls: [String] = []
    for (route, pattern) in zip(router.table.routes, router.patterns) {
      urls.append(try router.urlString(for: route.name, sampleValues(pattern), form: .universalLink))
    }
    #expect(urls.contains("https://example.com/channel/sub/sample-subChannelId/video/sample-clipId"))
    let run = await ToolRun.run(["aasa", "match", "--file", file, "--domain", "example.com"] + urls)
    #expect(run.status == 0, "\(run.output)")
    let lines = try run.jsonLines()
    #expect(lines.count == urls.count)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(generated.output.utf8)) as? [String: Any])
    let details = try #require((object["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    let components = try #require(details.first?["components"] as? [[String: Any]])
    for (line, route) in zip(lines, router.table.routes) {
      #expect(line["result"] as? String == "match")
      #expect(line["appIDs"] as? [String] == [demoAppID])
      #expect(line["detail"] as? Int == 0)
      let rule = try #require(line["rule"] as? Int)
      #expect(components[rule]["comment"] as? String == "route \(route.name): \(route.pattern)")
    }
  }

  @Test("generate reads --routes, keeps routes that require a verified link, and names wildcard hosts")
  func generateFromARouteFile() async throws {
    let routes = try temporaryRouteFile(
      """
      {"schemes": ["shop"], "hosts": ["shop.example.com", "*.example.com"], "caseInsensitive": true,
       "routes": [
        {"name": "product", "pattern": "/product/{id:int}"},
        {"name": "account", "pattern": "/account/{section}", "requiresVerifiedLink": true}]}
      """)
    let run = await ToolRun.run([
      "aasa", "generate", "--routes", routes, "--app-id", demoAppID, "--app-id", "FGHIJ67890.com.example.b",
      "--web-credentials",
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains(#""/": "/account/?*""#))
    #expect(run.output.contains(#""/": "/product/?*""#))
    #expect(run.output.contains(#""caseSensitive": false"#))
    #expect(run.output.contains(#""webcredentials""#))
    #expect(run.output.contains(#""FGHIJ67890.com.example.b""#))
    #expect(run.error.contains("entitlement applinks:*.example.com"))
    #expect(
      run.error.contains(
        "note: *.example.com covers subdomains, not example.com itself; each subdomain serves its own copy"))
  }

  @Test(
    "generate refuses malformed app IDs and a missing one with status 2",
    arguments: ["com.example.app", "abcde12345.com.example.app", "ABCDE12345.", "ABCDE1234.com.x"])
  func generateBadAppID(appID: String) async throws {
    let run = await ToolRun.run(["aasa", "generate", "--app-id", appID])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix("deeplink aasa generate: --app-id: \"\(appID)\" is not an app ID"))
    #expect(run.error.hasSuffix("\nsee 'deeplink aasa generate --help'\n"), "\(run.error)")
    let missing = await ToolRun.run(["aasa", "generate"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("give at least one --app-id"))
  }

  @Test("generate exits 1 when a route cannot be expressed, 2 for a bad route file")
  func generateFailures() async throws {
    let wildcard = try temporaryRouteFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "faq", "pattern": "/what%3F"}]}"#)
    let run = await ToolRun.run(["aasa", "generate", "--routes", wildcard, "--app-id", demoAppID])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(
      run.error.contains(
        #"route faq: "what?" cannot be expressed in apple-app-site-association: "?" is a wildcard"#))
    let broken = try temporaryRouteFile(#"{"routes": [}"#)
    let bad = await ToolRun.run(["aasa", "generate", "--routes", broken, "--app-id", demoAppID])
    #expect(bad.status == 2)
    #expect(bad.error.hasPrefix("deeplink aasa generate: \(broken): "))
  }

  // MARK: match

  @Test("match prints one line per URL and exits 0 only when every URL opens the app")
  func matchResults() async throws {
    let file = universalLinksFixture("apple-ordered-rules")
    let open = await ToolRun.run(["aasa", "match", "--file", file, "https://example.com/buy/42"])
    #expect(open.status == 0)
    #expect(
      open.output
        == #"{"url": "https://example.com/buy/42", "result": "match", "appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"], "rule": 1, "detail": 0}"#
        + "\n")
    let mixed = await ToolRun.run([
      "aasa", "match", "--file", file, "https://example.com/buy/42",
      "https://example.com/buy/42#no_universal_links",
      "https://example.com/nothing", "not a url", "ftp://example.com/buy/1",
    ])
    // A URL that cannot be read is bad input: an error line, and exit status 2.
    #expect(mixed.status == 2)
    let lines = try mixed.jsonLines()
    #expect(lines.count == 5)
    #expect(lines.map { $0["result"] as? String } == ["match", "blocked", "none", "error", "none"])
    // A blocked URL lists no app that opens it, and names the apps its rule blocks.
    #expect(lines[1]["appIDs"] as? [String] == [])
    #expect(
      lines[1]["blockedAppIDs"] as? [String] == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
    #expect(lines[1]["rule"] as? Int == 0)
    #expect(lines[2]["rule"] is NSNull)
    #expect(lines[2]["appIDs"] as? [String] == [])
    #expect(lines[2]["error"] == nil)
    #expect(
      lines[3]["error"] as? String
        == #"cannot match "not a url": expected an absolute URL (https://host/path) or a path starting with /"#
    )
    #expect(lines[4]["error"] == nil)
  }

  @Test("match checks the host only with --domain, which takes *.example.com for subdomains")
  func matchDomain() async throws {
    let file = universalLinksFixture("apple-ordered-rules")
    let url = "https://Shop.Example.com/buy/1"
    #expect(await ToolRun.run(["aasa", "match", "--file", file, url]).status == 0)
    let exact = await ToolRun.run(["aasa", "match", "--file", file, "--domain", "example.com", url])
    #expect(exact.status == 1)
    #expect(try exact.jsonLines().first?["result"] as? String == "none")
    #expect(
      await ToolRun.run(["aasa", "match", "--file", file, "--domain", "*.example.com", url]).status == 0)
    #expect(
      await ToolRun.run(["aasa", "match", "--file", file, "--domain", "shop.example.com", url]).status == 0)
  }

  @Test("match exits 2 naming the file and where: invalid JSON, a wrong type, a missing file")
  func matchBadFiles() async throws {
    let invalid = try temporaryFile("{\"applinks\": {\"details\": [\n  {\"appIDs\": [\"A\"],}\n]}}")
    let run = await ToolRun.run(["aasa", "match", "--file", invalid, "/x"])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.error
        == "deeplink aasa match: \(invalid): invalid JSON at line 2, column 20: expected a quoted key\n")

    let wrongType = universalLinksFixture("wrong-type")
    let typed = await ToolRun.run(["aasa", "match", "--file", wrongType, "/x"])
    #expect(typed.status == 2)
    #expect(
      typed.error
        == "deeplink aasa match: \(wrongType): applinks.details[0].components[2][\"/\"]: expected a string, found a number\n"
    )

    let missing = await ToolRun.run(["aasa", "match", "--file", "/nonexistent/aasa.json", "/x"])
    #expect(missing.status == 2)
    #expect(missing.error.hasPrefix("deeplink aasa match: /nonexistent/aasa.json: cannot read the file"))
  }

  @Test(
    "match usage errors exit 2 with the subcommand's help", arguments: [["/x"], ["--file", "f"], ["--nope"]])
  func matchUsage(words: [String]) async {
    let run = await ToolRun.run(["aasa", "match"] + words)
    #expect(run.status == 2)
    #expect(run.error.hasSuffix("\nsee 'deeplink aasa match --help'\n"), "\(run.error)")
    #expect(run.error.split(separator: "\n").count == 2)
  }

  // MARK: Apple's documented examples

  /// Examples 1 to 4 of the spec, each URL with the result iOS gives.
  static let appleExamples: [(fixture: String, url: String, result: String, rule: Int?)] = [
    ("apple-basic", "https://example.com/abc?def", "match", 0),
    ("apple-basic", "https://example.com/abc", "none", nil),
    ("apple-basic", "https://example.com/?def", "none", nil),
    ("apple-ordered-rules", "https://example.com/buy/42", "match", 1),
    ("apple-ordered-rules", "https://example.com/buy/42#no_universal_links", "blocked", 0),
    ("apple-ordered-rules", "https://example.com/help/website/faq?articleNumber=4815", "blocked", 2),
    ("apple-ordered-rules", "https://example.com/help/123?articleNumber=4815", "match", 3),
    ("apple-ordered-rules", "https://example.com/help/123?articleNumber=481", "none", nil),
    ("apple-ordered-rules", "https://example.com/help/123?articleNumber=48159", "none", nil),
    ("apple-ordered-rules", "https://example.com/help/123", "none", nil),
    ("apple-query-dictionary", "https://example.com/any/path?productID=12345", "match", 0),
    ("apple-query-dictionary", "https://example.com/any/path?productID=1234", "none", nil),
    ("apple-substitution-variables", "https://example.com/en_US/pizza/", "match", 0),
    ("apple-substitution-variables", "https://example.com/en_US/tacos/", "none", nil),
    ("apple-substitution-variables", "https://example.com/qq_ZZ/pizza/", "none", nil),
    ("apple-substitution-variables", "https://example.com/en_UK/pizza/", "none", nil),
  ]

  @Test("Apple's documented examples 1-4 give Apple's results through the CLI, line by line")
  func appleExamplesThroughTheCLI() async throws {
    for fixture in Set(Self.appleExamples.map(\.fixture)).sorted() {
      let cases = Self.appleExamples.filter { $0.fixture == fixture }
      let run = await ToolRun.run(
        ["aasa", "match", "--file", universalLinksFixture(fixture), "--domain", "example.com"]
          + cases.map(\.url))
      #expect(run.status == (cases.allSatisfy { $0.result == "match" } ? 0 : 1), "\(fixture)")
      let lines = try run.jsonLines()
      try #require(lines.count == cases.count, "\(fixture): \(run.output)\(run.error)")
      for (line, expected) in zip(lines, cases) {
        #expect(line["url"] as? String == expected.url)
        #expect(line["result"] as? String == expected.result, "\(expected.url)")
        #expect(line["rule"] as? Int == expected.rule, "\(expected.url)")
        #expect(line["detail"] as? Int == expected.rule.map { _ in 0 }, "\(expected.url)")
      }
    }
  }

  // MARK: check

  @Test("check prints findings like a compiler and exits 0 clean, 1 warnings, 2 errors")
  func checkStatuses() async throws {
    let clean = await ToolRun.run(["aasa", "check", "--file", universalLinksFixture("apple-ordered-rules")])
    #expect(clean.status == 0)
    #expect(clean.output.hasSuffix(": no problems found\n"))

    let typos = universalLinksFixture("typos")
    let warned = await ToolRun.run(["aasa", "check", "--file", typos])
    #expect(warned.status == 1)
    #expect(
      warned.lines.contains(
        #"warning[unknown-key] applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?"#
      ))
    #expect(warned.lines.last == "\(typos): 0 errors, 7 warnings, 0 notes")

    let wrongType = universalLinksFixture("wrong-type")
    let failed = await ToolRun.run(["aasa", "check", "--file", wrongType])
    #expect(failed.status == 2)
    #expect(
      failed.lines == [
        #"error[wrong-type] applinks.details[0].components[2]["/"]: expected a string, found a number"#,
        "\(wrongType): 1 error, 0 warnings, 0 notes",
      ])

    let html = try temporaryFile("<!DOCTYPE html><html></html>")
    let page = await ToolRun.run(["aasa", "check", "--file", html])
    #expect(page.status == 2)
    #expect(
      page.lines.first?.hasPrefix("error[invalid-json] top level: invalid JSON at line 1, column 1") == true)
  }

  @Test("check --json prints one object with the counts and every finding")
  func checkJSON() async throws {
    let file = universalLinksFixture("wrong-type")
    let run = await ToolRun.run(["aasa", "check", "--json", "--file", file])
    #expect(run.status == 2)
    let object = try #require(try run.jsonLines().first)
    #expect(object["file"] as? String == file)
    #expect(object["errors"] as? Int == 1)
    #expect(object["warnings"] as? Int == 0)
    let diagnostics = try #require(object["diagnostics"] as? [[String: String]])
    #expect(
      diagnostics == [
        [
          "severity": "error", "code": "wrong-type", "path": #"applinks.details[0].components[2]["/"]"#,
          "message": "expected a string, found a number",
        ]
      ])
    let missing = await ToolRun.run(["aasa", "check", "--json", "--file", "/nonexistent/aasa"])
    #expect(missing.status == 2)
    #expect(missing.output.isEmpty)
    #expect(missing.error.hasPrefix("deeplink aasa check: /nonexistent/aasa: cannot read the file"))
  }

  // MARK: help

  @Test("aasa --help lists its subcommands; each subcommand has its own help")
  func help() async {
    let top = await ToolRun.run(["aasa", "--help"])
    #expect(top.status == 0)
    #expect(top.output.hasPrefix("USAGE: deeplink aasa <subcommand>"))
    for name in ["match", "check", "generate"] {
      #expect(top.output.contains("\n  \(name) "))
      let sub = await ToolRun.run(["aasa", name, "--help"])
      #expect(sub.status == 0)
      #expect(sub.output.hasPrefix("USAGE: deeplink aasa \(name)"))
    }
    let tool = await ToolRun.run(["--help"])
    #expect(tool.output.contains("\n  aasa "))
    let unknown = await ToolRun.run(["aasa", "fetch"])
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("unknown subcommand 'fetch'"))
    #expect(await ToolRun.run(["aasa"]).status == 2)
  }
}

/// Values for every parameter of a pattern: `sample-NAME` for text, 42, a fixed UUID, two segments.
func sampleValues(_ pattern: RoutePattern) -> RouteParameters {
  var values = RouteParameters()
  for segment in pattern.segments {
    switch segment {
    case .literal, .fragment: break
    case .parameter(let name, .int): values[name] = .int(42)
    case .parameter(let name, .uuid):
      values[name] = .uuid(UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6)))
    case .parameter(let name, _): values[name] = .string("sample-\(name)")
    case .oneOrMore(let name), .zeroOrMore(let name): values[name] = .segments(["a", "b"])
    case .template(let template):
      for case .parameter(let name, let type) in template.parts { values[name] = type.sampleValue }
    case .optional(let name, let type): values[name] = type.sampleValue
    case .valueSet(let name, let set): values[name] = .string(set.members[0])
    case .kind(let name, let kind): values[name] = .string(kind.sampleValue)
    case .testedRun(let name, let rule): values[name] = rule.sampleValue
    case .remainder(let name): values[name] = .string("a/b?c=d")
    }
  }
  for item in pattern.query where !item.isOptional {
    if case .oneOf(let set) = item.rule {
      values[item.name] = .string(set.members[0])
      continue
    }
    if case .kind(let kind) = item.rule {
      values[item.name] = .string(kind.sampleValue)
      continue
    }
    values[item.name] = item.type == .int ? .int(7) : .string("q")
  }
  return values
}
