import DeepLinkRouting

extension RoutePathShape {
  /// The shape of a route the router has already parsed, read from its typed segments.
  ///
  /// Literal segments are taken decoded, as the router holds them; parameters keep their type; the
  /// names of required query items are kept, so generated rules require them as the router does
  /// (optional items do not restrict the link); literal values and absent-only items are kept in
  /// ``queryValues`` when AASA can state them (one key, compared exactly, a value of unreserved
  /// characters), and in ``unstatedQueryItems`` otherwise. An open query dictionary restricts nothing.
  ///
  /// - Parameters:
  ///   - name: The route's name.
  ///   - pattern: The route's parsed pattern.
  ///   - queryKeys: How the table compares query names (AASA compares them exactly).
  package init(name: String, pattern: RoutePattern, queryKeys: RouteTable.QueryKeys = .exact) {
    // The pieces before the fragment are the path's; those after it, the fragment's.
    // A tested catch-all is stated as its catch-all (``RoutePattern/Segment/serverPiece``).
    let path = pattern.pathSegments.map(\.serverPiece)
    let fragment = pattern.readsFragment ? pattern.fragmentSegments.map(\.serverPiece) : nil
    self.init(name: name, pieces: path)
    testedRuns = pattern.segments.filter { if case .testedRun = $0 { true } else { false } }
    fragmentPieces = fragment
    fragmentStartsWithSlash = !pattern.readsFragment || pattern.fragmentStartsWithSlash
    for item in pattern.query {
      let oneExactKey = queryKeys == .exact && item.otherKeys.isEmpty
      switch item.rule {
      case .value, .oneOf, .kind:
        // AASA cannot list a set of values or say a kind: a required item is required, its values
        // unstated.
        switch item.rule {
        case .oneOf, .kind: unstatedQueryItems.append(item.description)
        case .value, .literal, .absent: break
        }
        guard !item.isOptional else { continue }
        if oneExactKey {
          requiredQueryItems.append(item.key)
        } else {
          unstatedQueryItems.append(item.description)
        }
      case .literal(let text):
        if oneExactKey, text.utf8.allSatisfy(PercentCoding.isUnreserved) {
          queryValues[item.key] = text
        } else {
          unstatedQueryItems.append(item.description)
        }
      case .absent:
        if oneExactKey { queryValues[item.key] = "" } else { unstatedQueryItems.append(item.description) }
      }
    }
    if fragment != nil {
      // A fragment route's query is inside its fragment, part of the `#` text that AASA matches as
      // one string: no item that restricts the link is stated there.
      unstatedQueryItems = pattern.query.filter { item in
        switch item.rule {
        case .value, .kind: !item.isOptional
        case .oneOf, .literal, .absent: true
        }
      }.map(\.description)
    }
  }

  /// The shape of every route of a router, in table order: the one route table, read once.
  ///
  /// Every route is included, also those marked `RouteDefinition.requiresVerifiedLink`: they only
  /// accept verified web links, so the association file must let their paths through.
  ///
  /// ```swift
  /// let router = try Router(ChannelLinks.demoTable)
  /// let shapes = RoutePathShape.shapes(from: router)
  /// shapes[1].description  // "/channel/video/{clipId}"
  /// ```
  ///
  /// - Parameter router: The router built from the app's route table.
  /// - Returns: One shape per route, named after the route.
  package static func shapes(from router: Router) -> [RoutePathShape] {
    zip(router.table.routes, router.patterns).map { route, pattern in
      RoutePathShape(name: route.name, pattern: pattern, queryKeys: router.table.options.queryKeys)
    }
  }
}
