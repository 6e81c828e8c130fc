struct ReadLink {
  var path: [String]
  var query: [QueryItem]
  var hasTrailingSlash: Bool
  var isCustomScheme: Bool
  /// The scheme, lower-cased.
  var scheme: String
  /// The host, lower-cased, and its port; `nil` for a link without a host.
  var host: (host: String, port: String?)?
  /// Whether the host is one the table does not list (read for an any-host route).
  var hostIsUnlisted: Bool
  /// Whether the custom-scheme authority holds a `:` (read for a route that starts with an address).
  var authorityIsAddress: Bool
}

/// The walk behind ``Router/explain(_:)``.
///
/// Bound on the work, as for matching (see `TrieSearch`): which candidates a node's subtree gives, and
/// how close each comes (its depth and rank), depends only on the node's shape and on the link from the
/// node's depth on; only the routes named differ. Candidates compete by (depth, rank) and the first one
/// found keeps a tie. So once the subtree of one node of a shared shape has been explored at a depth,
/// an alike node at that depth can only tie: it is skipped, and the explanation is the one a walk of
/// every node would give. Likewise, every route of one list at a node gives a candidate of the same
/// depth and rank, so the first candidate of a list ends it. Hence nodes explored <= distinct (shape,
/// depth) pairs reached, each with a bounded number of children, and route checks <= 2 per node.
struct NearMissSearch {
  let router: Router
  let link: ReadLink
  let comparedPath: [String]
  /// The link's query as routes read it, made once.
  let query: LinkQuery
  /// `false` to look at every node the link can enter (the reference for tests).
  let remembersShapes: Bool
  /// The node the search starts at: the trie's root, or the root of the routes that read the fragment.
  let root: Int
  /// How far the explanation ``closest()`` gave got: the depth of its candidate.
  private(set) var bestDepth = 0
  /// The (shape, depth) pairs explored: shape in the high 32 bits.
  private var explored: Set<UInt64> = []
  /// Below a middle catch-all, the number of link segments after it; -1 elsewhere. Kept in a
  /// candidate, to find a route's piece for a segment (``piece(of:at:following:)``).
  private var following = -1
  /// Work counters, for tests that bound the work per link: trie nodes looked at (explored or skipped),
  /// routes whose query was checked.
  var nodes = 0
  var routeChecks = 0

  /// A candidate explanation and how far its route got: deeper wins; at the same depth, a route whose
  /// whole path matched (query, slash, too many or too few segments) wins over a segment mismatch.
  ///
  /// A candidate keeps the facts its explanation is written from; the text is written only for the
  /// candidate that wins (and not at all when the search ``describes`` nothing).
  private struct Candidate {
    var depth: Int
    var rank: Int
    /// The route's index in the table.
    var route: Int
    var segment: Int?
    var code: ErrorCode<NearMiss>
    var expectation: Expectation
    var found: String?
  }

  /// What a candidate's route wanted, as ``NearMiss/expected`` writes it.
  private enum Expectation {
    case text(String)
    /// `'video'`, or `any of 'a', 'b', ...` when `more` (``literalList(_:more:)``).
    case literals(ArraySlice<String>, more: Bool)
    /// The route's pieces from `depth` on (below a middle catch-all when `following` >= 0).
    case remainder(route: Int, depth: Int, following: Int)
    /// The route's piece that reads segment `depth`.
    case piece(route: Int, depth: Int, following: Int)
    /// `3 segments (/pattern)`: where a route ends that the link goes on past.
    case endsAfter(depth: Int, route: Int)
    /// What a query item of a kind or with a check wanted, and why its value is not that
    /// (``AppKind/missStatement(_:piece:)``).
    case kind(AppKind, value: String, item: RoutePattern.QueryParameter)
  }

  /// Whether the near miss carries its text (``NearMiss/expected``); `false` when only its route and
  /// code are wanted (``Router/nearMissGroup(unmatched:)``), and ``NearMiss/expected`` is then empty.
  var describes = true

