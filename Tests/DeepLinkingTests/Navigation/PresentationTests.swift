import Foundation
import Testing

@testable import DeepLinking

extension NavigationTests {

  /// Destinations of a shop whose review form is a sheet and whose video player covers the screen.
  enum Modal: Hashable, Sendable, Codable {
    case category(String)
    case product(String)
    case review(String)
    case player(String)
    case orders
  }

  enum ModalTab: String, Hashable, Sendable, Codable {
    case home, account
  }

  @MainActor
  @Suite("Presentation")
  struct PresentationTests {
    static let rules = NavigationRules<Modal, ModalTab>(
      tab: { screen in screen == .orders ? .account : .home },
      parent: { screen in
        switch screen {
        case .category, .orders: nil
        case .product: .category("shoes")
        case .review(let id), .player(let id): .product(id)
        }
      },
      presentation: { screen in
        switch screen {
        case .review: .sheet
        case .player: .fullScreenCover
        case .category, .product, .orders: .push
        }
      })

    let navigator = Navigator(rules: Self.rules, initialTab: ModalTab.account)

    @Test("a modal link selects its tab, builds its parents beneath and presents it")
    func coldStart() throws {
      #expect(try navigator.open(.review("42")) == .presented)
      #expect(navigator.selectedTab == .home)
      #expect(navigator.currentStack == [.category("shoes"), .product("42")])
      #expect(navigator.presented == PresentedDestination(.review("42"), presentation: .sheet))
      #expect(navigator.currentDestination == .review("42"))
      // The same link again changes nothing.
      #expect(try navigator.open(.review("42")) == .alreadyShown)
    }

    @Test("a modal over the screen it belongs to keeps the user's stack as it is")
    func overTheCurrentScreen() throws {
      navigator.select(tab: .home)
      navigator.push(.category("sale"))
      navigator.push(.product("42"))
      #expect(try navigator.open(.review("42")) == .presented)
      #expect(navigator.currentStack == [.category("sale"), .product("42")])
    }

    @Test("a second modal replaces the first; a pushed link dismisses the modal")
    func replaceAndDismiss() throws {
      try navigator.open(.review("42"))
      try navigator.open(.player("42"))
      #expect(navigator.presented?.presentation == .fullScreenCover)
      #expect(navigator.presented?.destination == .player("42"))
      #expect(try navigator.open(.orders) == .pushed(kept: 0))
      #expect(navigator.presented == nil)
      #expect(navigator.selectedTab == .account)
    }

    @Test("Back dismisses the modal before it pops; dismiss reports what it dismissed")
    func back() throws {
      try navigator.open(.review("42"))
      #expect(navigator.canGoBack)
      #expect(navigator.goBack())
      #expect(navigator.presented == nil)
      #expect(navigator.currentDestination == .product("42"))
      #expect(navigator.dismiss() == nil)
      #expect(navigator.goBack())
      #expect(navigator.currentDestination == .category("shoes"))
    }

    @Test("a pushed link to the screen under the modal dismisses it and reports it already shown")
    func linkUnderTheModal() throws {
      try navigator.open(.review("42"))
      #expect(try navigator.open(.product("42")) == .alreadyShown)
      #expect(navigator.presented == nil)
    }

    @Test("every change of the modal reaches onChange once, with the modal in the state")
    func onChange() throws {
      var states: [NavigationState<Modal, ModalTab>] = []
      navigator.onChange = { states.append($0) }
      try navigator.open(.review("42"))
      navigator.dismiss()
      navigator.dismiss()
      #expect(states.map(\.presented) == [PresentedDestination(.review("42"), presentation: .sheet), nil])
    }

    @Test("a tab's root is never modal, whatever the rule says")
    func rootIsNotModal() throws {
      let rules = NavigationRules<Modal, ModalTab>(
        tab: { _ in .home }, parent: { _ in nil }, root: { _ in .review("root") },
        presentation: { _ in .sheet })
      let navigator = Navigator(rules: rules, initialTab: .account)
      #expect(try navigator.open(.review("root")) == .alreadyShown)
      #expect(navigator.presented == nil)
      #expect(navigator.selectedTab == .home)
    }

    @Test("the modal survives encoding; a state saved without one still reads")
    func encoding() throws {
      try navigator.open(.player("42"))
      let data = try JSONEncoder().encode(navigator.state)
      let decoded = try JSONDecoder().decode(NavigationState<Modal, ModalTab>.self, from: data)
      #expect(decoded == navigator.state)
      #expect(decoded.presented == PresentedDestination(.player("42"), presentation: .fullScreenCover))
      let old = Data(#"{"selectedTab":"home","stacks":[]}"#.utf8)
      #expect(try JSONDecoder().decode(NavigationState<Modal, ModalTab>.self, from: old).presented == nil)
      let bad = Data(
        #"{"selectedTab":"home","presented":{"destination":{"orders":{}},"presentation":"popover"}}"#.utf8)
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(NavigationState<Modal, ModalTab>.self, from: bad)
      }
    }

    @Test("a modal made with the push presentation reads as a sheet")
    func pushIsNotModal() {
      #expect(PresentedDestination(Modal.orders, presentation: .push).presentation == .sheet)
      #expect(!Presentation.push.isModal)
      #expect(Presentation.allCases.filter(\.isModal) == [.sheet, .fullScreenCover])
    }
  }
}
