/// One stored link handed to the app by ``LinkStore/deliver(isolation:_:)``.
///
/// ``isRedelivery`` is `true` when an earlier process had already started applying this link and died
/// before the store recorded it as applied (only a store that outlives the process, such as the
/// `DurableLinkStorage` module's, redelivers). State that lived only in that process (such as
/// in-memory navigation) died with it, so applying the link again is right; effects that outlived the
/// process should be de-duplicated with the link's ``IncomingLink/id``.
package struct LinkDelivery: Sendable, Hashable {
  /// The link to apply, as it was received.
  package let link: IncomingLink
  /// Why the link was kept instead of applied, such as `"app not ready"`, when the store was told.
  package let reason: String?
  /// Whether a process that crashed had already been handed this link.
  package let isRedelivery: Bool

  /// Creates a delivery.
  ///
  /// - Parameters:
  ///   - link: The link to apply.
  ///   - reason: Why the link was kept, if known.
  ///   - isRedelivery: Whether a crashed process had already been handed this link.
  package init(link: IncomingLink, reason: String?, isRedelivery: Bool) {
    self.link = link
    self.reason = reason
    self.isRedelivery = isRedelivery
  }
}
