// deeplink-bench --scaling: the middle catch-all's dimensions (link length, table size), the pair
// catch-all's, the typed catch-all's and the rest of a link's (link length).
import DeepLinking
import Foundation

extension Scaling {
  /// A middle catch-all (`/{prefix*}/product/{id}`) against a plain route of the same length
  /// (`/a/a/.../product/{id}`), as the link doubles, and a table of middle catch-alls sharing their
  /// suffix (`/{p*}/sN/product/{id:int}`, with an adversarial twin per route whose prefix is plain
  /// parameters), as the table doubles: matching, missing and explaining stay within 2x the plain
  /// route and flat in the table.
  static func middleCatchAllDimensions(scale: Int) -> [ScalingDimension] {
    let limits = RouteTable.Options(maxURLLength: 1 << 20, maxSegments: 1 << 14)
    return [
      ScalingDimension(
        name: "middle-catch-all", unit: "segments", sizes: (0..<5).map { max(2, 64 / scale) << $0 },
        metrics: ["plain", "middle", "middle miss"], showsMemory: false
      ) { segments in
        let prefix = Array(repeating: "a", count: segments - 2).joined(separator: "/")
        let plain = build(
          RouteTable(
            schemes: ["myapp"], options: limits,
            routes: [RouteDefinition("plain", "/\(prefix)/product/{id}")]))
        let middle = build(
          RouteTable(
            schemes: ["myapp"], options: limits,
            routes: [RouteDefinition("middle", "/{prefix*}/product/{id}")]))
        let link = "myapp://\(prefix)/product/1"
        let miss = "myapp://\(prefix)/produkt/1"
        expectRoutes(plain, [(link, 0)], else: "the middle catch-all does not route as expected")
        expectRoutes(
          middle, [(link, 0), (miss, nil)], else: "the middle catch-all does not route as expected")
        let seconds = matchSeconds(plain, [link]) + matchSeconds(middle, [link, miss])
        return ScalingStep(seconds: seconds, note: "middle/plain \(format(seconds[1] / seconds[0], 2))x")
      },
      ScalingDimension(
        name: "middle-catch-all-routes", unit: "routes", sizes: (0..<5).map { max(8, 1_024 / scale) << $0 },
        metrics: ["build", "match", "miss", "explain"], showsMemory: false, stepBudget: 15
      ) { size in
        var routes: [RouteDefinition] = []
        for index in 0..<size {
          routes.append(RouteDefinition("s\(index)", "/{p*}/s\(index)/product/{id:int}"))
          // Plain parameters before the catch-all: a middle catch-all at every depth, one suffix shape.
          let plains = (0...(index % 8)).map { "{q\($0)}" }.joined(separator: "/")
          routes.append(RouteDefinition("t\(index)", "/\(plains)/{p*}/t\(index)/product/{id:int}"))
        }
        let (router, buildSeconds) = timedBuild(
          RouteTable(schemes: ["myapp"], options: limits, routes: routes))
        let deep = Array(repeating: "a", count: 32).joined(separator: "/")
        let hit = "myapp://\(deep)/s\(size - 1)/product/7"
        let miss = "myapp://\(deep)/t\(size - 1)/product/x"
        expectRoutes(
          router, [(hit, 2 * (size - 1)), (miss, nil)],
          else: "the middle catch-all table does not route as expected")
        return ScalingStep(seconds: [buildSeconds] + matchSeconds(router, [hit, miss], explaining: miss))
      },
      ScalingDimension(
        name: "pairs", unit: "segments", sizes: (0..<5).map { max(4, 64 / scale) << $0 },
        metrics: ["plain", "pairs", "pairs miss"], showsMemory: false
      ) { segments in
        // A pair catch-all with typed operators (`/narrow/{terms:pairs(channel:int|near:int)*}`) read
        // over `segments` segments of pairs, against a plain `{rest*}` over the same link; the miss has
        // an operand that is not an int in its last pair, so every pair is read before it fails.
        let pairs = (0..<(segments / 2)).map {
          $0 % 3 == 0 ? "channel/\($0)" : $0 % 3 == 1 ? "topic/t" : "near/9"
        }
        let plain = build(
          RouteTable(
            schemes: ["myapp"], options: limits, routes: [RouteDefinition("plain", "/narrow/{rest*}")]))
        let typed = build(
          RouteTable(
            schemes: ["myapp"], options: limits,
            routes: [RouteDefinition("narrow", "/narrow/{terms:pairs(channel:int|near:int)*}")]))
        let link = "myapp://narrow/" + pairs.joined(separator: "/")
        let miss = "myapp://narrow/" + pairs.dropLast().joined(separator: "/") + "/channel/x"
        expectRoutes(plain, [(link, 0)], else: "the pair catch-all does not route as expected")
        expectRoutes(typed, [(link, 0), (miss, nil)], else: "the pair catch-all does not route as expected")
        let seconds = matchSeconds(plain, [link]) + matchSeconds(typed, [link, miss])
        return ScalingStep(seconds: seconds, note: "pairs/plain \(format(seconds[1] / seconds[0], 2))x")
      },
      ScalingDimension(
        name: "typed-run", unit: "segments", sizes: (0..<5).map { max(4, 64 / scale) << $0 },
        metrics: ["plain", "typed", "typed miss", "plain value", "typed value"], showsMemory: false
      ) { segments in
        // A typed catch-all (`/compare/{ids:int+}`) over `segments` ints, against a plain `{rest*}`
        // over the same link; the miss's last segment is not an int, so every segment is read before it
        // fails. The values read the run: the typed one as its type reads each segment.
        let ids = (0..<segments).map { String($0 * 7) }
        let plain = build(
          RouteTable(
            schemes: ["myapp"], options: limits, routes: [RouteDefinition("plain", "/compare/{rest*}")]))
        let typed = build(
          RouteTable(
            schemes: ["myapp"], options: limits, routes: [RouteDefinition("compare", "/compare/{ids:int+}")]))
        let link = "myapp://compare/" + ids.joined(separator: "/")
        let miss = "myapp://compare/" + ids.dropLast().joined(separator: "/") + "/x"
        expectRoutes(plain, [(link, 0)], else: "the typed catch-all does not route as expected")
        expectRoutes(typed, [(link, 0), (miss, nil)], else: "the typed catch-all does not route as expected")
        let seconds =
          matchSeconds(plain, [link]) + matchSeconds(typed, [link, miss])
          + [valueSeconds(plain, link, reading: "rest"), valueSeconds(typed, link, reading: "ids")]
        return ScalingStep(seconds: seconds, note: "typed/plain \(format(seconds[1] / seconds[0], 2))x")
      },
      ScalingDimension(
        name: "rest", unit: "segments", sizes: (0..<5).map { max(4, 64 / scale) << $0 },
        metrics: ["plain", "rest", "rest last"], showsMemory: false
      ) { segments in
        // The rest of a link (`/open/{target:rest}`) over `segments` segments, a query and a fragment,
        // against a plain `{path*}` over the same link; "rest last" puts routes before it at its place
        // that fail on the link (a typed segment, a middle catch-all's last segment), so the rest is
        // taken after the search has tried them.
        let path = Array(repeating: "a", count: segments - 1).joined(separator: "/")
        let link = "myapp://open/video/\(path)?b=1#c"
        let plain = build(
          RouteTable(schemes: ["myapp"], options: limits, routes: [RouteDefinition("plain", "/open/{path*}")])
        )
        let rest = build(
          RouteTable(
            schemes: ["myapp"], options: limits, routes: [RouteDefinition("open", "/open/{target:rest}")]))
        let last = build(
          RouteTable(
            schemes: ["myapp"], options: limits,
            routes: [
              RouteDefinition("video", "/open/video/{id:int}"),
              RouteDefinition("page", "/open/{p*}/index.html"),
              RouteDefinition("open", "/open/{target:rest}"),
            ]))
        expectRoutes(plain, [(link, 0)], else: "the rest of a link does not route as expected")
        expectRoutes(rest, [(link, 0)], else: "the rest of a link does not route as expected")
        expectRoutes(last, [(link, 2)], else: "the rest of a link does not route as expected")
        guard (try? rest.match(link))?.parameters.string("target") == "video/\(path)?b=1#c" else {
          fail("the rest of a link does not read the link's end")
        }
        // A match with its value read: the rest's text is found only then, from the path's end.
        let seconds = [
          valueSeconds(plain, link, reading: "path"), valueSeconds(rest, link, reading: "target"),
          valueSeconds(last, link, reading: "target"),
        ]
        return ScalingStep(seconds: seconds, note: "rest/plain \(format(seconds[1] / seconds[0], 2))x")
      },
    ]
  }

  /// Seconds per match of `link` with its value `name` read (its length is the checksum).
  static func valueSeconds(_ router: Router, _ link: String, reading name: String) -> Double {
    secondsPerRun {
      guard let value = (try? router.match(link))?.parameters[name] else { return -1 }
      return value.stringValue?.utf8.count ?? value.segmentsValue?.count ?? 0
    }
  }
}
