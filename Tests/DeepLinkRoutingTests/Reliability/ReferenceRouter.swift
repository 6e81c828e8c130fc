import DeepLinkRouting
import Foundation

/// A deliberately simple router written straight from the rules of ROUTING.md, to check the real one
/// against: it reads a link with its own code, tries every route in turn, and picks the most specific
/// match by comparing the routes piece by piece. No trie, no shared code with the router.
struct ReferenceRouter {
  /// One piece of a route's path.
  enum Piece: Hashable {
    case literal(String)
    case parameter(String, ParameterType)
    case oneOrMore(String)
    case zeroOrMore(String)
    /// Literal text around parameters in one segment (ROUTING: a segment template).
    case template([TemplatePart])
    /// A last segment that may be absent: the route stands for the route without it and the route
    /// with it as a parameter (see ``Route/variants``).
    case optional(String, ParameterType)
    /// One segment that is one of these words (a value set), as written.
    case valueSet(String, [String])
    /// One segment of an app-defined kind (ROUTING: app kinds), one of ``ReferenceRouter/kinds``.
    case kind(String, Kind)

    /// Specificity of the piece: lower wins (literal > value set > template > typed > app kind >
    /// plain > `+` > `*`); of two typed pieces that can both take a segment, the narrower wins (an int
    /// is also a decimal).
    var rank: Int {
      switch self {
      case .literal: 0
      case .valueSet: 1
      case .template: 2
      case .parameter(_, .int), .parameter(_, .uuid), .parameter(_, .bool), .parameter(_, .url): 3
      case .parameter(_, .decimal), .parameter(_, .link): 4
      case .kind: 5
      case .parameter(_, .string): 6
      case .optional(let name, let type): Piece.parameter(name, type).rank
      case .oneOrMore: 7
      case .zeroOrMore: 8
      }
    }