  init(router: Router, link: ReadLink, root: Int = 0, remembersShapes: Bool = true) {
    self.router = router
    self.link = link
    self.root = root
    self.remembersShapes = remembersShapes
    query = LinkQuery(
      link.query, hasTrailingSlash: link.hasTrailingSlash, keys: router.table.options.queryKeys)
    // As the search compares them: lower-cased in a case-insensitive table; the first segment of a
    // custom-scheme link as written when a root literal is written so, else lower-cased.
    comparedPath = link.path.indices.map { depth in
      let segment = link.path[depth]
      if router.table.options.caseInsensitive { return segment.lowercased() }
      guard ReadingRules.foldsCase(isWeb: !link.isCustomScheme, depth: depth) else { return segment }
      return router.literalChild(of: root, key: segment) != nil ? segment : segment.lowercased()
    }
  }

  /// Whether the node at `depth` is one to explore: always, unless an alike node was explored at
  /// that depth (then it is recorded as explored now).
  private mutating func isFirstOfItsShape(_ node: Int, depth: Int) -> Bool {
    guard remembersShapes, router.trie.nodes[node].flags & FlatNode.sharesShape != 0 else { return true }
    let pair =
      UInt64(UInt32(bitPattern: router.trie.shapes[node])) << 32 | UInt64(UInt32(truncatingIfNeeded: depth))
    return explored.insert(pair).inserted
  }

  mutating func closest() -> NearMiss? {
    var best: Candidate?
    func consider(_ candidate: Candidate?) {
      guard let candidate else { return }
      if let current = best,
        (current.depth, current.rank) >= (candidate.depth, candidate.rank)
      {
        return
      }
      best = candidate
    }
    // Depth-first over the trie nodes the link can enter; a trie node has one parent, so each is
    // visited once, and of alike nodes at one depth only the first is explored.
    // Below a middle catch-all, `following` is the number of segments after it (else -1).
    var pending: [(node: Int, depth: Int, following: Int)] = [(root, 0, -1)]
    let count = link.path.count
    while let (index, depth, following) = pending.popLast() {
      nodes += 1
      guard isFirstOfItsShape(index, depth: depth) else { continue }
      self.following = following
      // A middle catch-all takes the segments up to the last `following` ones; when the link is too
      // short for the pieces after it, the route goes on past the link's end.
      let tested = router.testedChildren(of: index)
      for skip in tested where skip.following >= 0 {
        if let target = skip.depth(afterCatchAllAt: depth, count: count) {
          // A tested catch-all whose run its rule refuses names the segment at fault and why.
          if let runMiss = skip.piece.runMiss(of: Array(link.path[depth..<target])) {
            if let route = nearestRoute(below: Int(skip.child)) {
              consider(
                miss(
                  route: route, segment: runMiss.offset.map { depth + $0 }, code: runMiss.code, depth: depth,
                  rank: 1,
                  expected: .text(runMiss.expected)))
            }
            continue
          }
          pending.append((Int(skip.child), target, Int(skip.following)))
        } else if let route = nearestRoute(below: Int(skip.child)) {
          consider(
            miss(
              route: route, segment: nil, code: .tooFewSegments, depth: depth, rank: 2,
              expected: .remainder(route: route, depth: depth, following: following)))
        }
      }
      let ending = router.endingRoutes(at: index)
      // Routes that end here, or that take the rest of the path with a catch-all.
      if depth == count {
        consider(firstUnmetQuery(ending, ending.endpoints, ending.zeroOrMore, depth: depth, start: depth))
        if let route = ending.first(ending.oneOrMore) {
          consider(
            miss(
              route: route, segment: nil, code: .tooFewSegments, depth: depth, rank: 2,
              expected: .remainder(route: route, depth: depth, following: following)))
        }
        if ending.endpoints.isEmpty && ending.zeroOrMore.isEmpty, let route = nearestRoute(below: index) {
          consider(
            miss(
              route: route, segment: nil, code: .tooFewSegments, depth: depth, rank: 2,
              expected: .remainder(route: route, depth: depth, following: following)))
        }
        continue
      }
      consider(firstUnmetQuery(ending, ending.oneOrMore, ending.zeroOrMore, depth: count, start: depth))
      var entered = false
      if let child = router.literalChild(of: index, key: comparedPath[depth]) {
        pending.append((child, depth + 1, following))
        entered = true
      }
      // The tested children the segment passes (the value sets that hold it looked up at once).
      let segmentContext = context(at: depth)
      var hasTypedChild = tested.contains { $0.following < 0 }
      let sets =
        router.testedChildren[Int32(index)]?.valueSetPositions(
          holding: link.path[depth], segmentContext.setFolding) ?? []
      for position in sets {
        pending.append((Int(tested[position].child), depth + 1, following))
        entered = true
      }
      for edge in tested where edge.following < 0 {
        if case .valueSet = edge.piece { continue }
        var steps = 0
        let passes = Bytes.withUTF8(of: link.path[depth]) {
          edge.piece.accepts($0, segmentContext, steps: &steps)
        }
        if passes {
          pending.append((Int(edge.child), depth + 1, following))
          entered = true
        }
      }
      for type in ParameterType.bySpecificity {
        guard let child = router.parameterChild(of: index, type: type) else { continue }
        if !type.acceptsAnyText { hasTypedChild = true }
        if type.accepts(link.path[depth]) {
          pending.append((child, depth + 1, following))
          entered = true
        }
      }
      guard !entered, ending.oneOrMore.isEmpty, ending.zeroOrMore.isEmpty else { continue }
      // A route ends here and the link goes on. One segment more reads as "too many", unless the
      // segment looks like a misspelling of a literal that would go on (`vid` for `video`); with
      // nothing to go on to, it is "too many" whatever the count.
      let literalKeys = router.literalKeys(of: index)
      let hasChildren = !literalKeys.isEmpty || hasTypedChild
      let likely = Self.likelyLiteral(comparedPath[depth], among: literalKeys)
      if let route = ending.first(ending.endpoints), !hasChildren || (depth + 1 == count && likely == nil) {
        consider(
          miss(
            route: route, segment: depth, code: .tooManySegments, depth: depth, rank: 2,
            expected: .endsAfter(depth: depth, route: route)))
      } else {
        consider(mismatch(at: index, depth: depth, literals: literalKeys, likely: likely))
      }
    }
    bestDepth = best?.depth ?? 0
    return best.map { nearMiss($0) }
  }

