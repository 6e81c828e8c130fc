/// Which links a route answers by their host and scheme: its ``RouteDefinition/hosts`` and
/// ``RouteDefinition/schemes``, read against the table once, when the router is built.
///
/// The scope is checked on the routes the trie offers for a link, never by scanning routes per host:
/// a route whose scope does not admit the link lets the next candidate in precedence order be tried.
/// Routes ending at one place are tried scoped to hosts first, then unscoped, then any-host
/// (``rank``); two of one rank whose scopes overlap match the same links and are refused.
struct RouteScope: Sendable, Hashable {
  /// The hosts a route answers.
  enum Hosts: Sendable, Hashable {
    /// Every host the table lists, and links without a host (custom-scheme links).
    case all
    /// These entries of the table's hosts only; a link without a host is not admitted.
    case listed([HostRule])
    /// Any web host, including hosts the table does not list (`"hosts": ["*"]`).
    case any
  }

  var hosts: Hosts = .all
  /// The schemes, lower-cased, or `nil` for every scheme the table reads.
  var schemes: [String]?
  /// ``schemes`` as names, for comparing with a link's scheme in place.
  var schemeNames: [ReadingRules.LowercaseName]?
  /// Whether the route's first segment is an address (`/{server:address}/...`): the only routes that
  /// answer a custom-scheme link whose authority holds a `:` (a port, an IPv6 address), which the
  /// reader reads only for a table with such a route (``LinkView/authorityIsAddress``).
  var takesAddress = false

  /// The scope of a route without `hosts` or `schemes`.
  static let unscoped = RouteScope()

  /// Whether the route has neither `hosts` nor `schemes` and takes no address.
  var isUnscoped: Bool { hosts == .all && schemes == nil && !takesAddress }

  /// Whether the route answers hosts the table does not list.
  var isAnyHost: Bool { hosts == .any }

  /// Where the route stands among routes ending at one place: a route scoped to hosts (0) before an
  /// unscoped one (1) before an any-host one (2); at equal hosts, one scoped to schemes first.
  var rank: Int {
    let hostRank =
      switch hosts {
      case .listed: 0
      case .all: 1
      case .any: 2
      }
    return hostRank * 2 + (schemes == nil ? 1 : 0)
  }

  /// A text that is the same for two scopes exactly when they admit the same links (for the trie's
  /// shapes); empty for an unscoped route.
  var key: String {
    guard !isUnscoped else { return "" }
    let hostPart =
      switch hosts {
      case .all: "="
      case .any: "*"
      case .listed(let rules):
        rules.map { ($0.isWildcard ? "*." : "") + $0.authority }.stableSorted().joined(separator: ",")
      }
    return "@" + hostPart + "|" + (schemes?.stableSorted().joined(separator: ",") ?? "=")
      + (takesAddress ? "|address" : "")
  }

  /// The host names of a listed scope, as the table writes them; `["*"]` for any host; `nil` for all.
  var hostEntries: [String]? {
    switch hosts {
    case .all: nil
    case .any: ["*"]
    case .listed(let rules): rules.map { ($0.isWildcard ? "*." : "") + $0.authority }
    }
  }

