import Foundation

/// Matches links against a ``RouteTable`` and builds links back from routes and values.
///
/// Build a router once from a table; it is immutable and `Sendable`, so share it freely. Matching
/// walks a trie of the table's segments, so its cost follows the length of the link, not the number
/// of routes. The most specific route wins, whatever the order of the table: segment by segment,
/// literal > typed parameter (`int`, `uuid`) > plain parameter > `{name+}` > `{name*}`, backtracking
/// when a more specific branch fails further down.
///
/// ```swift
/// let router = try Router(RouteTable(
///   schemes: ["myapp"], hosts: ["example.com"],
///   routes: [RouteDefinition("clip", "/channel/video/{clipId}")]))
/// let match = try router.match("myapp://channel/video/12345")
/// match?.route                        // "clip"
/// match?.parameters.string("clipId")  // "12345"
/// try router.url(for: "clip", ["clipId": .string("12345")])
/// // https://example.com/channel/video/12345
/// ```
public final class Router: Sendable {
  /// The table the router was built from.
  public let table: RouteTable
  /// The parsed pattern of each route, in table order.
  package let patterns: [RoutePattern]

  let trie: FlatTrie
  /// Every literal edge by its text (compared by bytes, see ``LiteralEdge``), for segments that are not
  /// ASCII and for tools that walk the trie.
  let literals: [LiteralEdge: Int32]
  /// The literal keys of each node that has any, sorted: what a near miss lists as expected.
  let literalKeys: [Int32: [String]]
  /// The long route lists indexed by query key, by where they start in ``FlatTrie/routeList``.
  let queryIndexes: [Int32: QueryIndex]
  /// The segment-template children of each node that has any (``FlatNode/hasTemplates``), in the
  /// order a segment tries them.
  let templateChildren: [Int32: [TemplateChild]]
  /// The middle-catch-all children of each node that has any (``FlatNode/hasSkips``), in the order
  /// they are tried.
  let skipChildren: [Int32: [SkipChild]]
  /// The value-set children of each node that has any (``FlatNode/hasValueSets``), in the order a
  /// segment tries them.
  let valueSetChildren: [Int32: ValueSetIndex]
  /// The app-defined kind children of each node that has any (``FlatNode/hasKinds``), in the order a
  /// segment tries them.
  let kindChildren: [Int32: [KindChild]]
  /// The table's kinds, compiled, by name.
  package let kinds: [String: AppKind]
  let reader: LinkReader
  let hostRules: [HostRule]
  let routeIndex: [String: Int]
  let requirements: [QueryRequirements]
  let plans: [RoutePlan]
  let planParameters: [RoutePlan.Parameter]
  /// The distinct names of the parameters packed in ``plans``.
  let parameterNames: [String]
  /// The `follow` parameter of each route that has one, by route index.
  let follows: [Int: String]
  /// The host and scheme scope of each route, in table order.
  let scopes: [RouteScope]
  /// Whether some route has a scope: otherwise no candidate is checked for one.
  let hasScopes: Bool
  /// The trie node below which the routes that read the fragment are (``TrieBuilder/fragmentRoot``),
  /// or -1 when no route reads it.
  let fragmentRoot: Int32

  /// Builds a router, checking every route.
  ///
  /// - Parameter table: The route table.
  /// - Throws: ``RouteTableError`` for a limit out of its range, a pattern that does not parse, a
  ///   duplicate name, two routes that would match exactly the same URLs, or a malformed scheme or host.
  public init(_ table: RouteTable) throws(RouteTableError) {
    try table.limits.validate()
    guard table.routes.count <= table.limits.maxRoutes else {
      throw RouteTableError(reason: .tooManyRoutes(limit: table.limits.maxRoutes))
    }
    for scheme in table.schemes {
      // The reading rule's scheme bytes.
      let valid =
        !scheme.isEmpty
        && scheme.utf8.enumerated().allSatisfy {
          ReadingRules.isSchemeByte($0.element, first: $0.offset == 0)
        }
      guard valid else { throw RouteTableError(reason: .invalidScheme(scheme)) }
    }
    var rules: [HostRule] = []
    for host in table.hosts { rules.append(try HostRule(host)) }
    if !table.routes.isEmpty && table.schemes.isEmpty && table.hosts.isEmpty {
      throw RouteTableError(reason: .noSchemeOrHost)
    }

    let kinds = try AppKind.compile(table.kinds)
    var patterns: [RoutePattern] = []
    var names: [String: Int] = [:]
    patterns.reserveCapacity(table.routes.count)
    for (index, route) in table.routes.enumerated() {
      guard !route.name.isEmpty else {
        throw RouteTableError(location: "routes[\(index)]", reason: .emptyRouteName)
      }
      guard names.updateValue(index, forKey: route.name) == nil else {
        throw RouteTableError(route: route.name, reason: .duplicateRouteName)
      }
      do {
        patterns.append(
          try RoutePattern(
            route.pattern, queryKeys: table.queryKeys, plusInQuery: table.plusInQuery, kinds: kinds))
      } catch {
        throw RouteTableError(route: route.name, reason: .invalidPattern(error))
      }
    }
    var follows: [Int: String] = [:]
    for (index, route) in table.routes.enumerated() {
      guard let parameter = route.follow else { continue }
      let isLink =
        patterns[index].query.contains { $0.name == parameter && $0.type == .link }
        || patterns[index].segments.contains { $0 == .parameter(name: parameter, type: .link) }
      guard isLink else { throw RouteTableError(route: route.name, reason: .followsNoLink(parameter)) }
      follows[index] = parameter
    }
    for (index, route) in table.routes.enumerated() {
      guard let preview = route.preview else { continue }
      do {
        try preview.check(parameters: patterns[index].previewParameters)
      } catch {
        throw RouteTableError(
          route: route.name, reason: .invalidPreview(field: error.field ?? "title", problem: error.reason))
      }
    }
    var scopes: [RouteScope] = []
    scopes.reserveCapacity(table.routes.count)
    for (index, route) in table.routes.enumerated() {
      scopes.append(
        route.hosts == nil && route.schemes == nil
          ? .unscoped : try RouteScope(route: route, index: index, table: table, rules: rules))
    }
    let requirements = patterns.map { QueryRequirements($0, keys: table.queryKeys) }
    let routeNames = table.routes.map(\.name)
    var builder = TrieBuilder(
      caseInsensitive: table.caseInsensitive, strictTrailingSlash: table.strictTrailingSlash,
      capacity: patterns.count, queryKeys: table.queryKeys)
    for index in patterns.indices {
      try builder.insert(route: index, pattern: patterns[index], scope: scopes[index], names: routeNames)
    }
    self.table = table
    self.patterns = patterns
    let built = builder.finish(
      patterns: patterns, requirements: requirements, scopes: scopes, names: routeNames)
    self.trie = FlatTrie(
      nodes: built.nodes, routeList: built.routeList, literals: built.literals, shapes: built.shapes)
    self.literals = built.literals
    var keys: [Int32: [String]] = [:]
    for edge in built.literals.keys { keys[edge.parent, default: []].append(edge.key) }
    self.literalKeys = keys.mapValues { $0.sorted() }
    self.queryIndexes = built.queryIndexes
    self.templateChildren = built.templates
    self.skipChildren = built.skips
    self.valueSetChildren = built.valueSets
    self.kindChildren = built.kinds
    self.kinds = kinds
    self.hostRules = rules
    self.fragmentRoot = built.fragmentRoot
    self.reader = LinkReader(table: table, hostRules: rules, readsFragment: built.fragmentRoot >= 0)
    self.routeIndex = names
    self.follows = follows
    self.scopes = scopes
    self.hasScopes = scopes.contains { !$0.isUnscoped }
    self.requirements = requirements
    (self.plans, self.planParameters, self.parameterNames) = RoutePlan.plans(
      names: routeNames, patterns: patterns)
  }

