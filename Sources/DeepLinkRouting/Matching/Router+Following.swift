import Foundation

// Two rules that go past the first route a link matches, stated here once:
// - fall-through: the routes a link matches are offered in precedence order to whoever turns a match
//   into something (a destination); the first one taken is the answer, at most `maxCandidates`;
// - following: a route with `follow` routes the link in its `{name:link}` parameter again, resolved
//   against its own link, at most `maxFollowDepth` deep, at most `maxNestedLinks` nested links in all
//   for one link (every candidate that follows routes its nested link, so without that bound the
//   candidates of each depth would multiply), never to a scheme or host the table does not list,
//   never back through a route already followed.

extension Router {
  /// How many routes one link offers in turn to a destination that refuses its match (see
  /// ``DestinationRouter/match(_:)``): the first 16 in precedence order. A link whose first 16
  /// candidates are all refused names no destination.
  public static let maxCandidates = 16

  /// How many nested links one link may lead through (see ``RouteDefinition/follow``): 4. A fifth is
  /// refused with ``LinkError`` code `nestedLinkTooDeep`.
  public static let maxFollowDepth = 4

  /// How many nested links one link may route in all, across the routes it matches and the links
  /// nested in theirs (see ``RouteDefinition/follow``): 16, as many as ``maxCandidates``, so that a link
  /// whose candidates each follow one nested link never reaches it. Matching one link is therefore at
  /// most 17 matches, each offering at most ``maxCandidates`` routes. A seventeenth nested link is
  /// refused with ``LinkError`` code `nestedLinksTooMany`.
  public static let maxNestedLinks = 16

  /// What a link resolved to: the match taken and what it was taken as, or the first match refused.
  package struct Resolution<Accepted> {
    /// The first match that was taken, with what it was taken as.
    package var accepted: (match: RouteMatch, value: Accepted)?
    /// The first match that was offered and refused, when none was taken.
    package var firstRefused: RouteMatch?
  }

  /// What a candidate match became.
  private enum Verdict {
    case taken(RouteMatch)
    /// Refused; the match to report when no other candidate is taken (`nil` when a followed link
    /// matched no route).
    case refused(RouteMatch?)
    case failed(LinkError)
  }

  /// The nested links one link has routed so far, across its candidates and depths.
  private final class NestedLinkCount {
    var routed = 0
  }

  /// Offers the routes a link matches in precedence order, following nested links, until `accept`
  /// takes one.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - accept: What a match is taken as, or `nil` to refuse it.
  /// - Returns: The resolution, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link, or a nested link, breaks a reading or following rule.
  package func resolve<Accepted>(_ url: String, accept: (RouteMatch) -> Accepted?) throws(LinkError)
    -> Resolution<Accepted>?
  {
    // The walk itself takes a yes or a no, so that it is written (and compiled) once for every kind of
    // value: the value of the one match taken is the last one `accept` made, since the walk ends there.
    var value: Accepted?
    let found = try resolve(url, chain: [], nestedLinks: NestedLinkCount()) { match in
      value = accept(match)
      return value != nil
    }
    guard let found else { return nil }
    if let taken = found.accepted, let value {
      return Resolution(accepted: (taken.match, value), firstRefused: nil)
    }
    return Resolution(accepted: nil, firstRefused: found.firstRefused)
  }

  /// How many links resolving `url` matched (the link and each nested link it routed) and the error it
  /// ended with, if any: for the tests and the fuzz target that bound the work of one link.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - accept: Whether a match is taken.
  /// - Returns: The matches made and the error.
  package func resolutionWork(_ url: String, accept: (RouteMatch) -> Bool) -> (
    matches: Int, error: LinkError?
  ) {
    let nestedLinks = NestedLinkCount()
    do throws(LinkError) {
      _ = try resolve(url, chain: [], nestedLinks: nestedLinks, accept: accept)
      return (1 + nestedLinks.routed, nil)
    } catch {
      return (1 + nestedLinks.routed, error)
    }
  }

  /// ``resolve(_:accept:)`` for a link reached through `chain` (the links followed to reach it,
  /// outermost first), counting in `nestedLinks` the nested links routed for the outermost link.
  private func resolve(
    _ url: String, chain: [RouteMatch], nestedLinks: NestedLinkCount,
    accept: (RouteMatch) -> Bool
  ) throws(LinkError) -> Resolution<Void>? {
    let verdict = { (match: RouteMatch) -> Verdict in
      self.verdict(on: match, chain: chain, nestedLinks: nestedLinks, accept: accept)
    }
    let outcome = try withoutActuallyEscaping(verdict) {
      (verdict) throws(LinkError) -> WalkOutcome in
      try Bytes.withUTF8(of: url) { (link) throws(LinkError) -> WalkOutcome in
        try reader.withLink(link) { view in
          var walk = CandidateWalk(router: self, url: url, verdict: verdict)
          // A nested link never reaches a host the table does not list, not even through an any-host
          // route: it is refused as an unlisted host would be without one.
          if !chain.isEmpty && view.hostIsUnlisted {
            walk.outcome.error = LinkError(
              url: url, offset: view.hostStart,
              reason: .unknownHost(view.host ?? view.link.lowercasedString(view.hostStart, view.hostEnd)))
            return walk.outcome
          }
          var search = TrieSearch(caseInsensitive: table.options.caseInsensitive)
          _ = search.search(&view, &walk, in: self)
          return walk.outcome
        }
      }
    }
    if let error = outcome.error { throw error }
    if let taken = outcome.taken { return Resolution(accepted: (taken, ()), firstRefused: nil) }
    guard outcome.offered > 0 else { return nil }
    return Resolution(accepted: nil, firstRefused: outcome.firstRefused)
  }

