import Foundation

/// One depth-first search of the trie for one link: literal, then typed, then plain parameters, then
/// catch-alls, backtracking to the next kind when a more specific branch fails further down.
///
/// The search is a loop over an explicit trail (one entry per depth, kept in the link's
/// ``SegmentStore``), not a recursion, so a link as deep as the limits allow cannot exhaust the stack.
/// It reads the flat trie with no reference counting and segments as decoded bytes. The router is
/// passed to each step rather than held: a search that held it would take a reference to it and give
/// it back, two atomic operations a link that cost about as much as reading a short segment.
///
/// Bound on the work. A node sits at one depth, and whether the search of a node's subtree finds a
/// route depends only on the node's shape (``FlatNode/sharesShape``) and on the link from that depth
/// on: the link is the same throughout one search. The search records every (shape, depth) pair that
/// failed, for shapes several nodes share, and never enters a node whose pair failed. So:
/// - a node with a shape of its own is entered at most once: its one parent is entered at most once
///   (by induction from the root), and a node is entered only from its parent's step for its kind;
/// - nodes sharing a shape are entered at most once per (shape, depth): the first one entered either
///   finds a route (the search ends) or fails (the pair is recorded).
/// Hence nodes entered <= distinct (shape, depth) pairs reached <= min(trie nodes, shapes × segments),
/// each entered node takes at most one step per parameter type plus six (one per phase of tested
/// children, the literal and the two catch-all lists; one skipped child per step), and route checks are
/// bounded per list (see ``QueryIndex``). On a table holding every mix of `1`, `{x:int}` and `{x}`
/// over d segments, all nodes of one depth share a shape: a failing link enters about d nodes and
/// skips about 2d children, where an exponential number of paths exist.
struct TrieSearch {
  let caseInsensitive: Bool
  /// What the search makes only when it needs it, in one box made the first time: most links need
  /// none of it, and then the search holds nothing to give back.
  var notes: Notes?

  /// The link's query read, the failed shapes and the list positions of one search.
  final class Notes {
    /// The link's query items, decoded the first time a route needs them.
    var query: [QueryItem]?
    /// The same items, first value per name, sorted, made the first time a route checks them.
    var linkQuery: LinkQuery?
    /// The (shape, depth) pairs whose subtree failed: shape in the high 32 bits.
    var failed: Set<UInt64> = []
    /// Per depth: the position to resume at in the node's tested children, when the trail's step
    /// there is ``Step/tested(_:_:)`` (one step a depth, so one position); made the first time a
    /// tested child is entered.
    var listCursor: [Int32] = []
  }

  /// The search's notes, made the first time they are written.
  private mutating func writableNotes() -> Notes {
    if let notes { return notes }
    let made = Notes()
    notes = made
    return made
  }

  /// The link's query items, when a route has needed them.
  var query: [QueryItem]? { notes?.query }
  /// The nodes on the trail at depths below this offered a route the judge refused: their failure
  /// says nothing about their shape.
  var cleanFrom = 0
  /// Work counters, for tests that bound the work per link: nodes entered, routes whose query was
  /// checked, and the steps of comparing segments with segment templates
  /// (``SegmentTemplate/split(_:folds:steps:_:)``).
  var nodesEntered = 0
  var routeChecks = 0
  var templateSteps = 0
  /// The middle catch-all the search is below, if any: where to resume when its child fails. A path
  /// has at most one catch-all, so at most one is open at a time.
  var open: OpenSkip?
  /// For the route the judge took through a middle catch-all, the number of link segments after the
  /// catch-all; -1 otherwise.
  var following: Int32 = -1

  /// A middle catch-all taken: its node and depth, the position in the node's list to resume at, the
  /// child entered (at depth `link count - following`) and the segments after the catch-all.
  struct OpenSkip {
    var node: Int32
    var depth: Int32
    var resume: Int32
    var child: Int32
    var following: Int32
  }

  /// Where the search of a node resumes: each step tries one kind of child or list of routes, in the
  /// order of specificity (``RoutePattern/Segment/Place``): the literal, the tested children before the
  /// types, the typed parameters, the tested children before the plain parameter, the plain parameter,
  /// the tested children after it (middle catch-alls), then the routes ending with `{name+}` and
  /// `{name*}`.
  enum Step: Equatable {
    case literal
    /// The tested child of this phase at this position of the node's list, and those after it.
    case tested(RoutePattern.Segment.TestPhase, Int)
    /// The child for the parameter type at this rank of ``ParameterType/bySpecificity``.
    case parameter(Int)
    case oneOrMore
    case zeroOrMore

