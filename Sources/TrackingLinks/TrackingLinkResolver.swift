import DeepLinking
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns tracking ("creative tag") links into their click-through URLs by following HTTP redirects.
///
/// Marketing links such as `https://click.example.com/p/rp/abc123` answer with a chain of redirects
/// that ends at the real destination (`https://shop.example.com/product/42`, or a custom-scheme URL such
/// as `myapp://channel/video/1`). The resolver follows that chain **only while it stays on a tracking
/// origin**: the first `Location` outside the tracking origins is the click-through URL and it is never
/// fetched. A URL that is not on a tracking origin is returned unchanged without any request.
///
/// Each hop sends `HEAD`; a server that refuses `HEAD` (405 or 501) is asked again with `GET`. No body
/// is ever kept: the request ends as soon as the response head arrives. Redirects are never followed by
/// `URLSession` itself, responses are not cached and cookies are neither sent nor stored.
/// Successful results are kept in a small least-recently-used cache.
///
/// Resolution is bounded whatever the servers do: at most ``maxHops`` requests, all of them within
/// ``timeout`` on the wall clock. On Linux, swift-corelibs-foundation reads a redirect's whole body
/// before it reports the redirect; a body that does not end runs into the time limit.
///
/// ```swift
/// let resolver = TrackingLinkResolver(origins: [try TrackingOrigin("click.example.com")])
/// let target = try await resolver.resolve(URL(string: "https://click.example.com/p/rp/abc123")!)
/// // target == https://shop.example.com/product/42
/// ```
///
/// The resolver is `Sendable`; share one instance. Cancelling the calling task cancels the request in
/// flight and ends resolution with a ``TrackingLinkError`` of code `cancelled`.
public final class TrackingLinkResolver: Sendable {
  /// The origins whose URLs are tracking links. Redirects are followed only within these.
  public let origins: [TrackingOrigin]
  /// The most tracking URLs one resolution may request (values below 1 count as 1); a `HEAD` retried
  /// as `GET` counts once.
  public let maxHops: Int
  /// The time limit for a whole resolution, all hops together.
  public let timeout: Duration
  /// How many resolutions the cache keeps (0 turns the cache off).
  public let cacheCapacity: Int
  /// How long a cached resolution stays valid.
  public let cacheLifetime: Duration
  /// The most body bytes one request may receive before its answer's head is known: 64 KiB. A hop
  /// needs only the head, so no body is kept.
  static let maximumResponseBytes = 65_536

  private let cache: LockedValue<ResolutionCache>
  /// The clock the time limit and the cache's lifetime are read on.
  private let clock: DeadlineClock

  /// Creates a resolver for the given tracking origins.
  ///
  /// - Parameters:
  ///   - origins: The tracking origins.
  ///   - maxHops: The most tracking URLs requested per resolution (default 10).
  ///   - timeout: The time limit for a whole resolution (default 5 seconds).
  ///   - cacheCapacity: How many resolutions to cache (default 64); 0 turns the cache off.
  ///   - cacheLifetime: How long a cached resolution stays valid (default 10 minutes).
  public convenience init(
    origins: [TrackingOrigin],
    maxHops: Int = 10,
    timeout: Duration = .seconds(5),
    cacheCapacity: Int = 64,
    cacheLifetime: Duration = .seconds(600)
  ) {
    self.init(
      origins: origins, maxHops: maxHops, timeout: timeout, cacheCapacity: cacheCapacity,
      cacheLifetime: cacheLifetime, clock: .continuous)
  }

