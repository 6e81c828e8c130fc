import DeepLinkRouting
import Foundation

/// Why a tracking link could not be turned into its click-through URL.
///
/// Every error says where resolution stopped: ``url`` is the URL being requested (or, for
/// `loop`, `tooManyHops` and `insecure`, the URL that would have been requested
/// next) and ``hop`` is the 1-based number of that request in the chain. ``code`` says what went wrong;
/// the details that belong to it (``status``, ``location``, ``limit``, ``timeout`` and ``elapsed``,
/// ``message``) are set for the codes that have them and `nil` otherwise.
///
/// New kinds of failure can be added as new codes without breaking callers: compare ``code`` with the
/// codes you handle and treat any other as a failure in general.
///
/// ```swift
/// do {
///   _ = try await resolver.resolve(link)
/// } catch {
///   if error.code == .timedOut {
///     print("gave up after \(error.elapsed ?? .zero)")
///   } else {
///     print(error)
///   }
/// }
/// ```
public struct TrackingLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure stopped resolution.
  public let code: ErrorCode<TrackingLinkError>
  /// What went wrong, in a few words that come before the place (`redirect loop`).
  private let summary: String
  /// The HTTP status of the response, for the codes that come from one (`notRedirect`,
  /// `httpError`, `missingLocation`, `invalidLocation`); `nil` otherwise.
  public private(set) var status: Int?
  /// The `Location` header that is not a URL, for `invalidLocation`; `nil` otherwise.
  public private(set) var location: String?
  /// The resolver's hop limit, for `tooManyHops`; `nil` otherwise.
  public private(set) var limit: Int?
  /// The resolver's time limit, for `timedOut`; `nil` otherwise.
  public private(set) var timeout: Duration?
  /// The time the resolution really ran, measured on the continuous clock (never less than
  /// ``timeout``), for `timedOut`; `nil` otherwise.
  public private(set) var elapsed: Duration?
  /// What the transport reported, for `transport`; `nil` otherwise.
  public private(set) var message: String?
  /// The URL where resolution stopped.
  public let url: URL
  /// The 1-based number of the request where resolution stopped.
  public let hop: Int
  /// What went wrong, in words that come after the place, if any.
  private var explanation: String?

  /// A one-line explanation naming the URL, the hop and, where there is one, the status.
  public var description: String {
    "\(summary) at hop \(hop) (\(url.absoluteString))" + (explanation.map { ": " + $0 } ?? "")
  }

  /// A duration in seconds with three decimals: `2.000 s`.
  private static func seconds(_ duration: Duration) -> String {
    let parts = duration.components
    let milliseconds = max(0, parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000)
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
  }
}

extension TrackingLinkError {
  /// A redirect pointed back to `url`, a tracking URL already visited in this chain.
  ///
  /// - Parameters:
  ///   - url: The URL that would have been requested again.
  ///   - hop: The number of that request in the chain.
  /// - Returns: An error with code `loop`.
  public static func loop(url: URL, hop: Int) -> Self {
    Self(
      code: .loop, summary: "redirect loop", url: url, hop: hop, explanation: "this URL was already visited")
  }

  /// The chain needed more requests than the hop limit allows.
  ///
  /// - Parameters:
  ///   - url: The URL that would have been requested next.
  ///   - hop: The number of that request, one past the limit.
  ///   - limit: The resolver's hop limit.
  /// - Returns: An error with code `tooManyHops`.
  public static func tooManyHops(url: URL, hop: Int, limit: Int) -> Self {
    Self(
      code: .tooManyHops, summary: "too many hops", limit: limit, url: url, hop: hop,
      explanation: "the limit is \(limit)")
  }

  /// The whole resolution reached its time limit without an answer.
  ///
  /// - Parameters:
  ///   - url: The URL being requested when the limit passed.
  ///   - hop: The number of that request.
  ///   - timeout: The resolver's time limit.
  ///   - elapsed: The time the resolution really ran, on the continuous clock.
  /// - Returns: An error with code `timedOut`.
  public static func timedOut(url: URL, hop: Int, timeout: Duration, elapsed: Duration) -> Self {
    Self(
      code: .timedOut, summary: "timed out", timeout: timeout, elapsed: elapsed, url: url, hop: hop,
      explanation: "no answer within the limit of \(seconds(timeout)) (\(seconds(elapsed)) elapsed)")
  }

