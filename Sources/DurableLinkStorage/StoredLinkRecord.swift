import DeepLinking
import Foundation

/// The JSON of one stored link, as the file store writes and reads it.
///
/// The keys are those of every earlier version of the file format (`id`, `urlString`, `source`,
/// `receivedAt`, `reason`), so entries written before stay readable, and entries written now stay
/// readable by earlier versions. `chain` is written only for a link a fallback handler produced; a
/// missing `chain` reads as empty. `referrer` is written only when the system named one.
struct StoredLinkRecord: Sendable, Hashable, Codable {
  var id: UUID
  /// The URL exactly as received, so a link that does not parse today is still kept and reported.
  var urlString: String
  var source: LinkSource
  var receivedAt: Date
  /// Why the link was parked instead of applied, such as `"app not ready"`.
  var reason: String?
  /// The links that led to this one through fallback handlers; `nil` when there were none.
  var chain: [String]?
  /// What the system said about who sent the link; `nil` when it said nothing.
  var referrer: String?

  init(_ link: IncomingLink, reason: String?) {
    id = link.id
    urlString = link.url
    source = link.source
    receivedAt = link.receivedAt
    self.reason = reason
    chain = link.chain.isEmpty ? nil : link.chain
    referrer = link.referrer
  }

  /// The link as it was received.
  var link: IncomingLink {
    IncomingLink(
      id: id, url: urlString, source: source, receivedAt: receivedAt, chain: chain ?? [], referrer: referrer)
  }
}
