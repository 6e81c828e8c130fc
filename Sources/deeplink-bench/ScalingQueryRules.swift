// deeplink-bench --scaling: the query rules' dimension (literal query values at one path).
import DeepLinking
import Foundation

extension Scaling {
  /// Routes at one path that differ only by a literal query value (`/pledge?ref=v0` ... `?ref=vN`)
  /// beside one `?ref={ref}` route: up to 65,536 routes at one node. A link's literal values are
  /// looked up by key and value, so matching one value, matching none (the parameter route answers),
  /// missing every route and explaining that miss stay flat as the table doubles.
  static func queryValueRoutes(scale: Int) -> ScalingDimension {
    let first = max(1, 4_096 / scale)
    return ScalingDimension(
      name: "query-value-routes", unit: "routes", sizes: (0..<5).map { first << $0 },
      metrics: ["build", "match", "other value", "miss", "explain"], showsMemory: false,
      // The build grows with the table; the step budget lets the largest table, 65,536 routes, be built.
      stepBudget: 15
    ) { size in
      var routes = (0..<size).map { RouteDefinition("v\($0)", "/pledge?ref=v\($0)") }
      routes.append(RouteDefinition("any", "/pledge?ref={ref}&from={from}"))
      let (router, buildSeconds) = timedBuild(RouteTable(schemes: ["myapp"], routes: routes))
      let hit = "myapp://pledge?ref=v\(size - 1)"
      let other = "myapp://pledge?ref=unknown&from=mail"
      let miss = "myapp://pledge?ref=unknown"
      expectRoutes(
        router, [(hit, size - 1), (other, size), (miss, nil)],
        else: "the query-value table does not route as expected")
      return ScalingStep(
        seconds: [buildSeconds] + matchSeconds(router, [hit, other, miss], explaining: miss))
    }
  }
}