  /// What one candidate becomes: followed when its route follows a nested link it holds, otherwise
  /// taken or refused by `accept`.
  private func verdict(
    on found: RouteMatch, chain: [RouteMatch], nestedLinks: NestedLinkCount,
    accept: (RouteMatch) -> Bool
  ) -> Verdict {
    var match = found
    match.followed = chain
    guard let index = routeIndex[match.route], let parameter = follows[index],
      case .string(let nested)? = match.parameters[parameter]
    else {
      return accept(match) ? .taken(match) : .refused(match)
    }
    let outer = chain.first?.url ?? match.url
    if chain.contains(where: { $0.route == match.route }) {
      return .failed(LinkError(url: outer, reason: .nestedLinkLoop(route: match.route)))
    }
    guard chain.count < Self.maxFollowDepth else {
      return .failed(
        LinkError(url: outer, reason: .nestedLinkTooDeep(route: match.route, limit: Self.maxFollowDepth)))
    }
    guard nestedLinks.routed < Self.maxNestedLinks else {
      return .failed(
        LinkError(url: outer, reason: .nestedLinksTooMany(route: match.route, limit: Self.maxNestedLinks)))
    }
    nestedLinks.routed += 1
    let link = Self.resolved(nested, against: match.url, customSchemeHost: reader.customSchemeAuthorityIsHost)
    do throws(LinkError) {
      guard let inner = try resolve(link, chain: chain + [match], nestedLinks: nestedLinks, accept: accept)
      else {
        return .refused(nil)
      }
      if let taken = inner.accepted { return .taken(taken.match) }
      return .refused(inner.firstRefused)
    } catch  where error.route != nil {
      // A rule a deeper link broke: reported on the link as it arrived.
      return .failed(LinkError(url: outer, reason: error))
    } catch {
      let reason: LinkError
      switch error.code {
      case .unknownScheme: reason = .nestedLinkUnlisted(route: match.route, target: "\(error.scheme ?? ""):")
      case .unknownHost, .portNotAllowed:
        reason = .nestedLinkUnlisted(
          route: match.route, target: error.port.map { "\(error.host ?? ""):\($0)" } ?? error.host ?? "")
      default: reason = .nestedLinkInvalid(route: match.route, problem: "is refused: \(error.message)")
      }
      return .failed(LinkError(url: outer, reason: reason))
    }
  }

  /// A nested link as the router reads it: an absolute link as it is, a path (`/settings`) on the
  /// scheme and host of the link that holds it: `https://example.com/settings`;
  /// `myapp:///settings` for a custom scheme whose authority is its first segment, and
  /// `myapp://www.example.com/settings` when the table reads the custom scheme's listed host as the
  /// link's host (``RouteTable/Options/listedHostInCustomScheme``).
  ///
  /// - Parameters:
  ///   - nested: The nested link, decoded.
  ///   - outer: The link that holds it, as the reader accepted it.
  ///   - customSchemeHost: Whether a custom-scheme authority is the link's host
  ///     (``LinkReader/customSchemeAuthorityIsHost(_:)``); by default, never.
  /// - Returns: The link to route.
  static func resolved(
    _ nested: String, against outer: String, customSchemeHost: (String) -> Bool = { _ in false }
  ) -> String {
    guard nested.hasPrefix("/"), let colon = outer.firstIndex(of: ":") else { return nested }
    let scheme = outer[..<colon]
    let rest = outer[outer.index(after: colon)...]
    guard rest.hasPrefix("//") else { return "\(scheme)://\(nested)" }
    let authority = String(rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    let lowered = scheme.lowercased()
    guard lowered == "http" || lowered == "https" || customSchemeHost(authority) else {
      return "\(scheme)://\(nested)"
    }
    return "\(scheme)://\(authority)\(nested)"
  }

  /// The judge of a resolution: builds each candidate's match and asks for its verdict, until one is
  /// taken, one fails, or ``Router/maxCandidates`` were refused.
  private struct CandidateWalk: CandidateJudge {
    let router: Router
    let url: String
    let verdict: (RouteMatch) -> Verdict
    var outcome = WalkOutcome()

    mutating func take(_ route: Int32, _ view: LinkView, query: [QueryItem]?, following: Int32) -> Bool {
      outcome.offered += 1
      let match = router.materialize(
        route: Int(route), view: view, url: url, query: query, following: following)
      switch verdict(match) {
      case .taken(let found):
        outcome.taken = found
        return true
      case .failed(let failure):
        outcome.error = failure
        return true
      case .refused(let refused):
        if outcome.firstRefused == nil { outcome.firstRefused = refused }
        return outcome.offered >= Router.maxCandidates
      }
    }
  }

  /// What a walk over the candidates found.
  private struct WalkOutcome {
    var offered = 0
    var taken: RouteMatch?
    var firstRefused: RouteMatch?
    var error: LinkError?
  }
}