    /// A set's words in byte order (ASCII letters lower-cased when `folds`), joined by `|`.
    static func setKey(_ members: [String], folds: Bool) -> String {
      members.map { member in
        String(
          decoding: member.utf8.map { folds && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
      }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.joined(separator: "|")
    }

    /// The word of a set a segment is, compared byte for byte (ASCII letters folded when `folds`), as
    /// the set writes it.
    static func member(of members: [String], _ segment: String, folds: Bool) -> String? {
      func fold(_ text: String) -> [UInt8] {
        text.utf8.map { folds && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
      }
      return members.first { fold($0) == fold(segment) }
    }

    /// Whether the piece is a catch-all.
    var isCatchAll: Bool {
      switch self {
      case .oneOrMore, .zeroOrMore: true
      case .literal, .parameter, .template, .optional, .valueSet, .kind: false
      }
    }
  }

  /// An app-defined kind as the reference reads it: a prefix byte for byte, then between `minLength`
  /// and `maxLength` bytes, each one of `characters`.
  struct Kind: Hashable {
    var name: String
    var prefix: String
    /// The characters, each written out.
    var characters: String
    /// The same, as the table declares them (with ranges).
    var declared: String
    var minLength: Int
    var maxLength: Int?

    func accepts(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      let head = Array(prefix.utf8)
      guard bytes.starts(with: head) else { return false }
      let rest = bytes.dropFirst(head.count)
      return rest.count >= minLength && rest.count <= (maxLength ?? .max)
        && rest.allSatisfy { characters.utf8.contains($0) }
    }

    /// Whether some value is of both kinds, tried on every value made of a prefix and one repeated
    /// character, up to a length past every bound the reference's kinds have.
    func overlaps(_ other: Kind) -> Bool {
      for head in [prefix, other.prefix] {
        for character in characters + other.characters {
          for length in 1...16 where accepts(head + String(repeating: character, count: length)) {
            if other.accepts(head + String(repeating: character, count: length)) { return true }
          }
        }
      }
      return false
    }

    /// Of two kinds at one place: the longer prefix first, then fewer characters, then the lower most
    /// length, then the higher least length, then the name.
    func ranksBefore(_ other: Kind) -> Bool {
      if prefix.utf8.count != other.prefix.utf8.count { return prefix.utf8.count > other.prefix.utf8.count }
      if characters.count != other.characters.count { return characters.count < other.characters.count }
      if (maxLength ?? .max) != (other.maxLength ?? .max) {
        return (maxLength ?? .max) < (other.maxLength ?? .max)
      }
      if minLength != other.minLength { return minLength > other.minLength }
      return name.utf8.lexicographicallyPrecedes(other.name.utf8)
    }
  }

  /// The kinds every reference table declares: some overlap (a `sku` holds digits as `hexish` does,
  /// and `ORD-12`), some do not (`room` starts with `#`).
  static let kinds: [Kind] = [
    Kind(
      name: "sku", prefix: "", characters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-", declared: "A-Z0-9-",
      minLength: 3, maxLength: 8),
    Kind(
      name: "hexish", prefix: "", characters: "abcdef0123456789", declared: "a-f0-9", minLength: 2,
      maxLength: 6),
    Kind(
      name: "room", prefix: "#", characters: "abcdefghijklmnopqrstuvwxyz0123456789:.", declared: "a-z0-9:.",
      minLength: 1, maxLength: nil),
    Kind(name: "ord", prefix: "ORD-", characters: "0123456789", declared: "0-9", minLength: 2, maxLength: 4),
  ]

  static func kind(named name: String) -> Kind? { kinds.first { $0.name == name } }

  /// One part of a segment template.
  enum TemplatePart: Hashable {
    case literal(String)
    case parameter(String, ParameterType)
  }

  /// The template's parts as the router is given them, names left out when `named` is false.
  static func templateText(_ parts: [TemplatePart], named: Bool = true) -> String {
    parts.map { part in
      switch part {
      case .literal(let literal): ReferenceCoding.encodeAll(literal)
      case .parameter(let name, .string): named ? "{\(name)}" : "{}"
      case .parameter(let name, let type): named ? "{\(name):\(type)}" : "{:\(type)}"
      }
    }.joined()
  }

  /// The values of a decoded segment read by a template: the first literal starts it, the last
  /// ends it (without overlapping), and between two parameters the literal is found at its first
  /// occurrence after a non-empty value. ASCII letters fold when `folds`.
  static func templateValues(_ parts: [TemplatePart], _ segment: String, folds: Bool)
    -> [String: ParameterValue]?
  {
    func fold(_ text: String) -> [UInt8] {
      text.utf8.map { folds && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    }
    var rest = fold(segment)[...]
    let original = Array(segment.utf8)
    var offset = 0
    var parts = parts[...]
    if case .literal(let first) = parts.first {
      let literal = fold(first)
      guard rest.starts(with: literal) else { return nil }
      rest = rest.dropFirst(literal.count)
      offset = literal.count
      parts = parts.dropFirst()
    }
    if parts.count > 1, case .literal(let last) = parts.last {
      let literal = fold(last)
      guard rest.count >= literal.count, rest.suffix(literal.count).elementsEqual(literal) else { return nil }
      rest = rest.dropLast(literal.count)
      parts = parts.dropLast()
    }
    var values: [String: ParameterValue] = [:]
    let items = Array(parts)
    var index = 0
    while index < items.count {
      guard case .parameter(let name, let type) = items[index] else { return nil }
      var length = rest.count
      var skip = 0
      if index + 1 < items.count, case .literal(let separator) = items[index + 1] {
        let literal = fold(separator)
        let bytes = Array(rest)
        guard
          let found = (1..<max(1, bytes.count)).first(where: { start in
            start + literal.count < bytes.count
              && bytes[start..<(start + literal.count)].elementsEqual(literal)
          })
        else { return nil }
        length = found
        skip = literal.count
      }
      let text = String(decoding: original[offset..<(offset + length)], as: UTF8.self)
      guard let value = typed(text, type) else { return nil }
      values[name] = value
      offset += length + skip
      rest = rest.dropFirst(length + skip)
      index += 2
    }
    return values
  }

  /// Of two templates that both take a segment: more literal bytes first, then more typed
  /// parameters, then the text without names, byte by byte.
  static func templateOrder(_ left: [TemplatePart], _ right: [TemplatePart], caseInsensitive: Bool) -> Int {
    func literalBytes(_ parts: [TemplatePart]) -> Int {
      parts.reduce(0) { total, part in
        if case .literal(let text) = part { return total + text.utf8.count }
        return total
      }
    }
    func typed(_ parts: [TemplatePart]) -> Int {
      parts.count { part in
        if case .parameter(_, let type) = part { return type != .string }
        return false
      }
    }
    func key(_ parts: [TemplatePart]) -> [UInt8] {
      parts.flatMap { part -> [UInt8] in
        switch part {
        case .literal(let text):
          Array(text.utf8).map { caseInsensitive && $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        case .parameter(_, let type): Array("{:\(type)}".utf8)
        }
      }
    }
    if literalBytes(left) != literalBytes(right) { return literalBytes(right) - literalBytes(left) }
    if typed(left) != typed(right) { return typed(right) - typed(left) }
    let (a, b) = (key(left), key(right))
    if a == b { return 0 }
    return a.lexicographicallyPrecedes(b) ? -1 : 1
  }

  /// A declared query item.
  struct QueryPiece: Hashable {
    var key: String
    var name: String
    var type: ParameterType
    var isOptional: Bool
    /// `key=value`: the first value must be exactly this text (the item is required, captures nothing).
    var literal: String? = nil
    /// `!key`: the item must be absent or empty (the item is optional, captures nothing).
    var absent = false
    /// `key={name:(a|b)}`: the value must be one of these words, byte for byte.
    var members: [String]? = nil
    /// `key={name:sku}`: the value must be of this app-defined kind.
    var appKind: Kind? = nil

    /// The kind as the router orders routes: `type`, the set's words, or the app kind's name.
    var kind: String {
      if let appKind { return "kind \(appKind.name)" }
      return members.map { ReferenceRouter.Piece.setKey($0, folds: false) } ?? "\(type)"
    }
  }

  /// A route as the generator built it; ``patternText`` is what the real router is given.
  struct Route {
    var name: String
    var pieces: [Piece]
    var query: [QueryPiece]
    var trailingSlash: Bool
    /// The hosts the route answers (`["*"]` for any host), or `nil` for every listed host.
    var hosts: [String]? = nil
    /// The schemes the route answers, or `nil` for all.
    var schemes: [String]? = nil
    /// For a route that reads the fragment as a path (`/a#/b/{x}`): the fragment's pieces; its query
    /// and trailing slash are then the fragment's. `nil` for a route that ignores the fragment.
    var fragmentPieces: [Piece]? = nil
    /// Whether the fragment's path starts with "/" (`/a#/b`) or with its first segment (`/a#b`): two
    /// different fragments, told apart by their marks.
    var fragmentStartsWithSlash = true
    /// Whether this is a fragment route's ``combined`` form.
    var isCombined = false

    /// The text that stands, in ``combined``, between the path's pieces and the fragment's: no
    /// decoded segment holds a control character.
    static let fragmentMark = "\u{1}"
    /// The mark of a fragment that does not start with "/".
    static let slashlessFragmentMark = "\u{2}"

    /// The route as one sequence of pieces over the link's path, a mark and the fragment's segments
    /// (see ``Link/combined``): itself for a route that ignores the fragment.
    var combined: Route {
      guard let fragmentPieces else { return self }
      var route = self
      let mark = fragmentStartsWithSlash ? Self.fragmentMark : Self.slashlessFragmentMark
      route.pieces = pieces + [.literal(mark)] + fragmentPieces
      route.fragmentPieces = nil
      route.isCombined = true
      return route
    }

    /// Routes ending together are tried scoped to hosts, unscoped, any host; then scoped to schemes.
    var scopeRank: Int {
      let hostRank = hosts == nil ? 1 : hosts == ["*"] ? 2 : 0
      return hostRank * 2 + (schemes == nil ? 1 : 0)
    }

    var patternText: String {
      var text =
        "/"
        + pieces.map { piece in
          switch piece {
          case .literal(let literal): ReferenceCoding.encodeAll(literal)
          case .parameter(let name, .string): "{\(name)}"
          case .parameter(let name, let type): "{\(name):\(type)}"
          case .oneOrMore(let name): "{\(name)+}"
          case .zeroOrMore(let name): "{\(name)*}"
          case .template(let parts): ReferenceRouter.templateText(parts)
          case .optional(let name, .string): "{\(name)?}"
          case .optional(let name, let type): "{\(name):\(type)?}"
          case .valueSet(let name, let members):
            "{\(name):(\(members.map(ReferenceCoding.encodeAll).joined(separator: "|")))}"
          case .kind(let name, let kind): "{\(name):\(kind.name)}"
          }
        }.joined(separator: "/")
      if let fragmentPieces {
        // The fragment's path after "#", its trailing slash the route's.
        let fragmentText = Route(name: name, pieces: fragmentPieces, query: [], trailingSlash: trailingSlash)
          .patternText
        text += "#" + (fragmentStartsWithSlash ? fragmentText : String(fragmentText.dropFirst()))
      } else if trailingSlash && !pieces.isEmpty {
        text += "/"
      }
      if !query.isEmpty {
        text +=
          "?"
          + query.map { item in
            if let literal = item.literal {
              return "\(ReferenceCoding.encodeAll(item.key))=\(ReferenceCoding.encodeAll(literal))"
            }
            if item.absent { return "!\(ReferenceCoding.encodeAll(item.key))" }
            if let members = item.members {
              let words = members.map(ReferenceCoding.encodeAll).joined(separator: "|")
              return
                "\(ReferenceCoding.encodeAll(item.key))={\(item.name):(\(words))\(item.isOptional ? "?" : "")}"
            }
            if let kind = item.appKind {
              return
                "\(ReferenceCoding.encodeAll(item.key))={\(item.name):\(kind.name)\(item.isOptional ? "?" : "")}"
            }
            let type = item.type == .string ? "" : ":\(item.type)"
            return "\(ReferenceCoding.encodeAll(item.key))={\(item.name)\(type)\(item.isOptional ? "?" : "")}"
          }.joined(separator: "&")
      }
      return text
    }

    /// The routes this one stands for: itself, or, when its last piece is optional, the route
    /// without that piece and the route with it as a parameter.
    var variants: [Route] {
      guard case .optional(let name, let type) = pieces.last else { return [self] }
      var without = self
      without.pieces.removeLast()
      var present = self
      present.pieces[present.pieces.count - 1] = .parameter(name, type)
      return [without, present]
    }

    /// The required query items as `key:type` (`key=value` for a literal), sorted, as the router
    /// orders routes ending together.
    var signature: String {
      query.filter { !$0.isOptional }.map { item in
        item.literal.map { "\(item.key)=\($0)" } ?? "\(item.key):\(item.kind)"
      }.sorted().joined(separator: "&")
    }
  }

  /// What a link gives: a refusal with its code, no route, or a match.
  enum Outcome: Equatable, CustomStringConvertible {
    case failure(String)
    case noMatch
    case match(route: String, parameters: [String: ParameterValue], query: [QueryItem], fragment: String?)

    var description: String {
      switch self {
      case .failure(let code): "error \(code)"
      case .noMatch: "no match"
      case .match(let route, let parameters, let query, let fragment):
        "\(route) \(parameters.sorted { $0.key < $1.key }) query \(query) fragment \(fragment ?? "nil")"
      }
    }
  }

  /// A link read by the rules.
  struct Link {
    var segments: [String]
    /// Whether the link is a Universal Link (http/https); otherwise its first segment compares with
    /// literals case-insensitively (ROUTING.md: the custom-scheme authority keeps the host rule).
    var isWeb = true
    var trailingSlash: Bool
    var query: [QueryItem]
    var fragment: String?
    /// The scheme, lower-cased.
    var scheme = ""
    /// A web link's host, lower-cased, with its port when it has one that is not the default.
    var host: String? = nil
    /// Whether the host is one the table does not list (read only beside an any-host route).
    var hostIsUnlisted = false
    /// When the table has fragment routes that start as the fragment does (with "/" or not): its
    /// segments (split on
    /// "/", empty ones dropped, decoded as path segments), its query (after its first "?") and its
    /// trailing slash.
    var fragmentPath: (segments: [String], query: [QueryItem], trailingSlash: Bool)? = nil
    /// Whether the fragment starts with "/".
    var fragmentStartsWithSlash = true

    /// The link as fragment routes read it: path, mark, fragment segments, the fragment's query.
    var combined: Link? {
      guard let fragmentPath else { return nil }
      var link = self
      let mark = fragmentStartsWithSlash ? Route.fragmentMark : Route.slashlessFragmentMark
      link.segments = segments + [mark] + fragmentPath.segments
      link.query = fragmentPath.query
      link.trailingSlash = fragmentPath.trailingSlash
      return link
    }
  }

  var schemes: [String]
  var hosts: [String]
  var caseInsensitive: Bool
  var strictTrailingSlash: Bool
  var routes: [Route]
  /// The limits on one link (the reference reads only the limits of these options).
  var limits = RouteTable.Options.default
  /// Whether `+` in the query reads as a space (`plusInQuery: space`) or as itself (`literal`).
  var plusIsSpace = true
  /// Whether a custom-scheme link's listed host is its host rather than its first segment.
  var listedHostInCustomScheme = false

  /// The literals routes start with, as written.
  func firstLiterals(readingFragment: Bool) -> Set<String> {
    Set(
      routes.filter { ($0.fragmentPieces != nil) == readingFragment }.compactMap { route in
        if case .literal(let literal) = route.pieces.first { return literal }
        return nil
      })
  }

  /// The literals that can read the first segment of a link with `route`'s piece there: a route's
  /// first literal, or, for a route starting with a catch-all that takes nothing, the first literal
  /// after it in the routes that start with the same catch-all followed by as many pieces (the
  /// custom-scheme authority rule compares among those).
  func firstLiterals(beside route: Route) -> Set<String> {
    guard let first = route.pieces.first, first.isCatchAll else {
      return firstLiterals(readingFragment: route.isCombined)
    }
    let kind = routes.filter { ($0.fragmentPieces != nil) == route.isCombined }.map(\.combined)
    return Set(
      kind.flatMap(\.variants).compactMap { other in
        guard let head = other.pieces.first, head.isCatchAll, head.rank == first.rank,
          other.pieces.count == route.pieces.count, other.pieces.count > 1,
          case .literal(let literal) = other.pieces[1]
        else { return nil }
        return literal
      })
  }

  var table: RouteTable {
    var options = limits
    options.caseInsensitive = caseInsensitive
    options.strictTrailingSlash = strictTrailingSlash
    options.literalPlusInQuery = !plusIsSpace
    options.listedHostInCustomScheme = listedHostInCustomScheme
    return RouteTable(
      schemes: schemes, hosts: hosts, options: options,
      kinds: Dictionary(
        uniqueKeysWithValues: Self.kinds.map {
          (
            $0.name,
            ValueKind(
              characters: $0.declared, prefix: $0.prefix, minLength: $0.minLength, maxLength: $0.maxLength)
          )
        }),
      routes: routes.map { RouteDefinition($0.name, $0.patternText, hosts: $0.hosts, schemes: $0.schemes) })
  }

  // MARK: Reading

  func read(_ url: String) -> Result<Link, ReferenceFailure> {
    let bytes = Array(url.utf8)
    if bytes.isEmpty { return .failure(ReferenceFailure("empty")) }
    if bytes.count > limits.maxURLLength { return .failure(ReferenceFailure("too-long")) }
    if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
      return .failure(ReferenceFailure("invalid-character"))
    }
    // The fragment starts at the first "#", the query at the first "?" before it.
    let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
    let beforeFragment = Array(bytes[..<(hash ?? bytes.count)])
    let question = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
    let head = Array(beforeFragment[..<(question ?? beforeFragment.count)])

    guard let colon = head.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isScheme(Array(head[..<colon]))
    else { return .failure(ReferenceFailure("relative-url")) }
    let scheme = String(decoding: head[..<colon], as: UTF8.self).lowercased()
    var rest = Array(head[(colon + 1)...])
    var segments: [String] = []
    var webHost: String?
    var hostIsUnlisted = false
    let hasAuthority = rest.count >= 2 && rest[0] == UInt8(ascii: "/") && rest[1] == UInt8(ascii: "/")
    var authority: [UInt8] = []
    if hasAuthority {
      rest.removeFirst(2)
      let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.count
      authority = Array(rest[..<end])
      rest = Array(rest[end...])
    }
    let isWeb = scheme == "https" || (scheme == "http" && schemes.contains { $0.lowercased() == "http" })
    if isWeb {
      guard hasAuthority, !authority.isEmpty else { return .failure(ReferenceFailure("missing-host")) }
      if authority.contains(UInt8(ascii: "@")) { return .failure(ReferenceFailure("user-info")) }
      var hostBytes = authority
      var port: String?
      if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
        let digits = String(decoding: authority[(portColon + 1)...], as: UTF8.self)
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigitCharacter),
          let number = Int(digits), number <= 65535
        else { return .failure(ReferenceFailure("invalid-port")) }
        port = number == 443 && scheme == "https" || number == 80 && scheme == "http" ? nil : String(number)
        hostBytes = Array(authority[..<portColon])
      }
      let host = String(decoding: hostBytes, as: UTF8.self).lowercased()
      guard !host.isEmpty else { return .failure(ReferenceFailure("missing-host")) }
      let validHost =
        !host.hasPrefix(".") && !host.hasSuffix(".") && !host.contains("..")
        && host.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
      guard validHost else { return .failure(ReferenceFailure("invalid-host")) }
      let listed = hosts.contains { $0.lowercased() == host }
      webHost = port.map { "\(host):\($0)" } ?? host
      if listed && port == nil {
        // accepted
      } else if routes.contains(where: { $0.hosts == ["*"] }) {
        hostIsUnlisted = true
      } else if listed {
        return .failure(ReferenceFailure("port-not-allowed"))
      } else {
        return .failure(ReferenceFailure("unknown-host"))
      }
    } else {
      guard scheme != "http", scheme != "https", schemes.contains(where: { $0.lowercased() == scheme }) else {
        return .failure(ReferenceFailure("unknown-scheme"))
      }
      if let bad = authority.first(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }) {
        return .failure(ReferenceFailure(bad == UInt8(ascii: "@") ? "user-info" : "port-not-allowed"))
      }
      let authorityText = String(decoding: authority, as: UTF8.self).lowercased()
      if listedHostInCustomScheme && !authority.isEmpty
        && hosts.contains(where: { $0.lowercased() == authorityText })
      {
        webHost = authorityText
      } else if !authority.isEmpty {
        switch ReferenceCoding.decode(authority, plusAsSpace: false) {
        case .success(let text): segments.append(text)
        case .failure(let failure): return .failure(failure)
        }
      }
    }
    for piece in rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
      if segments.count >= limits.maxSegments { return .failure(ReferenceFailure("too-many-segments")) }
      switch ReferenceCoding.decode(Array(piece), plusAsSpace: false) {
      case .success(let text): segments.append(text)
      case .failure(let failure): return .failure(failure)
      }
    }
    // A trailing slash after at least one segment (the root "/" is not a trailing slash).
    let trailingSlash = !segments.isEmpty && rest.last == UInt8(ascii: "/")

