/// One node of the router's trie: the children for each kind of segment, and the routes that end here.
struct TrieNode: Sendable {
  var literals: [String: Int32] = [:]
  var intChild: Int32 = -1
  var uuidChild: Int32 = -1
  var stringChild: Int32 = -1
  /// Routes whose path ends at this node, most specific query requirements first.
  var endpoints: [Int32] = []
  /// Routes that end here with a `{name+}` catch-all.
  var oneOrMore: [Int32] = []
  /// Routes that end here with a `{name*}` catch-all.
  var zeroOrMore: [Int32] = []
}

/// What a route needs from the query (and the trailing slash) once its path matched.
struct QueryRequirements: Sendable {
  var parameters: [RoutePattern.QueryParameter]
  var hasTrailingSlash: Bool
  var requiredCount: Int
  var typedRequiredCount: Int
  /// The required items as `key:type` sorted: equal signatures at one node are ambiguous.
  var signature: String

  init(_ pattern: RoutePattern) {
    parameters = pattern.query
    hasTrailingSlash = pattern.hasTrailingSlash
    let required = pattern.query.filter { !$0.isOptional }
    requiredCount = required.count
    typedRequiredCount = required.filter { $0.type != .string }.count
    signature = required.map { "\($0.key):\($0.type)" }.sorted().joined(separator: "&")
  }

  /// The first value of a query item with this name, or `nil` when absent or written without `=`.
  @inline(__always)
  static func firstValue(of key: String, in query: [QueryItem]) -> String? {
    for item in query where item.name == key { return item.value }
    return nil
  }

  /// A required item must be present with a value that fits its type; an optional item that is
  /// present with a value must fit it too. An empty value counts as absent.
  @inline(__always)
  func accepts(_ query: [QueryItem]) -> Bool {
    unmet(in: query) == nil
  }

  /// The first declared item the query does not satisfy, with the value it has (`nil` when the item
  /// is absent or empty), or `nil` when every item is satisfied: the one statement of the query rule.
  @inline(__always)
  func unmet(in query: [QueryItem]) -> (parameter: RoutePattern.QueryParameter, value: String?)? {
    for parameter in parameters {
      let value = Self.firstValue(of: parameter.key, in: query) ?? ""
      if value.isEmpty {
        if !parameter.isOptional { return (parameter, nil) }
      } else if !parameter.type.accepts(value) {
        return (parameter, value)
      }
    }
    return nil
  }
}

/// Builds the trie, refusing two routes that would match exactly the same URLs.
struct TrieBuilder {
  enum Terminal {
    case end
    case oneOrMore
    case zeroOrMore
  }

  var nodes: [TrieNode] = [TrieNode()]
  let caseInsensitive: Bool

  init(caseInsensitive: Bool) {
    self.caseInsensitive = caseInsensitive
  }

  mutating func insert(
    route: Int, pattern: RoutePattern, requirements allRequirements: [QueryRequirements], names: [String],
    strictTrailingSlash: Bool
  ) throws(RouteTableError) {
    let requirements = allRequirements[route]
    var current = 0
    var terminal = Terminal.end
    for segment in pattern.segments {
      switch segment {
      case .literal(let text):
        let key = caseInsensitive ? text.lowercased() : text
        if let child = nodes[current].literals[key] {
          current = Int(child)
        } else {
          let child = newNode()
          nodes[current].literals[key] = child
          current = Int(child)
        }
      case .parameter(_, let type):
        current = child(of: current, type: type)
      case .oneOrMore:
        terminal = .oneOrMore
      case .zeroOrMore:
        terminal = .zeroOrMore
      }
    }
    let existing: [Int32]
    switch terminal {
    case .end: existing = nodes[current].endpoints
    case .oneOrMore: existing = nodes[current].oneOrMore
    case .zeroOrMore: existing = nodes[current].zeroOrMore
    }
    for other in existing {
      let otherRequirements = allRequirements[Int(other)]
      let sameSlash =
        !strictTrailingSlash || otherRequirements.hasTrailingSlash == requirements.hasTrailingSlash
      if sameSlash && otherRequirements.signature == requirements.signature {
        throw RouteTableError(
          route: names[route], reason: .ambiguous(with: names[Int(other)]))
      }
    }
    switch terminal {
    case .end: nodes[current].endpoints.append(Int32(route))
    case .oneOrMore: nodes[current].oneOrMore.append(Int32(route))
    case .zeroOrMore: nodes[current].zeroOrMore.append(Int32(route))
    }
  }

  private mutating func newNode() -> Int32 {
    nodes.append(TrieNode())
    return Int32(nodes.count - 1)
  }

  private mutating func child(of node: Int, type: ParameterType) -> Int {
    let existing: Int32
    switch type {
    case .int: existing = nodes[node].intChild
    case .uuid: existing = nodes[node].uuidChild
    case .string: existing = nodes[node].stringChild
    }
    if existing >= 0 { return Int(existing) }
    let created = newNode()
    switch type {
    case .int: nodes[node].intChild = created
    case .uuid: nodes[node].uuidChild = created
    case .string: nodes[node].stringChild = created
    }
    return Int(created)
  }

  /// Orders each node's routes so the most specific query requirements are tried first; ties break
  /// on the requirement text and then the route name, never on registration order.
  mutating func finish(requirements: [QueryRequirements], names: [String]) -> [TrieNode] {
    func order(_ lhs: Int32, _ rhs: Int32) -> Bool {
      let left = requirements[Int(lhs)]
      let right = requirements[Int(rhs)]
      if left.requiredCount != right.requiredCount { return left.requiredCount > right.requiredCount }
      if left.typedRequiredCount != right.typedRequiredCount {
        return left.typedRequiredCount > right.typedRequiredCount
      }
      if left.signature != right.signature { return left.signature < right.signature }
      return names[Int(lhs)] < names[Int(rhs)]
    }
    // Sorted in place, and only lists of two or more: a copy of every node would double the
    // builder's memory at its peak.
    var nodes = self.nodes
    self.nodes = []
    for index in nodes.indices {
      if nodes[index].endpoints.count > 1 { nodes[index].endpoints.sort(by: order) }
      if nodes[index].oneOrMore.count > 1 { nodes[index].oneOrMore.sort(by: order) }
      if nodes[index].zeroOrMore.count > 1 { nodes[index].zeroOrMore.sort(by: order) }
    }
    return nodes
  }
}
