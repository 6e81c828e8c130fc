// UIKit as watchOS has it, as far as this package is concerned: the module exists (so
// `canImport(UIKit)` is true on watchOS) but has no scenes. `UIScene` and `UIOpenURLContext` are
// unavailable on watchOS (developer.apple.com/documentation/uikit/uiscene lists iOS, iPadOS, Mac
// Catalyst, tvOS and visionOS only), so nothing of them is declared here.
@_exported import AppleFoundationExtras
@_exported import Foundation
