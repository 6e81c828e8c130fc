import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// A value set in the association file: each set the file can list is a substitution variable, so the
/// rule opens the app for the set's words only, and no widening is listed for it.
@Suite("Value sets in the association file")
struct ValueSetFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static func generator(_ routes: [(String, String)], options: RouteTable.Options = .default) throws
    -> AASAGenerator
  {
    let table = RouteTable(
      hosts: ["shop.example"], options: options, routes: routes.map { RouteDefinition($0.0, $0.1) })
    return AASAGenerator(appIDs: [Self.appID], router: try Router(table))
  }

  @Test func aValueSetIsASubstitutionVariableThatOpensItsWordsOnly() throws {
    let generator = try Self.generator([
      ("settings", "/settings/{section:(general|privacy|about)}"),
      ("other", "/o/{page:(general|privacy|about)}"),
      ("tab", "/t/{section:(a|b)}/{id:int}"),
      ("locale", "/l/{lang:(en|fr)}"),
    ])
    let document = try generator.document()
    let variables = try #require(document.appLinks?.substitutionVariables)
    // Named after the first parameter; the same words share one; another set of the same name, or a
    // name Apple predefines, gets a number.
    #expect(
      variables == [
        "section": ["general", "privacy", "about"], "section_2": ["a", "b"], "lang_2": ["en", "fr"],
      ])
    let paths = document.appLinks?.details.first?.components?.map(\.path) ?? []
    #expect(paths.contains("/settings/$(section)") && paths.contains("/o/$(section)"))
    #expect(paths.contains("/t/$(section_2)/?*") && paths.contains("/l/$(lang_2)"))
    // `paths` (iOS 12 and earlier) has no variables: it is left out rather than deciding otherwise.
    #expect(document.appLinks?.details.first?.paths == nil)

    let data = try generator.fileData()
    #expect(AASAValidator().validate(data: data).isEmpty)
    let matcher = AASAMatcher(document: try AASADocument(jsonData: data))
    for path in ["/settings/general", "/settings/about", "/o/privacy", "/t/b/3", "/l/fr"] {
      #expect(try matcher.match(path).opensApp, "\(path)")
    }
    for path in ["/settings/nope", "/settings/General", "/o/x", "/t/c/3", "/l/de", "/settings/general/x"] {
      #expect(try !matcher.match(path).opensApp, "\(path)")
    }
    #expect(!generator.widenings.contains { $0.kind == .valueSetText })
    #expect(
      AASAConsistencyCheck(shapes: generator.shapes).run(on: try AASADocument(jsonData: data)).isConsistent)
  }

  @Test func withoutCaseTheSetStaysAWideningAndPathsStay() throws {
    // Rules compare without case in such a table, and a value set compares byte for byte: the file
    // cannot say it, so it admits any text and says so.
    let generator = try Self.generator(
      [("settings", "/settings/{section:(general|privacy)}")], options: .init(caseInsensitive: true))
    let document = try generator.document()
    #expect(document.appLinks?.substitutionVariables == nil)
    #expect(document.appLinks?.details.first?.components?.contains { $0.path == "/settings/?*" } == true)
    #expect(document.appLinks?.details.first?.paths != nil)
    #expect(generator.widenings.contains { $0.kind == .valueSetText && $0.parameter == "section" })
  }

  @Test func aSetInAFragmentIsStatedTheSameWay() throws {
    let generator = try Self.generator([("room", "/#/room/{kind:(public|private)}")])
    let document = try generator.document()
    #expect(document.appLinks?.substitutionVariables == ["kind": ["public", "private"]])
    #expect(
      document.appLinks?.details.first?.components?.contains { $0.fragment == "/room/$(kind)*" } == true)
    #expect(AASAValidator().validate(data: try generator.fileData()).isEmpty)
  }
}
