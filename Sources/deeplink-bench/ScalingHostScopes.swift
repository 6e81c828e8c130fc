// deeplink-bench --scaling: the host-scope dimension (routes limited to hosts, and any-host routes).
import DeepLinking
import Foundation

extension Scaling {
  /// Routes each limited to one of two hosts (`/r0/{id}` on `a.example`, `/r1/{id}` on `b.example`, ...)
  /// beside an any-host `/{path*}`: up to 65,536 scoped routes. A route's scope is checked only when the
  /// trie offers it, so a link on its host, a link on the other host (which falls through to the
  /// any-host route), a link on a host the table does not list, and a custom-scheme link that no route
  /// admits (and its explanation) stay flat as the table doubles.
  static func hostScopedRoutes(scale: Int) -> ScalingDimension {
    let first = max(1, 4_096 / scale)
    return ScalingDimension(
      name: "host-scoped-routes", unit: "routes", sizes: (0..<5).map { first << $0 },
      metrics: ["build", "its host", "other host", "unlisted host", "miss", "explain"], showsMemory: false,
      stepBudget: 15
    ) { size in
      let hosts = ["a.example", "b.example"]
      var routes = (0..<size).map { RouteDefinition("r\($0)", "/r\($0)/{id}", hosts: [hosts[$0 % 2]]) }
      routes.append(RouteDefinition("web", "/{path*}", hosts: ["*"]))
      let (router, buildSeconds) = timedBuild(RouteTable(schemes: ["myapp"], hosts: hosts, routes: routes))
      let last = size - 1
      let own = "https://\(hosts[last % 2])/r\(last)/7"
      let other = "https://\(hosts[(last + 1) % 2])/r\(last)/7"
      let unlisted = "https://elsewhere.example/r\(last)/7"
      let miss = "myapp://r\(last)/7"
      expectRoutes(
        router, [(own, last), (other, size), (unlisted, size), (miss, nil)],
        else: "the host-scoped table does not route as expected")
      return ScalingStep(
        seconds: [buildSeconds] + matchSeconds(router, [own, other, unlisted, miss], explaining: miss))
    }
  }
}
