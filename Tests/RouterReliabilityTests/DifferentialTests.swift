import DeepLinkRouting
import DeepLinkingTestSupport
import Foundation
import Testing

/// The router against ``ReferenceRouter`` on random tables and random links: any disagreement is a
/// bug in one of them. The stress run's comparison is seeded (`DEEPLINK_DIFF_SEED`) and sized
/// (`DEEPLINK_DIFF_CASES`).
@Suite("Reliability: differential against a reference router")
struct ReliabilityDifferentialTests {
  static let literals = ["a", "b", "video", "Video", "caf\u{E9}", "x y", "a+b", "%", "1", "日本"]
  static let queryKeys = ["q", "page", "tag", "Q"]
  /// Words of value sets: some are literals, numbers or booleans too, so sets compete with them.
  static let setWords = ["general", "privacy", "a", "b", "Video", "1", "true", "x y", "a+b", "caf\u{E9}"]

  /// A value set of one to three distinct words.
  static func setMembers(using random: inout SeededGenerator) -> [String] {
    Array(setWords.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
  }

  /// A random table whose routes overlap a lot, without two routes the router must refuse.
  ///
  /// With `addresses`, routes take server addresses too (`{p0:address}`, mostly first, where it reads a
  /// custom-scheme authority with a port), and links carry ports in that authority.
  static func table(using random: inout SeededGenerator, addresses: Bool = false) -> ReferenceRouter {
    var reference = ReferenceRouter(
      schemes: random.chance(0.3) ? ["app", "http"] : ["app"],
      hosts: ["example.com", "b.example", "bücher.example"],
      caseInsensitive: random.chance(0.2), strictTrailingSlash: random.chance(0.2), routes: [])
    reference.plusIsSpace = random.chance(0.8)
    if random.chance(0.2) { reference.listedHostInCustomScheme = true }
    let count = Int.random(in: 2...12, using: &random)
    for index in 0..<(count * 3) where reference.routes.count < count {
      let route = Self.route(named: "r\(index)", using: &random, addresses: addresses)
      if reference.routes.contains(where: { reference.areAmbiguous($0, route) }) { continue }
      reference.routes.append(route)
    }
    // Now and then a route that takes the rest of the link after a few pieces of another route (no
    // catch-all or optional piece among them): no query item, no fragment.
    if !addresses && random.chance(0.4) {
      var route = Self.route(named: "rest", using: &random)
      route.pieces = Array(
        (route.pieces + (route.fragmentPieces ?? [])).prefix { piece in
          if case .optional = piece { return false }
          return !piece.isCatchAll
        }.prefix(2))
      route.pieces.append(.restOfLink("tail"))
      (route.query, route.fragmentPieces, route.trailingSlash) = ([], nil, false)
      if !reference.routes.contains(where: { reference.areAmbiguous($0, route) }) {
        reference.routes.append(route)
      }
    }
    return reference
  }

  static func route(
    named name: String, using random: inout SeededGenerator, addresses: Bool = false
  ) -> ReferenceRouter.Route {
    var pieces: [ReferenceRouter.Piece] = []
    let depth = Int.random(in: 0...4, using: &random)
    for position in 0..<depth {
      let roll = Int.random(in: 0..<100, using: &random)
      let parameter = "p\(position)"
      let hasCatchAll = pieces.contains(where: \.isCatchAll)
      if !addresses && position > 0 && position == depth - 1 && roll >= 88 && !hasCatchAll
        && random.chance(0.3)
      {
        // A pair catch-all, its operators sometimes typed.
        let typed: [String: ParameterType] = random.chance(0.5) ? ["a": .int] : [:]
        pieces.append(.pairs(parameter, atLeastOne: roll < 94, typed: typed))
      } else if !addresses && position > 0 && roll >= 88 && !hasCatchAll && random.chance(0.3) {
        // A typed catch-all, last or in the middle.
        pieces.append(
          .typedRun(parameter, atLeastOne: roll < 94, type: random.pick([.int, .int, .decimal, .bool])))
      } else if position == depth - 1 && roll >= 88 && !hasCatchAll {
        pieces.append(roll >= 94 ? .zeroOrMore(parameter) : .oneOrMore(parameter))
      } else if position < depth - 1 && roll >= 93 && !hasCatchAll {
        // A middle catch-all: the pieces after it are read from the link's end.
        pieces.append(roll >= 95 ? .zeroOrMore(parameter) : .oneOrMore(parameter))
      } else if position == depth - 1 && roll >= 84 {
        pieces.append(.optional(parameter, random.pick([.string, .string, .string, .int, .bool])))
      } else if roll < 38 || (addresses && roll < 45) {
        pieces.append(.literal(random.pick(Array(literals.prefix(position == 0 ? 4 : literals.count)))))
      } else if roll < 45 {
        // A check on a value (a range, https, lower case), in place of a literal.
        pieces.append(.check(parameter, random.pick(ReferenceRouter.checks)))
      } else if roll < 58 {
        pieces.append(.parameter(parameter, .int))
      } else if roll < 66 {
        pieces.append(.parameter(parameter, .uuid))
      } else if roll < 69 {
        pieces.append(.parameter(parameter, .bool))
      } else if roll < 73 {
        pieces.append(.parameter(parameter, .decimal))
      } else if roll < 75 {
        pieces.append(.parameter(parameter, .url))
      } else if roll < 82 {
        pieces.append(.template(template(named: parameter, using: &random)))
      } else if roll < 86 {
        pieces.append(.valueSet(parameter, setMembers(using: &random)))
      } else if roll < 88 {
        if random.chance(0.6) {
          pieces.append(.check(parameter, random.pick(ReferenceRouter.checks)))
        } else {
          pieces.append(.kind(parameter, random.pick(ReferenceRouter.kinds)))
        }
      } else if addresses && (position == 0 || roll >= 97) {
        pieces.append(.parameter(parameter, .address))
      } else {
        pieces.append(.parameter(parameter, .string))
      }
    }
    var query: [ReferenceRouter.QueryPiece] = []
    if random.chance(0.3) {
      for key in queryKeys where random.chance(0.35) {
        var piece = ReferenceRouter.QueryPiece(
          key: key, name: "k\(query.count)",
          type: random.pick(
            addresses
              ? [.string, .int, .uuid, .bool, .decimal, .url, .address]
              : [.string, .string, .int, .uuid, .bool, .decimal, .url]),
          isOptional: random.chance(0.4))
        // Now and then a literal value (`key=1`) or an absent-only item (`!key`).
        if random.chance(0.15) {
          piece = ReferenceRouter.QueryPiece(
            key: key, name: "", type: .string, isOptional: false, literal: random.pick(["1", "on", "a b"]))
        } else if random.chance(0.1) {
          piece = ReferenceRouter.QueryPiece(
            key: key, name: "", type: .string, isOptional: true, absent: true)
        } else if random.chance(0.12) {
          piece.type = .string
          piece.members = setMembers(using: &random)
        } else if random.chance(0.08) {
          piece.type = .string
          piece.appKind = random.pick(ReferenceRouter.kinds)
        } else if random.chance(0.3) {
          let check = random.pick(ReferenceRouter.checks)
          (piece.type, piece.check) = (check.type, check)
        }
        query.append(piece)
      }
    }
    let isCatchAll = pieces.last?.isCatchAll ?? false
    // The root pattern "/" has no segment, so it cannot have a trailing slash.
    var route = ReferenceRouter.Route(
      name: name, pieces: pieces, query: query,
      trailingSlash: !isCatchAll && !pieces.isEmpty && random.chance(0.15))
    // Now and then a host or scheme scope.
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<8: route.hosts = ["example.com"]
    case 8..<12: route.hosts = ["b.example"]
    case 12..<14: route.hosts = ["b.example", "example.com"]
    case 14..<17: route.hosts = ["*"]
    // A host written in Unicode or in its ASCII form: one host.
    case 17..<19: route.hosts = [random.pick(["bücher.example", "xn--bcher-kva.example"])]
    default: break
    }
    if random.chance(0.06) { route.schemes = random.pick([["app"], ["https"], ["https", "app"]]) }
    // Now and then a route that reads the fragment: the pieces from some point on are the fragment's
    // (an optional piece stays last, so in the fragment).
    if random.chance(0.2) {
      var split = Int.random(in: 0...pieces.count, using: &random)
      if case .optional = pieces.last, split == pieces.count { split -= 1 }
      route.pieces = Array(pieces[..<split])
      route.fragmentPieces = Array(pieces[split...])
      if route.fragmentPieces?.isEmpty ?? true { route.trailingSlash = false }
      // Half of them written without the fragment's leading "/" (`/#narrow/{rest*}`).
      // (A fragment without "/", segments or query would be an empty `#`, which no pattern writes.)
      route.fragmentStartsWithSlash =
        random.chance(0.5) || (route.fragmentPieces?.isEmpty ?? true) && route.query.isEmpty
    }
    return route
  }

