// Tapped notifications reach iOS, iPadOS, macOS, visionOS and watchOS apps (tvOS has no notification
// responses), UIKit and SwiftUI apps alike.
#if canImport(UserNotifications) && !os(tvOS)
  import DeepLinking
  import UserNotifications

  extension IncomingLink {
    /// The link a tapped notification carries in its payload, as `LinkSource/notification`, or `nil`
    /// when the payload has none under `linkKey` (see `IncomingLink/init(payload:key:source:)`).
    ///
    /// `UNNotificationResponse` is not `Sendable`, and the methods of `UNUserNotificationCenterDelegate`
    /// are nonisolated (the center calls them off the main thread), so the response cannot be handed to
    /// the intake, which is main-actor isolated: `await intake.receive(response)` there is refused when
    /// the app is built ("sending 'response' risks causing data races"). Read the link in the delegate
    /// method, before any `await`, and hand the intake this value, which is `Sendable`:
    ///
    /// ```swift
    /// func userNotificationCenter(
    ///   _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    /// ) async {
    ///   guard let link = IncomingLink(notification: response) else { return }
    ///   await intake.receive(link)
    /// }
    /// ```
    ///
    /// The standard policy does not trust a notification's link for verified-only routes: a payload
    /// can carry any URL.
    ///
    /// - Parameters:
    ///   - response: The user's response to the notification.
    ///   - linkKey: The payload key that holds the link (default `link`).
    public init?(notification response: UNNotificationResponse, linkKey: String = IncomingLink.payloadKey) {
      self.init(payload: response.notification.request.content.userInfo, key: linkKey, source: .notification)
    }
  }
#endif
