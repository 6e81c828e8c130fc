import Testing

@testable import DeepLinkRouting

/// The work of one link follows the link, not the table: counted (nodes entered, routes whose query
/// was checked), never timed. The timings are in `deeplink-bench --bounds`.
@Suite("Router: work per link is bounded by the link")
struct RouterWorkBoundTests {
  /// Every mix of `1`, `{x:int}` and `{x}` over `depth` segments, then `/end`.
  static func backtrackingTable(depth: Int) -> RouteTable {
    var patterns = [""]
    for position in 0..<depth {
      patterns = patterns.flatMap { prefix in
        ["/1", "/{x\(position):int}", "/{x\(position)}"].map { prefix + $0 }
      }
    }
    return RouteTable(
      schemes: ["app"],
      routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element + "/end") })
  }

  @Test(arguments: [4, 6, 8])
  func aFailingLinkOnABacktrackingTableCostsAboutAsMuchAsAMatchingOne(depth: Int) throws {
    let router = try Router(Self.backtrackingTable(depth: depth))
    let ones = String(repeating: "/1", count: depth)
    let matching = try router.searchWork("app:" + ones + "/end")
    #expect(matching.route != nil)
    #expect(router.table.routes[try #require(matching.route)].name == "r0")
    for failing in [
      "app:" + ones + "/nope", "app:" + ones, "app:" + ones + "/end/more", "app:/1/x/1/1/1/1/1/1/zz",
    ] {
      let work = try router.searchWork(failing)
      #expect(work.route == nil, "\(failing)")
      // Without remembering failed shapes this is 3^depth nodes and more.
      #expect(work.nodes <= 2 * (depth + 2), "\(failing) entered \(work.nodes) nodes")
      #expect(work.nodes <= 10 * matching.nodes)
    }
    // Backtracking still finds the right route: a typed second segment only.
    let mixed = try #require(
      try router.match("app:/1/a" + String(repeating: "/7", count: depth - 2) + "/end"))
    #expect(mixed.parameters.string("x1") == "a")
    #expect(mixed.parameters.int("x2") == 7)
  }

  @Test func routesDifferingOnlyInQueryKeysAreLookedUpByKey() throws {
    let count = 2_000
    var routes = (0..<count).map { RouteDefinition("k\($0)", "/p?key\($0)={v}") }
    routes.append(RouteDefinition("typed", "/p?key7={v:int}"))
    routes.append(RouteDefinition("pair", "/p?key1={a}&key2={b:int}"))
    routes.append(RouteDefinition("plain", "/p?other={o:int?}"))
    routes.append(RouteDefinition("zbare", "/p"))
    let router = try Router(RouteTable(schemes: ["app"], routes: routes))
    let cases: [(String, String?)] = [
      ("app:/p?key1999=x", "k1999"),
      ("app:/p?key7=12", "typed"),
      ("app:/p?key7=twelve", "k7"),
      ("app:/p?key1=a&key2=3", "pair"),
      ("app:/p?key2=a&key1=b", "k1"),
      // "plain" and "zbare" require nothing: the name decides, unless "plain" refuses its typed item.
      ("app:/p?zzz=1", "plain"),
      ("app:/p?other=abc", "zbare"),
      ("app:/p?other=5", "plain"),
      ("app:/p?key5=", "plain"),
      ("app:/p", "plain"),
    ]
    for (link, expected) in cases {
      let work = try router.searchWork(link)
      #expect(work.route.map { router.table.routes[$0].name } == expected, "\(link)")
      // Only the routes the link's own keys name are checked, never the 2,000 routes at the node.
      #expect(work.routeChecks <= 4, "\(link) checked \(work.routeChecks) routes")
    }
    // Without the bare route, a link naming no key matches nothing after checking nothing.
    let noFallback = try Router(RouteTable(schemes: ["app"], routes: Array(routes.prefix(count))))
    let work = try noFallback.searchWork("app:/p?unknown=1&another=2")
    #expect(work.route == nil)
    #expect(work.routeChecks == 0)
  }

  @Test func queryIndexKeepsTheOrderAndTheTrailingSlashWhenStrict() throws {
    var routes = (0..<20).map { RouteDefinition("k\($0)", "/p?key\($0)={v}") }
    routes.append(RouteDefinition("slash", "/p/?key3={v:int}"))
    routes.append(RouteDefinition("bareSlash", "/p/"))
    routes.append(RouteDefinition("bare", "/p"))
    routes.append(RouteDefinition("optional", "/p?o={v:uuid?}"))
    let router = try Router(
      RouteTable(schemes: ["app"], options: .init(strictTrailingSlash: true), routes: routes))
    let cases: [(String, String?)] = [
      ("app:/p/?key3=4", "slash"),
      ("app:/p?key3=4", "k3"),
      ("app:/p/?key3=x", "bareSlash"),
      ("app:/p/?key4=x", "bareSlash"),
      ("app:/p?key4=x", "k4"),
      // "bare" and "optional" both accept: the name decides, as for any two routes that tie.
      ("app:/p", "bare"),
      ("app:/p?o=nope", "bare"),
    ]
    for (link, expected) in cases {
      #expect(try router.match(link)?.route == expected, "\(link)")
    }
  }

  @Test func aRouteWithManyOptionalItemsChecksTheLinksItemsOnly() throws {
    let items = (0..<20_000).map { "o\($0)={v\($0):int?}" }.joined(separator: "&")
    let router = try Router(
      RouteTable(schemes: ["app"], routes: [RouteDefinition("many", "/p?" + items + "&need={n}")]))
    let query = (0..<127).map { "o\($0 * 100)=\($0)" }.joined(separator: "&")
    let match = try #require(try router.match("app:/p?need=x&" + query))
    #expect(match.route == "many")
    #expect(match.parameters.int("v12600") == 126)
    #expect(match.parameters.int("v0") == 0)
    #expect(match.parameters.string("n") == "x")
    #expect(match.query.isEmpty)
    #expect(try router.match("app:/p?" + query) == nil)  // the required item is missing
    #expect(try router.match("app:/p?need=x&o19999=nine") == nil)  // a typed item that does not fit
    #expect(try router.match("app:/p?need=x&o19999=") != nil)  // empty counts as absent
  }
}
