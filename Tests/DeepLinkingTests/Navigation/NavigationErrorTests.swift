import Testing

@testable import DeepLinking

extension NavigationTests {
  @Suite("NavigationError and ReadinessGateError")
  struct NavigationErrorTests {
    @Test("each navigation error code keeps its identifier and carries only its details")
    func navigationErrorCodes() {
      #expect(ErrorCode<NavigationError>.parentCycle.description == "parent-cycle")
      #expect(ErrorCode<NavigationError>.chainTooDeep.description == "chain-too-deep")

      let cycle = NavigationError.parentCycle(chain: ["a", "b", "a"])
      #expect(cycle.code == .parentCycle && cycle.chain == ["a", "b", "a"])
      #expect(cycle.destination == nil && cycle.limit == nil)
      #expect(cycle.description == "parent rule forms a cycle: a -> b -> a")

      let deep = NavigationError.chainTooDeep(destination: "leaf", limit: 64)
      #expect(deep.code == .chainTooDeep && deep.destination == "leaf" && deep.limit == 64)
      #expect(deep.chain == nil)
      #expect(deep.description == "parent chain of leaf is longer than the limit of 64 destinations")

      #expect(cycle != NavigationError.parentCycle(chain: ["a", "a"]))
      #expect(deep != NavigationError.chainTooDeep(destination: "leaf", limit: 65))
    }

    @Test("the readiness gate's refusal keeps its identifier and carries its limit")
    func readinessGateErrorCodes() {
      let refused = ReadinessGateError.tooManyPendingCalls(limit: 3)
      #expect(ErrorCode<ReadinessGateError>.tooManyPendingCalls.description == "too-many-pending-calls")
      #expect(refused.code == .tooManyPendingCalls && refused.limit == 3)
      #expect(
        refused.description
          == "3 navigation calls already wait for the screen to be ready; this one is refused")
      #expect(refused != .tooManyPendingCalls(limit: 4))
    }
  }
}
