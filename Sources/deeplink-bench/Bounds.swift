import DeepLinking
import Foundation

/// `deeplink-bench --bounds`: the tables that once made the cost of a link follow the table, timed.
///
/// - A backtracking table (every mix of `1`, `{x:int}`, `{x}` over d segments, then `/end`): a failing
///   link against a matching one.
/// - Many routes ending at one path, differing only in their query keys: building, and one link.
/// - One route declaring 64k optional items: a link with 127 items.
func runBounds() {
  var sink: UInt64 = 0
  func time(_ router: Router, _ link: String) -> Double {
    measure(available: 1, sink: &sink) { count in
      var found: UInt64 = 0
      for _ in 0..<count { found &+= UInt64((try? router.matchIndex(link)).flatMap { $0 } ?? 0) }
      return found
    }.nanoseconds
  }
  func build(_ table: RouteTable) -> (Router, Double) {
    let start = now()
    do {
      return (try Router(table), now() - start)
    } catch {
      fail("a bounds table does not build: \(error)")
    }
  }
  print("backtracking table: routes, build s, matching ns, failing ns, failing / matching")
  for depth in [6, 8, 10] {
    var patterns = [""]
    for position in 0..<depth {
      patterns = patterns.flatMap { prefix in
        ["/1", "/{x\(position):int}", "/{x\(position)}"].map { prefix + $0 }
      }
    }
    let table = RouteTable(
      schemes: ["app"],
      routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element + "/end") })
    let (router, seconds) = build(table)
    let ones = String(repeating: "/1", count: depth)
    let matching = time(router, "app:" + ones + "/end")
    let failing = time(router, "app:" + ones + "/nope")
    print(
      "\(patterns.count)\t\(String(format: "%.2f", seconds))\t\(Int(matching))\t\(Int(failing))\t"
        + String(format: "%.1f", failing / matching))
  }
  print("routes differing only in query keys: routes, build s, ns per link")
  for count in [16_384, 32_768, 65_536] {
    let routes = (0..<count).map { RouteDefinition("k\($0)", "/p?key\($0)={v}") }
    let (router, seconds) = build(RouteTable(schemes: ["app"], routes: routes))
    let cost = time(router, "app:/p?other=1&key\(count - 1)=x")
    print("\(count)\t\(String(format: "%.2f", seconds))\t\(Int(cost))")
  }
  let items = (0..<65_536).map { "o\($0)={v\($0):int?}" }.joined(separator: "&")
  let (router, _) = build(RouteTable(schemes: ["app"], routes: [RouteDefinition("many", "/p?" + items)]))
  let query = (0..<127).map { "o\($0 * 500)=\($0)" }.joined(separator: "&")
  print(
    "one route with 65,536 optional items, a link with 127 items: \(Int(time(router, "app:/p?" + query))) ns")
  withExtendedLifetime(sink) {}
}
