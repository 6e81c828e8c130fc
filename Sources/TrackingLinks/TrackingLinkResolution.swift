import Foundation

/// The outcome of following a tracking link: the click-through URL and the tracking URLs on the way.
///
/// ``hops`` lists every tracking URL that was requested, in order; it is empty when the input was not a
/// tracking link (then ``destination`` is the input itself and no request was made).
package struct TrackingLinkResolution: Sendable, Hashable {
  /// The click-through URL: the first redirect target outside the tracking origins. It is never fetched.
  package let destination: URL
  /// The tracking URLs that were requested, in order.
  package let hops: [URL]
  /// Whether this result came from the resolver's cache instead of the network.
  package let isCached: Bool

  /// Creates a resolution.
  ///
  /// - Parameters:
  ///   - destination: The click-through URL.
  ///   - hops: The tracking URLs requested on the way, in order.
  ///   - isCached: Whether the result came from a cache.
  package init(destination: URL, hops: [URL], isCached: Bool = false) {
    self.destination = destination
    self.hops = hops
    self.isCached = isCached
  }
}