    var query: [QueryItem] = []
    if let question {
      let text = beforeFragment[(question + 1)...]
      for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
        if query.count >= limits.maxQueryItems { return .failure(ReferenceFailure("too-many-query-items")) }
        let equals = item.firstIndex(of: UInt8(ascii: "="))
        let nameResult = ReferenceCoding.decode(
          Array(item[..<(equals ?? item.endIndex)]), plusAsSpace: plusIsSpace)
        let name: String
        switch nameResult {
        case .success(let text): name = text
        case .failure(let failure): return .failure(failure)
        }
        var value: String?
        if let equals {
          switch ReferenceCoding.decode(Array(item[(equals + 1)...]), plusAsSpace: plusIsSpace) {
          case .success(let text): value = text
          case .failure(let failure): return .failure(failure)
          }
        }
        query.append(QueryItem(name: name, value: value))
      }
    }
    var fragment: String?
    var fragmentPath: (segments: [String], query: [QueryItem], trailingSlash: Bool)?
    if let hash {
      switch ReferenceCoding.decode(Array(bytes[(hash + 1)...]), plusAsSpace: false) {
      case .success(let text): fragment = text
      case .failure(let failure): return .failure(failure)
      }
      let raw = Array(bytes[(hash + 1)...])
      let startsWithSlash = raw.first == UInt8(ascii: "/")
      if routes.contains(where: { $0.fragmentPieces != nil && $0.fragmentStartsWithSlash == startsWithSlash })
      {
        // A raw "#" in the fragment is text; its first "?" starts its query.
        let mark = raw.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = raw[..<(mark ?? raw.count)]
        var parts: [String] = []
        for piece in pathBytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
          if segments.count + 1 + parts.count >= limits.maxSegments {
            return .failure(ReferenceFailure("too-many-segments"))
          }
          switch ReferenceCoding.decode(Array(piece), plusAsSpace: false) {
          case .success(let text): parts.append(text)
          case .failure(let failure): return .failure(failure)
          }
        }
        if segments.count + 1 > limits.maxSegments { return .failure(ReferenceFailure("too-many-segments")) }
        var items: [QueryItem] = []
        if let mark {
          for item in raw[(mark + 1)...].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
          {
            if items.count >= limits.maxQueryItems {
              return .failure(ReferenceFailure("too-many-query-items"))
            }
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            var name = ""
            switch ReferenceCoding.decode(Array(item[..<(equals ?? item.endIndex)]), plusAsSpace: plusIsSpace)
            {
            case .success(let text): name = text
            case .failure(let failure): return .failure(failure)
            }
            var value: String?
            if let equals {
              switch ReferenceCoding.decode(Array(item[(equals + 1)...]), plusAsSpace: plusIsSpace) {
              case .success(let text): value = text
              case .failure(let failure): return .failure(failure)
              }
            }
            items.append(QueryItem(name: name, value: value))
          }
        }
        fragmentPath = (parts, items, !parts.isEmpty && pathBytes.last == UInt8(ascii: "/"))
      }
    }
    var link = Link(
      segments: segments, isWeb: isWeb, trailingSlash: trailingSlash, query: query, fragment: fragment,
      scheme: scheme, host: webHost, hostIsUnlisted: hostIsUnlisted)
    link.fragmentPath = fragmentPath
    link.fragmentStartsWithSlash =
      hash.map { $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "/") } ?? true
    return .success(link)
  }

  private static func isScheme(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first, Character(Unicode.Scalar(first)).isLetter, first < 0x80 else {
      return false
    }
    return bytes.allSatisfy { byte in
      byte < 0x80
        && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
    }
  }

  // MARK: Matching

  func match(_ url: String) -> Outcome {
    let link: Link
    switch read(url) {
    case .success(let read): link = read
    case .failure(let failure): return .failure(failure.code)
    }
    // A route that reads the fragment, when one matches the link's fragment path, wins; then the
    // others, on the path alone.
    func best(of candidates: [Route], in link: Link) -> (route: Route, values: [String: ParameterValue])? {
      var best: (route: Route, values: [String: ParameterValue])?
      for route in candidates.flatMap(\.variants) {
        guard let values = values(of: route, in: link) else { continue }
        if let current = best, !isMoreSpecific(route, than: current.route) { continue }
        best = (route, values)
      }
      return best
    }
    var read = link
    var found: (route: Route, values: [String: ParameterValue])?
    if let combined = link.combined {
      found = best(of: routes.filter { $0.fragmentPieces != nil }.map(\.combined), in: combined)
      if found != nil { read = combined }
    }
    if found == nil { found = best(of: routes.filter { $0.fragmentPieces == nil }, in: link) }
    guard let found else { return .noMatch }
    let declared = Set(found.route.query.map(\.key))
    return .match(
      route: found.route.name, parameters: found.values,
      query: read.query.filter { !declared.contains($0.name) },
      fragment: link.fragment)
  }

  /// The route's values when it matches the link by the rules, or `nil`.
  func values(of route: Route, in link: Link) -> [String: ParameterValue]? {
    // The scope: a host the table does not list reaches only any-host routes; a listed scope needs
    // the link's host among its hosts, any host a link with a host; a scheme scope the link's scheme.
    if link.hostIsUnlisted && route.hosts != ["*"] { return nil }
    if let schemes = route.schemes, !schemes.contains(link.scheme) { return nil }
    if let scope = route.hosts {
      guard let host = link.host else { return nil }
      if scope != ["*"] && !scope.contains(host) { return nil }
    }
    var values: [String: ParameterValue] = [:]
    let segments = link.segments
    // A catch-all (anywhere, at most one) takes the segments between the pieces before it, read from
    // the start, and the pieces after it, read from the end.
    let catchAll = route.pieces.firstIndex(where: \.isCatchAll)
    let after = catchAll.map { route.pieces.count - $0 - 1 } ?? 0
    if let catchAll {
      var fewest = catchAll + after
      if case .oneOrMore = route.pieces[catchAll] { fewest += 1 }
      guard segments.count >= fewest else { return nil }
    } else {
      guard route.pieces.count == segments.count || route.pieces.last.map(Self.isOptional) == true
      else { return nil }
    }
    let restEnd = segments.count - after
    for (index, piece) in route.pieces.enumerated() {
      let position = catchAll.map { index > $0 ? restEnd + index - $0 - 1 : index } ?? index
      switch piece {
      case .literal(let literal):
        guard position < segments.count else { return nil }
        // A custom-scheme link's first segment keeps the host rule: a first literal written exactly
        // as the segment wins; when no route's first literal is, the segment compares in lower case.
        // Literals are their bytes (ROUTING.md): no Unicode normalisation, as iOS matches AASA files.
        let segment = segments[position]
        func same(_ lhs: String, _ rhs: String) -> Bool { lhs.utf8.elementsEqual(rhs.utf8) }
        let equal =
          caseInsensitive
          ? same(segment.lowercased(), literal.lowercased())
          : !link.isWeb && link.host == nil && position == 0
            && !firstLiterals(beside: route).contains(where: { same($0, segment) })
            ? same(segment.lowercased(), literal) : same(segment, literal)
        guard equal else { return nil }
      case .parameter(let name, let type):
        guard position < segments.count, let value = Self.typed(segments[position], type) else { return nil }
        values[name] = value
      case .optional(let name, let type):
        // Only a route's variants are matched; alone, the piece reads a segment when there is one.
        guard position < segments.count else { continue }
        guard let value = Self.typed(segments[position], type) else { return nil }
        values[name] = value
      case .oneOrMore(let name), .zeroOrMore(let name):
        values[name] = .segments(Array(segments[position..<restEnd]))
      case .template(let parts):
        // A custom-scheme link's first segment: as written first, then without case.
        guard position < segments.count,
          let found = Self.templateValues(parts, segments[position], folds: caseInsensitive)
            ?? (!link.isWeb && link.host == nil && position == 0
              ? Self.templateValues(parts, segments[position], folds: true) : nil)
        else { return nil }
        values.merge(found) { _, new in new }
      case .valueSet(let name, let members):
        // Byte for byte, also in a case-insensitive table; a custom-scheme link's first segment (its
        // authority) without case when it is no word as written.
        guard position < segments.count,
          let word = Self.Piece.member(of: members, segments[position], folds: false)
            ?? (!link.isWeb && position == 0
              ? Self.Piece.member(of: members, segments[position], folds: true) : nil)
        else { return nil }
        values[name] = .string(word)
      case .kind(let name, let kind):
        // Byte for byte everywhere, the first segment of a custom-scheme link included.
        guard position < segments.count, kind.accepts(segments[position]) else { return nil }
        values[name] = .string(segments[position])
      }
    }
    // A route ending with a catch-all takes a trailing slash either way (ROUTING: catch-alls).
    if strictTrailingSlash && route.pieces.last?.isCatchAll != true
      && route.trailingSlash != link.trailingSlash
    {
      return nil
    }
    for item in route.query {
      // A scalar read takes the first item of that name; no value and an empty value count as absent.
      let first = link.query.first { $0.name == item.key }
      let text = first?.value ?? ""
      if let literal = item.literal {
        guard text.utf8.elementsEqual(literal.utf8) else { return nil }
        continue
      }
      if item.absent {
        guard text.isEmpty else { return nil }
        continue
      }
      if text.isEmpty {
        if !item.isOptional { return nil }
        continue
      }
      if let members = item.members {
        guard members.contains(where: { $0.utf8.elementsEqual(text.utf8) }) else { return nil }
        values[item.name] = .string(text)
        continue
      }
      if let kind = item.appKind {
        guard kind.accepts(text) else { return nil }
        values[item.name] = .string(text)
        continue
      }
      guard let value = Self.typed(text, item.type) else { return nil }
      values[item.name] = value
    }
    return values
  }

  /// Whether `route` beats `other` when both match one link: piece kinds left to right (a route that
  /// ends beats a `*` that matches nothing), then the query requirements as the router documents
  /// them: more required items, more typed required items, the signature, then the name.
  func isMoreSpecific(_ route: Route, than other: Route) -> Bool {
    let count = max(route.pieces.count, other.pieces.count)
    for position in 0..<count {
      let left = position < route.pieces.count ? route.pieces[position].rank : -1
      let right = position < other.pieces.count ? other.pieces[position].rank : -1
      if left != right,
        !(route.pieces.indices.contains(position) && other.pieces.indices.contains(position)
          && route.pieces[position].isCatchAll && other.pieces[position].isCatchAll)
      {
        return left < right
      }
      if case .template(let a) = route.pieces[position], case .template(let b) = other.pieces[position] {
        let order = Self.templateOrder(a, b, caseInsensitive: caseInsensitive)
        if order != 0 { return order < 0 }
      }
      // Of two sets: fewer words first, then their words in byte order.
      if case .valueSet(_, let a) = route.pieces[position], case .valueSet(_, let b) = other.pieces[position]
      {
        if a.count != b.count { return a.count < b.count }
        let (left, right) = (Piece.setKey(a, folds: false), Piece.setKey(b, folds: false))
        if left != right { return left.utf8.lexicographicallyPrecedes(right.utf8) }
      }
      if case .kind(_, let a) = route.pieces[position], case .kind(_, let b) = other.pieces[position], a != b
      {
        return a.ranksBefore(b)
      }
      if route.pieces[position].isCatchAll {
        // Both have their catch-all here. One followed by more pieces takes fewer segments and wins
        // (a middle catch-all before one that ends the path); then `+` before `*`; with as many
        // pieces after, those compare left to right, as they read the same segments.
        let leftAfter = route.pieces.count - position - 1
        let rightAfter = other.pieces.count - position - 1
        if leftAfter != rightAfter { return leftAfter > rightAfter }
        if left != right { return left < right }
        for offset in 1..<(leftAfter + 1) {
          let a = route.pieces[position + offset]
          let b = other.pieces[position + offset]
          if a.rank != b.rank { return a.rank < b.rank }
          if case .template(let x) = a, case .template(let y) = b {
            let order = Self.templateOrder(x, y, caseInsensitive: caseInsensitive)
            if order != 0 { return order < 0 }
          }
          if case .kind(_, let x) = a, case .kind(_, let y) = b, x != y { return x.ranksBefore(y) }
        }
        break
      }
    }
    if route.scopeRank != other.scopeRank { return route.scopeRank < other.scopeRank }
    let leftLiterals = route.query.filter { $0.literal != nil }.count
    let rightLiterals = other.query.filter { $0.literal != nil }.count
    if leftLiterals != rightLiterals { return leftLiterals > rightLiterals }
    let leftRequired = route.query.filter { !$0.isOptional }
    let rightRequired = other.query.filter { !$0.isOptional }
    if leftRequired.count != rightRequired.count { return leftRequired.count > rightRequired.count }
    let leftTyped = leftRequired.filter { $0.type != .string || $0.members != nil || $0.appKind != nil }.count
    let rightTyped = rightRequired.filter { $0.type != .string || $0.members != nil || $0.appKind != nil }
      .count
    if leftTyped != rightTyped { return leftTyped > rightTyped }
    let leftAbsent = route.query.filter(\.absent).count
    let rightAbsent = other.query.filter(\.absent).count
    if leftAbsent != rightAbsent { return leftAbsent > rightAbsent }
    if route.signature != other.signature { return route.signature < other.signature }
    return route.name < other.name
  }

  /// Whether two routes match exactly the same set of links (the table must refuse them), length
  /// limits aside. Paths: for each length, the links of that length a route matches are empty or a
  /// product of one set per position (a literal, `int`, `uuid`, any segment); catch-alls repeat any
  /// segment, so comparing every length up to one past the longer fixed part covers all lengths. The
  /// trailing slash counts when strict. Query: per key, what a route requires of the first value
  /// (optional string items and undeclared keys require nothing).
  func areAmbiguous(_ route: Route, _ other: Route) -> Bool {
    // A route that reads the fragment never claims the links of one that ignores it; two that read
    // it are compared over path, mark and fragment.
    if (route.fragmentPieces == nil) != (other.fragmentPieces == nil) { return false }
    if route.fragmentPieces != nil { return areAmbiguous(route.combined, other.combined) }
    // A route with an optional last piece claims the links of each of its variants.
    if route.variants.count > 1 || other.variants.count > 1 {
      return route.variants.contains { left in other.variants.contains { areAmbiguous(left, $0) } }
    }
    let longest = max(route.pieces.count, other.pieces.count) + 1
    for length in 0...longest where !Self.alike(positionSets(route, length), positionSets(other, length)) {
      return false
    }
    if strictTrailingSlash && route.trailingSlash != other.trailingSlash { return false }
    // Of one scope rank, two routes are the same for the links both scopes admit.
    if route.scopeRank != other.scopeRank { return false }
    if let left = route.schemes, let right = other.schemes, !left.contains(where: right.contains) {
      return false
    }
    if let left = route.hosts, let right = other.hosts, !left.contains(where: right.contains) { return false }
    let (left, right) = (queryDemands(route), queryDemands(other))
    return left.keys.sorted() == right.keys.sorted()
      && left.allSatisfy { key, value in Self.alike([value], right[key].map { [$0] }) }
  }

  /// Whether two lists of position (or query) sets reach a link in common as one route would: equal,
  /// but where both hold an app kind, kinds that share a value count as alike (the table refuses such
  /// routes: no rank orders two kinds that hold one value).
  static func alike(_ left: [String]?, _ right: [String]?) -> Bool {
    guard let left, let right else { return left == nil && right == nil }
    guard left.count == right.count else { return false }
    return zip(left, right).allSatisfy { a, b in
      if a == b { return true }
      guard let x = kind(inSet: a), let y = kind(inSet: b), x.prefix == y.prefix else { return false }
      return x.kind.overlaps(y.kind)
    }
  }

  /// The kind a position or query set names (`kind NAME`, after any `true `/`false ` optionality),
  /// with that optionality as its prefix.
  private static func kind(inSet text: String) -> (prefix: Substring, kind: Kind)? {
    guard let range = text.range(of: "kind "), let kind = kind(named: String(text[range.upperBound...]))
    else {
      return nil
    }
    return (text[..<range.lowerBound], kind)
  }

  /// What each position of a link of `length` segments must be for the route, or `nil` when no link of
  /// that length matches it.
  private func positionSets(_ route: Route, _ length: Int) -> [String]? {
    var sets: [String] = []
    for (index, piece) in route.pieces.enumerated() {
      switch piece {
      case .literal(let literal):
        // By its scalars: two spellings of one canonical text are two literals.
        let text = caseInsensitive ? literal.lowercased() : literal
        sets.append(
          "literal " + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
      case .parameter(_, let type), .optional(_, let type): sets.append("\(type)")
      case .template(let parts):
        let text = Self.templateText(parts, named: false)
        sets.append("template " + (caseInsensitive ? text.lowercased() : text))
      case .valueSet(_, let members): sets.append("set " + Piece.setKey(members, folds: false))
      case .kind(_, let kind): sets.append("kind \(kind.name)")
      case .oneOrMore, .zeroOrMore:
        // The pieces after it are read from the end: the catch-all takes what lies between.
        var rest = route
        rest.pieces = Array(route.pieces[(index + 1)...])
        let after = rest.pieces.count
        var fewest = sets.count + after
        if case .oneOrMore = piece { fewest += 1 }
        guard length >= fewest, let tail = positionSets(rest, after) else { return nil }
        return sets + Array(repeating: "string", count: length - sets.count - after) + tail
      }
    }
    return sets.count == length ? sets : nil
  }

  private func queryDemands(_ route: Route) -> [String: String] {
    var demands: [String: String] = [:]
    for item in route.query
    where !(item.isOptional && item.type == .string && item.members == nil) || item.absent {
      demands[item.key] =
        item.literal.map {
          "literal " + $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }
        ?? (item.absent ? "absent" : "\(item.isOptional) \(item.kind)")
    }
    return demands
  }

  /// Whether a piece is an optional last segment.
  static func isOptional(_ piece: Piece) -> Bool {
    if case .optional = piece { return true }
    return false
  }

  static func typed(_ text: String, _ type: ParameterType) -> ParameterValue? {
    switch type {
    case .string:
      return text.isEmpty ? nil : .string(text)
    case .int:
      // An optional "-", then ASCII digits only, fitting in Int.
      let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      return Int(text).map(ParameterValue.int)
    case .uuid:
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.map(\.utf8.count) == [8, 4, 4, 4, 12],
        parts.allSatisfy({ $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) })
      else { return nil }
      return UUID(uuidString: text).map(ParameterValue.uuid)
    case .bool:
      return text == "true" ? .bool(true) : text == "false" ? .bool(false) : nil
    case .decimal:
      // Digits, optionally a point and more digits, after an optional "-"; a finite Double.
      let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
      let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
        let number = Double(text), number.isFinite
      else { return nil }
      return .decimal(number)
    case .url:
      let lower = text.lowercased()
      guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
        text.unicodeScalars.allSatisfy({
          $0.isASCII
            && (CharacterSet.alphanumerics.contains($0)
              || "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains($0))
        }),
        let url = URL(string: text), let host = url.host, !host.isEmpty
      else { return nil }
      let afterScheme = lower.hasPrefix("https://") ? text.dropFirst(8) : text.dropFirst(7)
      guard let first = afterScheme.first, !"/?#".contains(first) else { return nil }
      return .url(url)
    case .link:
      // A path whose second character is not "/", or a scheme (a letter, then letters, digits, "+",
      // "-", ".") followed by ":" and more; only characters RFC 3986 allows.
      let allowed = text.unicodeScalars.allSatisfy {
        $0.isASCII
          && (CharacterSet.alphanumerics.contains($0)
            || "-._~:/?#[]@!$&'()*+,;=%".unicodeScalars.contains($0))
      }
      guard allowed, let first = text.unicodeScalars.first else { return nil }
      if first == "/" { return text.hasPrefix("//") ? nil : .string(text) }
      guard let colon = text.firstIndex(of: ":"), text.index(after: colon) < text.endIndex else { return nil }
      let scheme = text[..<colon].unicodeScalars
      guard let head = scheme.first, CharacterSet.letters.contains(head),
        scheme.allSatisfy({ CharacterSet.alphanumerics.contains($0) || "+-.".unicodeScalars.contains($0) })
      else { return nil }
      return .string(text)
    }
  }
}

