// watchOS has UIKit but no scenes (`UIScene` and `UIOpenURLContext` are unavailable there).
#if canImport(UIKit) && !os(watchOS)
  import DeepLinking
  import UIKit
  #if !os(tvOS)
    import UserNotifications
  #endif

  extension LinkIntake {
    /// Receives the links a scene was launched with (a cold start through a `UISceneDelegate`):
    /// URL contexts, web-browsing user activities (Universal Links), a tapped notification and a Home
    /// Screen quick action.
    ///
    /// An app with a scene delegate gets its launch link in `scene(_:willConnectTo:options:)`, not in
    /// `scene(_:openURLContexts:)` or SwiftUI's `onOpenURL`: forward the connection options here, and the
    /// link waits in the intake until the UI is ready.
    ///
    /// - Parameters:
    ///   - options: The scene's connection options.
    ///   - linkKey: The key under which notification payloads and quick actions carry their link
    ///     (default `IncomingLink/payloadKey`, `link`).
    public func receive(_ options: UIScene.ConnectionOptions, linkKey: String = IncomingLink.payloadKey)
      async
    {
      await receive(options.urlContexts)
      for activity in options.userActivities {
        await receive(activity)
      }
      #if !os(tvOS)
        if let response = options.notificationResponse {
          await receive(response, linkKey: linkKey)
        }
        if let shortcut = options.shortcutItem {
          await receive(shortcut, linkKey: linkKey)
        }
      #endif
    }

    /// Receives the URLs a running scene is asked to open (`scene(_:openURLContexts:)`), each with the
    /// bundle identifier of the app that opened it as its referrer.
    ///
    /// - Parameter contexts: The URL contexts.
    public func receive(_ contexts: Set<UIOpenURLContext>) async {
      for context in contexts {
        // The system delivered these URLs to the scene, so the scheme tells the source here.
        let url = context.url
        await receive(
          IncomingLink(
            url: url.absoluteString, source: IncomingLink.systemSource(of: url),
            referrer: context.options.sourceApplication))
      }
    }

    /// Receives a user activity (`scene(_:continue:)`, or one of the connection options): a
    /// Universal Link (`NSUserActivityTypeBrowsingWeb`) as `LinkSource/universalLink` with its
    /// referring page; a Spotlight result for an item the app indexed with its link as identifier
    /// (`CSSearchableItemActionType`) as `LinkSource/spotlight`; any other activity (Handoff, one the
    /// app advertised with `NSUserActivity(advertising:activityType:)`) with its web page URL, or the
    /// link in its `userInfo` under `linkKey`, as `LinkSource/userActivity`. An activity that carries
    /// no link (a state-restoration activity) is ignored.
    ///
    /// - Parameters:
    ///   - activity: The user activity.
    ///   - linkKey: The `userInfo` key of a link an activity carries without a web page (default
    ///     `link`).
    public func receive(_ activity: NSUserActivity, linkKey: String = IncomingLink.payloadKey) async {
      guard
        let link = UserActivityLink.link(
          activityType: activity.activityType, webpageURL: activity.webpageURL?.absoluteString,
          userInfo: activity.userInfo, referrer: activity.referrerURL?.absoluteString, linkKey: linkKey)
      else { return }
      await receive(link)
    }

    #if !os(tvOS)
      /// Receives the link a tapped notification carries in its payload, as `LinkSource/notification`
      /// (the standard policy does not trust it for verified-only routes: a payload can carry any URL),
      /// from main-actor code such as the scene's connection options.
      ///
      /// A `UNUserNotificationCenterDelegate`'s methods are nonisolated and the response is not
      /// `Sendable`, so from there hand over the link instead, read before any `await`:
      /// `IncomingLink(notification:linkKey:)`, then `receive(_:)`.
      ///
      /// - Parameters:
      ///   - response: The user's response to the notification.
      ///   - linkKey: The payload key that holds the link (default `link`); a payload without one is
      ///     ignored.
      public func receive(_ response: UNNotificationResponse, linkKey: String = IncomingLink.payloadKey) async
      {
        guard let link = IncomingLink(notification: response, linkKey: linkKey) else { return }
        await receive(link)
      }

      /// Receives the link a Home Screen quick action carries in its `userInfo`
      /// (`windowScene(_:performActionFor:completionHandler:)`, or a cold start), as
      /// `LinkSource/quickAction`.
      ///
      /// - Parameters:
      ///   - shortcut: The quick action.
      ///   - linkKey: The `userInfo` key that holds the link (default `link`); a quick action without
      ///     one is ignored.
      /// - Returns: Whether the quick action carried a link (what the completion handler reports).
      @discardableResult
      public func receive(_ shortcut: UIApplicationShortcutItem, linkKey: String = IncomingLink.payloadKey)
        async -> Bool
      {
        var payload: [AnyHashable: Any] = [:]
        for (key, value) in shortcut.userInfo ?? [:] {
          payload[AnyHashable(key)] = value
        }
        guard let link = IncomingLink(payload: payload, key: linkKey, source: .quickAction) else {
          return false
        }
        await receive(link)
        return true
      }
    #endif
  }
#endif