    /// The step as the trail keeps it: a tested step at the start of its phase as one number per
    /// phase; further on, another number per phase, its position kept beside the trail
    /// (``TrieSearch/Notes/listCursor``).
    var number: UInt8 {
      switch self {
      case .literal: 0
      case .parameter(let rank): UInt8(truncatingIfNeeded: rank &+ 1)
      case .tested(let phase, let position):
        UInt8(truncatingIfNeeded: (position == 0 ? 247 : 250) &+ phase.rawValue)
      case .oneOrMore: 254
      case .zeroOrMore: 255
      }
    }

    /// Whether the trail keeps the step's position beside it.
    var keepsPosition: Bool {
      if case .tested(_, let position) = self { return position > 0 }
      return false
    }

    /// The step the trail kept as `number`; a tested step at a position reads it from `cursor`.
    init(number: UInt8, cursor: @autoclosure () -> Int) {
      switch number {
      case 0: self = .literal
      case 254: self = .oneOrMore
      case 255: self = .zeroOrMore
      case 247...249:
        self = .tested(RoutePattern.Segment.TestPhase(rawValue: Int(number) &- 247) ?? .afterPlain, 0)
      case 250...252:
        self = .tested(RoutePattern.Segment.TestPhase(rawValue: Int(number) &- 250) ?? .afterPlain, cursor())
      default: self = .parameter(Int(number) &- 1)
      }
    }

    /// The first step of a node from the parameter type of rank `rank` on: that rank's or a later
    /// one's child, the tested children before the plain parameter when the ranks reach it (unless
    /// `pastKinds`), the tested children after it, or the routes ending with `{name+}`.
    @inline(__always)
    static func fromRank(_ rank: Int, pastKinds: Bool = false, of node: FlatNode) -> Step {
      let next = node.nextParameterRank(from: rank) ?? ParameterType.rankCount
      let plain = TrieSearch.plainRank
      if !pastKinds && rank <= plain && next >= plain && node.tests(.beforePlain) {
        return .tested(.beforePlain, 0)
      }
      if next < ParameterType.rankCount { return .parameter(next) }
      return node.tests(.afterPlain) ? .tested(.afterPlain, 0) : .oneOrMore
    }

    /// The step after a phase of tested children.
    @inline(__always)
    static func after(_ phase: RoutePattern.Segment.TestPhase, of node: FlatNode) -> Step {
      switch phase {
      case .beforeTypes: .parameter(0)
      case .beforePlain: fromRank(TrieSearch.plainRank, pastKinds: true, of: node)
      case .afterPlain: .oneOrMore
      }
    }
  }

  /// The rank of the plain parameter, which app-defined kinds come right before.
  static var plainRank: Int {
    @inline(__always) get { ParameterType.string.specificity }
  }

  init(caseInsensitive: Bool) {
    self.caseInsensitive = caseInsensitive
  }

  @inline(__always)
  private func pair(_ node: Int, _ depth: Int, in router: Router) -> UInt64 {
    UInt64(UInt32(bitPattern: router.trie.shapes[node])) << 32 | UInt64(UInt32(truncatingIfNeeded: depth))
  }

  /// The most specific route for the link, or `nil`.
  mutating func search(_ view: inout LinkView, in router: Router) -> Int32? {
    var judge = FirstCandidate()
    return search(&view, &judge, in: router)
  }

  /// The first route for the link, in precedence order, that `judge` takes, or `nil`: the routes the
  /// link matches are offered to the judge one by one, most specific first, until it takes one.
  ///
  /// A route the judge refuses does not make the subtree it was found in a structural failure: the
  /// nodes on the trail when it was offered (depths below ``cleanFrom``) are not recorded in
  /// ``failed``, so a node of the same shape elsewhere, whose routes are other routes, is still
  /// searched. Each such node yields a candidate of its own, so `k` refusals cost at most `k + 1`
  /// times the work of one search.
  ///
  /// A link whose fragment the view reads as a path (``LinkView/fragmentMark``) is searched twice at
  /// most: first from the root of the routes that read the fragment, then, when none takes it, on
  /// its path alone (``LinkView/dropFragmentPath()``) from the root of every other route. A fragment
  /// route that matches wins; each search keeps the bound below, so two cost at most twice one.
  mutating func search<Judge: CandidateJudge>(
    _ view: inout LinkView, _ judge: inout Judge, in router: Router
  ) -> Int32? {
    if view.fragmentMark >= 0 {
      if router.fragmentRoot >= 0,
        let found = search(from: Int(router.fragmentRoot), &view, &judge, in: router)
      {
        return found
      }
      view.dropFragmentPath()
      notes = nil
      cleanFrom = 0
      open = nil
      following = -1
    }
    return search(from: 0, &view, &judge, in: router)
  }

