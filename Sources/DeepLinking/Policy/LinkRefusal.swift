import DeepLinkRouting

/// Why the intake did not apply a link: a typed reason an app can log and show.
///
/// ``code`` says what kind of refusal it is; the details that belong to it (``route``, ``source``,
/// ``reason``, ``handler``, ``url``, ``limit``, ``ageSeconds``, ``linkError``) are set for the codes that
/// have them and `nil` otherwise. The intake gives them, and so does ``DeferredLinks`` for a pasted link
/// it does not open (`alreadyOffered`, `notACopiedLink`, `foreignLink`, `expired`, `ledgerFailed`,
/// `noRoute`). ``identifier`` is a short, stable string for grouping and logs.
///
/// New kinds of refusal can be added as new codes without breaking callers: compare ``code`` with the
/// codes you handle and treat any other as a refusal in general.
///
/// ```swift
/// if let refusal = outcome.refusal {
///   if refusal.code == .notFound {
///     showNotFound(route: refusal.route ?? "")
///   } else {
///     log(refusal.identifier, refusal.description)
///   }
/// }
/// ```
public struct LinkRefusal: Error, Sendable, Hashable, CustomStringConvertible {

  /// The refusal and the details that belong to it.
  private enum Refusal: Sendable, Hashable {
    case invalid(LinkError)
    case noRoute(url: String)
    case notVerified(route: String, source: LinkSource)
    case signedOut(route: String)
    case notFound(route: String)
    case loadFailed(route: String, reason: String)
    case loadTimedOut(route: String)
    case superseded(by: String)
    case navigationFailed(route: String, reason: String)
    case fallbackFailed(handler: String, reason: String)
    case fallbackLoop(url: String)
    case fallbackTooDeep(limit: Int)
    case alreadyOffered
    case notACopiedLink
    case foreignLink(url: String)
    case expired(ageSeconds: Int)
    case ledgerFailed(reason: String)
  }

  private let refusal: Refusal

  /// The routes whose nested links were followed to reach the refused match, outermost first (see
  /// `RouteDefinition.follow`); empty when the link matched its route directly or was refused before.
  public private(set) var followedRoutes: [String] = []

  private init(_ refusal: Refusal) {
    self.refusal = refusal
  }

  /// The same refusal, reached by following the nested links of these routes.
  ///
  /// - Parameter routes: The routes followed, outermost first.
  /// - Returns: The refusal with ``followedRoutes`` set.
  public func following(_ routes: [String]) -> Self {
    var copy = self
    copy.followedRoutes = routes
    return copy
  }

  /// What kind of refusal it is.
  public var code: ErrorCode<LinkRefusal> {
    switch refusal {
    case .invalid: .invalid
    case .noRoute: .noRoute
    case .notVerified: .notVerified
    case .signedOut: .signedOut
    case .notFound: .notFound
    case .loadFailed: .loadFailed
    case .loadTimedOut: .loadTimedOut
    case .superseded: .superseded
    case .navigationFailed: .navigationFailed
    case .fallbackFailed: .fallbackFailed
    case .fallbackLoop: .fallbackLoop
    case .fallbackTooDeep: .fallbackTooDeep
    case .alreadyOffered: .alreadyOffered
    case .notACopiedLink: .notACopiedLink
    case .foreignLink: .foreignLink
    case .expired: .expired
    case .ledgerFailed: .ledgerFailed
    }
  }

  /// A short, stable identifier for grouping and logs: the ``code``, followed for `invalid` by the
  /// link error's code (`invalid:unknown-host`).
  public var identifier: String {
    guard case .invalid(let error) = refusal else { return code.description }
    return "invalid:\(error.code)"
  }

  /// The name of the route the link matched, for `notVerified`, `signedOut`,
  /// `notFound`, `loadFailed`, `loadTimedOut` and `navigationFailed`; `nil`
  /// otherwise.
  public var route: String? {
    switch refusal {
    case .notVerified(let route, _), .signedOut(let route), .notFound(let route), .loadFailed(let route, _),
      .loadTimedOut(let route), .navigationFailed(let route, _):
      route
    case .invalid, .noRoute, .superseded, .fallbackFailed, .fallbackLoop, .fallbackTooDeep, .alreadyOffered,
      .notACopiedLink, .foreignLink, .expired, .ledgerFailed:
      nil
    }
  }

  /// The source the link came from, which the route does not trust, for `notVerified`; `nil`
  /// otherwise.
  public var source: LinkSource? {
    guard case .notVerified(_, let source) = refusal else { return nil }
    return source
  }

  /// What went wrong in words, for `loadFailed` (the loader's error), `navigationFailed`
  /// (the navigation's error), `fallbackFailed` (the handler's reason) and `ledgerFailed` (the
  /// ledger's error); `nil` otherwise.
  public var reason: String? {
    switch refusal {
    case .loadFailed(_, let reason), .navigationFailed(_, let reason), .fallbackFailed(_, let reason),
      .ledgerFailed(let reason):
      reason
    case .invalid, .noRoute, .notVerified, .signedOut, .notFound, .loadTimedOut, .superseded, .fallbackLoop,
      .fallbackTooDeep, .alreadyOffered, .notACopiedLink, .foreignLink, .expired:
      nil
    }
  }