  /// Where segment `depth` of the link is, as a piece reads it: a custom-scheme link's first segment
  /// is its authority.
  private func context(at depth: Int) -> SegmentContext {
    SegmentContext(
      depth: depth, isWeb: !link.isCustomScheme, hasHost: !link.isCustomScheme,
      caseInsensitive: router.table.options.caseInsensitive)
  }

  /// The near miss a candidate stands for.
  private func nearMiss(_ candidate: Candidate) -> NearMiss {
    NearMiss(
      route: router.table.routes[candidate.route].name, path: link.path, segment: candidate.segment,
      code: candidate.code, expected: describes ? text(candidate.expectation) : "", found: candidate.found,
      isCustomScheme: link.isCustomScheme)
  }

  /// The text of an expectation.
  private func text(_ expectation: Expectation) -> String {
    switch expectation {
    case .text(let text): text
    case .literals(let literals, let more): Self.literalList(literals, more: more)
    case .remainder(let route, let depth, let following):
      remainder(of: route, from: depth, following: following)
    case .piece(let route, let depth, let following):
      piece(of: route, at: depth, following: following).description
    case .endsAfter(let depth, let route): Self.segments(depth) + " (\(router.patterns[route].text))"
    case .kind(let kind, let value, let item): kind.missStatement(value, piece: item.description)
    }
  }

