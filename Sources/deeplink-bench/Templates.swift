import DeepLinking
import Foundation

/// `deeplink-bench --templates`: what segment templates cost.
///
/// - Doubling tables of N template routes, N = 2^k: `/sN/wire-{code:uuid}`, `/sN/{id:int}.json` and
///   `/sN/v{version:int}` (templates at different places, as a table a person writes has them), a
///   matching link and a failing one; and N templates side by side at one place (`/t/aN-{x}`: the
///   node tries them in rank order, so this cost follows N; stated as the bound).
/// - A template route against a plain route of the same link length, on one table.
func runTemplates(quick: Bool) {
  var sink: UInt64 = 0
  func time(_ router: Router, _ link: String) -> Double {
    measure(available: 1, sink: &sink) { count in
      var found: UInt64 = 0
      for _ in 0..<count { found &+= UInt64((try? router.matchIndex(link)).flatMap { $0 } ?? 0) &+ 1 }
      return found
    }.nanoseconds
  }
  func router(_ routes: [RouteDefinition]) -> Router {
    do {
      return try Router(RouteTable(schemes: ["app"], hosts: ["example.com"], routes: routes))
    } catch {
      fail("a template table does not build: \(error)")
    }
  }
  let code = "5A3E0000-0000-4000-8000-000000000001"
  print(
    "templates, doubling tables: routes, ns matching, ns failing (templates at different places); routes, ns matching the last (side by side at one place)"
  )
  for k in quick ? Array(6...11) : Array(8...14) {
    let count = 1 << k
    var routes: [RouteDefinition] = []
    for index in 0..<(count / 4) {
      routes.append(RouteDefinition("w\(index)", "/s\(index)/wire-{code:uuid}"))
      routes.append(RouteDefinition("j\(index)", "/s\(index)/{id:int}.json"))
      routes.append(RouteDefinition("v\(index)", "/s\(index)/v{version:int}"))
      routes.append(RouteDefinition("p\(index)", "/s\(index)/{name}"))
    }
    let spread = router(routes)
    let last = count / 4 - 1
    let matching = time(spread, "https://example.com/s\(last)/wire-\(code)")
    let failing = time(spread, "https://example.com/s\(last)/wire-x/more")
    // Side by side: capped, as a table a person writes never holds thousands at one place.
    let sideCount = min(count, 1024)
    let side = router((0..<sideCount).map { RouteDefinition("a\($0)", "/t/a\($0)-{x}") })
    // The template tried last: the greatest text, as templates of one literal length are ordered.
    let lastTried = (0..<sideCount).map { "a\($0)-" }.max() ?? ""
    let sideCost = time(side, "https://example.com/t/\(lastTried)x")
    print("\(count)\t\(Int(matching))\t\(Int(failing))\t\(sideCount)\t\(Int(sideCost))")
  }
  print("a template route against a plain route, one table, links of the same length: route, ns, ratio")
  let pair = router([
    RouteDefinition("template", "/orders/{id:int}.json"),
    RouteDefinition("plain", "/orderz/{name}"),
    RouteDefinition("sso", "/start-sso/wire-{code:uuid}"),
    RouteDefinition("ssoPlain", "/start-ssp/{code}"),
    RouteDefinition("user", "/u/{user}@{domain}"),
    RouteDefinition("userPlain", "/w/{name}"),
  ])
  for (template, plain, templateLink, plainLink) in [
    ("/orders/{id:int}.json", "/orderz/{name}", "/orders/12345.json", "/orderz/12345.json"),
    (
      "/start-sso/wire-{code:uuid}", "/start-ssp/{code}", "/start-sso/wire-\(code)", "/start-ssp/wire-\(code)"
    ),
    ("/u/{user}@{domain}", "/w/{name}", "/u/alice@example.org", "/w/alice@example.org"),
  ] {
    let templateCost = time(pair, "https://example.com" + templateLink)
    let plainCost = time(pair, "https://example.com" + plainLink)
    print(
      "\(template)\t\(Int(templateCost))\t\(plain)\t\(Int(plainCost))\t"
        + String(format: "%.2f", templateCost / plainCost))
  }
  withExtendedLifetime(sink) {}
}
