import DeepLinking
import Foundation
import Testing

@testable import RetailExample

@Suite("Retail example")
struct RetailExampleTests {
  @Test(arguments: [
    ("shop://product/p100", RetailDestination.product(id: "p100")),
    ("https://shop.example.com/product/p200/", .product(id: "p200")),
    ("shop://category/women", .category(gender: .women)),
    ("shop://category/women/dresses", .subCategory(gender: .women, category: .dresses)),
    (
      "https://shop.example.com/category/KIDS/rain-jackets",
      .subCategory(gender: .kids, category: .rainJackets)
    ),
    ("shop://account", .account),
    ("https://shop.example.com/account/orders/o-17", .order(id: "o-17")),
  ])
  func linksBecomeDestinations(_ url: String, _ expected: RetailDestination) throws {
    #expect(try RetailLinks().destinations.destination(for: url) == expected)
  }

  @Test func theAppsConstantLinksAreTheCatalogs() {
    #expect(RetailLinks.shop.product(id: "p100") == Product.mock[0])
    #expect(RetailLinks.shop.destinations.router.table == RetailLinks.table)
  }

  @Test func subCategoryIsNotMistakenForItsCategory() throws {
    // An ordered list of unanchored patterns answers "category" here; the route table does not.
    let links = try RetailLinks()
    #expect(
      try links.destinations.destination(for: "shop://category/women/dresses")
        == .subCategory(gender: .women, category: .dresses))
    #expect(try links.destinations.router.match("shop://category/women/dresses")?.route == "subCategory")
  }

  @Test func unknownEntitiesAreNotDestinations() throws {
    let links = try RetailLinks()
    #expect(try links.destinations.destination(for: "shop://category/aliens") == nil)
    #expect(try links.destinations.destination(for: "shop://category/women/hats") == nil)
    // A product id is looked up in the catalog by the intake's load step.
    #expect(links.load(.product(id: "nope")) == nil)
    #expect(links.load(.product(id: "p100")) == .product(id: "p100"))
    #expect(links.load(.order(id: "o-1")) == .order(id: "o-1"))
  }

  @MainActor
  @Test func anUnknownProductLinkOpensNothing() async throws {
    let links = try RetailLinks()
    let navigator = Navigator(rules: links.rules, initialTab: .account)
    let intake = links.intake(navigator: navigator, isSignedIn: true)
    await intake.markReady()
    let outcome = await intake.receive(
      try #require(URL(string: "shop://product/nope")), source: .customScheme)
    #expect(outcome.refusal == .notFound(route: "product"))
    #expect(navigator.selectedTab == .account)
    #expect(navigator.stack(for: .home).isEmpty)
  }

  static let shareable: [RetailDestination] = [
    .product(id: "p400"), .category(gender: .men), .subCategory(gender: .women, category: .shoes),
    .subCategory(gender: .kids, category: .rainJackets), .account, .order(id: "o 1/2"),
  ]

  @Test func everyDestinationComesBackFromItsLink() throws {
    try RetailLinks().destinations.checkRoundTrip(Self.shareable, forms: [.universalLink, .customScheme])
  }

  @Test(arguments: shareable)
  func destinationsBuildShareLinks(_ destination: RetailDestination) throws {
    let links = try RetailLinks()
    let url = try links.destinations.url(for: destination)
    #expect(url.host == "shop.example.com")
    #expect(try links.destinations.destination(for: url) == destination)
  }

  @MainActor
  @Test func aLinkSwitchesTheTabThenPushesOntoThatTabsStack() throws {
    let links = try RetailLinks()
    let navigator = Navigator(rules: links.rules, initialTab: .account)
    let product = try #require(try links.destinations.destination(for: "shop://product/p100"))
    try navigator.open(product)
    #expect(navigator.selectedTab == .home)
    #expect(
      navigator.currentStack == [
        .category(gender: .women), .subCategory(gender: .women, category: .dresses), product,
      ])
    #expect(navigator.goBack())
    #expect(navigator.currentDestination == .subCategory(gender: .women, category: .dresses))

    let order = try #require(try links.destinations.destination(for: "shop://account/orders/o-1"))
    try navigator.open(order)
    #expect(navigator.selectedTab == .account)
    // The account screen is the tab's root view, so the order sits directly on it.
    #expect(navigator.currentStack == [.order(id: "o-1")])
    #expect(navigator.stack(for: .home).count == 2)

    // The same link twice does not stack a duplicate.
    try navigator.open(order)
    #expect(navigator.currentStack == [.order(id: "o-1")])
  }

  @MainActor
  @Test func theAccountLinkSelectsTheAccountTabAtItsRoot() throws {
    let links = try RetailLinks()
    let navigator = Navigator(rules: links.rules, initialTab: .home)
    try navigator.open(.order(id: "o-1"))
    try navigator.open(.category(gender: .men))
    #expect(navigator.selectedTab == .home)
    #expect(links.rules.root(of: .account) == .account)
    #expect(links.rules.root(of: .home) == nil)

    try navigator.open(.account)
    #expect(navigator.selectedTab == .account)
    #expect(navigator.currentStack.isEmpty)
    #expect(navigator.stack(for: .home) == [.category(gender: .men)])
  }

  @Test func sensitiveRoutesAreMarkedInTheTable() throws {
    let order = try #require(RetailLinks.table.routes.first { $0.name == "order" })
    #expect(order.requiresSignIn)
    #expect(order.requiresVerifiedLink)
  }
}
