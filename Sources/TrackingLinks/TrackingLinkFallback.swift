import DeepLinking
import Foundation

/// Resolves tracking links (marketing click links) to their click-through URL, which then enters the
/// intake again.
///
/// Links outside the resolver's tracking origins are not handled and cause no request.
public struct TrackingLinkFallback: LinkFallbackHandler {
  /// The handler's name, `tracking`.
  public let name = "tracking"
  /// The resolver that follows the redirects.
  public let resolver: TrackingLinkResolver

  /// Creates the handler.
  ///
  /// - Parameter resolver: The resolver, configured with the tracking origins.
  public init(resolver: TrackingLinkResolver) {
    self.resolver = resolver
  }

  /// Resolves a tracking link, or passes on any other link.
  ///
  /// - Parameter link: The link.
  /// - Returns: The click-through URL as a redirect, `FallbackResult.notHandled` for a link outside
  ///   the tracking origins, or `FallbackResult.failed(_:)` with the resolver's reason.
  public func handle(_ link: IncomingLink) async -> FallbackResult {
    guard let url = URL(string: link.url), resolver.isTrackingLink(url) else { return .notHandled }
    do {
      return .redirect(try await resolver.resolve(url))
    } catch {
      return .failed(error.description)
    }
  }
}
