import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

@Suite("AASA validator")
struct AASAValidatorTests {
  private func diagnostics(_ json: String) -> [AssociationFileDiagnostic] {
    AASAValidator().validate(data: Data(json.utf8))
  }

  private func codes(_ json: String) -> [ErrorCode<AssociationFileDiagnostic>] {
    diagnostics(json).map(\.code)
  }

  /// A document with one detail for a valid app holding these components.
  private func withComponents(_ components: String) -> String {
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components)]}]}}"#
  }

  @Test(
    "Apple's examples are clean (the legacy one only gets a note about paths)",
    arguments: [
      "apple-basic", "apple-ordered-rules", "apple-query-dictionary", "apple-substitution-variables",
      "apple-wwdc19",
    ])
  func examplesAreClean(name: String) throws {
    let found = AASAValidator().validate(data: try Fixture.data(name))
    #expect(found.isEmpty, "\(found)")
    #expect(found.exitStatus == 0)
  }

  @Test("Legacy paths without components are a note, with exit status 0: current iOS honours them")
  func pathsWithoutComponents() throws {
    let found = AASAValidator().validate(data: try Fixture.data("apple-legacy-paths"))
    #expect(found.map(\.code) == [.pathsWithoutComponents])
    #expect(found.first?.severity == .note)
    #expect(found.first?.path.description == "applinks.details[0].paths")
    #expect(found.exitStatus == 0)
  }

  @Test("A file over 128 KB is an error, and its content is still checked")
  func tooLarge() {
    let padding = String(repeating: " ", count: AASAValidator.maximumFileSize)
    let found = diagnostics(withComponents(#"{"/": "/a"}"#) + padding)
    #expect(found.map(\.code) == [.fileTooLarge])
    #expect(found.exitStatus == 2)
    #expect(codes(withComponents(#"{"/": "/a"}"#)).isEmpty)
  }

  @Test("Invalid JSON is an error with line and column; an HTML page is recognised")
  func invalidJSON() throws {
    let found = diagnostics("{\n  \"applinks\": {,\n}")
    let diagnostic = try #require(found.first)
    #expect(found.count == 1)
    #expect(diagnostic.code == .invalidJSON)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.hasPrefix("invalid JSON at line 2, column 16"))
    #expect(diagnostics("<html><body>app</body></html>").first?.message.contains("HTML") == true)
  }

  @Test("The top level must be an object; wrong types are errors with their path")
  func shapes() throws {
    #expect(codes("[]") == [.topLevelNotObject])
    #expect(codes("\"x\"") == [.topLevelNotObject])
    let wrong = try #require(AASAValidator().validate(data: try Fixture.data("wrong-type")).first)
    #expect(wrong.code == .wrongType)
    #expect(wrong.path.description == #"applinks.details[0].components[2]["/"]"#)
  }

  @Test("A file with no section is an error; webcredentials or appclips alone are complete")
  func missingAppLinks() {
    let alone = diagnostics("{}")
    #expect(alone.map(\.code) == [.missingAppLinks])
    #expect(alone.exitStatus == 2)
    #expect(diagnostics(#"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#).isEmpty)
    #expect(diagnostics(#"{"appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]}}"#).isEmpty)
    #expect(codes(#"{"applinks": {"details": []}}"#) == [.noDetails])
  }

  @Test("Unknown keys warn with a did-you-mean suggestion")
  func unknownKeys() throws {
    let found = AASAValidator().validate(data: try Fixture.data("typos"))
    let messages = found.filter { $0.code == .unknownKey }.map { "\($0.path): \($0.message)" }
    #expect(
      messages.contains(
        #"applinks.details[0].appIds: unknown key "appIds" is ignored; did you mean "appIDs"?"#))
    #expect(
      messages.contains(
        #"applinks.details[0].component: unknown key "component" is ignored; did you mean "components"?"#))
    #expect(
      messages.contains(
        #"applinks.details[0].components[0].excludes: unknown key "excludes" is ignored; did you mean "exclude"?"#
      )
    )
    #expect(messages.contains(#"zzzzzz: unknown key "zzzzzz" is ignored"#))
    #expect(found.allSatisfy { $0.severity == .warning })
  }

  @Test(
    "App IDs must be TEAMID.bundle",
    arguments: [
      ("ABCDE12345.com.example.app", true), ("A1B2C3D4E5.com.example-app.Clip", true),
      ("abcde12345.com.example.app", false), ("ABCDE1234.com.example.app", false), ("com.example.app", false),
      ("ABCDE12345.", false), ("ABCDE12345com.example", false), ("ABCDE12345.com.ex ample", false),
      ("ABCDE12345.com.example.", false),
    ])
  func appIDs(appID: String, valid: Bool) {
    let found = codes(#"{"applinks": {"details": [{"appIDs": ["\#(appID)"], "components": [{}]}]}}"#)
    #expect(found == (valid ? [] : [.invalidAppID]))
    let credentials = diagnostics(
      #"{"applinks": {"details": []}, "webcredentials": {"apps": ["\#(appID)"]}}"#)
    #expect(
      credentials.contains { $0.code == .invalidAppID && $0.path.description == "webcredentials.apps[0]" }
        == !valid)
  }

  @Test("A detail naming no app is an error; appID beside appIDs is ignored and warned about")
  func appIDPresence() {
    #expect(codes(#"{"applinks": {"details": [{"components": [{}]}]}}"#) == [.missingAppID])
    let both = diagnostics(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "appID": "ABCDE12345.a.c", "components": [{}]}]}}"#
    )
    #expect(both.map(\.code) == [.appIDIgnored])
    #expect(both.first?.severity == .warning)
    #expect(both.first?.path.description == "applinks.details[0].appID")
    let listed = diagnostics(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"], "appID": "ABCDE12345.a.b", "components": [{}]}]}}"#
    )
    #expect(listed.isEmpty, "an appID that appIDs also lists loses nothing")
    #expect(codes(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a.b"]}]}}"#) == [.noRules])
  }

  @Test("A # in a path pattern warns: it is a fragment")
  func hashRoutes() {
    let found = diagnostics(withComponents(#"{"/": "/#/settings"}"#))
    #expect(found.map(\.code) == [.hashInPath])
    #expect(found.first?.path.description == #"applinks.details[0].components[0]["/"]"#)
    #expect(codes(withComponents(##"{"/": "/settings", "#": "/settings"}"##)).isEmpty)
  }

  @Test(
    "Rules shadowed by an earlier rule are unreachable",
    arguments: [
      (#"{"/": "*"}, {"/": "/a"}"#, [1]),
      (#"{}, {"/": "/a", "?": {"x": "1"}}"#, [1]),
      (#"{"/": "/buy/*"}, {"/": "/buy/42"}, {"/": "/buy/?*"}"#, [1, 2]),
      (#"{"/": "/help*"}, {"/": "/help/faq"}"#, [1]),
      (#"{"/": "*", "exclude": true}, {"/": "/a"}"#, [1]),
    ])
  func unreachable(components: String, shadowed: [Int]) {
    // Both the earlier and the later rule open the app in all but the last case: a note; an exclude
    // that swallows a later opening rule loses links: a warning.
    let found = diagnostics(withComponents(components))
    #expect(found.allSatisfy { $0.code == .unreachableRule })
    #expect(found.map(\.path.description) == shadowed.map { "applinks.details[0].components[\($0)]" })
  }

  @Test(
    "Reachable rules are never reported",
    arguments: [
      #"{"/": "/buy/*"}, {"/": "/buyer"}"#,
      #"{"/": "/buy/*"}, {"/": "/buy"}"#,
      #"{"/": "/a/*", "?": {"x": "1"}}, {"/": "/a/b"}"#,
      ##"{"/": "/a/*", "#": "top"}, {"/": "/a/b"}"##,
      #"{"/": "/a/*"}, {"/": "/A/b", "caseSensitive": false}"#,
      #"{"/": "/a/*", "percentEncoded": false}, {"/": "/a/b"}"#,
      #"{"/": "/$(lang)/*"}, {"/": "/en/b"}"#,
      #"{"/": "/a?/*"}, {"/": "/ab/c"}"#,
    ])
  func reachable(components: String) {
    #expect(codes(withComponents(components)).isEmpty)
  }

  @Test("An exclude placed after the broader rule it was meant to carve out warns")
  func excludeAfterBroader() throws {
    let found = diagnostics(withComponents(#"{"/": "/help/*"}, {"/": "/help/website/*", "exclude": true}"#))
    let diagnostic = try #require(found.first)
    #expect(found.map(\.code) == [.excludeAfterBroaderRule])
    #expect(diagnostic.message.contains("move it before rule 0"))
    #expect(diagnostic.path.description == "applinks.details[0].components[1]")
    let legacy = diagnostics(
      #"{"applinks": {"details": [{"appID": "ABCDE12345.a.b", "paths": ["/v/*", "NOT /v/2010/*"]}]}}"#)
    #expect(legacy.map(\.code) == [.pathsWithoutComponents, .excludeAfterBroaderRule])
  }

  @Test("Unknown substitution variables warn; invalid variable names are errors")
  func variables() {
    #expect(codes(withComponents(#"{"/": "/$(food)/$(lang)"}"#)) == [.unknownSubstitutionVariable])
    let json = #"{"applinks": {"substitutionVariables": {"a(b": ["x"]}, "details": []}}"#
    #expect(codes(json) == [.invalidSubstitutionVariableName, .noDetails])
  }

  @Test("Exit status: 0 clean, 1 warnings only, 2 with an error")
  func exitStatus() {
    let note = AssociationFileDiagnostic(
      severity: .note, code: .pathsWithoutComponents, message: "", path: .root)
    let warning = AssociationFileDiagnostic(severity: .warning, code: .hashInPath, message: "", path: .root)
    let error = AssociationFileDiagnostic(severity: .error, code: .invalidAppID, message: "", path: .root)
    #expect([AssociationFileDiagnostic]().exitStatus == 0)
    #expect([note, note].exitStatus == 0)
    #expect([note, warning].exitStatus == 1)
    #expect([warning, warning].exitStatus == 1)
    #expect([warning, error].exitStatus == 2)
    #expect(error.description == "error[invalid-app-id] top level: ")
  }
}