  /// Template literals: prefixes of any text, separators and suffixes no typed value can hold after its
  /// first character (so no template is refused), a few shared so templates overlap.
  static let templatePrefixes = ["v", "V", "wire-", "a"]
  static let templateSeparators = ["@", "_", "~", "@@"]
  static let templateSuffixes = ["~json", "@x", "_"]

  /// A segment template of one or two parameters with literal text around them.
  static func template(named name: String, using random: inout SeededGenerator) -> [ReferenceRouter
    .TemplatePart]
  {
    var parts: [ReferenceRouter.TemplatePart] = []
    let hasPrefix = random.chance(0.6)
    if hasPrefix { parts.append(.literal(random.pick(templatePrefixes))) }
    let types: [ParameterType] = [.string, .string, .int, .uuid, .bool, .decimal]
    let first = random.pick(types)
    parts.append(.parameter(name + "a", first))
    if random.chance(0.4) {
      // `-` after a value that holds it only as its first character (an int, a decimal) or any text.
      let separators = first == .uuid ? templateSeparators : templateSeparators + ["-"]
      parts.append(.literal(random.pick(separators)))
      parts.append(.parameter(name + "b", random.pick(types)))
    }
    if !hasPrefix || random.chance(0.4) { parts.append(.literal(random.pick(templateSuffixes))) }
    return parts
  }

