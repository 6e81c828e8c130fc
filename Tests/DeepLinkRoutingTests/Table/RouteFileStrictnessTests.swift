import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

@Suite("Route files are strict JSON with exact types")
struct RouteFileStrictnessTests {
  func error(_ json: String) throws -> RouteTableError {
    try #require(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
  }

  @Test("A key written twice is refused with both positions, not silently the last")
  func duplicateKeys() throws {
    let pattern = try error(
      "{\"routes\": [\n  {\"name\": \"a\",\n   \"pattern\": \"/a\",\n   \"pattern\": \"/b\"}]}")
    #expect(
      pattern.description.contains(#"duplicate key "pattern" at line 4, column 4; first at line 3, column 4"#)
    )
    #expect(pattern.line == 4)
    #expect(pattern.column == 4)
    let routes = try error("{\"routes\": [],\n \"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"}]}")
    #expect(
      routes.description.contains(#"duplicate key "routes" at line 2, column 2; first at line 1, column 2"#))
  }

  @Test(
    "Values must have exactly their type: path, expectation, finding, line and column",
    arguments: [
      (
        "{\"caseInsensitive\": 1, \"routes\": []}",
        "caseInsensitive: expected true or false, found a number (1) at line 1, column 21"
      ),
      (
        "{\"limits\": {\"maxURLLength\": true}, \"routes\": []}",
        "limits.maxURLLength: expected a positive integer, found a boolean (true) at line 1, column 29"
      ),
      (
        "{\"limits\": {\"maxSegments\": 1.5}, \"routes\": []}",
        "limits.maxSegments: expected a positive integer, found a number (1.5) at line 1, column 28"
      ),
      (
        "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"},\n {\"name\": \"b\", \"pattern\": \"/b\"},\n {\"name\": \"c\", \"pattern\": 7}]}",
        "routes[2].pattern, route 'c': expected a string, found a number (7) at line 3, column 27"
      ),
      (
        "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\", \"requiresSignIn\": \"yes\"}]}",
        "routes[0].requiresSignIn, route 'a': expected true or false, found a string at line 1, column 62"
      ),
    ]
  )
  func exactTypes(json: String, expected: String) throws {
    #expect(try error(json).description == expected)
  }

  @Test(
    "Trailing commas are refused, in arrays and objects",
    arguments: [
      "{\"schemes\": [\"a\",], \"routes\": []}",
      "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\"},]}",
      "{\"routes\": [{\"name\": \"a\", \"pattern\": \"/a\",}]}",
      "{\"routes\": [],}",
    ]
  )
  func trailingCommas(json: String) throws {
    let problem = try error(json)
    guard problem.code == .invalidJSON else {
      Issue.record("expected invalid JSON, got \(problem)")
      return
    }
    #expect(problem.line == 1)
  }

  @Test("An unknown key says where it is and what it most likely means")
  func didYouMean() throws {
    let problem = try error("{\"routes\": [],\n \"caseInsensitve\": true}")
    #expect(
      problem.description
        == "caseInsensitve: unknown key 'caseInsensitve' (did you mean 'caseInsensitive'?) at line 2, column 2"
    )
  }

  @Test("A missing key names the object it is missing from")
  func missingKey() throws {
    let problem = try error("{\"routes\": [\n {\"pattern\": \"/a\"}]}")
    #expect(problem.description == "routes[0]: missing key 'name' at line 2, column 2")
  }
}
