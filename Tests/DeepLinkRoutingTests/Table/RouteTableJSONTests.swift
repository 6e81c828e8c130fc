import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

@Suite("Route files")
struct RouteTableJSONTests {
  @Test func readsTheDocumentedFormat() throws {
    let json = """
      {"schemes": ["myapp"], "hosts": ["example.com", "*.example.com"], "caseInsensitive": false,
       "routes": [{"name": "clip", "pattern": "/channel/video/{clipId}"},
                  {"name": "account", "pattern": "/account", "requiresSignIn": true, "requiresVerifiedLink": true}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table.schemes == ["myapp"])
    #expect(table.hosts == ["example.com", "*.example.com"])
    #expect(
      table.routes == [
        RouteDefinition("clip", "/channel/video/{clipId}"),
        RouteDefinition("account", "/account", requiresVerifiedLink: true, requiresSignIn: true),
      ])
    #expect(try RouteTable(json: table.jsonData()) == table)
  }

  @Test func limitsAndOptionsRoundTrip() throws {
    let table = RouteTable(
      schemes: ["a"],
      options: .init(
        caseInsensitive: true, strictTrailingSlash: true, maxURLLength: 100, maxSegments: 5, maxQueryItems: 3,
        maxRoutes: 10),
      routes: [RouteDefinition("x", "/x/")])
    #expect(try RouteTable(json: table.jsonData()) == table)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    var expected: String
    var testDescription: String { expected }
  }

  static let cases: [Case] = [
    Case(json: "{", expected: "invalid JSON"),
    Case(json: "[]", expected: "(top level): expected an object"),
    Case(json: "{\"schemes\": [\"a\"]}", expected: "(top level): missing key 'routes'"),
    Case(json: "{\"routes\": {}}", expected: "routes: expected an array of routes"),
    Case(json: "{\"schemes\": \"a\", \"routes\": []}", expected: "schemes: expected an array of strings"),
    Case(json: "{\"hosts\": [1], \"routes\": []}", expected: "hosts[0]: expected a string"),
    Case(
      json: "{\"routes\": [{\"name\": \"a\", \"patern\": \"/a\"}]}",
      expected: "routes[0].patern, route 'a': unknown key 'patern' (did you mean 'pattern'?)"),
    Case(json: "{\"route\": []}", expected: "route: unknown key 'route' (did you mean 'routes'?)"),
    Case(json: "{\"routes\": [{\"pattern\": \"/a\"}]}", expected: "routes[0]: missing key 'name'"),
    Case(json: "{\"routes\": [{\"name\": \"a\"}]}", expected: "routes[0], route 'a': missing key 'pattern'"),
    Case(
      json: "{\"routes\": [{\"name\": \"a\", \"pattern\": 3}]}",
      expected: "routes[0].pattern, route 'a': expected a string"),
    Case(
      json: "{\"caseInsensitive\": \"yes\", \"routes\": []}",
      expected: "caseInsensitive: expected true or false"),
    Case(
      json: "{\"limits\": {\"maxSegments\": -1}, \"routes\": []}",
      expected: "limits.maxSegments: expected a positive integer"),
    Case(json: "{\"limits\": {\"maxSegment\": 1}, \"routes\": []}", expected: "did you mean 'maxSegments'?"),
  ]

  @Test(arguments: cases)
  func badFilesSayWhere(_ testCase: Case) throws {
    let error = try #require(throws: RouteTableError.self) { try RouteTable(json: Data(testCase.json.utf8)) }
    #expect(error.description.contains(testCase.expected), "\(error)")
  }
}