  /// The miss of a segment no child of the node accepts: what the closest child route wanted there.
  ///
  /// - Parameters:
  ///   - index: The node.
  ///   - depth: The segment's position.
  ///   - literals: The node's literal keys, sorted.
  ///   - likely: The literal the segment looks like a misspelling of (``likelyLiteral(_:among:)``).
  /// - Returns: The candidate, or `nil` when no child leads to a route.
  private func mismatch(at index: Int, depth: Int, literals: [String], likely: String?) -> Candidate? {
    // The tested pieces and typed parameters, in the order the search tries them: "is not one of
    // (general|privacy)" lists the words, "does not fit wire-{code:uuid}" shows the template, "is not
    // an int" says more than a list of literals, "is not a sku ({code:sku}): it holds 'x'" says why.
    let tested = router.testedChildren(of: index).filter { $0.following < 0 }
    var children = tested.filter { $0.phase == .beforeTypes }.map { Int($0.child) }
    for type in ParameterType.bySpecificity where !type.acceptsAnyText {
      if let child = router.parameterChild(of: index, type: type) { children.append(child) }
    }
    children += tested.filter { $0.phase == .beforePlain }.map { Int($0.child) }
    for child in children {
      // What the closest route below wanted there, in its own piece's words.
      guard let route = nearestRoute(below: child),
        let (code, expected) = piece(of: route, at: depth, following: following).miss(of: link.path[depth])
      else { continue }
      return miss(route: route, segment: depth, code: code, depth: depth, rank: 1, expected: .text(expected))
    }
    // In a custom-scheme link whose authority is not the first literal (`shopapp://shop/p/1` for
    // `/p/{id}`), the route the second segment starts is the one the link was written for. A segment
    // that looks like a misspelled literal names that literal's route; otherwise the literals that
    // would fit are listed, and the route is the first one's.
    let shifted =
      link.isCustomScheme && depth == 0 && comparedPath.count > 1
        && router.literalChild(of: index, key: comparedPath[1]) != nil
      ? comparedPath[1] : nil
    let likely = shifted ?? likely
    guard let first = likely ?? literals.first, let child = router.literalChild(of: index, key: first),
      let route = nearestRoute(below: child)
    else { return nil }
    let shown: ArraySlice<String> = likely.map { [$0][...] } ?? literals.prefix(5)
    return miss(
      route: route, segment: depth, code: .expectedLiteral, depth: depth, rank: 1,
      expected: .literals(shown, more: shown.count > 1 && literals.count > 5))
  }

