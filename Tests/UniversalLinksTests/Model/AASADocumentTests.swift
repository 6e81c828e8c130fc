import Foundation
import Testing

@testable import UniversalLinks

@Suite("AASA document reading and writing")
struct AASADocumentTests {
  @Test("Every form is read: details array, appID vs appIDs, defaults, variables, other sections")
  func readsAllForms() throws {
    let ordered = try Fixture.document("apple-ordered-rules")
    let detail = try #require(ordered.appLinks?.details.first)
    #expect(detail.effectiveAppIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.app2"])
    #expect(detail.components?.count == 4)
    #expect(
      detail.components?[0]
        == AASAComponent(
          fragment: "no_universal_links", exclude: true, comment: detail.components?[0].comment))
    #expect(detail.components?[3].query == .items(["articleNumber": "????"]))
    #expect(ordered.webCredentials == AASAAppList(apps: ["ABCDE12345.com.example.app"]))
    #expect(ordered.appClips == AASAAppList(apps: ["ABCDE12345.com.example.app.Clip"]))

    let variables = try Fixture.document("apple-substitution-variables")
    #expect(variables.appLinks?.substitutionVariables?["food"] == ["burrito", "pizza", "sushi", "samosa"])

    let legacy = try Fixture.document("apple-legacy-paths")
    #expect(legacy.appLinks?.apps == [])
    #expect(legacy.appLinks?.details.first?.appID == "ABCDE12345.com.example.app")
    #expect(legacy.appLinks?.details.first?.paths?.count == 3)

    let layered = try Fixture.document("defaults-layering")
    #expect(layered.appLinks?.defaults == AASAComponent(caseSensitive: false, percentEncoded: false))
    #expect(layered.appLinks?.details.first?.defaults == AASAComponent(caseSensitive: true))

