import Foundation
import Testing

@testable import UniversalLinks

@Suite("Generated rules open the app for exactly the routed links")
struct ExactGenerationTests {
  static let appID = "ABCDE12345.com.example.app"

  static func generator() throws -> AASAGenerator {
    let shapes = try [
      ("product", "/p/{id}"), ("reviews", "/p/{id}/reviews"), ("category", "/c/{cat}/{sub}"),
      ("order", "/orders/{id:int}"), ("files", "/u/{id}/files/{path+}"),
    ].map { try RoutePathShape(name: $0.0, template: $0.1) }
    return AASAGenerator(appIDs: [appID], shapes: shapes)
  }

  @Test(
    "Links with a segment too many or too few, or a wrong literal, do not open; routed ones do",
    arguments: [
      ("/p/1", true), ("/p/1/reviews", true), ("/c/a/b", true), ("/orders/1", true), ("/u/1/files/x/y", true),
      ("/p/1/2", false), ("/p/1/reviews/x", false), ("/c/a/b/c", false), ("/orders/1/2", false),
      ("/p", false), ("/c/a", false), ("/u/1/files", false), ("/p/1/ratings", false),
    ])
  func exact(path: String, opens: Bool) throws {
    let generator = try Self.generator()
    let components = AASAMatcher(document: try generator.document(includeLegacyPaths: false))
    #expect(try components.match(path).opensApp == opens, "components: \(path)")
    let legacy = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [AASADetail(appIDs: [Self.appID], paths: try generator.legacyPaths())]
        )))
    #expect(try legacy.match(path).opensApp == opens, "paths: \(path)")
    #expect(generator.shapes.contains { $0.routes(path) } == opens)
  }

  @Test("The consistency check passes and lists exactly the widenings AASA cannot express")
  func widenings() throws {
    let generator = try Self.generator()
    let report = AASAConsistencyCheck(shapes: generator.shapes).run(on: try generator.document())
    #expect(report.isConsistent, "\(report)")
    #expect(
      generator.widenings.map { "\($0.route) \($0.parameter) \($0.kind.description) \($0.example)" } == [
        "order id integer-text /orders/x", "files id spans-segments /u/sample/extra/files/a/b",
      ])
    let widened = report.checks.filter { $0.kind == .widening }
    #expect(widened.map(\.path) == ["/orders/x", "/u/sample/extra/files/a/b"])
    #expect(widened.allSatisfy { $0.result.opensApp })
    // Probes of every kind were made and kept out.
    let kept = report.checks.filter { $0.kind == .unroutedPath }.map(\.path)
    for probe in ["/p/sample/extra", "/p", "/not-p/sample", "/c/sample/sample/extra", "/u/sample/files"] {
      #expect(kept.contains(probe), "\(probe)")
    }
  }

  @Test("A required query item missing or empty does not open, in the consistency probes too")
  func requiredQuery() throws {
    var shape = try RoutePathShape(name: "search", template: "/search")
    shape.requiredQueryItems = ["q", "tag"]
    let generator = AASAGenerator(appIDs: [Self.appID], shapes: [shape])
    let report = AASAConsistencyCheck(shapes: [shape]).run(on: try generator.document())
    #expect(report.isConsistent, "\(report)")
    let kept = report.checks.filter { $0.kind == .unroutedPath }.map(\.path)
    #expect(kept.contains("/search"))
    #expect(kept.contains("/search?q=&tag=sample"))
    #expect(kept.contains("/search?q=sample&tag="))
  }

  @Test("A hand-written file that opens extra segments fails the check")
  func catchesWideFile() throws {
    let shapes = [try RoutePathShape(name: "product", template: "/p/{id}")]
    let wide = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(appIDs: [Self.appID], components: [AASAComponent(path: "/p/?*")])
      ]))
    #expect(AASAConsistencyCheck(shapes: shapes).run(on: wide).failures.map(\.path) == ["/p/sample/extra"])
  }

  @Test("2,000 routes generate and check quickly")
  func scale() throws {
    let shapes = try (0..<2000).map { try RoutePathShape(name: "r\($0)", template: "/r\($0)/{id}/x/{y}") }
    let generator = AASAGenerator(appIDs: [Self.appID], shapes: shapes)
    let start = Date()
    let report = AASAConsistencyCheck(shapes: shapes).run(on: try generator.document())
    #expect(report.isConsistent)
    // Debug build, shared machine: a generous bound that the former probe-times-rule check missed.
    #expect(Date().timeIntervalSince(start) < 20)
  }
}
