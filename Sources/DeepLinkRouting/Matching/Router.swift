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
  /// The table the router was built from, each route's host groups (`@name`, see
  /// ``RouteTable/hostGroups``) replaced by the group's hosts, and each host written in Unicode
  /// (`chat.example.भारत`) in its ASCII form (`chat.example.xn--h2brj9c`), the one form the router
  /// reads, builds and writes into association files.
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
  /// The tested children of each node that has any (``FlatNode/hasTestedChildren``), in the order the
  /// search tries them.
  let testedChildren: [Int32: TestedChildren]
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
  /// The constants of each route (``RouteDefinition/constants``), sorted by name, in table order: the
  /// last values of each of its matches.
  let constants: [[RouteParameters.Entry]]
  /// Whether some route has constants: otherwise no match looks for them.
  let hasConstants: Bool
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
    try table.options.validate()
    guard table.routes.count <= table.options.maxRoutes else {
      throw RouteTableError(reason: .tooManyRoutes(limit: table.options.maxRoutes))
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
    let rules = try table.hostRules()
    try table.checkHostGroups(rules: rules)
    if !table.routes.isEmpty && table.schemes.isEmpty && table.hosts.isEmpty {
      throw RouteTableError(reason: .noSchemeOrHost)
    }

    let kinds = try AppKind.compile(table.kinds)
    var patterns: [RoutePattern] = []
    var names: [String: Int] = [:]
    names.reserveCapacity(table.routes.count)
    patterns.reserveCapacity(table.routes.count)
    // Each route's fields are read in place: a route is not copied to be read.
    let routes = table.routes
    for index in routes.indices {
      let name = routes[index].name
      guard !name.isEmpty else {
        throw RouteTableError(location: "routes[\(index)]", reason: .emptyRouteName)
      }
      guard names.updateValue(index, forKey: name) == nil else {
        throw RouteTableError(route: name, reason: .duplicateRouteName)
      }
      do {
        patterns.append(
          try RoutePattern(
            routes[index].pattern, queryKeys: table.options.queryKeys,
            plusAsSpace: !table.options.literalPlusInQuery, kinds: kinds))
      } catch {
        throw RouteTableError(route: name, reason: .invalidPattern(error))
      }
    }
    for index in routes.indices where !routes[index].constants.isEmpty {
      let parameters = patterns[index].parameterNames
      if let name = routes[index].constants.keys.stableSorted().first(where: {
        $0.isEmpty || parameters.contains($0)
      }) {
        throw RouteTableError(route: routes[index].name, reason: .invalidConstant(name))
      }
    }
    var follows: [Int: String] = [:]
    for index in routes.indices {
      guard let parameter = routes[index].follow else { continue }
      let isLink =
        patterns[index].query.contains { $0.name == parameter && $0.type == .link }
        || patterns[index].segments.contains { $0 == .parameter(name: parameter, type: .link) }
      guard isLink else {
        throw RouteTableError(route: routes[index].name, reason: .followsNoLink(parameter))
      }
      follows[index] = parameter
    }
    for index in routes.indices {
      guard let preview = routes[index].preview else { continue }
      do {
        try preview.check(parameters: patterns[index].previewParameters)
      } catch {
        throw RouteTableError(
          route: routes[index].name,
          reason: .invalidPreview(field: error.field ?? "title", problem: error.reason))
      }
    }
    var scopes: [RouteScope] = []
    scopes.reserveCapacity(routes.count)
    for index in routes.indices {
      var scope =
        routes[index].hosts == nil && routes[index].schemes == nil
        ? RouteScope.unscoped : try RouteScope(route: routes[index], index: index, table: table, rules: rules)
      // A route whose first segment is an address reads a custom-scheme authority that holds a `:`.
      switch patterns[index].segments.first {
      case .parameter(_, .address)?, .optional(_, .address)?: scope.takesAddress = true
      default: break
      }
      scopes.append(scope)
    }
    let requirements = patterns.map { QueryRequirements($0, keys: table.options.queryKeys) }
    let routeNames = table.routes.map(\.name)
    var builder = TrieBuilder(
      caseInsensitive: table.options.caseInsensitive, strictTrailingSlash: table.options.strictTrailingSlash,
      capacity: patterns.count, queryKeys: table.options.queryKeys)
    for index in patterns.indices {
      try builder.insert(route: index, pattern: patterns[index], scope: scopes[index], names: routeNames)
    }
    // Scopes read `@name` entries where the route writes them, for errors; the rest reads hosts, each
    // in its ASCII form.
    let table = table.resolvingHostGroups.writingHostsInASCII
    self.table = table
    self.patterns = patterns
    let built = builder.finish(
      patterns: patterns, requirements: requirements, scopes: scopes, names: routeNames)
    self.trie = FlatTrie(
      nodes: built.nodes, routeList: built.routeList, literals: built.literals, shapes: built.shapes)
    self.literals = built.literals
    self.literalKeys = built.literalKeys
    self.queryIndexes = built.queryIndexes
    self.testedChildren = built.tested
    self.kinds = kinds
    self.hostRules = rules
    self.fragmentRoot = built.fragmentRoot
    self.reader = LinkReader(
      table: table, hostRules: rules,
      readsFragment: patterns.contains { $0.readsFragment && $0.fragmentStartsWithSlash },
      readsSlashlessFragment: patterns.contains { $0.readsFragment && !$0.fragmentStartsWithSlash },
      readsAddressAuthority: scopes.contains(where: \.takesAddress))
    self.routeIndex = names
    self.follows = follows
    self.scopes = scopes
    self.hasScopes = scopes.contains { !$0.isUnscoped }
    self.requirements = requirements
    (self.plans, self.planParameters, self.parameterNames) = RoutePlan.plans(
      names: routeNames, patterns: patterns)
    self.constants = table.routes.map { route in
      route.constants.stableSorted { $0.key < $1.key }.map {
        RouteParameters.Entry(name: $0.key, value: $0.value)
      }
    }
    self.hasConstants = table.routes.contains { !$0.constants.isEmpty }
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
      try reader.withLink(link) { view -> Found? in
        let readsFragment = view.fragmentMark >= 0
        var search = TrieSearch(caseInsensitive: table.options.caseInsensitive)
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
      case .piece, .testedRun, .restOfLink:
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
    guard count > 0 else {
      return RouteParameters(hasConstants ? constants[Int(reading.places.route)] : [])
    }
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
        case .piece, .testedRun, .restOfLink:
          continue
        }
      }
    }
    if hasConstants { entries += constants[Int(reading.places.route)] }
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

  /// Reads a link by the reading rules, without looking for its route: what ``match(_:)-(String)``
  /// would throw for it before searching.
  ///
  /// - Parameter url: The link.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  package func read(_ url: String) throws(LinkError) {
    try Bytes.withUTF8(of: url) { (link) throws(LinkError) in
      try reader.withLink(link) { _ in () }
    }
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
      try matchIndex(bytes: link)
    }
  }

  /// The index in ``table`` of the route a link given as bytes matches.
  ///
  /// - Parameters:
  /// - Parameter link: The link's bytes, valid UTF-8.
  /// - Returns: The route's index, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  func matchIndex(bytes link: Bytes) throws(LinkError) -> Int? {
    try reader.withLink(link) { view in
      var search = TrieSearch(caseInsensitive: table.options.caseInsensitive)
      return search.search(&view, in: self).map { Int($0) }
    }
  }

  /// Whether a route's query requirements (and trailing slash, when strict) hold for a link.
  func accepts(_ route: Int32, _ link: LinkQuery) -> Bool {
    let requirement = requirements[Int(route)]
    if table.options.strictTrailingSlash && !requirement.fitsTrailingSlash(link.hasTrailingSlash) {
      return false
    }
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

  /// The tested children of a node, in the order the search tries them.
  func testedChildren(of node: Int) -> [TestedChild] {
    testedChildren[Int32(truncatingIfNeeded: node)]?.children ?? []
  }

  /// The child of a node for a parameter of `type` (`{name:int}`, `{name}`), `nil` when there is none.
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
      try reader.withLink(link) { view in
        var search = TrieSearch(caseInsensitive: table.options.caseInsensitive)
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
      let keys = table.options.queryKeys
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
    if hasConstants { entries += constants[route] }
    return RouteMatch(
      fields: RouteMatch.Fields(
        route: plan.name, parameters: RouteParameters(entries), query: remaining,
        fragment: reader.fragment(of: view), origin: reader.origin(of: view), url: url, followed: []),
      routeIndex: Int32(truncatingIfNeeded: route))
  }

  /// The definition of the route a match names: read by the index the match carries when this router
  /// made it, by name otherwise.
  ///
  /// - Parameter match: A match.
  /// - Returns: The route's definition, or `nil` when the table has no route of that name.
  public func definition(of match: RouteMatch) -> RouteDefinition? {
    if let index = match.routeIndex, table.routes.indices.contains(index),
      table.routes[index].name == match.route
    {
      return table.routes[index]
    }
    return route(named: match.route)
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
      let name = table.options.queryKeys.compared(item.name)
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
    } else if case .piece = kind {
      guard position < view.count,
        let values = patterns[route].segments[piece].values(
          view.bytes(position), text: { view.string(position) },
          SegmentContext(
            depth: position, isWeb: view.isWeb, hasHost: view.hasHost,
            caseInsensitive: table.options.caseInsensitive)
        )
      else { return }
      entries.append(contentsOf: values)
    } else if case .restOfLink = kind {
      entries.append(RouteParameters.Entry(name: name, value: .string(view.restOfLink(from: position))))
    } else {
      var rest: [String] = []
      if position < restEnd {
        rest.reserveCapacity(restEnd - position)
        for segment in position..<restEnd { rest.append(view.string(segment)) }
      }
      // A tested catch-all's run was accepted by the search, so its rule reads it.
      let value =
        kind == .testedRun
        ? patterns[route].segments[piece].runValue(rest) ?? .segments(rest) : .segments(rest)
      entries.append(RouteParameters.Entry(name: name, value: value))
    }
  }
}

extension Router {
  /// The children of a node in the order the search tries them (``RoutePattern/Segment/Place``): the
  /// first literal by key, the tested children before the types, the typed parameters, the tested
  /// children before the plain parameter, the plain parameter, the tested children after it. For
  /// tools and explanations, off the matching path.
  ///
  /// - Parameter node: The node.
  /// - Returns: The child nodes, in order.
  func childrenInSearchOrder(of node: Int) -> [Int] {
    var children: [Int] = []
    if let first = literalKeys(of: node).first, let child = literalChild(of: node, key: first) {
      children.append(child)
    }
    let tested = testedChildren(of: node)
    func add(_ phase: RoutePattern.Segment.TestPhase) {
      for edge in tested where edge.phase == phase { children.append(Int(edge.child)) }
    }
    add(.beforeTypes)
    for type in ParameterType.bySpecificity {
      if type.specificity == TrieSearch.plainRank { add(.beforePlain) }
      if let child = parameterChild(of: node, type: type) { children.append(child) }
    }
    add(.afterPlain)
    return children
  }
}

extension UInt8 {
  var isASCIILetter: Bool {
    (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
  }
}