  /// The name of the fallback handler that failed, for `fallbackFailed`; `nil` otherwise.
  public var handler: String? {
    guard case .fallbackFailed(let handler, _) = refusal else { return nil }
    return handler
  }

  /// A link named by the refusal: the refused link for `noRoute` and `foreignLink`, the newer link for
  /// `superseded`, the link met a second time for `fallbackLoop`; `nil` otherwise.
  public var url: String? {
    switch refusal {
    case .noRoute(let url), .superseded(let url), .fallbackLoop(let url), .foreignLink(let url):
      url
    case .invalid, .notVerified, .signedOut, .notFound, .loadFailed, .loadTimedOut, .navigationFailed,
      .fallbackFailed, .fallbackTooDeep, .alreadyOffered, .notACopiedLink, .expired, .ledgerFailed:
      nil
    }
  }

  /// The most links fallback handlers may hand back in a row, for `fallbackTooDeep`; `nil`
  /// otherwise.
  public var limit: Int? {
    guard case .fallbackTooDeep(let limit) = refusal else { return nil }
    return limit
  }

  /// How long ago the pasted link was copied, in seconds (negative: a time ahead of the device's clock),
  /// for `expired`; `nil` otherwise.
  public var ageSeconds: Int? {
    guard case .expired(let age) = refusal else { return nil }
    return age
  }

  /// The reading rule the link broke, for `invalid`; `nil` otherwise.
  public var linkError: LinkError? {
    guard case .invalid(let error) = refusal else { return nil }
    return error
  }

  /// The reason in words; for a match reached through nested links, followed by the routes followed.
  public var description: String {
    guard followedRoutes.isEmpty else {
      return reasonText + " (through " + followedRoutes.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }
    return reasonText
  }

  private var reasonText: String {
    switch refusal {
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
    case .alreadyOffered: "a deferred link was already offered on this install"
    case .notACopiedLink: "the pasted text is not a link copied by the fallback page"
    case .foreignLink(let url): "not a link of the app's own domains: \(url)"
    case .expired(let age): "the link was copied \(age) s ago, beyond the maximum age"
    case .ledgerFailed(let reason): "the install ledger failed: \(reason)"
    }
  }
}

extension LinkRefusal {
  /// The link broke a reading rule of the route table.
  ///
  /// - Parameter error: The rule it broke.
  /// - Returns: A refusal with code `invalid`.
  public static func invalid(_ error: LinkError) -> Self {
    Self(.invalid(error))
  }

  /// No route matched and no fallback handler took the link.
  ///
  /// - Parameter url: The link.
  /// - Returns: A refusal with code `noRoute`.
  public static func noRoute(_ url: String) -> Self {
    Self(.noRoute(url: url))
  }

  /// The route accepts only verified Universal Links, and the link came from a source anyone can forge.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - source: The source the link came from.
  /// - Returns: A refusal with code `notVerified`.
  public static func notVerified(route: String, source: LinkSource) -> Self {
    Self(.notVerified(route: route, source: source))
  }

  /// The route needs a signed-in user; the link was parked and the user signed out.
  ///
  /// - Parameter route: The route's name.
  /// - Returns: A refusal with code `signedOut`.
  public static func signedOut(route: String) -> Self {
    Self(.signedOut(route: route))
  }

  /// The route matched but the app found no destination for it.
  ///
  /// - Parameter route: The route's name.
  /// - Returns: A refusal with code `notFound`.
  public static func notFound(route: String) -> Self {
    Self(.notFound(route: route))
  }

  /// The destination's loader failed.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - reason: The loader's error, in words.
  /// - Returns: A refusal with code `loadFailed`.
  public static func loadFailed(route: String, reason: String) -> Self {
    Self(.loadFailed(route: route, reason: reason))
  }

  /// The destination's loader took longer than its time limit.
  ///
  /// - Parameter route: The route's name.
  /// - Returns: A refusal with code `loadTimedOut`.
  public static func loadTimedOut(route: String) -> Self {
    Self(.loadTimedOut(route: route))
  }

  /// A newer link arrived before this one could be applied.
  ///
  /// - Parameter url: The newer link.
  /// - Returns: A refusal with code `superseded`.
  public static func superseded(by url: String) -> Self {
    Self(.superseded(by: url))
  }

  /// The app's navigation refused to show the destination.
  ///
  /// - Parameters:
  ///   - route: The route's name.
  ///   - reason: The navigation's error, in words.
  /// - Returns: A refusal with code `navigationFailed`.
  public static func navigationFailed(route: String, reason: String) -> Self {
    Self(.navigationFailed(route: route, reason: reason))
  }

