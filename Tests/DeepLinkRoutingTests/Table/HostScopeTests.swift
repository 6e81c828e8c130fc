import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Routes limited to some hosts or schemes, and routes for any host: which link reaches which route,
/// how they rank at one path, which are duplicates, how they build back, what a near miss says, and
/// every bad scope refused with the route and the entry named.
@Suite("Host and scheme scopes")
struct HostScopeTests {
  static let table = RouteTable(
    schemes: ["shop", "http"], hosts: ["www.shop.example", "clicks.shop.example", "*.cdn.example"],
    routes: [
      RouteDefinition("emailClick", "/{path*}", hosts: ["clicks.shop.example"]),
      RouteDefinition("product", "/p/{id:int}"),
      RouteDefinition("clickProduct", "/p/{id:int}", hosts: ["clicks.shop.example"]),
      RouteDefinition("webOnly", "/web", hosts: nil, schemes: ["https"]),
      RouteDefinition("appOnly", "/app", hosts: nil, schemes: ["shop"]),
      RouteDefinition("plainHTTP", "/legacy", hosts: nil, schemes: ["http"]),
      RouteDefinition("cdn", "/asset/{name}", hosts: ["*.cdn.example"]),
    ])

  static var router: Router { get throws { try Router(table) } }

  @Test func aHostScopedRouteAnswersOnlyItsHosts() throws {
    let router = try Self.router
    #expect(try router.match("https://clicks.shop.example/wf/click?upn=1")?.route == "emailClick")
    #expect(try router.match("https://www.shop.example/wf/click") == nil)
    #expect(try router.match("shop://wf/click") == nil)
    #expect(try router.match("https://img.cdn.example/asset/logo")?.route == "cdn")
    #expect(try router.match("https://www.shop.example/asset/logo") == nil)
  }

  @Test func atEqualPathTheRouteScopedToTheHostWinsThenTheUnscopedOne() throws {
    let router = try Self.router
    #expect(try router.match("https://clicks.shop.example/p/1")?.route == "clickProduct")
    #expect(try router.match("https://www.shop.example/p/1")?.route == "product")
    #expect(try router.match("shop://p/1")?.route == "product")
    // Path specificity comes first: `/p/x` is not an int, so the catch-all of the click host takes it.
    #expect(try router.match("https://clicks.shop.example/p/x")?.route == "emailClick")
  }

  @Test func aSchemeScopedRouteAnswersOnlyItsSchemes() throws {
    let router = try Self.router
    #expect(try router.match("https://www.shop.example/web")?.route == "webOnly")
    #expect(try router.match("shop://web") == nil)
    #expect(try router.match("shop://app")?.route == "appOnly")
    #expect(try router.match("https://www.shop.example/app") == nil)
    #expect(try router.match("http://www.shop.example/legacy")?.route == "plainHTTP")
    #expect(try router.match("https://www.shop.example/legacy") == nil)
  }

  @Test func anUnlistedHostIsStillRefusedWithoutAnAnyHostRoute() throws {
    let router = try Self.router
    do {
      _ = try router.match("https://evil.example/p/1")
      Issue.record("an unlisted host was read")
    } catch {
      #expect(error.code == .unknownHost)
    }
  }

  static let browser = RouteTable(
    schemes: ["browser", "http", "https"],
    routes: [
      RouteDefinition("webPage", "/{path*}", hosts: ["*"], schemes: ["http", "https"]),
      RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target"),
      RouteDefinition("settings", "/settings"),
    ])

  @Test func anAnyHostRouteAnswersHostsTheTableDoesNotList() throws {
    let router = try Router(Self.browser)
    let match = try #require(try router.match("http://google.com?a=1&b=2"))
    #expect(match.route == "webPage")
    #expect(match.parameters["path"] == .segments([]))
    #expect(match.origin == .universalLink(host: "google.com"))
    #expect(try router.match("https://Example.ORG:8443/a/b")?.parameters["path"] == .segments(["a", "b"]))
    #expect(try router.match("browser://settings")?.route == "settings")
    // A custom-scheme link has no host: the any-host route does not take it.
    #expect(try router.match("browser://other") == nil)
    // The host is still read by the rules.
    #expect(throws: LinkError.self) { try router.match("https://user@google.com/") }
    #expect(throws: LinkError.self) { try router.match("https://goo_gle.com/") }
  }

