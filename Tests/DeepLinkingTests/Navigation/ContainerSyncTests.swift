import Testing

@testable import DeepLinking

/// What a UIKit tab bar with navigation controllers must do to follow a navigator, and what the
/// navigator must be told when the user changes the controllers.
@MainActor
@Suite("ContainerSync")
struct ContainerSyncTests {
  enum Screen: Hashable, Sendable, Codable {
    case category(String)
    case product(String)
    case orders
    case review(String)
    case player(String)
  }

  enum Tab: Hashable, Sendable, Codable {
    case home, shop, account
  }

  static func navigator() -> Navigator<Screen, Tab> {
    Navigator(
      rules: NavigationRules(
        tab: { screen in
          switch screen {
          case .category, .product, .review, .player: .shop
          case .orders: .account
          }
        },
        parent: { screen in
          switch screen {
          case .product: .category("women")
          case .review(let id), .player(let id): .product(id)
          case .category, .orders: nil
          }
        },
        presentation: { screen in
          switch screen {
          case .review: .sheet
          case .player: .fullScreenCover
          case .category, .product, .orders: .push
          }
        }),
      initialTab: .home)
  }

  @Test("a cold-start link pushes its parents below it in its tab, and selects the tab")
  func coldStart() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    #expect(sync.update(to: navigator.state).select == .home)
    try navigator.open(.product("42"))
    let (changes, select, _) = sync.update(to: navigator.state)
    #expect(select == .shop)
    #expect(changes == [.init(tab: .shop, kept: 0, pushed: [.category("women"), .product("42")])])
    // Nothing changed: nothing to do.
    #expect(sync.update(to: navigator.state).changes.isEmpty)
    #expect(sync.update(to: navigator.state).select == nil)
  }

  @Test("a second link keeps the screens the tab already shows and pushes only the rest")
  func keepsTheCommonPrefix() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    try navigator.open(.product("42"))
    _ = sync.update(to: navigator.state)
    try navigator.open(.product("7"))
    #expect(sync.update(to: navigator.state).changes == [.init(tab: .shop, kept: 1, pushed: [.product("7")])])
    navigator.replace(stack: [.category("women")], in: .shop)
    #expect(sync.update(to: navigator.state).changes == [.init(tab: .shop, kept: 1, pushed: [])])
  }

  @Test("a Back swipe tells the navigator the shorter stack, once; the navigator's echo changes nothing")
  func backSwipe() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    try navigator.open(.product("42"))
    _ = sync.update(to: navigator.state)
    let popped = sync.userPopped(tab: .shop, toCount: 1)
    let stack = try #require(popped)
    #expect(stack == [.category("women")])
    navigator.replace(stack: stack, in: .shop)
    #expect(navigator.stack(for: .shop) == [.category("women")])
    #expect(sync.update(to: navigator.state).changes.isEmpty)
    // A "pop" to the same or a larger count, or a negative one, says nothing new.
    #expect(sync.userPopped(tab: .shop, toCount: 1) == nil)
    #expect(sync.userPopped(tab: .shop, toCount: 5) == nil)
    #expect(sync.userPopped(tab: .shop, toCount: -1) == nil)
    #expect(sync.userPopped(tab: .home, toCount: 0) == nil)
  }

  @Test("a tab tap selects the tab in the navigator; the same tab or an unknown index does nothing")
  func tabTap() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    _ = sync.update(to: navigator.state)
    let selected = sync.userSelected(2)
    let tab = try #require(selected)
    navigator.select(tab: tab)
    #expect(navigator.selectedTab == .account)
    #expect(sync.update(to: navigator.state).select == nil)
    #expect(sync.userSelected(2) == nil)
    #expect(sync.userSelected(3) == nil)
    #expect(sync.userSelected(-1) == nil)
  }

  @Test("a restored state rebuilds every tab, in the tab bar's order")
  func restore() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    _ = sync.update(to: navigator.state)
    navigator.restore(
      from: NavigationState(
        selectedTab: .account, stacks: [.account: [.orders], .shop: [.category("men")]]))
    let (changes, select, _) = sync.update(to: navigator.state)
    #expect(select == .account)
    #expect(changes.map(\.tab) == [.shop, .account])
    #expect(changes.map(\.pushed) == [[.category("men")], [.orders]])
  }

  @Test("a modal link pushes its parents, then presents it; another modal replaces it; a push dismisses it")
  func modal() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    _ = sync.update(to: navigator.state)
    try navigator.open(.review("42"))
    var update = sync.update(to: navigator.state)
    #expect(update.changes == [.init(tab: .shop, kept: 0, pushed: [.category("women"), .product("42")])])
    #expect(update.modal == .present(PresentedDestination(.review("42"), presentation: .sheet)))
    #expect(sync.update(to: navigator.state).modal == nil)

    try navigator.open(.player("42"))
    update = sync.update(to: navigator.state)
    #expect(update.changes.isEmpty)
    #expect(update.modal == .present(PresentedDestination(.player("42"), presentation: .fullScreenCover)))

    try navigator.open(.product("7"))
    update = sync.update(to: navigator.state)
    #expect(update.modal == .dismiss)
    #expect(update.changes == [.init(tab: .shop, kept: 1, pushed: [.product("7")])])
  }

  @Test("a modal swiped down tells the navigator once; the navigator's echo changes nothing")
  func swipeDown() throws {
    let navigator = Self.navigator()
    var sync = ContainerSync<Screen, Tab>(tabs: [.home, .shop, .account])
    try navigator.open(.review("42"))
    _ = sync.update(to: navigator.state)
    let dismissed = sync.userDismissed()
    #expect(dismissed)
    navigator.dismiss()
    #expect(navigator.presented == nil)
    let echo = sync.update(to: navigator.state)
    #expect(echo.modal == nil)
    let dismissedAgain = sync.userDismissed()
    #expect(!dismissedAgain)
    #expect(navigator.currentDestination == .product("42"))
  }
}
