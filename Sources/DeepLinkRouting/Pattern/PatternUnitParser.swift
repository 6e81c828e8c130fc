/// A value set as the parser read it: the parameter's name, its words, whether the query item is
/// optional, and the check written after it (`(newtab|general)(lower)`), if any.
struct ParsedValueSet {
  var name: String
  var set: ValueSet
  var isOptional: Bool
  var check: ValueCheck? = nil
}

/// The parser itself, over one unit per character: the character's byte when it is one ASCII byte,
/// ``nonASCII`` otherwise. The grammar's syntax is ASCII, so every rule reads the same on units as on
/// the characters, and the text of a range of units is the text of those characters.
struct PatternUnitParser {
  typealias Parsed = RoutePatternParser.Parsed
  /// The unit of a character that is not one ASCII byte (`é`, a cluster such as CR LF, `}` followed by a
  /// combining mark): equal to no character the grammar names.
  static let nonASCII: UInt8 = 0x80

  let text: String
  let characters: [UInt8]
  /// Where each character starts in `text`, then its end, when a character is not always one byte;
  /// `nil` when the units are the text's bytes.
  var characterStarts: [String.Index]?
  var queryKeys: RouteTable.QueryKeys = .exact
  var plusAsSpace = true
  var kinds: [String: AppKind] = [:]

  /// The units of `text` read character by character, and where each character starts (then the
  /// text's end).
  static func units(readingCharactersOf text: String) -> (units: [UInt8], starts: [String.Index]) {
    var units: [UInt8] = []
    var starts: [String.Index] = []
    var index = text.startIndex
    while index < text.endIndex {
      starts.append(index)
      let character = text[index].utf8
      units.append(character.count == 1 ? character[character.startIndex] : nonASCII)
      index = text.index(after: index)
    }
    starts.append(text.endIndex)
    return (units, starts)
  }

  private func fail(_ offset: Int, _ reason: RoutePatternError) -> RoutePatternError {
    RoutePatternError(pattern: text, offset: offset, reason: reason)
  }

  /// Whether `characters[start..<end]` holds one of `units` (nothing when the range is empty): the
  /// answer `String.contains` gives for the same text, as a unit is a character.
  private func holds(_ units: UInt8..., from start: Int, to end: Int) -> Bool {
    guard start < end else { return false }
    return characters[start..<end].contains { units.contains($0) }
  }

