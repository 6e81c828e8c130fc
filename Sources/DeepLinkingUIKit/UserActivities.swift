#if canImport(UIKit)
  import DeepLinking
  import UIKit

  extension NSUserActivity {
    /// The `userInfo` key under which a restoration activity carries the navigation state.
    public static let navigationStateKey = "navigationState"

    /// Creates an activity that advertises a screen, for Handoff, Spotlight and Siri suggestions: its
    /// link as the web page (a Universal Link only; a custom-scheme link goes in `userInfo` under
    /// `link`), the link's text as `targetContentIdentifier`, eligible for Handoff and search.
    ///
    /// Set it as the screen's `userActivity` while the screen is visible; it comes back through
    /// `scene(_:continue:)`, where `LinkIntake/receive(_:linkKey:)` routes it like any link.
    ///
    /// ```swift
    /// let advertisement = try LinkAdvertisement(for: screen, in: screens, title: product.name)
    /// userActivity = NSUserActivity(advertising: advertisement, activityType: "com.shop.product")
    /// ```
    ///
    /// - Parameters:
    ///   - advertisement: The screen's link and title.
    ///   - activityType: One of the app's `NSUserActivityTypes` (Info.plist).
    public convenience init(advertising advertisement: LinkAdvertisement, activityType: String) {
      self.init(activityType: activityType)
      title = advertisement.title
      if let webpageURL = advertisement.webpageURL { self.webpageURL = webpageURL }
      userInfo = [IncomingLink.payloadKey: advertisement.link.absoluteString]
      targetContentIdentifier = advertisement.targetContentIdentifier
      isEligibleForHandoff = true
      isEligibleForSearch = true
    }

    /// Creates the activity a scene delegate returns from `stateRestorationActivity(for:)`: the
    /// navigator's state, encoded under ``navigationStateKey``.
    ///
    /// At the next launch, `session.stateRestorationActivity?.navigationState(of:)` reads it back for
    /// `Navigator/restore(from:checking:)`.
    ///
    /// - Parameters:
    ///   - state: The navigator's state.
    ///   - activityType: One of the app's `NSUserActivityTypes` (Info.plist).
    /// - Throws: `EncodingError` when a destination or tab cannot be encoded.
    public convenience init<Destination, Tab>(
      restoring state: NavigationState<Destination, Tab>, activityType: String
    ) throws {
      self.init(activityType: activityType)
      userInfo = [Self.navigationStateKey: try state.encoded()]
    }

    /// The navigation state a restoration activity carries, or `nil` when it carries none or one that
    /// no longer decodes (an older app version's destinations): start from the initial state then.
    ///
    /// - Parameter type: The state's type, `NavigationState<Screen, AppTab>.self`.
    /// - Returns: The state.
    public func navigationState<Destination, Tab>(
      of type: NavigationState<Destination, Tab>.Type
    ) -> NavigationState<Destination, Tab>? {
      guard let data = userInfo?[Self.navigationStateKey] as? Data else { return nil }
      return try? NavigationState(encoded: data)
    }
  }
#endif