  /// A fallback handler knew the link but could not handle it.
  ///
  /// - Parameters:
  ///   - handler: The handler's name.
  ///   - reason: The handler's reason.
  /// - Returns: A refusal with code `fallbackFailed`.
  public static func fallbackFailed(handler: String, reason: String) -> Self {
    Self(.fallbackFailed(handler: handler, reason: reason))
  }

  /// A fallback handler sent the intake back to a link already in the chain.
  ///
  /// - Parameter url: The link met a second time.
  /// - Returns: A refusal with code `fallbackLoop`.
  public static func fallbackLoop(_ url: String) -> Self {
    Self(.fallbackLoop(url: url))
  }

  /// Fallback handlers handed back links more times in a row than the limit.
  ///
  /// - Parameter limit: The most links they may hand back in a row.
  /// - Returns: A refusal with code `fallbackTooDeep`.
  public static func fallbackTooDeep(limit: Int) -> Self {
    Self(.fallbackTooDeep(limit: limit))
  }

  /// The deferred-link offer was already made on this install: a deferred link opens at most once.
  public static let alreadyOffered = Self(.alreadyOffered)

  /// The pasted text is not a link the fallback page copied (no `deeplink_copied_at` item with a
  /// time): the pasteboard held something else.
  public static let notACopiedLink = Self(.notACopiedLink)

  /// A pasted link is not an `https` link on a host the table lists by name (another site's link, a
  /// custom scheme).
  ///
  /// - Parameter url: The link.
  /// - Returns: A refusal with code `foreignLink`.
  public static func foreignLink(_ url: String) -> Self {
    Self(.foreignLink(url: url))
  }

  /// A pasted link was copied longer ago than ``DeferredLinks/maximumAge`` allows, or claims a time
  /// ahead of the device's clock.
  ///
  /// - Parameter ageSeconds: How long ago it was copied, in seconds.
  /// - Returns: A refusal with code `expired`.
  public static func expired(ageSeconds: Int) -> Self {
    Self(.expired(ageSeconds: ageSeconds))
  }

  /// The deferred-link ledger could not be read or written; nothing was opened.
  ///
  /// - Parameter reason: The ledger's error, in words.
  /// - Returns: A refusal with code `ledgerFailed`.
  public static func ledgerFailed(reason: String) -> Self {
    Self(.ledgerFailed(reason: reason))
  }
}

extension ErrorCode where Subject == LinkRefusal {
  /// The link broke a reading rule of the route table (malformed, a foreign host, over a limit); see
  /// ``LinkRefusal/linkError``.
  public static let invalid = Self("invalid")
  /// No route matched and no fallback handler took the link; see ``LinkRefusal/url``.
  public static let noRoute = Self("no-route")
  /// The route accepts only verified Universal Links, and the link came from a source that anyone can
  /// forge (a custom scheme, a stored link); see ``LinkRefusal/route`` and ``LinkRefusal/source``.
  public static let notVerified = Self("not-verified")
  /// The route needs a signed-in user; the link was parked and the user signed out.
  public static let signedOut = Self("signed-out")
  /// The route matched but the app found no destination for it (the entity does not exist).
  public static let notFound = Self("not-found")
  /// The destination's loader failed; see ``LinkRefusal/reason``.
  public static let loadFailed = Self("load-failed")
  /// The destination's loader took longer than its time limit.
  public static let loadTimedOut = Self("load-timed-out")
  /// A newer link, named in ``LinkRefusal/url``, arrived before this one could be applied.
  public static let superseded = Self("superseded")
  /// The route matched and its destination was ready, but the app's navigation refused to show it
  /// (for example a ``NavigationError``); see ``LinkRefusal/reason``.
  public static let navigationFailed = Self("navigation-failed")
  /// A fallback handler knew the link but could not handle it; see ``LinkRefusal/handler`` and
  /// ``LinkRefusal/reason``.
  public static let fallbackFailed = Self("fallback-failed")
  /// A fallback handler sent the intake back to a link already in the chain, named in
  /// ``LinkRefusal/url``.
  public static let fallbackLoop = Self("fallback-loop")
  /// Fallback handlers handed back links more times in a row than ``LinkRefusal/limit``.
  public static let fallbackTooDeep = Self("fallback-too-deep")
  /// The deferred-link offer was already made on this install (``DeferredLinks``).
  public static let alreadyOffered = Self("already-offered")
  /// The pasted text is not a link the fallback page copied (``DeferredLinks``).
  public static let notACopiedLink = Self("not-a-copied-link")
  /// A pasted link is not on a host the table lists by name; see ``LinkRefusal/url`` (``DeferredLinks``).
  public static let foreignLink = Self("foreign-link")
  /// A pasted link was copied too long ago; see ``LinkRefusal/ageSeconds`` (``DeferredLinks``).
  public static let expired = Self("expired")
  /// The deferred-link ledger failed; see ``LinkRefusal/reason`` (``DeferredLinks``).
  public static let ledgerFailed = Self("ledger-failed")
}