  /// Reads a route's scope against its table.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - index: The route's index in the table, for the error's location.
  ///   - table: The table.
  ///   - rules: The table's hosts, parsed.
  /// - Throws: ``RouteTableError`` code `invalidScope` naming the route and the entry
  ///   (`routes[2].hosts[1]`).
  init(route: RouteDefinition, index: Int, table: RouteTable, rules: [HostRule]) throws(RouteTableError) {
    func failure(
      _ key: String, _ position: Int?, _ entry: String?, _ problem: RouteTableError.ScopeProblem
    )
      -> RouteTableError
    {
      RouteTableError(
        route: route.name, location: "routes[\(index)].\(key)" + (position.map { "[\($0)]" } ?? ""),
        reason: .invalidScope(key: key, entry: entry, problem: problem))
    }
    if let entries = route.hosts {
      guard !entries.isEmpty else { throw failure("hosts", nil, nil, .empty) }
      if entries.contains("*") {
        if let other = entries.firstIndex(where: { $0 != "*" }) {
          throw failure("hosts", other, entries[other], .anyHostMixed)
        }
        guard entries.count == 1 else { throw failure("hosts", 1, "*", .repeated) }
        hosts = .any
      } else {
        var listed: [HostRule] = []
        for (position, entry) in entries.enumerated() {
          let group = table.groupHosts(entry)
          if entry.first == RouteTable.hostGroupMark && group == nil {
            throw failure(
              "hosts", position, entry, .unknownGroup(declared: table.hostGroups.keys.stableSorted()))
          }
          // A group stands for its hosts, each checked as if the route listed it here.
          for host in group ?? [entry] {
            guard let rule = try? HostRule(host), rules.contains(rule) else {
              throw failure("hosts", position, entry, .unlisted(listed: table.hosts))
            }
            guard !listed.contains(rule) else {
              throw failure("hosts", position, entry, group == nil ? .repeated : .repeatedByGroup(host: host))
            }
            listed.append(rule)
          }
        }
        hosts = .listed(listed)
      }
    }
    if let entries = route.schemes {
      guard !entries.isEmpty else { throw failure("schemes", nil, nil, .empty) }
      var readable = table.schemes.map { $0.lowercased() }
      if !table.hosts.isEmpty && !readable.contains("https") { readable.append("https") }
      var listed: [String] = []
      for (position, entry) in entries.enumerated() {
        let scheme = entry.lowercased()
        guard readable.contains(scheme) else {
          throw failure("schemes", position, entry, .unlisted(listed: readable))
        }
        guard !listed.contains(scheme) else { throw failure("schemes", position, entry, .repeated) }
        listed.append(scheme)
      }
      schemes = listed
      schemeNames = listed.map(ReadingRules.LowercaseName.init)
    }
  }

  private init() {}

  /// Whether some link is admitted by both scopes (for two routes of one ``rank`` at one place, which
  /// are then the same route for those links).
  func overlaps(_ other: RouteScope) -> Bool {
    if let schemes, let others = other.schemes, !schemes.contains(where: others.contains) { return false }
    switch (hosts, other.hosts) {
    case (.listed(let mine), .listed(let theirs)):
      return mine.contains { rule in theirs.contains { Self.overlap(rule, $0) } }
    default:
      return true
    }
  }

  /// Whether two host entries admit a host in common.
  private static func overlap(_ left: HostRule, _ right: HostRule) -> Bool {
    guard left.port == right.port else { return false }
    if left == right { return true }
    if left.isWildcard && right.host.hasSuffix("." + left.host) { return true }
    if right.isWildcard && left.host.hasSuffix("." + right.host) { return true }
    return false
  }
}

extension RouteTable {
  /// What marks a host group in a route's `hosts`: `@shop` names the group `shop`. No host name holds
  /// `@` (in a link it ends the user part of the authority), so an entry is a group or a host, never
  /// both.
  static let hostGroupMark: Character = "@"
  /// The characters of a host group's name.
  private static let groupNameCharacters = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

  /// Checks the `hosts` and `schemes` of route `index` against the table, as ``Router/init(_:)`` does.
  ///
  /// - Parameters:
  ///   - index: The route's index in ``routes``.
  ///   - rules: The table's hosts, parsed.
  /// - Throws: ``RouteTableError`` naming the route and its entry (`routes[2].hosts[1]`).
  package func checkScope(ofRoute index: Int, rules: [HostRule]) throws(RouteTableError) {
    _ = try RouteScope(route: routes[index], index: index, table: self, rules: rules)
  }

  /// Checks the table's host groups (``hostGroups``): each name of letters, digits, `-`, `_` and `.`,
  /// each group holding at least one host, each one of the table's hosts, once.
  ///
  /// - Parameter rules: The table's hosts, parsed.
  /// - Throws: ``RouteTableError`` code `invalidHostGroup` naming the group and the entry
  ///   (`hostGroups.shop[1]`).
  package func checkHostGroups(rules: [HostRule]) throws(RouteTableError) {
    for name in hostGroups.keys.stableSorted() {
      let members = hostGroups[name] ?? []
      func failure(_ position: Int?, _ entry: String?, _ problem: RouteTableError.ScopeProblem)
        -> RouteTableError
      {
        RouteTableError(
          location: "hostGroups.\(name)" + (position.map { "[\($0)]" } ?? ""),
          reason: .invalidHostGroup(name: name, entry: entry, problem: problem))
      }
      guard !name.isEmpty && name.allSatisfy(Self.groupNameCharacters.contains) else {
        throw failure(nil, nil, .invalidName)
      }
      guard !members.isEmpty else { throw failure(nil, nil, .empty) }
      var listed: [HostRule] = []
      for (position, entry) in members.enumerated() {
        guard let rule = try? HostRule(entry), rules.contains(rule) else {
          throw failure(position, entry, .unlisted(listed: hosts))
        }
        guard !listed.contains(rule) else { throw failure(position, entry, .repeated) }
        listed.append(rule)
      }
    }
  }