  /// A tracking URL answered with a status that is neither a redirect nor an error.
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The status it answered with.
  /// - Returns: An error with code `notRedirect`.
  public static func notRedirect(url: URL, hop: Int, status: Int) -> Self {
    Self(
      code: .notRedirect, summary: "not a redirect", status: status, url: url, hop: hop,
      explanation: "status \(status)")
  }

  /// A tracking URL answered with an HTTP error status (4xx or 5xx).
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The status it answered with.
  /// - Returns: An error with code `httpError`.
  public static func httpError(url: URL, hop: Int, status: Int) -> Self {
    Self(
      code: .httpError, summary: "HTTP error", status: status, url: url, hop: hop,
      explanation: "status \(status)")
  }

  /// A redirect response carried no `Location` header.
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The redirect status it answered with.
  /// - Returns: An error with code `missingLocation`.
  public static func missingLocation(url: URL, hop: Int, status: Int) -> Self {
    Self(
      code: .missingLocation, summary: "missing Location", status: status, url: url, hop: hop,
      explanation: "status \(status) without a Location header")
  }

  /// A redirect response carried a `Location` header that is not a URL.
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The redirect status it answered with.
  ///   - location: The header's value.
  /// - Returns: An error with code `invalidLocation`.
  public static func invalidLocation(url: URL, hop: Int, status: Int, location: String) -> Self {
    Self(
      code: .invalidLocation, summary: "invalid Location", status: status, location: location, url: url,
      hop: hop, explanation: "status \(status) with Location \"\(location)\"")
  }

  /// A URL uses plain `http` on a tracking host that is configured for `https` only.
  ///
  /// - Parameters:
  ///   - url: The insecure URL.
  ///   - hop: The number of the request it would have been.
  /// - Returns: An error with code `insecure`.
  public static func insecure(url: URL, hop: Int) -> Self {
    Self(
      code: .insecure, summary: "insecure URL", url: url, hop: hop,
      explanation: "plain http on a tracking host configured for https")
  }

  /// The calling task was cancelled.
  ///
  /// - Parameters:
  ///   - url: The URL being requested.
  ///   - hop: The number of that request.
  /// - Returns: An error with code `cancelled`.
  public static func cancelled(url: URL, hop: Int) -> Self {
    Self(code: .cancelled, summary: "cancelled", url: url, hop: hop)
  }

  /// The request failed below HTTP (connection refused, DNS failure, TLS failure ...).
  ///
  /// - Parameters:
  ///   - url: The URL being requested.
  ///   - hop: The number of that request.
  ///   - message: What the transport reported.
  /// - Returns: An error with code `transport`.
  public static func transport(url: URL, hop: Int, message: String) -> Self {
    Self(
      code: .transport, summary: "transport error", message: message, url: url, hop: hop, explanation: message
    )
  }
}

extension ErrorCode where Subject == TrackingLinkError {
  /// A redirect pointed back to a tracking URL already visited in this chain.
  public static let loop = Self("loop")
  /// The chain needed more requests than the resolver's hop limit allows; see ``TrackingLinkError/limit``.
  public static let tooManyHops = Self("too-many-hops")
  /// The whole resolution reached the resolver's time limit without an answer; see
  /// ``TrackingLinkError/timeout`` and ``TrackingLinkError/elapsed``.
  public static let timedOut = Self("timed-out")
  /// A tracking URL answered with a status that is neither a redirect nor an error (such as 200).
  public static let notRedirect = Self("not-a-redirect")
  /// A tracking URL answered with an HTTP error status (4xx or 5xx).
  public static let httpError = Self("http-error")
  /// A redirect response carried no `Location` header.
  public static let missingLocation = Self("missing-location")
  /// A redirect response carried a `Location` header that is not a URL; see
  /// ``TrackingLinkError/location``.
  public static let invalidLocation = Self("invalid-location")
  /// A URL uses plain `http` on a tracking host that is configured for `https` only.
  public static let insecure = Self("insecure")
  /// The calling task was cancelled.
  public static let cancelled = Self("cancelled")
  /// The request failed below HTTP (connection refused, DNS failure, TLS failure ...); see
  /// ``TrackingLinkError/message``.
  public static let transport = Self("transport")
}
