// Tapped notifications while the SwiftUI app runs: the notification center's delegate, whose methods
// are nonisolated, with a response that is not `Sendable`. tvOS apps get no notification responses.
#if canImport(SwiftUI) && canImport(UserNotifications) && !os(tvOS)
  import DeepLinking
  import DeepLinkingUIKit
  import Foundation
  import RetailExample
  import UserNotifications

  /// Receives tapped notifications (`UNUserNotificationCenter.current().delegate`). The center calls
  /// its methods off the main actor and the response is not `Sendable`: the link is read from the
  /// response before any `await`, and only the link, which is `Sendable`, goes to the intake.
  final class RetailNotifications: NSObject, UNUserNotificationCenterDelegate {
    private let intake: LinkIntake<RetailDestination>

    init(intake: LinkIntake<RetailDestination>) {
      self.intake = intake
    }

    func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
      guard let link = IncomingLink(notification: response) else { return }
      await intake.receive(link)
    }
  }
#endif
