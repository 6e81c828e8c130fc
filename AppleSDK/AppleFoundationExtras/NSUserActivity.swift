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

  // developer.apple.com/documentation/foundation/nsuseractivity/userinfo
  // (`var userInfo: [AnyHashable : Any]? { get set }`)
  open var userInfo: [AnyHashable: Any]? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/foundation/nsuseractivity/title
  // (`var title: String? { get set }`)
  open var title: String? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/foundation/nsuseractivity/targetcontentidentifier
  // (`var targetContentIdentifier: String? { get set }`, iOS 13, macOS 10.15, tvOS 13, watchOS 6)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  open var targetContentIdentifier: String? {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/foundation/nsuseractivity/iseligibleforhandoff
  // (`var isEligibleForHandoff: Bool { get set }`, iOS 9, macOS 10.11, tvOS 9, watchOS 2)
  @available(iOS 9.0, macOS 10.11, tvOS 9.0, watchOS 2.0, *)
  open var isEligibleForHandoff: Bool {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/foundation/nsuseractivity/iseligibleforsearch
  // (`var isEligibleForSearch: Bool { get set }`, iOS 9, macOS 10.11, tvOS 9, watchOS 2)
  @available(iOS 9.0, macOS 10.11, tvOS 9.0, watchOS 2.0, *)
  open var isEligibleForSearch: Bool {
    get { fatalError() }
    set { fatalError() }
  }
}

// developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
// (`let NSUserActivityTypeBrowsingWeb: String`)
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