  /// A link that mostly reaches one of the table's routes, built with awkward spellings.
  static func link(for table: ReferenceRouter, using random: inout SeededGenerator) -> String {
    let route = random.pick(table.routes)
    let addresses = table.routes.contains(where: ReferenceRouter.takesAddress)
    func segmentsOf(_ pieces: [ReferenceRouter.Piece]) -> [String] {
      var segments: [String] = []
      for piece in pieces {
        switch piece {
        case .literal(let literal):
          var text = literal
          if random.chance(0.05) { text = random.pick(literals) }
          if random.chance(0.05) { text = text.uppercased() }
          segments.append(encodePath(text, using: &random))
        case .parameter(_, let type):
          segments.append(value(of: type, using: &random, inQuery: false))
        case .optional(_, let type):
          if random.chance(0.6) { segments.append(value(of: type, using: &random, inQuery: false)) }
        case .valueSet(_, let members):
          var text = random.chance(0.9) ? random.pick(members) : random.pick(setWords + literals)
          if random.chance(0.04) { text = text.uppercased() }
          segments.append(encodePath(text, using: &random))
        case .kind(_, let kind):
          segments.append(encodePath(kindValue(kind, using: &random), using: &random))
        case .check(_, let check):
          segments.append(checkValue(check, using: &random, inQuery: false))
        case .pairs:
          // Mostly pairs, operator `a` with an int or some other text, sometimes an odd run.
          for _ in 0..<Int.random(in: 0...2, using: &random) {
            segments.append(random.pick(["a", "b", "a"]))
            segments.append(random.chance(0.9) ? String(Int.random(in: -9...99, using: &random)) : "x")
          }
          if random.chance(0.05) { segments.append("a") }
        case .typedRun(_, _, let type):
          // Mostly values of its type, sometimes one of another.
          for _ in 0..<Int.random(in: 0...3, using: &random) {
            segments.append(value(of: random.chance(0.9) ? type : .string, using: &random, inQuery: false))
          }
        case .oneOrMore, .zeroOrMore, .restOfLink:
          for _ in 0..<Int.random(in: 0...3, using: &random) {
            segments.append(value(of: .string, using: &random, inQuery: false))
          }
        case .template(let parts):
          var text = ""
          for part in parts {
            switch part {
            case .literal(let literal):
              var literalText = random.chance(0.03) ? random.pick(templateSeparators) : literal
              if random.chance(0.03) { literalText = literalText.uppercased() }
              text += encodePath(literalText, using: &random)
            case .parameter(_, let type):
              // Sometimes a value holding a separator, which the leftmost rule reads its own way.
              text +=
                random.chance(0.05)
                ? encodePath(random.pick(templateSeparators) + "x", using: &random)
                : value(of: type, using: &random, inQuery: false)
            }
          }
          segments.append(text)
        }
      }
      return segments
    }
    var segments = segmentsOf(route.pieces)
    var fragmentSegments = route.fragmentPieces.map(segmentsOf)
    if random.chance(0.08) {
      let extra = value(of: .string, using: &random, inQuery: false)
      if fragmentSegments != nil { fragmentSegments?.append(extra) } else { segments.append(extra) }
    }
    if random.chance(0.05) {
      if let last = fragmentSegments, !last.isEmpty {
        fragmentSegments?.removeLast()
      } else if !segments.isEmpty {
        segments.removeLast()
      }
    }
    var path = segments.joined(separator: random.chance(0.05) ? "//" : "/")
    // The fragment starts as the route's does, or now and then the other way (`#x` for `#/x`).
    let slash = route.fragmentStartsWithSlash != random.chance(0.05)
    var fragmentPath = fragmentSegments.map {
      (slash ? "/" : "") + $0.joined(separator: random.chance(0.05) ? "//" : "/")
    }
    if random.chance(0.2) {
      if fragmentPath != nil { fragmentPath? += "/" } else { path += "/" }
    }

    var prefix = random.pick([
      "https://example.com/", "https://example.com/", "https://EXAMPLE.COM/", "https://example.com:443/",
      "app://", "app://", "app:///", "app:", "APP://", "http://example.com/", "https://example.com.evil.com/",
      "https://user@example.com/", "https:/", "other://",
    ])
    // Now and then another host: listed, unlisted, with a port; or a custom scheme carrying a host.
    if random.chance(0.1) {
      prefix = random.pick([
        "https://b.example/", "https://other.example/", "https://b.example:8443/", "app://example.com/",
        "app://B.example/",
        // The Unicode host in each spelling a link may use, and hosts that have no ASCII form.
        "https://bücher.example/", "https://xn--bcher-kva.example/", "https://BÜCHER.example/",
        "https://b%C3%BCcher.example/", "app://bücher.example/", "https://xn--zz.example/",
        "https://b%FCcher.example/", "https://bu\u{0308}cher.example/",
      ])
    }
    // Where routes take addresses: now and then a custom-scheme authority with a port of its own.
    if addresses && random.chance(0.1) {
      prefix = random.pick([
        "app://localhost:8065/", "app://[::1]:1/", "app://a@b:1/", "app://b.example:8443/",
        "app://bücher.example:8443/", "app://xn--bcher-kva.example:1/",
      ])
    }
    // Mostly a link the route's scope admits.
    if random.chance(0.85) {
      if route.schemes == ["app"] {
        prefix = "app://"
      } else if let hosts = route.hosts {
        let host = hosts == ["*"] ? random.pick(["other.example", "example.com"]) : random.pick(hosts)
        prefix =
          "https://" + (host == "bücher.example" && random.chance(0.5) ? "xn--bcher-kva.example" : host) + "/"
      }
    }
    var items: [String] = []
    for item in route.query {
      let key = ReferenceCoding.encode(item.key) { $0 != 0x25 && $0 > 0x20 && $0 < 0x7F && $0 != 0x26 }
      if let literal = item.literal, random.chance(0.6) {
        items.append("\(key)=\(ReferenceCoding.encodeAll(literal))")
        continue
      }
      if item.absent, random.chance(0.5) { continue }
      if let members = item.members, random.chance(0.7) {
        let word = random.chance(0.9) ? random.pick(members) : random.pick(setWords)
        items.append("\(key)=\(ReferenceCoding.encodeAll(random.chance(0.04) ? word.uppercased() : word))")
        continue
      }
      if let check = item.check, random.chance(0.7) {
        items.append("\(key)=\(checkValue(check, using: &random, inQuery: true))")
        continue
      }
      if let kind = item.appKind, random.chance(0.7) {
        items.append("\(key)=\(ReferenceCoding.encodeAll(kindValue(kind, using: &random)))")
        continue
      }
      switch Int.random(in: 0..<100, using: &random) {
      case 0..<65: items.append("\(key)=\(value(of: item.type, using: &random, inQuery: true))")
      case 65..<75: continue
      case 75..<82: items.append("\(key)=")
      case 82..<88: items.append(key)
      case 88..<94:
        items.append(
          "\(key)=\(value(of: random.pick([.int, .uuid, .string, .bool, .decimal, .url, .link]), using: &random, inQuery: true))"
        )
      default:
        items.append("\(key)=\(value(of: item.type, using: &random, inQuery: true))")
        items.append("\(key)=\(value(of: .string, using: &random, inQuery: true))")
      }
    }
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      items.append(random.pick(["utm=x", "flag", "flag=", "a+b=c+d", "x=%2B", "page=two", "q", "&", "=v"]))
    }
    items.shuffle(using: &random)
    var link = prefix + path
    let query = "?" + items.joined(separator: "&")
    if let fragmentPath {
      // A fragment route's query is inside its fragment; the path's own query is not read.
      if random.chance(0.1) { link += "?" + random.pick(["utm=x", "k0=1"]) }
      link += "#" + fragmentPath
      if !items.isEmpty || random.chance(0.05) { link += query }
    } else {
      if !items.isEmpty || random.chance(0.05) { link += query }
      if random.chance(0.1) {
        link +=
          "#" + random.pick(["top", "a%20b", "q=1", "%2F", "/", "/a", "/#x/1?k0=2", "/%23/2", "", "?k0=1"])
      }
    }
    if random.chance(0.04) {
      // A broken piece somewhere: malformed or forbidden escapes, raw characters a URL cannot hold.
      let broken = random.pick(["%ZZ", "%E0%A4%A", "%C3", "%00", "%E2%80%AE", "%7F", " ", "%", "%C2%85"])
      let offsets = Array(link.indices)
      let at = offsets[Int.random(in: (offsets.count / 2)..<offsets.count, using: &random)]
      link.insert(contentsOf: broken, at: at)
    }
    return link
  }

  /// A value for a parameter type: mostly valid, sometimes an awkward near miss.
  /// Mostly a value of the kind, of a random length within its bounds; now and then a value of another
  /// kind, one character too many or too few, or one it does not allow.
  static func kindValue(_ kind: ReferenceRouter.Kind, using random: inout SeededGenerator) -> String {
    let kind = random.chance(0.15) ? random.pick(ReferenceRouter.kinds) : kind
    let most = min(kind.maxLength ?? (kind.minLength + 4), kind.minLength + 4)
    var length = Int.random(in: kind.minLength...most, using: &random)
    if random.chance(0.05) { length = random.chance(0.5) ? length + 5 : max(0, kind.minLength - 1) }
    var text = kind.prefix
    let characters = Array(kind.characters)
    for _ in 0..<length { text.append(random.pick(characters)) }
    if random.chance(0.05) { text += random.pick(["x", "/", " ", "é", "Z"]) }
    return text
  }

  /// A value for a check: mostly one that passes, now and then one just past an end, of the wrong
  /// scheme or case, not of the type, or a value of another type.
  static func checkValue(
    _ check: ReferenceRouter.Check, using random: inout SeededGenerator, inQuery: Bool
  ) -> String {
    let check = random.chance(0.1) ? random.pick(ReferenceRouter.checks) : check
    var text: String
    switch check {
    case .ints(let low, let high):
      let (least, most) = (low ?? (high ?? 0) - 20, high ?? (low ?? 0) + 20)
      text = String(
        random.chance(0.7)
          ? Int.random(in: least...most, using: &random) : random.pick([least - 1, most + 1]))
      if random.chance(0.05) { text = random.pick(["x\(text)", "+\(text)", "\(text).0"]) }
    case .decimals(let low, let high):
      // Mostly an end or a value inside, now and then one just past an end or not a decimal.
      let least = low.flatMap(Double.init) ?? (high.flatMap(Double.init) ?? 0) - 50
      let most = high.flatMap(Double.init) ?? least + 100
      let inside =
        [low, high].compactMap { $0 } + [
          String(least + (most - least) / 4), String(most - (most - least) / 3), (high ?? "0") + ".0",
        ]
      let outside =
        [low.map { "-" + $0 }, high.map { $0 + "1" }, low.map { "-0" + $0 }].compactMap { $0 } + [
          String(most + 0.25), String(least - 0.5), "52.51628", "1e3", "+5", ".5",
        ]
      text = random.pick(random.chance(0.75) ? inside : outside)
    case .https:
      text = random.pick(
        random.chance(0.75)
          ? ["https://example.com/a?b=c", "HTTPS://example.org", "Https://x.example"]
          : ["http://example.com", "ftp://example.com", "https:example.com", "https://", "x"])
    case .lower, .lowerSet:
      let words: [String]
      if case .lowerSet(let set) = check {
        words = set
      } else {
        words = ["swiftui", "tag", "\u{C9}t\u{E9}", "x y"]
      }
      text = random.pick(random.chance(0.75) ? words : ["general", "privacy", "caf\u{E9}", "x y"])
      switch Int.random(in: 0..<4, using: &random) {
      case 0: text = text.uppercased()
      case 1: text = text.prefix(1).uppercased() + text.dropFirst()
      default: break
      }
    }
    return inQuery ? encodeQuery(text, using: &random) : encodePath(text, using: &random)
  }

  static func value(of type: ParameterType, using random: inout SeededGenerator, inQuery: Bool) -> String {
    switch type {
    case .int:
      let text = random.pick([
        String(Int.random(in: -1000...1000, using: &random)), "007", "-5", "-0", "0", String(Int.max),
        String(Int.min), "9223372036854775808", "+5", "1.5", "42a", "-", "%31%32",
      ])
      return text
    case .uuid:
      let (text, _) = AwkwardValues.mixedCaseUUID(using: &random)
      return random.chance(0.9) ? text : String(text.dropLast())
    case .bool:
      return random.pick(["true", "false", "true", "false", "TRUE", "True", "1", "0", "yes", "tru", "%74rue"])
    case .decimal:
      return random.pick([
        "52.37", "-12.5", "7", "007.50", "-0", "0.0", "1e5", "+1", ".5", "5.", "inf", "nan", "0x1p3", "1,5",
        "1.2.3", "-", String(repeating: "9", count: 400), "%35%32.%33",
      ])
    case .url:
      let text = random.pick([
        "https://example.com/a?b=c", "HTTP://example.com", "http://h", "https:example.com",
        "javascript:alert(1)",
        "https://", "https:///x", "ftp://example.com", "/settings", "https://exa mple.com",
        "https://\u{E9}.example",
      ])
      return inQuery ? encodeQuery(text, using: &random) : encodePath(text, using: &random)
    case .link:
      let text = random.pick([
        "/settings/notifications", "https://example.com/a?b=c", "myapp://x/y", "myapp:x", "/",
        "//evil.example/x",
        "settings", "javascript:alert(1)", "1ab:x", "a:", "/a b", "/caf\u{E9}",
      ])
      return inQuery ? encodeQuery(text, using: &random) : encodePath(text, using: &random)
    case .address:
      // Addresses, then text that is none; half the time an address, so that address routes match as
      // often as others whatever the seed.
      let addresses = [
        "localhost:8065", "Chat.Example.org:8443", "10.0.0.5", "[::1]:8065", "[2001:DB8::7]",
        "[::ffff:10.0.0.5]:1",
        // A Unicode host and its ASCII form.
        "bücher.example:8443", "B\u{DC}CHER.example", "xn--bcher-kva.example:1", "XN--BCHER-KVA.example",
      ]
      let text = random.pick(
        random.chance(0.5)
          ? addresses
          : addresses + [
            "localhost:0", "localhost:70000", "localhost:08065", "localhost:", "::1", "10.0.0.256", "a_b",
            "-a.example", "42", "true", "a@b:1",
            // Labels that have no ASCII form, or are no label.
            "xn--zz.example", "b\u{FC}cher.example:08443", "bu\u{0308}cher.example", "b\u{FC}_cher.example",
          ])
      return inQuery ? encodeQuery(text, using: &random) : encodePath(text, using: &random)
    case .string:
      let text =
        random.chance(0.5) ? random.pick(AwkwardValues.strings) : AwkwardValues.unicodeString(using: &random)
      return inQuery ? encodeQuery(text, using: &random) : encodePath(text, using: &random)
    }
  }

  /// Percent-encodes a decoded segment, choosing at random among the spellings that read back the same.
  static func encodePath(_ text: String, using random: inout SeededGenerator) -> String {
    let lower = random.chance(0.3)
    let raw = random.chance(0.3)
    return ReferenceCoding.encode(text, lowercaseHex: lower) { byte in
      let unreserved =
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
      let subDelimiter = "!$&'()*+,;=:@".utf8.contains(byte)
      return unreserved || subDelimiter || (raw && byte >= 0x80)
    }
  }

  /// Percent-encodes a decoded query value; a space is `+` or `%20`, a `+` is `%2B`.
  static func encodeQuery(_ text: String, using random: inout SeededGenerator) -> String {
    let plusForSpace = random.chance(0.5)
    let encoded = ReferenceCoding.encode(text, lowercaseHex: random.chance(0.3)) { byte in
      (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
        || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }
    return plusForSpace ? encoded.replacingOccurrences(of: "%20", with: "+") : encoded
  }

  /// What the real router says, in the reference's terms.
  static func outcome(of router: Router, _ link: String) -> ReferenceRouter.Outcome {
    do {
      guard let match = try router.match(link) else { return .noMatch }
      return .match(
        route: match.route, parameters: match.parameters.dictionary, query: match.query,
        fragment: match.fragment)
    } catch {
      return .failure(error.code.description)
    }
  }

  /// 10,000 links in the everyday run, from a seed of their own; the stress run compares 100,000
  /// from `DEEPLINK_DIFF_SEED` (`StressTests.theRouterAgreesWithTheReferenceOnAHundredThousandLinks`).
  @Test func theRouterAgreesWithTheReference() throws {
    try Self.compare(cases: 10_000, seed: ReliabilitySettings.seed &+ 5)
  }

  @Test func theRouterAgreesWithTheReferenceOnServerAddresses() throws {
    try Self.compare(cases: 4_000, seed: ReliabilitySettings.seed &+ 11, addresses: true)
  }

  /// Compares the router with the reference on `cases` links, 200 per random table, from `seed`.
  static func compare(cases: Int, seed: UInt64, addresses: Bool = false) throws {
    var random = SeededGenerator(seed: seed)
    var compared = 0
    var matched = 0
    var disagreements: [String] = []
    var refused = 0
    var missed = 0
    // Links compared on a table with a pair catch-all, which the everyday run must reach.
    var withPairs = 0
    // Links the reference matches to a route that takes the rest of the link.
    var restMatches = 0
    // Links the reference matches to a route with a check in its path or query.
    var checkMatches = 0
    // Links compared on a table with a typed catch-all, and those the reference matches to one.
    var withTypedRuns = 0
    var typedRunMatches = 0
    let casesPerTable = 200
    for _ in 0..<((cases + casesPerTable - 1) / casesPerTable) {
      let reference = Self.table(using: &random, addresses: addresses)
      let router: Router
      do {
        router = try Router(reference.table)
      } catch {
        disagreements.append("table \(reference.routes.map(\.patternText)) refused: \(error)")
        continue
      }
      let hasPairs = reference.routes.contains { route in
        route.pieces.contains { if case .pairs = $0 { true } else { false } }
      }
      let hasTypedRuns = reference.routes.contains { route in
        route.pieces.contains { if case .typedRun = $0 { true } else { false } }
      }
      for _ in 0..<casesPerTable where compared < cases {
        if hasPairs { withPairs += 1 }
        if hasTypedRuns { withTypedRuns += 1 }
        let link = Self.link(for: reference, using: &random)
        let expected = reference.match(link)
        let actual = Self.outcome(of: router, link)
        compared += 1
        if case .match(let name, _, _, _) = expected,
          let route = reference.routes.first(where: { $0.name == name })
        {
          if case .restOfLink = route.pieces.last { restMatches += 1 }
          let hasCheck =
            (route.pieces + (route.fragmentPieces ?? [])).contains {
              if case .check = $0 { true } else { false }
            }
            || route.query.contains { $0.check != nil }
          if hasCheck { checkMatches += 1 }
          if (route.pieces + (route.fragmentPieces ?? [])).contains(where: {
            if case .typedRun = $0 { true } else { false }
          }) {
            typedRunMatches += 1
          }
        }
        switch actual {
        case .match: matched += 1
        case .failure: refused += 1
        case .noMatch: missed += 1
        }
        if expected != actual && disagreements.count < 20 {
          let options = "caseInsensitive=\(reference.caseInsensitive) strict=\(reference.strictTrailingSlash)"
          disagreements.append(
            """
            link \(link)
              table \(reference.routes.map { "\($0.name) \($0.patternText)" }) \(options)
              router:    \(actual)
              reference: \(expected)
            """)
        }
      }
    }
    #expect(disagreements.isEmpty, "seed \(seed):\n\(disagreements.joined(separator: "\n"))")
    #expect(compared == cases)
    // Most links must reach a route, and misses and refusals must be exercised too.
    // Address links hold text that is no address on purpose: a quarter of them match, a third of others.
    #expect(matched * (addresses ? 4 : 3) > compared, "only \(matched) of \(compared) links matched")
    #expect(missed * 20 > compared, "only \(missed) of \(compared) links missed")
    #expect(refused * 20 > compared, "only \(refused) of \(compared) links were refused")
    if !addresses && cases >= 10_000 {
      #expect(withPairs * 50 > compared, "only \(withPairs) of \(compared) links on tables with pairs")
      #expect(restMatches * 100 > compared, "only \(restMatches) of \(compared) links matched a rest")
      #expect(checkMatches * 50 > compared, "only \(checkMatches) of \(compared) links matched a check")
      // A typed catch-all ranks after every one-segment piece at its place, so few links reach one.
      #expect(
        withTypedRuns * 50 > compared, "only \(withTypedRuns) of \(compared) links on tables with typed runs")
      #expect(typedRunMatches > 0, "no link of \(compared) matched a typed run")
    }
  }

  @Suite("Reliability: differential against a reference router, stress run", .stress)
  struct StressTests {
    @Test func theRouterAgreesWithTheReferenceOnAHundredThousandLinks() throws {
      try ReliabilityDifferentialTests.compare(
        cases: ReliabilitySettings.differentialCases, seed: ReliabilitySettings.seed)
    }
  }
}
