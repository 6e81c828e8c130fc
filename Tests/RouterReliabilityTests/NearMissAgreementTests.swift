import DeepLinkingTestSupport
import Testing

@testable import DeepLinkRouting

/// Explaining a miss stops early where a subtree is alike one already looked at: on random tables,
/// that bounded search chooses the near miss a look at every node chooses.
@Suite("Near misses: the bounded search agrees with a look at every node")
struct NearMissAgreementTests {
  /// A random table of many alike subtrees: every mix of a few pieces over a few segments, then one
  /// tail (a literal, a catch-all, a required query item), and a few other routes.
  static func alikeTable(using random: inout SeededGenerator) -> RouteTable {
    let pieces = ["1", "a", "{p:int}", "{p}", "{p:uuid}"].filter { _ in random.chance(0.6) }
    let tail = random.pick(["/end", "/end?q={v}", "/{rest+}", "", "?k={v:int}", "/fin/"])
    var patterns = [""]
    for position in 0..<Int.random(in: 1...4, using: &random) {
      patterns = patterns.flatMap { prefix in
        pieces.map { prefix + "/" + $0.replacingOccurrences(of: "{p", with: "{p\(position)") }
      }
    }
    var routes = patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element + tail) }
    for index in 0..<Int.random(in: 0...3, using: &random) {
      routes.append(
        RouteDefinition(
          "x\(index)", "/" + random.pick(["1", "a", "{y}"]) + random.pick(["/end", "/fin", ""])))
    }
    return RouteTable(
      schemes: ["app"], options: .init(strictTrailingSlash: random.chance(0.2)), routes: routes)
  }

  /// On random tables of alike subtrees (and the differential suite's tables), the bounded search
  /// chooses exactly the near miss a look at every node the link can enter chooses.
  @Test func theBoundedSearchExplainsAsALookAtEveryNodeDoes() throws {
    var random = SeededGenerator(seed: ReliabilitySettings.seed)
    var explained = 0
    var pruned = 0
    var disagreements: [String] = []
    let segments = ["1", "a", "2", "zz", "end", "fin", "00000000-0000-4000-8000-000000000001"]
    for round in 0..<600 {
      let table: RouteTable
      if round % 2 == 0 {
        table = Self.alikeTable(using: &random)
      } else {
        table = ReliabilityDifferentialTests.table(using: &random).table
      }
      // Tables with two routes matching the same links are refused: skipped.
      guard let router = try? Router(table) else { continue }
      for _ in 0..<40 {
        var link = "app:"
        for _ in 0..<Int.random(in: 0...6, using: &random) { link += "/" + random.pick(segments) }
        if random.chance(0.3) { link += "/" }
        if random.chance(0.4) { link += "?" + random.pick(["q=1", "k=x", "q=", "other=2"]) }
        guard let bounded = try? router.explainWork(link), let miss = bounded.miss else { continue }
        let everyNode = try router.explainWork(link, remembersShapes: false)
        explained += 1
        #expect(bounded.nodes <= everyNode.nodes)
        if bounded.nodes < everyNode.nodes { pruned += 1 }
        if everyNode.miss != miss && disagreements.count < 10 {
          disagreements.append(
            "\(link) on \(table.routes.map(\.pattern)): \(miss) / \(String(describing: everyNode.miss))")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    #expect(explained > 5_000, "only \(explained) links explained")
    // Alike subtrees were skipped often enough for the agreement to say something.
    #expect(pruned > 500, "only \(pruned) explanations skipped an alike subtree")
  }
}
