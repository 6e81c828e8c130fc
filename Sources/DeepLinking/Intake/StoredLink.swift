import Foundation

/// A link kept for later: received before the app could apply it, stored durably by ``DurableLinkStore``.
///
/// The URL is kept as the exact string that arrived, so a link that does not parse today is still kept
/// and reported rather than lost.
public struct StoredLink: Sendable, Hashable, Codable, Identifiable {
  /// The identity of this link; the store refuses a second link with the same id.
  public let id: UUID
  /// The URL exactly as received.
  public let urlString: String
  /// Where the link came from.
  public let source: LinkSource
  /// When the app received the link.
  public let receivedAt: Date
  /// Why the link was parked instead of applied, such as `"app not ready"`.
  public let reason: String?

  /// The URL, or `nil` when ``urlString`` does not parse as a URL.
  public var url: URL? { URL(string: urlString) }

  /// Creates a stored link from a URL string.
  ///
  /// - Parameters:
  ///   - id: The identity of the link; a fresh one by default.
  ///   - urlString: The URL exactly as received.
  ///   - source: Where the link came from.
  ///   - receivedAt: When the app received the link; now by default.
  ///   - reason: Why the link was parked, if known.
  public init(
    id: UUID = UUID(),
    urlString: String,
    source: LinkSource,
    receivedAt: Date = Date(),
    reason: String? = nil
  ) {
    self.id = id
    self.urlString = urlString
    self.source = source
    self.receivedAt = receivedAt
    self.reason = reason
  }

  /// Creates a stored link from a URL.
  ///
  /// - Parameters:
  ///   - id: The identity of the link; a fresh one by default.
  ///   - url: The URL as received.
  ///   - source: Where the link came from.
  ///   - receivedAt: When the app received the link; now by default.
  ///   - reason: Why the link was parked, if known.
  public init(
    id: UUID = UUID(), url: URL, source: LinkSource, receivedAt: Date = Date(), reason: String? = nil
  ) {
    self.init(id: id, urlString: url.absoluteString, source: source, receivedAt: receivedAt, reason: reason)
  }
}
