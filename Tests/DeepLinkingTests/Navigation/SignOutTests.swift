import DeepLinking
import Testing

/// A bank app: offers anyone may see, statements and transfers behind sign-in.
enum Bank: Hashable, Sendable, Codable {
  case offers
  case offer(id: String)
  case statements
  case statement(id: String)
  case transfer(id: String)
}

enum BankTab: Hashable, Sendable, Codable {
  case home
  case account
}

@MainActor
struct BankApp {
  let navigator: Navigator<Bank, BankTab>
  let intake: LinkIntake<Bank>

  init() throws {
    let table = RouteTable(
      schemes: ["bank"],
      routes: [
        RouteDefinition("offers", "/offers"),
        RouteDefinition("offer", "/offers/{id}"),
        RouteDefinition("statements", "/account/statements", requiresSignIn: true),
        RouteDefinition("statement", "/account/statements/{id}", requiresSignIn: true),
        RouteDefinition("transfer", "/account/transfer/{id}", requiresSignIn: true),
      ])
    let rules = NavigationRules<Bank, BankTab>(
      tab: { screen in
        switch screen {
        case .offers, .offer: .home
        case .statements, .statement, .transfer: .account
        }
      },
      parent: { screen in
        switch screen {
        case .offers, .statements: nil
        case .offer: .offers
        case .statement, .transfer: .statements
        }
      },
      presentation: { screen in
        if case .transfer = screen { return .sheet }
        return .push
      })
    navigator = Navigator(rules: rules, initialTab: .home)
    intake = LinkIntake(
      destinations: try DestinationRouter<Bank>(table: table), navigator: navigator, isSignedIn: true)
  }
}

@MainActor
@Suite("Sign-out closes the screens behind sign-in")
struct SignOutTests {
  @Test("after sign-out, the account screens are gone and the others stay as the user left them")
  func signOutClosesAccountScreens() async throws {
    let app = try BankApp()
    await app.intake.markReady()
    #expect(await app.intake.receive("bank://offers/spring", source: .customScheme).appliedDestination != nil)
    #expect(
      await app.intake.receive("bank://account/statements/7", source: .customScheme).appliedDestination != nil
    )
    #expect(app.navigator.stack(for: .account) == [.statements, .statement(id: "7")])
    await app.intake.signOut()
    // Signing out alone leaves the statement on screen: the intake does not hold the navigation.
    #expect(app.navigator.currentDestination == .statement(id: "7"))
    let closed = app.navigator.removeDestinations(where: app.intake.requiresSignIn)
    #expect(closed == [.statements, .statement(id: "7")])
    #expect(app.navigator.stack(for: .account).isEmpty)
    #expect(app.navigator.stack(for: .home) == [.offers, .offer(id: "spring")])
    #expect(app.navigator.selectedTab == .account)
  }

  @Test("a sheet behind sign-in is dismissed, and a stack is cut at its first such screen")
  func sheetsAndMixedStacks() async throws {
    let app = try BankApp()
    await app.intake.markReady()
    await app.intake.receive("bank://account/transfer/3", source: .customScheme)
    #expect(app.navigator.presented?.destination == .transfer(id: "3"))
    app.navigator.push(.offer(id: "reached-from-a-statement"))
    let closed = app.navigator.removeDestinations(where: app.intake.requiresSignIn)
    #expect(closed == [.statements, .offer(id: "reached-from-a-statement"), .transfer(id: "3")])
    #expect(app.navigator.presented == nil)
    #expect(app.navigator.stack(for: .account).isEmpty)
  }

  @Test("a predicate that picks nothing on the stacks changes nothing")
  func nothingPicked() throws {
    let app = try BankApp()
    try app.navigator.open(.statement(id: "1"))
    app.navigator.select(tab: .home)
    let closed = app.navigator.removeDestinations { $0 == .offers }
    #expect(closed.isEmpty)
    #expect(app.navigator.stack(for: .account) == [.statements, .statement(id: "1")])
    #expect(app.navigator.removeDestinations(where: app.intake.requiresSignIn).count == 2)
  }

  @Test("which destinations require sign-in is read from their routes")
  func requiresSignIn() throws {
    let app = try BankApp()
    #expect(app.intake.requiresSignIn(.statement(id: "1")))
    #expect(app.intake.requiresSignIn(.transfer(id: "1")))
    #expect(!app.intake.requiresSignIn(.offers))
    #expect(!app.intake.requiresSignIn(.offer(id: "1")))
  }
}
