import Foundation

/// What a fallback handler did with a link the router could not handle.
public enum FallbackResult: Sendable, Hashable {
  /// The handler does not know the link; the next handler gets it.
  case notHandled
  /// The handler took care of the link itself (an SDK opened its own screen); nothing more happens.
  case handled
  /// The handler turned the link into another one, which enters the intake again (a tracking link
  /// resolved to its click-through URL).
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
/// struct MarketingSDKFallback: LinkFallbackHandler {
///   let name = "marketing"
///   func handle(_ link: IncomingLink) async -> FallbackResult {
///     guard let clickThrough = await sdk.clickThroughURL(for: link.url) else { return .notHandled }
///     return .redirect(clickThrough)
///   }
/// }
/// ```
public protocol LinkFallbackHandler: Sendable {
  /// A name for logs and refusals.
  var name: String { get }

  /// Handles a link the router could not.
  ///
  /// - Parameter link: The link, with its source and chain.
  /// - Returns: What the handler did.
  func handle(_ link: IncomingLink) async -> FallbackResult
}

/// A fallback handler made of a closure.
public struct ClosureFallbackHandler: LinkFallbackHandler {
  /// The handler's name.
  public let name: String
  private let body: @Sendable (IncomingLink) async -> FallbackResult

  /// Creates a handler.
  ///
  /// - Parameters:
  ///   - name: A name for logs and refusals.
  ///   - body: What to do with a link.
  public init(name: String, _ body: @escaping @Sendable (IncomingLink) async -> FallbackResult) {
    self.name = name
    self.body = body
  }

  /// Runs the closure.
  ///
  /// - Parameter link: The link.
  /// - Returns: What the closure returned.
  public func handle(_ link: IncomingLink) async -> FallbackResult {
    await body(link)
  }
}
