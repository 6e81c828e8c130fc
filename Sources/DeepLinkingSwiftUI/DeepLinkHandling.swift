#if canImport(SwiftUI)
  import DeepLinking
  import SwiftUI

  /// Wires a `LinkIntake` to the ways SwiftUI delivers links.
  ///
  /// In the SwiftUI app life cycle, `onOpenURL` delivers both custom-scheme links and Universal Links
  /// (SwiftUI hands a Universal Link over as its URL, not as an `NSUserActivity`), so it is the one
  /// handler: an `onContinueUserActivity(NSUserActivityTypeBrowsingWeb)` handler would never be called
  /// for a Universal Link there, and if it ever were, the link would arrive twice. An `https` link is
  /// received as a Universal Link: this is one of the few places where the scheme tells the source,
  /// because the system itself delivered the URL. Links go to the intake, which keeps them until
  /// `LinkIntake/markReady()`, so a link that arrives before the first screen can show it is applied,
  /// once, when it can. Apps with a `UISceneDelegate` forward their launch options with
  /// `LinkIntake/receive(_:)`.
  ///
  /// The intake is also put in the environment, so any view can read
  /// `LinkIntake/currentDestination` (the current link) with
  /// `@Environment(LinkIntake<Screen>.self)`.
  struct DeepLinkHandling<Destination: Hashable & Sendable>: ViewModifier {
    let intake: LinkIntake<Destination>
    let marksReadyOnAppear: Bool

    func body(content: Content) -> some View {
      content
        .environment(intake)
        .onOpenURL { url in
          // The system delivered this URL: an https link here is a Universal Link it verified.
          Task { await intake.receive(url, source: IncomingLink.systemSource(of: url)) }
        }
        .task {
          if marksReadyOnAppear { await intake.markReady() }
        }
    }
  }

  extension View {
    /// Sends every link this scene receives to a link intake, and shares the intake with the views below.
    ///
    /// Attach it to the root view of the `WindowGroup`, not to a screen that appears later: SwiftUI
    /// delivers a cold-start link to the `onOpenURL` handlers present when the scene connects, and a
    /// handler attached to a later view misses it. The intake keeps links until it is ready, so
    /// attaching early loses nothing even when the real UI needs time (a login, a catalog to load): pass
    /// `marksReadyOnAppear: false` and call `LinkIntake/markReady()` when it can show
    /// them.
    ///
    /// - Parameters:
    ///   - intake: The intake that routes, checks and applies links.
    ///   - marksReadyOnAppear: Whether the intake is marked ready when this view appears (default `true`).
    /// - Returns: The view, handling links.
    public func deepLinks<Destination: Hashable & Sendable>(
      _ intake: LinkIntake<Destination>, marksReadyOnAppear: Bool = true
    ) -> some View {
      modifier(DeepLinkHandling(intake: intake, marksReadyOnAppear: marksReadyOnAppear))
    }
  }
#endif

#if canImport(SwiftUI)
  extension View {
    /// Sends the user activities of one type that this scene continues to a link intake: Handoff and
    /// Siri suggestions of an activity the app advertised (`NSUserActivity(advertising:activityType:)`
    /// in `DeepLinkingUIKit`), or Spotlight results (`com.apple.corespotlightitem`,
    /// `CSSearchableItemActionType`) for items indexed with their link as identifier.
    ///
    /// Universal Links need no such handler: `deepLinks(_:marksReadyOnAppear:)` receives them through
    /// `onOpenURL`. The link an activity carries is read by the same rule as in a UIKit scene delegate:
    /// its web page, else its `userInfo` link; an activity with neither is ignored.
    ///
    /// ```swift
    /// ContentView()
    ///   .deepLinks(intake)
    ///   .continuesUserActivity("com.shop.product", into: intake)
    /// ```
    ///
    /// - Parameters:
    ///   - activityType: The activity type to continue.
    ///   - intake: The intake that receives the links.
    ///   - linkKey: The `userInfo` key of a link an activity carries without a web page.
    /// - Returns: The view, continuing those activities.
    public func continuesUserActivity<Destination: Hashable & Sendable>(
      _ activityType: String, into intake: LinkIntake<Destination>, linkKey: String = IncomingLink.payloadKey
    ) -> some View {
      onContinueUserActivity(activityType) { activity in
        let link = UserActivityLink.link(
          activityType: activity.activityType, webpageURL: activity.webpageURL?.absoluteString,
          userInfo: activity.userInfo, referrer: activity.referrerURL?.absoluteString, linkKey: linkKey)
        guard let link else { return }
        Task { await intake.receive(link) }
      }
    }
  }
#endif
