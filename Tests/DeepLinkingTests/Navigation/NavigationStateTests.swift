import Foundation
import Testing

@testable import DeepLinking

extension NavigationTests {

  @MainActor
  @Suite("NavigationState")
  struct NavigationStateTests {
    @Test("state survives an encode/decode round trip and restores the navigator")
    func roundTrip() throws {
      let navigator = Navigator(rules: .shop, initialTab: ShopTab.home)
      try navigator.open(.product("42", category: "women"))
      try navigator.open(.order("A1"))
      navigator.select(tab: .home)

      let data = try JSONEncoder().encode(navigator.state)
      let decoded = try JSONDecoder().decode(NavigationState<Screen, ShopTab>.self, from: data)
      #expect(decoded == navigator.state)

      let restored = Navigator(rules: .shop, initialTab: ShopTab.account)
      restored.restore(from: decoded)
      #expect(restored.selectedTab == .home)
      #expect(restored.currentStack == [.category("women"), .product("42", category: "women")])
      #expect(restored.stack(for: .account) == [.orders, .order("A1")])
      #expect(restored.goBack())
      #expect(restored.currentDestination == .category("women"))
    }

    @Test("the encoding lists stacks per tab and leaves empty stacks out")
    func encoding() throws {
      let state = NavigationState<Screen, ShopTab>(
        selectedTab: .account, stacks: [.account: [.orders], .home: []])
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      let json = String(decoding: try encoder.encode(state), as: UTF8.self)
      #expect(json == #"{"selectedTab":"account","stacks":[{"stack":[{"orders":{}}],"tab":"account"}]}"#)
    }

    @Test("a saved state naming a tab twice is rejected")
    func duplicateTab() {
      let json = #"{"selectedTab":"home","stacks":[{"tab":"home","stack":[]},{"tab":"home","stack":[]}]}"#
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(NavigationState<Screen, ShopTab>.self, from: Data(json.utf8))
      }
    }

    @Test("a saved state with an unknown tab is rejected")
    func unknownTab() {
      let json = #"{"selectedTab":"settings","stacks":[]}"#
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(NavigationState<Screen, ShopTab>.self, from: Data(json.utf8))
      }
    }
  }
}
