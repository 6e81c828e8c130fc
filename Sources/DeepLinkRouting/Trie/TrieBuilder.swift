/// Builds the trie, refusing two routes that match exactly the same set of links.
///
/// Two routes match the same links exactly when three parts agree (the link set is their product,
/// each part non-empty; length limits aside):
/// - the path: each piece is a set of segments (a literal, `int`, `uuid`, any segment), so a pattern
///   without catch-all is a product, equal to another only piece by piece. A catch-all is a run of any
///   segments: `{r+}` is `{a}/{r*}`, so a catch-all pattern is normalised to the node of its last
///   piece that is not a plain parameter, the number of plain parameters after it, and `*`; a middle
///   catch-all also counts the plain parameters right after it, and the kinds of the pieces after
///   those (`/{r+}/x`, `/{a}/{r*}/x` and `/{r*}/{a}/x` are the same);
/// - the trailing slash, when the table is strict about it;
/// - the query: per key, the set of first values a route accepts is one of: anything (undeclared, or
///   an optional string), non-empty (required string), fitting the type (required typed), absent or
///   fitting the type (optional typed). These sets differ, so the query parts are equal exactly when
///   the routes declare the same keys with the same kinds, optional strings left out.
struct TrieBuilder {
  enum Terminal: UInt8 {
    case end
    case oneOrMore
    case zeroOrMore
  }

  /// One route ending at a node.
  struct Ending {
    var node: Int32
    var terminal: Terminal
    var route: Int32
  }

  /// The set of links a route matches, in the normal form described above.
  struct LinkSet: Hashable {
    var node: Int32
    var isUnbounded: Bool
    var plainSegmentsAfter: Int32
    /// For a middle catch-all, the kinds of the pieces after it (after its plain parameters).
    var suffix: [String] = []
    var trailingSlash: Bool
    /// Key, kind, key, kind… sorted by key.
    var query: [String]
    /// The route's ``RouteScope/rank``: routes of different ranks are ordered, not duplicates; of one
    /// rank, they are duplicates when their scopes overlap.
    var scopeRank: Int
  }

  private(set) var nodes: [FlatNode] = [FlatNode()]
  /// The root of the routes that read the fragment (``RoutePattern/Segment/fragment``), made with the
  /// first of them; -1 while there is none. Their links are searched from it, never from node 0.
  private(set) var fragmentRoot: Int32 = -1
  private(set) var literals: [LiteralEdge: Int32] = [:]
  /// Tested edges by parent and key (``TestedChild/key(_:following:caseInsensitive:)``): pieces
  /// alike but for their names share a child.
  private var testedEdges: [LiteralEdge: Int32] = [:]
  /// The tested children of each node that has any, in the order they were made.
  private(set) var tested: [Int32: [TestedChild]] = [:]
  /// The routes that use a kind, by their shape with every kind left out (``KindShape``): two of one
  /// shape whose kinds can hold one value at every place are duplicates.
  private var kindShapes: [KindShape: [(route: Int32, kinds: [AppKind])]] = [:]
  private(set) var endings: [Ending] = []
  private var claimed: [LinkSet: [Int32]] = [:]
  /// The scope of each route inserted, by route index.
  private var scopes: [RouteScope] = []
  let caseInsensitive: Bool
  let strictTrailingSlash: Bool
  let queryKeys: RouteTable.QueryKeys

  init(
    caseInsensitive: Bool, strictTrailingSlash: Bool, capacity: Int, queryKeys: RouteTable.QueryKeys = .exact
  ) {
    self.caseInsensitive = caseInsensitive
    self.strictTrailingSlash = strictTrailingSlash
    self.queryKeys = queryKeys
    endings.reserveCapacity(capacity)
    scopes.reserveCapacity(capacity)
    claimed.reserveCapacity(capacity)
    // About one literal edge a route or more: growing by doubling would hash every key again.
    literals.reserveCapacity(capacity)
  }