  /// The route with this name.
  ///
  /// - Parameter name: A route name.
  /// - Returns: The route's definition, or `nil`.
  public func route(named name: String) -> RouteDefinition? {
    routeIndex[name].map { table.routes[$0] }
  }

  /// The parsed pattern of the route with this name.
  ///
  /// - Parameter name: A route name.
  /// - Returns: The pattern, or `nil`.
  package func pattern(named name: String) -> RoutePattern? {
    routeIndex[name].map { patterns[$0] }
  }

  static let checksQuery: UInt8 = 1

  /// Matches a link given as text.
  ///
  /// - Parameter url: The link, such as `myapp://channel/video/12345`.
  /// - Returns: The match, or `nil` when no route matches (a normal outcome).
  /// - Throws: ``LinkError`` when the link breaks a reading rule (malformed, unknown scheme or host,
  ///   over a limit).
  public func match(_ url: String) throws(LinkError) -> RouteMatch? {
    try match(taking: url)
  }

  /// Matches a link the match may take over: through a nested link when the table follows one.
  ///
  /// - Parameter url: The link; a caller that keeps its own gives a copy, `match(URL)` the text
  ///   `absoluteString` made for it.
  /// - Returns: The match, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  @inline(__always)
  private func match(taking url: consuming String) throws(LinkError) -> RouteMatch? {
    if !follows.isEmpty { return try resolve(url, accept: { _ in () })?.accepted.map { $0.match } }
    return try directMatch(url)
  }

  /// What the search of a link found, made while its view exists: a match built at once, or the places
  /// of a match that decodes its values from the link when asked.
  private enum Found {
    case built(RouteMatch)
    case places(RouteMatch.Places)
  }

  /// Matches a link without following a nested link: the route the link itself matches.
  ///
  /// - Parameters:
  ///   - url: The link; taken over by the match (a caller that keeps its link gives a copy).
  ///   - keepingPlaces: Whether a match that can keeps where its values are in the link
  ///     (``RouteMatch``); `false` builds every match at once, the form tests compare it with.
  /// - Returns: The match, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func directMatch(_ url: consuming String, keepingPlaces: Bool = true) throws(LinkError)
    -> RouteMatch?
  {
    let found = try Bytes.withUTF8(of: url) { (link) throws(LinkError) -> Found? in
      // An error's text is made again from the link's bytes, the same text: a closure that captured
      // `url` as well as the one below would take a second reference to it for each link.
      try reader.withLink(link, original: { link.string() }) { view -> Found? in
        let readsFragment = view.fragmentMark >= 0
        var search = TrieSearch(caseInsensitive: table.caseInsensitive)
        guard let route = search.search(&view, in: self) else { return nil }
        // Most matches keep where their values are and decode them when asked: nothing is allocated.
        if keepingPlaces, !readsFragment, let places = places(route: route, view: view) {
          return .places(places)
        }
        return .built(
          materialize(
            route: Int(route), view: view, url: url, query: search.query, following: search.following))
      }
    }
    switch consume found {
    case nil: return nil
    case .built(let match): return match
    // The link goes to the match as it is: no other reference to it is taken.
    case .places(let places):
      return RouteMatch(reading: RouteMatch.Reading(router: self, url: url, places: places))
    }
  }