  func parse() throws(RoutePatternError) -> Parsed {
    guard characters.first == UInt8(ascii: "/") else { throw fail(0, .missingLeadingSlash) }
    // The query starts at the first "?" outside braces ("{page?}" marks an optional item); a "#"
    // outside braces before it starts the fragment's path, and the query after that is the
    // fragment's.
    var depth = 0
    var queryStart = characters.count
    var hash: Int?
    for (index, character) in characters.enumerated() {
      if character == UInt8(ascii: "{") { depth += 1 }
      if character == UInt8(ascii: "}") { depth -= 1 }
      guard depth == 0 else { continue }
      if character == UInt8(ascii: "#") {
        if hash != nil { throw fail(index, .secondFragment) }
        if queryStart < characters.count { throw fail(queryStart, .queryBeforeFragment) }
        hash = index
      }
      if character == UInt8(ascii: "?") && queryStart == characters.count { queryStart = index }
    }
    var parsed = Parsed()
    var names: Set<String> = []
    // The catch-all met so far, and where: a pattern has at most one.
    var catchAll: (piece: String, offset: Int)?

    // Path: split on "/" after the leading one (a "/" inside a value set's parentheses is the set's,
    // and is refused there with the member it is in).
    let inSet = valueSetInterior()
    let pathEnd = hash ?? queryStart
    var pieces = split(from: 1, to: pathEnd, inSet: inSet, trailingSlash: &parsed.hasTrailingSlash)
    if let hash {
      // The fragment's path: its pieces follow a marker piece (start -1), and only its own trailing
      // "/" counts. It starts with "/" (`#/room/{id}`) or with its first segment (`#narrow/{rest*}`,
      // or no segment before a query: `#?token={t}`), two different fragments.
      guard hash + 1 < characters.count else { throw fail(hash, .emptyFragment) }
      parsed.fragmentStartsWithSlash = characters[hash + 1] == UInt8(ascii: "/")
      parsed.hasTrailingSlash = false
      pieces.append((-1, hash))
      pieces += split(
        from: hash + (parsed.fragmentStartsWithSlash ? 2 : 1), to: queryStart, inSet: inSet,
        trailingSlash: &parsed.hasTrailingSlash)
    }
    parsed.segments.reserveCapacity(pieces.count)
    for (position, piece) in pieces.enumerated() {
      if piece.start < 0 {
        parsed.segments.append(.fragment)
        continue
      }
      guard piece.start < piece.end else { throw fail(piece.start, .emptySegment) }
      let segment = try parseSegment(from: piece.start, to: piece.end)
      for name in segment.parameterNames {
        guard names.insert(name).inserted else { throw fail(piece.start, .duplicateParameterName(name)) }
      }
      switch segment {
      case .oneOrMore(let name), .zeroOrMore(let name), .testedRun(let name, _):
        // A catch-all may stand anywhere (what follows it is read from the link's end), once; as the
        // last piece it also takes a trailing "/".
        if let first = catchAll {
          throw fail(
            piece.start,
            .secondCatchAll(first: first.piece, firstOffset: first.offset, second: segment.description))
        }
        if position == pieces.count - 1 && parsed.hasTrailingSlash {
          throw fail(piece.start, .catchAllNotLast(name))
        }
        catchAll = (segment.description, piece.start)
      case .optional(let name, _):
        if position != pieces.count - 1 { throw fail(piece.start, .optionalPathParameter(name)) }
      case .remainder(let name):
        // The rest of the link ends the path, and takes the query and the fragment with it.
        if let first = catchAll {
          throw fail(
            piece.start,
            .secondCatchAll(first: first.piece, firstOffset: first.offset, second: segment.description))
        }
        if position != pieces.count - 1 || parsed.hasTrailingSlash || hash != nil
          || queryStart < characters.count
        {
          throw fail(piece.start, .restNotLast(name))
        }
        catchAll = (segment.description, piece.start)
      case .literal, .parameter, .template, .valueSet, .kind, .fragment: break
      }
      parsed.segments.append(segment)
    }

    // Query: key={name[:type][?]}, key=value, !key and {name*} items joined by "&"; a key may be
    // several keys joined by "|".
    guard queryStart < characters.count else { return parsed }
    var keys: Set<String> = []
    var itemStart = queryStart + 1
    for index in (queryStart + 1)...characters.count {
      guard index == characters.count || (characters[index] == UInt8(ascii: "&") && !Self.holds(inSet, index))
      else {
        continue
      }
      if let name = try openQueryName(from: itemStart, to: index) {
        if let first = parsed.openQuery { throw fail(itemStart, .duplicateOpenQuery(first, name)) }
        guard names.insert(name).inserted else { throw fail(itemStart, .duplicateParameterName(name)) }
        parsed.openQuery = name
        itemStart = index + 1
        continue
      }
      let item = try parseQueryItem(from: itemStart, to: index)
      for key in item.keys where !keys.insert(queryKeys.compared(key)).inserted {
        throw fail(itemStart, .duplicateQueryKey(key))
      }
      if item.captures {
        guard names.insert(item.name).inserted else {
          throw fail(itemStart, .duplicateParameterName(item.name))
        }
      }
      parsed.query.append(item)
      itemStart = index + 1
    }
    return parsed
  }

  /// The pieces of a path written from `start` (after its leading `/`) to `end`, split on `/`
  /// outside value sets; an empty last piece is a trailing `/`, recorded in `trailingSlash`.
  private func split(from start: Int, to end: Int, inSet: [Bool], trailingSlash: inout Bool)
    -> [(start: Int, end: Int)]
  {
    guard start < end else { return [] }  // the root path "/" has no segments
    var pieces: [(start: Int, end: Int)] = []
    pieces.reserveCapacity(8)
    var pieceStart = start
    for index in start...end
    where index == end || (characters[index] == UInt8(ascii: "/") && !Self.holds(inSet, index)) {
      pieces.append((pieceStart, index))
      pieceStart = index + 1
    }
    if let last = pieces.last, last.start == last.end {
      trailingSlash = true
      pieces.removeLast()
    }
    return pieces
  }