  /// The query part of a route's link set: per item that can refuse, its keys (as the table compares
  /// names, in the order written; in any order for a required string, which any of them satisfies)
  /// and its kind. An open query dictionary accepts every link, so it is not part of it.
  static func querySet(_ query: [RoutePattern.QueryParameter], keys: RouteTable.QueryKeys = .exact)
    -> [String]
  {
    query.filter(QueryRequirements.canRefuse).map { item -> [String] in
      var names = item.keys.map(keys.compared)
      let kind: String
      switch item.rule {
      case .value:
        kind = "\(item.isOptional ? "optional" : "required") \(item.type)"
        if !item.isOptional && item.type.acceptsAnyText { names.stableSort() }
      case .literal(let text): kind = "literal \(text)"
      case .absent: kind = "absent"
      case .oneOf(let set): kind = "\(item.isOptional ? "optional" : "required") one of \(set.key)"
      case .kind(let appKind): kind = "\(item.isOptional ? "optional" : "required") kind \(appKind.name)"
      }
      return [names.joined(separator: "\u{0}"), kind]
    }.stableSorted { $0[0] < $1[0] }.flatMap { $0 }
  }

  /// Adds a route. A route whose last piece is optional (`{slug?}`) ends at two places: where its
  /// path ends without the piece, and one segment further, as a parameter of its type; each place
  /// claims its set of links, so a route that matches either set as well is a duplicate.
  mutating func insert(route: Int, pattern: RoutePattern, scope: RouteScope = .unscoped, names: [String])
    throws(RouteTableError)
  {
    for path in Self.paths(of: pattern.segments) {
      try insert(route: route, path: path, pattern: pattern, scope: scope, names: names)
    }
  }

  /// The paths a route's pieces stand for: the pieces themselves, or, when the last is optional, the
  /// path without it and the path with it as a parameter of its type.
  static func paths(of segments: [RoutePattern.Segment]) -> [[RoutePattern.Segment]] {
    guard case .optional(let name, let type) = segments.last else { return [segments] }
    let without = Array(segments.dropLast())
    return [without, without + [.parameter(name: name, type: type)]]
  }

