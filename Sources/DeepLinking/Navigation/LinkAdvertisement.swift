import Foundation

/// What a screen tells the system about itself so that Handoff, Spotlight and Siri suggestions can
/// bring the user back to it: its shareable link, built from the same route table that reads links.
///
/// On Apple platforms `NSUserActivity(advertising:activityType:)` in `DeepLinkingUIKit` turns it into
/// the activity a view sets as current (UIKit's `userActivity`, SwiftUI's `userActivity(_:)`); the
/// activity comes back through `scene(_:continue:)` or `onContinueUserActivity`, and its web page URL
/// is routed like any link.
///
/// ```swift
/// let advertisement = try LinkAdvertisement(for: .product(id: 42), in: screens, title: "Red shoes")
/// advertisement.webpageURL  // https://www.shop.example/product/42
/// ```
public struct LinkAdvertisement: Sendable, Hashable {
  /// The link of the screen, as the route table builds it.
  public var link: URL
  /// The link when it is an `http` or `https` URL (a Universal Link), which Handoff can open in a
  /// browser on a device without the app; `nil` for a custom-scheme link, which an activity must not
  /// carry as its web page (the system refuses other schemes there), so the activity carries it in
  /// its `userInfo` under ``IncomingLink/payloadKey`` instead.
  public var webpageURL: URL?
  /// The identifier a scene matches (`handlesExternalEvents(matching:)`, a scene's activation
  /// conditions) to receive the activity in the window that already shows the screen: the link's
  /// text.
  public var targetContentIdentifier: String
  /// The title the system shows (Handoff, Spotlight), if any.
  public var title: String?

  /// Advertises a destination through its link.
  ///
  /// - Parameters:
  ///   - destination: The destination the screen shows.
  ///   - destinations: The router whose table builds the link.
  ///   - title: The title the system shows.
  ///   - form: Which kind of link to advertise; ``LinkForm/preferred`` (the default) is a Universal
  ///     Link when the table lists a host.
  /// - Throws: ``URLBuildError`` when the destination has no link.
  public init<Destination>(
    for destination: Destination, in destinations: DestinationRouter<Destination>, title: String? = nil,
    form: LinkForm = .preferred
  ) throws(URLBuildError) {
    link = try destinations.url(for: destination, form: form)
    let scheme = link.scheme?.lowercased()
    webpageURL = scheme == "https" || scheme == "http" ? link : nil
    targetContentIdentifier = link.absoluteString
    self.title = title
  }
}
