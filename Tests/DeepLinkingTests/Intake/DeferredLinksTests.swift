import DeepLinkRouting
import Foundation
import Testing

@testable import DeepLinking

/// The deferred deep link from a user's side: a link tapped on the web before the app was installed,
/// copied by the fallback page's "Get the app" button, pasted once on the first launch.
@MainActor
@Suite("Deferred links")
struct DeferredLinksTests {
  struct Pasteboard: LinkPasteboard {
    let holdsWebLink: Bool
    func probablyHoldsWebLink() async -> Bool { holdsWebLink }
  }

  static let copiedAt = 1_790_000_000
  let ledger = InMemoryDeferredLinkLedger()
  let intake: LinkIntake<String>

  func refusal(_ outcome: IntakeOutcome<String>) -> LinkRefusal? {
    outcome.refusal
  }

  init() throws {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["www.shop.example"],
      routes: [
        RouteDefinition("product", "/p/{id}"),
        RouteDefinition("orders", "/orders", requiresVerifiedLink: true),
      ])
    let destinations = try DestinationRouter<String>(
      table: table, destination: { match in match.route + ":" + (match.parameters.string("id") ?? "") },
      values: { _ in nil })
    intake = LinkIntake(destinations: destinations, isSignedIn: false) { _ in }
  }

  func offer(holdsWebLink: Bool = true, at seconds: Int = copiedAt + 600) -> DeferredLinks<String> {
    DeferredLinks(
      intake: intake, pasteboard: Pasteboard(holdsWebLink: holdsWebLink), ledger: ledger,
      now: { Date(timeIntervalSince1970: TimeInterval(seconds)) })
  }

  func copied(_ link: String) -> String {
    link + (link.contains("?") ? "&" : "?") + "deeplink_copied_at=\(Self.copiedAt)"
  }

  @Test("the first launch offers, the paste opens the link without its marker, once, untrusted")
  func firstLaunch() async throws {
    let offer = offer()
    await intake.markReady()
    #expect(await offer.shouldOffer())
    var events: [LinkEvent<String>] = []
    intake.onOutcome = { events.append($0) }
    let result = await offer.receivePasted(copied("https://www.shop.example/p/42?utm_source=web") + "#top")
    guard case .applied(let destination) = result else {
      Issue.record("not applied: \(result)")
      return
    }
    #expect(destination == "product:42")
    #expect(events.first?.link.url == "https://www.shop.example/p/42?utm_source=web#top")
    #expect(events.first?.link.source == .deferred)
    // A second paste, or a second "first launch", opens nothing.
    #expect(await !offer.shouldOffer())
    #expect(refusal(await offer.receivePasted(copied("https://www.shop.example/p/43"))) == .alreadyOffered)
    #expect(await !self.offer().shouldOffer())
  }

  @Test("a verified-only route is refused: a pasted link is never a Universal Link")
  func neverVerified() async throws {
    await intake.markReady()
    let result = await offer().receivePasted(copied("https://www.shop.example/orders"))
    guard case .refused(let refusal) = result else {
      Issue.record("not refused: \(result)")
      return
    }
    #expect(refusal.code == .notVerified)
  }

  @Test("asking neither reads the pasteboard nor spends the offer; an empty pasteboard offers nothing")
  func asking() async throws {
    #expect(await !offer(holdsWebLink: false).shouldOffer())
    #expect(await offer().shouldOffer())
    #expect(!ledger.isSpent())
    try offer().decline()
    #expect(await !offer().shouldOffer())
  }

  @Test(
    "hostile or stale pastes are refused, and each spends the offer",
    arguments: [
      (
        "https://evil.example/p/1?deeplink_copied_at=1790000000",
        LinkRefusal.foreignLink("https://evil.example/p/1")
      ),
      ("shop://p/1?deeplink_copied_at=1790000000", .foreignLink("shop://p/1")),
      ("https://www.shop.example/p/1", .notACopiedLink),
      ("https://www.shop.example/p/1?deeplink_copied_at=soon", .notACopiedLink),
      ("https://www.shop.example/p/1?deeplink_copied_at=1&deeplink_copied_at=2", .notACopiedLink),
      ("hello, world", .notACopiedLink),
      (
        "https://www.shop.example/nothing/here?deeplink_copied_at=1790000000",
        .noRoute("https://www.shop.example/nothing/here")
      ),
      ("https://www.shop.example/p/1?deeplink_copied_at=1789000000", .expired(ageSeconds: 1_000_600)),
      ("https://www.shop.example/p/1?deeplink_copied_at=1800000000", .expired(ageSeconds: -9_999_400)),
    ])
  func refused(text: String, expected: LinkRefusal) async throws {
    let offer = offer()
    #expect(refusal(await offer.receivePasted(text)) == expected)
    #expect(ledger.isSpent())
    #expect(intake.recentRefusals.isEmpty)
  }

  @Test("a link copied just before the maximum age opens; one second later it has expired")
  func maximumAge() async throws {
    await intake.markReady()
    let limit = Self.copiedAt + 24 * 3600
    guard case .applied = await offer(at: limit).receivePasted(copied("https://www.shop.example/p/1")) else {
      Issue.record("a link at the maximum age should open")
      return
    }
    let other = InMemoryDeferredLinkLedger()
    let late = DeferredLinks(
      intake: intake, pasteboard: Pasteboard(holdsWebLink: true), ledger: other,
      now: { Date(timeIntervalSince1970: TimeInterval(limit + 1)) })
    #expect(
      refusal(await late.receivePasted(copied("https://www.shop.example/p/1")))
        == .expired(ageSeconds: 86_401))
  }

  @Test(
    "with a route for any host, another site's pasted link is still foreign; the app's own hosts open",
    arguments: [
      ("https://evil.example/login", false),
      ("https://evil.example:8443/p/1", false),
      ("https://www.shop.example.evil.example/p/1", false),
      ("https://www.shop.example:444/p/1", false),
      ("https://www.shop.example/p/1", true),
      ("https://m.shop.example/p/1", true),
    ])
  func anyHostTable(link: String, opens: Bool) async throws {
    let table = RouteTable(
      schemes: ["shop"], hosts: ["www.shop.example", "*.shop.example"],
      routes: [
        RouteDefinition("product", "/p/{id}"),
        RouteDefinition("webPage", "/{path*}", hosts: ["*"]),
      ])
    let destinations = try DestinationRouter<String>(
      table: table, destination: { $0.route }, values: { _ in nil })
    let intake = LinkIntake(destinations: destinations, isSignedIn: false) { _ in }
    await intake.markReady()
    let now = Date(timeIntervalSince1970: TimeInterval(Self.copiedAt + 600))
    let offer = DeferredLinks(
      intake: intake, pasteboard: Pasteboard(holdsWebLink: true), ledger: InMemoryDeferredLinkLedger(),
      now: { now })
    let result = await offer.receivePasted(copied(link))
    if opens {
      guard case .applied("product") = result else {
        Issue.record("\(link) should open the product: \(result)")
        return
      }
    } else {
      #expect(refusal(result) == .foreignLink(link))
    }
  }

  @Test("a link pasted before the app is ready waits in the intake like any other")
  func beforeReady() async throws {
    let result = await offer().receivePasted(copied("https://www.shop.example/p/7"))
    guard case .waitingForReady = result else {
      Issue.record("should wait: \(result)")
      return
    }
    #expect(intake.waitingForReadyCount == 1)
  }
}
