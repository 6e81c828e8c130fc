// What Foundation has on Apple platforms and swift-corelibs-foundation lacks on Linux (checked with
// Swift 6.3.1: `NSUserActivity` and `NSUserActivityTypeBrowsingWeb` are missing there). The SwiftUI
// and UIKit stand-ins re-export this module, as the real frameworks re-export Foundation.
@_exported import Foundation

// developer.apple.com/documentation/foundation/nsuseractivity
// (`class NSUserActivity : NSObject`; Hashable through NSObject, as `Set<NSUserActivity>` needs)
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
open class NSUserActivity: NSObject {
  // developer.apple.com/documentation/foundation/nsuseractivity/init(activitytype:)
  public init(activityType: String) { fatalError() }

  // developer.apple.com/documentation/foundation/nsuseractivity/activitytype
  open var activityType: String { fatalError() }

  // developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
  open var webpageURL: URL? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/foundation/nsuseractivity/referrerurl
  // (`@NSCopying var referrerURL: URL? { get set }`)
  @available(iOS 11.0, macOS 10.13, tvOS 11.0, watchOS 4.0, *)
  open var referrerURL: URL? {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
// (`let NSUserActivityTypeBrowsingWeb: String`)
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
