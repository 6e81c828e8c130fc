import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Apple ignores an apple-app-site-association file over 128 KB, so the generator writes the file
/// within that size when the rules allow it, and otherwise refuses to write it.
@Suite("Generated files stay within what Apple reads")
struct AASAFileSizeTests {
  static let appID = "ABCDE12345.com.example.app"

  /// `count` routes of five kinds (plain, typed, query, catch-all, UUID), each under its own literal;
  /// `padding` lengthens every literal.
  static func table(routes count: Int, padding: Int = 0) -> RouteTable {
    let pad = String(repeating: "x", count: padding)
    let kinds = [
      "/shop/category{i}\(pad)/{slug}/reviews/{reviewId:int}", "/channel{i}\(pad)/video/{clipId}",
      "/articles/topic{i}\(pad)/{year:int}/{slug}?ref={ref}", "/files{i}\(pad)/{path*}",
      "/user{i}\(pad)/{id:uuid}/posts/{postId}",
    ]
    return RouteTable(
      schemes: ["myapp"], hosts: ["example.com"],
      routes: (0..<count).map { index in
        RouteDefinition(
          "r\(index)", kinds[index % kinds.count].replacingOccurrences(of: "{i}", with: "\(index)"))
      })
  }

  @Test func aFileThatFitsIsPrettyPrintedWithItsComments() throws {
    let generator = AASAGenerator(appIDs: [Self.appID], router: try Router(Self.table(routes: 20)))
    #expect(try generator.fileData() == generator.document().jsonData())
    #expect(
      try generator.fileData(includeLegacyPaths: false)
        == generator.document(includeLegacyPaths: false).jsonData())
  }

  /// 450 routes give 246 KB pretty-printed: the file is written compactly, without comments, and
  /// decides every link as the full document does.
  @Test func a450RouteFileIsWrittenWithinTheLimitAndDecidesTheSame() throws {
    let generator = AASAGenerator(appIDs: [Self.appID], router: try Router(Self.table(routes: 450)))
    let full = try generator.document()
    #expect(full.jsonData().count > AASAValidator.maximumFileSize)
    let data = try generator.fileData()
    #expect(data.count <= AASAValidator.maximumFileSize, "\(data.count) bytes")
    let findings = AASAValidator().validate(data: data)
    #expect(findings.filter { $0.severity != .note }.isEmpty, "\(findings.prefix(3))")
    let written = try AASADocument(jsonData: data)
    #expect(AASAConsistencyCheck(shapes: generator.shapes).run(on: written).isConsistent)
    let small = AASAMatcher(document: written)
    let big = AASAMatcher(document: full)
    for shape in generator.shapes {
      for link in [shape.sampleLink, shape.samplePath + "/extra", shape.samplePath + "x"] {
        #expect(try small.match(link) == big.match(link), "\(link)")
      }
    }
  }

  /// Routes whose rules are the same (`/n/{id:int}` and `/n/{word}` are both `/n/?*` to AASA) share one
  /// rule, whose comment names both; the later copy could never decide.
  @Test func identicalRulesAreWrittenOnce() throws {
    let generator = try AASAGenerator(
      appIDs: [Self.appID],
      table: RouteTable(
        hosts: ["example.com"],
        routes: [RouteDefinition("num", "/n/{id:int}"), RouteDefinition("word", "/n/{word}")]))
    let components = try generator.components()
    #expect(components.map(\.path) == ["/n/?*/?*", "/n/?*"])
    #expect(components.map(\.exclude) == [true, nil])
    #expect(
      components.map(\.comment) == [
        "route num: more segments than /n/{id:int}; route word: more segments than /n/{word}",
        "route num: /n/{id:int}; route word: /n/{word}",
      ])
    #expect(try generator.legacyPaths() == ["NOT /n/?*/?*", "/n/?*"])
    let findings = AASAValidator().validate(data: try generator.fileData())
    #expect(findings.isEmpty, "\(findings)")
  }

  @Test func aFileThatCannotFitIsAnErrorWithItsSizeAndTheLimit() throws {
    let generator = AASAGenerator(
      appIDs: [Self.appID], router: try Router(Self.table(routes: 1500, padding: 40)))
    let error = try #require(throws: AASAGenerationError.self) { try generator.fileData() }
    #expect(error.code == .fileTooLarge)
    #expect(error.code.description == "file-too-large")
    let size = try #require(error.size)
    #expect(size > AASAValidator.maximumFileSize)
    #expect(error.limit == AASAValidator.maximumFileSize)
    #expect(error.route == nil)
    #expect(
      error.description
        == "the apple-app-site-association file would be \(size) bytes, written compactly without comments; Apple ignores files over 131072 bytes (128 KB), so no link would open the app"
    )
  }

  @Test func eachCodeKeepsItsIdentifierAndItsDetails() {
    let inexpressible = AASAGenerationError.inexpressible(route: "odd", piece: "a*b", detail: "a wildcard")
    #expect(inexpressible.code == .inexpressible)
    #expect(inexpressible.code.description == "inexpressible")
    #expect(inexpressible.route == "odd")
    #expect(inexpressible.piece == "a*b")
    #expect(inexpressible.detail == "a wildcard")
    #expect(inexpressible.size == nil && inexpressible.limit == nil)
    #expect(
      inexpressible.description
        == #"route odd: "a*b" cannot be expressed in apple-app-site-association: a wildcard"#)
    let tooLarge = AASAGenerationError.fileTooLarge(size: 140_000, limit: 131_072)
    #expect(tooLarge.code == .fileTooLarge)
    #expect(tooLarge.route == nil && tooLarge.piece == nil && tooLarge.detail == nil)
    #expect(tooLarge.size == 140_000 && tooLarge.limit == 131_072)
    #expect(inexpressible.code != tooLarge.code)
  }
}
