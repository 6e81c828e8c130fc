import Foundation
import Synchronization
import Testing

@testable import DeepLinking

/// A marketing SDK as the app sees it: it knows its tracking ("creative tag") links, resolves one to
/// its click-through URL later, through a callback, and keeps the callbacks until the test answers.
final class MarketingSDKDouble: Sendable {
  private let pending = Mutex<[(link: String, answer: @Sendable (URL?) -> Void)]>([])

  /// Whether a link is one of the SDK's tracking links.
  func isTrackingLink(_ url: String) -> Bool { url.hasPrefix("https://click.example-ink.com/") }

  /// Starts resolving a tracking link; `completion` is called later, from any thread.
  func resolve(_ url: String, completion: @escaping @Sendable (URL?) -> Void) {
    pending.withLock { $0.append((url, completion)) }
  }

  /// The links the SDK was asked to resolve and has not answered yet.
  var resolving: [String] { pending.withLock { $0.map(\.link) } }

  /// Answers the oldest request, from another thread, as an SDK's network callback does.
  func answer(_ clickThrough: String?) async {
    guard let request = pending.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return }
    await Task.detached { request.answer(clickThrough.flatMap(URL.init(string:))) }.value
  }
}

/// The intake, known to the fallback handler that calls back later; set once the intake exists.
@MainActor final class IntakeReference {
  weak var intake: LinkIntake<Place>?
}

extension IntakeTests {
  /// The second design document's flow: a tracking link handed to the SDK's handler, which answers
  /// later; the click-through URL opened as the link the user tapped; links the SDK stored; the
  /// campaign counted from the outcome events.
  @MainActor
  @Suite("A marketing SDK as a fallback handler")
  struct MarketingSDKFlowTests {
    let sdk = MarketingSDKDouble()
    let reference = IntakeReference()

    var handler: LinkFallbackHandler {
      LinkFallbackHandler(name: "marketing") { [sdk, reference] link in
        guard sdk.isTrackingLink(link.url) else { return .notHandled }
        sdk.resolve(link.url) { clickThrough in
          guard let clickThrough else { return }
          Task { @MainActor in _ = await reference.intake?.receive(clickThrough, continuing: link) }
        }
        return .handled
      }
    }

    func waitFor(_ condition: () -> Bool) async {
      for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test(
      "a cold start from a tracking link opens its click-through once the SDK answers, and counts the campaign"
    )
    func coldStartFromATrackingLink() async throws {
      let harness = try IntakeHarness(fallbacks: [handler])
      reference.intake = harness.intake
      var opened: [String: Int] = [:]
      var events: [String] = []
      harness.intake.onOutcome = { event in
        events.append("\(event.moment) \(event.outcome)")
        guard event.outcome.appliedDestination != nil, let campaign = event.campaign["utm_campaign"] else {
          return
        }
        opened[campaign, default: 0] += 1
      }
      let tapped = IncomingLink(url: "https://click.example-ink.com/c/abc", source: .universalLink)
      #expect(await harness.intake.receive(tapped).isWaitingForReady)
      await harness.intake.markReady()
      // The handler took the link; nothing opens until the SDK answers.
      #expect(sdk.resolving == ["https://click.example-ink.com/c/abc"])
      #expect(harness.applied.isEmpty)
      #expect(events.last == "markReady handledByFallback(handler: \"marketing\")")
      await sdk.answer("https://example.com/clip/7?utm_source=sdk&utm_campaign=spring")
      await waitFor { !harness.applied.isEmpty }
      #expect(harness.applied == [.clip("7")])
      #expect(opened == ["spring": 1])
      // The click-through keeps the tapped link's source (its trust) and records where it came from.
      let last = try #require(harness.intake.currentDestination)
      #expect(last == .clip("7"))
    }

    @Test(
      "the click-through keeps the source of the tracking link: a stored tracking link cannot open a verified-only route"
    )
    func theClickThroughKeepsItsSource() async throws {
      let harness = try IntakeHarness(fallbacks: [handler])
      reference.intake = harness.intake
      await harness.intake.markReady()
      var refused: [(IncomingLink, LinkRefusal)] = []
      harness.intake.onRefusal = { link, refusal in refused.append((link, refusal)) }
      let outcome = await harness.intake.receive("https://click.example-ink.com/c/admin", source: .stored)
      #expect(outcome.refusal == nil)
      await sdk.answer("https://example.com/admin")
      await waitFor { !refused.isEmpty }
      let (link, refusal) = try #require(refused.first)
      #expect(refusal.code == .notVerified)
      #expect(refusal.route == "admin")
      #expect(link.source == .stored)
      #expect(link.chain == ["https://click.example-ink.com/c/admin"])
      #expect(harness.applied.isEmpty)
    }

    @Test("an SDK that never answers leaves the app where it was; a link it does not know goes on")
    func unknownAndUnanswered() async throws {
      let harness = try IntakeHarness(fallbacks: [handler])
      reference.intake = harness.intake
      await harness.intake.markReady()
      let handled = await harness.intake.receive("https://click.example-ink.com/c/x", source: .universalLink)
      guard case .handledByFallback(let name) = handled else {
        Issue.record("not handled by the SDK: \(handled)")
        return
      }
      #expect(name == "marketing")
      let unknown = await harness.intake.receive("https://elsewhere.example.net/x", source: .universalLink)
      #expect(unknown.refusal?.code == .invalid)
      #expect(harness.applied.isEmpty)
    }
  }
}
