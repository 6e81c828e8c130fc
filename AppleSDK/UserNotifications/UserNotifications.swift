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

// developer.apple.com/documentation/usernotifications/unusernotificationcenter
// (`class UNUserNotificationCenter : NSObject`: neither main-actor isolated nor `Sendable`)
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
open class UNUserNotificationCenter: NSObject {
  // developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
  // (`class func current() -> UNUserNotificationCenter`)
  open class func current() -> UNUserNotificationCenter { fatalError() }

  // developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
  // (`weak var delegate: (any UNUserNotificationCenterDelegate)? { get set }`; set it before the app
  // finishes launching, or the tap that launched it is not delivered)
  weak open var delegate: (any UNUserNotificationCenterDelegate)? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
// (`protocol UNUserNotificationCenterDelegate : NSObjectProtocol`: not main-actor isolated, so its
// methods are nonisolated and the center calls them off the main thread. Every method is an
// Objective-C optional requirement, which Swift on Linux cannot declare: here each has a default in
// an extension, so a delegate implements only the ones it needs, as on Apple platforms. Swift imports
// the completion-handler method a second time as an `async` method; a delegate implements one of the
// two.)
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  // developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
  // (`optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response:
  //  UNNotificationResponse, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)`;
  //  not on tvOS)
  @available(tvOS, unavailable)
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

  // developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
  // (the same method imported as `async`: `optional func userNotificationCenter(_ center:
  //  UNUserNotificationCenter, didReceive response: UNNotificationResponse) async`)
  @available(tvOS, unavailable)
  func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
    async
}

@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, *)
extension UNUserNotificationCenterDelegate {
  @available(tvOS, unavailable)
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {}

  @available(tvOS, unavailable)
  public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
    async
  {}
}