  /// Where in the link a match's fields are, when each can be decoded later from its own place: a
  /// route with at most ``RouteMatch/ValuePlaces/capacity`` path parameters of a type or a last
  /// catch-all (no template, value set, kind or middle catch-all), no declared query item or open
  /// query dictionary, on a link with a listed scheme or host whose values needed no percent-decoding
  /// and whose query and fragment are plain text. `nil` otherwise: then the match is built at once.
  ///
  /// - Parameters:
  ///   - route: The route found.
  ///   - view: The link, read.
  /// - Returns: The places, or `nil`.
  @inline(__always)
  private func places(route: Int32, view: borrowing LinkView) -> RouteMatch.Places? {
    let plan = plans[Int(route)]
    guard plan.queryCount == 0, !plan.hasOpenQuery, plan.middleCatchAll < 0,
      plan.parameterCount <= RouteMatch.ValuePlaces.capacity, view.originIndex >= 0, view.fragmentMark < 0,
      view.decodedQuery == nil, view.decodedFragment == nil
    else { return nil }
    var values = RouteMatch.ValuePlaces()
    for offset in 0..<Int(plan.parameterCount) {
      let parameter = self.parameter(offset, of: plan)
      switch parameter.kind {
      case .parameter:
        // A piece past the link's end (an optional last segment the link does not have) is absent.
        guard parameter.piece < view.count else { continue }
        let start = view.verbatimStart(parameter.piece)
        guard start >= 0 else { return nil }
        values.set(offset, start: start, end: start + view.bytes(parameter.piece).count)
      case .rest:
        // A last catch-all: the link's bytes from its first segment to the end of its last, when they
        // are its segments joined by single slashes (empty when it takes no segment).
        guard let run = view.verbatimRun(from: parameter.piece) else { return nil }
        values.set(offset, start: run.start, end: run.end)
      case .template, .valueSet, .kind:
        return nil
      }
    }
    return RouteMatch.Places(
      route: route, originIndex: Int32(truncatingIfNeeded: view.originIndex),
      queryStart: Int32(truncatingIfNeeded: view.queryStart),
      queryEnd: Int32(truncatingIfNeeded: view.queryEnd),
      querySeparators: Int32(truncatingIfNeeded: view.querySeparators),
      fragmentStart: Int32(truncatingIfNeeded: view.fragmentStart), values: values, isWeb: view.isWeb)
  }

  /// The typed values of a match decoded from its link: each path value from its place, by its type's
  /// rule (the one a match built at once reads the decoded segment by).
  ///
  /// - Parameter reading: The match's link and places.
  /// - Returns: The values.
  func parameters(of reading: RouteMatch.Reading) -> RouteParameters {
    let plan = plans[Int(reading.places.route)]
    let count = Int(plan.parameterCount)
    guard count > 0 else { return RouteParameters([RouteParameters.Entry]()) }
    var entries: [RouteParameters.Entry] = []
    entries.reserveCapacity(count)
    Bytes.withUTF8(of: reading.url) { link in
      for offset in 0..<count {
        let parameter = self.parameter(offset, of: plan)
        guard let place = reading.places.values.place(offset) else { continue }
        let bytes = link.slice(place.start, place.end)
        switch parameter.kind {
        case .parameter(let type):
          if let value = type.value(bytes: bytes, text: { bytes.string() }) {
            entries.append(RouteParameters.Entry(name: parameter.name, value: value))
          }
        case .rest:
          entries.append(RouteParameters.Entry(name: parameter.name, value: .segments(bytes.segments())))
        case .template, .valueSet, .kind:
          continue
        }
      }
    }
    return RouteParameters(entries)
  }

  /// The undeclared query items of a match decoded from its link (all of them: its route declares none).
  ///
  /// - Parameter reading: The match's link and places.
  /// - Returns: The items.
  func query(of reading: RouteMatch.Reading) -> [QueryItem] {
    guard reading.places.queryStart >= 0 else { return [] }
    return Bytes.withUTF8(of: reading.url) { link in
      reader.plainQuery(
        link, from: Int(reading.places.queryStart), to: Int(reading.places.queryEnd),
        separators: Int(reading.places.querySeparators))
    }
  }

  /// The fragment of a match decoded from its link.
  ///
  /// - Parameter reading: The match's link and places.
  /// - Returns: The decoded fragment, or `nil` when the link has none.
  func fragment(of reading: RouteMatch.Reading) -> String? {
    guard reading.places.fragmentStart >= 0 else { return nil }
    return Bytes.withUTF8(of: reading.url) { link in
      reader.plainFragment(link, at: Int(reading.places.fragmentStart))
    }
  }

  /// The origin of a match decoded from its link.
  ///
  /// - Parameter reading: The match's link and places.
  /// - Returns: The listed scheme or host.
  func origin(of reading: RouteMatch.Reading) -> LinkOrigin {
    reader.listedOrigin(Int(reading.places.originIndex), isWeb: reading.places.isWeb)
  }

  /// Every field of a match decoded from its link.
  ///
  /// - Parameter reading: The match's link and places.
  /// - Returns: The fields, as ``materialize(route:view:url:query:following:)`` builds them.
  func fields(of reading: RouteMatch.Reading) -> RouteMatch.Fields {
    RouteMatch.Fields(
      route: plans[Int(reading.places.route)].name, parameters: parameters(of: reading),
      query: query(of: reading),
      fragment: fragment(of: reading), origin: origin(of: reading), url: reading.url, followed: [])
  }

