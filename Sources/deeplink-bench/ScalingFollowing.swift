// deeplink-bench --scaling: links inside links, and matches a destination refuses.
import DeepLinking
import Foundation

extension Scaling {
  /// A link nested 1, 2 and 4 deep (through that many redirector routes) against the plain link it
  /// leads to, and a link whose first 1, 2, 4 and 8 candidates the destination refuses against one
  /// whose first candidate is taken.
  static func followingDimensions() -> [ScalingDimension] {
    [
      ScalingDimension(
        name: "nested-links", unit: "depth", sizes: [1, 2, 4], metrics: ["plain", "nested"],
        showsMemory: false
      ) { depth in
        let routes =
          (1...Router.maxFollowDepth).map {
            RouteDefinition("hop\($0)", "/hop\($0)?to={to:link}", follow: "to")
          }
          + [RouteDefinition("clip", "/channel/video/{id}")]
        let router = build(RouteTable(schemes: ["myapp"], hosts: ["example.com"], routes: routes))
        // Each level encodes what a query value must not hold raw (`?`, `=`, `&`, `%`, ...), as a
        // link builder would; `/` and `:` stay, so the link grows by a few bytes per level.
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/:-._~"))
        var link = "/channel/video/12345"
        for hop in (1...depth).reversed() {
          link = "myapp://hop\(hop)?to=" + (link.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }
        let plain = secondsPerRun {
          (try? router.match("myapp://channel/video/12345"))?.route.utf8.count ?? -1
        }
        let nested = secondsPerRun { (try? router.match(link))?.route.utf8.count ?? -1 }
        return ScalingStep(
          seconds: [plain, nested],
          note: "nested/plain \(format(nested / plain, 1))x, \(link.utf8.count) bytes")
      },
      ScalingDimension(
        name: "fall-through", unit: "refused", sizes: [1, 2, 4, 8],
        metrics: ["taken first", "after refusals"],
        showsMemory: false
      ) { refused in
        // Sixteen routes that all match /a/a/a/a, of different specificity.
        var patterns: [String] = []
        for mask in 0..<16 {
          patterns.append(
            "/" + (0..<4).map { mask & (1 << $0) == 0 ? "a" : "{p\($0)}" }.joined(separator: "/"))
        }
        let router = build(
          RouteTable(schemes: ["myapp"], routes: patterns.map { RouteDefinition($0, $0) }))
        // The order candidates come in: all of them refused once.
        let order = OfferedRoutes()
        _ = try? DestinationRouter<String>(
          router: router, destination: { order.append($0.route) }, values: { _ in nil }
        ).match("myapp:///a/a/a/a")
        let refusedRoutes = Set(order.values.prefix(refused))
        let first = DestinationRouter<String>(router: router, destination: { $0.route }, values: { _ in nil })
        let later = DestinationRouter<String>(
          router: router, destination: { refusedRoutes.contains($0.route) ? nil : $0.route },
          values: { _ in nil })
        let taken = secondsPerRun { (try? first.destination(for: "myapp:///a/a/a/a"))?.utf8.count ?? -1 }
        let fallen = secondsPerRun { (try? later.destination(for: "myapp:///a/a/a/a"))?.utf8.count ?? -1 }
        return ScalingStep(seconds: [taken, fallen], note: "after/first \(format(fallen / taken, 1))x")
      },
    ]
  }
}

/// The routes a destination was offered, in order (recorded from a `@Sendable` closure).
final class OfferedRoutes: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  /// Records a route; returns `nil` (the destination refuses every match).
  func append(_ route: String) -> String? {
    lock.lock()
    list.append(route)
    lock.unlock()
    return nil
  }

  var values: [String] {
    lock.lock()
    defer { lock.unlock() }
    return list
  }
}