  private mutating func insert(
    route: Int, path: [RoutePattern.Segment], pattern: RoutePattern, scope: RouteScope, names: [String]
  ) throws(RouteTableError) {
    if pattern.readsFragment && fragmentRoot < 0 { fragmentRoot = newNode() }
    let root: Int32 = pattern.readsFragment ? fragmentRoot : 0
    var current = root
    var terminal = Terminal.end
    // The node after the last piece that is not a plain parameter, and the plain parameters since.
    var anchor = root
    var plainSince: Int32 = 0
    // For a middle catch-all: its set's node and plain count, and the kinds after it.
    var middle: (anchor: Int32, plain: Int32, suffix: [String])?
    for (index, segment) in path.enumerated() {
      if var after = middle {
        // A piece after a middle catch-all: plain parameters right after it join its run.
        if after.suffix.isEmpty, case .parameter(_, let type) = segment, type.acceptsAnyText {
          after.plain += 1
        } else {
          after.suffix.append(segment.key(caseInsensitive: caseInsensitive))
        }
        middle = after
      }
      switch segment {
      case .literal, .fragment:
        // The fragment's start is a literal edge whose key no decoded segment can hold
        // (``ReadingRules/fragmentMark``, by whether the fragment starts with `/`): the link's path
        // pieces end exactly where the link's do.
        var key = ReadingRules.fragmentMarkText(startsWithSlash: pattern.fragmentStartsWithSlash)
        if case .literal(let text) = segment { key = caseInsensitive ? text.lowercased() : text }
        let edge = LiteralEdge(parent: current, key: key)
        let new = Int32(nodes.count)
        let child = value(of: edge, in: &literals, new: new)
        if child == new {
          _ = newNode()
          nodes[Int(current)].flags |= FlatNode.hasLiterals
          if !edge.key.utf8.allSatisfy({ $0 < 0x80 }) {
            nodes[Int(current)].flags |= FlatNode.hasUnicodeLiterals
          }
        }
        current = child
        anchor = current
        plainSince = 0
      // ``paths(of:)`` has made an optional piece a parameter, or left it out.
      case .parameter(_, let type), .optional(_, let type):
        current = child(of: current, type: type)
        if type.acceptsAnyText {
          plainSince += 1
        } else {
          anchor = current
          plainSince = 0
        }
      case .oneOrMore where index < path.count - 1, .zeroOrMore where index < path.count - 1:
        // A middle catch-all: an edge to the pieces after it, which are read from the link's end.
        current = testedChild(of: current, segment, following: Int32(path.count - index - 1))
        var atLeastOne = false
        if case .oneOrMore = segment { atLeastOne = true }
        middle = (anchor, plainSince + (atLeastOne ? 1 : 0), [])
      case .oneOrMore:
        terminal = .oneOrMore
      case .zeroOrMore:
        terminal = .zeroOrMore
      case .remainder:
        // Ends the route as `{name*}` does; its value is wider (the query and fragment too), so it is
        // a set of its own for duplicates and ranks after every `*` at its node.
        terminal = .zeroOrMore
      case .template, .valueSet, .kind:
        current = testedChild(of: current, segment, following: -1)
        anchor = current
        plainSince = 0
      case .testedRun:
        // An edge to the pieces after it, read from the link's end, as a middle catch-all's; last in
        // the path, the route ends at its child. Its rule makes it a piece of its own for duplicates.
        current = testedChild(of: current, segment, following: Int32(path.count - index - 1))
        anchor = current
        plainSince = 0
      }
    }
    try checkKinds(route: route, path: path, pattern: pattern, scope: scope, names: names)
    var linkSet = LinkSet(
      node: terminal == .end ? current : anchor, isUnbounded: terminal != .end,
      plainSegmentsAfter: terminal == .end ? 0 : plainSince + (terminal == .oneOrMore ? 1 : 0),
      trailingSlash: strictTrailingSlash && pattern.hasTrailingSlash,
      query: Self.querySet(pattern.query, keys: queryKeys), scopeRank: scope.rank)
    if case .remainder = path.last {
      linkSet.suffix = [RoutePattern.Segment.remainder(name: "").key(caseInsensitive: false)]
    }
    if let middle {
      linkSet.node = middle.anchor
      linkSet.isUnbounded = true
      linkSet.plainSegmentsAfter = middle.plain
      linkSet.suffix = middle.suffix
    }
    while scopes.count <= route { scopes.append(.unscoped) }
    scopes[route] = scope
    // Routes of one rank at one place stand side by side only when their scopes are disjoint (a few
    // hosts at most, so the list stays short). The set is looked up once: the route joins its list
    // unless a route there overlaps it.
    let scopes = self.scopes
    func claim(_ others: inout [Int32]) -> Int32? {
      if let other = others.first(where: { scopes[Int($0)].overlaps(scope) }) { return other }
      others.append(Int32(route))
      return nil
    }
    if let other = claim(&claimed[linkSet, default: []]) {
      throw RouteTableError(route: names[route], reason: .ambiguous(with: names[Int(other)]))
    }
    endings.append(Ending(node: current, terminal: terminal, route: Int32(route)))
  }

  /// The child of a node for a tested piece, made the first time.
  private mutating func testedChild(of node: Int32, _ piece: RoutePattern.Segment, following: Int32) -> Int32
  {
    let edge = LiteralEdge(
      parent: node, key: TestedChild.key(piece, following: following, caseInsensitive: caseInsensitive))
    let new = Int32(nodes.count)
    let child = value(of: edge, in: &testedEdges, new: new)
    guard child == new else { return child }
    _ = newNode()
    let made = TestedChild(piece: piece, following: following, child: child)
    tested[node, default: []].append(made)
    nodes[Int(node)].flags |= FlatNode.tests(made.phase)
    return child
  }

  /// A route's path and query with each kind left out: its pieces (names aside, each kind as `kind`),
  /// trailing slash, query items (each kind as `kind`) and scope rank.
  struct KindShape: Hashable {
    var pieces: [String]
    var trailingSlash: Bool
    var query: [String]
    var scopeRank: Int
  }

