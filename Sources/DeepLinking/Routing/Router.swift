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
  public let patterns: [RoutePattern]

  let nodes: [TrieNode]
  let reader: LinkReader
  let hostRules: [HostRule]
  let routeIndex: [String: Int]
  let requirements: [QueryRequirements]

  /// Builds a router, checking every route.
  ///
  /// - Parameter table: The route table.
  /// - Throws: ``RouteTableError`` for a pattern that does not parse, a duplicate name, two routes that
  ///   would match exactly the same URLs, or a malformed scheme or host.
  public init(_ table: RouteTable) throws(RouteTableError) {
    guard table.routes.count <= table.limits.maxRoutes else {
      throw RouteTableError(reason: .tooManyRoutes(limit: table.limits.maxRoutes))
    }
    for scheme in table.schemes {
      let bytes = Array(scheme.utf8)
      let valid =
        !bytes.isEmpty && bytes[0].isASCIILetter
        && bytes.allSatisfy {
          $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "+")
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
      guard valid else { throw RouteTableError(reason: .invalidScheme(scheme)) }
    }
    var rules: [HostRule] = []
    for host in table.hosts { rules.append(try HostRule(host)) }
    if !table.routes.isEmpty && table.schemes.isEmpty && table.hosts.isEmpty {
      throw RouteTableError(reason: .noSchemeOrHost)
    }

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
        patterns.append(try RoutePattern(route.pattern))
      } catch {
        throw RouteTableError(route: route.name, reason: .invalidPattern(error))
      }
    }
    let requirements = patterns.map(QueryRequirements.init)
    let routeNames = table.routes.map(\.name)
    var builder = TrieBuilder(caseInsensitive: table.caseInsensitive)
    for index in patterns.indices {
      try builder.insert(
        route: index, pattern: patterns[index], requirements: requirements, names: routeNames,
        strictTrailingSlash: table.strictTrailingSlash)
    }
    self.table = table
    self.patterns = patterns
    self.nodes = builder.finish(requirements: requirements, names: routeNames)
    self.hostRules = rules
    self.reader = LinkReader(table: table, hostRules: rules)
    self.routeIndex = names
    self.requirements = requirements
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
  public func pattern(named name: String) -> RoutePattern? {
    routeIndex[name].map { patterns[$0] }
  }

  /// Matches a link given as text.
  ///
  /// - Parameter url: The link, such as `myapp://channel/video/12345`.
  /// - Returns: The match, or `nil` when no route matches (a normal outcome).
  /// - Throws: ``LinkError`` when the link breaks a reading rule (malformed, unknown scheme or host,
  ///   over a limit).
  public func match(_ url: String) throws(LinkError) -> RouteMatch? {
    let link = try reader.read(url)
    return match(link, url: url)
  }

  /// Matches a link as the app receives it.
  ///
  /// - Parameter url: The link.
  /// - Returns: The match, or `nil` when no route matches.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  public func match(_ url: URL) throws(LinkError) -> RouteMatch? {
    try match(url.absoluteString)
  }

  func match(_ link: ReadLink, url: String) -> RouteMatch? {
    let keys = table.caseInsensitive ? link.segments.map { $0.lowercased() } : link.segments
    guard let route = search(node: 0, depth: 0, keys: keys, link: link) else { return nil }
    return materialize(route: Int(route), link: link, url: url)
  }

  /// Depth-first search of the trie: literal, then typed, then plain parameters, then catch-alls.
  /// A node sits at one depth only, so each node is visited at most once per link.
  private func search(node index: Int, depth: Int, keys: [String], link: ReadLink) -> Int32? {
    if depth == keys.count {
      for route in nodes[index].endpoints where accepts(route, link) { return route }
    } else {
      if let child = nodes[index].literals[keys[depth]],
        let found = search(node: Int(child), depth: depth + 1, keys: keys, link: link)
      {
        return found
      }
      let segment = link.segments[depth]
      let intChild = nodes[index].intChild
      if intChild >= 0, ParameterType.integer(segment) != nil,
        let found = search(node: Int(intChild), depth: depth + 1, keys: keys, link: link)
      {
        return found
      }
      let uuidChild = nodes[index].uuidChild
      if uuidChild >= 0, ParameterType.isUUIDText(segment),
        let found = search(node: Int(uuidChild), depth: depth + 1, keys: keys, link: link)
      {
        return found
      }
      let stringChild = nodes[index].stringChild
      if stringChild >= 0,
        let found = search(node: Int(stringChild), depth: depth + 1, keys: keys, link: link)
      {
        return found
      }
      for route in nodes[index].oneOrMore where accepts(route, link) { return route }
    }
    for route in nodes[index].zeroOrMore where accepts(route, link) { return route }
    return nil
  }

  @inline(__always)
  private func accepts(_ route: Int32, _ link: ReadLink) -> Bool {
    let requirement = requirements[Int(route)]
    if table.strictTrailingSlash && requirement.hasTrailingSlash != link.hasTrailingSlash { return false }
    return requirement.accepts(link.query)
  }

  private func materialize(route: Int, link: ReadLink, url: String) -> RouteMatch {
    let pattern = patterns[route]
    var entries: [RouteParameters.Entry] = []
    entries.reserveCapacity(pattern.segments.count + pattern.query.count)
    for (position, segment) in pattern.segments.enumerated() {
      switch segment {
      case .literal:
        continue
      case .parameter(let name, let type):
        if let value = type.value(from: link.segments[position]) {
          entries.append(RouteParameters.Entry(name: name, value: value))
        }
      case .oneOrMore(let name), .zeroOrMore(let name):
        entries.append(RouteParameters.Entry(name: name, value: .segments(Array(link.segments[position...]))))
      }
    }
    var remaining = link.query
    if !pattern.query.isEmpty {
      for parameter in pattern.query {
        if let text = QueryRequirements.firstValue(of: parameter.key, in: link.query),
          let value = parameter.type.value(from: text)
        {
          entries.append(RouteParameters.Entry(name: parameter.name, value: value))
        }
      }
      let declared = Set(pattern.query.map(\.key))
      remaining.removeAll { declared.contains($0.name) }
    }
    return RouteMatch(
      route: table.routes[route].name,
      parameters: RouteParameters(entries),
      query: remaining,
      fragment: link.fragment,
      origin: link.origin,
      url: url
    )
  }
}

extension UInt8 {
  var isASCIILetter: Bool {
    (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
  }
}
