import DeepLinkRouting
import Foundation
import Testing

@testable import UniversalLinks

/// One suite every piece of the route language plugs into: a route `/x/PIECE/detail` alone in a
/// table, links it matches (with their values) and segments it refuses. For each piece the suite
/// checks the whole life of the link: the router matches it with those values and builds the same link
/// back; a refused segment matches nothing and is explained at that segment with the piece's own code;
/// a link that stops before the piece is explained as too short by that route; the association file
/// opens every link the route matches and opens a refused one only when it lists a widening for the
/// route, and so do the Android filters and nginx's location regex.
///
/// A new piece is one more row.
@Suite("Every piece of the route language, end to end")
struct PieceConformanceTests {
  /// One piece and what it does with a segment.
  struct Piece: Sendable, CustomTestStringConvertible {
    var name: String
    /// The piece as a pattern writes it, the middle of `/x/PIECE/detail`.
    var pattern: String
    /// Segments (as a link writes them) the piece takes, with the values the route then holds.
    var matches: [(segment: String, values: [String: ParameterValue])]
    /// Segments the piece refuses, with the near-miss code that says so.
    var refuses: [(segment: String, code: ErrorCode<NearMiss>)]

    var testDescription: String { name }
  }

  static let kinds = ["sku": ValueKind(characters: "A-Z0-9-", minLength: 3, maxLength: 12)]
  static let token = "7D444840-9DC0-11D1-B245-5FFDCE74FAD2"

  static let pieces: [Piece] = [
    Piece(
      name: "literal", pattern: "video", matches: [("video", [:])],
      refuses: [("videos", .expectedLiteral), ("Video", .expectedLiteral)]),
    Piece(
      name: "int", pattern: "{id:int}", matches: [("42", ["id": .int(42)]), ("-7", ["id": .int(-7)])],
      refuses: [("4x", .expectedType), ("1.5", .expectedType)]),
    Piece(
      name: "uuid", pattern: "{token:uuid}",
      matches: [(token, ["token": UUID(uuidString: token).map(ParameterValue.uuid) ?? .string(token)])],
      refuses: [("not-a-uuid", .expectedType)]),
    Piece(
      name: "bool", pattern: "{on:bool}", matches: [("true", ["on": .bool(true)])],
      refuses: [("maybe", .expectedType)]),
    Piece(
      name: "plain", pattern: "{name}",
      matches: [("a%20b", ["name": .string("a b")]), ("caf%C3%A9", ["name": .string("café")])], refuses: []),
    Piece(
      name: "value set", pattern: "{section:(general|privacy)}",
      matches: [("general", ["section": .string("general")]), ("privacy", ["section": .string("privacy")])],
      refuses: [("about", .expectedMember)]),
    Piece(
      name: "template", pattern: "wire-{code:int}",
      matches: [("wire-12", ["code": .int(12)])],
      refuses: [("wire-x", .expectedTemplate), ("12", .expectedTemplate)]),
    Piece(
      name: "template of two values", pattern: "{user}@{domain}",
      matches: [("ana@example.org", ["user": .string("ana"), "domain": .string("example.org")])],
      refuses: [("ana", .expectedTemplate)]),
    Piece(
      name: "kind", pattern: "{code:sku}", matches: [("AB-12", ["code": .string("AB-12")])],
      refuses: [("ab", .expectedKind), ("A", .expectedKind)]),
    Piece(
      name: "int in a range", pattern: "{month:int(1...12)}",
      matches: [("1", ["month": .int(1)]), ("12", ["month": .int(12)])],
      refuses: [("13", .expectedKind), ("0", .expectedKind), ("may", .expectedKind)]),
    Piece(
      name: "decimal in a range", pattern: "{lat:decimal(-90...90)}",
      matches: [("-12.5", ["lat": .decimal(-12.5)]), ("90", ["lat": .decimal(90)])],
      refuses: [("90.5", .expectedKind), ("-91", .expectedKind)]),
    Piece(
      name: "text in lower case", pattern: "{section:string(lower)}",
      matches: [("newtab", ["section": .string("newtab")]), ("a%20b", ["section": .string("a b")])],
      refuses: []),
    Piece(
      name: "value set in lower case", pattern: "{section:(newtab|general)(lower)}",
      matches: [("newtab", ["section": .string("newtab")]), ("general", ["section": .string("general")])],
      refuses: [("about", .expectedKind)]),
    Piece(
      name: "middle catch-all, one or more", pattern: "{rest+}",
      matches: [("a", ["rest": .segments(["a"])]), ("a/b%2Fc", ["rest": .segments(["a", "b/c"])])],
      refuses: []),
    Piece(
      name: "middle catch-all, zero or more", pattern: "{rest*}",
      matches: [("a/b", ["rest": .segments(["a", "b"])])], refuses: []),
    Piece(
      name: "typed catch-all", pattern: "{ids:int+}",
      matches: [("1", ["ids": .segments(["1"])]), ("-2/30", ["ids": .segments(["-2", "30"])])],
      refuses: [("x", .expectedRun), ("1/x", .expectedRun)]),
    Piece(
      name: "catch-all of a kind", pattern: "{codes:sku*}",
      matches: [("AB-1/CD-22", ["codes": .segments(["AB-1", "CD-22"])])],
      refuses: [("ab", .expectedRun)]),
    Piece(
      name: "catch-all of a range", pattern: "{months:int(1...12)+}",
      matches: [("1/12", ["months": .segments(["1", "12"])])],
      refuses: [("13", .expectedRun), ("1/0", .expectedRun)]),
  ]

