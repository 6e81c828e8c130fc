import Foundation

/// Why a tracking link could not be turned into its click-through URL.
///
/// Every case says where resolution stopped: ``url`` is the URL being requested (or, for
/// ``loop(url:hop:)``, ``tooManyHops(url:hop:limit:)`` and ``insecure(url:hop:)``, the URL that would
/// have been requested next) and ``hop`` is the 1-based number of that request in the chain. Cases that come from a response also carry its status.
public enum TrackingLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A redirect pointed back to a tracking URL already visited in this chain.
  case loop(url: URL, hop: Int)
  /// The chain needed more requests than the resolver's hop limit allows.
  case tooManyHops(url: URL, hop: Int, limit: Int)
  /// The whole resolution reached the resolver's time limit, `timeout`, without an answer; `elapsed` is
  /// the time it really ran, measured on the continuous clock (never less than `timeout`).
  case timedOut(url: URL, hop: Int, timeout: Duration, elapsed: Duration)
  /// A tracking URL answered with a status that is neither a redirect nor an error (such as 200).
  case notRedirect(url: URL, hop: Int, status: Int)
  /// A tracking URL answered with an HTTP error status (4xx or 5xx).
  case httpError(url: URL, hop: Int, status: Int)
  /// A redirect response carried no `Location` header.
  case missingLocation(url: URL, hop: Int, status: Int)
  /// A redirect response carried a `Location` header that is not a URL.
  case invalidLocation(url: URL, hop: Int, status: Int, location: String)
  /// A URL uses plain `http` on a tracking host that is configured for `https` only.
  case insecure(url: URL, hop: Int)
  /// The calling task was cancelled.
  case cancelled(url: URL, hop: Int)
  /// The request failed below HTTP (connection refused, DNS failure, TLS failure ...).
  case transport(url: URL, hop: Int, message: String)

  /// The URL where resolution stopped.
  public var url: URL {
    switch self {
    case .loop(let url, _), .tooManyHops(let url, _, _), .timedOut(let url, _, _, _),
      .notRedirect(let url, _, _), .httpError(let url, _, _), .missingLocation(let url, _, _),
      .invalidLocation(let url, _, _, _), .insecure(let url, _), .cancelled(let url, _),
      .transport(let url, _, _):
      return url
    }
  }

  /// The 1-based number of the request where resolution stopped.
  public var hop: Int {
    switch self {
    case .loop(_, let hop), .tooManyHops(_, let hop, _), .timedOut(_, let hop, _, _),
      .notRedirect(_, let hop, _), .httpError(_, let hop, _), .missingLocation(_, let hop, _),
      .invalidLocation(_, let hop, _, _), .insecure(_, let hop), .cancelled(_, let hop),
      .transport(_, let hop, _):
      return hop
    }
  }

  /// A short, stable identifier of the failure, for logs and the tool's JSON (`loop`, `timed-out`, ...).
  public var code: String {
    switch self {
    case .loop: "loop"
    case .tooManyHops: "too-many-hops"
    case .timedOut: "timed-out"
    case .notRedirect: "not-a-redirect"
    case .httpError: "http-error"
    case .missingLocation: "missing-location"
    case .invalidLocation: "invalid-location"
    case .insecure: "insecure"
    case .cancelled: "cancelled"
    case .transport: "transport"
    }
  }

  /// A one-line explanation naming the URL, the hop and, where there is one, the status.
  public var description: String {
    let place = "at hop \(hop) (\(url.absoluteString))"
    switch self {
    case .loop:
      return "redirect loop \(place): this URL was already visited"
    case .tooManyHops(_, _, let limit):
      return "too many hops \(place): the limit is \(limit)"
    case .timedOut(_, _, let timeout, let elapsed):
      return
        "timed out \(place): no answer within the limit of \(Self.seconds(timeout)) (\(Self.seconds(elapsed)) elapsed)"
    case .notRedirect(_, _, let status):
      return "not a redirect \(place): status \(status)"
    case .httpError(_, _, let status):
      return "HTTP error \(place): status \(status)"
    case .missingLocation(_, _, let status):
      return "missing Location \(place): status \(status) without a Location header"
    case .invalidLocation(_, _, let status, let location):
      return "invalid Location \(place): status \(status) with Location \"\(location)\""
    case .insecure:
      return "insecure URL \(place): plain http on a tracking host configured for https"
    case .cancelled:
      return "cancelled \(place)"
    case .transport(_, _, let message):
      return "transport error \(place): \(message)"
    }
  }

  /// A duration in seconds with three decimals: `2.000 s`.
  private static func seconds(_ duration: Duration) -> String {
    let parts = duration.components
    let milliseconds = max(0, parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }
}
