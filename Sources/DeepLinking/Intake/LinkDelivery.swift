import Foundation

/// One stored link handed to the app by ``DurableLinkStore/deliver(isolation:_:)``.
///
/// ``isRedelivery`` is `true` when an earlier process had already started applying this link and died
/// before the store recorded it as applied. State that lived only in that process (such as in-memory
/// navigation) died with it, so applying the link again is right; effects that outlived the process
/// should be de-duplicated with ``StoredLink/id``.
public struct LinkDelivery: Sendable, Hashable {
  /// The link to apply.
  public let link: StoredLink
  /// Whether a process that crashed had already been handed this link.
  public let isRedelivery: Bool

  /// Creates a delivery.
  ///
  /// - Parameters:
  ///   - link: The link to apply.
  ///   - isRedelivery: Whether a crashed process had already been handed this link.
  public init(link: StoredLink, isRedelivery: Bool) {
    self.link = link
    self.isRedelivery = isRedelivery
  }
}
