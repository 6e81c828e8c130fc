import Foundation
import Testing

@testable import DeepLinking

extension IntakeTests {
  /// Notification payloads and quick actions: where the UIKit entry points read their link, and what
  /// the intake does with it.
  @MainActor
  @Suite("Links carried by notifications and quick actions")
  struct LinkPayloadTests {
    @Test("the link is the text or URL under the key; anything else is no link")
    func payloadReading() throws {
      func link(_ payload: [AnyHashable: Any], key: String = IncomingLink.payloadKey) -> String? {
        IncomingLink(payload: payload, key: key, source: .notification)?.url
      }
      let url = try #require(URL(string: "https://example.com/clip/1"))
      #expect(IncomingLink.payloadKey == "link")
      #expect(link(["aps": ["alert": "Hi"], "link": "myapp://clip/2"]) == "myapp://clip/2")
      #expect(link(["link": url]) == "https://example.com/clip/1")
      #expect(link(["deeplink": "myapp://clip/3"], key: "deeplink") == "myapp://clip/3")
      #expect(link(["link": NSString(string: "myapp://clip/4")]) == "myapp://clip/4")
      // No guessing: a missing key, an empty string, a number, a nested dictionary, another key.
      #expect(link([:]) == nil)
      #expect(link(["link": ""]) == nil)
      #expect(link(["link": 42]) == nil)
      #expect(link(["link": ["url": "myapp://clip/5"]]) == nil)
      #expect(link(["url": "myapp://clip/6"]) == nil)
      #expect(link([7: "myapp://clip/7"]) == nil)
      // The link keeps the source it is given.
      #expect(IncomingLink(payload: ["link": "myapp://clip/8"], source: .quickAction)?.source == .quickAction)
    }

    @Test("a cold start from a tapped notification waits for ready and applies once, untrusted")
    func coldStartNotification() async throws {
      let harness = try IntakeHarness()
      let payload: [AnyHashable: Any] = ["aps": ["alert": "New clip"], "link": "https://example.com/clip/8"]
      let link = try #require(IncomingLink(payload: payload, source: .notification))
      #expect(await harness.intake.receive(link).isWaitingForReady)
      await harness.intake.markReady()
      #expect(harness.applied == [.clip("8")])
      // A payload can carry any URL: a verified-only route stays closed to it.
      let admin = await harness.intake.receive("https://example.com/admin", source: .notification)
      #expect(admin.refusal == .notVerified(route: "admin", source: .notification))
    }

    @Test("quick actions and other user activities are sources of their own, not trusted by default")
    func quickActionsAndUserActivities() async throws {
      let harness = try IntakeHarness()
      await harness.intake.markReady()
      for source in [LinkSource.quickAction, .userActivity] {
        #expect(!LinkPolicy.standard.trustedSources.contains(source))
        #expect(
          await harness.intake.receive("https://example.com/clip/\(source)", source: source)
            .appliedDestination
            == .clip(source.rawValue))
        #expect(
          await harness.intake.receive("https://example.com/admin", source: source).refusal
            == .notVerified(route: "admin", source: source))
      }
    }
  }
}
