import DeepLinking
import Foundation
import Testing

@testable import RetailExample

/// The retail app's whole link flow: its own links first, then a marketing SDK that turns tracking
/// ("creative tag") links into click-through links, and links the SDK stored earlier.
@MainActor
@Suite("Retail example: the app's link flow")
struct RetailSeedFlowTests {
  /// Stands in for the marketing SDK: it knows its own click links and answers with the click-through.
  static let marketingSDK = LinkFallbackHandler(name: "marketing") { link in
    guard link.url.hasPrefix("https://click.example-ink.com/") else { return .notHandled }
    let campaigns = [
      "https://click.example-ink.com/c/summer": "https://shop.example.com/product/p101",
      "https://click.example-ink.com/c/expired": "",
    ]
    guard let target = campaigns[link.url] else { return .notHandled }
    guard let url = URL(string: target), !target.isEmpty else { return .failed("campaign expired") }
    return .redirect(url)
  }

  func app(isSignedIn: Bool = true) throws -> (
    Navigator<RetailDestination, RetailTab>, LinkIntake<RetailDestination>
  ) {
    let links = try RetailLinks()
    let navigator = Navigator(rules: links.rules, initialTab: .account)
    let intake = links.intake(navigator: navigator, fallbacks: [Self.marketingSDK], isSignedIn: isSignedIn)
    return (navigator, intake)
  }

  @Test func ownLinksFirstThenTheSDKsClickThrough() async throws {
    let (navigator, intake) = try app()
    await intake.markReady()
    await intake.receive(
      try #require(URL(string: "https://shop.example.com/category/women/dresses")), source: .universalLink)
    #expect(navigator.selectedTab == .home)
    #expect(navigator.currentDestination == .subCategory(gender: .women, category: .dresses))

    let outcome = await intake.receive(
      try #require(URL(string: "https://click.example-ink.com/c/summer")), source: .universalLink)
    #expect(outcome.appliedDestination == .product(id: Product.mock[1].id))
    #expect(
      navigator.currentStack == [
        .category(gender: .women), .subCategory(gender: .women, category: .dresses),
        .product(id: Product.mock[1].id),
      ])
    let expired = await intake.receive(
      try #require(URL(string: "https://click.example-ink.com/c/expired")), source: .universalLink)
    #expect(expired.refusal == .fallbackFailed(handler: "marketing", reason: "campaign expired"))
  }

  @Test func linksTheSDKStoredEarlierArriveOnceTheAppIsReady() async throws {
    let (navigator, intake) = try app()
    let (stored, continuation) = AsyncStream<String>.makeStream()
    let connection = intake.connect(stored, source: .stored)
    continuation.yield("https://shop.example.com/product/p300")
    continuation.finish()
    await connection.value
    // Nothing opened yet: the account tab shows its root, the account screen.
    #expect(navigator.selectedTab == .account)
    #expect(navigator.currentDestination == .account)
    #expect(navigator.stack(for: .home).isEmpty)
    #expect(intake.waitingForReadyCount == 1)
    await intake.markReady()
    #expect(navigator.currentDestination == .product(id: Product.mock[3].id))
  }

  @Test func orderLinksNeedAVerifiedLinkAndASignedInUser() async throws {
    let (navigator, intake) = try app(isSignedIn: false)
    await intake.markReady()
    let forged = await intake.receive(
      try #require(URL(string: "shop://account/orders/o-9")), source: .customScheme)
    #expect(forged.refusal == .notVerified(route: "order", source: .customScheme))
    await intake.receive(
      try #require(URL(string: "https://shop.example.com/account/orders/o-9")), source: .universalLink)
    #expect(navigator.stack(for: .account).isEmpty)
    await intake.signIn()
    #expect(navigator.currentStack == [.order(id: "o-9")])
  }
}
