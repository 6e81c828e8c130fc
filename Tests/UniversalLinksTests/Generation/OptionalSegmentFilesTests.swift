import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// An optional last segment in the server files: the association file states the path without the
/// segment and the path with it, each exactly, and the nginx rule makes the segment optional.
@Suite("Optional last segment in the server files")
struct OptionalSegmentFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static func generator(_ routes: [RouteDefinition]) throws -> AASAGenerator {
    try AASAGenerator(appIDs: [appID], table: RouteTable(hosts: ["shop.example"], routes: routes))
  }

  @Test func theFileStatesBothPathsExactly() throws {
    let generator = try Self.generator([RouteDefinition("product", "/product/{id}/{slug?}")])
    let document = try generator.document(includeLegacyPaths: true)
    let paths = (document.appLinks?.details.first?.components ?? []).map(\.path)
    #expect(paths.contains("/product/?*"))
    #expect(paths.contains("/product/?*/?*"))
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/product/1").opensApp)
    #expect(try matcher.match("/product/1/shoe").opensApp)
    #expect(try !matcher.match("/product").opensApp)
    #expect(try !matcher.match("/product/1/shoe/extra").opensApp)
    #expect(generator.widenings.isEmpty)
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
  }

  @Test func aTypedOptionalSegmentListsItsWidening() throws {
    let generator = try Self.generator([RouteDefinition("page", "/page/{n:int?}")])
    #expect(generator.widenings.map(\.kind.description) == ["integer-text"])
    #expect(generator.widenings.first?.example == "/page/x")
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/page").opensApp)
    #expect(try matcher.match("/page/2").opensApp)
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
  }

  @Test func theShapeSyntaxReadsItAndRefusesItWhereItIsNotLast() throws {
    let shape = try RoutePathShape(name: "p", template: "/product/{id}/{slug?}")
    #expect(shape == RoutePathShape(name: "p", pattern: try RoutePattern("/product/{id}/{slug?}")))
    #expect(shape.description == "/product/{id}/{slug?}")
    #expect(shape.routes("/product/1"))
    #expect(shape.routes("/product/1/shoe"))
    #expect(!shape.routes("/product/1/shoe/x"))
    #expect(throws: UnreadableTextError.self) { try RoutePathShape(name: "p", template: "/a/{x?}/b") }
  }

  @Test func aMiddleCatchAllCrossesSlashesAndListsWhatItAdmits() throws {
    let generator = try Self.generator([
      RouteDefinition("product", "/{prefix*}/product/{id}"), RouteDefinition("wiki", "/{any+}/wiki/{title}"),
    ])
    let document = try generator.document(includeLegacyPaths: true)
    let paths = (document.appLinks?.details.first?.components ?? []).map(\.path)
    #expect(paths.contains("/product/?*"))
    #expect(paths.contains("/?*/product/?*"))
    #expect(paths.contains("/?*/wiki/?*"))
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/en-us/product/1002").opensApp)
    #expect(try matcher.match("/product/1002").opensApp)
    #expect(try matcher.match("/a/b/wiki/Swift").opensApp)
    #expect(try !matcher.match("/wiki/Swift").opensApp)
    #expect(generator.widenings.map(\.kind) == [.spansSegments, .spansSegments])
    for widening in generator.widenings {
      #expect(try matcher.match(widening.example).opensApp)
    }
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: document).isConsistent)
    let shape = RoutePathShape(name: "p", pattern: try RoutePattern("/{prefix*}/product/{id}"))
    #expect(NginxConfiguration.locationRegex(for: shape) == "^(/.*)?/product/[^/]+/?$")
  }

  @Test func theNginxRuleMakesTheSegmentOptional() throws {
    let shape = RoutePathShape(name: "p", pattern: try RoutePattern("/page/{n:int?}"))
    let text = NginxConfiguration.locationRegex(for: shape)
    #expect(text == "^/page(/-?[0-9]+)?/?$")
    let regex = try NSRegularExpression(pattern: text)
    func accepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(accepts("/page"))
    #expect(accepts("/page/2"))
    #expect(!accepts("/page/x"))
    #expect(!accepts("/page/2/3"))
  }
}
