import DeepLinkRouting
import Foundation
import Synchronization
import Testing

@testable import DeepLinking

/// The intake routes each link once, in one order: the routes it matches are offered in precedence
/// order, the policy judges each before its destination is made, and a route the policy refuses lets
/// the next one open the link. The destination closure counts what was made.
@MainActor
@Suite("Intake: one match per link, the policy inside the candidate walk")
struct OneMatchPerLinkTests {
  enum Screen: Hashable, Sendable {
    case order(Int)
    case page(String)
    case account
  }

  /// The routes for which a destination was made, in order.
  final class Made: Sendable {
    let routes = Mutex<[String]>([])
    func record(_ route: String) { routes.withLock { $0.append(route) } }
    var all: [String] { routes.withLock { $0 } }
  }

  static let table = RouteTable(
    schemes: ["shop"], hosts: ["shop.example"],
    routes: [
      RouteDefinition("order", "/o/{id:int}", requiresVerifiedLink: true),
      RouteDefinition("page", "/o/{slug}"),
      RouteDefinition("account", "/account", requiresSignIn: true),
    ])

  static func intake(made: Made, signedIn: Bool = true) throws -> LinkIntake<Screen> {
    let screens = DestinationRouter<Screen>(
      router: try Router(table),
      destination: { match in
        made.record(match.route)
        switch match.route {
        case "order": return match.parameters.int("id").map(Screen.order)
        case "page": return match.parameters.string("slug").map(Screen.page)
        case "account": return .account
        default: return nil
        }
      }, values: { _ in nil })
    return LinkIntake(destinations: screens, isSignedIn: signedIn) { _ in }
  }

  @Test("a route the policy refuses falls through to the next, and no destination is made for it")
  func refusedRouteFallsThrough() async throws {
    let made = Made()
    let intake = try Self.intake(made: made)
    await intake.markReady()
    // A custom scheme is not a verified link: `order` is refused, `page` opens the link.
    #expect(await intake.receive("shop://o/42", source: .customScheme).appliedDestination == .page("42"))
    #expect(made.all == ["page"])
    // A Universal Link is verified: `order` opens it.
    #expect(
      await intake.receive("https://shop.example/o/42", source: .universalLink).appliedDestination
        == .order(42))
    #expect(made.all == ["page", "order"])
  }

  @Test("a link that waits for sign-in is routed once: at sign-in it applies from its first route")
  func signInRoutesOnce() async throws {
    let made = Made()
    let intake = try Self.intake(made: made, signedIn: false)
    await intake.markReady()
    guard case .waitingForSignIn = await intake.receive("shop://account", source: .customScheme) else {
      Issue.record("the link should wait for sign-in")
      return
    }
    var applied: [Screen] = []
    intake.onOutcome = { if let destination = $0.outcome.appliedDestination { applied.append(destination) } }
    await intake.signIn()
    #expect(applied == [.account])
    #expect(made.all == ["account"])
  }

  @Test("links before ready: the newest is routed once, the superseded ones are only matched to report them")
  func beforeReady() async throws {
    let made = Made()
    let intake = try Self.intake(made: made)
    var events: [LinkEvent<Screen>] = []
    intake.onOutcome = { events.append($0) }
    for id in 1...3 { _ = await intake.receive("https://shop.example/o/\(id)", source: .universalLink) }
    #expect(made.all.isEmpty, "nothing is routed before ready")
    await intake.markReady()
    #expect(made.all == ["order"])
    // Arrival events (waiting) carry no match; the three drain events carry one each.
    #expect(events.map { $0.match?.route } == [nil, nil, nil, "order", "order", "order"])
    #expect(events.last?.outcome.appliedDestination == .order(3))
  }
}