  /// The hosts an entry of a route's `hosts` stands for, when it names a declared group (`@shop`).
  ///
  /// - Parameter entry: An entry of ``RouteDefinition/hosts``.
  /// - Returns: The group's hosts, or `nil` when the entry names no group the table declares.
  func groupHosts(_ entry: String) -> [String]? {
    guard entry.first == Self.hostGroupMark, !hostGroups.isEmpty else { return nil }
    return hostGroups[String(entry.dropFirst())]
  }

  /// The table with each route's `@name` entry replaced by the hosts of that group, in the group's
  /// order: what the route means, so that nothing that reads the table needs to know of groups.
  var resolvingHostGroups: RouteTable {
    guard !hostGroups.isEmpty else { return self }
    var resolved = self
    for index in routes.indices {
      guard let entries = routes[index].hosts, entries.contains(where: { $0.first == Self.hostGroupMark })
      else { continue }
      resolved.routes[index].hosts = entries.flatMap { groupHosts($0) ?? [$0] }
    }
    return resolved
  }
}

extension RouteTable {
  /// The table with every host entry that holds Unicode (the table's hosts, its groups', its routes')
  /// written in its ASCII form, `*.` and port kept (``HostName``): the one form inside the router, so
  /// that what reads ``Router/table`` (matching, building, association files, intent filters, nginx)
  /// names hosts as DNS and the systems that read those files do. An entry that is not a host (`*`,
  /// `@name`) or does not parse (the router refuses it first) stays as written.
  var writingHostsInASCII: RouteTable {
    // Only the lists that hold Unicode are written again, so a table in ASCII is not copied.
    func unicode(_ entries: [String]) -> Bool { entries.contains { $0.utf8.contains { $0 >= 0x80 } } }
    func ascii(_ entries: [String]) -> [String] { entries.map(Self.asciiHostEntry) }
    var written = self
    if unicode(hosts) { written.hosts = ascii(hosts) }
    if hostGroups.values.contains(where: unicode) { written.hostGroups = hostGroups.mapValues(ascii) }
    for index in routes.indices {
      if let entries = routes[index].hosts, unicode(entries) { written.routes[index].hosts = ascii(entries) }
    }
    return written
  }

  /// One entry as ``writingHostsInASCII`` writes it.
  static func asciiHostEntry(_ entry: String) -> String {
    guard entry.utf8.contains(where: { $0 >= 0x80 }), let rule = try? HostRule(entry) else { return entry }
    return rule.entry
  }
}

extension RouteScope {
  /// Why the scope does not admit a link, or `nil` when it does: the one rule, for matching and for
  /// explaining a miss.
  ///
  /// - Parameters:
  ///   - hostIsUnlisted: Whether the link's host is one the table does not list.
  ///   - authorityIsAddress: Whether the link is a custom-scheme link whose authority holds a `:`.
  ///   - hasScheme: Whether the link's scheme is this one (lower-cased).
  ///   - host: The link's host, lower-cased, and its port (`nil` for the scheme's default); `nil` for a
  ///     link without a host.
  /// - Returns: The part refused, or `nil`.
  func refusal(
    hostIsUnlisted: Bool, authorityIsAddress: Bool, hasScheme: (ReadingRules.LowercaseName) -> Bool,
    host: () -> (host: String, port: String?)?
  ) -> Refusal? {
    if hostIsUnlisted && !isAnyHost { return .host }
    if authorityIsAddress && !takesAddress { return .address }
    if let schemeNames, !schemeNames.contains(where: hasScheme) { return .scheme }
    switch hosts {
    case .all: return nil
    case .any: return host() == nil ? .host : nil
    case .listed(let rules):
      guard let (name, port) = host() else { return .host }
      return rules.contains { $0.admits(host: name, port: port) } ? nil : .host
    }
  }

  /// Which part of a link a scope refused.
  enum Refusal {
    case host
    case scheme
    /// A custom-scheme authority with a port (or an IPv6 address) on a route that takes no address.
    case address
  }

