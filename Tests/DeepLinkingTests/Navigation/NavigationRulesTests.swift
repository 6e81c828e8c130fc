import Testing

@testable import DeepLinking

extension NavigationTests {

  @Suite("NavigationRules")
  struct NavigationRulesTests {
    @Test(
      "a plan is the destination's tab and its parent chain, oldest first",
      arguments: [
        (Screen.category("women"), ShopTab.home, [Screen.category("women")]),
        (
          .subCategory("dresses", in: "women"), .home,
          [.category("women"), .subCategory("dresses", in: "women")]
        ),
        (.product("42", category: "men"), .home, [.category("men"), .product("42", category: "men")]),
        (.order("A1"), .account, [.orders, .order("A1")]),
      ]
    )
    func plan(destination: Screen, tab: ShopTab, stack: [Screen]) throws {
      let plan = try NavigationRules.shop.plan(for: destination)
      #expect(plan.tab == tab)
      #expect(plan.stack == stack)
      #expect(plan.destination == destination)
    }

    @Test("the chain stops at a tab root declared as a destination")
    func chainStopsAtRoot() throws {
      let rules = NavigationRules<Screen, ShopTab>(
        tab: { _ in .account },
        parent: { screen in screen == .orders ? nil : .orders },
        root: { _ in .orders }
      )
      #expect(try rules.plan(for: .order("7")).stack == [.order("7")])
      #expect(try rules.plan(for: .orders).stack == [])
    }

    @Test("a parent rule that loops is a typed error naming the cycle")
    func cycle() {
      let rules = NavigationRules<Screen, ShopTab>(
        tab: { _ in .home },
        parent: { screen in
          switch screen {
          case .category("a"): .category("b")
          case .category("b"): .category("c")
          default: .category("a")
          }
        }
      )
      #expect(
        throws: NavigationError.parentCycle(chain: [
          "category(a)", "category(b)", "category(c)", "category(a)",
        ])
      ) {
        try rules.plan(for: .category("a"))
      }
    }

    @Test("a destination that is its own parent is a cycle")
    func selfParent() {
      let rules = NavigationRules<Screen, ShopTab>(tab: { _ in .home }, parent: { $0 })
      #expect(throws: NavigationError.parentCycle(chain: ["orders", "orders"])) {
        try rules.plan(for: .orders)
      }
    }

    @Test("a chain longer than the limit is refused")
    func tooDeep() throws {
      let rules = NavigationRules<Screen, ShopTab>(
        tab: { _ in .home },
        parent: { screen in
          guard case .order(let id) = screen, let depth = Int(id), depth > 0 else { return nil }
          return .order(String(depth - 1))
        },
        maximumDepth: 5
      )
      #expect(try rules.plan(for: .order("4")).stack.count == 5)
      let error = #expect(throws: NavigationError.self) { try rules.plan(for: .order("5")) }
      #expect(error == .chainTooDeep(destination: "order(5)", limit: 5))
      #expect(error?.description == "parent chain of order(5) is longer than the limit of 5 destinations")
    }
  }
}