  /// Matches a link as the app receives it.
  ///
  /// - Parameter url: The link.
  /// - Returns: The match, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  public func match(_ url: URL) throws(LinkError) -> RouteMatch? {
    // The text `absoluteString` makes is the caller's to give up: the match takes it over.
    try match(taking: url.absoluteString)
  }

  /// The index in ``table`` of the route a link matches, without building the match (the audit's path).
  ///
  /// - Parameter url: The link.
  /// - Returns: The route's index, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func matchIndex(_ url: String) throws(LinkError) -> Int? {
    try Bytes.withUTF8(of: url) { (link) throws(LinkError) -> Int? in
      try matchIndex(bytes: link, original: { link.string() })
    }
  }

  /// The index in ``table`` of the route a link given as bytes matches.
  ///
  /// - Parameters:
  ///   - link: The link's bytes, valid UTF-8.
  ///   - original: The link as text, built only for an error.
  /// - Returns: The route's index, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  func matchIndex(bytes link: Bytes, original: () -> String) throws(LinkError) -> Int? {
    try reader.withLink(link, original: original) { view in
      var search = TrieSearch(caseInsensitive: table.caseInsensitive)
      return search.search(&view, in: self).map { Int($0) }
    }
  }

  /// Whether a route's query requirements (and trailing slash, when strict) hold for a link.
  func accepts(_ route: Int32, _ link: LinkQuery) -> Bool {
    let requirement = requirements[Int(route)]
    if table.strictTrailingSlash && requirement.hasTrailingSlash != link.hasTrailingSlash { return false }
    return requirement.accepts(link)
  }

  // MARK: Reading the trie

  /// The child of a node for a literal key (lower-cased first when the table is case-insensitive).
  ///
  /// An ASCII key is looked up in the trie's literal table, which holds every ASCII literal, as the
  /// matcher looks up a segment; any other key in ``literals``.
  func literalChild(of node: Int, key: String) -> Int? {
    let parent = Int32(truncatingIfNeeded: node)
    let child = Bytes.withUTF8(of: key) { bytes -> Int32?? in
      guard bytes.firstIndex(from: 0, to: bytes.count, where: { $0 >= 0x80 }) == bytes.count else {
        return nil
      }
      return .some(trie.literalChild(of: parent, bytes, folds: false))
    }
    return (child ?? literals[LiteralEdge(parent: parent, key: key)]).map(Int.init)
  }

  /// The literal keys of a node, sorted (lower-cased when the table is case-insensitive).
  func literalKeys(of node: Int) -> [String] {
    literalKeys[Int32(truncatingIfNeeded: node)] ?? []
  }

  /// The segment-template children of a node, in the order a segment tries them.
  func templateChildren(of node: Int) -> [TemplateChild] {
    templateChildren[Int32(truncatingIfNeeded: node)] ?? []
  }

  /// The middle-catch-all children of a node, in the order they are tried.
  func skipChildren(of node: Int) -> [SkipChild] {
    skipChildren[Int32(truncatingIfNeeded: node)] ?? []
  }

  /// The value-set children of a node, in the order a segment tries them.
  func valueSetChildren(of node: Int) -> [ValueSetChild] {
    valueSetChildren[Int32(truncatingIfNeeded: node)]?.children ?? []
  }

  /// The value-set children of a node that hold a decoded segment, in the order a segment tries them.
  func valueSetChildren(of node: Int, holding segment: String, _ folding: SegmentTemplate.Folding)
    -> [ValueSetChild]
  {
    guard let index = valueSetChildren[Int32(truncatingIfNeeded: node)] else { return [] }
    return index.positions(holding: segment, folding).map { index.children[$0] }
  }

  /// The child of a node for a parameter of `type` (`{name:int}`, `{name}`), `nil` when there is none.
  /// The app-defined kind children of a node, in the order a segment tries them.
  func kindChildren(of node: Int) -> [KindChild] {
    kindChildren[Int32(truncatingIfNeeded: node)] ?? []
  }

  func parameterChild(of node: Int, type: ParameterType) -> Int? {
    let child = trie.nodes[node].child(for: type)
    return child >= 0 ? Int(child) : nil
  }

  /// The routes that end at a node, read in place: positions `0..<endpoints.upperBound` are those
  /// whose path ends there, then those ending with `{name+}`, then those ending with `{name*}`, in the
  /// order they are tried.
  struct EndingRoutes {
    let trie: FlatTrie
    let node: FlatNode
    let endpoints: Range<Int>
    let oneOrMore: Range<Int>
    let zeroOrMore: Range<Int>

    init(trie: FlatTrie, node: FlatNode) {
      self.trie = trie
      self.node = node
      let endpointEnd = Int(node.endpointCount)
      let oneOrMoreEnd = endpointEnd + Int(node.oneOrMoreCount)
      endpoints = 0..<endpointEnd
      oneOrMore = endpointEnd..<oneOrMoreEnd
      zeroOrMore = oneOrMoreEnd..<(oneOrMoreEnd + Int(node.zeroOrMoreCount))
    }

    /// The route (an index in ``Router/table``) at a position.
    func route(at position: Int) -> Int {
      if node.hasInlineRoute { return Int(node.routeStart >> 1) }
      return Int(trie.routeList[Int(node.routeStart) + position] >> 1)
    }

    /// The first route of one of the lists, or `nil` when it is empty.
    func first(_ list: Range<Int>) -> Int? {
      list.isEmpty ? nil : route(at: list.lowerBound)
    }
  }

  /// The routes that end at a node, in the order they are tried, without copying them.
  func endingRoutes(at node: Int) -> EndingRoutes {
    EndingRoutes(trie: trie, node: trie.nodes[node])
  }

  /// The routes (indices in ``table``) that end at a node, in the order they are tried: those whose
  /// path ends there, those ending with `{name+}`, those ending with `{name*}`, copied into arrays
  /// (for tools; the near-miss search reads them in place through ``endingRoutes(at:)``).
  func routes(endingAt node: Int) -> (endpoints: [Int], oneOrMore: [Int], zeroOrMore: [Int]) {
    let ending = endingRoutes(at: node)
    return (
      ending.endpoints.map(ending.route(at:)), ending.oneOrMore.map(ending.route(at:)),
      ending.zeroOrMore.map(ending.route(at:))
    )
  }

  /// What one search did: the route it found and the work it took (nodes entered, routes whose query
  /// was checked, and steps comparing segments with templates), for tests that bound the work per link.
  func searchWork(_ url: String) throws(LinkError) -> SearchWork {
    try Bytes.withUTF8(of: url) { (link) throws(LinkError) -> SearchWork in
      try reader.withLink(link, original: { url }) { view in
        var search = TrieSearch(caseInsensitive: table.caseInsensitive)
        let route = search.search(&view, in: self).map { Int($0) }
        return SearchWork(
          route: route, nodes: search.nodesEntered, routeChecks: search.routeChecks,
          templateSteps: search.templateSteps)
      }
    }
  }

  /// The route one search found and the work it took (see ``searchWork(_:)``).
  struct SearchWork {
    var route: Int?
    var nodes: Int
    var routeChecks: Int
    var templateSteps: Int
  }

  /// Builds the match of the chosen route: only now are parameter values turned into text and values.
  /// What to build is prepared per route (``RoutePlan``); typed values are read from the decoded bytes,
  /// and query items the search already decoded are not decoded again.
  ///
  /// - Parameters:
  ///   - route: The route, an index in ``table``.
  ///   - view: The link.
  ///   - url: The link as text.
  ///   - decodedQuery: The link's query items, when the search has decoded them.
  ///   - following: For a route found through its middle catch-all, the number of link segments after
  ///     the catch-all (the search's ``TrieSearch/following``); -1 otherwise.
  /// - Returns: The match.
  func materialize(
    route: Int, view: borrowing LinkView, url: String, query decodedQuery: [QueryItem]?, following: Int32 = -1
  ) -> RouteMatch {
    let plan = plans[route]
    let declaresQuery = plan.queryCount > 0
    var entries: [RouteParameters.Entry] = []
    let capacity = Int(plan.parameterCount) + Int(plan.queryCount)
    if capacity > 0 { entries.reserveCapacity(capacity) }
    // Pieces after a middle catch-all are read from the link's end: the catch-all takes the segments
    // between its place and those.
    let middle = Int(plan.middleCatchAll)
    let restEnd = middle >= 0 && following >= 0 ? view.count - Int(following) : view.count
    for offset in 0..<Int(plan.parameterCount) {
      let (piece, kind, name) = parameter(offset, of: plan)
      let position = middle >= 0 && piece > middle ? restEnd + piece - middle - 1 : piece
      append(
        kind, name: name, piece: piece, at: position, restEnd: restEnd, of: view, route: route, to: &entries)
    }
    var remaining = view.queryStart >= 0 ? (decodedQuery ?? reader.query(of: view)) : []
    // Most routes declare no query item: then nothing is looked up or removed.
    if declaresQuery {
      let declared = patterns[route].query
      let keys = table.queryKeys
      let requirement = requirements[route]
      if !requirement.declaredByKey.isEmpty {
        // Many declared items: the link's items are looked up, so the cost follows the link.
        let link = LinkQuery(remaining, hasTrailingSlash: view.hasTrailingSlash, keys: keys)
        func capture(_ parameter: RoutePattern.QueryParameter) {
          guard parameter.captures else { return }
          let text = link.value(ofKeys: parameter.keys.map(keys.compared))
          if !text.isEmpty, let value = parameter.value(from: text) {
            entries.append(RouteParameters.Entry(name: parameter.name, value: value))
          }
        }
        var found = Set<Int>()
        for name in link.names { if let index = requirement.declaredIndex(of: name) { found.insert(index) } }
        for index in found.sorted() { capture(declared[index]) }
        remaining.removeAll { requirement.declaredIndex(of: keys.compared($0.name)) != nil }
      } else {
        for parameter in declared where parameter.captures {
          // The first of its keys whose first value is not empty (see `LinkQuery.value(ofKeys:)`).
          for position in 0...parameter.otherKeys.count {
            let key = position == 0 ? parameter.key : parameter.otherKeys[position - 1]
            let item =
              keys == .exact
              ? remaining.first { $0.name == key }
              : remaining.first { keys.compared($0.name) == keys.compared(key) }
            guard let text = item?.value, !text.isEmpty else { continue }
            if let value = parameter.value(from: text) {
              entries.append(RouteParameters.Entry(name: parameter.name, value: value))
            }
            break
          }
        }
        remaining.removeAll { item in
          let name = keys.compared(item.name)
          return declared.contains {
            keys.compared($0.key) == name || $0.otherKeys.contains { keys.compared($0) == name }
          }
        }
      }
    }
    if plan.hasOpenQuery, let dictionary = patterns[route].openQuery {
      entries.append(RouteParameters.Entry(name: dictionary, value: .dictionary(openQuery(of: remaining))))
    }
    return RouteMatch(
      route: plan.name,
      parameters: RouteParameters(entries),
      query: remaining,
      fragment: reader.fragment(of: view),
      origin: reader.origin(of: view),
      url: url
    )
  }

  /// Path parameter `offset` of a route's plan: its piece in the pattern, its kind and its name.
  @inline(__always)
  private func parameter(_ offset: Int, of plan: RoutePlan) -> (
    piece: Int, kind: RoutePlan.Parameter.Kind, name: String
  ) {
    // The first parameter is usually packed in the plan itself: one cache line fewer.
    if offset == 0, let first = plan.first { return (first.position, first.kind, parameterNames[first.name]) }
    let parameter = planParameters[Int(plan.parameterStart) + offset]
    return (Int(parameter.position), parameter.kind, parameter.name)
  }

  /// What an open query dictionary (`{name*}`) receives: each undeclared item's name (as the table
  /// compares names) with its first value, `""` for an item written without `=`. A later item with
  /// the same name is left out, as routes read only the first value of a name.
  func openQuery(of undeclared: [QueryItem]) -> [String: String] {
    var dictionary: [String: String] = [:]
    for item in undeclared {
      let name = table.queryKeys.compared(item.name)
      if dictionary[name] == nil { dictionary[name] = item.value ?? "" }
    }
    return dictionary
  }

  /// Appends the value of one path parameter: the pattern's piece `piece`, read at link segment
  /// `position` (a catch-all takes the segments from there to `restEnd`). A piece past the link's end
  /// (an optional last segment the link does not have) is absent.
  @inline(__always)
  private func append(
    _ kind: RoutePlan.Parameter.Kind, name: String, piece: Int, at position: Int, restEnd: Int,
    of view: LinkView, route: Int, to entries: inout [RouteParameters.Entry]
  ) {
    if case .parameter(let type) = kind {
      if position < view.count,
        let value = type.value(bytes: view.bytes(position), text: { view.string(position) })
      {
        entries.append(RouteParameters.Entry(name: name, value: value))
      }
    } else if case .template = kind {
      guard position < view.count, case .template(let template) = patterns[route].segments[piece],
        let values = template.values(view.bytes(position), templateFolding(at: position, view.hasHost))
      else { return }
      for (name, value) in values { entries.append(RouteParameters.Entry(name: name, value: value)) }
    } else if case .valueSet = kind {
      guard position < view.count, case .valueSet(_, let set) = patterns[route].segments[piece],
        let value = set.value(of: view.bytes(position), ValueSet.folding(at: position, view.isWeb))
      else { return }
      entries.append(RouteParameters.Entry(name: name, value: value))
    } else if case .kind = kind {
      guard position < view.count, case .kind(_, let appKind) = patterns[route].segments[piece],
        appKind.accepts(view.bytes(position))
      else { return }
      entries.append(RouteParameters.Entry(name: name, value: .string(view.string(position))))
    } else {
      var rest: [String] = []
      if position < restEnd {
        rest.reserveCapacity(restEnd - position)
        for segment in position..<restEnd { rest.append(view.string(segment)) }
      }
      entries.append(RouteParameters.Entry(name: name, value: .segments(rest)))
    }
  }
}