  /// The first route that `judge` takes, in precedence order, below one root of the trie.
  private mutating func search<Judge: CandidateJudge>(
    from root: Int, _ view: inout LinkView, _ judge: inout Judge, in router: Router
  ) -> Int32? {
    var index = root
    var depth = 0
    var step = Step.literal
    nodesEntered &+= 1
    while true {
      let node = router.trie.nodes[index]
      // The child to descend into (at `childDepth`), and the step to resume this node at when it fails.
      var child: Int32 = -1
      var childDepth = depth &+ 1
      var resume = step
      // The literal step comes first at every node and decides most links: tested on its own, it is
      // one predictable branch where the switch over every step is an indirect jump.
      if case .literal = step {
        if depth == view.count {
          if node.endpointCount > 0,
            let found = first(node, 0, node.endpointCount, depth, &view, &judge, in: router)
          {
            return found
          }
          // A tested catch-all that ends the path takes no segment here (`{terms:pairs*}`, `{ids:int*}`).
          step = node.tests(.afterPlain) ? .tested(.afterPlain, 0) : .zeroOrMore
          continue
        }
        if node.flags & FlatNode.hasLiterals != 0,
          let literal = literalChild(of: index, node, depth, &view, in: router)
        {
          child = literal
        }
        resume = node.tests(.beforeTypes) ? .tested(.beforeTypes, 0) : .parameter(0)
      } else {
        switch step {
        case .literal: break  // taken above
        case .tested(let phase, let start):
          // A value set, a segment template, an app-defined kind or, after the plain parameter, a
          // middle catch-all, whose pieces after it take the link's last segments, so the catch-all
          // takes exactly those between; no other split is tried.
          // At the link's end only the catch-alls that take no segment are left.
          resume = depth == view.count ? .zeroOrMore : Step.after(phase, of: node)
          if let tested = router.testedChildren[Int32(truncatingIfNeeded: index)],
            let found = tested.first(
              of: phase, from: start,
              depth < view.count ? view.bytes(depth) : Bytes(UnsafeBufferPointer(start: nil, count: 0)),
              at: depth, count: view.count, isWeb: view.isWeb, hasHost: view.hasHost,
              caseInsensitive: caseInsensitive, steps: &templateSteps, segmentAt: { view.bytes($0) })
          {
            child = tested.children[found.position].child
            childDepth = found.depth
            resume = .tested(phase, found.position &+ 1)
          }
        case .parameter(let rank):
          if node.hasParameterChild(atRank: rank), let type = ParameterType(specificity: rank),
            type.accepts(view.bytes(depth))
          {
            child = node.child(for: type)
          }
          // The next rank the node has a child for; app-defined kinds are tried right before the
          // plain parameter, so the step stops there when the node has kinds.
          resume = Step.fromRank(rank &+ 1, of: node)
        case .oneOrMore:
          if node.oneOrMoreCount > 0,
            let found = first(node, node.endpointCount, node.oneOrMoreCount, depth, &view, &judge, in: router)
          {
            return found
          }
          resume = .zeroOrMore
        case .zeroOrMore:
          if node.zeroOrMoreCount > 0,
            let found = first(
              node, node.endpointCount &+ node.oneOrMoreCount, node.zeroOrMoreCount, depth, &view, &judge,
              in: router)
          {
            return found
          }
          // This node failed: remember it when its shape is shared, then back to its parent, at the
          // step after the child just tried.
          // A node whose subtree offered a route the judge refused did not fail by its shape.
          if node.flags & FlatNode.sharesShape != 0 && depth >= cleanFrom {
            let shapeAndDepth = pair(index, depth, in: router)
            writableNotes().failed.insert(shapeAndDepth)
          }
          if let skip = open, skip.child == Int32(truncatingIfNeeded: index) {
            // The child of a middle catch-all failed: back to its node, at the next middle catch-all.
            open = nil
            if cleanFrom > Int(skip.depth) &+ 1 { cleanFrom = Int(skip.depth) &+ 1 }
            index = Int(skip.node)
            depth = Int(skip.depth)
            step = .tested(.afterPlain, Int(skip.resume))
            continue
          }
          guard depth > 0 else { return nil }
          if cleanFrom > depth { cleanFrom = depth }
          depth &-= 1
          let trail = view.segments.trail(depth)
          index = Int(trail.node)
          step = Step(number: trail.step, cursor: Int(notes?.listCursor[depth] ?? 0))
          continue
        }
      }
      if child >= 0,
        router.trie.nodes[Int(child)].flags & FlatNode.sharesShape == 0
          || notes?.failed.contains(pair(Int(child), childDepth, in: router)) != true
      {
        if case .tested(.afterPlain, _) = step, case .tested(_, let position) = resume {
          // A middle catch-all: the trail is not written, as the depths the catch-all takes have no
          // node.
          open = OpenSkip(
            node: Int32(truncatingIfNeeded: index), depth: Int32(truncatingIfNeeded: depth),
            resume: Int32(truncatingIfNeeded: position), child: child,
            following: Int32(truncatingIfNeeded: view.count &- childDepth))
          index = Int(child)
          depth = childDepth
          step = .literal
          nodesEntered &+= 1
          continue
        }
        view.segments.setTrail(depth, node: Int32(truncatingIfNeeded: index), step: resume.number)
        if resume.keepsPosition, case .tested(_, let position) = resume {
          let notes = writableNotes()
          if notes.listCursor.isEmpty { notes.listCursor = [Int32](repeating: 0, count: view.count) }
          notes.listCursor[depth] = Int32(truncatingIfNeeded: position)
        }
        index = Int(child)
        depth &+= 1
        step = .literal
        nodesEntered &+= 1
      } else {
        step = resume
      }
    }
  }