  @Test func anUnscopedRouteDoesNotAnswerAnUnlistedHost() throws {
    let router = try Router(
      RouteTable(
        hosts: ["www.shop.example"],
        routes: [
          RouteDefinition("page", "/x", hosts: ["*"]),
          RouteDefinition("own", "/x"),
          RouteDefinition("only", "/only"),
        ]))
    #expect(try router.match("https://www.shop.example/x")?.route == "own")
    #expect(try router.match("https://other.example/x")?.route == "page")
    #expect(try router.match("https://other.example/only") == nil)
    let miss = try #require(try router.explain("https://other.example/only"))
    #expect(miss.code == .outOfScope)
    #expect(
      miss.description
        == "route 'only': the route answers only hosts the table lists; the link has \"other.example\"")
  }

  @Test func aNestedLinkToAnUnlistedHostIsRefusedEvenBesideAnAnyHostRoute() throws {
    let router = try Router(Self.browser)
    #expect(try router.match("browser://deep-link?url=/settings")?.route == "settings")
    do {
      _ = try router.match("browser://deep-link?url=https%3A%2F%2Fevil.example%2Fx")
      Issue.record("a nested link to an unlisted host was followed")
    } catch {
      #expect(error.code == .nestedLinkUnlisted)
      #expect(error.route == "deepLink")
      #expect(error.host == "evil.example")
    }
  }

  @Test func aNearMissNamesTheScope() throws {
    let router = try Router(
      RouteTable(
        schemes: ["shop"], hosts: ["www.shop.example", "*.cdn.example"],
        routes: [
          RouteDefinition("webOnly", "/web", hosts: nil, schemes: ["https"]),
          RouteDefinition("cdn", "/asset/{name}", hosts: ["*.cdn.example"]),
        ]))
    let miss = try #require(try router.explain("shop://web"))
    #expect(miss.route == "webOnly")
    #expect(miss.code == .outOfScope)
    #expect(
      miss.description == "route 'webOnly': the route answers only schemes https; the link has \"shop\"")
    let host = try #require(try router.explain("https://www.shop.example/asset/logo"))
    #expect(host.route == "cdn")
    #expect(
      host.description
        == "route 'cdn': the route answers only hosts *.cdn.example; the link has \"www.shop.example\"")
    let none = try #require(try router.explain("shop://asset/logo"))
    #expect(none.description == "route 'cdn': the route answers only hosts *.cdn.example; the link has none")
  }

  @Test func aScopedRouteBuildsOnItsFirstHostAndScheme() throws {
    let router = try Self.router
    #expect(
      try router.urlString(for: "clickProduct", ["id": .int(3)]) == "https://clicks.shop.example/p/3")
    #expect(try router.urlString(for: "product", ["id": .int(3)]) == "https://www.shop.example/p/3")
    #expect(try router.urlString(for: "appOnly", [:]) == "shop://app")
    #expect(try router.urlString(for: "plainHTTP", [:]) == "http://www.shop.example/legacy")
    #expect(
      try router.urlString(for: "cdn", ["name": .string("a")], form: .host("img.cdn.example"))
        == "https://img.cdn.example/asset/a")
    #expect(throws: URLBuildError.self) { try router.urlString(for: "cdn", ["name": .string("a")]) }
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "clickProduct", ["id": .int(3)], form: .customScheme)
    }
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "clickProduct", ["id": .int(3)], form: .host("www.shop.example"))
    }
    #expect(throws: URLBuildError.self) { try router.urlString(for: "appOnly", [:], form: .universalLink) }
    let browser = try Router(Self.browser)
    #expect(
      try browser.urlString(for: "webPage", ["path": .segments(["a"])], form: .host("google.com"))
        == "http://google.com/a")
  }

  @Test func sameRoutesWithOverlappingScopesAreDuplicatesDisjointOnesAreNot() throws {
    func build(_ routes: [RouteDefinition]) throws(RouteTableError) -> Router {
      try Router(
        RouteTable(schemes: ["app"], hosts: ["a.example", "b.example", "*.c.example"], routes: routes))
    }
    _ = try build([
      RouteDefinition("a", "/x", hosts: ["a.example"]), RouteDefinition("b", "/x", hosts: ["b.example"]),
      RouteDefinition("all", "/x"), RouteDefinition("any", "/x", hosts: ["*"]),
      RouteDefinition("web", "/y", hosts: nil, schemes: ["https"]),
      RouteDefinition("app", "/y", hosts: nil, schemes: ["app"]),
    ])
    let overlapping: [[RouteDefinition]] = [
      [
        RouteDefinition("a", "/x", hosts: ["a.example", "b.example"]),
        RouteDefinition("b", "/x", hosts: ["b.example"]),
      ],
      [RouteDefinition("a", "/x", hosts: ["*"]), RouteDefinition("b", "/x", hosts: ["*"])],
      [
        RouteDefinition("a", "/x", hosts: ["*.c.example"]),
        RouteDefinition("b", "/x", hosts: ["*.c.example"]),
      ],
      [
        RouteDefinition("a", "/y", hosts: nil, schemes: ["https", "app"]),
        RouteDefinition("b", "/y", hosts: nil, schemes: ["app"]),
      ],
    ]
    for routes in overlapping {
      do {
        _ = try build(routes)
        Issue.record("\(routes.map(\.pattern)) built")
      } catch {
        #expect(error.code == .ambiguous)
        #expect(error.route == "b" && error.otherRoute == "a")
      }
    }
  }

  @Test func aBadScopeIsRefusedNamingTheRouteAndTheEntry() throws {
    func refusal(_ route: RouteDefinition) -> RouteTableError? {
      do {
        _ = try Router(RouteTable(schemes: ["app"], hosts: ["a.example"], routes: [route]))
        return nil
      } catch {
        return error
      }
    }
    let unknown = try #require(refusal(RouteDefinition("x", "/x", hosts: ["a.example", "c.example"])))
    #expect(unknown.code == .invalidScope)
    #expect(unknown.key == "hosts" && unknown.scopeEntry == "c.example")
    #expect(
      unknown.description
        == "routes[0].hosts[1], route 'x': host 'c.example' is not one the table lists (the table lists a.example); write [\"*\"] for any host"
    )
    let empty = try #require(refusal(RouteDefinition("x", "/x", hosts: [])))
    #expect(empty.code == .invalidScope && empty.location == "routes[0].hosts" && empty.scopeEntry == nil)
    let mixed = try #require(refusal(RouteDefinition("x", "/x", hosts: ["*", "a.example"])))
    #expect(mixed.code == .invalidScope && mixed.scopeEntry == "a.example")
    #expect(mixed.description.contains("\"*\" (any host) stands alone"))
    let twice = try #require(refusal(RouteDefinition("x", "/x", hosts: ["a.example", "A.example"])))
    #expect(twice.code == .invalidScope && twice.location == "routes[0].hosts[1]")
    let scheme = try #require(refusal(RouteDefinition("x", "/x", hosts: nil, schemes: ["ftp"])))
    #expect(scheme.code == .invalidScope && scheme.key == "schemes" && scheme.scopeEntry == "ftp")
    #expect(
      scheme.description.contains("scheme 'ftp' is not one the table lists (the table lists app, https)"))
    #expect(refusal(RouteDefinition("x", "/x", hosts: nil, schemes: ["http"]))?.scopeEntry == "http")
    #expect(refusal(RouteDefinition("x", "/x", hosts: nil, schemes: []))?.location == "routes[0].schemes")
    #expect(refusal(RouteDefinition("x", "/x", hosts: ["*"], schemes: ["HTTPS"])) == nil)
  }

  @Test func aRouteFileScopeErrorHasItsLineAndColumn() throws {
    let json = """
      {"schemes": ["app"], "hosts": ["a.example"],
       "routes": [
         {"name": "x", "pattern": "/x",
          "hosts": ["a.example", "b.example"]}]}
      """
    do {
      _ = try RouteTable(json: Data(json.utf8))
      Issue.record("the file was read")
    } catch {
      #expect(error.code == .invalidScope)
      #expect(error.route == "x")
      #expect(error.location == "routes[0].hosts[1]")
      #expect(error.line == 4 && error.column == 28, "\(error)")
    }
    let empty = #"{"schemes": ["app"], "routes": [{"name": "x", "pattern": "/x", "schemes": []}]}"#
    do {
      _ = try RouteTable(json: Data(empty.utf8))
      Issue.record("the file was read")
    } catch {
      #expect(error.code == .invalidScope)
      #expect(error.line == 1 && error.column == 75, "\(error)")
    }
    let wrongType = #"{"schemes": ["app"], "routes": [{"name": "x", "pattern": "/x", "hosts": "a"}]}"#
    do {
      _ = try RouteTable(json: Data(wrongType.utf8))
      Issue.record("the file was read")
    } catch {
      #expect(error.code == .wrongType)
      #expect(error.location == "routes[0].hosts")
    }
  }

  @Test func aRouteFileWithScopesReadsAndWritesBack() throws {
    let json = """
      {"schemes": ["app", "http", "https"],
       "routes": [{"name": "page", "pattern": "/{path*}", "schemes": ["http", "https"], "hosts": ["*"]}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    #expect(table.routes[0].hosts == ["*"])
    #expect(table.routes[0].schemes == ["http", "https"])
    #expect(try RouteTable(json: table.jsonData()) == table)
  }

  @Test func aScopeIsCheckedOnTheFewCandidatesNotByScanningRoutes() throws {
    // Twice the scoped routes, the same work for a link: only the routes the trie offers are checked.
    func work(routes count: Int) throws -> Int {
      let hosts = ["a.example", "b.example"]
      let routes = (0..<count).map { RouteDefinition("r\($0)", "/r\($0)/{id}", hosts: [hosts[$0 % 2]]) }
      let router = try Router(RouteTable(hosts: hosts, routes: routes))
      let work = try router.searchWork("https://b.example/r1/7")
      #expect(work.route == 1)
      #expect(try router.searchWork("https://a.example/r1/7").route == nil)
      return work.nodes
    }
    #expect(try work(routes: 64) == work(routes: 1024))
  }
}
