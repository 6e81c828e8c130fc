// UserNotifications as far as the package uses it: what a tapped notification carries. The classes
// are plain `NSObject` subclasses (not main-actor isolated, not `Sendable`), as the SDK declares them.
@_exported import Foundation

// developer.apple.com/documentation/usernotifications/unnotificationresponse
// (`class UNNotificationResponse : NSObject`)
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationResponse: NSObject {
  // developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
  // (`@NSCopying var notification: UNNotification { get }`)
  open var notification: UNNotification { fatalError() }

  // developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier
  // (`var actionIdentifier: String { get }`)
  open var actionIdentifier: String { fatalError() }
}

// developer.apple.com/documentation/usernotifications/unnotification
// (`class UNNotification : NSObject`)
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotification: NSObject {
  // developer.apple.com/documentation/usernotifications/unnotification/request
  // (`@NSCopying var request: UNNotificationRequest { get }`)
  open var request: UNNotificationRequest { fatalError() }
}

// developer.apple.com/documentation/usernotifications/unnotificationrequest
// (`class UNNotificationRequest : NSObject`)
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationRequest: NSObject {
  // developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier
  // (`var identifier: String { get }`)
  open var identifier: String { fatalError() }

  // developer.apple.com/documentation/usernotifications/unnotificationrequest/content
  // (`@NSCopying var content: UNNotificationContent { get }`)
  open var content: UNNotificationContent { fatalError() }
}

// developer.apple.com/documentation/usernotifications/unnotificationcontent
// (`class UNNotificationContent : NSObject`)
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNNotificationContent: NSObject {
  // developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
  // (`var userInfo: [AnyHashable : Any] { get }`)
  open var userInfo: [AnyHashable: Any] { fatalError() }
}
