import Foundation
import Testing

@testable import DeepLinking

/// The intake with links inside links and refused matches: a nested link is only as trusted as the
/// link that carried it, refusals name the routes followed, and a destination that refuses a match
/// lets the next route open the link.
@MainActor
@Suite("Intake: nested links and fall-through")
struct NestedLinkIntakeTests {
  enum Screen: Hashable, Sendable {
    case product(Int)
    case search(String)
    case notifications
  }

  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["www.shop.example", "email.shop.example"],
    routes: [
      RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target"),
      RouteDefinition("emailClick", "/c?u={target:link}", follow: "target"),
      RouteDefinition("notifications", "/settings/notifications"),
      RouteDefinition("product", "/p/{id:int}", requiresVerifiedLink: true),
      RouteDefinition("search", "/p/{query}"),
    ])

  static func intake(_ table: RouteTable = table) throws -> LinkIntake<Screen> {
    let screens = DestinationRouter<Screen>(
      router: try Router(table),
      destination: { match in
        switch match.route {
        case "product": match.parameters.int("id").flatMap { $0 >= 1 ? .product($0) : nil }
        case "search": match.parameters.string("query").map(Screen.search)
        case "notifications": .notifications
        default: nil
        }
      }, values: { _ in nil })
    return LinkIntake(destinations: screens, isSignedIn: true) { _ in }
  }

  @Test func aVerifiedRedirectorOpensAVerifiedOnlyRoute() async throws {
    let intake = try Self.intake()
    await intake.markReady()
    let outcome = await intake.receive(
      "https://email.shop.example/c?u=https%3A%2F%2Fwww.shop.example%2Fp%2F1", source: .universalLink)
    #expect(outcome.appliedDestination == .product(1))
  }

  @Test func aCustomSchemeLinkCarryingAWebLinkIsNoVerifiedLink() async throws {
    let link = "myapp://deep-link?url=https%3A%2F%2Fwww.shop.example%2Fp%2F1"
    // The verified-only route is refused, and the link falls through to the next route it matches,
    // as it does for a destination that refuses its match.
    let intake = try Self.intake()
    await intake.markReady()
    #expect(await intake.receive(link, source: .universalLink).appliedDestination == .search("1"))
    #expect(intake.recentRefusals.isEmpty)
    // With no other route, the refusal names the route and the routes followed.
    var table = Self.table
    table.routes.removeAll { $0.name == "search" }
    let alone = try Self.intake(table)
    await alone.markReady()
    let outcome = await alone.receive(link, source: .universalLink)
    let refusal = try #require(outcome.refusal)
    #expect(refusal.code == .notVerified)
    #expect(refusal.route == "product")
    #expect(refusal.followedRoutes == ["deepLink"])
    #expect(refusal.description.hasSuffix("(through 'deepLink')"))
  }

  @Test func aRedirectLoopIsRefusedAsAnInvalidLinkNamingTheRoute() async throws {
    let intake = try Self.intake()
    await intake.markReady()
    let inner = "myapp://deep-link?url=%2Fsettings%2Fnotifications"
    let outcome = await intake.receive(
      "myapp://deep-link?url=" + (inner.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
      source: .customScheme)
    let refusal = try #require(outcome.refusal)
    #expect(refusal.identifier == "invalid:nested-link-loop")
    #expect(refusal.linkError?.route == "deepLink")
  }

  @Test func aNestedLinkToAnUnlistedHostIsRefusedNotHandedToFallbacks() async throws {
    let intake = try Self.intake()
    await intake.markReady()
    let outcome = await intake.receive(
      "https://email.shop.example/c?u=https%3A%2F%2Fevil.example%2F", source: .universalLink)
    #expect(outcome.refusal?.identifier == "invalid:nested-link-unlisted")
    #expect(outcome.refusal?.linkError?.host == "evil.example")
  }

  @Test func aMatchTheDestinationRefusesFallsToTheNextRoute() async throws {
    let intake = try Self.intake()
    await intake.markReady()
    let outcome = await intake.receive("https://www.shop.example/p/0", source: .universalLink)
    #expect(outcome.appliedDestination == .search("0"))
  }
}
