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
@MainActor open class UIResponder: NSObject {
  // developer.apple.com/documentation/uikit/uiresponder/useractivity
  // (`var userActivity: NSUserActivity? { get set }`, iOS 8)
  @available(iOS 8.0, tvOS 9.0, *)
  open var userActivity: NSUserActivity? {
    get { fatalError() }
    set { fatalError() }
  }
}

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
@MainActor open class UISceneSession: NSObject {
  // developer.apple.com/documentation/uikit/uiscenesession/staterestorationactivity
  // (`var stateRestorationActivity: NSUserActivity? { get }`)
  open var stateRestorationActivity: NSUserActivity? { fatalError() }
}

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
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
  // developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)
  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
  // developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:continue:)
  func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
  // developer.apple.com/documentation/uikit/uiscenedelegate/staterestorationactivity(for:)
  // (`func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?`)
  func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

@available(iOS 13.0, tvOS 13.0, *)
extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
  public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
  public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {}
  public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

// developer.apple.com/documentation/uikit/uiview
// (`@MainActor class UIView : UIResponder`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIView: UIResponder {}

// developer.apple.com/documentation/uikit/uiwindow
// (`@MainActor class UIWindow : UIView`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIWindow: UIView {
  // developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
  @available(iOS 13.0, tvOS 13.0, *)
  public init(windowScene: UIWindowScene) { fatalError() }

  // developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
  // (`var rootViewController: UIViewController? { get set }`)
  open var rootViewController: UIViewController? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible()
  open func makeKeyAndVisible() { fatalError() }
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

