/// Which sources the intake trusts for routes that require a verified link.
///
/// A custom scheme can be claimed by any app installed on the device, so a link through it proves
/// nothing about who sent it. A Universal Link was verified by the system against the app's
/// `apple-app-site-association` file. Routes marked ``RouteDefinition/requiresVerifiedLink`` open only
/// from a trusted source, and only as a web link when the source is ``LinkSource/universalLink``.
public struct LinkPolicy: Sendable, Hashable {
  /// The sources whose links count as verified.
  public var trustedSources: Set<LinkSource>
  /// How many times in a row fallback handlers may hand back a new link (default 3).
  public var maxFallbackDepth: Int

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - trustedSources: The sources whose links count as verified (default: Universal Links and the
  ///     app's own programmatic links). Notifications are not in the default: a payload can carry any
  ///     URL; an app whose push server it trusts adds ``LinkSource/notification``.
  ///   - maxFallbackDepth: How many times in a row fallback handlers may hand back a new link.
  public init(
    trustedSources: Set<LinkSource> = [.universalLink, .programmatic],
    maxFallbackDepth: Int = 3
  ) {
    self.trustedSources = trustedSources
    self.maxFallbackDepth = maxFallbackDepth
  }

  /// The default policy.
  public static let standard = LinkPolicy()

  /// Whether a link from this source with this origin counts as verified.
  ///
  /// - Parameters:
  ///   - source: Where the link came from.
  ///   - origin: What the link points at.
  /// - Returns: Whether a route that requires a verified link may open it.
  public func isVerified(source: LinkSource, origin: LinkOrigin) -> Bool {
    guard trustedSources.contains(source) else { return false }
    if source == .universalLink, case .customScheme = origin { return false }
    return true
  }

  /// Why a matched link may not open its route from this source, or `nil` when it may.
  ///
  /// The one statement of the trust rule: ``LinkIntake`` refuses with it, and `deeplink route
  /// --source` reports it.
  ///
  /// - Parameters:
  ///   - route: The matched route.
  ///   - match: The match, whose origin tells a custom scheme from a web link. For a match reached
  ///     through nested links, the outermost link's origin counts (``RouteMatch/arrivalOrigin``): an
  ///     `https` link carried by a custom-scheme link is not a verified Universal Link.
  ///   - source: Where the link came from.
  /// - Returns: ``LinkRefusal/notVerified(route:source:)`` when the route requires a verified link
  ///   and the source is not trusted for it; otherwise `nil`.
  public func refusal(for route: RouteDefinition, match: RouteMatch, source: LinkSource) -> LinkRefusal? {
    guard route.requiresVerifiedLink, !isVerified(source: source, origin: match.arrivalOrigin) else {
      return nil
    }
    return .notVerified(route: route.name, source: source)
  }
}