  /// The first route of one of a node's lists (from `offset` in its routes) that the link's query
  /// accepts and the judge takes. A long list is searched through its ``QueryIndex``.
  @inline(__always)
  private mutating func first<Judge: CandidateJudge>(
    _ node: FlatNode, _ offset: Int32, _ count: Int32, _ depth: Int, _ view: inout LinkView,
    _ judge: inout Judge, in router: Router
  ) -> Int32? {
    if node.hasInlineRoute {
      guard let route = accepted(node.routeStart, &view, in: router) else { return nil }
      return offer(route, depth, &view, &judge, in: router) ? route : nil
    }
    var position = Int(node.routeStart &+ offset)
    let end = position + Int(count)
    if count > QueryIndex.threshold, router.trie.routeList[position] & Int32(Router.checksQuery) != 0,
      let index = router.queryIndexes[Int32(truncatingIfNeeded: position)]
    {
      return first(in: index, from: position, depth, &view, &judge, in: router)
    }
    while position < end {
      if let route = accepted(router.trie.routeList[position], &view, in: router),
        offer(route, depth, &view, &judge, in: router)
      {
        return route
      }
      position += 1
    }
    return nil
  }

  /// The first route of an indexed list that the link accepts and the judge takes, in list order: the
  /// routes the link's keys (and, for literal items, keys with values) name are checked, and the routes
  /// requiring nothing that none names.
  private mutating func first<Judge: CandidateJudge>(
    in index: QueryIndex, from start: Int, _ depth: Int, _ view: inout LinkView, _ judge: inout Judge,
    in router: Router
  ) -> Int32? {
    let link = readQuery(&view, in: router)
    var named: [Int32] = []
    for (name, value) in zip(link.names, link.values) {
      if let positions = index.byKey[name] { named.append(contentsOf: positions) }
      if !index.byValue.isEmpty, !value.isEmpty,
        let positions = index.byValue[QueryIndex.KeyValue(key: name, value: value)]
      {
        named.append(contentsOf: positions)
      }
    }
    named.sort()
    let unrequired = index.unrequired[
      router.table.options.strictTrailingSlash && view.hasTrailingSlash ? 1 : 0]
    var cursor = 0
    var free = 0
    var previous: Int32 = -1
    while true {
      let nextNamed = cursor < named.count ? named[cursor] : .max
      let nextFree = free < unrequired.count ? unrequired[free] : .max
      if nextNamed == .max && nextFree == .max { return nil }
      let route: Int32
      if nextNamed <= nextFree {
        cursor += 1
        // A route several keys name is checked once; a named route requiring nothing is checked too.
        if nextNamed == previous { continue }
        previous = nextNamed
        if nextFree == nextNamed { free += 1 }
        routeChecks &+= 1
        route = router.trie.routeList[start + Int(nextNamed)] >> 1
        guard router.accepts(route, link) else { continue }
      } else {
        free += 1
        route = router.trie.routeList[start + Int(nextFree)] >> 1
      }
      if offer(route, depth, &view, &judge, in: router) { return route }
    }
  }

