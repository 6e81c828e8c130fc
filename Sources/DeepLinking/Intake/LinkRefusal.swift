/// Why the intake did not apply a link: a typed reason an app can log and show.
public enum LinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// The link broke a reading rule of the route table (malformed, a foreign host, over a limit).
  case invalid(LinkError)
  /// No route matched and no fallback handler took the link.
  case noRoute(String)
  /// The route accepts only verified Universal Links, and the link came from a source that anyone can
  /// forge (a custom scheme, a stored link).
  case notVerified(route: String, source: LinkSource)
  /// The route needs a signed-in user; the link was parked and the user signed out.
  case signedOut(route: String)
  /// The route matched but the app found no destination for it (the entity does not exist).
  case notFound(route: String)
  /// The destination's loader failed.
  case loadFailed(route: String, reason: String)
  /// The destination's loader took longer than its time limit.
  case loadTimedOut(route: String)
  /// A newer link, named here, arrived before this one could be applied.
  case superseded(by: String)
  /// The route matched and its destination was ready, but the app's navigation refused to show it
  /// (for example a ``NavigationError``).
  case navigationFailed(route: String, reason: String)
  /// A fallback handler knew the link but could not handle it.
  case fallbackFailed(handler: String, reason: String)
  /// A fallback handler sent the intake back to a link already in the chain.
  case fallbackLoop(String)
  /// Fallback handlers handed back links more times in a row than the limit.
  case fallbackTooDeep(limit: Int)

  /// A short, stable identifier for grouping and logs.
  public var code: String {
    switch self {
    case .invalid(let error): "invalid:\(error.code)"
    case .noRoute: "no-route"
    case .notVerified: "not-verified"
    case .signedOut: "signed-out"
    case .notFound: "not-found"
    case .loadFailed: "load-failed"
    case .loadTimedOut: "load-timed-out"
    case .superseded: "superseded"
    case .navigationFailed: "navigation-failed"
    case .fallbackFailed: "fallback-failed"
    case .fallbackLoop: "fallback-loop"
    case .fallbackTooDeep: "fallback-too-deep"
    }
  }

  /// The reason in words.
  public var description: String {
    switch self {
    case .invalid(let error): "invalid link: \(error.message)"
    case .noRoute(let url): "no route matches \(url)"
    case .notVerified(let route, let source):
      "route '\(route)' opens only from a verified Universal Link, not from \(source)"
    case .signedOut(let route): "route '\(route)' needs sign-in, and the user signed out"
    case .notFound(let route): "route '\(route)' names nothing that exists"
    case .loadFailed(let route, let reason): "loading route '\(route)' failed: \(reason)"
    case .loadTimedOut(let route): "loading route '\(route)' timed out"
    case .superseded(let url): "superseded by a newer link, \(url)"
    case .navigationFailed(let route, let reason): "opening route '\(route)' failed: \(reason)"
    case .fallbackFailed(let handler, let reason): "fallback '\(handler)' failed: \(reason)"
    case .fallbackLoop(let url): "fallback handlers looped back to \(url)"
    case .fallbackTooDeep(let limit): "fallback handlers redirected more than \(limit) times"
    }
  }
}
