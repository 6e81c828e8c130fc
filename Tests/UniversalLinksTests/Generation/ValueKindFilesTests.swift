import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// App-defined kinds walked through the server files: the association file states a kind's prefix
/// (`%23*`) and lists what it cannot say as the widening `kind-text`, with a link it lets through that
/// the route refuses; the nginx location states the kind exactly.
@Suite("App-defined kinds in the server files")
struct ValueKindFilesTests {
  static let appID = "ABCDE12345.com.example.app"

  static let router = Result {
    try Router(
      RouteTable(
        hosts: ["example.com"],
        kinds: [
          "sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12),
          "alias": ValueKind(characters: "a-z0-9._=-:", prefix: "#"),
        ],
        routes: [
          RouteDefinition("product", "/p/{code:sku}"),
          RouteDefinition("room", "/m/{room:alias}"),
          RouteDefinition("track", "/track?ref={code:sku}"),
        ]))
  }

  @Test func theAssociationFileSaysThePrefixAndListsTheWidening() throws {
    let generator = AASAGenerator(appIDs: [Self.appID], router: try Self.router.get())
    let shapes = RoutePathShape.shapes(from: try Self.router.get())
    #expect(try AASAGenerator.pathPattern(for: shapes[0]) == "/p/?*")
    #expect(try AASAGenerator.pathPattern(for: shapes[1]) == "/m/%23*")
    let document = try generator.document(includeLegacyPaths: false)
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/p/ABC-123").opensApp)
    #expect(try matcher.match("/m/%23room:example.org").opensApp)
    // What AASA cannot say: the characters and the lengths.
    let widenings = generator.widenings.filter { $0.kind == .kindText }
    #expect(widenings.map(\.route) == ["product", "room"])
    #expect(widenings.map(\.example) == ["/p/!", "/m/%23!"])
    for widening in widenings {
      #expect(widening.reason.contains("{\(widening.parameter)}"))
      #expect(try matcher.match(widening.example).opensApp)
      #expect(!shapes.contains { $0.routes(widening.example) })
    }
    // A kind in the query is required as its key, and its values are a widening as a set's are.
    #expect(generator.widenings.contains { $0.route == "track" && $0.kind == .queryRule })
    #expect(AASAConsistencyCheck(shapes: shapes).run(on: document).isConsistent)
  }

  @Test func theNginxLocationStatesTheKind() throws {
    let shapes = RoutePathShape.shapes(from: try Self.router.get())
    // Letters and digits as they are, every other character as a hex escape.
    #expect(
      NginxConfiguration.locationRegex(for: shapes[0])
        == #"^/p/[\x2D0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ]{3,12}/?$"#)
    let regex = try NSRegularExpression(pattern: NginxConfiguration.locationRegex(for: shapes[1]))
    func accepts(_ path: String) -> Bool {
      regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(accepts("/m/#room:example.org"))
    #expect(!accepts("/m/room"))
    #expect(!accepts("/m/#Room"))
    #expect(!accepts("/m/#"))
  }
}
