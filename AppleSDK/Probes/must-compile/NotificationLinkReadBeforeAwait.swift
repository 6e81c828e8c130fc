// The shape that compiles: read what the response carries (a `String`, `Sendable`) synchronously in
// the nonisolated method, then await main-actor code with that value only; or, in the
// completion-handler method, hand it to `Task { @MainActor in ... }`, which captures no `self`.
import UserNotifications

@MainActor final class Links {
  func open(_ link: String) async {}
}

final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
  let links: Links

  init(links: Links) {
    self.links = links
  }

  func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
    async
  {
    guard let link = response.notification.request.content.userInfo["link"] as? String else { return }
    await links.open(link)
  }
}

final class CompletionHandlerDelegate: NSObject, UNUserNotificationCenterDelegate {
  let links: Links

  init(links: Links) {
    self.links = links
  }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {
    let link = response.notification.request.content.userInfo["link"] as? String
    // The task captures the link and the main-actor object, never `self` (not `Sendable`).
    let links = self.links
    Task { @MainActor in
      if let link { await links.open(link) }
      completionHandler()
    }
  }
}

@MainActor func install(_ delegate: NotificationDelegate) {
  UNUserNotificationCenter.current().delegate = delegate
}
