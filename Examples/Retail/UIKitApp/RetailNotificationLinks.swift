// Tapped notifications while the app runs: the notification center's delegate, which UIKit calls off
// the main actor (its methods are nonisolated) with a response that is not `Sendable`. A cold start
// from a tap reaches the scene in its connection options instead (`receive(_:linkKey:)`).
#if canImport(UIKit) && canImport(UserNotifications) && !os(watchOS) && !os(tvOS)
  import DeepLinking
  import DeepLinkingUIKit
  import RetailExample
  import UIKit
  import UserNotifications

  /// Hands the link of each tapped notification to a scene's intake.
  final class RetailNotificationLinks: NSObject, UNUserNotificationCenterDelegate {
    private let intake: LinkIntake<RetailDestination>

    init(intake: LinkIntake<RetailDestination>) {
      self.intake = intake
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
      // Read before any `await`: the response stays here, only the link (`Sendable`) goes on.
      guard let link = IncomingLink(notification: response) else { return }
      await intake.receive(link)
    }
  }
#endif