  /// The hosts or schemes the scope admits, in words, for a near miss.
  func expectation(_ refusal: Refusal) -> String {
    switch refusal {
    case .scheme: "schemes " + (schemes ?? []).joined(separator: ", ")
    case .address: "an authority without a port: only a route that starts with {name:address} takes one"
    case .host:
      switch hosts {
      case .all: "hosts the table lists"
      case .any: "links with a host"
      case .listed: "hosts " + (hostEntries ?? []).joined(separator: ", ")
      }
    }
  }
}

extension Router {
  /// Whether a route's scope admits a link: its scheme, and its host (a link on a host the table does
  /// not list reaches only any-host routes; a link without a host only routes not scoped to hosts).
  @inline(__always)
  func admits(_ route: Int32, _ view: LinkView) -> Bool {
    let scope = scopes[Int(route)]
    if scope.isUnscoped { return !view.hostIsUnlisted && !view.authorityIsAddress }
    return scope.refusal(
      hostIsUnlisted: view.hostIsUnlisted, authorityIsAddress: view.authorityIsAddress,
      hasScheme: { ReadingRules.equalsLowercased(view.link, 0, view.schemeEnd, $0) },
      host: { view.hasHost ? reader.hostAndPort(of: view) : nil }) == nil
  }
}

extension Router {
  /// Whether a route belongs in the association file of a domain.
  ///
  /// - Parameters:
  ///   - index: The route's index in the table.
  ///   - domain: A host of the table (`example.com`, `*.example.com`), or `nil` for the one file served
  ///     on every host of the table.
  /// - Returns: ``AssociationScope/included``, or why the route is left out.
  package func associationScope(ofRoute index: Int, domain: String?) -> AssociationScope {
    let scope = scopes[index]
    if let schemes = scope.schemes, !schemes.contains("https") { return .noHTTPS(schemes) }
    switch scope.hosts {
    case .all: return .included
    case .any: return .anyHost
    case .listed(let rules):
      let entries = scope.hostEntries ?? []
      guard let domain, let rule = try? HostRule(domain) else { return .otherHosts(entries) }
      let admitted =
        rules.contains(rule)
        || (!rule.isWildcard && rules.contains { $0.admits(host: rule.host, port: rule.port) })
      return admitted ? .included : .otherHosts(entries)
    }
  }

  /// Whether a link's origin is one the table lists by name: one of its custom schemes, or a host of
  /// ``RouteTable/hosts`` (an entry equal to it, port included, or a `*.` entry whose subdomain it is).
  ///
  /// A route for any host (`"hosts": ["*"]`) matches links on hosts the table does not list; this
  /// tells them apart. Whatever trusts a link for being the app's own (a pasted deferred link, the
  /// long link of a short link) asks this, never whether some route matched:
  ///
  /// ```swift
  /// if let match = try router.match(pasted), router.lists(match.arrivalOrigin) { ... }
  /// ```
  ///
  /// - Parameter origin: A link's origin, such as ``RouteMatch/arrivalOrigin``.
  /// - Returns: Whether the table lists it.
  public func lists(_ origin: LinkOrigin) -> Bool {
    switch origin {
    case .customScheme(let scheme):
      return reader.schemes.contains(scheme.lowercased())
    case .universalLink(let authority):
      var host = authority.lowercased()
      var port: String?
      if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
        port = String(host[host.index(after: colon)...])
        host = String(host[..<colon])
      }
      // An origin written in Unicode names the host the table keeps in ASCII.
      if host.utf8.contains(where: { $0 >= 0x80 }) {
        guard let ascii = try? HostName.ascii(host) else { return false }
        host = ascii
      }
      return reader.lists(host: host, port: port)
    }
  }

  /// A host entry as the router keeps it (``Router/table``): a Unicode host in its ASCII form, `*.` and
  /// port kept (`*.xn--h2brj9c` for `*.भारत`); any other entry as written.
  ///
  /// - Parameter entry: A host entry, such as a `--domain` given on the command line.
  /// - Returns: The entry to name in association files, intent filters and server files.
  package func hostEntry(_ entry: String) -> String {
    RouteTable.asciiHostEntry(entry)
  }

  /// Whether a host entry is one the table lists (compared as the table reads hosts).
  ///
  /// - Parameter entry: A host entry, such as `example.com` or `*.example.com`.
  /// - Returns: Whether ``RouteTable/hosts`` holds it.
  package func listsHost(_ entry: String) -> Bool {
    guard let rule = try? HostRule(entry) else { return false }
    return hostRules.contains(rule)
  }
}
