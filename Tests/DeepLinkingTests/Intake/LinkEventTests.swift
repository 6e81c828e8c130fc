import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinking

extension IntakeTests {
  /// The outcome events a campaign counter is built on, and SDKs that hand back a link later.
  @MainActor
  @Suite("Outcome events and late successors")
  struct LinkEventTests {
    /// One event, as a line a test can compare: moment, outcome, route, campaign.
    nonisolated static func line(_ event: LinkEvent<Place>) -> String {
      let outcome: String =
        switch event.outcome {
        case .applied(let place): "applied \(place)"
        case .waitingForReady: "waitingForReady"
        case .waitingForSignIn: "waitingForSignIn"
        case .handledByFallback(let handler): "handledByFallback \(handler)"
        case .refused(let refusal): "refused \(refusal.identifier)"
        }
      let campaign = event.campaign.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      return "\(event.moment) \(event.link.source) \(outcome) route=\(event.route ?? "-") \(campaign)"
    }

    /// Records every event of an intake.
    final class Recorder {
      var events: [LinkEvent<Place>] = []
      var lines: [String] { events.map(LinkEventTests.line) }
    }

    func recording(_ harness: IntakeHarness) -> Recorder {
      let recorder = Recorder()
      harness.intake.onOutcome = { recorder.events.append($0) }
      return recorder
    }

    @Test(
      "a cold-start campaign link reports waiting on arrival, then applied at markReady, with its utm items")
    func coldStartCampaignLink() async throws {
      let harness = try IntakeHarness()
      let recorder = recording(harness)
      let link = IncomingLink(
        url: "https://example.com/clip/7?utm_source=newsletter&utm_campaign=spring&ref=x",
        source: .universalLink, referrer: "https://mail.example.net/")
      #expect(await harness.intake.receive(link).isWaitingForReady)
      await harness.intake.markReady()
      #expect(
        recorder.lines == [
          "arrival universalLink waitingForReady route=- []",
          "markReady universalLink applied clip(\"7\") route=clip [\"utm_campaign=spring\", \"utm_source=newsletter\"]",
        ])
      // Both events are about the same link, referrer included; the undeclared items are all there.
      #expect(recorder.events.map(\.link.id) == [link.id, link.id])
      #expect(recorder.events.last?.link.referrer == "https://mail.example.net/")
      #expect(recorder.events.last?.query.map(\.name) == ["utm_source", "utm_campaign", "ref"])
      #expect(recorder.events.last?.parameters.string("id") == "7")
    }