  /// Offers a route found at `depth` to the judge; when it refuses, every node on the trail has
  /// offered a candidate, so none of them is recorded as a structural failure.
  ///
  /// A route whose host or scheme scope does not admit the link is passed over before the judge sees
  /// it. That is a failure of the node's shape: a route's scope is part of it, and the link's host and
  /// scheme are the same throughout one search.
  @inline(__always)
  private mutating func offer<Judge: CandidateJudge>(
    _ route: Int32, _ depth: Int, _ view: inout LinkView, _ judge: inout Judge, in router: Router
  ) -> Bool {
    if router.hasScopes && !router.admits(route, view) { return false }
    following = open?.following ?? -1
    if judge.take(route, view, query: query, following: following) { return true }
    cleanFrom = depth &+ 1
    return false
  }

  /// The link's query, read once.
  private mutating func readQuery(_ view: inout LinkView, in router: Router) -> LinkQuery {
    let notes = writableNotes()
    if let linkQuery = notes.linkQuery { return linkQuery }
    let items = notes.query ?? router.reader.query(of: view)
    notes.query = items
    let link = LinkQuery(items, hasTrailingSlash: view.hasTrailingSlash, keys: router.table.options.queryKeys)
    notes.linkQuery = link
    return link
  }

  /// The route of a route entry, when its query requirements (if any) hold.
  @inline(__always)
  private mutating func accepted(_ entry: Int32, _ view: inout LinkView, in router: Router) -> Int32? {
    let route = entry >> 1
    if entry & Int32(Router.checksQuery) == 0 { return route }
    routeChecks &+= 1
    return router.accepts(route, readQuery(&view, in: router)) ? route : nil
  }

  /// The literal child for a segment. Literals compare case-insensitively in a case-insensitive
  /// table. The first segment of a custom-scheme link keeps the host rule
  /// (``ReadingRules/foldsCase(isWeb:depth:)``): a literal written exactly as the segment wins, and
  /// otherwise the segment is compared in lower case, so `myapp:///CHANNEL/x` reaches `/channel/x`
  /// while a route whose first literal has capitals still matches the link built for it.
  @inline(__always)
  private func literalChild(
    of index: Int, _ node: FlatNode, _ depth: Int, _ view: inout LinkView, in router: Router
  ) -> Int32? {
    if !caseInsensitive && ReadingRules.foldsCase(isWeb: view.hasHost, depth: depth) {
      return lookupLiteral(of: index, node, depth, &view, folds: false, in: router)
        ?? lookupLiteral(of: index, node, depth, &view, folds: true, in: router)
    }
    return lookupLiteral(of: index, node, depth, &view, folds: caseInsensitive, in: router)
  }

  /// The literal child whose key is the segment (lower-cased first when `folds`): by hashing its bytes
  /// when both are ASCII, otherwise through the router's ``literals`` (the same bytes, after full
  /// Unicode lower-casing when `folds`).
  @inline(__always)
  private func lookupLiteral(
    of index: Int, _ node: FlatNode, _ depth: Int, _ view: inout LinkView, folds: Bool, in router: Router
  ) -> Int32? {
    guard view.isASCII(depth), node.flags & FlatNode.hasUnicodeLiterals == 0 else {
      let text = view.string(depth)
      return router.literals[
        LiteralEdge(parent: Int32(truncatingIfNeeded: index), key: folds ? text.lowercased() : text)
      ]
    }
    return router.trie.literalChild(of: Int32(truncatingIfNeeded: index), view.bytes(depth), folds: folds)
  }

}
