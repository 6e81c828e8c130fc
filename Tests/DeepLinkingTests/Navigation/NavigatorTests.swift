import Observation
import Testing

@testable import DeepLinking

extension NavigationTests {

  @MainActor
  @Suite("Navigator")
  struct NavigatorTests {
    let navigator = Navigator(rules: .shop, initialTab: ShopTab.home)
    let women = Screen.category("women")
    let dresses = Screen.subCategory("dresses", in: "women")
    let product = Screen.product("42", category: "women")

    @Test("starts at the root of the initial tab")
    func initial() {
      #expect(navigator.selectedTab == .home)
      #expect(navigator.currentStack.isEmpty)
      #expect(navigator.currentDestination == nil)
      #expect(!navigator.canGoBack)
    }

    @Test("push adds on top of the selected tab, and pushing the top again changes nothing")
    func push() {
      navigator.push(women)
      navigator.push(product)
      navigator.push(product)
      #expect(navigator.currentStack == [women, product])
      #expect(navigator.stack(for: .account).isEmpty)
      #expect(navigator.currentDestination == product)
    }

    @Test("pop removes and returns the top; at the root it returns nil")
    func pop() {
      navigator.push(women)
      #expect(navigator.pop() == women)
      #expect(navigator.pop() == nil)
      #expect(navigator.currentStack.isEmpty)
    }

    @Test("goBack pops one step and reports false at the root")
    func goBack() {
      navigator.push(women)
      navigator.push(product)
      #expect(navigator.goBack())
      #expect(navigator.currentStack == [women])
      #expect(navigator.goBack())
      #expect(!navigator.goBack())
      #expect(navigator.selectedTab == .home)
    }

    @Test("popToRoot empties only the selected tab")
    func popToRoot() {
      navigator.push(.orders)
      navigator.select(tab: .account)
      navigator.push(.order("1"))
      navigator.select(tab: .home)
      navigator.popToRoot()
      #expect(navigator.currentStack.isEmpty)
      #expect(navigator.stack(for: .account) == [.order("1")])
    }

    @Test("replace(top:) swaps the top, or pushes onto an empty stack")
    func replaceTop() {
      navigator.replace(top: women)
      #expect(navigator.currentStack == [women])
      navigator.push(product)
      navigator.replace(top: dresses)
      #expect(navigator.currentStack == [women, dresses])
    }

    @Test("replace(stack:in:) sets a whole stack without changing the selection")
    func replaceStack() {
      navigator.replace(stack: [women, product])
      navigator.replace(stack: [.orders], in: .account)
      #expect(navigator.currentStack == [women, product])
      #expect(navigator.stack(for: .account) == [.orders])
      #expect(navigator.selectedTab == .home)
    }

    @Test("each tab keeps its own stack across tab switches")
    func tabs() {
      navigator.push(women)
      navigator.select(tab: .account)
      #expect(navigator.currentStack.isEmpty)
      navigator.push(.orders)
      navigator.select(tab: .home)
      #expect(navigator.currentStack == [women])
      navigator.select(tab: .account)
      #expect(navigator.currentStack == [.orders])
    }

    @Test("cold start: opening a deep destination synthesizes its back stack, and Back lands on the parent")
    func coldStart() throws {
      navigator.select(tab: .account)
      let outcome = try navigator.open(product)
      #expect(outcome == .pushed(kept: 0))
      #expect(navigator.selectedTab == .home)
      #expect(navigator.currentStack == [women, product])
      #expect(navigator.goBack())
      #expect(navigator.currentDestination == women)
    }

    @Test("opening the destination already on top changes nothing but the tab")
    func duplicates() throws {
      try navigator.open(product)
      navigator.select(tab: .account)
      var changes = 0
      navigator.onChange = { _ in changes += 1 }
      #expect(try navigator.open(product) == .alreadyShown)
      #expect(changes == 1)
      #expect(try navigator.open(product) == .alreadyShown)
      #expect(changes == 1)
      #expect(navigator.currentStack == [women, product])
    }

    @Test("ancestors already shown are kept; what is above them is removed")
    func keepsAncestors() throws {
      navigator.replace(stack: [women, .product("1", category: "women")])
      #expect(try navigator.open(product) == .pushed(kept: 1))
      #expect(navigator.currentStack == [women, product])
      navigator.replace(stack: [women])
      #expect(try navigator.open(product) == .pushed(kept: 1))
      #expect(navigator.currentStack == [women, product])
    }

    @Test("a stack unrelated to the destination is replaced by the synthesized one")
    func replacesUnrelated() throws {
      navigator.replace(stack: [.category("men"), .product("7", category: "men")])
      #expect(try navigator.open(dresses) == .replaced)
      #expect(navigator.currentStack == [women, dresses])
    }

    @Test("opening leaves other tabs alone")
    func otherTabs() throws {
      navigator.replace(stack: [.orders, .order("9")], in: .account)
      try navigator.open(product)
      #expect(navigator.stack(for: .account) == [.orders, .order("9")])
    }

    @Test("a parent cycle is an error and the state stays as it was")
    func cycleLeavesStateUnchanged() {
      let navigator = Navigator<Screen, ShopTab>(
        rules: NavigationRules(tab: { _ in .account }, parent: { $0 }),
        initialTab: .home
      )
      navigator.push(women)
      #expect(throws: NavigationError.self) { try navigator.open(.orders) }
      #expect(navigator.selectedTab == .home)
      #expect(navigator.currentStack == [women])
    }

    @Test("opening a tab's root destination pops that tab to its root")
    func openRoot() throws {
      let navigator = Navigator<Screen, ShopTab>(
        rules: NavigationRules(
          tab: { _ in .account },
          parent: { $0 == .orders ? nil : .orders },
          root: { _ in .orders }
        ),
        initialTab: .account
      )
      #expect(navigator.currentDestination == .orders)
      try navigator.open(.order("1"))
      #expect(navigator.currentStack == [.order("1")])
      #expect(try navigator.open(.orders) == .replaced)
      #expect(navigator.currentStack.isEmpty)
      #expect(navigator.currentDestination == .orders)
      #expect(try navigator.open(.orders) == .alreadyShown)
    }

    @Test("apply shows a plan computed elsewhere")
    func applyPlan() {
      navigator.apply(NavigationPlan(tab: .account, stack: [.orders, .order("3")]))
      #expect(navigator.selectedTab == .account)
      #expect(navigator.currentStack == [.orders, .order("3")])
    }

    @Test("onChange reports every change once, and nothing for a no-op")
    func onChange() {
      var states: [NavigationState<Screen, ShopTab>] = []
      navigator.onChange = { states.append($0) }
      navigator.push(women)
      navigator.select(tab: .home)
      navigator.pop()
      navigator.pop()
      navigator.select(tab: .account)
      #expect(
        states == [
          NavigationState(selectedTab: .home, stacks: [.home: [women]]),
          NavigationState(selectedTab: .home),
          NavigationState(selectedTab: .account),
        ]
      )
    }

    @Test("the navigator is observable: SwiftUI sees tab and stack changes")
    func observable() {
      @MainActor final class Counter { var count = 0 }
      let counter = Counter()
      withObservationTracking {
        _ = navigator.currentStack
      } onChange: {
        MainActor.assumeIsolated { counter.count += 1 }
      }
      navigator.push(women)
      #expect(counter.count == 1)
    }
  }
}
