import Foundation
import Synchronization
import Testing

@testable import DeepLinkRouting

/// Links inside links whose outer link matches many routes that each follow: every candidate routes its
/// nested link, so the candidates of each depth would multiply. One link routes at most
/// ``Router/maxNestedLinks`` nested links in all; counted, never timed.
@Suite("Links inside links: fan-out")
struct NestedLinkFanOutTests {
  /// 64 routes `/l<L>?u={t:link}&!k<j>` (L = 1...4, j = 1...16), each following `t`: a nested link of
  /// level L matches all 16 routes of its level, each of which routes the link nested in it again.
  static func fanOutTable(_ more: [RouteDefinition] = []) -> RouteTable {
    var routes: [RouteDefinition] = []
    for level in 1...4 {
      for variant in 1...16 {
        routes.append(
          RouteDefinition("l\(level)k\(variant)", "/l\(level)?u={t:link}&!k\(variant)", follow: "t"))
      }
    }
    return RouteTable(schemes: ["myapp"], routes: routes + more)
  }

  /// `myapp://l1?u=…` wrapping `/l2?u=…`, `/l3?u=…`, `/l4?u=…` around `innermost`, each level
  /// percent-encoded as a link builder writes it.
  static func fanOutLink(around innermost: String) -> String {
    var link = innermost
    for level in (2...4).reversed() {
      link = "/l\(level)?u=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
    return "myapp://l1?u=" + (link.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
  }

  /// A nested link of about 4 KB at the innermost level.
  static let padding = String(repeating: "a", count: 4_000)

  @Test func aLinkWhoseCandidatesAllFollowRoutesAtMostTheBudgetOfNestedLinks() throws {
    let router = try Router(Self.fanOutTable())
    // The innermost link matches no route, so every candidate of every level is tried in turn:
    // 16 + 16² + 16³ + 16⁴ nested links without a bound on them all.
    let link = Self.fanOutLink(around: "/nowhere/" + Self.padding)
    #expect(link.utf8.count > 4_000 && link.utf8.count < 8_192)
    let work = router.resolutionWork(link) { _ in true }
    #expect(work.matches == 1 + Router.maxNestedLinks, "\(work.matches) matches")
    let error = try #require(work.error)
    #expect(error.code == .nestedLinksTooMany)
    #expect(error.code.description == "nested-links-too-many")
    #expect(error.limit == Router.maxNestedLinks)
    #expect(error.url == link)
    #expect(error.route.map { $0.hasPrefix("l") } == true)
    let thrown = try #require(throws: LinkError.self) { try router.match(link) }
    #expect(thrown == error)
    #expect(
      thrown.message.hasSuffix("holds a nested link beyond the 16 that one link may route in all"),
      "\(thrown.message)")
  }

  @Test func aDestinationThatRefusesEveryMatchIsOfferedAtMostTheBudget() throws {
    let router = try Router(Self.fanOutTable([RouteDefinition("end", "/end/{rest+}")]))
    let offered = Mutex(0)
    let destinations = DestinationRouter<String>(
      router: router,
      destination: { _ in
        offered.withLock { $0 += 1 }
        return nil
      }, values: { _ in nil })
    let link = Self.fanOutLink(around: "/end/" + Self.padding)
    let error = try #require(throws: LinkError.self) { try destinations.match(link) }
    #expect(error.code == .nestedLinksTooMany)
    // Each nested link routed reaches `end` at most once; 16⁴ times without the bound.
    #expect(offered.withLock { $0 } <= Router.maxNestedLinks, "offered \(offered.withLock { $0 }) matches")
  }

  @Test func aLinkWhoseCandidatesEachFollowOneNestedLinkStaysWithinTheBudget() throws {
    // 16 routes at one place that each follow, around one plain route: the sixteenth candidate's
    // nested link is the sixteenth routed, and it is still taken.
    let routes =
      (1...16).map { RouteDefinition("c\($0)", "/c?u={t:link}&!k\($0)", follow: "t") }
      + [RouteDefinition("product", "/p/{id:int}")]
    let router = try Router(RouteTable(schemes: ["myapp"], routes: routes))
    let link = "myapp://c?u=%2Fp%2F7"
    let order = Mutex<[String]>([])
    _ = try DestinationRouter<String>(
      router: router,
      destination: { match in
        order.withLock { $0.append(match.followed.first?.route ?? "") }
        return nil
      }, values: { _ in nil }
    ).match(link)
    let offered = order.withLock { $0 }
    #expect(offered.count == Router.maxCandidates && Set(offered).count == offered.count, "\(offered)")
    let last = try #require(offered.last)
    let taken = try #require(
      try DestinationRouter<String>(
        router: router, destination: { $0.followed.first?.route == last ? $0.route : nil },
        values: { _ in nil }
      ).match(link))
    #expect(taken.destination == "product")
    #expect(taken.match.followed.map(\.route) == [last])
    #expect(router.resolutionWork(link) { $0.followed.first?.route == last }.matches == 17)
  }

  @Test func aChainFourDeepThroughTheFanOutTableIsStillFollowed() throws {
    let router = try Router(Self.fanOutTable([RouteDefinition("end", "/end/{rest+}")]))
    let match = try #require(try router.match(Self.fanOutLink(around: "/end/x")))
    #expect(match.route == "end")
    #expect(match.followed.count == 4)
    #expect(router.resolutionWork(Self.fanOutLink(around: "/end/x")) { _ in true }.matches == 5)
  }
}