  /// Refuses a route that uses a kind when another route of the same shape with its kinds left out
  /// (``KindShape``) has, at every place where the two have kinds, kinds that hold one value: some link
  /// reaches both routes equally, and neither rank nor the order of the table may decide. The error
  /// names the other route; routes whose kinds share no value at some place stand side by side.
  private mutating func checkKinds(
    route: Int, path: [RoutePattern.Segment], pattern: RoutePattern, scope: RouteScope, names: [String]
  ) throws(RouteTableError) {
    // Most routes use no kind: they are neither checked nor remembered, so their shape is never written.
    let usesKinds =
      path.contains { if case .kind = $0 { true } else { false } }
      || pattern.query.contains { if case .kind = $0.rule { true } else { false } }
    guard usesKinds else { return }
    var used: [AppKind] = []
    var pieces: [String] = []
    for segment in path {
      if case .kind(_, let kind) = segment {
        used.append(kind)
        pieces.append("kind")
      } else {
        pieces.append(segment.key(caseInsensitive: caseInsensitive))
      }
    }
    var query = pattern.query
    for index in query.indices {
      if case .kind(let kind) = query[index].rule {
        used.append(kind)
        // A placeholder no pattern can write (a literal holding U+0000): the kind's place, its name
        // left out.
        query[index].rule = .literal("\u{0}kind \(query[index].isOptional ? "optional" : "required")")
      }
    }
    guard !used.isEmpty else { return }
    let shape = KindShape(
      pieces: pieces, trailingSlash: strictTrailingSlash && pattern.hasTrailingSlash,
      query: Self.querySet(query, keys: queryKeys) + ["kinds"], scopeRank: scope.rank)
    for other in kindShapes[shape] ?? [] where other.route != Int32(route) {
      guard scopes.count > Int(other.route), scopes[Int(other.route)].overlaps(scope) else { continue }
      let shared = zip(used, other.kinds).map { $0.sharedValue(with: $1) }
      if used.count == other.kinds.count, shared.allSatisfy({ $0 != nil }), let first = shared.first ?? nil,
        let mine = used.first,
        let theirs = other.kinds.first
      {
        let kindNames = mine == theirs ? [mine.name] : [theirs.name, mine.name]
        throw RouteTableError(
          route: names[route],
          reason: .kindsOverlap(with: names[Int(other.route)], value: first, kinds: kindNames))
      }
    }
    kindShapes[shape, default: []].append((Int32(route), used))
  }

  private mutating func newNode() -> Int32 {
    nodes.append(FlatNode())
    return Int32(nodes.count - 1)
  }

  private mutating func child(of node: Int32, type: ParameterType) -> Int32 {
    let existing = nodes[Int(node)].child(for: type)
    if existing >= 0 { return existing }
    let created = newNode()
    nodes[Int(node)].setChild(created, for: type)
    return created
  }

  /// The built trie: what matching and URL building read, nothing of the builder.
  struct Built {
    var nodes: [FlatNode]
    var routeList: [Int32]
    var literals: [LiteralEdge: Int32]
    var queryIndexes: [Int32: QueryIndex]
    var shapes: [Int32]
    /// The literal keys of each node that has any, sorted.
    var literalKeys: [Int32: [String]]
    /// Each node's tested children, in the order the search tries them
    /// (``TestedChild/ranksBefore(_:caseInsensitive:)``).
    var tested: [Int32: TestedChildren]
    /// The root of the routes that read the fragment, or -1 (see ``TrieBuilder/fragmentRoot``).
    var fragmentRoot: Int32 = -1
  }

