/// Where a link came from, as an open set of string tokens.
///
/// Every incoming link carries its source, and the source decides how far the link is trusted: a
/// custom scheme can be claimed by any app, a Universal Link was verified by the system for the app's
/// domain. The source is always stated by the code that received the link, never guessed from the
/// URL's scheme: an `https` link from a QR code or a notification payload is no Universal Link.
///
/// The well-known sources are static constants; an app may add its own with ``init(rawValue:)``.
public struct LinkSource: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The token, such as `customScheme`.
  public let rawValue: String

  /// Creates a source from its token.
  ///
  /// - Parameter rawValue: The token; any string is accepted.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// The token.
  public var description: String { rawValue }

  /// A custom-scheme URL such as `myapp://channel/video/1`.
  public static let customScheme = LinkSource(rawValue: "customScheme")
  /// A Universal Link (an `https` URL the system routed to the app).
  public static let universalLink = LinkSource(rawValue: "universalLink")
  /// A link carried by a push or local notification. Not trusted for verified-only routes by the
  /// standard policy: a payload can carry any URL.
  public static let notification = LinkSource(rawValue: "notification")
  /// A link stored earlier by a third-party SDK and handed over now.
  public static let stored = LinkSource(rawValue: "stored")
  /// A link the app created itself.
  public static let programmatic = LinkSource(rawValue: "programmatic")
  /// A link the app re-enters after a fallback handler or an SDK produced it, when the app no longer
  /// knows the source of the link it came from. Links a ``LinkFallbackHandler`` hands back keep the
  /// source of the link they came from instead.
  public static let fallback = LinkSource(rawValue: "fallback")
  /// A link the user tapped inside the app (a web view, a message, a product description).
  public static let inApp = LinkSource(rawValue: "inApp")
  /// A link read from a QR code by the app's own scanner: anyone can print one.
  public static let qrCode = LinkSource(rawValue: "qrCode")
  /// A link carried by a Home Screen quick action (`UIApplicationShortcutItem`). Not trusted for
  /// verified-only routes by the standard policy: an app that sets only its own links in its quick
  /// actions may add it.
  public static let quickAction = LinkSource(rawValue: "quickAction")
  /// A web page URL handed over by Handoff or another `NSUserActivity` that is not a Universal Link
  /// (`NSUserActivityTypeBrowsingWeb`). Not trusted for verified-only routes by the standard policy.
  public static let userActivity = LinkSource(rawValue: "userActivity")
  /// A Spotlight result for an item the app indexed (`CSSearchableItemActionType`), whose identifier is
  /// the item's link. Not trusted for verified-only routes by the standard policy.
  public static let spotlight = LinkSource(rawValue: "spotlight")
  /// A link an App Intent or a Shortcuts action opens (`OpenURLIntent`, an intent's `perform()`). Not
  /// trusted for verified-only routes by the standard policy: a shortcut can hold any URL.
  ///
  /// An intent iOS 26 hands to a scene (a `TargetContentProvidingIntent` received with SwiftUI's
  /// `onAppIntentExecution(_:perform:)`, or `UISceneAppIntent` with `AppIntentSceneDelegate`) is the
  /// same intent delivered to the scene before its `perform()`: its values come from the same
  /// shortcuts and suggestions, so a link it carries has this source and this trust, not one of its
  /// own. An App Intent's URL representation must be a Universal Link, which `deeplink surfaces` checks.
  public static let appIntent = LinkSource(rawValue: "appIntent")
  /// A link the user tapped before the app was installed, pasted on its first launch (see
  /// ``DeferredLinks``). Not trusted for verified-only routes by the standard policy: the pasteboard
  /// can hold anything.
  public static let deferred = LinkSource(rawValue: "deferred")
}
