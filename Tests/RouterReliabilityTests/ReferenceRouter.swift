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
    /// One segment whose value passes a check written after its type (ValueChecks.md:
    /// `{name:int(1...12)}`, `{name:decimal(-90...90)}`, `{name:url(https)}`, `{name:string(lower)}`,
    /// `{name:(a|b)(lower)}`), one of ``ReferenceRouter/checks``.
    case check(String, Check)
    /// A catch-all read as operator/operand pairs (ROUTING: pair catch-alls): an even run (at least
    /// two segments when `atLeastOne`), each operand of a typed operator of its type.
    case pairs(String, atLeastOne: Bool, typed: [String: ParameterType])
    /// A catch-all whose every segment is of one type (ROUTING: typed catch-alls, `{ids:int+}`): a run
    /// (at least one segment when `atLeastOne`), each segment read as its type reads it.
    case typedRun(String, atLeastOne: Bool, type: ParameterType)
    /// The rest of the link (ROUTING: the rest of a link): the link's text from the segment at its
    /// place to the end, query and fragment included, as written. Last, in a route without query
    /// items or fragment.
    case restOfLink(String)

    /// Specificity of the piece: lower wins (literal > value set > template > check > typed >
    /// app kind > plain > `+` > `*`); of two typed pieces that can both take a segment, the narrower wins (an int
    /// is also a decimal; a UUID or `true` is also an address; an address with a port is also a link).
    var rank: Int {
      switch self {
      case .literal: 0
      case .valueSet: 1
      case .template: 2
      case .check: 3
      case .parameter(_, .int), .parameter(_, .uuid), .parameter(_, .bool), .parameter(_, .url): 4
      case .parameter(_, .decimal), .parameter(_, .address): 5
      case .parameter(_, .link): 6
      case .kind: 7
      case .parameter(_, .string): 8
      case .optional(let name, let type): Piece.parameter(name, type).rank
      case .pairs: 9
      case .typedRun: 10
      case .oneOrMore: 11
      case .zeroOrMore: 12
      case .restOfLink: 13
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
      case .oneOrMore, .zeroOrMore, .pairs, .typedRun, .restOfLink: true
      case .literal, .parameter, .template, .optional, .valueSet, .kind, .check: false
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
    /// `key={name:int(1...12)}`: the value must pass this check (`type` is the check's type).
    var check: Check? = nil

    /// The kind as the router orders routes: `type`, the set's words, or the app kind's name.
    var kind: String {
      if let appKind { return "kind \(appKind.name)" }
      // A check is read as a kind named by its text.
      if let check { return "kind \(check.text)" }
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
          case .check(let name, let check): "{\(name):\(check.text)}"
          case .pairs(let name, let atLeastOne, let typed):
            "{\(name):pairs"
              + (typed.isEmpty
                ? ""
                : "(" + typed.sorted { $0.key < $1.key }.map { "\($0):\($1)" }.joined(separator: "|") + ")")
              + (atLeastOne ? "+}" : "*}")
          case .typedRun(let name, let atLeastOne, let type): "{\(name):\(type)\(atLeastOne ? "+" : "*")}"
          case .restOfLink(let name): "{\(name):rest}"
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
            if let check = item.check {
              return
                "\(ReferenceCoding.encodeAll(item.key))={\(item.name):\(check.text)\(item.isOptional ? "?" : "")}"
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

    /// Whether this is the variant of a route whose last piece, an optional one, is left out: the
    /// route as written does not end with the piece that now ends it.
    var endedWithOptional = false

    /// The routes this one stands for: itself, or, when its last piece is optional, the route
    /// without that piece and the route with it as a parameter.
    var variants: [Route] {
      guard case .optional(let name, let type) = pieces.last else { return [self] }
      var without = self
      without.pieces.removeLast()
      without.endedWithOptional = true
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
    /// For each segment, the link's text from its first byte to the link's end, as written.
    var rawFrom: [String] = []
    /// The link's text after its path: the query and fragment with their marks.
    var afterPath = ""
    /// The scheme, lower-cased.
    var scheme = ""
    /// A web link's host, lower-cased, with its port when it has one that is not the default.
    var host: String? = nil
    /// Whether the host is one the table does not list (read only beside an any-host route).
    var hostIsUnlisted = false
    /// Whether the custom-scheme authority holds a ":" (read only beside a route that starts with an
    /// address, and reached only by such routes).
    var authorityIsAddress = false
    /// When the table has fragment routes that start as the fragment does (with "/" or not): its
    /// segments (split on "/", empty ones dropped, decoded as path segments), its query (after its
    /// first "?") and its trailing slash.
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

  /// Whether the route's first piece is an address, the only piece that reads a custom-scheme
  /// authority holding a ":".
  static func takesAddress(_ route: Route) -> Bool {
    switch route.pieces.first {
    case .parameter(_, .address)?, .optional(_, .address)?: true
    default: false
    }
  }

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
    // The router reads the two-host scope through a host group; the reference reads the hosts.
    let both = ["b.example", "example.com"]
    let grouped = both.allSatisfy(hosts.contains)
    return RouteTable(
      schemes: schemes, hosts: hosts, hostGroups: grouped ? ["both": both] : [:], options: options,
      kinds: Dictionary(
        uniqueKeysWithValues: Self.kinds.map {
          (
            $0.name,
            ValueKind(
              characters: $0.declared, prefix: $0.prefix, minLength: $0.minLength, maxLength: $0.maxLength)
          )
        }),
      routes: routes.map {
        RouteDefinition(
          $0.name, $0.patternText, hosts: grouped && $0.hosts == both ? ["@both"] : $0.hosts,
          schemes: $0.schemes)
      })
  }
}