  /// A resolver whose time limit and cache lifetime are read on `clock`, which a test moves itself.
  ///
  /// - Parameters:
  ///   - origins: The tracking origins.
  ///   - maxHops: The most tracking URLs requested per resolution.
  ///   - timeout: The time limit for a whole resolution, on `clock`.
  ///   - cacheCapacity: How many resolutions to cache; 0 turns the cache off.
  ///   - cacheLifetime: How long a cached resolution stays valid, on `clock`.
  ///   - clock: The clock the limits are read on.
  package init(
    origins: [TrackingOrigin],
    maxHops: Int = 10,
    timeout: Duration = .seconds(5),
    cacheCapacity: Int = 64,
    cacheLifetime: Duration = .seconds(600),
    clock: DeadlineClock
  ) {
    self.origins = origins
    self.maxHops = maxHops
    self.timeout = timeout
    self.cacheCapacity = cacheCapacity
    self.cacheLifetime = cacheLifetime
    self.cache = LockedValue(ResolutionCache(capacity: cacheCapacity, lifetime: cacheLifetime))
    self.clock = clock
  }

  /// Tells whether a URL is a tracking link, that is, lives on one of the tracking origins.
  ///
  /// - Parameter url: The URL to test.
  /// - Returns: `true` when ``resolve(_:)`` would make a request for `url`.
  public func isTrackingLink(_ url: URL) -> Bool {
    origins.contains { $0.contains(url) }
  }

  /// Returns the click-through URL for a tracking link, or `url` itself when it is not one.
  ///
  /// - Parameter url: The URL the app received.
  /// - Returns: The click-through URL (never fetched), or `url` unchanged when it is not on a tracking
  ///   origin.
  /// - Throws: ``TrackingLinkError`` saying what went wrong, at which URL and hop.
  public func resolve(_ url: URL) async throws(TrackingLinkError) -> URL {
    try await trace(url).destination
  }

  /// Follows a tracking link like ``resolve(_:)`` and also reports the tracking URLs on the way.
  ///
  /// - Parameter url: The URL the app received.
  /// - Returns: The click-through URL with the hops that led to it; no hops when `url` is not a tracking
  ///   link.
  /// - Throws: ``TrackingLinkError`` saying what went wrong, at which URL and hop.
  package func trace(_ url: URL) async throws(TrackingLinkError) -> TrackingLinkResolution {
    if isInsecure(url) {
      throw .insecure(url: url, hop: 1)
    }
    guard isTrackingLink(url) else {
      return TrackingLinkResolution(destination: url, hops: [])
    }
    let key = url.absoluteString
    if let cached = cache.withLock({ $0.value(for: key, now: clock.now()) }) {
      return TrackingLinkResolution(destination: cached.destination, hops: cached.hops, isCached: true)
    }
    let result = await followWithDeadline(url)
    let resolution = try result.get()
    cache.withLock { $0.insert(resolution, for: key, now: clock.now()) }
    return resolution
  }

  /// Empties the cache of resolved links.
  public func removeAllCachedResolutions() {
    cache.withLock { $0 = ResolutionCache(capacity: $0.capacity, lifetime: $0.lifetime) }
  }

  // MARK: - Following

  /// The time limit of one resolution: when it started and when it ends, on its clock.
  private struct Timing: Sendable {
    let limit: Duration
    let clock: DeadlineClock
    let start: ContinuousClock.Instant
    let deadline: ContinuousClock.Instant

    init(limit: Duration, clock: DeadlineClock) {
      self.limit = limit
      self.clock = clock
      start = clock.now()
      deadline = start + limit
    }

    var hasPassed: Bool { clock.now() >= deadline }

    /// The error for a resolution stopped by the deadline, with the time it really took.
    func timedOut(url: URL, hop: Int) -> TrackingLinkError {
      .timedOut(url: url, hop: hop, timeout: limit, elapsed: clock.now() - start)
    }
  }

  /// Follows the chain from `url`, every request bounded by one deadline measured on the resolver's
  /// clock from the start (``BoundedFetch`` enforces it, whatever `URLSession` does).
  private func followWithDeadline(_ url: URL) async -> Result<TrackingLinkResolution, TrackingLinkError> {
    await follow(url, timing: Timing(limit: timeout, clock: clock))
  }