    @Test("links superseded at markReady and links refused on arrival are reported, each once")
    func supersededAndRefused() async throws {
      let harness = try IntakeHarness()
      let recorder = recording(harness)
      await harness.intake.receive("myapp://clip/1?utm_campaign=a", source: .customScheme)
      await harness.intake.receive("myapp://clip/2", source: .notification)
      await harness.intake.receive("myapp://clip/%ZZ", source: .customScheme)
      await harness.intake.markReady()
      await harness.intake.receive("myapp://admin", source: .customScheme)
      await harness.intake.receive("myapp://nowhere", source: .customScheme)
      #expect(
        recorder.lines == [
          "arrival customScheme waitingForReady route=- []",
          "arrival notification waitingForReady route=- []",
          "arrival customScheme refused invalid:malformed-percent-escape route=- []",
          "markReady customScheme refused superseded route=clip [\"utm_campaign=a\"]",
          "markReady notification applied clip(\"2\") route=clip []",
          "arrival customScheme refused not-verified route=admin []",
          "arrival customScheme refused no-route route=- []",
        ])
    }

    @Test("a sign-in link reports waiting, then applied after signIn; one dropped at signOut says so")
    func signInAndSignOut() async throws {
      let harness = try IntakeHarness(isSignedIn: false)
      let recorder = recording(harness)
      await harness.intake.markReady()
      await harness.intake.receive("myapp://account?utm_source=push", source: .notification)
      await harness.intake.signIn()
      await harness.intake.signOut()
      await harness.intake.receive("myapp://account", source: .notification)
      await harness.intake.signOut()
      #expect(
        recorder.lines == [
          "arrival notification waitingForSignIn route=account [\"utm_source=push\"]",
          "signIn notification applied account route=account [\"utm_source=push\"]",
          "arrival notification waitingForSignIn route=account []",
          "signOut notification refused signed-out route=account []",
        ])
    }

    @Test("a link a fallback handler redirects reports the click-through it was routed as")
    func redirectedLinkReportsTheRoutedLink() async throws {
      let tracker = ScriptedFallback(name: "marketing") { url in
        url.hasPrefix("https://click.example.net/")
          ? .redirect(URL(string: "myapp://clip/9?utm_campaign=summer")!) : .notHandled
      }
      let harness = try IntakeHarness(fallbacks: [tracker.handler])
      let recorder = recording(harness)
      await harness.intake.markReady()
      let outcome = await harness.intake.receive("https://click.example.net/c/1", source: .qrCode)
      #expect(outcome.appliedDestination == .clip("9"))
      let event = try #require(recorder.events.first)
      #expect(recorder.events.count == 1)
      #expect(event.link.url == "https://click.example.net/c/1")
      #expect(event.routed.url == "myapp://clip/9?utm_campaign=summer")
      #expect(event.routed.source == .qrCode)
      #expect(event.routed.chain == ["https://click.example.net/c/1"])
      #expect(event.campaign == ["utm_campaign": "summer"])
    }

    @Test("an SDK that answers later hands back a successor that keeps the source, referrer and chain")
    func lateSuccessorKeepsTrustAndChain() async throws {
      // The handler claims the link now and the SDK calls back later (as the seed's marketing SDK does).
      let claimed = AsyncStream<IncomingLink>.makeStream()
      let sdk = LinkFallbackHandler(name: "marketing") { link in
        guard link.url.hasPrefix("https://click.example.net/") else { return .notHandled }
        claimed.continuation.yield(link)
        return .handled
      }
      let harness = try IntakeHarness(fallbacks: [sdk])
      let recorder = recording(harness)
      await harness.intake.markReady()
      let tapped = IncomingLink(
        url: "https://click.example.net/c/2", source: .customScheme, referrer: "com.example.mail")
      #expect(await harness.intake.receive(tapped).isHandledByFallback)
      var iterator = claimed.stream.makeAsyncIterator()
      let original = try #require(await iterator.next())
      // The click-through is an https link to a verified-only route: it keeps the custom-scheme trust.
      let late = await harness.intake.receive(
        try #require(URL(string: "https://example.com/admin")), continuing: original)
      #expect(late.refusal?.identifier == "not-verified")
      let applied = await harness.intake.receive(
        try #require(URL(string: "https://example.com/clip/3")), continuing: original)
      #expect(applied.appliedDestination == .clip("3"))
      let last = try #require(recorder.events.last)
      #expect(last.link.source == .customScheme)
      #expect(last.link.referrer == "com.example.mail")
      #expect(last.link.chain == ["https://click.example.net/c/2"])
      #expect(harness.applied == [.clip("3")])
    }

    @Test("a late successor that loops or goes too deep is refused and reported")
    func lateSuccessorLoopsAndDepth() async throws {
      let harness = try IntakeHarness(policy: LinkPolicy(maxFallbackDepth: 1))
      let recorder = recording(harness)
      await harness.intake.markReady()
      let first = IncomingLink(url: "https://click.example.net/a", source: .universalLink)
      let loop = await harness.intake.receive(
        try #require(URL(string: "https://click.example.net/a")), continuing: first)
      #expect(loop.refusal == .fallbackLoop("https://click.example.net/a"))
      let deep = IncomingLink(
        url: "https://click.example.net/c", source: .universalLink,
        chain: ["https://click.example.net/a", "https://click.example.net/b"])
      let tooDeep = await harness.intake.receive(
        try #require(URL(string: "https://example.com/clip/1")), continuing: deep)
      #expect(tooDeep.refusal == .fallbackTooDeep(limit: 1))
      #expect(harness.applied.isEmpty)
      #expect(recorder.lines.count == 2)
      #expect(recorder.lines.allSatisfy { $0.hasPrefix("arrival universalLink refused fallback-") })
    }
  }
}
