import Foundation
import Testing

@testable import DeepLinking

extension IntakeTests {
  /// What `print(event)` shows in an `onOutcome` handler: one line, no internals.
  @MainActor
  @Suite("Outcome event descriptions")
  struct LinkEventDescriptionTests {
    @Test func eachEventPrintsAsOneLine() async throws {
      let harness = try IntakeHarness(isSignedIn: false)
      var lines: [String] = []
      harness.intake.onOutcome = { lines.append("\($0)") }
      await harness.intake.receive("https://example.com/clip/7?utm_campaign=spring", source: .universalLink)
      await harness.intake.markReady()
      await harness.intake.receive("myapp://account", source: .customScheme)
      await harness.intake.receive("myapp://admin", source: .customScheme)
      #expect(
        lines == [
          "arrival universalLink https://example.com/clip/7?utm_campaign=spring: waiting for the UI",
          "markReady universalLink https://example.com/clip/7?utm_campaign=spring: applied clip(\"7\"); "
            + "route 'clip': id=7; query: utm_campaign=spring; origin: example.com",
          "arrival customScheme myapp://account: waiting for sign-in; route 'account': no values; origin: myapp:",
          "arrival customScheme myapp://admin: refused (not-verified): route 'admin' opens only from a "
            + "verified Universal Link, not from customScheme; route 'admin': no values; origin: myapp:",
        ])
      #expect(lines.allSatisfy { !$0.contains("unknown context") && !$0.contains("representation") })
    }

    @Test func aFallbackSuccessorNamesTheLinkRouted() async throws {
      let fallback = ScriptedFallback(name: "resolver") { url in
        url.contains("click") ? .redirect(URL(string: "https://example.com/clip/9")!) : .notHandled
      }
      let harness = try IntakeHarness(fallbacks: [fallback.handler])
      await harness.intake.markReady()
      var lines: [String] = []
      harness.intake.onOutcome = { lines.append("\($0)") }
      await harness.intake.receive("https://click.example.net/x", source: .qrCode)
      #expect(
        lines == [
          "arrival qrCode https://click.example.net/x: applied clip(\"9\"); routed https://example.com/clip/9; "
            + "route 'clip': id=9; origin: example.com"
        ])
    }
  }
}
