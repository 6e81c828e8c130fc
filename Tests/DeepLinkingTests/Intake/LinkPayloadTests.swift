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
      let url = try #require(URL(string: "https://example.com/clip/1"))
      #expect(LinkPayload.link(in: ["aps": ["alert": "Hi"], "link": "myapp://clip/2"]) == "myapp://clip/2")
      #expect(LinkPayload.link(in: ["link": url]) == "https://example.com/clip/1")
      #expect(LinkPayload.link(in: ["deeplink": "myapp://clip/3"], key: "deeplink") == "myapp://clip/3")
      #expect(LinkPayload.link(in: ["link": NSString(string: "myapp://clip/4")]) == "myapp://clip/4")
      // No guessing: a missing key, an empty string, a number, a nested dictionary, another key.
      #expect(LinkPayload.link(in: [:]) == nil)
      #expect(LinkPayload.link(in: ["link": ""]) == nil)
      #expect(LinkPayload.link(in: ["link": 42]) == nil)
      #expect(LinkPayload.link(in: ["link": ["url": "myapp://clip/5"]]) == nil)
      #expect(LinkPayload.link(in: ["url": "myapp://clip/6"]) == nil)
      #expect(LinkPayload.link(in: [7: "myapp://clip/7"]) == nil)
    }

    @Test("a cold start from a tapped notification waits for ready and applies once, untrusted")
    func coldStartNotification() async throws {
      let harness = try IntakeHarness()
      let payload: [AnyHashable: Any] = ["aps": ["alert": "New clip"], "link": "https://example.com/clip/8"]
      let link = try #require(LinkPayload.link(in: payload))
      #expect(await harness.intake.receive(link, source: .notification).isWaitingForReady)
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
