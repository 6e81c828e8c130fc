import Foundation

/// What a fallback handler did with a link the router could not handle.
public enum FallbackResult: Sendable, Hashable {
  /// The handler does not know the link; the next handler gets it.
  case notHandled
  /// The handler took care of the link itself (an SDK opened its own screen); nothing more happens.
  case handled
  /// The handler turned the link into another one, which enters the intake again (a tracking link
  /// resolved to its click-through URL). The new link keeps the source of the link it came from, so a
  /// tracking link read from a QR code cannot open a verified-only route by resolving to an `https` URL.
  case redirect(URL)
  /// The handler knows the link but could not handle it; the reason is reported as a refusal.
  case failed(String)
}

/// Gets the links the router could not handle, in a chain: the plug-in point for third-party SDKs.
///
/// The intake hands a link to each handler in order until one returns something other than
/// ``FallbackResult/notHandled``. A handler that returns ``FallbackResult/redirect(_:)`` sends a new
/// link through the intake, with the chain bounded in depth and loops refused.
///
/// ```swift
/// let marketing = LinkFallbackHandler(name: "marketing") { link in
///   guard let clickThrough = await sdk.clickThroughURL(for: link.url) else { return .notHandled }
///   return .redirect(clickThrough)
/// }
/// ```
///
/// `TrackingLinks` adds one for tracking links: `LinkFallbackHandler.trackingLinks(resolver:)`.
public struct LinkFallbackHandler: Sendable {
  /// A name for logs and refusals.
  public let name: String
  private let body: @Sendable (IncomingLink) async -> FallbackResult

  /// Creates a handler.
  ///
  /// - Parameters:
  ///   - name: A name for logs and refusals.
  ///   - body: Handles a link the router could not, and says what it did.
  public init(name: String, _ body: @escaping @Sendable (IncomingLink) async -> FallbackResult) {
    self.name = name
    self.body = body
  }

  /// Handles a link the router could not.
  ///
  /// - Parameter link: The link, with its source and chain.
  /// - Returns: What the handler did.
  public func handle(_ link: IncomingLink) async -> FallbackResult {
    await body(link)
  }
}
