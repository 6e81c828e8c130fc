import Foundation

/// Reads the link that a notification's payload or a Home Screen quick action's user info carries.
///
/// The system hands these over as dictionaries, not URLs: a push payload such as
/// `{"aps": {...}, "link": "https://shop.example/p/1"}`, or a quick action whose `userInfo` the app set.
/// The link is the value under one top-level key (`link` unless the app says otherwise), as text or as a
/// URL; anything else (a number, an empty string, a nested dictionary) is no link, and the delivery is
/// ignored rather than guessed at.
///
/// ```swift
/// if let url = LinkPayload.link(in: response.notification.request.content.userInfo) {
///   await intake.receive(url, source: .notification)
/// }
/// ```
public enum LinkPayload {
  /// The key a link is read from unless the app names another: `link`.
  public static let defaultKey = "link"

  /// The link under `key`, if the value there is non-empty text or a URL.
  ///
  /// - Parameters:
  ///   - payload: The notification's `userInfo`, or a quick action's `userInfo`.
  ///   - key: The top-level key that holds the link (default ``defaultKey``).
  /// - Returns: The link's text, or `nil` when there is none.
  public static func link(in payload: [AnyHashable: Any], key: String = defaultKey) -> String? {
    switch payload[AnyHashable(key)] {
    case let text as String where !text.isEmpty:
      text
    case let url as URL:
      url.absoluteString
    default:
      nil
    }
  }
}
