import Foundation

/// A link as it reaches the app, with where it came from.
///
/// Fallback handlers that hand back a new link keep the chain of links that led to it, so the intake can
/// bound the depth and refuse loops.
public struct IncomingLink: Sendable, Hashable, Identifiable {
  /// The identity of the link; a link kept in the intake's ``LinkStorage`` keeps the id it was stored with.
  public var id: UUID
  /// The link's text exactly as received.
  public var url: String
  /// Where the link came from.
  public var source: LinkSource
  /// When the app received it.
  public var receivedAt: Date
  /// The links that led to this one through fallback handlers, oldest first (empty for a link that
  /// arrived from outside).
  public var chain: [String]
  /// What the system said about who sent the link, when it said anything: the bundle identifier of the
  /// app that opened a custom-scheme link (`UIOpenURLContext`'s `sourceApplication`), or the referring
  /// web page of a Universal Link (`NSUserActivity.referrerURL`). A report, never trust: it does not
  /// change what the link may open.
  public var referrer: String?

  /// Creates an incoming link.
  ///
  /// - Parameters:
  ///   - id: The identity of the link; a fresh one by default.
  ///   - url: The link's text.
  ///   - source: Where the link came from.
  ///   - receivedAt: When the app received it; now by default.
  ///   - chain: The links that led to this one through fallback handlers.
  ///   - referrer: What the system said about who sent the link, if anything.
  public init(
    id: UUID = UUID(), url: String, source: LinkSource, receivedAt: Date = Date(), chain: [String] = [],
    referrer: String? = nil
  ) {
    self.id = id
    self.url = url
    self.source = source
    self.receivedAt = receivedAt
    self.chain = chain
    self.referrer = referrer
  }

  /// The `userInfo` key a notification's payload or a quick action carries its link under, unless the
  /// app names another: `link`.
  public static let payloadKey = "link"

  /// The link a notification's payload or a Home Screen quick action's user info carries, if any.
  ///
  /// The system hands these over as dictionaries, not URLs: a push payload such as
  /// `{"aps": {...}, "link": "https://shop.example/p/1"}`, or a quick action whose `userInfo` the app set.
  /// The link is the value under one top-level key (``payloadKey`` unless the app says otherwise), as
  /// text or as a URL; anything else (a number, an empty string, a nested dictionary) is no link, and
  /// the delivery is ignored rather than guessed at.
  ///
  /// ```swift
  /// let userInfo = response.notification.request.content.userInfo
  /// if let link = IncomingLink(payload: userInfo, source: .notification) {
  ///   await intake.receive(link)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - payload: The notification's `userInfo`, or a quick action's `userInfo`.
  ///   - key: The top-level key that holds the link (default ``payloadKey``).
  ///   - source: Where the payload came from, such as ``LinkSource/notification``.
  public init?(payload: [AnyHashable: Any], key: String = payloadKey, source: LinkSource) {
    guard let url = Self.linkText(in: payload, key: key) else { return nil }
    self.init(url: url, source: source)
  }

  /// The link under `key` in a payload, if the value there is non-empty text or a URL.
  ///
  /// - Parameters:
  ///   - payload: A notification's, quick action's or user activity's `userInfo`.
  ///   - key: The top-level key that holds the link.
  /// - Returns: The link's text, or `nil` when there is none.
  package static func linkText(in payload: [AnyHashable: Any], key: String) -> String? {
    switch payload[AnyHashable(key)] {
    case let text as String where !text.isEmpty:
      text
    case let url as URL:
      url.absoluteString
    default:
      nil
    }
  }

  /// The link a fallback handler or an SDK turned this one into: it keeps this link's source (so its
  /// trust) and referrer, and records this link in its chain.
  ///
  /// - Parameter url: The new link's text.
  /// - Returns: The successor, with a fresh id.
  public func successor(_ url: String) -> IncomingLink {
    IncomingLink(url: url, source: source, chain: chain + [self.url], referrer: referrer)
  }

  /// The source a link arriving from the system has: a Universal Link for `http`/`https`, a custom
  /// scheme otherwise.
  ///
  /// Only for the entry points where the system itself delivered the URL (SwiftUI's `onOpenURL`, a
  /// scene's launch options, `deeplink` reading a link as the system would): anywhere else the scheme
  /// says nothing about who sent the link, so callers state the source.
  ///
  /// - Parameter url: The link as the system delivered it.
  /// - Returns: ``LinkSource/universalLink`` or ``LinkSource/customScheme``.
  package static func systemSource(of url: URL) -> LinkSource {
    let scheme = url.scheme?.lowercased()
    return scheme == "https" || scheme == "http" ? .universalLink : .customScheme
  }
}
