// The retail app's marketing SDK, as far as links go: the links it stored, on a Combine subject that
// replays the link it holds to each subscriber.
#if canImport(SwiftUI)
  import Combine
  import DeepLinking
  import Foundation

  /// The part of the marketing SDK the shop uses: the subject of the links it stored (a deferred deep
  /// link, a link from its inbox). The SDK itself is a binary framework the example does not ship; it
  /// publishes on this subject.
  enum MarketingSDK {
    /// The link the SDK stored last, replayed to every new subscriber, then each new one.
    @MainActor static let storedDeeplinkSubject = CurrentValueSubject<String?, Never>(nil)
  }

  extension LinkIntake {
    /// Connects the marketing SDK's stored links as `LinkSource/stored` links, at launch: a stale link
    /// the subject replays then waits with the link that opened the app, which wins at `markReady()`.
    func connectMarketingSDK() {
      connect { deliver in
        MarketingSDK.storedDeeplinkSubject.sink { deliver($0) }
      }
    }
  }
#endif