/// What building a route's match needs, prepared once when the router is built: the route's name and
/// where its path parameters are (in ``Router/planParameters``), so a match allocates only what it
/// returns.
struct RoutePlan: Sendable {
  var name: String
  var parameterStart: Int32
  var parameterCount: Int32
  /// How many query items the pattern declares.
  var queryCount: Int32
  /// The index in the pattern of its middle catch-all (one that is not the last piece), or -1.
  var middleCatchAll: Int32 = -1
  /// The first path parameter packed as position (8 bits), kind (``kindBits``) and the index of its
  /// name in ``Router/parameterNames`` (the remaining bits); `UInt32.max` when it does not fit or there
  /// is none.
  var packedFirst: UInt32 = .max
  /// Whether the pattern ends with an open query dictionary (`{name*}`): the match then reads the
  /// pattern for its name, and only then (the plan is the one part of a route a match always reads).
  var hasOpenQuery = false

  /// The bits a kind takes in ``packedFirst``: as many as the number of kinds needs, so a new kind
  /// widens the field instead of reading back as another.
  static var kindBits: UInt32 {
    @inline(__always) get { UInt32(UInt8.bitWidth - UInt8(Parameter.Kind.count - 1).leadingZeroBitCount) }
  }
  /// The number of distinct names the packed first parameter can refer to.
  static var packedNameLimit: Int { 1 << (32 - 8 - Int(kindBits)) }

