// The delegate's methods are nonisolated and `UNNotificationResponse` is not `Sendable`: handing the
// response itself to main-actor code from the `async` method is a data race the compiler refuses
// (only when it compiles: `-typecheck` alone does not run this check).
// expect: sending 'response' risks causing data races
import UserNotifications

@MainActor final class Links {
  func open(_ response: UNNotificationResponse) async {}
}

final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
  let links: Links

  init(links: Links) {
    self.links = links
  }

  func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
    async
  {
    await links.open(response)
  }
}
