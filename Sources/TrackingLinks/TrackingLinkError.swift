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

  /// The failure and the details that belong to it.
  private enum Failure: Sendable, Hashable {
    case loop
    case tooManyHops(limit: Int)
    case timedOut(timeout: Duration, elapsed: Duration)
    case notRedirect(status: Int)
    case httpError(status: Int)
    case missingLocation(status: Int)
    case invalidLocation(status: Int, location: String)
    case insecure
    case cancelled
    case transport(message: String)
  }

  /// The URL where resolution stopped.
  public let url: URL
  /// The 1-based number of the request where resolution stopped.
  public let hop: Int
  private let failure: Failure

  private init(url: URL, hop: Int, failure: Failure) {
    self.url = url
    self.hop = hop
    self.failure = failure
  }

  /// What kind of failure stopped resolution.
  public var code: ErrorCode<TrackingLinkError> {
    switch failure {
    case .loop: .loop
    case .tooManyHops: .tooManyHops
    case .timedOut: .timedOut
    case .notRedirect: .notRedirect
    case .httpError: .httpError
    case .missingLocation: .missingLocation
    case .invalidLocation: .invalidLocation
    case .insecure: .insecure
    case .cancelled: .cancelled
    case .transport: .transport
    }
  }

  /// The HTTP status of the response, for the codes that come from one (`notRedirect`,
  /// `httpError`, `missingLocation`, `invalidLocation`); `nil` otherwise.
  public var status: Int? {
    switch failure {
    case .notRedirect(let status), .httpError(let status), .missingLocation(let status),
      .invalidLocation(let status, _):
      status
    case .loop, .tooManyHops, .timedOut, .insecure, .cancelled, .transport:
      nil
    }
  }

  /// The `Location` header that is not a URL, for `invalidLocation`; `nil` otherwise.
  public var location: String? {
    guard case .invalidLocation(_, let location) = failure else { return nil }
    return location
  }

  /// The resolver's hop limit, for `tooManyHops`; `nil` otherwise.
  public var limit: Int? {
    guard case .tooManyHops(let limit) = failure else { return nil }
    return limit
  }

  /// The resolver's time limit, for `timedOut`; `nil` otherwise.
  public var timeout: Duration? {
    guard case .timedOut(let timeout, _) = failure else { return nil }
    return timeout
  }

  /// The time the resolution really ran, measured on the continuous clock (never less than
  /// ``timeout``), for `timedOut`; `nil` otherwise.
  public var elapsed: Duration? {
    guard case .timedOut(_, let elapsed) = failure else { return nil }
    return elapsed
  }

  /// What the transport reported, for `transport`; `nil` otherwise.
  public var message: String? {
    guard case .transport(let message) = failure else { return nil }
    return message
  }

  /// A one-line explanation naming the URL, the hop and, where there is one, the status.
  public var description: String {
    let place = "at hop \(hop) (\(url.absoluteString))"
    switch failure {
    case .loop:
      return "redirect loop \(place): this URL was already visited"
    case .tooManyHops(let limit):
      return "too many hops \(place): the limit is \(limit)"
    case .timedOut(let timeout, let elapsed):
      return
        "timed out \(place): no answer within the limit of \(Self.seconds(timeout)) (\(Self.seconds(elapsed)) elapsed)"
    case .notRedirect(let status):
      return "not a redirect \(place): status \(status)"
    case .httpError(let status):
      return "HTTP error \(place): status \(status)"
    case .missingLocation(let status):
      return "missing Location \(place): status \(status) without a Location header"
    case .invalidLocation(let status, let location):
      return "invalid Location \(place): status \(status) with Location \"\(location)\""
    case .insecure:
      return "insecure URL \(place): plain http on a tracking host configured for https"
    case .cancelled:
      return "cancelled \(place)"
    case .transport(let message):
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

extension TrackingLinkError {
  /// A redirect pointed back to `url`, a tracking URL already visited in this chain.
  ///
  /// - Parameters:
  ///   - url: The URL that would have been requested again.
  ///   - hop: The number of that request in the chain.
  /// - Returns: An error with code `loop`.
  public static func loop(url: URL, hop: Int) -> Self {
    Self(url: url, hop: hop, failure: .loop)
  }

  /// The chain needed more requests than the hop limit allows.
  ///
  /// - Parameters:
  ///   - url: The URL that would have been requested next.
  ///   - hop: The number of that request, one past the limit.
  ///   - limit: The resolver's hop limit.
  /// - Returns: An error with code `tooManyHops`.
  public static func tooManyHops(url: URL, hop: Int, limit: Int) -> Self {
    Self(url: url, hop: hop, failure: .tooManyHops(limit: limit))
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
    Self(url: url, hop: hop, failure: .timedOut(timeout: timeout, elapsed: elapsed))
  }

  /// A tracking URL answered with a status that is neither a redirect nor an error.
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The status it answered with.
  /// - Returns: An error with code `notRedirect`.
  public static func notRedirect(url: URL, hop: Int, status: Int) -> Self {
    Self(url: url, hop: hop, failure: .notRedirect(status: status))
  }

  /// A tracking URL answered with an HTTP error status (4xx or 5xx).
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The status it answered with.
  /// - Returns: An error with code `httpError`.
  public static func httpError(url: URL, hop: Int, status: Int) -> Self {
    Self(url: url, hop: hop, failure: .httpError(status: status))
  }

  /// A redirect response carried no `Location` header.
  ///
  /// - Parameters:
  ///   - url: The URL that answered.
  ///   - hop: The number of that request.
  ///   - status: The redirect status it answered with.
  /// - Returns: An error with code `missingLocation`.
  public static func missingLocation(url: URL, hop: Int, status: Int) -> Self {
    Self(url: url, hop: hop, failure: .missingLocation(status: status))
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
    Self(url: url, hop: hop, failure: .invalidLocation(status: status, location: location))
  }

  /// A URL uses plain `http` on a tracking host that is configured for `https` only.
  ///
  /// - Parameters:
  ///   - url: The insecure URL.
  ///   - hop: The number of the request it would have been.
  /// - Returns: An error with code `insecure`.
  public static func insecure(url: URL, hop: Int) -> Self {
    Self(url: url, hop: hop, failure: .insecure)
  }

  /// The calling task was cancelled.
  ///
  /// - Parameters:
  ///   - url: The URL being requested.
  ///   - hop: The number of that request.
  /// - Returns: An error with code `cancelled`.
  public static func cancelled(url: URL, hop: Int) -> Self {
    Self(url: url, hop: hop, failure: .cancelled)
  }

  /// The request failed below HTTP (connection refused, DNS failure, TLS failure ...).
  ///
  /// - Parameters:
  ///   - url: The URL being requested.
  ///   - hop: The number of that request.
  ///   - message: What the transport reported.
  /// - Returns: An error with code `transport`.
  public static func transport(url: URL, hop: Int, message: String) -> Self {
    Self(url: url, hop: hop, failure: .transport(message: message))
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
