// deeplink-bench --scaling: routes that read the fragment as a path, as the fragment doubles.
import DeepLinking
import Foundation

extension Scaling {
  /// A fragment route against the plain route of the same length: the link's fragment (or, for the
  /// plain route, its path) holds `size` segments of one literal each. The fragment is read once into
  /// segments after the path and searched as a path is, then the path alone for the routes that
  /// ignore it: both grow linearly with the link, and their ratio stays flat (about two searches
  /// at most, plus the reading of the fragment).
  static func fragmentRoutes(scale: Int) -> ScalingDimension {
    let first = max(2, 64 / scale)
    return ScalingDimension(
      name: "fragment-length", unit: "segments", sizes: (0..<5).map { first << $0 },
      metrics: ["plain route", "fragment route", "fragment miss"], showsMemory: false
    ) { size in
      let literals = (0..<size).map { "s\($0 % 10)" }.joined(separator: "/")
      let limits = RouteTable.Options(maxURLLength: 65_536, maxSegments: 4_096)
      let plain = build(
        RouteTable(schemes: ["myapp"], options: limits, routes: [RouteDefinition("plain", "/\(literals)")]))
      let hashed = build(
        RouteTable(
          schemes: ["myapp"], options: limits,
          routes: [RouteDefinition("home", "/"), RouteDefinition("hashed", "/#/\(literals)")]))
      let plainLink = "myapp:///\(literals)"
      let hashLink = "myapp:///#/\(literals)"
      let missLink = "myapp:///#/\(literals)/extra"
      expectRoutes(plain, [(plainLink, 0)], else: "the fragment tables do not route as expected")
      expectRoutes(
        hashed, [(hashLink, 1), (missLink, 0)], else: "the fragment tables do not route as expected")
      // The fragment route against the plain route, measured in the same run.
      let seconds = matchSeconds(plain, [plainLink]) + matchSeconds(hashed, [hashLink, missLink])
      return ScalingStep(seconds: seconds, note: "fragment/plain " + format(seconds[1] / seconds[0], 2))
    }
  }
}