// developer.apple.com/documentation/uikit/uiviewcontroller
// (`@MainActor class UIViewController : UIResponder`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIViewController: UIResponder {
  // developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError() }

  // `UIViewController()`: NSObject's `init()`, which UIViewController overrides (swiftinterface)
  public override convenience init() { fatalError() }

  // developer.apple.com/documentation/uikit/uiviewcontroller/title
  // (`var title: String? { get set }`)
  open var title: String? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)
  // (`func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
  //  completion: (() -> Void)? = nil)`)
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
  ) { fatalError() }

  // developer.apple.com/documentation/uikit/uiviewcontroller/dismiss(animated:completion:)
  // (`func dismiss(animated flag: Bool, completion: (() -> Void)? = nil)`)
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { fatalError() }

  // developer.apple.com/documentation/uikit/uiviewcontroller/presentedviewcontroller
  // (`var presentedViewController: UIViewController? { get }`)
  open var presentedViewController: UIViewController? { fatalError() }

  // developer.apple.com/documentation/uikit/uiviewcontroller/modalpresentationstyle
  // (`var modalPresentationStyle: UIModalPresentationStyle { get set }`)
  open var modalPresentationStyle: UIModalPresentationStyle {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uiviewcontroller/presentationcontroller
  // (`var presentationController: UIPresentationController? { get }`, iOS 8)
  @available(iOS 8.0, tvOS 9.0, *)
  open var presentationController: UIPresentationController? { fatalError() }

  // developer.apple.com/documentation/uikit/uiviewcontroller/tabbaritem
  // (`var tabBarItem: UITabBarItem! { get set }`; by default an item showing the controller's title)
  open var tabBarItem: UITabBarItem! {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uibaritem
// (`@MainActor class UIBarItem : NSObject`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UIBarItem: NSObject {
  // developer.apple.com/documentation/uikit/uibaritem/title
  // (`var title: String? { get set }`)
  open var title: String? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uitabbaritem
// (`@MainActor class UITabBarItem : UIBarItem`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UITabBarItem: UIBarItem {
  // developer.apple.com/documentation/uikit/uitabbaritem/init(title:image:tag:)
  // (`init(title: String?, image: UIImage?, tag: Int)`)
  public init(title: String?, image: UIImage?, tag: Int) { fatalError() }
}

// developer.apple.com/documentation/uikit/uiimage
// (`class UIImage : NSObject`; only the SF Symbols initialiser)
@available(iOS 2.0, tvOS 9.0, *)
open class UIImage: NSObject {
  // developer.apple.com/documentation/uikit/uiimage/init(systemname:)
  // (`convenience init?(systemName name: String)`, iOS 13)
  @available(iOS 13.0, tvOS 13.0, *)
  public convenience init?(systemName name: String) { fatalError() }
}

// developer.apple.com/documentation/uikit/uimodalpresentationstyle
// (`enum UIModalPresentationStyle : Int, @unchecked Sendable`; only the cases used here: `.pageSheet`
// is unavailable on tvOS, `.automatic` (iOS 13, tvOS 13) is a page sheet on iPhone and iPad)
@available(iOS 3.2, tvOS 9.0, *)
public enum UIModalPresentationStyle: Int, @unchecked Sendable {
  case fullScreen = 0
  @available(iOS 13.0, tvOS 13.0, *)
  case automatic = -2
}

// developer.apple.com/documentation/uikit/uipresentationcontroller
// (`@MainActor class UIPresentationController : NSObject`)
@available(iOS 8.0, tvOS 9.0, *)
@MainActor open class UIPresentationController: NSObject {
  // developer.apple.com/documentation/uikit/uipresentationcontroller/delegate
  // (`weak var delegate: (any UIAdaptivePresentationControllerDelegate)? { get set }`)
  weak open var delegate: (any UIAdaptivePresentationControllerDelegate)? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate
// (`@MainActor protocol UIAdaptivePresentationControllerDelegate : NSObjectProtocol`; optional
// requirements, here with defaults in an extension)
@available(iOS 8.0, tvOS 9.0, *)
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  // developer.apple.com/documentation/uikit/uiadaptivepresentationcontrollerdelegate/presentationcontrollerdiddismiss(_:)
  // (iOS 13, tvOS 13)
  @available(iOS 13.0, tvOS 13.0, *)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

@available(iOS 8.0, tvOS 9.0, *)
extension UIAdaptivePresentationControllerDelegate {
  @available(iOS 13.0, tvOS 13.0, *)
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
}

// developer.apple.com/documentation/uikit/uinavigationcontroller
// (`@MainActor class UINavigationController : UIViewController`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UINavigationController: UIViewController {
  // developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
  public init(rootViewController: UIViewController) { fatalError() }

  // developer.apple.com/documentation/uikit/uinavigationcontroller/viewcontrollers
  // (`var viewControllers: [UIViewController] { get set }`)
  open var viewControllers: [UIViewController] {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uinavigationcontroller/setviewcontrollers(_:animated:)
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { fatalError() }

  // developer.apple.com/documentation/uikit/uinavigationcontroller/delegate
  // (`weak var delegate: (any UINavigationControllerDelegate)? { get set }`)
  weak open var delegate: (any UINavigationControllerDelegate)? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate
// (`@MainActor protocol UINavigationControllerDelegate : NSObjectProtocol`; optional requirements, here
// with defaults in an extension)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
  // developer.apple.com/documentation/uikit/uinavigationcontrollerdelegate/navigationcontroller(_:didshow:animated:)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

@available(iOS 2.0, tvOS 9.0, *)
extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {}
}

// developer.apple.com/documentation/uikit/uitabbarcontroller
// (`@MainActor class UITabBarController : UIViewController`)
@available(iOS 2.0, tvOS 9.0, *)
@MainActor open class UITabBarController: UIViewController {
  // developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers
  // (`var viewControllers: [UIViewController]? { get set }`)
  open var viewControllers: [UIViewController]? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex
  // (`var selectedIndex: Int { get set }`)
  open var selectedIndex: Int {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uitabbarcontroller/delegate
  // (`weak var delegate: (any UITabBarControllerDelegate)? { get set }`)
  weak open var delegate: (any UITabBarControllerDelegate)? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate
// (`@MainActor protocol UITabBarControllerDelegate : NSObjectProtocol`; optional requirements, here with
// defaults in an extension)
@available(iOS 3.0, tvOS 9.0, *)
@MainActor public protocol UITabBarControllerDelegate: NSObjectProtocol {
  // developer.apple.com/documentation/uikit/uitabbarcontrollerdelegate/tabbarcontroller(_:didselect:)
  func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

@available(iOS 3.0, tvOS 9.0, *)
extension UITabBarControllerDelegate {
  public func tabBarController(
    _ tabBarController: UITabBarController, didSelect viewController: UIViewController
  ) {}
}

// developer.apple.com/documentation/uikit/uipasteboard
// (`class UIPasteboard : NSObject`; not on tvOS)
@available(iOS 3.0, *)
@available(tvOS, unavailable)
open class UIPasteboard: NSObject {
  // developer.apple.com/documentation/uikit/uipasteboard/general
  // (`class var general: UIPasteboard { get }`)
  open class var general: UIPasteboard { fatalError() }

  // developer.apple.com/documentation/uikit/uipasteboard/detectionpattern
  // (`struct DetectionPattern : Hashable, Equatable, RawRepresentable, @unchecked Sendable`, iOS 14)
  @available(iOS 14.0, *)
  public struct DetectionPattern: Hashable, RawRepresentable, @unchecked Sendable {
    public init(rawValue: String) { fatalError() }
    public var rawValue: String { fatalError() }

    // developer.apple.com/documentation/uikit/uipasteboard/detectionpattern/probableweburl
    public static var probableWebURL: UIPasteboard.DetectionPattern { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uipasteboard/detectpatterns(for:completionhandler:)-8atop
  // (`func detectPatterns(for patterns: Set<UIPasteboard.DetectionPattern>, completionHandler:
  //  @escaping (Result<Set<UIPasteboard.DetectionPattern>, any Error>) -> Void)`, iOS 14, deprecated in
  //  iOS 15: "'detectPatterns(for:completionHandler:)' was deprecated in iOS 15.0" in an iOS 17 build)
  @available(iOS, introduced: 14.0, deprecated: 15.0)
  open func detectPatterns(
    for patterns: Set<UIPasteboard.DetectionPattern>,
    completionHandler: @escaping (Result<Set<UIPasteboard.DetectionPattern>, any Error>) -> Void
  ) { fatalError() }

  // developer.apple.com/documentation/uikit/uipasteboard/detectedvalues
  // (`struct DetectedValues`, iOS 15; only the pattern used here)
  @available(iOS 15.0, *)
  public struct DetectedValues {
    // developer.apple.com/documentation/uikit/uipasteboard/detectedvalues/probableweburl
    // (`var probableWebURL: String { get }`)
    public var probableWebURL: String { fatalError() }
  }

  // developer.apple.com/documentation/uikit/uipasteboard/detectedpatterns(for:)
  // (`func detectedPatterns(for keyPaths: Set<PartialKeyPath<UIPasteboard.DetectedValues>>) async
  //  throws -> Set<PartialKeyPath<UIPasteboard.DetectedValues>>`, iOS 15; like the method it replaces,
  //  it does not read the contents, so the paste prompt is not shown)
  @available(iOS 15.0, *)
  open func detectedPatterns(
    for keyPaths: Set<PartialKeyPath<UIPasteboard.DetectedValues>>
  ) async throws -> Set<PartialKeyPath<UIPasteboard.DetectedValues>> { fatalError() }
}