  /// `'video'`, or `any of 'a', 'b', 'c', 'd', 'e', ...` when `more`: the literals a segment could have
  /// been, written into one string of the right length.
  static func literalList(_ literals: ArraySlice<String>, more: Bool) -> String {
    let lead = literals.count == 1 ? "" : "any of "
    let tail = more ? ", ..." : ""
    let count =
      lead.utf8.count + tail.utf8.count + literals.reduce(0) { $0 + $1.utf8.count + 2 }
      + 2 * max(0, literals.count - 1)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    bytes.append(contentsOf: lead.utf8)
    for (index, literal) in literals.enumerated() {
      if index > 0 { bytes.append(contentsOf: ", ".utf8) }
      bytes.append(UInt8(ascii: "'"))
      bytes.append(contentsOf: literal.utf8)
      bytes.append(UInt8(ascii: "'"))
    }
    bytes.append(contentsOf: tail.utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The miss of the first route of two of a node's lists whose scope, query or trailing slash does not
  /// hold (each gives a candidate of the same depth and rank, so the first one is the one that counts).
  ///
  /// `start` is the node's depth: a scope miss counts from there, so that a catch-all route limited to
  /// other hosts, whose path fits every link, does not stand for every link's explanation.
  private mutating func firstUnmetQuery(
    _ ending: Router.EndingRoutes, _ first: Range<Int>, _ second: Range<Int>, depth: Int, start: Int
  ) -> Candidate? {
    for position in [first, second].joined() {
      if let candidate = unmetQuery(route: ending.route(at: position), depth: depth, start: start) {
        return candidate
      }
    }
    return nil
  }

  /// The miss of a route whose path matched, when its scope, query or trailing slash does not hold.
  private mutating func unmetQuery(route: Int, depth: Int, start: Int) -> Candidate? {
    routeChecks += 1
    let scope = router.scopes[route]
    let scheme = link.scheme
    if let refusal = scope.refusal(
      hostIsUnlisted: link.hostIsUnlisted, authorityIsAddress: link.authorityIsAddress,
      hasScheme: { name in Bytes.withUTF8(of: scheme) { ReadingRules.equalsLowercased($0, 0, $0.count, name) }
      },
      host: { link.host })
    {
      let found =
        switch refusal {
        case .scheme: link.scheme
        case .address: link.path.first
        case .host: link.host.map { host in host.port.map { "\(host.host):\($0)" } ?? host.host }
        }
      return Candidate(
        depth: start, rank: 3, route: route, segment: nil, code: .outOfScope,
        expectation: .text(scope.expectation(refusal)), found: found)
    }
    let requirements = router.requirements[route]
    if router.table.options.strictTrailingSlash && !requirements.fitsTrailingSlash(link.hasTrailingSlash) {
      let expected =
        requirements.hasTrailingSlash
        ? "the route ends with '/', the link does not" : "the route has no trailing '/'"
      return miss(
        route: route, segment: nil, code: .trailingSlash, depth: depth, rank: 3, expected: .text(expected))
    }
    guard let unmet = requirements.unmet(query) else { return nil }
    // A value of a kind or a check says why it does not pass, as a path segment's does.
    if case .kind(let kind) = unmet.parameter.rule, let value = unmet.value {
      return Candidate(
        depth: depth, rank: 3, route: route, segment: nil, code: .queryItemKind,
        expectation: .kind(kind, value: value, item: unmet.parameter),
        found: value)
    }
    let code: ErrorCode<NearMiss>
    switch unmet.parameter.rule {
    case .value, .oneOf, .kind: code = unmet.value == nil ? .missingQueryItem : .queryItemType
    case .literal: code = .queryItemValue
    case .absent: code = .queryItemPresent
    }
    return Candidate(
      depth: depth, rank: 3, route: route, segment: nil, code: code,
      expectation: .text(unmet.parameter.description), found: unmet.value)
  }

  private func miss(
    route: Int, segment: Int?, code: ErrorCode<NearMiss>, depth: Int, rank: Int, expected: Expectation
  ) -> Candidate {
    Candidate(
      depth: depth, rank: rank, route: route, segment: segment, code: code, expectation: expected,
      found: segment.map { link.path[$0] })
  }

  /// The literal a segment looks like a misspelling of, among a node's sorted literal keys.
  ///
  /// The work is bounded whatever the node holds: a node with many literals (thousands of routes
  /// under one segment) is searched only among the keys that start with the segment's first
  /// character, at most ``suggestionCandidates`` of them, found by binary search in the sorted keys.
  static func likelyLiteral(_ segment: String, among sortedKeys: [String]) -> String? {
    guard sortedKeys.count > suggestionCandidates else {
      return KeySuggestion.suggestion(for: segment, among: sortedKeys)
    }
    guard let first = segment.first else { return nil }
    let prefix = String(first)
    var low = 0
    var high = sortedKeys.count
    while low < high {
      let middle = (low + high) / 2
      if sortedKeys[middle] < prefix { low = middle + 1 } else { high = middle }
    }
    var candidates: [String] = []
    while low < sortedKeys.count, candidates.count < suggestionCandidates, sortedKeys[low].hasPrefix(prefix) {
      candidates.append(sortedKeys[low])
      low += 1
    }
    return KeySuggestion.suggestion(for: segment, among: candidates)
  }

  /// The most literals one suggestion compares a segment with.
  static let suggestionCandidates = 64

  /// `1 segment`, `3 segments`.
  static func segments(_ count: Int) -> String { count == 1 ? "1 segment" : "\(count) segments" }

  /// The route pieces from `depth` on, as written in its pattern (`{id}/reviews`).
  private func remainder(of route: Int, from depth: Int, following: Int) -> String {
    router.patterns[route].segments.dropFirst(pieceIndex(of: route, at: depth, following: following))
      .map(\.description)
      .joined(separator: "/")
  }

  /// The index in a route's pattern of the piece that reads segment `depth`: the same index before a
  /// middle catch-all, and counted from the link's end after it (`following` segments after the
  /// catch-all, as ``following`` was when the candidate was found).
  private func pieceIndex(of route: Int, at depth: Int, following: Int) -> Int {
    guard following >= 0, let middle = router.patterns[route].middleCatchAll else { return depth }
    return middle + 1 + depth - (link.path.count - following)
  }

  /// The piece of a route that reads segment `depth`.
  private func piece(of route: Int, at depth: Int, following: Int) -> RoutePattern.Segment {
    let segments = router.patterns[route].segments
    return segments[min(max(0, pieceIndex(of: route, at: depth, following: following)), segments.count - 1)]
  }

  /// A route that ends at or below a node: the first one met going down, literals (in order) before
  /// typed and plain children, so the answer is the same on every run. At most one step per level.
  private func nearestRoute(below start: Int) -> Int? {
    var index = start
    while true {
      let ending = router.endingRoutes(at: index)
      if let route = ending.first(ending.endpoints) ?? ending.first(ending.oneOrMore)
        ?? ending.first(ending.zeroOrMore)
      {
        return route
      }
      guard let next = router.childrenInSearchOrder(of: index).first else { return nil }
      index = next
    }
  }
}