  /// Whether the character at `index` lies in a value set, by the answers of ``valueSetInterior()``.
  private static func holds(_ inSet: [Bool], _ index: Int) -> Bool { !inSet.isEmpty && inSet[index] }

  /// For each character, whether it lies between a value set's `(` and its `)`: a `(` right after a
  /// `:` inside braces opens one, the next `)` (or `}`) closes it; empty when the pattern has no `(`.
  private func valueSetInterior() -> [Bool] {
    // Without a "(" there is no set: every answer is false.
    guard characters.contains(UInt8(ascii: "(")) else { return [] }
    var inside = [Bool](repeating: false, count: characters.count + 1)
    var depth = 0
    var open = false
    for index in characters.indices {
      let character = characters[index]
      if open {
        if character == UInt8(ascii: ")") || character == UInt8(ascii: "}") {
          open = false
        } else {
          inside[index] = true
          continue
        }
      }
      if character == UInt8(ascii: "{") { depth += 1 }
      if character == UInt8(ascii: "}") { depth -= 1 }
      if depth > 0, character == UInt8(ascii: "("), index > 0, characters[index - 1] == UInt8(ascii: ":") {
        open = true
      }
    }
    return inside
  }

  /// A value set written between braces (`section:(general|privacy)`, `order:(asc|desc)?` in the
  /// query), from `start` (after the `{`) to `end` (the `}`), or `nil` when the body is not one.
  private func valueSet(from start: Int, to end: Int, inQuery: Bool) throws(RoutePatternError)
    -> ParsedValueSet?
  {
    guard let colon = characters[start..<end].firstIndex(of: UInt8(ascii: ":")), colon + 1 < end,
      characters[colon + 1] == UInt8(ascii: "(")
    else { return nil }
    let name = string(start, colon)
    try checkName(name, at: start)
    let open = colon + 1
    guard let close = characters[(open + 1)..<end].firstIndex(of: UInt8(ascii: ")")) else {
      throw fail(open, .unclosedValueSet(name))
    }
    var isOptional = false
    // A check in parentheses after the set: `(newtab|general)(lower)`.
    var checkEnd = close + 1
    if checkEnd < end, characters[checkEnd] == UInt8(ascii: "(") {
      guard let last = characters[checkEnd..<end].firstIndex(of: UInt8(ascii: ")")) else {
        throw fail(
          checkEnd,
          .invalidCheck(name: name, why: "the check after the value set has no ')', as in (a|b)(lower)"))
      }
      checkEnd = last + 1
    }
    if checkEnd < end {
      guard checkEnd + 1 == end, characters[checkEnd] == UInt8(ascii: "?") else {
        throw fail(checkEnd, .unclosedValueSet(name))
      }
      guard inQuery else { throw fail(start - 1, .optionalPathParameter(name)) }
      isOptional = true
    }
    var members: [String] = []
    var offsets: [Int] = []
    var memberStart = open + 1
    for index in (open + 1)...close {
      guard index == close || characters[index] == UInt8(ascii: "|") else { continue }
      let written = string(memberStart, index)
      do {
        members.append(try PercentCoding.decode(written, plusAsSpace: inQuery && plusAsSpace))
      } catch {
        throw fail(memberStart, Self.reason(for: error))
      }
      offsets.append(memberStart)
      memberStart = index + 1
    }
    if members == [""] { throw fail(open, .emptyValueSet(name)) }
    if let (member, problem) = ValueSet.problem(in: members) {
      let text = members[member]
      switch problem {
      case .empty: throw fail(open, .emptyValueSet(name))
      case .emptyMember: throw fail(offsets[member], .emptyMember(name))
      case .forbidden(let character):
        throw fail(offsets[member], .forbiddenMemberCharacter(name: name, member: text, character: character))
      case .dotSegment: throw fail(offsets[member], .dotSegment)
      case .duplicate: throw fail(offsets[member], .duplicateMember(name: name, member: text))
      }
    }
    var parsed = ParsedValueSet(name: name, set: ValueSet(members: members), isOptional: isOptional)
    if checkEnd > close + 1 {
      do {
        parsed.check = try ValueCheck.parse(set: parsed.set, argument: string(close + 2, checkEnd - 1))
      } catch {
        throw fail(error.member.map { offsets[$0] } ?? close + 2, .invalidCheck(name: name, why: error.why))
      }
    }
    return parsed
  }

