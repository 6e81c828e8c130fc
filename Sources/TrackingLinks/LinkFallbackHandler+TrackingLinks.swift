import DeepLinking
import Foundation

extension LinkFallbackHandler {
  /// A handler that resolves tracking links (marketing click links) to their click-through URL, which
  /// then enters the intake again.
  ///
  /// Links outside the resolver's tracking origins are not handled and cause no request. The handler
  /// is named `tracking`; a link the resolver fails on is `FallbackResult.failed(_:)` with the
  /// resolver's reason.
  ///
  /// - Parameter resolver: The resolver, configured with the tracking origins.
  /// - Returns: The handler.
  public static func trackingLinks(resolver: TrackingLinkResolver) -> LinkFallbackHandler {
    LinkFallbackHandler(name: "tracking") { link in
      guard let url = URL(string: link.url), resolver.isTrackingLink(url) else { return .notHandled }
      do {
        return .redirect(try await resolver.resolve(url))
      } catch {
        return .failed(String(describing: error))
      }
    }
  }
}
