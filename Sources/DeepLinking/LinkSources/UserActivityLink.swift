/// Which link a user activity carries, and from which source: the one rule the UIKit and SwiftUI glue
/// apply to every `NSUserActivity` they are handed, stated here so it is tested on every platform.
package enum UserActivityLink {
  /// `NSUserActivityTypeBrowsingWeb`: the system routed a web link to the app (a Universal Link).
  package static let browsingWebType = "NSUserActivityTypeBrowsingWeb"
  /// `CSSearchableItemActionType`: the user picked one of the app's items in Spotlight.
  package static let spotlightType = "com.apple.corespotlightitem"
  /// `CSSearchableItemActivityIdentifier`: the `userInfo` key of the picked item's identifier.
  package static let spotlightIdentifierKey = "kCSSearchableItemActivityIdentifier"

  /// The link an activity carries, or `nil` when it carries none.
  ///
  /// - A web-browsing activity's web page is a ``LinkSource/universalLink``, with the referring page.
  /// - A Spotlight item whose identifier is a link (as ``LinkAdvertisement`` writes it) is
  ///   ``LinkSource/spotlight``.
  /// - Any other activity (Handoff, a Siri suggestion, one the app advertised) gives its web page,
  ///   else the link in its `userInfo` under `linkKey`, as ``LinkSource/userActivity``.
  ///
  /// - Parameters:
  ///   - activityType: The activity's type.
  ///   - webpageURL: Its web page URL's text, if any.
  ///   - userInfo: Its `userInfo`.
  ///   - referrer: Its referrer URL's text, if any.
  ///   - linkKey: The `userInfo` key of a link an activity carries without a web page.
  /// - Returns: The link with its source and referrer, or `nil`.
  package static func link(
    activityType: String, webpageURL: String?, userInfo: [AnyHashable: Any]?, referrer: String?,
    linkKey: String = IncomingLink.payloadKey
  ) -> IncomingLink? {
    switch activityType {
    case browsingWebType:
      return webpageURL.map { IncomingLink(url: $0, source: .universalLink, referrer: referrer) }
    case spotlightType:
      return IncomingLink.linkText(in: userInfo ?? [:], key: spotlightIdentifierKey).map {
        IncomingLink(url: $0, source: .spotlight)
      }
    default:
      guard let url = webpageURL ?? IncomingLink.linkText(in: userInfo ?? [:], key: linkKey) else {
        return nil
      }
      return IncomingLink(url: url, source: .userActivity, referrer: referrer)
    }
  }
}