  /// The name of an open query dictionary written as a whole item (`{filters*}`), or `nil` for an
  /// item that is not one.
  private func openQueryName(from start: Int, to end: Int) throws(RoutePatternError) -> String? {
    guard end - start >= 2, characters[start] == UInt8(ascii: "{"), characters[end - 1] == UInt8(ascii: "}")
    else { return nil }
    let body = string(start + 1, end - 1)
    guard body.hasSuffix("*"), !body.contains("{" as Character), !body.contains("}" as Character) else {
      throw fail(start, .invalidQueryItem(string(start, end)))
    }
    let name = String(body.dropLast())
    try checkName(name, at: start + 1)
    return name
  }

  /// The keys of a query item (`lat|latitude`), each decoded and non-empty.
  private func keyList(from start: Int, to end: Int, item: String) throws(RoutePatternError) -> [String] {
    var keys: [String] = []
    var keyStart = start
    for index in start...end {
      guard index == end || characters[index] == UInt8(ascii: "|") else { continue }
      guard keyStart < index else { throw fail(keyStart, .invalidQueryItem(item)) }
      do {
        keys.append(try PercentCoding.decode(string(keyStart, index), plusAsSpace: plusAsSpace))
      } catch {
        throw fail(keyStart, Self.reason(for: error))
      }
      keyStart = index + 1
    }
    return keys
  }

  private func string(_ start: Int, _ end: Int) -> String {
    guard let characterStarts else { return String(decoding: characters[start..<end], as: UTF8.self) }
    return String(text[characterStarts[start]..<characterStarts[end]])
  }

  private func parseSegment(from start: Int, to end: Int) throws(RoutePatternError) -> RoutePattern.Segment {
    let opening = characters[start..<end].firstIndex(of: UInt8(ascii: "{"))
    let closing = characters[start..<end].firstIndex(of: UInt8(ascii: "}"))
    if opening == nil && closing == nil {
      let literal: String
      do {
        literal = try PercentCoding.decode(string(start, end))
      } catch {
        throw fail(start, Self.reason(for: error))
      }
      if PercentCoding.isDotSegment(literal) { throw fail(start, .dotSegment) }
      return .literal(literal)
    }
    guard let opening, let closing, opening < closing else {
      throw fail(opening ?? closing ?? start, .unbalancedBrace)
    }
    guard opening == start, closing == end - 1 else { return try parseTemplate(from: start, to: end) }
    if let parsed = try valueSet(from: start + 1, to: end - 1, inQuery: false) {
      if let check = parsed.check { return .kind(name: parsed.name, kind: AppKind(check: check)) }
      return .valueSet(name: parsed.name, set: parsed.set)
    }
    var body = string(start + 1, end - 1)
    // The body is `characters[start + 1..<end - 1]`, one unit a character.
    guard !holds(UInt8(ascii: "{"), UInt8(ascii: "}"), from: start + 1, to: end - 1) else {
      throw fail(start, .unbalancedBrace)
    }
    if holds(UInt8(ascii: "+"), UInt8(ascii: "*"), from: start + 1, to: end - 2) {
      throw fail(start, .catchAllNotAllowed(body))
    }
    if body.hasSuffix("+") || body.hasSuffix("*") {
      let isOneOrMore = body.hasSuffix("+")
      body.removeLast()
      if let colon = characters[(start + 1)..<(end - 2)].firstIndex(of: UInt8(ascii: ":")) {
        if startsWithPairs(from: colon + 1, to: end - 1) {
          return try pairs(
            name: string(start + 1, colon), from: colon + 1, to: end - 2, atLeastOne: isOneOrMore)
        }
        return try typedRun(body, at: start + 1, atLeastOne: isOneOrMore)
      }
      try checkName(body, at: start + 1)
      return isOneOrMore ? .oneOrMore(name: body) : .zeroOrMore(name: body)
    }
    if body.hasSuffix(":rest") {
      let name = String(body.dropLast(5))
      try checkName(name, at: start + 1)
      return .remainder(name: name)
    }
    if body.hasSuffix("?") {
      // An optional segment; the parse of the whole path checks that it is the last piece.
      if let (name, kind) = try kindReference(String(body.dropLast()), at: start + 1) {
        throw fail(start, .optionalKindInPath(name: name, kind: kind.name))
      }
      let (name, type) = try nameAndType(String(body.dropLast()), at: start + 1)
      return .optional(name: name, type: type)
    }
    if let (name, kind) = try kindReference(body, at: start + 1) { return .kind(name: name, kind: kind) }
    let (name, type) = try nameAndType(body, at: start + 1)
    return .parameter(name: name, type: type)
  }

