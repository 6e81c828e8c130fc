import Foundation
import Testing

@testable import ChannelNavigation

@Suite("Channel catalogs are strict JSON with exact types")
struct ChannelCatalogStrictJSONTests {
  func error(_ json: String) throws -> ChannelError {
    try #require(throws: ChannelError.self) { try ChannelCatalog(data: Data(json.utf8)) }
  }

  @Test("A key written twice is an error with both positions, not silently the last")
  func duplicateKeys() throws {
    let problem = try error(
      "{\"id\": \"c\", \"title\": \"C\",\n \"clips\": [{\"id\": \"1\", \"title\": \"A\", \"id\": \"2\"}]}")
    #expect(
      problem == .invalidJSON(detail: #"duplicate key "id" at line 2, column 38; first at line 2, column 13"#)
    )
  }

  @Test(
    "Values must have exactly their type, named by their path",
    arguments: [
      (#"{"id": "c", "title": "C", "clips": [{"id": "1", "title": true}]}"#, "clips[0].title", "String"),
      (#"{"id": 1, "title": "C"}"#, "id", "String"),
      (
        #"{"id": "c", "title": "C", "clipLists": [{"id": "l", "title": "L", "clipIds": ["1", 2]}]}"#,
        "clipLists[0].clipIds[1]", "String"
      ),
    ]
  )
  func exactTypes(json: String, path: String, expected: String) throws {
    #expect(try error(json) == .wrongType(path: path, expected: expected))
  }

  @Test("Trailing commas are refused")
  func trailingCommas() throws {
    let problem = try error(#"{"id": "c", "title": "C", "clips": [],}"#)
    guard problem.code == .invalidJSON else {
      Issue.record("expected invalid JSON")
      return
    }
    #expect(problem.detail == "expected a quoted key at line 1, column 39")
  }

  @Test("An unknown key is refused with its path, position and the key it most likely means")
  func didYouMean() throws {
    let problem = try error(
      #"{"id": "c", "title": "C", "clips": [{"id": "1", "titel": "One", "title": "One"}]}"#)
    #expect(
      problem
        == .invalidValue(
          path: "clips[0].titel", reason: #"unknown key "titel" (did you mean "title"?) at line 1, column 49"#
        ))
  }
}
