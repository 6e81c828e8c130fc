import DeepLinkingTestSupport
import Testing

@testable import DeepLinkRouting

/// Explaining a link that matches nothing costs work that follows the link, not the table: counted
/// (trie nodes looked at, routes whose query was checked), never timed. The timings are in
/// `deeplink-bench --bounds`.
@Suite("Near misses: work per link is bounded by the link")
struct NearMissWorkBoundTests {
  @Test func explainingOnRoutesDifferingOnlyInQueryKeysChecksABoundedNumberOfRoutes() throws {
    let count = 65_536
    let routes = (0..<count).map { RouteDefinition("k\($0)", "/p?key\($0)={v}") }
    let router = try Router(RouteTable(schemes: ["app"], routes: routes))
    for link in ["app:/p?other=1", "app:/p", "app:/p?key7="] {
      let work = try router.explainWork(link)
      let miss = try #require(work.miss, "\(link)")
      #expect(miss.code == .missingQueryItem, "\(link): \(miss)")
      // Routes are tried in name order; the first route's item is the one the link lacks.
      #expect(miss.route == "k0", "\(link): \(miss)")
      #expect(miss.expected == "key0={v}", "\(link): \(miss)")
      // Every route at the node fails the same way: one is enough to say why (a scan checked 65,536).
      #expect(work.nodes <= 4, "\(link) looked at \(work.nodes) nodes")
      #expect(work.routeChecks <= 2, "\(link) checked \(work.routeChecks) routes")
    }
    // A link with one segment more: "too many segments", still without a scan of the routes.
    let longer = try router.explainWork("app:/p/q?other=1")
    #expect(longer.miss?.code == .tooManySegments)
    #expect(longer.routeChecks <= 2)
  }
}

extension NearMissWorkBoundTests {
  /// The widest backtracking table, 59,049 routes: seconds to build in a debug build.
  @Suite("Near misses: work per link is bounded by the link, stress run", .stress)
  struct StressTests {
    /// The 3^10 table: building it is the slow part.
    static let backtracking = Result { try Router(RouterWorkBoundTests.backtrackingTable(depth: 10)) }

    @Test func explainingAFailingLinkOnTheWidestBacktrackingTableFollowsTheLink() throws {
      let router = try Self.backtracking.get()
      #expect(router.table.routes.count == 59_049)
      let ones = String(repeating: "/1", count: 10)
      // The explanations the search gave when it still looked at every node a link of ones can enter.
      let cases: [(link: String, explanation: String)] = [
        ("app:" + ones + "/nope", #"route 'r59048': segment 11 "nope" is not 'end'"#),
        ("app:" + ones, "route 'r59048': the link ends after 10 segments; the route goes on with end"),
        (
          "app:" + ones + "/end/more",
          "route 'r59048': the route ends after 11 segments (/{x0}/{x1}/{x2}/{x3}/{x4}/{x5}/{x6}/{x7}/{x8}/{x9}/end)"
            + #" and the link goes on at segment 12 "more""#
        ),
        (
          "app:/1/x/1/1/1/1/1/1/zz",
          "route 'r59046': the link ends after 9 segments; the route goes on with 1/end"
        ),
      ]
      for (link, explanation) in cases {
        let work = try router.explainWork(link)
        #expect(work.miss?.description == explanation, "\(link)")
        let segments = link.split(separator: "/").count
        // Without remembering explored shapes this is 3^10 nodes and more: every node a link of ones
        // can enter.
        #expect(work.nodes <= 4 * (segments + 2), "\(link) looked at \(work.nodes) nodes")
        #expect(work.routeChecks <= 2 * (segments + 2), "\(link) checked \(work.routeChecks) routes")
      }
    }
  }
}