/// A reading rule a link broke, by its code.
struct ReferenceFailure: Error, Equatable {
  var code: String
  init(_ code: String) { self.code = code }
}

/// Percent-coding written from RFC 3986 and the rules, for the reference and the generators.
enum ReferenceCoding {
  static func decode(_ bytes: [UInt8], plusAsSpace: Bool) -> Result<String, ReferenceFailure> {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count,
          let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
          bytes[(index + 1)...(index + 2)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { return .failure(ReferenceFailure("malformed-percent-escape")) }
        output.append(value)
        index += 3
      } else {
        output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    guard let text = String(bytes: output, encoding: .utf8) else {
      return .failure(ReferenceFailure("invalid-utf8"))
    }
    if text.unicodeScalars.contains(where: isForbidden) {
      return .failure(ReferenceFailure("forbidden-character"))
    }
    return .success(text)
  }

  /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let bidi: Set<UInt32> = [
      0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidi.contains(scalar.value)
  }

  /// Encodes every byte but ASCII letters and digits.
  static func encodeAll(_ text: String) -> String {
    encode(text) { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
  }

  static func encode(_ text: String, lowercaseHex: Bool = false, keeping keep: (UInt8) -> Bool) -> String {
    var output = ""
    for byte in text.utf8 {
      if keep(byte) {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: !lowercaseHex)
        output += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return output
  }
}

extension Character {
  var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
