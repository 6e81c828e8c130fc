import Testing

@testable import DeepLinkRouting

/// The first parameter of a route is packed in 32 bits; every kind must read back as itself.
@Suite("Route plans: packing the first parameter")
struct RoutePlanPackingTests {
  @Test(arguments: RoutePlan.Parameter.Kind.allCases)
  func everyKindReadsBackAsItself(_ kind: RoutePlan.Parameter.Kind) throws {
    for (position, name) in [
      (0, 0), (255, RoutePlan.packedNameLimit - 2), (254, RoutePlan.packedNameLimit - 1), (7, 12_345),
    ] {
      var plan = RoutePlan(name: "r", parameterStart: 0, parameterCount: 1, queryCount: 0)
      plan.packedFirst = try #require(RoutePlan.pack(position: position, kind: kind, name: name))
      let first = try #require(plan.first)
      #expect(first.position == position)
      #expect(first.kind == kind)
      #expect(first.name == name)
    }
  }

  @Test func whatDoesNotFitIsNotPacked() {
    #expect(RoutePlan.pack(position: 256, kind: .parameter(.string), name: 0) == nil)
    #expect(RoutePlan.pack(position: 0, kind: .parameter(.string), name: RoutePlan.packedNameLimit) == nil)
    #expect(1 << RoutePlan.kindBits >= RoutePlan.Parameter.Kind.allCases.count)
  }
}