  /// Packs a first parameter, or `nil` when it does not fit.
  static func pack(position: Int, kind: Parameter.Kind, name: Int) -> UInt32? {
    guard position >= 0 && position < 256 && name >= 0 && name < packedNameLimit else { return nil }
    let packed = UInt32(position) | UInt32(kind.number) << 8 | UInt32(name) << (8 + kindBits)
    return packed == .max ? nil : packed
  }

  /// The first path parameter, when it is packed in the plan.
  @inline(__always)
  var first: (position: Int, kind: Parameter.Kind, name: Int)? {
    guard packedFirst != .max,
      let kind = Parameter.Kind(
        number: UInt8(truncatingIfNeeded: packedFirst >> 8) & UInt8((1 << Self.kindBits) - 1))
    else { return nil }
    return (Int(packedFirst & 0xFF), kind, Int(packedFirst >> (8 + Self.kindBits)))
  }

  /// One path parameter of a route: its segment position, its kind and its name.
  struct Parameter: Sendable {
    /// A parameter of a type, or a catch-all.
    enum Kind: Sendable, Hashable, CaseIterable {
      case parameter(ParameterType)
      /// `{name+}` or `{name*}`: the segments from its position on.
      case rest
      /// A segment template: its values, read from the segment at its position.
      case template
      /// A value set: the member the segment at its position is.
      case valueSet
      /// An app-defined kind: the segment at its position, as text.
      case kind

      /// Every kind: every parameter type, the catch-all, the template, the value set and the
      /// app-defined kind.
      static let allCases: [Kind] =
        ParameterType.bySpecificity.map(Kind.parameter) + [.rest, .template, .valueSet, .kind]
      /// How many kinds there are: one a parameter type, then the four below.
      static var count: Int {
        @inline(__always) get { ParameterType.rankCount + 4 }
      }

