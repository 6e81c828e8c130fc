// The UIKit entry points (scene connection options, URL contexts, user activities, notifications and
// quick actions) live in DeepLinkingUIKit; an app that imports DeepLinkingSwiftUI gets them too, for
// its scene delegate.
#if canImport(UIKit) && !os(watchOS)
  @_exported import DeepLinkingUIKit
#endif
