import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// The hash-routed links of Element, the Matrix web client (github.com/element-hq/element-web), ported
/// to a route file: `ElementWeb.routes.json` holds the links its permalink code writes and reads.
///
/// Facts from its sources: `src/utils/permalinks/ElementPermalinkConstructor.ts` writes a self-hosted
/// client's links as `<prefix>/#/room/<room id or alias>`, `<prefix>/#/room/<room id>/<event id>`
/// (each with `?via=<server>` items inside the fragment) and `<prefix>/#/user/<user id>`, and reads
/// back the event id as the rest of the fragment's path joined by `/` (event ids may hold `/`);
/// `test/unit-tests/utils/permalinks/Permalinks-test.ts` holds the matrix.to links
/// (`https://matrix.to/#/<id>`, the id's sigil `!`, `#` or `@` telling rooms, aliases and users apart)
/// and the self-hosted prefix `https://element.fs.tld` its rows use. Parameters keep the names of the
/// app's `PermalinkParts` (`roomIdOrAlias`, `eventId`, `userId`, `viaServers` read as `via`).
@Suite("Router port: Element web")
struct ElementWebRouterPortTests {
  static let file = "ElementWeb"

  /// Every route but the home page reads the fragment; the client's and matrix.to's routes are
  /// scoped to their host.
  static let routeNeeds: [String: Set<Piece>] = [
    "home": [], "room": [.fragment, .hostScope], "event": [.fragment, .hostScope],
    "user": [.fragment, .hostScope], "matrixToRoom": [.fragment, .hostScope],
    "matrixToEvent": [.fragment, .hostScope], "matrixToUser": [.fragment, .hostScope],
  ]

  static let needs: Set<Piece> = [.fragment, .hostScope]
  static let test = "test/unit-tests/utils/permalinks/Permalinks-test.ts"
  static let constructor = "src/utils/permalinks/ElementPermalinkConstructor.ts"

  static let rows: [PortRow] = [
    PortRow(
      url: "https://matrix.to/#/!room_id:server?via=some.org", route: "matrixToRoom",
      values: ["roomIdOrAlias": .text("!room_id:server"), "via": .text("some.org")], needs: needs,
      source: "\(test): should correctly parse room permalinks with a via argument"),
    PortRow(
      url: "https://matrix.to/#/!room_id:server?via=foo.bar&via=bar.foo", route: "matrixToRoom",
      values: ["roomIdOrAlias": .text("!room_id:server"), "via": .text("foo.bar")], needs: needs,
      source: "\(test): should correctly parse room permalink via arguments",
      difference: "a route reads the first value of a query item: the app lists both servers"),
    PortRow(
      url: "https://matrix.to/#/!room_id:server/$event_id/some_thing_here/foobar?via=m1.org&via=m2.org",
      route: "matrixToEvent",
      values: [
        "roomIdOrAlias": .text("!room_id:server"),
        "eventId": .segments(["$event_id", "some_thing_here", "foobar"]), "via": .text("m1.org"),
      ], needs: needs,
      source: "\(test): should correctly parse event permalink via arguments",
      difference: "the event id is its segments (the app joins them with '/'); the first via only"),
    PortRow(
      url: "http://matrix.to/#/@user:example.com", route: "matrixToUser",
      values: ["userId": .text("user:example.com")], needs: needs,
      source: "\(test): should correctly parse permalinks with http protocol",
      difference: "the segment template @{userId} reads the id without its sigil"),
    PortRow(
      url: "matrix.to/#/@user:example.com", route: nil, needs: needs,
      source: "\(test): should correctly parse permalinks without protocol",
      difference: "a link without a scheme is relative, refused as every relative link is"),
    PortRow(
      url: "https://matrix.to/#/#somewhere:example.org", route: "matrixToRoom",
      values: ["roomIdOrAlias": .text("#somewhere:example.org")], needs: needs,
      source: "\(test): should generate a room permalink for room aliases with no candidate servers"),
    PortRow(
      url: "https://matrix.to/#/!somewhere:example.org/$something:example.com?via=first&via=second",
      route: "matrixToEvent",
      values: [
        "roomIdOrAlias": .text("!somewhere:example.org"), "eventId": .segments(["$something:example.com"]),
        "via": .text("first"),
      ], needs: needs,
      source: "\(test): should generate an event permalink for room IDs with some candidate servers",
      difference: "a route reads the first value of a query item"),
    PortRow(
      url: "https://matrix.to/#/@someone:example.org", route: "matrixToUser",
      values: ["userId": .text("someone:example.org")], needs: needs,
      source: "\(test): should generate a user permalink",
      difference: "the segment template @{userId} reads the id without its sigil"),
    PortRow(
      url: "https://element.fs.tld/#/user/@someone:example.org", route: "user",
      values: ["userId": .text("@someone:example.org")], needs: needs,
      source: "\(test): should use permalink_prefix for permalinks"),
    PortRow(
      url: "https://element.fs.tld/#/room/#somewhere:example.org?via=first", route: "room",
      values: ["roomIdOrAlias": .text("#somewhere:example.org"), "via": .text("first")], needs: needs,
      source: "\(constructor): forRoom"),
    PortRow(
      url: "https://element.fs.tld/#/room/!somewhere:example.org/$something:example.com", route: "event",
      values: [
        "roomIdOrAlias": .text("!somewhere:example.org"), "eventId": .segments(["$something:example.com"]),
      ], needs: needs, source: "\(constructor): forEvent"),
    // The client's own page: a fragment that is not one of its routes is the home page's.
    PortRow(url: "https://element.fs.tld/#/welcome", route: "home", source: "\(constructor): parseAppRoute"),
    PortRow(url: "https://element.fs.tld/", route: "home", source: "\(constructor): parseAppRoute"),
  ]

  static func router() throws -> Router {
    try Router(RouterPort.table(file, routeNeeds: routeNeeds))
  }

  @Test("links of the app's permalink code that main routes today", arguments: rows.filter(\.needs.isEmpty))
  func routedToday(_ row: PortRow) throws {
    RouterPort.check(row, with: try Self.router())
  }

  @Test(
    "links of the app's permalink code that wait for pieces of the grammar plan",
    arguments: rows.filter { !$0.needs.isEmpty })
  func waitingForPieces(_ row: PortRow) throws {
    RouterPort.checkOrWait(row, with: try Self.router())
  }

  /// The links the package builds are the ones the app writes (`forUser`, `forRoom`).
  @Test func linksBuildAsTheAppWritesThem() throws {
    let router = try Router(RouteTable(json: RouterPort.fileData(Self.file)))
    #expect(
      try router.urlString(for: "user", ["userId": .string("@someone:example.org")])
        == "https://element.fs.tld/#/user/@someone:example.org")
    #expect(
      try router.urlString(
        for: "room", ["roomIdOrAlias": .string("!r:example.org"), "via": .string("first")])
        == "https://element.fs.tld/#/room/!r:example.org?via=first")
  }

  @Test func routeFileAndRowsAgree() throws {
    try RouterPort.checkConsistency(Self.file, rows: Self.rows, routeNeeds: Self.routeNeeds)
    RouterPort.checkMergedPiecesArePresent()
  }
}
