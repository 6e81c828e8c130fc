import Foundation
import Testing

@testable import UniversalLinks

@Suite("AASA generation from route shapes")
struct AASAGeneratorTests {
  static let templates = [
    ("home", "/"),
    ("video", "/channel/video/{clipId}"),
    ("user", "/users/{id:int}"),
    ("share", "/share/{token:uuid}"),
    ("files", "/files/{path+}"),
    ("docs", "/docs/{path*}"),
    ("menu", "/café/menu"),
    ("search", "/search?q={query}"),
  ]

  static func shapes() throws -> [RoutePathShape] {
    try templates.map { try RoutePathShape(name: $0.0, template: $0.1) }
  }

  @Test("Templates are read into pieces and print back", arguments: templates)
  func templateRoundTrip(name: String, template: String) throws {
    let shape = try RoutePathShape(name: name, template: template)
    #expect(shape.description == template.split(separator: "?").first.map(String.init))
  }

  @Test(
    "Bad templates are typed errors",
    arguments: ["/a//b", "/a/{x", "/a/{}", "/a/{x:float}", "/{p*}/b/{q+}", "/{a}{b}"])
  func badTemplates(template: String) {
    #expect(throws: UnreadableTextError.self) { try RoutePathShape(name: "bad", template: template) }
  }

  @Test("Each piece becomes the documented pattern")
  func patterns() throws {
    let patterns = try Self.shapes().map { try AASAGenerator.pathPattern(for: $0) }
    #expect(
      patterns == [
        "/", "/channel/video/?*", "/users/?*", "/share/????????-????-????-????-????????????", "/files/?*",
        "/docs/*",
        "/caf%C3%A9/menu", "/search",
      ]
    )
  }

  @Test("Literals AASA cannot express are refused, naming the route", arguments: ["a*b", "what?", "$(lang)"])
  func notExpressible(literal: String) throws {
    let shape = RoutePathShape(name: "odd", pieces: [.literal(literal)])
    let error = try #require(throws: AASAGenerationError.self) { try AASAGenerator.pathPattern(for: shape) }
    #expect(error.route == "odd")
    #expect(error.piece == literal)
  }

  @Test("Literals are percent-encoded as browsers send them")
  func encoding() throws {
    let shape = RoutePathShape(
      name: "x", pieces: [.literal("a b"), .literal("50%"), .literal("a/b"), .literal("ok-._~:@")])
    #expect(try AASAGenerator.pathPattern(for: shape) == "/a%20b/50%25/a%2Fb/ok-._~:@")
  }

  @Test("The document has one commented entry per route plus legacy paths, and validates clean")
  func document() throws {
    let generator = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], shapes: try Self.shapes())
    let document = try generator.document(webCredentials: true)
    let detail = try #require(document.appLinks?.details.first)
    let components = try #require(detail.components)
    #expect(components.filter { $0.exclude != true }.count == Self.templates.count)
    // Each route with a parameter and no catch-all excludes its paths with more segments first.
    #expect(
      components.filter { $0.exclude == true }.compactMap(\.path) == [
        "/channel/video/?*/?*", "/share/?*/?*", "/users/?*/?*",
      ])
    let video = try #require(components.firstIndex { $0.comment == "route video: /channel/video/{clipId}" })
    #expect(components[video].path == "/channel/video/?*")
    #expect(components[video - 1].path == "/channel/video/?*/?*")
    #expect(detail.paths == components.compactMap { ($0.exclude == true ? "NOT " : "") + ($0.path ?? "") })
    #expect(document.webCredentials?.apps == ["ABCDE12345.com.example.app"])
    let diagnostics = AASAValidator().validate(data: document.jsonData())
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(try generator.document(includeLegacyPaths: false).appLinks?.details.first?.paths == nil)
  }

  @Test("Consistency: every sample opens, unrouted paths do not, widenings are reported apart")
  func consistency() throws {
    let shapes = try Self.shapes()
    let document = try AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], shapes: shapes).document()
    let report = AASAConsistencyCheck(shapes: shapes).run(on: document)
    #expect(report.isConsistent, "\(report)")
    let routed = report.checks.filter { $0.kind == .routedSample }.map(\.path)
    #expect(routed.contains("/users/0"))
    #expect(routed.contains("/share/5A3E0000-0000-4000-8000-000000000001"))
    #expect(routed.contains("/docs"))
    #expect(routed.contains("/files/a/b"))
    #expect(routed.contains("/caf%C3%A9/menu"))
    let unrouted = report.checks.filter { $0.kind == .unroutedPath }.map(\.path)
    for path in [
      "/definitely-not-routed", "/channel/video", "/users", "/share", "/files", "/caf%C3%A9",
      "/channel/video/sample/extra", "/users/0/extra", "/caf%C3%A9/menu/extra", "/channel/not-video/sample",
      "/files", "/search/extra",
    ] {
      #expect(unrouted.contains(path), "\(path)")
    }
    let widenings = report.checks.filter { $0.kind == .widening }
    #expect(widenings.map(\.path) == ["/users/x", "/share/ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ"])
    #expect(widenings.allSatisfy { $0.result.opensApp })
  }

  @Test("Consistency catches a hand-written file that lets too much or too little through")
  func inconsistency() throws {
    let shapes = [try RoutePathShape(name: "video", template: "/channel/video/{clipId}")]
    let tooWide = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(appIDs: ["ABCDE12345.a.b"], components: [AASAComponent(path: "/channel/*")])
      ])
    )
    let wide = AASAConsistencyCheck(shapes: shapes).run(on: tooWide)
    #expect(!wide.isConsistent)
    #expect(
      wide.failures.map(\.path) == [
        "/channel/video/sample/extra", "/channel/video", "/channel/not-video/sample",
      ])
    let tooNarrow = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(appIDs: ["ABCDE12345.a.b"], components: [AASAComponent(path: "/channel/video/????")])
      ])
    )
    let narrow = AASAConsistencyCheck(shapes: shapes).run(on: tooNarrow)
    #expect(narrow.failures.map(\.path) == ["/channel/video/sample"])
    #expect(narrow.description.contains("FAIL routed /channel/video/sample (video): none"))
  }

  @Test(
    "Route shapes decide which paths they route, segment by segment",
    arguments: [
      ("/users/{id:int}", "/users/-7", true), ("/users/{id:int}", "/users/7a", false),
      ("/users/{id:int}", "/users/+7", false), ("/users/{id}", "/users/a%2Fb", true),
      ("/users/{id}", "/users/a/b", false),
      ("/files/{p+}", "/files", false), ("/files/{p+}", "/files/x/y", true), ("/docs/{p*}", "/docs", true),
      ("/share/{t:uuid}", "/share/3f2504e0-4f89-41d3-9a0c-0305e82c3301", true),
      ("/share/{t:uuid}", "/share/x", false),
      ("/café", "/caf%C3%A9", true), ("/", "/", true), ("/", "/x", false),
    ])
  func routes(template: String, path: String, expected: Bool) throws {
    #expect(try RoutePathShape(name: "r", template: template).routes(path) == expected)
  }
}