  /// Whether the type of a catch-all (`characters[start..<end]`, what follows the colon, the `+` or `*`
  /// included) is `pairs`, alone or with its typed operators.
  private func startsWithPairs(from start: Int, to end: Int) -> Bool {
    let wordEnd = start + 5
    guard wordEnd < end, string(start, wordEnd) == "pairs" else { return false }
    return wordEnd == end - 1 || characters[wordEnd] == UInt8(ascii: "(")
  }

  /// A catch-all whose every segment is of one type or kind (`ids:int`, `codes:sku`,
  /// `months:int(1...12)`, the body before its `+` or `*`); of type `string`, it is a plain catch-all.
  private func typedRun(_ body: String, at offset: Int, atLeastOne: Bool) throws(RoutePatternError)
    -> RoutePattern.Segment
  {
    if let (name, kind) = try kindReference(body, at: offset) {
      return .testedRun(name: name, rule: RunRule(atLeastOne: atLeastOne, form: .every(.kind(kind))))
    }
    let (name, type) = try nameAndType(body, at: offset)
    if type == .string { return atLeastOne ? .oneOrMore(name: name) : .zeroOrMore(name: name) }
    return .testedRun(name: name, rule: RunRule(atLeastOne: atLeastOne, form: .every(.type(type))))
  }

  /// A pair catch-all, `name:pairs` or `name:pairs(op:type|op:type)` before its `+` or `*`
  /// (`characters[start..<end]` is what follows the colon).
  private func pairs(name: String, from start: Int, to end: Int, atLeastOne: Bool) throws(RoutePatternError)
    -> RoutePattern.Segment
  {
    try checkName(name, at: start - 1 - name.count)
    let word = "pairs"
    let wordEnd = start + word.utf8.count
    guard wordEnd <= end, string(start, wordEnd) == word,
      wordEnd == end || characters[wordEnd] == UInt8(ascii: "(")
    else { throw fail(start - 1 - name.count, .catchAllNotAllowed(name)) }
    guard wordEnd < end else {
      return .testedRun(name: name, rule: RunRule(atLeastOne: atLeastOne, form: .pairs([])))
    }
    var typed: [RunRule.TypedOperator] = []
    guard characters[end - 1] == UInt8(ascii: ")"), end - 1 > wordEnd + 1 else {
      throw fail(
        wordEnd,
        .invalidPairs(
          name,
          detail:
            "the typed operators are written (op:type|op:type), closed right before the '\(atLeastOne ? "+" : "*")'"
        ))
    }
    var entryStart = wordEnd + 1
    for index in (wordEnd + 1)...(end - 1) {
      guard index == end - 1 || characters[index] == UInt8(ascii: "|") else { continue }
      let entry = string(entryStart, index)
      guard let colon = entry.firstIndex(of: ":") else {
        throw fail(entryStart, .invalidPairs(name, detail: "'\(entry)' names no type: write operator:type"))
      }
      // Written as the link's decoded segment is, so the pattern's text states it once.
      let decoded = String(entry[..<colon])
      guard !decoded.isEmpty, !decoded.contains(where: { "/%|(){}:*+?#&=".contains($0) }) else {
        throw fail(
          entryStart,
          .invalidPairs(name, detail: "an operator is a non-empty word without / % | ( ) { } : * + ? # & ="))
      }
      let typeName = String(entry[entry.index(after: colon)...])
      guard let type = ParameterType(rawValue: typeName) else {
        throw fail(
          entryStart + entry.utf8.distance(from: entry.startIndex, to: colon) + 1, .unknownType(typeName))
      }
      guard !typed.contains(where: { $0.name == decoded }) else {
        throw fail(entryStart, .invalidPairs(name, detail: "operator '\(decoded)' is typed twice"))
      }
      typed.append(RunRule.TypedOperator(name: decoded, type: type))
      entryStart = index + 1
    }
    return .testedRun(name: name, rule: RunRule(atLeastOne: atLeastOne, form: .pairs(typed)))
  }