    let activity = try AASADocument(
      jsonData: Data(#"{"activitycontinuation": {"apps": ["ABCDE12345.a.b"]}}"#.utf8))
    #expect(activity.activityContinuation?.apps == ["ABCDE12345.a.b"])
    #expect(activity.appLinks == nil)
  }

  @Test("Details keyed by app ID are read in document order and written back in that form")
  func keyedDetails() throws {
    let document = try Fixture.document("keyed-details")
    let appLinks = try #require(document.appLinks)
    #expect(appLinks.detailsKeyedByAppID)
    #expect(
      appLinks.details.map(\.appID) == ["ABCDE12345.com.example.first", "ABCDE12345.com.example.second"])
    #expect(
      appLinks.details.map(\.paths) == [["NOT /shared/private", "/shared/*"], ["/shared/*", "/second/*"]])
    let text = document.jsonString()
    #expect(text.contains(#""ABCDE12345.com.example.first": {"#))
    #expect(try AASADocument(jsonData: document.jsonData()) == document)
  }

  @Test(
    "Writing is stable, pretty and sorted, and reads back to the same document",
    arguments: [
      "apple-basic", "apple-ordered-rules", "apple-query-dictionary", "apple-substitution-variables",
      "apple-wwdc19",
      "apple-legacy-paths", "defaults-layering",
    ])
  func roundTrip(name: String) throws {
    let document = try Fixture.document(name)
    let data = document.jsonData()
    #expect(try AASADocument(jsonData: data) == document)
    #expect(data == document.jsonData())
    #expect(try AASADocument(jsonData: data).jsonData() == data)
  }

  @Test("The exact written form: two-space indent, sorted keys, unescaped slashes")
  func exactOutput() {
    let document = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(
          appIDs: ["ABCDE12345.a.b"],
          components: [AASAComponent(path: "/a/*", exclude: true, comment: "x\"y")])
      ])
    )
    #expect(
      document.jsonString() == """
        {
          "applinks": {
            "details": [
              {
                "appIDs": [
                  "ABCDE12345.a.b"
                ],
                "components": [
                  {
                    "/": "/a/*",
                    "comment": "x\\"y",
                    "exclude": true
                  }
                ]
              }
            ]
          }
        }

        """
    )
  }

  @Test(
    "A wrong type is a typed error carrying its path in the document",
    arguments: [
      (
        #"{"applinks": {"details": [{"components": [{"/": "a"}, {}, {"/": 42}]}]}}"#,
        #"applinks.details[0].components[2]["/"]"#, "a number"
      ),
      (
        #"{"applinks": {"details": [{"appIDs": "ABCDE12345.a.b"}]}}"#, "applinks.details[0].appIDs",
        "a string"
      ),
      (
        #"{"applinks": {"details": [{"components": [{"exclude": "true"}]}]}}"#,
        "applinks.details[0].components[0].exclude", "a string"
      ),
      (
        #"{"applinks": {"details": [{"components": [{"?": ["a"]}]}]}}"#,
        #"applinks.details[0].components[0]["?"]"#, "an array"
      ),
      (
        #"{"applinks": {"details": [{"components": [{"?": {"id": 1}}]}]}}"#,
        #"applinks.details[0].components[0]["?"].id"#, "a number"
      ),
      (
        #"{"applinks": {"details": {"ABCDE12345.a.b": {"paths": [1]}}}}"#,
        #"applinks.details["ABCDE12345.a.b"].paths[0]"#, "a number"
      ),
      (
        #"{"applinks": {"substitutionVariables": {"x": "a"}}}"#, "applinks.substitutionVariables.x",
        "a string"
      ),
      (#"{"applinks": {"details": "x"}}"#, "applinks.details", "a string"),
      (#"{"webcredentials": {"apps": [null]}}"#, "webcredentials.apps[0]", "null"),
      ("[1]", "top level", "an array"),
    ])
  func typeErrors(json: String, path: String, found: String) throws {
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AASADocument(jsonData: Data(json.utf8))
    }
    #expect(error.path.description == path)
    #expect(error.code == .wrongType, "\(error)")
    #expect(error.found == found)
    #expect(error.description.hasPrefix(path == "top level" ? "top level:" : path + ":"))
  }

  @Test("The fixture with a wrong type names the rule it is in")
  func wrongTypeFixture() throws {
    let error = try #require(throws: AssociationFileDecodingError.self) { try Fixture.document("wrong-type") }
    #expect(
      error.description == #"applinks.details[0].components[2]["/"]: expected a string, found a number"#)
  }

  @Test("Unknown keys are tolerated and recorded, with a suggestion for near misses")
  func unknownKeys() throws {
    let (document, unknown) = try AASADocument.decodeReportingUnknownKeys(from: Fixture.data("typos"))
    #expect(document.appLinks?.details.first?.appIDs == ["ABCDE12345.com.example.app"])
    let found = unknown.map { "\($0.path) -> \($0.suggestion ?? "-")" }
    #expect(
      found == [
        "webcredential -> webcredentials",
        "zzzzzz -> -",
        "applinks.substitutionVariable -> substitutionVariables",
        "applinks.details[0].appIds -> appIDs",
        "applinks.details[0].component -> components",
        "applinks.details[0].components[0].excludes -> exclude",
        "applinks.details[0].components[0].path -> /",
      ]
    )
  }

  @Test(
    "Invalid JSON is an error with line and column",
    arguments: [
      ("{\n  \"a\": 1,\n}", 3, 1),
      ("{\"a\" 1}", 1, 6),
      ("<!DOCTYPE html>", 1, 1),
      ("{\"a\": [1, 2}", 1, 12),
      ("{\"é\": tru}", 1, 7),
      ("", 1, 1),
      ("{} x", 1, 4),
      ("{\"a\": \"\\x\"}", 1, 8),
      ("{\"a\": 01}", 1, 8),
    ])
  func invalidJSON(text: String, line: Int, column: Int) throws {
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AASADocument(jsonData: Data(text.utf8))
    }
    #expect(error.code == .invalidJSON, "\(error)")
    #expect(error.line == line)
    #expect(error.column == column)
  }

  @Test("The fixture with a trailing comma reports where")
  func trailingCommaFixture() throws {
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try Fixture.document("trailing-comma")
    }
    #expect(error.description == "invalid JSON at line 4, column 51: expected a quoted key")
  }
}
