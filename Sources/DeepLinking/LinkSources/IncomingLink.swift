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