  /// A segment with literal text around its parameters: `wire-{code:uuid}`, `{user}@{domain}`.
  private func parseTemplate(from start: Int, to end: Int) throws(RoutePatternError) -> RoutePattern.Segment {
    var parts: [SegmentTemplate.Part] = []
    var offsets: [Int] = []
    var index = start
    while index < end {
      if characters[index] == UInt8(ascii: "}") { throw fail(index, .unbalancedBrace) }
      guard characters[index] == UInt8(ascii: "{") else {
        var literalEnd = index
        while literalEnd < end && characters[literalEnd] != UInt8(ascii: "{")
          && characters[literalEnd] != UInt8(ascii: "}")
        {
          literalEnd += 1
        }
        let literal: String
        do {
          literal = try PercentCoding.decode(string(index, literalEnd))
        } catch {
          throw fail(index, Self.reason(for: error))
        }
        parts.append(.literal(literal))
        offsets.append(index)
        index = literalEnd
        continue
      }
      guard let closing = characters[(index + 1)..<end].firstIndex(of: UInt8(ascii: "}")) else {
        throw fail(index, .unbalancedBrace)
      }
      var body = string(index + 1, closing)
      guard !body.contains("{" as Character) else { throw fail(index, .unbalancedBrace) }
      if let colon = body.firstIndex(of: ":"), body[colon...].dropFirst().first == "(" {
        throw fail(index, .valueSetInTemplate(String(body[..<colon])))
      }
      if body.hasSuffix("+") || body.hasSuffix("*") {
        body.removeLast()
        throw fail(index, .catchAllInTemplate(body))
      }
      if body.hasSuffix("?") { throw fail(index, .optionalPathParameter(String(body.dropLast()))) }
      if let (name, kind) = try kindReference(body, at: index + 1) {
        throw fail(index, .kindInTemplate(name: name, kind: kind.name))
      }
      let (name, type) = try nameAndType(body, at: index + 1)
      parts.append(.parameter(name: name, type: type))
      offsets.append(index)
      index = closing + 1
    }
    if let (part, reason) = SegmentTemplate.problem(in: parts) { throw fail(offsets[part], reason) }
    return .template(SegmentTemplate(parts: parts))
  }

