import Foundation
import Testing

@testable import UniversalLinks

@Suite("Site association files are strict JSON")
struct StrictJSONTests {
  @Test("An AASA key written twice is an error with both positions, not silently the last")
  func aasaDuplicateKey() throws {
    let text = """
      {"applinks": {"details": [
        {"appIDs": ["A.b"],
         "appIDs": ["C.d"]}]}}
      """
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AASADocument(jsonData: Data(text.utf8))
    }
    #expect(
      error.description
        == #"invalid JSON at line 3, column 4: duplicate key "appIDs"; first at line 2, column 4"#)
    let diagnostics = AASAValidator().validate(data: Data(text.utf8))
    #expect(diagnostics.map(\.code) == [.invalidJSON])
    #expect(diagnostics.first?.message.contains("first at line 2, column 4") == true)
  }

  @Test("Two keyed details for one app ID are refused, not the last kept")
  func keyedDetailsDuplicate() throws {
    let text = #"{"applinks": {"details": {"A.b": {"paths": ["/a"]}, "A.b": {"paths": ["/b"]}}}}"#
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AASADocument(jsonData: Data(text.utf8))
    }
    #expect(error.description.contains(#"duplicate key "A.b"; first at line 1, column 27"#))
  }

  @Test("An assetlinks key written twice is an error with both positions")
  func assetLinksDuplicateKey() throws {
    let text = """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "a", "package_name": "b"}}]
      """
    let error = try #require(throws: AssociationFileDecodingError.self) {
      try AssetLinksDocument(jsonData: Data(text.utf8))
    }
    #expect(
      error.description
        == #"invalid JSON at line 2, column 63: duplicate key "package_name"; first at line 2, column 42"#)
  }

  @Test("Unknown AASA keys get a did-you-mean from the shared suggestion rule, aliases included")
  func didYouMean() throws {
    let text = #"{"applinks": {"detials": [], "details": [{"appIDs": [], "components": [{"path": "/a"}]}]}}"#
    let (_, unknown) = try AASADocument.decodeReportingUnknownKeys(from: Data(text.utf8))
    #expect(unknown.map(\.suggestion) == ["details", "/"])
  }

  @Test("JavaScript strings in the fallback page use the shared JSON escaper")
  func javaScriptStrings() {
    #expect(HTMLText.javaScriptString("a\u{2028}</b>\u{1}") == #""a\u2028\u003C/b\u003E\u0001""#)
  }
}