  private func follow(
    _ start: URL,
    timing: Timing
  ) async -> Result<TrackingLinkResolution, TrackingLinkError> {
    let maxHops = max(1, self.maxHops)
    var current = start
    var hops: [URL] = []
    var visited: Set<String> = []
    while true {
      let hop = hops.count + 1
      guard hop <= maxHops else {
        return .failure(.tooManyHops(url: current, hop: hop, limit: maxHops))
      }
      guard visited.insert(current.absoluteString).inserted else {
        return .failure(.loop(url: current, hop: hop))
      }
      hops.append(current)

      let head: ResponseHead
      switch await fetchHead(current, hop: hop, timing: timing) {
      case .success(let value):
        head = value
      case .failure(let error):
        return .failure(error)
      }
      let location: URL
      switch Self.classify(head, url: current, hop: hop) {
      case .success(let value):
        location = value
      case .failure(let error):
        return .failure(error)
      }
      if isInsecure(location) {
        return .failure(.insecure(url: location, hop: hop + 1))
      }
      guard isTrackingLink(location) else {
        return .success(TrackingLinkResolution(destination: location, hops: hops))
      }
      current = location
    }
  }

  /// Sends HEAD, and GET when the server refuses HEAD, returning the head of the answer.
  private func fetchHead(
    _ url: URL,
    hop: Int,
    timing: Timing
  ) async -> Result<ResponseHead, TrackingLinkError> {
    var head: ResponseHead?
    for method in ["HEAD", "GET"] {
      guard !timing.hasPassed else {
        return .failure(timing.timedOut(url: url, hop: hop))
      }
      var request = URLRequest(url: url)
      request.httpMethod = method
      let fetch = BoundedFetch(
        byteLimit: Self.maximumResponseBytes, deadline: timing.deadline, readsBody: false, clock: timing.clock
      )
      switch await fetch.run(request) {
      case .response(let answer):
        head = ResponseHead(status: answer.status, location: answer.location)
      case .tooLarge:
        return .failure(
          .transport(
            url: url, hop: hop,
            message: "more than \(Self.maximumResponseBytes) bytes arrived before the answer's head"))
      case .timedOut:
        return .failure(timing.timedOut(url: url, hop: hop))
      case .cancelled:
        return .failure(.cancelled(url: url, hop: hop))
      case .failed(.timedOut?, _) where timing.hasPassed:
        return .failure(timing.timedOut(url: url, hop: hop))
      case .failed(.timedOut?, _):
        // The request's own limit lies beyond the deadline, so this is not the resolution's time limit.
        return .failure(.transport(url: url, hop: hop, message: "the request timed out"))
      case .failed(_, let message):
        return .failure(.transport(url: url, hop: hop, message: message))
      }
      if let status = head?.status, method == "HEAD", status == 405 || status == 501 {
        continue
      }
      break
    }
    guard let head else {
      return .failure(.transport(url: url, hop: hop, message: "no response"))
    }
    return .success(head)
  }

  private static func classify(_ head: ResponseHead, url: URL, hop: Int) -> Result<URL, TrackingLinkError> {
    switch head.status {
    case 300...399:
      guard let raw = head.location?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
        return .failure(.missingLocation(url: url, hop: hop, status: head.status))
      }
      guard let location = URL(string: raw, relativeTo: url)?.absoluteURL, location.scheme != nil else {
        return .failure(.invalidLocation(url: url, hop: hop, status: head.status, location: raw))
      }
      return .success(location)
    case 400...599:
      return .failure(.httpError(url: url, hop: hop, status: head.status))
    default:
      return .failure(.notRedirect(url: url, hop: hop, status: head.status))
    }
  }

  /// Plain http on a host that is a tracking host only over https.
  private func isInsecure(_ url: URL) -> Bool {
    guard url.scheme?.lowercased() == "http", let host = url.host.map(TrackingOrigin.normalizedHost) else {
      return false
    }
    let onHost = origins.filter { $0.host == host }
    return !onHost.isEmpty && !onHost.contains { $0.scheme == "http" }
  }
}

/// The part of an HTTP response the resolver needs: the status and the raw `Location` header.
struct ResponseHead: Sendable, Hashable {
  var status: Int
  var location: String?
}
