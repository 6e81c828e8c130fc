// What `URL` has on Apple platforms (iOS 16, macOS 13, watchOS 9 and later) and swift-corelibs-foundation
// lacks on Linux (checked with Swift 6.3.1: `URL.applicationSupportDirectory` is missing there).
import Foundation

extension URL {
  // developer.apple.com/documentation/foundation/url/applicationsupportdirectory
  // (`static var applicationSupportDirectory: URL { get }`)
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  public static var applicationSupportDirectory: URL { fatalError() }
}