      /// The kind as a small number: a type's ``ParameterType/specificity``, then the catch-all.
      var number: UInt8 {
        switch self {
        case .parameter(let type): UInt8(type.specificity)
        case .rest: UInt8(ParameterType.rankCount)
        case .template: UInt8(ParameterType.rankCount + 1)
        case .valueSet: UInt8(ParameterType.rankCount + 2)
        case .kind: UInt8(ParameterType.rankCount + 3)
        }
      }

      /// The kind of a ``number``, or `nil` when no kind has it.
      @inline(__always)
      init?(number: UInt8) {
        let typeCount = ParameterType.rankCount
        if let type = ParameterType(specificity: Int(number)) {
          self = .parameter(type)
        } else if Int(number) == typeCount {
          self = .rest
        } else if Int(number) == typeCount + 1 {
          self = .template
        } else if Int(number) == typeCount + 2 {
          self = .valueSet
        } else if Int(number) == typeCount + 3 {
          self = .kind
        } else {
          return nil
        }
      }
    }

    var position: Int32
    var kind: Kind
    var name: String
  }

  /// The plans of every route, their parameters back to back, and the distinct parameter names.
  static func plans(names: [String], patterns: [RoutePattern]) -> ([RoutePlan], [Parameter], [String]) {
    var plans: [RoutePlan] = []
    var parameters: [Parameter] = []
    var parameterNames: [String] = []
    var nameIndex: [String: Int] = [:]
    plans.reserveCapacity(patterns.count)
    for (route, pattern) in patterns.enumerated() {
      let start = parameters.count
      for (position, segment) in pattern.segments.enumerated() {
        switch segment {
        case .literal, .fragment:
          continue
        case .parameter(let name, let type), .optional(let name, let type):
          // An optional last segment is read when the link has it, and is otherwise absent.
          parameters.append(Parameter(position: Int32(position), kind: .parameter(type), name: name))
        case .oneOrMore(let name), .zeroOrMore(let name):
          parameters.append(Parameter(position: Int32(position), kind: .rest, name: name))
        case .template(let template):
          parameters.append(
            Parameter(position: Int32(position), kind: .template, name: template.parameterNames.first ?? ""))
        case .valueSet(let name, _):
          parameters.append(Parameter(position: Int32(position), kind: .valueSet, name: name))
        case .kind(let name, _):
          parameters.append(Parameter(position: Int32(position), kind: .kind, name: name))
        }
      }
      var plan = RoutePlan(
        name: names[route], parameterStart: Int32(start), parameterCount: Int32(parameters.count - start),
        queryCount: Int32(pattern.query.count))
      if let middle = pattern.middleCatchAll { plan.middleCatchAll = Int32(middle) }
      plan.hasOpenQuery = pattern.openQuery != nil
      if parameters.count > start {
        let first = parameters[start]
        let index: Int
        if let known = nameIndex[first.name] {
          index = known
        } else {
          index = parameterNames.count
          nameIndex[first.name] = index
          parameterNames.append(first.name)
        }
        if let packed = pack(position: Int(first.position), kind: first.kind, name: index) {
          plan.packedFirst = packed
        }
      }
      plans.append(plan)
    }
    return (plans, parameters, parameterNames)
  }
}

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
/// each entered node takes at most one step per parameter type plus three (nine; one skipped child per
/// step), and route checks are
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
    /// Per depth: the position to resume at in the list the trail's step walks there, when that step
    /// is ``Step/template(_:)``, ``Step/valueSet(_:)`` or ``Step/kind(_:)`` (one step a depth, so one
    /// position); made the first time such a child is entered.
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
  /// order of specificity.
  enum Step: Equatable {
    case literal
    /// The value-set child at this position of the node's list, and those after it.
    case valueSet(Int)
    /// The segment-template child at this position of the node's list, and those after it.
    case template(Int)
    /// The child for the parameter type at this rank of ``ParameterType/bySpecificity``.
    case parameter(Int)
    /// The app-defined kind child at this position of the node's list, and those after it: tried
    /// after every built-in type, before the plain parameter.
    case kind(Int)
    /// The middle-catch-all child at this position of the node's list, and those after it.
    case skip(Int)
    case oneOrMore
    case zeroOrMore

    /// Whether the step tries the middle catch-alls (a child it enters is not one segment deeper).
    var isSkip: Bool {
      if case .skip = self { return true }
      return false
    }

    /// The position a ``skip(_:)`` step resumes at (0 for other steps).
    var skipPosition: Int {
      if case .skip(let position) = self { return position }
      return 0
    }

    /// The step as the trail keeps it.
    var number: UInt8 {
      switch self {
      case .literal: 0
      // The position in the list is kept beside the trail (``TrieSearch/Notes/listCursor``).
      case .template: 253
      // Never kept on the trail: a middle catch-all keeps its node in ``TrieSearch/open``.
      case .skip: 251
      // The position is kept beside the trail (``TrieSearch/Notes/listCursor``).
      case .valueSet: 252
      // The position is kept beside the trail (``TrieSearch/Notes/listCursor``).
      case .kind: 250
      case .parameter(let rank): UInt8(truncatingIfNeeded: rank &+ 1)
      case .oneOrMore: 254
      case .zeroOrMore: 255
      }
    }

    /// The step the trail kept as `number`.
    init(number: UInt8) {
      switch number {
      case 0: self = .literal
      case 251: self = .skip(0)
      case 253: self = .template(0)
      case 252: self = .valueSet(0)
      case 250: self = .kind(0)
      case 254: self = .oneOrMore
      case 255: self = .zeroOrMore
      default: self = .parameter(Int(number) &- 1)
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
          step = .zeroOrMore
          continue
        }
        if node.flags & FlatNode.hasLiterals != 0,
          let literal = literalChild(of: index, node, depth, &view, in: router)
        {
          child = literal
        }
        resume =
          node.flags & FlatNode.hasValueSets != 0
          ? .valueSet(0) : node.flags & FlatNode.hasTemplates != 0 ? .template(0) : .parameter(0)
      } else {
        switch step {
        case .literal: break  // taken above
        case .valueSet(let start):
          resume = node.flags & FlatNode.hasTemplates != 0 ? .template(0) : .parameter(0)
          if let sets = router.valueSetChildren[Int32(truncatingIfNeeded: index)],
            let position = sets.next(view.bytes(depth), from: start, ValueSet.folding(at: depth, view.isWeb))
          {
            child = sets.children[position].child
            resume = .valueSet(position &+ 1)
          }
        case .template(let start):
          resume = .parameter(0)
          let children = router.templateChildren[Int32(truncatingIfNeeded: index)] ?? []
          let bytes = view.bytes(depth)
          let folding = router.templateFolding(at: depth, view.hasHost)
          var position = start
          while position < children.count {
            if children[position].template.accepts(bytes, folding, steps: &templateSteps) {
              child = children[position].child
              resume = .template(position &+ 1)
              break
            }
            position &+= 1
          }
        case .parameter(let rank):
          if node.hasParameterChild(atRank: rank), let type = ParameterType(specificity: rank),
            type.accepts(view.bytes(depth))
          {
            child = node.child(for: type)
          }
          // The next rank the node has a child for; app-defined kinds are tried right before the
          // plain parameter, so the step stops there when the node has kinds.
          let next = node.nextParameterRank(from: rank &+ 1) ?? ParameterType.rankCount
          resume =
            node.flags & FlatNode.hasKinds != 0 && rank &+ 1 <= Self.plainRank && next >= Self.plainRank
            ? .kind(0)
            : next < ParameterType.rankCount
              ? .parameter(next) : node.flags & FlatNode.hasSkips != 0 ? .skip(0) : .oneOrMore
        case .kind(let start):
          resume = .parameter(Self.plainRank)
          let children = router.kindChildren[Int32(truncatingIfNeeded: index)] ?? []
          let bytes = view.bytes(depth)
          var position = start
          while position < children.count {
            if children[position].kind.accepts(bytes) {
              child = children[position].child
              resume = .kind(position &+ 1)
              break
            }
            position &+= 1
          }
        case .skip(let start):
          // A middle catch-all: the pieces after it take the link's last `following` segments, so the
          // catch-all takes exactly those between; no other split is tried.
          resume = .oneOrMore
          let children = router.skipChildren[Int32(truncatingIfNeeded: index)] ?? []
          var position = start
          while position < children.count {
            let target = view.count &- Int(children[position].following)
            if target >= depth &+ (children[position].atLeastOne ? 1 : 0) {
              child = children[position].child
              childDepth = target
              resume = .skip(position &+ 1)
              break
            }
            position &+= 1
          }
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
            step = .skip(Int(skip.resume))
            continue
          }
          guard depth > 0 else { return nil }
          if cleanFrom > depth { cleanFrom = depth }
          depth &-= 1
          let trail = view.segments.trail(depth)
          index = Int(trail.node)
          step = Step(number: trail.step)
          switch step {
          case .template: step = .template(Int(notes?.listCursor[depth] ?? 0))
          case .valueSet: step = .valueSet(Int(notes?.listCursor[depth] ?? 0))
          case .kind: step = .kind(Int(notes?.listCursor[depth] ?? 0))
          case .literal, .parameter, .skip, .oneOrMore, .zeroOrMore: break
          }
          continue
        }
      }
      if child >= 0,
        router.trie.nodes[Int(child)].flags & FlatNode.sharesShape == 0
          || notes?.failed.contains(pair(Int(child), childDepth, in: router)) != true
      {
        if childDepth != depth &+ 1 || step.isSkip {
          // The trail is not written: the depths the catch-all takes have no node.
          open = OpenSkip(
            node: Int32(truncatingIfNeeded: index), depth: Int32(truncatingIfNeeded: depth),
            resume: Int32(truncatingIfNeeded: resume.skipPosition), child: child,
            following: Int32(truncatingIfNeeded: view.count &- childDepth))
          index = Int(child)
          depth = childDepth
          step = .literal
          nodesEntered &+= 1
          continue
        }
        view.segments.setTrail(depth, node: Int32(truncatingIfNeeded: index), step: resume.number)
        switch resume {
        case .template(let position), .valueSet(let position), .kind(let position):
          let notes = writableNotes()
          if notes.listCursor.isEmpty { notes.listCursor = [Int32](repeating: 0, count: view.count) }
          notes.listCursor[depth] = Int32(truncatingIfNeeded: position)
        case .literal, .parameter, .skip, .oneOrMore, .zeroOrMore: break
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
    let unrequired = index.unrequired[router.table.strictTrailingSlash && view.hasTrailingSlash ? 1 : 0]
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
    let link = LinkQuery(items, hasTrailingSlash: view.hasTrailingSlash, keys: router.table.queryKeys)
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

extension Router {
  /// How a segment template compares its literals at this depth: without case in a case-insensitive
  /// table; in the first segment of a custom-scheme link (the authority, which
  /// ``ReadingRules/foldsCase(isWeb:depth:)`` folds) as written first, then without case.
  @inline(__always)
  func templateFolding(at depth: Int, _ isWeb: Bool) -> SegmentTemplate.Folding {
    if table.caseInsensitive { return .folded }
    return ReadingRules.foldsCase(isWeb: isWeb, depth: depth) ? .exactThenFolded : .exact
  }
}

extension UInt8 {
  var isASCIILetter: Bool {
    (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
  }
}
