import DeepLinkRouting
import Foundation

extension ReferenceRouter {
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
    if link.authorityIsAddress && !Self.takesAddress(route) { return nil }
    if let schemes = route.schemes, !schemes.contains(link.scheme) { return nil }
    if let scope = route.hosts {
      guard let host = link.host else { return nil }
      if scope != ["*"] && !scope.contains(where: { Self.asciiHost(Array($0.utf8)) == host }) { return nil }
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
      case .restOfLink(let name):
        values[name] = .string(position < link.rawFrom.count ? link.rawFrom[position] : link.afterPath)
      case .pairs(let name, let atLeastOne, let typed):
        // Operator, operand, operator, operand: an even run, each typed operand of its type.
        let run = Array(segments[position..<restEnd])
        guard run.count % 2 == 0, !(atLeastOne && run.isEmpty) else { return nil }
        var pairs: [QueryItem] = []
        for index in stride(from: 0, to: run.count, by: 2) {
          if let type = typed[run[index]], Self.typed(run[index + 1], type) == nil { return nil }
          pairs.append(QueryItem(name: run[index], value: run[index + 1]))
        }
        values[name] = .pairs(pairs)
      case .typedRun(let name, let atLeastOne, let type):
        // Every segment of the run of its type, each as the type reads it (`007` is 7).
        let run = Array(segments[position..<restEnd])
        guard !(atLeastOne && run.isEmpty) else { return nil }
        var texts: [String] = []
        for segment in run {
          guard let value = Self.typed(segment, type) else { return nil }
          texts.append(value.description)
        }
        values[name] = .segments(texts)
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
      case .check(let name, let check):
        // The value by its type's rule, then compared (ValueChecks.md: what it matches).
        guard position < segments.count, let value = check.value(segments[position]) else { return nil }
        values[name] = value
      case .kind(let name, let kind):
        // Byte for byte everywhere, the first segment of a custom-scheme link included.
        guard position < segments.count, kind.accepts(segments[position]) else { return nil }
        values[name] = .string(segments[position])
      }
    }
    // A route whose pattern ends with a catch-all, as written, takes a trailing slash either way.
    let takesEitherSlash = route.pieces.last?.isCatchAll == true && !route.endedWithOptional
    if strictTrailingSlash && !takesEitherSlash && route.trailingSlash != link.trailingSlash {
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
      if let check = item.check {
        guard let value = check.value(text) else { return nil }
        values[item.name] = value
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
      if case .check(_, let a) = route.pieces[position], case .check(_, let b) = other.pieces[position],
        a != b
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
        // Of two pair catch-alls: more typed operators, then `+` before `*`, then their operators.
        if case .pairs(_, let a, let x) = route.pieces[position],
          case .pairs(_, let b, let y) = other.pieces[position]
        {
          if x.count != y.count { return x.count > y.count }
          if a != b { return a }
          let (l, r) = (Self.pairsKey(x), Self.pairsKey(y))
          if l != r { return l < r }
        }
        // Of two typed catch-alls: the narrower type (as one-segment parameters rank), then `+`.
        if case .typedRun(let n, let a, let x) = route.pieces[position],
          case .typedRun(let m, let b, let y) = other.pieces[position]
        {
          let (l, r) = (Piece.parameter(n, x).rank, Piece.parameter(m, y).rank)
          if l != r { return l < r }
          if a != b { return a }
        }
        for offset in 1..<(leftAfter + 1) {
          let a = route.pieces[position + offset]
          let b = other.pieces[position + offset]
          if a.rank != b.rank { return a.rank < b.rank }
          if case .template(let x) = a, case .template(let y) = b {
            let order = Self.templateOrder(x, y, caseInsensitive: caseInsensitive)
            if order != 0 { return order < 0 }
          }
          if case .kind(_, let x) = a, case .kind(_, let y) = b, x != y { return x.ranksBefore(y) }
          if case .check(_, let x) = a, case .check(_, let y) = b, x != y { return x.ranksBefore(y) }
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
    func isTyped(_ item: QueryPiece) -> Bool {
      item.type != .string || item.members != nil || item.appKind != nil || item.check != nil
    }
    let leftTyped = leftRequired.filter(isTyped).count
    let rightTyped = rightRequired.filter(isTyped).count
    if leftTyped != rightTyped { return leftTyped > rightTyped }
    let leftChecked = leftRequired.filter { $0.check != nil }.count
    let rightChecked = rightRequired.filter { $0.check != nil }.count
    if leftChecked != rightChecked { return leftChecked > rightChecked }
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
    if let left = route.hosts?.map({ Self.asciiHost(Array($0.utf8)) ?? $0 }),
      let right = other.hosts?.map({ Self.asciiHost(Array($0.utf8)) ?? $0 }),
      !left.contains(where: right.contains)
    {
      return false
    }
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
      // Checks of one type that share a value are duplicates too; a check beside a kind is not.
      if let x = check(inSet: a), let y = check(inSet: b) {
        return x.prefix == y.prefix && x.check.sharesValue(with: y.check)
      }
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

  /// The check a position or query set names (`kind TEXT`), with its optionality as its prefix.
  private static func check(inSet text: String) -> (prefix: Substring, check: Check)? {
    guard let range = text.range(of: "kind "), let check = check(named: String(text[range.upperBound...]))
    else {
      return nil
    }
    return (text[..<range.lowerBound], check)
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
      case .check(_, let check): sets.append("kind \(check.text)")
      case .pairs(_, let atLeastOne, let typed):
        var rest = route
        rest.pieces = Array(route.pieces[(index + 1)...])
        let after = rest.pieces.count
        let run = length - sets.count - after
        guard run >= (atLeastOne ? 2 : 0), run % 2 == 0, let tail = positionSets(rest, after) else {
          return nil
        }
        return sets + Array(repeating: "pairs " + Self.pairsKey(typed), count: run) + tail
      case .typedRun(_, let atLeastOne, let type):
        // A run of its type: a set of its own, never a typed parameter's.
        var rest = route
        rest.pieces = Array(route.pieces[(index + 1)...])
        let after = rest.pieces.count
        let run = length - sets.count - after
        guard run >= (atLeastOne ? 1 : 0), let tail = positionSets(rest, after) else { return nil }
        return sets + Array(repeating: "run \(type)", count: run) + tail
      case .restOfLink:
        // Any segments, then a mark: it stands beside a catch-all, never as one.
        guard length >= sets.count else { return nil }
        return sets + Array(repeating: "string", count: length - sets.count) + ["rest of link"]
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
    where !(item.isOptional && item.type == .string && item.members == nil && item.check == nil)
      || item.absent
    {
      demands[item.key] =
        item.literal.map {
          "literal " + $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }
        ?? (item.absent ? "absent" : "\(item.isOptional) \(item.kind)")
    }
    return demands
  }

  /// A pair catch-all's typed operators, by operator.
  static func pairsKey(_ typed: [String: ParameterType]) -> String {
    typed.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")
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
    case .address:
      return Self.address(text).map(ParameterValue.string)
    }
  }

  /// A host name, IPv4 or bracketed IPv6 address, then optionally ":" and a port 1...65535 without
  /// leading zeros; lower-cased. A host name in Unicode or with an `xn--` label is read in its ASCII
  /// form, as a link's host is (``asciiHost(_:)``). Written apart from the router's one-pass reading,
  /// by splitting.
  static func address(_ text: String) -> String? {
    var text = text
    let hostEnd = text.firstIndex(of: ":") ?? text.endIndex
    let hostName = text[..<hostEnd]
    if !hostName.hasPrefix("["),
      !hostName.utf8.allSatisfy({ $0 < 0x80 })
        || hostName.lowercased().split(separator: ".", omittingEmptySubsequences: false).contains(where: {
          $0.hasPrefix("xn--")
        })
    {
      guard let ascii = asciiHost(Array(hostName.utf8)) else { return nil }
      text = ascii + text[hostEnd...]
    }
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    let lower = text.lowercased()
    var host = Substring(lower)
    var port: Substring?
    if lower.hasPrefix("[") {
      guard let close = lower.firstIndex(of: "]") else { return nil }
      host = lower[...close]
      let after = lower[lower.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return nil }
        port = after.dropFirst()
      }
    } else if let colon = lower.firstIndex(of: ":") {
      host = lower[..<colon]
      port = lower[lower.index(after: colon)...]
    }
    if let port {
      guard !port.isEmpty, port.count <= 5, !port.hasPrefix("0"), port.allSatisfy(\.isASCIIDigitCharacter),
        let number = Int(port), (1...65535).contains(number)
      else { return nil }
    }
    if host.hasPrefix("[") {
      var inner = host.dropFirst().dropLast()
      var extra = 0
      if let lastColon = inner.lastIndex(of: ":"), inner[lastColon...].contains(".") {
        guard isIPv4(inner[inner.index(after: lastColon)...]) else { return nil }
        inner = inner[...lastColon] + "0"
        extra = 1
      }
      let halves = inner.components(separatedBy: "::")
      guard halves.count <= 2 else { return nil }
      let groups = halves.map { $0.isEmpty ? [] : $0.split(separator: ":", omittingEmptySubsequences: false) }
      guard groups.joined().allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isHexDigit) }) else {
        return nil
      }
      let count = groups.joined().count + extra
      return (halves.count == 2 ? count < 8 : count == 8) ? lower : nil
    }
    guard !host.isEmpty, host.utf8.count <= 253 else { return nil }
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    for label in labels {
      guard (1...63).contains(label.count), !label.hasPrefix("-"), !label.hasSuffix("-"),
        label.allSatisfy({ $0.isASCIIDigitCharacter || ("a"..."z").contains($0) || $0 == "-" })
      else { return nil }
    }
    if let last = labels.last, last.allSatisfy(\.isASCIIDigitCharacter) { return isIPv4(host) ? lower : nil }
    return lower
  }

  /// Four numbers 0...255 joined by ".", without leading zeros.
  static func isIPv4(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy(\.isASCIIDigitCharacter)
          && (part.count == 1 || !part.hasPrefix("0")) && (Int(part) ?? 256) <= 255
      }
  }
}
