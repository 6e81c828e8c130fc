// UIKit as iOS, iPadOS, Mac Catalyst, tvOS and visionOS have it, as far as the package uses it: the
// options a scene is connected with, the URL contexts it opens and the Home Screen quick actions it
// performs. UIKit re-exports Foundation; it does not re-export UserNotifications (an app that reads a
// notification response imports it).
@_exported import AppleFoundationExtras
@_exported import Foundation
import UserNotifications

// developer.apple.com/documentation/uikit/uiresponder
// (`@MainActor class UIResponder : NSObject`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIResponder: NSObject {}

// developer.apple.com/documentation/uikit/uiscene
// (`@MainActor class UIScene : UIResponder`)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIScene: UIResponder {
  // developer.apple.com/documentation/uikit/uiscene/connectionoptions
  // (`@MainActor class ConnectionOptions : NSObject`)
  @MainActor open class ConnectionOptions: NSObject {
    // developer.apple.com/documentation/uikit/uiscene/connectionoptions/urlcontexts
    // (`var urlContexts: Set<UIOpenURLContext> { get }`)
    open var urlContexts: Set<UIOpenURLContext> { fatalError() }

    // developer.apple.com/documentation/uikit/uiscene/connectionoptions/useractivities
    // (`var userActivities: Set<NSUserActivity> { get }`)
    open var userActivities: Set<NSUserActivity> { fatalError() }

    // developer.apple.com/documentation/uikit/uiscene/connectionoptions/notificationresponse
    // (`var notificationResponse: UNNotificationResponse? { get }`; API_UNAVAILABLE(tvos))
    @available(tvOS, unavailable)
    open var notificationResponse: UNNotificationResponse? { fatalError() }

    // developer.apple.com/documentation/uikit/uiscene/connectionoptions/shortcutitem
    // (`var shortcutItem: UIApplicationShortcutItem? { get }`; API_UNAVAILABLE(tvos))
    @available(tvOS, unavailable)
    open var shortcutItem: UIApplicationShortcutItem? { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uiscene/openurloptions
  // (`@MainActor class OpenURLOptions : NSObject`)
  @MainActor open class OpenURLOptions: NSObject {
    // developer.apple.com/documentation/uikit/uiscene/openurloptions/sourceapplication
    // (`var sourceApplication: String? { get }`)
    open var sourceApplication: String? { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uiopenurlcontext
// (`@MainActor class UIOpenURLContext : NSObject`)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIOpenURLContext: NSObject {
  // developer.apple.com/documentation/uikit/uiopenurlcontext/url
  // (`var url: URL { get }`)
  open var url: URL { fatalError() }

  // developer.apple.com/documentation/uikit/uiopenurlcontext/options
  // (`var options: UIScene.OpenURLOptions { get }`)
  open var options: UIScene.OpenURLOptions { fatalError() }
}

// developer.apple.com/documentation/uikit/uiapplicationshortcutitem
// (`@MainActor class UIApplicationShortcutItem : NSObject`)
@available(iOS 9.0, *)
@available(tvOS, unavailable)
@MainActor open class UIApplicationShortcutItem: NSObject {
  // developer.apple.com/documentation/uikit/uiapplicationshortcutitem/type
  // (`var type: String { get }`)
  open var type: String { fatalError() }

  // developer.apple.com/documentation/uikit/uiapplicationshortcutitem/userinfo
  // (`var userInfo: [String : any NSSecureCoding]? { get }`)
  open var userInfo: [String: any NSSecureCoding]? { fatalError() }
}

// developer.apple.com/documentation/uikit/uiscenesession
// (`@MainActor class UISceneSession : NSObject, NSSecureCoding`)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UISceneSession: NSObject {}

// developer.apple.com/documentation/uikit/uiwindowscene
// (`@MainActor class UIWindowScene : UIScene`)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {}

// developer.apple.com/documentation/uikit/uiscenedelegate
// (`@MainActor protocol UISceneDelegate : NSObjectProtocol`; every method is an Objective-C optional
// requirement, which Swift on Linux cannot declare: here each has a default in an extension, so a
// delegate implements only the ones it needs, as on Apple platforms)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UISceneDelegate: NSObjectProtocol {
  // developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)
  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
  // developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
  // developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
  func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
}

@available(iOS 13.0, tvOS 13.0, *)
extension UISceneDelegate {
  public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
  public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
}

// developer.apple.com/documentation/uikit/uiwindowscenedelegate
// (`@MainActor protocol UIWindowSceneDelegate : UISceneDelegate`; optional requirements as above)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
  // developer.apple.com/documentation/uikit/uiwindowscenedelegate/windowscene(_:performactionfor:completionhandler:)
  // (`API_UNAVAILABLE(tvos)`; the handler is `@escaping (Bool) -> Void`, main-actor isolated with the
  // protocol)
  @available(tvOS, unavailable)
  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void)
}

@available(iOS 13.0, tvOS 13.0, *)
extension UIWindowSceneDelegate {
  @available(tvOS, unavailable)
  public func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {}
}
