import DeepLinking
import Testing

@testable import RetailExample

@Suite("Retail example")
struct RetailExampleTests {
  static let dress = Product.mock[0]

  @Test(arguments: [
    ("shop://product/p100", RetailDestination.product(Product.mock[0])),
    ("https://shop.example.com/product/p200/", .product(Product.mock[2])),
    ("shop://category/women", .category(gender: .women)),
    ("shop://category/women/dresses", .products(gender: .women, category: .dresses)),
    ("https://shop.example.com/category/KIDS/rain-jackets", .products(gender: .kids, category: .rainJackets)),
    ("shop://account", .account),
    ("https://shop.example.com/account/orders/o-17", .order(id: "o-17")),
  ])
  func linksBecomeDestinations(_ url: String, _ expected: RetailDestination) throws {
    #expect(try RetailLinks().destinations.destination(for: url) == expected)
  }

  @Test func subCategoryIsNotMistakenForItsCategory() throws {
    // An ordered list of unanchored patterns answers "category" here; the route table does not.
    let links = try RetailLinks()
    #expect(
      try links.destinations.destination(for: "shop://category/women/dresses")
        == .products(gender: .women, category: .dresses))
    #expect(try links.destinations.router.match("shop://category/women/dresses")?.route == "subCategory")
  }

  @Test func unknownEntitiesAreNotDestinations() throws {
    let links = try RetailLinks()
    #expect(try links.destinations.destination(for: "shop://product/nope") == nil)
    #expect(try links.destinations.destination(for: "shop://category/aliens") == nil)
    #expect(try links.destinations.destination(for: "shop://category/women/hats") == nil)
  }

  @Test(arguments: [
    RetailDestination.product(Product.mock[4]), .category(gender: .men),
    .products(gender: .women, category: .shoes),
    .account, .order(id: "o 1/2"),
  ])
  func destinationsBuildShareLinks(_ destination: RetailDestination) throws {
    let links = try RetailLinks()
    let url = try links.destinations.url(for: destination)
    #expect(url.host == "shop.example.com")
    #expect(try links.destinations.destination(for: url) == destination)
  }

  @MainActor
  @Test func aLinkSwitchesTheTabThenPushesOntoThatTabsStack() throws {
    let links = try RetailLinks()
    let navigator = Navigator(rules: RetailLinks.rules, initialTab: .account)
    let product = try #require(try links.destinations.destination(for: "shop://product/p100"))
    try navigator.open(product)
    #expect(navigator.selectedTab == .home)
    #expect(
      navigator.currentStack == [
        .category(gender: .women), .products(gender: .women, category: .dresses), product,
      ])
    #expect(navigator.goBack())
    #expect(navigator.currentDestination == .products(gender: .women, category: .dresses))

    let order = try #require(try links.destinations.destination(for: "shop://account/orders/o-1"))
    try navigator.open(order)
    #expect(navigator.selectedTab == .account)
    #expect(navigator.currentStack == [.account, .order(id: "o-1")])
    #expect(navigator.stack(for: .home).count == 2)

    // The same link twice does not stack a duplicate.
    try navigator.open(order)
    #expect(navigator.currentStack == [.account, .order(id: "o-1")])
  }

  @Test func sensitiveRoutesAreMarkedInTheTable() throws {
    let order = try #require(RetailLinks.table.routes.first { $0.name == "order" })
    #expect(order.requiresSignIn)
    #expect(order.requiresVerifiedLink)
  }
}
