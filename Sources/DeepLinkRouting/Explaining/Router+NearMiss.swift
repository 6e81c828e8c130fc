extension Router {
  /// Explains why a link matches no route: the route that got furthest, and where and why it stopped.
  ///
  /// The search follows every branch of the route trie the link can enter, as matching does, and is
  /// bounded as matching is: a trie node is looked at once, nodes whose subtrees are alike (the same
  /// shape, as the matcher records it) are explored once per depth, since an alike subtree can only
  /// give an explanation that came as close as the one already found, and of the routes ending at a
  /// node only the first whose query does not hold is checked, since every other one stops at the same
  /// place. So the work follows the link (at most one explored node per shape and link segment),
  /// never a scan of the table, and the explanation is the one a look at every node would choose.
  /// Call it for links ``match(_:)-(String)`` returned `nil` for; it is not on the matching path.
  ///
  /// - Parameter url: The link.
  /// - Returns: The closest miss, or `nil` when the link matches a route (or the table has no routes).
  /// - Throws: ``LinkError`` when the link breaks a reading rule: such a link reaches no route at all.
  public func explain(_ url: String) throws(LinkError) -> NearMiss? {
    guard try directMatch(url) == nil else { return nil }
    return try explainWork(unmatched: url).miss
  }

  /// Explains a link already known to match no route (``matchIndex(_:)`` returned `nil`), without
  /// matching it again: what `deeplink audit` calls for each unmatched line.
  ///
  /// - Parameter url: A link that matches no route.
  /// - Returns: The closest miss, or `nil` when the table has no routes.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func explain(unmatched url: String) throws(LinkError) -> NearMiss? {
    try explainWork(unmatched: url).miss
  }

  /// The route and code of the explanation of a link known to match no route, without writing its
  /// text: the same search as ``explain(unmatched:)``, for `deeplink audit`, which groups unmatched
  /// links by the two and writes one explanation per group.
  ///
  /// - Parameter url: A link that matches no route.
  /// - Returns: The closest route's name and what stopped it, or `nil` when the table has no routes.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func nearMissGroup(unmatched url: String) throws(LinkError) -> (
    route: String, code: ErrorCode<NearMiss>
  )? {
    try explainWork(unmatched: url, describes: false).miss.map { ($0.route, $0.code) }
  }

  /// What one explanation did: the near miss and the work it took, for tests that bound the work.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - remembersShapes: `false` to look at every node the link can enter (the reference the bounded
  ///     search must agree with, for tests).
  /// - Returns: The near miss (`nil` when the link matches), the nodes looked at and the routes checked.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  func explainWork(_ url: String, remembersShapes: Bool = true) throws(LinkError) -> (
    miss: NearMiss?, nodes: Int, routeChecks: Int
  ) {
    guard try directMatch(url) == nil else { return (nil, 0, 0) }
    return try explainWork(unmatched: url, remembersShapes: remembersShapes)
  }

  private func explainWork(unmatched url: String, remembersShapes: Bool = true, describes: Bool = true)
    throws(LinkError) -> (
      miss: NearMiss?, nodes: Int, routeChecks: Int
    )
  {
    guard !patterns.isEmpty else { return (nil, 0, 0) }
    return try Bytes.withUTF8(of: url) {
      (link) throws(LinkError) -> (miss: NearMiss?, nodes: Int, routeChecks: Int) in
      try reader.withLink(link) { view in
        // The routes that read the fragment are explained from their root, on the link's path, the
        // fragment mark and the fragment's segments when the fragment is a path (on its path alone
        // otherwise: such a route then goes on past the link's end); the others on the path alone.
        // A fragment route that got into the fragment, or the only explanation there is, wins.
        var fragmentMiss: (miss: NearMiss, depth: Int)?
        var nodes = 0
        var routeChecks = 0
        let mark = view.fragmentMark
        if fragmentRoot >= 0 {
          var search = NearMissSearch(
            router: self, link: readLink(view), root: Int(fragmentRoot), remembersShapes: remembersShapes)
          search.describes = describes
          if let miss = search.closest() {
            // A route's `#` is written as the pattern writes it (`'#/'`, `'#'`), and the link's as
            // `#`, or as the link writes it where the two differ (`#/` where the route wants `#`).
            var expected = miss.expected
            for (key, text) in [
              (ReadingRules.fragmentMarkText, "#/"), (ReadingRules.slashlessFragmentMarkText, "#"),
            ] {
              expected = expected.replacing("'\(key)'", with: "'\(text)'")
            }
            var shown = NearMiss(
              route: miss.route, path: miss.path, segment: miss.segment, code: miss.code, expected: expected,
              found: miss.found, isCustomScheme: miss.isCustomScheme)
            if mark >= 0 {
              let written =
                miss.segment == mark && miss.path[mark] == ReadingRules.fragmentMarkText ? "#/" : "#"
              shown = NearMiss(
                route: miss.route,
                path: miss.path.enumerated().map { $0.offset == mark ? written : $0.element },
                segment: miss.segment, code: miss.code, expected: expected,
                found: miss.segment.map { $0 == mark ? written : miss.path[$0] } ?? miss.found,
                isCustomScheme: miss.isCustomScheme, fragmentStart: mark + 1)
            }
            fragmentMiss = (shown, search.bestDepth)
          }
          nodes += search.nodes
          routeChecks += search.routeChecks
          view.dropFragmentPath()
        }
        var search = NearMissSearch(router: self, link: readLink(view), remembersShapes: remembersShapes)
        search.describes = describes
        let miss = search.closest()
        nodes += search.nodes
        routeChecks += search.routeChecks
        if let fragmentMiss, miss == nil || (mark >= 0 && fragmentMiss.depth > mark) {
          return (fragmentMiss.miss, nodes, routeChecks)
        }
        return (miss, nodes, routeChecks)
      }
    }
  }

  /// A read link as the near-miss search reads it.
  private func readLink(_ view: LinkView) -> ReadLink {
    ReadLink(
      path: (0..<view.count).map { view.string($0) }, query: reader.query(of: view),
      hasTrailingSlash: view.hasTrailingSlash, isCustomScheme: !view.hasHost,
      scheme: view.link.lowercasedString(0, view.schemeEnd),
      host: view.hasHost ? reader.hostAndPort(of: view) : nil, hostIsUnlisted: view.hostIsUnlisted,
      authorityIsAddress: view.authorityIsAddress)
  }
}

/// A link as the near-miss search needs it: text, not bytes (the search is off the matching path).
