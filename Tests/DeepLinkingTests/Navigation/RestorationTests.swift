import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinking

extension NavigationTests {

  /// A catalog whose products can be deleted between two launches.
  actor Catalog {
    var existing: Set<String>
    var checked: [NavigationTests.Modal] = []
    var failing: Set<String> = []

    init(_ existing: Set<String>) { self.existing = existing }

    func check(_ screen: NavigationTests.Modal) throws -> NavigationTests.Modal? {
      checked.append(screen)
      switch screen {
      case .product(let id), .review(let id), .player(let id):
        if failing.contains(id) { throw CatalogOffline() }
        return existing.contains(id) ? screen : nil
      case .category, .orders: return screen
      }
    }

    func fail(_ id: String) { failing.insert(id) }
  }

  struct CatalogOffline: Error, CustomStringConvertible {
    var description: String { "the catalog is offline" }
  }

  @MainActor
  @Suite("Restoration")
  struct RestorationTests {
    let saved = NavigationState<Modal, ModalTab>(
      selectedTab: .home,
      stacks: [.home: [.category("shoes"), .product("42"), .product("43")], .account: [.orders]],
      presented: PresentedDestination(.review("43"), presentation: .sheet))

    func savedAndRead() throws -> NavigationState<Modal, ModalTab> {
      try JSONDecoder().decode(NavigationState<Modal, ModalTab>.self, from: JSONEncoder().encode(saved))
    }

    @Test("a saved state whose destinations all exist comes back whole, checked in order")
    func whole() async throws {
      let catalog = Catalog(["42", "43"])
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let report = await navigator.restore(from: try savedAndRead()) { try await catalog.check($0) }
      #expect(report.isComplete)
      #expect(navigator.state == saved)
      #expect(await catalog.checked.contains(.review("43")))
    }

    @Test("a deleted product ends its stack there: the screens above it and its modal are left out")
    func deletedProduct() async throws {
      let catalog = Catalog(["43"])
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let report = await navigator.restore(from: saved) { try await catalog.check($0) }
      #expect(navigator.currentStack == [.category("shoes")])
      #expect(navigator.presented == nil)
      #expect(navigator.stack(for: .account) == [.orders])
      #expect(report.gone == [.product("42")])
      #expect(report.leftOut == [.product("42"), .product("43"), .review("43")])
      #expect(!report.isComplete)
      // Nothing above the deleted product was asked about.
      #expect(await !catalog.checked.contains(.product("43")))
    }

    @Test("a check that throws leaves its destination out rather than showing it unchecked")
    func failedCheck() async throws {
      let catalog = Catalog(["42", "43"])
      await catalog.fail("43")
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let report = await navigator.restore(from: saved) { try await catalog.check($0) }
      #expect(navigator.currentStack == [.category("shoes"), .product("42")])
      #expect(report.failed == [.product("43"): "the catalog is offline"])
      #expect(report.gone.isEmpty)
    }

    @Test("a check may refresh what it restores")
    func refreshed() async throws {
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let state = NavigationState<Modal, ModalTab>(selectedTab: .home, stacks: [.home: [.category("old")]])
      await navigator.restore(from: state) { screen in
        screen == .category("old") ? .category("renamed") : screen
      }
      #expect(navigator.currentStack == [.category("renamed")])
    }

    @Test("a link applied while the checks run wins: its tab and selection stay, other tabs are restored")
    func linkDuringRestore() async throws {
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let gate = AsyncStream<Void>.makeStream()
      let arrived = AsyncStream<Void>.makeStream()
      let restoring = Task { @MainActor in
        await navigator.restore(from: saved) { screen in
          if screen == .category("shoes") {
            arrived.continuation.yield()
            for await _ in gate.stream { break }
          }
          return screen
        }
      }
      for await _ in arrived.stream { break }
      // The launch link opens while the first check waits.
      try navigator.open(.player("7"))
      gate.continuation.yield()
      let report = await restoring.value
      #expect(report.keptNewerChange)
      #expect(navigator.selectedTab == .home)
      #expect(navigator.presented == PresentedDestination(.player("7"), presentation: .fullScreenCover))
      #expect(navigator.stack(for: .home) == [.category("shoes"), .product("7")])
      #expect(navigator.stack(for: .account) == [.orders])
    }

    @Test("restored before markReady, a cold-start link waits, then opens on top of the restored state")
    func launchLinkAfterRestore() async throws {
      let navigator = Navigator(rules: PresentationTests.rules, initialTab: .account)
      let table = RouteTable(schemes: ["shop"], routes: [RouteDefinition("product", "/p/{id}")])
      let destinations = try DestinationRouter<Modal>(
        table: table, destination: { match in match.parameters.string("id").map(Modal.product) },
        values: { _ in nil })
      let intake = LinkIntake(destinations: destinations, navigator: navigator, isSignedIn: false)
      let outcome = await intake.receive("shop://p/7", source: .customScheme)
      guard case .waitingForReady = outcome else {
        Issue.record("the link should wait for markReady, got \(outcome)")
        return
      }
      let catalog = Catalog(["42", "43", "7"])
      await navigator.restore(from: saved) { try await catalog.check($0) }
      #expect(navigator.state == saved)
      await intake.markReady()
      #expect(navigator.currentDestination == .product("7"))
      #expect(navigator.presented == nil)
      #expect(navigator.currentStack == [.category("shoes"), .product("7")])
      #expect(navigator.stack(for: .account) == [.orders])
    }
  }
}

extension NavigationTests.RestorationTests {
  @Test("encoded() and init(encoded:) round-trip a state; data of other types is a DecodingError")
  func encodedData() throws {
    let data = try saved.encoded()
    #expect(try NavigationState<NavigationTests.Modal, NavigationTests.ModalTab>(encoded: data) == saved)
    #expect(try saved.encoded() == data)
    #expect(throws: DecodingError.self) {
      try NavigationState<NavigationTests.Modal, NavigationTests.ModalTab>(encoded: Data("{}".utf8))
    }
    #expect(throws: DecodingError.self) {
      try NavigationState<Int, Int>(encoded: data)
    }
  }
}
