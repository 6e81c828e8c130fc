// UIKit as iOS, iPadOS, Mac Catalyst, tvOS and visionOS have it, as far as the package uses it: the
// options a scene is connected with. UIKit re-exports Foundation.
@_exported import AppleFoundationExtras
@_exported import Foundation

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
  }
}

// developer.apple.com/documentation/uikit/uiopenurlcontext
// (`@MainActor class UIOpenURLContext : NSObject`)
@available(iOS 13.0, tvOS 13.0, *)
@MainActor open class UIOpenURLContext: NSObject {
  // developer.apple.com/documentation/uikit/uiopenurlcontext/url
  // (`var url: URL { get }`)
  open var url: URL { fatalError() }
}
