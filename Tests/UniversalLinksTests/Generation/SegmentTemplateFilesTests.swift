import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Segment templates in the server files: the AASA rule writes the literals with `*` for each
/// parameter (a UUID's fixed-width pattern where it has one), lists what that lets through as
/// widenings, blocks paths where a `*` would cross `/`, and the nginx rule reads the literals escaped.
@Suite("Segment templates in the server files")
struct SegmentTemplateFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static func shape(_ pattern: String) throws -> RoutePathShape {
    RoutePathShape(name: "t", pattern: try RoutePattern(pattern))
  }

  @Test(arguments: [
    ("/start-sso/wire-{code}", "/start-sso/wire-*"),
    ("/start-sso/wire-{code:uuid}", "/start-sso/wire-????????-????-????-????-????????????"),
    ("/u/{user}@{domain}", "/u/*@*"),
    ("/orders/{id:int}.json", "/orders/*.json"),
    ("/v{version:int}/docs", "/v*/docs"),
    ("/caf%C3%A9-{x}", "/caf%C3%A9-*"),
  ])
  func theRuleIsTheLiteralsWithAStarForEachParameter(_ pattern: String, _ rule: String) throws {
    #expect(try AASAGenerator.pathPattern(for: Self.shape(pattern)) == rule)
  }

  @Test func aTemplateReadFromTheShapeSyntaxIsTheRoutersTemplate() throws {
    let shape = try RoutePathShape(name: "t", template: "/u/{user}@{domain}")
    #expect(shape == (try Self.shape("/u/{user}@{domain}")))
    #expect(shape.description == "/u/{user}@{domain}")
    #expect(throws: UnreadableTextError.self) { try RoutePathShape(name: "t", template: "/u/{user}{domain}") }
  }

  @Test func theGeneratedFileOpensTheRoutedLinksAndReportsWhatItAdmitsBeyond() throws {
    let shape = try Self.shape("/orders/{id:int}.json")
    let generator = AASAGenerator(appIDs: [Self.appID], shapes: [shape])
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/orders/0.json").opensApp)
    #expect(shape.routes("/orders/0.json"))
    // A `*` holding a `/` is blocked by an exclusion, as a parameter's extra segments are.
    #expect(try !matcher.match("/orders/1/2.json").opensApp)
    #expect(try !matcher.match("/orders/1.txt").opensApp)
    // What AASA cannot say: "digits only".
    #expect(generator.widenings.map(\.kind.description) == ["integer-text"])
    #expect(generator.widenings.first?.example == "/orders/x.json")
    #expect(try matcher.match("/orders/x.json").opensApp)
    #expect(!shape.routes("/orders/x.json"))
    #expect(AASAConsistencyCheck(shapes: [shape]).run(on: document).isConsistent)
  }

  @Test func aPlainParameterInATemplateIsWidenedToEmptyText() throws {
    let shape = try Self.shape("/u/{user}@{domain}")
    let generator = AASAGenerator(appIDs: [Self.appID], shapes: [shape])
    #expect(generator.widenings.map(\.kind) == [.emptyTemplateText, .emptyTemplateText])
    #expect(generator.widenings.map(\.example) == ["/u/@sample", "/u/sample@"])
    let matcher = AASAMatcher(document: try generator.document(includeLegacyPaths: false))
    for widening in generator.widenings {
      #expect(try matcher.match(widening.example).opensApp)
      #expect(!shape.routes(widening.example))
    }
  }

  @Test func aLiteralAASACannotSayIsRefusedNamingTheRoute() throws {
    let shape = try Self.shape("/q/what%3F-{x}")
    #expect(throws: AASAGenerationError.self) { try AASAGenerator.pathPattern(for: shape) }
  }

  @Test func theNginxRuleEscapesTheLiteralsAndTypesEachPart() throws {
    let shape = try Self.shape("/orders/{id:int}.json")
    let text = NginxConfiguration.locationRegex(for: shape)
    #expect(text == "^/orders/-?[0-9]+\\.json/?$")
    let regex = try NSRegularExpression(pattern: text)
    func accepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(accepts("/orders/42.json"))
    #expect(!accepts("/orders/42xjson"))
    #expect(!accepts("/orders/x.json"))
  }
}