  /// The router of `/x/PIECE/detail`, with a sibling route so that a refused segment has a
  /// neighbour and the piece is tried among others.
  static func router(_ piece: Piece) throws -> Router {
    try Router(
      RouteTable(
        schemes: ["myapp"], hosts: ["example.com"], kinds: kinds,
        routes: [RouteDefinition("r", "/x/\(piece.pattern)/detail"), RouteDefinition("home", "/")]))
  }

  @Test("the router matches, builds back and explains", arguments: pieces)
  func routing(_ piece: Piece) throws {
    let router = try Self.router(piece)
    for (segment, values) in piece.matches {
      let link = "https://example.com/x/\(segment)/detail"
      let match = try #require(try router.match(link), "\(link)")
      #expect(match.route == "r")
      #expect(match.parameters.dictionary == values, "\(link)")
      #expect(try router.urlString(for: "r", match.parameters) == link)
      #expect(try router.match("myapp://x/\(segment)/detail")?.parameters.dictionary == values)
    }
    for (segment, code) in piece.refuses {
      let link = "https://example.com/x/\(segment)/detail"
      #expect(try router.match(link) == nil, "\(link)")
      let miss = try #require(try router.explain(link), "\(link)")
      // The near miss names the segment at fault: in each refused text, its last segment.
      let atFault = segment.split(separator: "/")
      #expect(miss.route == "r" && miss.code == code && miss.segment == atFault.count, "\(link): \(miss)")
      #expect(miss.found == atFault.last.map(String.init), "\(link): \(miss)")
    }
    // A link that stops before the piece names the route and what it goes on with.
    let short = try #require(try router.explain("https://example.com/x"))
    #expect(short.route == "r" && short.code == .tooFewSegments, "\(short)")
    #expect(short.expected == "\(piece.pattern)/detail")
  }

  @Test("the association file, the Android filters and nginx open what the route opens", arguments: pieces)
  func serverFiles(_ piece: Piece) throws {
    let router = try Self.router(piece)
    let aasa = AASAGenerator(appIDs: ["ABCDE12345.com.example.app"], router: router)
    let matcher = AASAMatcher(document: try aasa.document(includeLegacyPaths: false))
    let android = AndroidIntentFilterGenerator(router: router)
    let shapes = RoutePathShape.shapes(from: router)
    let regex = try NSRegularExpression(pattern: NginxConfiguration.locationRegex(for: shapes[0]))
    func nginxRoutes(_ path: String) -> Bool {
      let decoded = path.removingPercentEncoding ?? path
      return regex.firstMatch(in: decoded, range: NSRange(decoded.startIndex..., in: decoded)) != nil
    }
    for (segment, _) in piece.matches {
      let path = "/x/\(segment)/detail"
      #expect(try matcher.match(path).opensApp, "AASA: \(path)")
      #expect(android.filters.contains { $0.opens("https://example.com" + path) }, "Android: \(path)")
      #expect(android.filters.contains { $0.opens("myapp://x/\(segment)/detail") }, "Android: myapp \(path)")
      #expect(nginxRoutes(path), "nginx: \(path)")
    }
    for (segment, _) in piece.refuses {
      let path = "/x/\(segment)/detail"
      if try matcher.match(path).opensApp {
        #expect(aasa.widenings.contains { $0.route == "r" }, "AASA opens \(path) and lists no widening")
      }
      if android.filters.contains(where: { $0.opens("https://example.com" + path) }) {
        #expect(android.widenings.contains { $0.route == "r" }, "Android opens \(path) and lists no widening")
      }
    }
    // The route's own shape is the pattern's: one reader of the syntax.
    #expect(shapes[0].description == "/x/\(piece.pattern)/detail")
  }
}
