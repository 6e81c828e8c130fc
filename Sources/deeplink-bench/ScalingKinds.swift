// deeplink-bench --scaling: the app-defined kinds' dimensions (value length, routes using kinds).
import DeepLinking
import Foundation

extension Scaling {
  /// An app-defined kind (`/p/{code:sku}`) against a plain route of the same link (`/p/{code}`), as
  /// the value doubles: a kind reads its segment once, so it costs within a small factor of the plain
  /// route and both grow linearly with the value; and routes that use the table's kinds, doubled:
  /// routes using one kind at one place share its child, so matching, missing and explaining stay
  /// flat in the number of routes (a segment is checked once per kind the table declares there).
  static func kinds(scale: Int) -> [ScalingDimension] {
    let limits = RouteTable.Options(maxURLLength: 1 << 20)
    // A `myapp` router of the given routes, with the long links these dimensions need.
    func router(_ routes: RouteDefinition...) -> Router {
      build(RouteTable(schemes: ["myapp"], options: limits, routes: routes))
    }
    let kinds = [
      "sku": ValueKind(characters: "A-Z0-9-"),
      "order": ValueKind(characters: "0-9", prefix: "ORD-"),
      "color": ValueKind(characters: "0-9a-f", minLength: 6, maxLength: 6),
    ]
    return [
      ScalingDimension(
        name: "kind-value-length", unit: "bytes", sizes: (0..<5).map { max(4, 1_024 / scale) << $0 },
        metrics: ["plain", "kind", "kind miss", "explain"], showsMemory: false
      ) { size in
        let plain = router(RouteDefinition("plain", "/p/{code}"))
        let kind = build(
          RouteTable(
            schemes: ["myapp"], options: limits, kinds: kinds,
            routes: [RouteDefinition("kind", "/p/{code:sku}")]))
        let value = String(repeating: "A", count: size - 1)
        let link = "myapp://p/\(value)B"
        // The last byte is one the kind does not allow: the whole value is read before it fails.
        let miss = "myapp://p/\(value)b"
        expectRoutes(plain, [(link, 0)], else: "the kind table does not route as expected")
        expectRoutes(kind, [(link, 0), (miss, nil)], else: "the kind table does not route as expected")
        let seconds = matchSeconds(plain, [link]) + matchSeconds(kind, [link, miss], explaining: miss)
        return ScalingStep(seconds: seconds, note: "kind/plain \(format(seconds[1] / seconds[0], 2))x")
      },
      // A check on a value (`{v:decimal(0...)}`, `{u:url(https)}`) against its type without the check
      // (`{v:decimal}`, `{u:url}`) and a plain route of the same link, as the value doubles: the check
      // reads its value once, as its type does, then compares the number or the scheme, so it grows
      // linearly and costs within 2x its type. Reading a long number or URL is the type's own cost.
      ScalingDimension(
        name: "value-check", unit: "bytes", sizes: (0..<5).map { max(8, 1_024 / scale) << $0 },
        metrics: ["plain", "decimal", "range", "range miss", "url", "https", "explain"], showsMemory: false
      ) { size in
        let plain = router(RouteDefinition("plain", "/p/{v}"))
        let typed = router(RouteDefinition("decimal", "/p/{v:decimal}"), RouteDefinition("url", "/o/{u:url}"))
        let checked = router(
          RouteDefinition("range", "/p/{v:decimal(0...)}"), RouteDefinition("https", "/o/{u:url(https)}"))
        // Digits after the point, so the number stays within Double's range at every size.
        let digits = String(repeating: "1", count: size - 2)
        let link = "myapp://p/1.\(digits)"
        // Below the range's end: the whole number is read before the check refuses it.
        let miss = "myapp://p/-\(digits)"
        let url = "myapp://o/https%3A%2F%2Fexample.org%2F" + String(repeating: "a", count: max(1, size - 20))
        expectRoutes(plain, [(link, 0)], else: "the plain table does not route as expected")
        expectRoutes(typed, [(link, 0), (url, 1)], else: "the typed table does not route as expected")
        expectRoutes(
          checked, [(link, 0), (miss, nil), (url, 1)], else: "the checks do not route as expected")
        let seconds =
          matchSeconds(plain, [link]) + matchSeconds(typed, [link]) + matchSeconds(checked, [link, miss])
          + matchSeconds(typed, [url]) + matchSeconds(checked, [url], explaining: miss)
        return ScalingStep(
          seconds: seconds,
          note:
            "range/decimal \(format(seconds[2] / seconds[1], 2))x, https/url \(format(seconds[5] / seconds[4], 2))x"
        )
      },
      ScalingDimension(
        name: "lower-case", unit: "bytes", sizes: (0..<5).map { max(8, 1_024 / scale) << $0 },
        metrics: ["plain", "lower", "set", "lower set", "lower miss"], showsMemory: false
      ) { size in
        // A value in mixed case, matched as written and in lower case; a set of words, in lower case and in any case.
        let word = String(repeating: "Ab", count: size / 2)
        let plain = router(RouteDefinition("plain", "/p/{v}"))
        let lower = router(RouteDefinition("lower", "/p/{v:string(lower)}"))
        let exactSet = router(RouteDefinition("set", "/p/{v:(\(word.lowercased())|other)}"))
        let set = router(RouteDefinition("set", "/p/{v:(\(word.lowercased())|other)(lower)}"))
        let link = "myapp://p/\(word)"
        // As long as the word, one letter off at the end: every byte is read before the set refuses it.
        let miss = "myapp://p/\(word.dropLast())C"
        expectRoutes(plain, [(link, 0)], else: "the plain table does not route as expected")
        expectRoutes(lower, [(link, 0)], else: "the lower-case table does not route as expected")
        expectRoutes(set, [(link, 0), (miss, nil)], else: "the lower-case set does not route as expected")
        let lowered = "myapp://p/\(word.lowercased())"
        expectRoutes(exactSet, [(lowered, 0), (link, nil)], else: "the exact set does not route as expected")
        let seconds =
          matchSeconds(plain, [link]) + matchSeconds(lower, [link]) + matchSeconds(exactSet, [lowered])
          + matchSeconds(set, [link, miss])
        return ScalingStep(
          seconds: seconds,
          note:
            "lower/plain \(format(seconds[1] / seconds[0], 2))x, lower set/set \(format(seconds[3] / seconds[2], 2))x"
        )
      },
      ScalingDimension(
        name: "kind-routes", unit: "routes", sizes: (0..<5).map { max(8, 1_024 / scale) << $0 },
        metrics: ["build", "match", "miss", "explain"], showsMemory: false
      ) { size in
        // Every route uses the three kinds at its first two places, with a literal of its own after.
        var routes: [RouteDefinition] = []
        for index in 0..<size {
          let (first, second) = [("sku", "order"), ("order", "color"), ("color", "sku")][index % 3]
          routes.append(RouteDefinition("k\(index)", "/{a:\(first)}/{b:\(second)}/x\(index)"))
        }
        let (router, buildSeconds) = timedBuild(
          RouteTable(schemes: ["myapp"], options: limits, kinds: kinds, routes: routes))
        let last = size - 1
        let hit = [
          "myapp://AB-1/ORD-7/x\(last)", "myapp://ORD-7/00ff00/x\(last)", "myapp://00ff00/AB-1/x\(last)",
        ][
          last % 3]
        let miss = "myapp://AB-1/ORD-7/y"
        expectRoutes(router, [(hit, last), (miss, nil)], else: "the kind routes do not route as expected")
        return ScalingStep(seconds: [buildSeconds] + matchSeconds(router, [hit, miss], explaining: miss))
      },
    ]
  }
}
