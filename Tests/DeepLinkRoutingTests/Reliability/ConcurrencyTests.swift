import DeepLinkRouting
import DeepLinkingTestSupport
import Foundation
import Testing

/// One router shared by many tasks at once gives exactly the answers of a single-threaded run.
@Suite("Reliability: concurrency")
struct ReliabilityConcurrencyTests {
  @Test func oneRouterManyTasks() async throws {
    var random = SeededGenerator(seed: ReliabilitySettings.seed &+ 4)
    let reference = ReliabilityDifferentialTests.table(using: &random)
    let router = try Router(reference.table)
    let links = (0..<1_000).map { _ in ReliabilityDifferentialTests.link(for: reference, using: &random) }
    let expected = links.map { ReliabilityDifferentialTests.outcome(of: router, $0) }
    let rounds = 10
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var mismatches = 0
          for round in 0..<rounds {
            for offset in links.indices {
              // Each task walks the links from its own starting point so the tasks interleave.
              let index = (offset + task * 125 + round * 7) % links.count
              if ReliabilityDifferentialTests.outcome(of: router, links[index]) != expected[index] {
                mismatches += 1
              }
              if index % 10 == 0, let match = try? router.match(links[index]) {
                _ = try? router.urlString(for: match.route, match.parameters, query: match.query)
              }
            }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
