import DeepLinking
import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DurableLinkStorage

/// Where the `link-store-writer` executable was built, if it was: next to the test bundle.
enum LinkStoreWriter {
  static let url = BuiltProducts.executable(named: "link-store-writer")
}

/// A writer process killed at random points, again and again, then a survivor that opens the store.
@Suite("DurableLinkStore under SIGKILL")
enum DurableLinkStoreCrashTests {
  /// One run of the writer: its complete stdout lines.
  static func run(_ writer: URL, _ arguments: [String], killAfter delay: Duration?) throws
    -> [String]
  {
    let process = Process()
    process.executableURL = writer
    process.arguments = arguments
    let stdout = Pipe()
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let delay {
      let parts = delay.components
      usleep(UInt32(parts.seconds * 1_000_000 + parts.attoseconds / 1_000_000_000_000))
      kill(process.processIdentifier, SIGKILL)
    }
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Only complete lines count: a kill may cut the last one short.
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()
    return lines
  }

  /// Runs `body` on its own thread: it blocks (spawning, sleeping, waiting), which must not occupy
  /// the cooperative pool that the other tests share.
  static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
  }
}

extension DurableLinkStoreCrashTests {
  /// Up to 200 writers killed: 50 at least, then as many as a minute allows.
  @Suite("DurableLinkStore under SIGKILL, stress run", .stress)
  struct StressTests {
    @Test(
      "links reported stored by a writer killed at random points are delivered exactly once",
      .enabled(if: LinkStoreWriter.url != nil, "the link-store-writer executable is not built"),
      .timeLimit(.minutes(2))
    )
    func randomKills() async throws {
      let writer = try #require(LinkStoreWriter.url)
      let temporary = try TemporaryDirectory()
      let directory = temporary.sub("links").path
      let seed = UInt64(Date().timeIntervalSince1970 * 1000)
      let rounds = 200
      let perRound = 40

      struct Log: Sendable {
        var stored: [String] = []
        var applied: [String: [Bool]] = [:]
        var killedDuringDelivery = 0
        var completedRounds = 0
      }
      var log = try await DurableLinkStoreCrashTests.offPool { () throws -> Log in
        var random = SeededGenerator(seed: seed)
        var log = Log()
        // The kill comes at a random point of the writer's work. On a loaded machine a writer may need
        // longer than the whole random window just to start, so every round killed before it wrote a line
        // moves the window later (up to half a second), and every round that finished moves it back.
        var startUp = Duration.zero
        let clock = ContinuousClock()
        let started = clock.now
        for round in 0..<rounds {
          // Bounded in time as well as in count: at least 50 rounds, then no more than a minute.
          if round >= 50, clock.now - started > .seconds(60) { break }
          let deliverRound = Int.random(in: 0..<10, using: &random) < 3
          let arguments =
            deliverRound
            ? ["deliver", directory, "300"] : ["append", directory, String(round), String(perRound)]
          let delay = startUp + Duration.microseconds(Int.random(in: 0...80_000, using: &random))
          let lines = try DurableLinkStoreCrashTests.run(writer, arguments, killAfter: delay)
          if lines.last?.hasPrefix("done") == true {
            log.completedRounds += 1
            startUp = startUp / 2
          } else {
            if deliverRound { log.killedDuringDelivery += 1 }
            if lines.isEmpty { startUp = min(startUp * 2 + .milliseconds(10), .milliseconds(500)) }
          }
          for line in lines {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 2, words[0] == "stored" {
              log.stored.append(words[1])
            } else if words.count == 3, words[0] == "applied" {
              log.applied[words[1], default: []].append(words[2] == "1")
            }
          }
        }
        return log
      }
      let context: Comment = "seed \(seed)"

      // The process that survives: open, deliver what is left, in order.
      let store = try DurableLinkStore(directory: URL(fileURLWithPath: directory))
      var finalOrder: [String] = []
      try await store.deliver { delivery in
        log.applied[delivery.link.id.uuidString, default: []].append(delivery.isRedelivery)
        finalOrder.append(delivery.link.id.uuidString)
      }
      #expect(store.pending().isEmpty, context)
      var abandoned: Set<String> = []
      for problem in try store.quarantinedEntries() {
        guard problem.code == .abandoned, let link = problem.link else {
          Issue.record("unexpected problem \(problem) (seed \(seed))")
          continue
        }
        abandoned.insert(link.id.uuidString)
      }

      // Every link reported stored was applied, or was set aside after two crashes in its delivery.
      for id in log.stored where log.applied[id] == nil {
        #expect(abandoned.contains(id), "stored link \(id) was lost (seed \(seed))")
      }
      // Applied at most twice: once, or once more as a flagged redelivery after a crash.
      for (id, flags) in log.applied {
        #expect(
          flags == [false] || flags == [true] || flags == [false, true], "link \(id): \(flags) (seed \(seed))"
        )
      }
      // Nothing was applied that no writer appended.
      let storedSet = Set(log.stored)
      for id in log.applied.keys where !storedSet.contains(id) {
        #expect(id.dropFirst(8).hasPrefix("-0000-4000-8000-"), "unknown link \(id) (seed \(seed))")
      }
      // What the survivor delivered came in the order the writers stored it.
      let storedOrder = Dictionary(uniqueKeysWithValues: log.stored.enumerated().map { ($1, $0) })
      let positions = finalOrder.compactMap { storedOrder[$0] }
      #expect(positions == positions.sorted(), context)
      // The run exercised what it claims to: kills during appends and during deliveries.
      #expect(log.stored.count > perRound, context)
      #expect(log.completedRounds < rounds, "no writer was ever killed (seed \(seed))")
      print(
        "crash test (seed \(seed)): \(rounds) rounds, \(log.stored.count) links reported stored,",
        "\(log.completedRounds) rounds completed, \(log.killedDuringDelivery) deliveries killed,",
        "\(log.applied.values.filter { $0.contains(true) }.count) redelivered, \(abandoned.count) abandoned"
      )
    }
  }
}
