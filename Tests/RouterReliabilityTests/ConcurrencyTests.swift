import DeepLinkRouting
import DeepLinkingTestSupport
import Foundation
import Testing

/// One router shared by many tasks at once gives exactly the answers of a single-threaded run, and a
/// match read by many tasks at once gives each the values the link carried. The thread sanitizer runs
/// this suite in CI (`.ci/run`).
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

  /// A match's values are decoded from the link it holds when they are read: each of 64 matches, of a
  /// route with a middle catch-all, a typed value and a query, is read by four tasks at once.
  @Test func matchesAreReadFromManyTasksAtOnce() async throws {
    let router = try Router(
      RouteTable(
        schemes: ["chat"], hosts: ["chat.example"],
        routes: [
          RouteDefinition("product", "/{prefix*}/product/{id:int}"),
          RouteDefinition("files", "/files/{path*}"),
        ]))
    let links = (0..<64).map { "https://chat.example/p\($0)/product/\($0)?n=\($0)" }
    let matches = try links.map { try #require(try router.match($0)) }
    let read = await withTaskGroup(of: (Int, Int?, [QueryItem]).self) { group in
      for _ in 0..<4 {
        for (index, match) in matches.enumerated() {
          group.addTask { (index, match.parameters.int("id"), match.query) }
        }
      }
      var all: [(Int, Int?, [QueryItem])] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(read.count == 256)
    for (index, id, query) in read {
      #expect(id == index)
      #expect(query == [QueryItem(name: "n", value: "\(index)")])
    }
  }
}
