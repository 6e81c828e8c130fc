import Foundation

/// Decides whether a route the search found for a link is the answer, or the search goes on to the
/// next route in precedence order (a destination that refuses its match).
protocol CandidateJudge {
  /// Whether the search ends with `route`: the judge takes it, or gives up (and says so itself).
  ///
  /// - Parameters:
  ///   - route: The route found, an index in the router's table.
  ///   - view: The link.
  ///   - query: The link's query items, when the search has decoded them.
  ///   - following: For a route found through its middle catch-all, the number of link segments
  ///     after the catch-all; -1 otherwise (see ``Router/materialize(route:view:url:query:following:)``).
  /// - Returns: Whether the search ends here.
  mutating func take(_ route: Int32, _ view: LinkView, query: [QueryItem]?, following: Int32) -> Bool
}

/// The judge of a plain match: the first route found is the answer.
///
/// It holds the route it took, so it is not an empty type: the thread sanitizer's instrumentation of
/// an `inout` access to an empty struct writes the shadow of whatever address the empty value has,
/// and crashed on it.
struct FirstCandidate: CandidateJudge {
  var taken: Int32 = -1

  @inline(__always)
  mutating func take(_ route: Int32, _ view: LinkView, query: [QueryItem]?, following: Int32) -> Bool {
    taken = route
    return true
  }
}