  private func parseQueryItem(from start: Int, to end: Int) throws(RoutePatternError)
    -> RoutePattern.QueryParameter
  {
    let item = string(start, end)
    if start < end, characters[start] == UInt8(ascii: "!") {
      // `!key`: the item must be absent.
      guard !characters[start..<end].contains(UInt8(ascii: "=")) else {
        throw fail(start, .invalidQueryItem(item))
      }
      let keys = try keyList(from: start + 1, to: end, item: item)
      var parameter = RoutePattern.QueryParameter(key: keys[0], rule: .absent)
      parameter.otherKeys = Array(keys.dropFirst())
      return parameter
    }
    guard let equals = characters[start..<end].firstIndex(of: UInt8(ascii: "=")), equals > start,
      equals + 1 < end
    else { throw fail(start, .invalidQueryItem(item)) }
    let keys = try keyList(from: start, to: equals, item: item)
    if characters[equals + 1] != UInt8(ascii: "{") {
      // `key=value`: a literal value, decoded as a link's query value is.
      guard
        !characters[(equals + 1)..<end].contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
        )
      else { throw fail(equals + 1, .unbalancedBrace) }
      let value: String
      do {
        value = try PercentCoding.decode(string(equals + 1, end), plusAsSpace: plusAsSpace)
      } catch {
        throw fail(equals + 1, Self.reason(for: error))
      }
      var parameter = RoutePattern.QueryParameter(key: keys[0], rule: .literal(value))
      parameter.otherKeys = Array(keys.dropFirst())
      return parameter
    }
    guard characters[end - 1] == UInt8(ascii: "}") else { throw fail(start, .invalidQueryItem(item)) }
    let key = keys[0]
    if let parsed = try valueSet(from: equals + 2, to: end - 1, inQuery: true) {
      var parameter = RoutePattern.QueryParameter(
        key: key, rule: parsed.check.map { .kind(AppKind(check: $0)) } ?? .oneOf(parsed.set))
      parameter.name = parsed.name
      parameter.isOptional = parsed.isOptional
      parameter.otherKeys = Array(keys.dropFirst())
      return parameter
    }
    var body = string(equals + 2, end - 1)
    guard !holds(UInt8(ascii: "{"), UInt8(ascii: "}"), from: equals + 2, to: end - 1) else {
      throw fail(equals + 1, .unbalancedBrace)
    }
    if body.hasSuffix("+") || body.hasSuffix("*") {
      throw fail(equals + 1, .catchAllNotAllowed(String(body.dropLast())))
    }
    var isOptional = false
    if body.hasSuffix("?") {
      isOptional = true
      body.removeLast()
    }
    if let (name, kind) = try kindReference(body, at: equals + 2) {
      var parameter = RoutePattern.QueryParameter(key: key, rule: .kind(kind))
      parameter.name = name
      parameter.isOptional = isOptional
      parameter.otherKeys = Array(keys.dropFirst())
      return parameter
    }
    let (name, type) = try nameAndType(body, at: equals + 2)
    var parameter = RoutePattern.QueryParameter(key: key, name: name, type: type, isOptional: isOptional)
    parameter.otherKeys = Array(keys.dropFirst())
    return parameter
  }

  /// The name and kind of a parameter whose type is one of the table's kinds (`code:sku`), or `nil`
  /// for any other body.
  /// A check stated in place (`lat:decimal(-90...90)`, ``ValueCheck``) is a kind too.
  private func kindReference(_ body: String, at offset: Int) throws(RoutePatternError) -> (String, AppKind)? {
    // A kind is one the table declares; a check is written in parentheses.
    guard !kinds.isEmpty || body.utf8.contains(UInt8(ascii: "(")),
      let colon = Self.firstColon(body)
    else { return nil }
    let typeName = String(body[body.index(after: colon)...])
    let name = String(body[..<colon])
    if let kind = kinds[typeName] {
      try checkName(name, at: offset)
      return (name, kind)
    }
    let check: ValueCheck?
    do {
      check = try ValueCheck.parse(typeName)
    } catch {
      throw fail(offset + name.count + 1 + error.at, .invalidCheck(name: name, why: error.why))
    }
    guard let check else { return nil }
    try checkName(name, at: offset)
    return (name, AppKind(check: check))
  }

  /// The first `:` of a parameter's body, as a character: found among the bytes when the body is
  /// ASCII without a carriage return (one character a byte, as in ``RoutePatternParser/parse()``).
  private static func firstColon(_ body: String) -> String.Index? {
    if body.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      return body.utf8.firstIndex(of: UInt8(ascii: ":"))
    }
    return body.firstIndex(of: ":")
  }

  private func nameAndType(_ body: String, at offset: Int) throws(RoutePatternError) -> (
    String, ParameterType
  ) {
    // The name, then after the first ":" (if any) the type.
    let colon = Self.firstColon(body)
    let name = String(body[..<(colon ?? body.endIndex)])
    try checkName(name, at: offset)
    guard let colon else { return (name, .string) }
    let typeName = String(body[body.index(after: colon)...])
    guard let type = ParameterType(rawValue: typeName) else {
      guard !kinds.isEmpty else { throw fail(offset + name.count + 1, .unknownType(typeName)) }
      let known = kinds.keys.stableSorted()
      let suggestion = KeySuggestion.suggestion(
        for: typeName, among: ParameterType.bySpecificity.map(\.rawValue) + known)
      throw fail(offset + name.count + 1, .unknownKind(typeName, kinds: known, suggestion: suggestion))
    }
    return (name, type)
  }

  private static func reason(for failure: PercentCoding.Failure) -> RoutePatternError {
    if case .forbiddenCharacter = failure { return .forbiddenCharacter }
    return .malformedPercentEscape
  }

  private func checkName(_ name: String, at offset: Int) throws(RoutePatternError) {
    var isValid = !name.isEmpty
    for (position, scalar) in name.unicodeScalars.enumerated() {
      let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
      let isDigit = ("0"..."9").contains(scalar)
      if !(isLetter || (isDigit && position > 0)) { isValid = false }
    }
    guard isValid else { throw fail(offset, .invalidParameterName(name)) }
  }
}
