import Testing

@testable import DeepLinking

extension NavigationTests {

  @MainActor
  @Suite("ReadinessGate")
  struct ReadinessGateTests {
    /// Everything the gate applied, in order: links as `link:<name>`, calls as `call:<name>`.
    final class Log {
      var entries: [String] = []
    }

    let log = Log()
    let gate: ReadinessGate<String>

    init() {
      let log = self.log
      gate = ReadinessGate { link in log.entries.append("link:\(link)") }
    }

    func call(_ name: String) {
      let log = self.log
      gate.perform { log.entries.append("call:\(name)") }
    }

    @Test("a link before ready waits and is applied once on markReady")
    func linkBeforeReady() {
      #expect(gate.submit("a") == .queued(superseding: nil))
      #expect(log.entries.isEmpty)
      #expect(gate.pendingCount == 1)
      #expect(gate.markReady() == 1)
      #expect(log.entries == ["link:a"])
      #expect(gate.markReady() == 0)
      #expect(log.entries == ["link:a"])
      #expect(gate.pendingCount == 0)
    }

    @Test("several links before ready: the newest wins and each older one is reported as superseded")
    func newestLinkWins() {
      var superseded: [String] = []
      gate.onSuperseded = { superseded.append($0) }
      gate.submit("a")
      #expect(gate.submit("b") == .queued(superseding: "a"))
      #expect(gate.submit("c") == .queued(superseding: "b"))
      #expect(superseded == ["a", "b"])
      #expect(gate.pendingLink == "c")
      gate.markReady()
      #expect(log.entries == ["link:c"])
    }

    @Test("programmatic calls before ready all apply, in order, once")
    func callsInOrder() {
      call("1")
      call("2")
      call("3")
      #expect(log.entries.isEmpty)
      #expect(gate.markReady() == 3)
      #expect(log.entries == ["call:1", "call:2", "call:3"])
      gate.markReady()
      #expect(log.entries.count == 3)
    }

    @Test("links and calls keep their arrival order; the newest link takes its own position")
    func mixed() {
      gate.submit("old")
      call("1")
      gate.submit("new")
      call("2")
      gate.markReady()
      #expect(log.entries == ["call:1", "link:new", "call:2"])
    }

    @Test("after ready, links and calls apply immediately")
    func afterReady() {
      gate.markReady()
      #expect(gate.submit("a") == .applied)
      #expect(log.entries == ["link:a"])
      call("1")
      gate.submit("b")
      #expect(log.entries == ["link:a", "call:1", "link:b"])
    }

    @Test("markNotReady queues again until the next markReady")
    func notReadyAgain() {
      gate.markReady()
      gate.markNotReady()
      #expect(!gate.isReady)
      gate.submit("a")
      call("1")
      #expect(log.entries.isEmpty)
      gate.markReady()
      #expect(log.entries == ["link:a", "call:1"])
    }

    @Test("the initial link goes first, unless a newer link is already waiting")
    func initialLink() {
      call("1")
      #expect(gate.submitInitial("start") == .queued(superseding: nil))
      gate.markReady()
      #expect(log.entries == ["link:start", "call:1"])
    }

    @Test("a link that arrived while loading supersedes the initial link")
    func initialLinkSuperseded() {
      var superseded: [String] = []
      gate.onSuperseded = { superseded.append($0) }
      gate.submit("tapped")
      #expect(gate.submitInitial("start") == .queued(superseding: "start"))
      #expect(superseded == ["start"])
      gate.markReady()
      #expect(log.entries == ["link:tapped"])
    }

    @Test("items submitted while the queue is applied run after it, each once")
    func reentrant() {
      let log = self.log
      let gate = self.gate
      gate.perform {
        log.entries.append("call:1")
        gate.perform { log.entries.append("call:nested") }
        gate.submit("fromCall")
      }
      call("2")
      gate.markReady()
      #expect(log.entries == ["call:1", "call:2", "call:nested", "link:fromCall"])
    }

    @Test("past the cap a call is refused, reported and returned, never run; queued calls keep their order")
    func callCap() {
      let log = self.log
      let gate = ReadinessGate<String>(maximumPendingCalls: 3) { log.entries.append("link:\($0)") }
      var refusals: [ReadinessGateError] = []
      gate.onRefused = { refusals.append($0) }
      for name in ["1", "2", "3"] {
        #expect(gate.perform { log.entries.append("call:\(name)") } == .queued)
      }
      gate.submit("a")
      let refused = gate.perform { log.entries.append("call:refused") }
      #expect(refused == .refused(.tooManyPendingCalls(limit: 3)))
      #expect(refusals == [.tooManyPendingCalls(limit: 3)])
      #expect(refusals.first?.description.contains("3 navigation calls") == true)
      #expect(gate.pendingCount == 4)
      #expect(gate.markReady() == 4)
      #expect(log.entries == ["call:1", "call:2", "call:3", "link:a"])
      #expect(gate.perform { log.entries.append("call:4") } == .applied)
      #expect(log.entries.last == "call:4")
      #expect(refusals.count == 1)
    }

    @Test("the default cap is 1,024 queued calls")
    func defaultCap() {
      #expect(gate.maximumPendingCalls == 1024)
      for index in 0..<1024 { call(String(index)) }
      #expect(gate.perform {} == .refused(.tooManyPendingCalls(limit: 1024)))
      #expect(gate.markReady() == 1024)
      #expect(log.entries == (0..<1024).map { "call:\($0)" })
    }

    @Test("many calls and superseded links: order kept, each call once, only the newest link")
    func longQueue() {
      var superseded: [String] = []
      gate.onSuperseded = { superseded.append($0) }
      var expected: [String] = []
      for index in 0..<1000 {
        gate.submit("link\(index)")
        call(String(index))
        expected.append("call:\(index)")
      }
      #expect(superseded.count == 999)
      #expect(gate.pendingLink == "link999")
      #expect(gate.pendingCount == 1001)
      #expect(gate.markReady() == 1001)
      // The newest link takes the position of its arrival: just before the last call.
      expected.insert("link:link999", at: 999)
      #expect(log.entries == expected)
      #expect(gate.pendingCount == 0)
      #expect(gate.markReady() == 0)
    }

    @Test("closing the gate midway through a long queue keeps the rest, applied once later")
    func closeMidwayThroughLongQueue() {
      let gate = self.gate
      for index in 0..<300 {
        if index == 200 { gate.perform { gate.markNotReady() } }
        call(String(index))
      }
      #expect(gate.markReady() == 201)
      #expect(log.entries == (0..<200).map { "call:\($0)" })
      gate.submit("late")
      #expect(gate.pendingLink == "late")
      #expect(gate.markReady() == 101)
      #expect(log.entries == (0..<300).map { "call:\($0)" } + ["link:late"])
    }

    @Test("a call that closes the gate leaves the rest queued for the next markReady")
    func closeWhileDraining() {
      let gate = self.gate
      call("1")
      gate.perform { gate.markNotReady() }
      call("2")
      #expect(gate.markReady() == 2)
      #expect(log.entries == ["call:1"])
      #expect(gate.pendingCount == 1)
      gate.markReady()
      #expect(log.entries == ["call:1", "call:2"])
    }
  }
}
