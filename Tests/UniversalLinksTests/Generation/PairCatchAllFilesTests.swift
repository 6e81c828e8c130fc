import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// Pair catch-alls in the server files: no association file, intent filter or location counts
/// segments in pairs, so each states the piece as its catch-all and lists the widening `pairs-text`
/// with a link the file lets through that the route refuses.
@Suite("Pair catch-alls in the server files")
struct PairCatchAllFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static let router = Result {
    try Router(
      RouteTable(
        hosts: ["chat.example"],
        routes: [
          RouteDefinition("narrow", "/narrow/{terms:pairs(channel:int|near:int)*}"),
          RouteDefinition("search", "/search/{terms:pairs+}/page/{page:int}"),
        ]))
  }

  @Test func theAssociationFileStatesTheCatchAllAndListsTheWidening() throws {
    let generator = AASAGenerator(appIDs: [Self.appID], router: try Self.router.get())
    let shapes = RoutePathShape.shapes(from: try Self.router.get())
    // The shape is written as the pattern, and its pieces state the catch-all.
    #expect(shapes[0].description == "/narrow/{terms:pairs(channel:int|near:int)*}")
    #expect(shapes[0].pieces.last == .zeroOrMore(name: "terms"))
    let pattern = try AASAGenerator.pathPattern(for: shapes[0])
    #expect(pattern == "/narrow/*", "\(pattern)")
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/narrow/channel/42/topic/lunch").opensApp)
    #expect(try matcher.match("/search/is/starred/page/2").opensApp)
    let widenings = generator.widenings.filter { $0.kind == .pairsText }
    #expect(widenings.map(\.route) == ["narrow", "search"])
    #expect(widenings.map(\.example) == ["/narrow/odd", "/search/odd/page/0"])
    let router = try Self.router.get()
    for widening in widenings {
      #expect(widening.reason.contains("{\(widening.parameter)}"))
      #expect(try matcher.match(widening.example).opensApp)
      // The file opens the app for the link; the router takes it nowhere.
      #expect(try router.match("https://chat.example" + widening.example) == nil)
    }
  }

  @Test func theNginxLocationTakesTheSegmentsAsTheCatchAll() throws {
    let shapes = RoutePathShape.shapes(from: try Self.router.get())
    #expect(NginxConfiguration.locationRegex(for: shapes[0]) == #"^/narrow(/.*)?/?$"#)
  }
}
