import DeepLinking
import Foundation

/// `deeplink-bench --bounds`: the tables that once made the cost of a link follow the table, timed.
///
/// - A backtracking table (every mix of `1`, `{x:int}`, `{x}` over d segments, then `/end`): a failing
///   link against a matching one.
/// - Many routes ending at one path, differing only in their query keys: building, and one link.
/// - One route declaring 64k optional items: a link with 127 items.
/// - Explaining a link that matches nothing (`Router.explain`, what `route` and `audit` print) on
///   doubling tables of those shapes.
func runBounds(quick: Bool = false) {
  var sink: UInt64 = 0
  func time(_ router: Router, _ link: String) -> Double {
    measure(available: 1, sink: &sink) { count in
      var found: UInt64 = 0
      for _ in 0..<count { found &+= UInt64((try? router.matchIndex(link)).flatMap { $0 } ?? 0) }
      return found
    }.nanoseconds
  }
  func explainTime(_ router: Router, _ link: String) -> Double {
    measure(available: 1, passTime: 0.02, rounds: 3, sink: &sink) { count in
      var found: UInt64 = 0
      for _ in 0..<count {
        guard let miss = (try? router.explain(link)).flatMap({ $0 }) else { fail("\(link) is not explained") }
        found &+= UInt64(miss.route.utf8.count)
      }
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
  print(
    "backtracking table: routes, build s, matching ns, failing ns, failing / matching, explaining the failing link µs"
  )
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
    let explaining = explainTime(router, "app:" + ones + "/nope")
    print(
      "\(patterns.count)\t\(String(format: "%.2f", seconds))\t\(Int(matching))\t\(Int(failing))\t"
        + String(format: "%.1f", failing / matching) + "\t" + String(format: "%.2f", explaining / 1000))
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
  explainDoubling(quick: quick, time: explainTime)
  withExtendedLifetime(sink) {}
}

/// Explaining a link that matches nothing, on tables of 2^k routes built so that a walk of every node
/// the link can enter follows the table: every mix of `{x:int}` and `{x}` over k segments then `/end`
/// (a link of k `1`s then `/nope` can enter all 2^k paths; the link grows by one segment per doubling),
/// and 2^k routes at one path that differ only in their query key (a link naming none of them; the
/// link is the same at every size). The cost should be flat, or follow the link, not the table.
func explainDoubling(quick: Bool, time: (Router, String) -> Double) {
  print(
    "explain, doubling tables: routes, µs per unmatched link (mix of {x:int} and {x} over k segments; 2^k query keys)"
  )
  var mixed: [(Double, Double)] = []
  var keyed: [(Double, Double)] = []
  for k in quick ? Array(8...13) : Array(10...16) {
    var patterns = [""]
    for position in 0..<k {
      patterns = patterns.flatMap { prefix in ["/{x\(position):int}", "/{x\(position)}"].map { prefix + $0 } }
    }
    let mix: Router
    let keys: Router
    do {
      mix = try Router(
        RouteTable(
          schemes: ["app"],
          routes: patterns.enumerated().map { RouteDefinition("m\($0.offset)", $0.element + "/end") }))
      keys = try Router(
        RouteTable(
          schemes: ["app"], routes: (0..<(1 << k)).map { RouteDefinition("k\($0)", "/p?key\($0)={v}") }))
    } catch {
      fail("an explain table does not build: \(error)")
    }
    let mixCost = time(mix, "app:" + String(repeating: "/1", count: k) + "/nope") / 1000
    let keyCost = time(keys, "app:/p?other=1") / 1000
    mixed.append((Double(1 << k), mixCost))
    keyed.append((Double(1 << k), keyCost))
    print("\(1 << k)\t\(String(format: "%.2f", mixCost))\t\(String(format: "%.2f", keyCost))")
  }
  func exponent(_ points: [(Double, Double)]) -> String {
    let logs = points.map { (log($0.0), log($0.1)) }
    let meanX = logs.map(\.0).reduce(0, +) / Double(logs.count)
    let meanY = logs.map(\.1).reduce(0, +) / Double(logs.count)
    let covariance = logs.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
    let variance = logs.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
    return String(format: "%.2f", variance > 0 ? covariance / variance : 0)
  }
  print(
    "exponent against the route count (0 flat, 1 linear): mix \(exponent(mixed)), query keys \(exponent(keyed))"
  )
}
