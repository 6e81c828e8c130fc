import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Host groups: a list of the table's hosts declared once and named by routes as `@name`, meaning
/// exactly what listing those hosts on the route means; every bad group refused with its place.
@Suite("Host groups")
struct HostGroupTests {
  static let hosts = ["shop.example", "www.shop.example", "m.shop.example", "sellers.example"]
  static let groups = ["shop": ["shop.example", "www.shop.example", "m.shop.example"]]

  static func table(_ shop: [String], _ seller: [String]) -> RouteTable {
    RouteTable(
      schemes: ["shop"], hosts: hosts, hostGroups: groups,
      routes: [
        RouteDefinition("product", "/p/{id:int}", hosts: shop),
        RouteDefinition("sellerProduct", "/p/{id:int}", hosts: ["sellers.example"]),
        RouteDefinition("seller", "/seller/{slug}", hosts: seller),
        RouteDefinition("home", "/"),
      ])
  }

  static let grouped = table(["@shop"], ["sellers.example", "@shop"])
  static let listed = table(
    ["shop.example", "www.shop.example", "m.shop.example"],
    ["sellers.example", "shop.example", "www.shop.example", "m.shop.example"])

  @Test func aGroupMatchesAndBuildsAsItsHostsDo() throws {
    let grouped = try Router(Self.grouped)
    let listed = try Router(Self.listed)
    let links = [
      "https://www.shop.example/p/1", "https://m.shop.example/p/1", "https://sellers.example/p/1",
      "https://sellers.example/seller/ana", "https://shop.example/seller/ana", "shop://p/1",
      "shop://seller/a",
    ]
    for link in links {
      #expect(try grouped.match(link) == listed.match(link), "\(link)")
      #expect(try grouped.explain(link) == listed.explain(link), "\(link)")
    }
    #expect(try grouped.match("https://m.shop.example/p/1")?.route == "product")
    #expect(try grouped.match("https://sellers.example/p/1")?.route == "sellerProduct")
    for route in ["product", "seller"] {
      let values: RouteParameters = route == "product" ? ["id": .int(1)] : ["slug": .string("ana")]
      #expect(try grouped.urlString(for: route, values) == listed.urlString(for: route, values))
    }
    #expect(try grouped.urlString(for: "product", ["id": .int(1)]) == "https://shop.example/p/1")
  }

  @Test func theRouterReadsTheGroupsHostsSoNothingElseNeedsToKnowOfGroups() throws {
    let router = try Router(Self.grouped)
    #expect(router.table.routes.map(\.hosts) == Self.listed.routes.map(\.hosts))
    #expect(router.table.hostGroups == Self.groups)
    // Built again from its own table, the router is the same.
    #expect(try Router(router.table).table == router.table)
  }

  @Test func aGroupAndItsHostsOnTwoRoutesOfOnePathAreDuplicates() throws {
    var table = Self.grouped
    table.routes.append(RouteDefinition("again", "/p/{id:int}", hosts: ["m.shop.example"]))
    #expect(throws: RouteTableError.self) { try Router(table) }
    do {
      _ = try Router(table)
    } catch {
      #expect(error.code == .ambiguous, "\(error)")
    }
  }

  @Test func theRouteFileDeclaresGroupsOnceAndWritesThemBack() throws {
    let json = """
      {"schemes": ["shop"], "hosts": ["shop.example", "www.shop.example", "m.shop.example", "sellers.example"],
       "hostGroups": {"shop": ["shop.example", "www.shop.example", "m.shop.example"]},
       "routes": [
         {"name": "product", "pattern": "/p/{id:int}", "hosts": ["@shop"]},
         {"name": "sellerProduct", "pattern": "/p/{id:int}", "hosts": ["sellers.example"]},
         {"name": "seller", "pattern": "/seller/{slug}", "hosts": ["sellers.example", "@shop"]},
         {"name": "home", "pattern": "/"}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table == Self.grouped)
    #expect(try RouteTable(json: table.jsonData()) == table)
    #expect(String(decoding: table.jsonData(), as: UTF8.self).contains(#""@shop""#))
  }

  /// The ported route files, each host list of their routes declared once as a group: every link of
  /// the apps' own router tests reaches the same route with the same values.
  @Test(
    arguments: [
      (ElementWebRouterPortTests.file, ElementWebRouterPortTests.routeNeeds, ElementWebRouterPortTests.rows),
      (
        KickstarterRouterPortTests.file, KickstarterRouterPortTests.routeNeeds,
        KickstarterRouterPortTests.rows
      ),
    ])
  func portedTablesWithGroupsRouteEveryLinkAsBefore(
    _ file: String, _ needs: [String: Set<Piece>], _ rows: [PortRow]
  ) throws {
    let listed = try RouterPort.table(file, routeNeeds: needs)
    var grouped = listed
    var names: [[String]: String] = [:]
    for index in grouped.routes.indices {
      guard let hosts = grouped.routes[index].hosts, hosts != ["*"] else { continue }
      let name = names[hosts] ?? "group\(names.count)"
      names[hosts] = name
      grouped.hostGroups[name] = hosts
      grouped.routes[index].hosts = ["@" + name]
    }
    #expect(!grouped.hostGroups.isEmpty)
    let listedRouter = try Router(listed)
    let groupedRouter = try Router(RouteTable(json: grouped.jsonData()))
    #expect(groupedRouter.table.routes == listedRouter.table.routes)
    for row in rows {
      // A refused link is refused alike.
      let grouped = Result { () throws(LinkError) in try groupedRouter.match(row.url) }
      let listed = Result { () throws(LinkError) in try listedRouter.match(row.url) }
      #expect(grouped == listed, "\(row.url)")
    }
  }

  /// Each bad group, in Swift: the code, the location and the words.
  @Test(
    arguments: [
      (["shop": [String]()], [String]?.none, "hostGroups.shop", "holds no host"),
      (["shop": ["shop.example", "evil.example"]], nil, "hostGroups.shop[1]", "'evil.example' is not one"),
      (["shop": ["shop.example", "SHOP.example"]], nil, "hostGroups.shop[1]", "is listed twice"),
      (["shop": ["*"]], nil, "hostGroups.shop[0]", "'*' is not one the table lists"),
      (["@shop": ["shop.example"]], nil, "hostGroups.@shop", "a group's name is letters"),
      (["": ["shop.example"]], nil, "hostGroups.", "a group's name is letters"),
      (["shop": ["shop.example"]], ["@shops"], "routes[0].hosts[0]", "'@shops' names no host group"),
      ([:], ["@shop"], "routes[0].hosts[0]", "the table declares no hostGroups"),
      (["shop": ["shop.example"]], ["*", "@shop"], "routes[0].hosts[1]", "\"*\" (any host) stands alone"),
      (
        ["a": ["shop.example"], "b": ["shop.example"]], ["@a", "@b"], "routes[0].hosts[1]", "group '@b' holds"
      ),
    ])
  func badGroupsAreRefused(
    _ groups: [String: [String]], _ routeHosts: [String]?, _ location: String, _ words: String
  ) {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["shop.example"], hostGroups: groups,
      routes: [RouteDefinition("r", "/r", hosts: routeHosts)])
    do {
      _ = try Router(table)
      Issue.record("built")
    } catch {
      #expect(
        error.code == (location.hasPrefix("hostGroups") ? .invalidHostGroup : .invalidScope), "\(error)")
      #expect(error.location == location, "\(error)")
      #expect(error.description.contains(words), "\(error)")
    }
  }
}
