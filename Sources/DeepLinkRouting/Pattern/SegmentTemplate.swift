// Every rule of a segment template is stated here, once: what it is made of, which templates are
// refused, how a decoded segment is split into its values, how templates rank among themselves, when
// two are the same, how one is written back, and how the server files say it. The parser, the trie,
// the search, URL building, near misses, AASA and nginx generation all ask these answers.

/// Literal text around parameters inside one path segment: `wire-{code:uuid}`, `{user}@{domain}`,
/// `{id:int}.json`, `v{version:int}`.
///
/// A template matches a decoded segment when its leading literal is the segment's start and its
/// trailing literal the segment's end (byte for byte, ASCII letters folded in a case-insensitive
/// table), and, between two parameters, the literal that separates them is found leftmost: the value
/// before it is everything up to its first occurrence, and no other split is tried. Each value must
/// then fit its parameter's type. Each separator is searched with a fallback table made with the
/// template (Knuth, Morris and Pratt's search), which reads each byte of the segment at most once and
/// falls back at most as often as it reads: a segment costs O(segment length) whatever its separators.
package struct SegmentTemplate: Sendable, Hashable, CustomStringConvertible {
  /// One piece of a template.
  package enum Part: Sendable, Hashable {
    /// Literal text, percent-decoded.
    case literal(String)
    /// A parameter that captures part of the segment.
    case parameter(name: String, type: ParameterType)
  }

  /// The pieces, in order: never two parameters in a row, at least one parameter and one literal.
  package let parts: [Part]
  /// The UTF-8 bytes of each literal part (empty for a parameter), as matching compares them.
  let literalBytes: [[UInt8]]
  /// For each literal part between two parameters, what searching for it needs; `nil` for the other
  /// parts (parameters, and a leading or trailing literal, which is compared in place).
  let separators: [Separator?]

  /// Creates a template from its parts, which the parser has checked (see ``problem(in:)``).
  package init(parts: [Part]) {
    self.parts = parts
    literalBytes = parts.map { part in
      if case .literal(let text) = part { return Array(text.utf8) }
      return []
    }
    separators = parts.indices.map { index in
      guard index > 0, index < parts.count - 1, case .literal(let text) = parts[index] else { return nil }
      return Separator(Array(text.utf8))
    }
  }

  /// The template as written in pattern syntax, with its literals decoded.
  package var description: String {
    parts.map { part in
      switch part {
      case .literal(let text): text
      case .parameter(let name, .string): "{\(name)}"
      case .parameter(let name, let type): "{\(name):\(type)}"
      }
    }.joined()
  }

  /// The parameter names, in order.
  package var parameterNames: [String] {
    parts.compactMap { part in
      if case .parameter(let name, _) = part { return name }
      return nil
    }
  }

  // MARK: What the parser refuses

  /// Why a template can never be matched or read back, and where: the index of the offending part
  /// and the reason. `nil` for a template the router accepts.
  ///
  /// - two parameters with no literal between them (`{a}{b}`): nothing says where one ends;
  /// - a `url` or `link` parameter: a link may hold any separator, so its end cannot be found;
  /// - a literal right after a typed parameter that starts with a character the type can hold after
  ///   its first (`{id:int}5`, `{n:decimal}.x`, `{flag:bool}e`): where the value ends is ambiguous.
  ///   A character the type holds only first ends the value (`{id:int}-{slug}`).
  static func problem(in parts: [Part]) -> (part: Int, reason: RoutePatternError)? {
    for (index, part) in parts.enumerated() {
      guard case .parameter(let name, let type) = part else { continue }
      if type == .url || type == .link { return (index, .typeNotAllowedInTemplate(name: name, type: type)) }
      guard index + 1 < parts.count else { continue }
      switch parts[index + 1] {
      case .parameter(let next, _):
        return (index + 1, .adjacentParameters(name, next))
      case .literal(let text):
        if let first = text.utf8.first, !type.acceptsAnyText, type.mayContinue(with: first) {
          return (index + 1, .ambiguousTemplate(name: name, literal: text))
        }
      }
    }
    return nil
  }

  // MARK: Matching

  /// Splits a decoded segment into the byte ranges of its values, calling `body` with each range and
  /// its parameter's type, in order; `false` as soon as the segment does not fit (a literal differs, a
  /// separator is missing, or `body` refuses a value).
  ///
  /// Each step of comparing the template's literals with the segment is counted in `steps`: a byte of
  /// the segment read and compared, or a fallback of a separator's search. There are at most three per
  /// byte of the segment: the leading and trailing literals compare bytes they do not share, once
  /// each, and each separator is searched from where the one before it ends, reading each byte once
  /// and falling back at most as often as it read.
  ///
  /// - Parameters:
  ///   - bytes: The decoded segment.
  ///   - folds: Whether ASCII letters compare without case.
  ///   - steps: Incremented by each step made.
  ///   - body: Checks one value: its start, its end and its parameter's type.
  /// - Returns: Whether the segment fits the template.
  @inline(__always)
  func split(_ bytes: Bytes, folds: Bool, steps: inout Int, _ body: (Int, Int, ParameterType) -> Bool) -> Bool
  {
    var low = 0
    var high = bytes.count
    var first = 0
    var last = parts.count
    if case .literal = parts[0] {
      let literal = literalBytes[0]
      guard literal.count <= high, Self.equal(bytes, at: 0, literal, folds: folds, steps: &steps) else {
        return false
      }
      low = literal.count
      first = 1
    }
    if last - 1 > first, case .literal = parts[last - 1] {
      let literal = literalBytes[last - 1]
      guard low + literal.count <= high,
        Self.equal(bytes, at: high - literal.count, literal, folds: folds, steps: &steps)
      else { return false }
      high -= literal.count
      last -= 1
    }
    // parts[first..<last] now alternate parameter, separator, parameter, ..., parameter.
    var position = low
    var index = first
    while index < last {
      guard case .parameter(_, let type) = parts[index] else { return false }
      var end = high
      var next = high
      if index + 1 < last, let separator = separators[index + 1] {
        // Leftmost, after a non-empty value, leaving room for a non-empty value after it.
        let found = separator.first(in: bytes, from: position + 1, to: high - 1, folds: folds, steps: &steps)
        guard found >= 0 else { return false }
        end = found
        next = found + separator.count
      }
      guard body(position, end, type) else { return false }
      position = next
      index += 2
    }
    return true
  }

  /// ``split(_:folds:steps:_:)`` without counting its steps.
  @inline(__always)
  func split(_ bytes: Bytes, folds: Bool, _ body: (Int, Int, ParameterType) -> Bool) -> Bool {
    var steps = 0
    return split(bytes, folds: folds, steps: &steps, body)
  }

  /// Whether a decoded segment fits the template: every value found fits its type.
  @inline(__always)
  func accepts(_ bytes: Bytes, folds: Bool, steps: inout Int) -> Bool {
    split(bytes, folds: folds, steps: &steps) { start, end, type in type.accepts(bytes.slice(start, end)) }
  }

  /// How a table compares a template's literals at one position: without case in a case-insensitive
  /// table; in the first segment of a custom-scheme link (its authority) as written first, then
  /// without case, as literal segments there are compared; otherwise as written.
  enum Folding {
    case exact
    case folded
    case exactThenFolded
  }

  /// Whether a decoded segment fits the template under a table's ``Folding``, its steps counted in
  /// `steps` (see ``split(_:folds:steps:_:)``; twice as many at most for ``Folding/exactThenFolded``).
  @inline(__always)
  func accepts(_ bytes: Bytes, _ folding: Folding, steps: inout Int) -> Bool {
    switch folding {
    case .exact: accepts(bytes, folds: false, steps: &steps)
    case .folded: accepts(bytes, folds: true, steps: &steps)
    case .exactThenFolded:
      accepts(bytes, folds: false, steps: &steps) || accepts(bytes, folds: true, steps: &steps)
    }
  }

  /// Whether a decoded segment fits the template under a table's ``Folding``.
  @inline(__always)
  func accepts(_ bytes: Bytes, _ folding: Folding) -> Bool {
    var steps = 0
    return accepts(bytes, folding, steps: &steps)
  }

  /// The values of a decoded segment under a table's ``Folding``, or `nil` when it does not fit.
  func values(_ bytes: Bytes, _ folding: Folding) -> [(name: String, value: ParameterValue)]? {
    switch folding {
    case .exact: values(bytes, folds: false)
    case .folded: values(bytes, folds: true)
    case .exactThenFolded: values(bytes, folds: false) ?? values(bytes, folds: true)
    }
  }

  /// Whether a decoded segment given as text fits the template under a table's ``Folding``.
  func accepts(_ text: String, _ folding: Folding) -> Bool {
    Bytes.withUTF8(of: text) { accepts($0, folding) }
  }

  /// The values of a decoded segment, by parameter name, or `nil` when it does not fit.
  func values(_ bytes: Bytes, folds: Bool) -> [(name: String, value: ParameterValue)]? {
    var values: [(name: String, value: ParameterValue)] = []
    var index = 0
    let names = parameterNames
    let fits = split(bytes, folds: folds) { start, end, type in
      let piece = bytes.slice(start, end)
      guard let value = type.value(bytes: piece, text: { piece.string() }) else { return false }
      values.append((names[index], value))
      index += 1
      return true
    }
    return fits ? values : nil
  }

  /// Whether a decoded segment given as text fits the template (off the matching path).
  ///
  /// - Parameters:
  ///   - text: The decoded segment.
  ///   - folds: Whether ASCII letters compare without case.
  ///   - typed: `false` to read every value as plain text, as a generated AASA rule reads it.
  /// - Returns: Whether the segment fits.
  package func accepts(_ text: String, folds: Bool, typed: Bool = true) -> Bool {
    Bytes.withUTF8(of: text) { bytes in
      split(bytes, folds: folds) { start, end, type in
        (typed ? type : .string).accepts(bytes.slice(start, end))
      }
    }
  }

  @inline(__always)
  private static func equal(_ bytes: Bytes, at offset: Int, _ literal: [UInt8], folds: Bool, steps: inout Int)
    -> Bool
  {
    var index = 0
    while index < literal.count {
      steps &+= 1
      let byte = bytes[offset + index]
      let expected = literal[index]
      if byte != expected
        && !(folds && ReadingRules.lowercased(byte) == ReadingRules.lowercased(expected))
      {
        return false
      }
      index += 1
    }
    return true
  }

  /// A literal between two parameters, with the tables that find its leftmost occurrence in one pass.
  ///
  /// The search is Knuth, Morris and Pratt's: after `n` bytes of the separator matched and a byte that
  /// does not continue it, the search goes on with `fallback[n - 1]` bytes matched, the longest proper
  /// prefix of the separator that ends its first `n` bytes, and never reads a byte of the segment
  /// again. Without case, the same on the separator with its ASCII letters lower-cased, against the
  /// segment's bytes lower-cased: two bytes compare equal without case exactly when their
  /// lower-cased forms are equal.
  struct Separator: Sendable, Hashable {
    /// The separator's bytes as written.
    let bytes: [UInt8]
    /// The separator's bytes with ASCII letters lower-cased.
    let folded: [UInt8]
    /// For each length `n` in `1...count`, at `n - 1`: the length of the longest proper prefix of the
    /// first `n` bytes that also ends them.
    let fallback: [Int]
    /// The same for ``folded``.
    let foldedFallback: [Int]

    /// Makes the tables of a separator of at least one byte.
    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      folded = bytes.map(ReadingRules.lowercased)
      fallback = Self.fallback(of: bytes)
      foldedFallback = folded == bytes ? fallback : Self.fallback(of: folded)
    }

    /// How many bytes the separator has.
    var count: Int { bytes.count }

    /// The fallback table of `pattern`, in O(its length).
    static func fallback(of pattern: [UInt8]) -> [Int] {
      var table = [Int](repeating: 0, count: pattern.count)
      var matched = 0
      var index = 1
      while index < pattern.count {
        while matched > 0 && pattern[index] != pattern[matched] { matched = table[matched - 1] }
        if pattern[index] == pattern[matched] { matched += 1 }
        table[index] = matched
        index += 1
      }
      return table
    }

    /// The start of the leftmost occurrence of the separator lying wholly in `segment[start..<end]`,
    /// or -1 when there is none. Each byte of the range is read at most once, up to the occurrence's
    /// end, and there are at most as many fallbacks as bytes read (each undoes a byte matched); both
    /// are counted in `steps`.
    @inline(__always)
    func first(in segment: Bytes, from start: Int, to end: Int, folds: Bool, steps: inout Int) -> Int {
      let count = bytes.count
      guard end - start >= count else { return -1 }
      let pattern = folds ? folded : bytes
      let table = folds ? foldedFallback : fallback
      var matched = 0
      var index = start
      while index < end {
        let read = segment[index]
        let byte = folds ? ReadingRules.lowercased(read) : read
        steps &+= 1
        while matched > 0 && pattern[matched] != byte {
          matched = table[matched - 1]
          steps &+= 1
        }
        if pattern[matched] == byte {
          matched += 1
          if matched == count { return index + 1 - count }
        }
        index += 1
      }
      return -1
    }
  }

  // MARK: Ranking and sameness

  /// How many literal bytes the template holds: more is more specific.
  var literalByteCount: Int { literalBytes.reduce(0) { $0 + $1.count } }

  /// How many of its parameters are typed.
  var typedCount: Int {
    parts.count { part in
      if case .parameter(_, let type) = part { return !type.acceptsAnyText }
      return false
    }
  }

  /// The template with its parameter names left out (`wire-{:uuid}`), literals lower-cased in a
  /// case-insensitive table: two templates with the same key match the same segments, so two routes
  /// that differ only there are duplicates.
  package func key(caseInsensitive: Bool) -> String {
    parts.map { part in
      switch part {
      case .literal(let text):
        // Braces cannot stand in a literal as written, so they mark the parameters unambiguously.
        caseInsensitive ? String(decoding: text.utf8.map(ReadingRules.lowercased), as: UTF8.self) : text
      case .parameter(_, let type): "{:\(type)}"
      }
    }.joined()
  }

  /// Whether this template is tried before `other` at one position: more literal bytes first, then
  /// more typed parameters, then by ``key(caseInsensitive:)`` byte by byte (never declaration order).
  func ranksBefore(_ other: SegmentTemplate, caseInsensitive: Bool) -> Bool {
    if literalByteCount != other.literalByteCount { return literalByteCount > other.literalByteCount }
    if typedCount != other.typedCount { return typedCount > other.typedCount }
    return Array(key(caseInsensitive: caseInsensitive).utf8)
      .lexicographicallyPrecedes(other.key(caseInsensitive: caseInsensitive).utf8)
  }

  // MARK: Writing

  /// The decoded segment for these values (already converted to their types), or the name of the
  /// first value that holds the separator after it, which would make the link read back otherwise.
  func written(_ values: [String: ParameterValue]) -> Result<String, SeparatorInValue> {
    var text = ""
    for (index, part) in parts.enumerated() {
      switch part {
      case .literal(let literal):
        text += literal
      case .parameter(let name, _):
        let value = values[name]?.description ?? ""
        // A separator between two parameters is found leftmost after a non-empty value, so the value
        // before it may hold it only where that search does not find it (`@alice` before `@`).
        if index + 2 < parts.count, case .literal(let separator) = parts[index + 1],
          !Self.readsBack(value, before: separator)
        {
          return .failure(SeparatorInValue(name: name, value: value, separator: separator))
        }
        text += value
      }
    }
    return .success(text)
  }

  /// Whether `value` written before `separator` reads back as itself: searched as ``split(_:folds:_:)``
  /// searches (leftmost, from the value's second byte), with and without ASCII case folding, the
  /// separator is first found right after the value. An empty value says nothing here.
  static func readsBack(_ value: String, before separator: String) -> Bool {
    let end = value.utf8.count
    guard end > 0, !separator.isEmpty else { return true }
    let wanted = Separator(Array(separator.utf8))
    return Bytes.withUTF8(of: value + separator) { whole in
      var steps = 0
      return [false, true].allSatisfy { folds in
        wanted.first(in: whole, from: 1, to: whole.count, folds: folds, steps: &steps) == end
      }
    }
  }

  /// A value of each parameter's type that the template reads back: the type's sample, or for a plain
  /// part whose separator the sample holds (`{a}m{b}` and `sample`), the first of a few short texts
  /// that does not hold it. What destination checks and generated server files write.
  package var sampleValues: [String: ParameterValue] {
    var values: [String: ParameterValue] = [:]
    for (index, part) in parts.enumerated() {
      guard case .parameter(let name, let type) = part else { continue }
      var separator: String?
      if index + 2 < parts.count, case .literal(let text) = parts[index + 1] { separator = text }
      let sample = type.sampleValue
      guard type.acceptsAnyText, let separator, sample.description.contains(separator) else {
        values[name] = sample
        continue
      }
      let text = ["x", "y", "0", "_"].first { !$0.contains(separator) && !separator.hasPrefix($0) } ?? "x"
      values[name] = .string(text)
    }
    return values
  }

  /// A value that holds the separator that ends it in its template.
  struct SeparatorInValue: Error {
    var name: String
    var value: String
    var separator: String
  }

  // MARK: Server files

  /// The AASA pattern of the segment: the literals as written, `*` for each parameter (`wire-*`), or
  /// the type's fixed-width pattern where it has one (a UUID's). The literals are passed to `escape`
  /// (AASA's own `*` and `?` are the caller's to refuse).
  package func aasaPattern(escape: (String) -> String) -> String {
    parts.map { part in
      switch part {
      case .literal(let text): escape(text)
      case .parameter(_, let type): type.aasaSegmentPattern == "?*" ? "*" : type.aasaSegmentPattern
      }
    }.joined()
  }

  /// The regular expression (PCRE, as nginx reads it) of the decoded segment: each literal escaped by
  /// `escape`, each parameter as its type's ``ParameterType/segmentRegex`` (with `/` excluded).
  package func segmentRegex(escape: (String) -> String) -> String {
    parts.map { part in
      switch part {
      case .literal(let text): escape(text)
      case .parameter(_, let type): type.segmentRegex
      }
    }.joined()
  }
}