  /// Orders each node's routes so the most specific query requirements are tried first (more
  /// literal values, then more required items, then more typed required items, then more absent-only
  /// items, then the required items' text, then the route name; never registration order), lays the
  /// lists out back to back, indexes long lists by query key and literal value, and gives each node
  /// its shape (see ``shapes(of:routeList:requirements:)``).
  mutating func finish(
    patterns: [RoutePattern], requirements: [QueryRequirements], scopes: [RouteScope] = [], names: [String]
  ) -> Built {
    let scopes = scopes.isEmpty ? [RouteScope](repeating: .unscoped, count: patterns.count) : scopes
    claimed = [:]
    testedEdges = [:]
    kindShapes = [:]
    let caseInsensitive = self.caseInsensitive
    let tested = self.tested.mapValues { TestedChildren($0, caseInsensitive: caseInsensitive) }
    self.tested = [:]
    struct Order {
      var literals: Int32 = 0
      var required: Int32 = 0
      var typed: Int32 = 0
      var checked: Int32 = 0
      var absent: Int32 = 0
      var signature = ""
    }
    let orders = patterns.map { pattern -> Order in
      guard !pattern.query.isEmpty else { return Order() }
      let required = pattern.query.filter(QueryRequirements.isRequired)
      return Order(
        literals: Int32(pattern.query.count { if case .literal = $0.rule { true } else { false } }),
        required: Int32(required.count),
        typed: Int32(
          required.count { item in
            switch item.rule {
            case .value: !item.type.acceptsAnyText
            case .oneOf, .kind: true
            case .literal, .absent: false
            }
          }),
        // A check narrows its type, so an item with one is tried first, as in a path segment.
        checked: Int32(
          required.count { item in
            if case .kind(let kind) = item.rule { kind.check != nil } else { false }
          }),
        absent: Int32(pattern.query.count { $0.rule == .absent }),
        signature: required.map { item in
          switch item.rule {
          case .value: "\(item.keys.joined(separator: "|")):\(item.type)"
          case .literal(let text): "\(item.keys.joined(separator: "|"))=\(text)"
          case .absent: "!\(item.keys.joined(separator: "|"))"
          case .oneOf(let set): "\(item.keys.joined(separator: "|")):\(set.key)"
          case .kind(let kind): "\(item.keys.joined(separator: "|")):kind \(kind.name)"
          }
        }.stableSorted().joined(separator: "&"))
    }
    var endings = self.endings
    self.endings = []
    endings.sort { left, right in
      if left.node != right.node { return left.node < right.node }
      if left.terminal != right.terminal { return left.terminal.rawValue < right.terminal.rawValue }
      let leftTakesRest = patterns[Int(left.route)].takesRestOfLink
      if leftTakesRest != patterns[Int(right.route)].takesRestOfLink { return !leftTakesRest }
      let leftRank = scopes[Int(left.route)].rank
      let rightRank = scopes[Int(right.route)].rank
      if leftRank != rightRank { return leftRank < rightRank }
      let lhs = orders[Int(left.route)]
      let rhs = orders[Int(right.route)]
      if lhs.literals != rhs.literals { return lhs.literals > rhs.literals }
      if lhs.required != rhs.required { return lhs.required > rhs.required }
      if lhs.typed != rhs.typed { return lhs.typed > rhs.typed }
      if lhs.checked != rhs.checked { return lhs.checked > rhs.checked }
      if lhs.absent != rhs.absent { return lhs.absent > rhs.absent }
      if lhs.signature != rhs.signature { return lhs.signature < rhs.signature }
      return names[Int(left.route)] < names[Int(right.route)]
    }
    var nodes = self.nodes
    self.nodes = []
    var routeList: [Int32] = []
    var queryIndexes: [Int32: QueryIndex] = [:]
    func entry(_ route: Int32) -> Int32 {
      let checks = requirements[Int(route)].checksQuery || strictTrailingSlash
      return route << 1 | (checks ? Int32(Router.checksQuery) : 0)
    }
    var start = 0
    while start < endings.count {
      let node = Int(endings[start].node)
      var end = start
      while end < endings.count && endings[end].node == endings[start].node { end += 1 }
      let routes = endings[start..<end]
      nodes[node].endpointCount = Int32(routes.count { $0.terminal == .end })
      nodes[node].oneOrMoreCount = Int32(routes.count { $0.terminal == .oneOrMore })
      nodes[node].zeroOrMoreCount = Int32(routes.count { $0.terminal == .zeroOrMore })
      if routes.count == 1, let only = routes.first {
        nodes[node].routeStart = entry(only.route)
      } else {
        nodes[node].routeStart = Int32(routeList.count)
        var listStart = start
        while listStart < end {
          var listEnd = listStart
          while listEnd < end && endings[listEnd].terminal == endings[listStart].terminal { listEnd += 1 }
          if listEnd - listStart > QueryIndex.threshold {
            queryIndexes[Int32(routeList.count)] = index(
              endings[listStart..<listEnd].map(\.route), patterns: patterns, requirements: requirements)
          }
          for ending in endings[listStart..<listEnd] { routeList.append(entry(ending.route)) }
          listStart = listEnd
        }
      }
      start = end
    }
    // The literal edges by parent, last parent first, and by key: each node's keys are one run.
    var byParent = literals.map { (parent: $0.key.parent, key: $0.key.key, child: $0.value) }
    byParent.sort { $0.parent != $1.parent ? $0.parent > $1.parent : $0.key < $1.key }
    var literalKeys: [Int32: [String]] = [:]
    var keyStart = 0
    while keyStart < byParent.count {
      let parent = byParent[keyStart].parent
      var keyEnd = keyStart + 1
      while keyEnd < byParent.count && byParent[keyEnd].parent == parent { keyEnd += 1 }
      literalKeys[parent] = byParent[keyStart..<keyEnd].map(\.key)
      keyStart = keyEnd
    }
    let shapes = Self.shapes(
      of: &nodes, byParent: byParent, tested: tested,
      endings: endings, patterns: patterns, scopes: scopes, strictTrailingSlash: strictTrailingSlash,
      queryKeys: queryKeys)
    return Built(
      nodes: nodes, routeList: routeList, literals: literals, queryIndexes: queryIndexes, shapes: shapes,
      literalKeys: literalKeys, tested: tested,
      fragmentRoot: fragmentRoot)
  }

