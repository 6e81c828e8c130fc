import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

@Suite("AASA checker: severities, shadowing, signed files, scale")
struct AASACheckerCalibrationTests {
  private func diagnostics(_ json: String) -> [AssociationFileDiagnostic] {
    AASAValidator().validate(data: Data(json.utf8))
  }

  private func withComponents(_ components: String) -> String {
    #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [\#(components)]}]}}"#
  }

  @Test("Unreachable rules: a note when the outcome is the same, a warning when links are lost")
  func unreachableSeverity() {
    let same = diagnostics(withComponents(#"{"/": "*"}, {"/": "/a"}"#))
    #expect(same.map(\.severity) == [.note])
    #expect(same.exitStatus == 0)
    let lost = diagnostics(withComponents(#"{"/": "/a/*", "exclude": true}, {"/": "/a/b"}"#))
    #expect(lost.map(\.code) == [.unreachableRule])
    #expect(lost.map(\.severity) == [.warning])
    #expect(lost.first?.message.contains("never opens the app") == true)
  }

  @Test(
    "A query dictionary shadows a later rule of the same path",
    arguments: [
      // An item pattern of * accepts every query (an absent item reads as empty).
      (
        #"{"/": "/skins/install", "?": {"url": "*"}}, {"/": "/skins/install", "exclude": true}"#,
        ErrorCode<AssociationFileDiagnostic>.excludeAfterBroaderRule
      ),
      // The earlier rule names a subset of the later rule's items, with the same patterns.
      (
        #"{"/": "/h/*", "?": {"a": "1"}}, {"/": "/h/x", "?": {"a": "1", "b": "2"}, "exclude": true}"#,
        .excludeAfterBroaderRule
      ),
      (#"{"/": "/h", "?": {"a": "1"}}, {"/": "/h", "?": {"a": "1"}}"#, .unreachableRule),
      (##"{"/": "/h", "#": "top"}, {"/": "/h", "#": "top", "exclude": true}"##, .excludeAfterBroaderRule),
    ])
  func queryShadowing(components: String, code: ErrorCode<AssociationFileDiagnostic>) {
    let found = diagnostics(withComponents(components))
    #expect(found.map(\.code) == [code])
    #expect(found.first?.path.description == "applinks.details[0].components[1]")
  }

  @Test(
    "A query dictionary that constrains more, or differently, does not shadow",
    arguments: [
      #"{"/": "/h", "?": {"a": "1", "b": "2"}}, {"/": "/h", "?": {"a": "1"}, "exclude": true}"#,
      #"{"/": "/h", "?": {"a": "1"}}, {"/": "/h", "?": {"a": "2"}}"#,
      #"{"/": "/h", "?": "x=1"}, {"/": "/h", "exclude": true}"#,
      #"{"/": "/h", "?": {"a": "1"}}, {"/": "/h/x"}"#,
    ])
  func queryNotShadowing(components: String) {
    #expect(diagnostics(withComponents(components)).isEmpty)
  }

  @Test("paths and components that decide a path differently warn; agreeing ones do not")
  func pathsComponentsDisagreement() throws {
    let disagree = diagnostics(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/join/*"], "components": [{"/": "/meet/*"}]}]}}"#
    )
    let finding = try #require(disagree.first)
    #expect(disagree.map(\.code) == [.pathsComponentsDisagree])
    #expect(finding.severity == .warning)
    #expect(finding.message.contains("/join/x opens the app under \"paths\" but not under \"components\""))
    // Conditions paths cannot state are not disagreements: a query requirement, a fragment opt-out.
    let conditions = diagnostics(
      ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/join/*"], "components": [{"#": "no_universal_links", "exclude": true}, {"/": "/join/*", "?": {"channel": "?*"}}]}]}}"##
    )
    #expect(conditions.isEmpty, "\(conditions)")
    let agree = diagnostics(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["/a/*", "NOT /b/*"], "components": [{"/": "/a/*"}, {"/": "/b/*", "exclude": true}]}]}}"#
    )
    #expect(agree.isEmpty, "\(agree)")
  }

  @Test("An array under appID is an error that suggests appIDs")
  func appIDArray() throws {
    let found = diagnostics(#"{"applinks": {"details": [{"appID": ["ABCDE12345.a.b"], "paths": ["*"]}]}}"#)
    let finding = try #require(found.first)
    #expect(finding.code == .wrongType)
    #expect(finding.severity == .error)
    #expect(finding.message.contains(#"did you mean "appIDs"?"#))
  }

  @Test("A signed (PKCS#7) file is recognised, warned about, and the JSON inside is checked")
  func signedFile() throws {
    let found = AASAValidator().validate(data: try RealWorldCorpus.data("aasa", "signed-ios8.p7m"))
    #expect(found.first?.code == .signedFile)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains("PKCS#7") == true)
    #expect(!found.contains { $0.code == .invalidJSON })
    // The JSON inside has legacy paths (a note) and a NOT after the broader path (a warning).
    #expect(found.contains { $0.code == .excludeAfterBroaderRule })
    #expect(found.exitStatus == 1)
    // DER that is not signed data, or signed data without JSON, is not taken for a signed file.
    let garbage = Data([0x30, 0x82, 0x01, 0x00] + SignedAssociationFile.signedDataOID + [0xA0, 0x00])
    #expect(AASAValidator().validate(data: garbage).map(\.code) == [.signedFile])
    #expect(AASAValidator().validate(data: garbage).exitStatus == 2)
    #expect(AASAValidator().validate(data: Data([0x30, 0x82, 0x01, 0x00, 0x02])).first?.code == .invalidJSON)
  }

  @Test("Over 128 KB is reported first, before the rules")
  func oversizeFirst() {
    let rules = (0..<9_000).map { #"{"/": "/p\#($0)/*"}"# }.joined(separator: ",")
    let found = diagnostics(withComponents(rules))
    #expect(found.first?.code == .fileTooLarge)
  }

  @Test("20,000 components are checked in linear time")
  func scale() {
    // Shadowed every tenth rule, so the index is exercised, not just filled.
    let rules = (0..<20_000).map { index in
      index % 10 == 9
        ? #"{"/": "/p\#(index - 1)/x", "?": {"a": "1"}}"# : #"{"/": "/p\#(index)/*", "?": {"a": "*"}}"#
    }
    let json = withComponents(rules.joined(separator: ","))
    let clock = ContinuousClock()
    var found: [AssociationFileDiagnostic] = []
    let elapsed = clock.measure { found = diagnostics(json) }
    #expect(found.filter { $0.code == .unreachableRule }.count == 2_000)
    // Quadratic pairwise checks took minutes here; the index keeps this to a few seconds even in debug.
    #expect(elapsed < .seconds(30), "\(elapsed)")
  }
}