  private func index(_ routes: [Int32], patterns: [RoutePattern], requirements: [QueryRequirements])
    -> QueryIndex
  {
    var index = QueryIndex()
    for (position, route) in routes.enumerated() {
      let requirement = requirements[Int(route)]
      if requirement.requiredCount == 0 {
        // By the link's trailing slash when strict (a route ending with a catch-all in both lists).
        for (list, slash) in [(0, false), (1, true)]
        where strictTrailingSlash ? requirement.fitsTrailingSlash(slash) : list == 0 {
          index.unrequired[list].append(Int32(position))
        }
      }
      for (item, keys) in zip(requirement.checked, requirement.checkedKeys) {
        for key in keys {
          if case .literal(let text) = item.rule {
            index.byValue[QueryIndex.KeyValue(key: key, value: text), default: []].append(Int32(position))
          } else {
            index.byKey[key, default: []].append(Int32(position))
          }
        }
      }
    }
    return index
  }

  /// Gives every node a shape: two nodes have one shape when their subtrees are alike (the same
  /// literal keys, the same kinds of children, alike children, and routes with the same query and
  /// trailing-slash requirements in each list), so a link's suffix fails in one exactly when it fails
  /// in the other. Nodes whose shape is shared are flagged ``FlatNode/sharesShape``. The literal edges
  /// come by parent, last parent first, and by key; the endings in order of their nodes.
  ///
  /// - Returns: The shape of each node, or an empty array when no shape is shared.
  private static func shapes(
    of nodes: inout [FlatNode], byParent: [(parent: Int32, key: String, child: Int32)],
    tested: [Int32: TestedChildren],
    endings: [Ending],
    patterns: [RoutePattern], scopes: [RouteScope], strictTrailingSlash: Bool, queryKeys: RouteTable.QueryKeys
  ) -> [Int32] {
    // A node's shape is interned from fixed-size keys: its literal children as a chain (the shape of
    // the list so far, a key, a child's shape), its route classes as a chain, then the node itself.
    struct LiteralLink: Hashable {
      var previous: Int32
      var key: String
      var child: Int32
    }
    struct Link: Hashable {
      var previous: Int32
      var value: Int32
    }
    struct Shape: Hashable {
      /// The shapes of the parameter children, in ``ParameterType/bySpecificity`` order.
      var parameters: [Int32]
      var literals: Int32
      var routes: Int32
      /// The tested children in the order they are tried: each one's key and its child's shape.
      var tested: [LiteralLink] = []
    }
    // Routes alike for the search: the same query set, trailing slash and scope, in the same list.
    var classes: [[String]: Int32] = [:]
    var routeClasses: [(node: Int32, value: Int32)] = endings.map { ending in
      let pattern = patterns[Int(ending.route)]
      let slash = strictTrailingSlash && pattern.hasTrailingSlash
      // A route ending with a catch-all takes a trailing slash either way: a node ending such a route
      // (a pair catch-all's) is not alike a node ending a route that refuses the slash.
      let eitherSlash = strictTrailingSlash && !slash && pattern.segments.last?.isCatchAll == true
      let scope = scopes[Int(ending.route)]
      guard slash || eitherSlash || !pattern.query.isEmpty || !scope.isUnscoped else {
        return (ending.node, Int32(ending.terminal.rawValue))
      }
      var key = querySet(pattern.query, keys: queryKeys)
      key.append("\(ending.terminal.rawValue)\(slash ? "/" : eitherSlash ? "*" : "")")
      if !scope.isUnscoped { key.append(scope.key) }
      return (ending.node, number(of: key, in: &classes) + 3)
    }
    classes = [:]
    // By node, last node first, and by class within a node: the endings come by node, so backwards
    // each node's classes are one run, put in order on their own.
    routeClasses.reverse()
    var runStart = 0
    while runStart < routeClasses.count {
      var runEnd = runStart + 1
      while runEnd < routeClasses.count && routeClasses[runEnd].node == routeClasses[runStart].node {
        runEnd += 1
      }
      if runEnd - runStart > 1 { routeClasses[runStart..<runEnd].sort { $0.value < $1.value } }
      runStart = runEnd
    }
    var shapeOf = [Int32](repeating: 0, count: nodes.count)
    // At most one entry a literal edge and one a route's class: reserved, the chains never grow by
    // doubling.
    var literalLists: [LiteralLink: Int32] = [:]
    literalLists.reserveCapacity(byParent.count)
    var routeLists: [Link: Int32] = [:]
    routeLists.reserveCapacity(routeClasses.count)
    var known: [Shape: Int32] = [:]
    var uses: [Int32] = []
    var literalCursor = 0
    var routeCursor = 0
    // Children come after their parent, so walking backwards sees every child first.
    for node in nodes.indices.reversed() {
      let flat = nodes[node]
      func shape(_ child: Int32) -> Int32 { child >= 0 ? shapeOf[Int(child)] : -1 }
      var literalList: Int32 = -1
      while literalCursor < byParent.count && byParent[literalCursor].parent == Int32(node) {
        let link = LiteralLink(
          previous: literalList, key: byParent[literalCursor].key,
          child: shapeOf[Int(byParent[literalCursor].child)])
        literalList = number(of: link, in: &literalLists)
        literalCursor += 1
      }
      var routeList: Int32 = -1
      var previousClass: Int32 = -1
      while routeCursor < routeClasses.count && routeClasses[routeCursor].node == Int32(node) {
        let value = routeClasses[routeCursor].value
        routeCursor += 1
        if value == previousClass { continue }
        previousClass = value
        routeList = number(of: Link(previous: routeList, value: value), in: &routeLists)
      }
      var key = Shape(
        parameters: ParameterType.bySpecificity.map { shape(flat.child(for: $0)) }, literals: literalList,
        routes: routeList)
      if flat.hasTestedChildren {
        key.tested = (tested[Int32(node)]?.children ?? []).map { edge in
          LiteralLink(
            previous: -1, key: TestedChild.key(edge.piece, following: edge.following, caseInsensitive: false),
            child: shapeOf[Int(edge.child)])
        }
      }
      let id = number(of: key, in: &known)
      if Int(id) == uses.count { uses.append(0) }
      uses[Int(id)] += 1
      shapeOf[node] = id
    }
    var shared = false
    for node in nodes.indices where uses[Int(shapeOf[node])] > 1 {
      nodes[node].flags |= FlatNode.sharesShape
      shared = true
    }
    return shared ? shapeOf : []
  }
}

/// The value of a key in a table, or `new`, stored for the key, when the table has none: one lookup
/// either way.
private func value<Key: Hashable>(of key: Key, in table: inout [Key: Int32], new: Int32) -> Int32 {
  func read(_ value: inout Int32) -> Int32 { value }
  return read(&table[key, default: new])
}

/// The number of a key in a table that numbers its keys in the order they came: a key met for the
/// first time takes the next number (the table's count).
private func number<Key: Hashable>(of key: Key, in table: inout [Key: Int32]) -> Int32 {
  value(of: key, in: &table, new: Int32(table.count))
}
