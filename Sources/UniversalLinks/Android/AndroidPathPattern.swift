/// One path condition of an Android `<data>` element, read the way Android's `PatternMatcher` reads
/// it.
///
/// Android compares the link's path, percent-decoded (`Uri.getPath()`), as UTF-16 text:
/// - ``Kind-swift.enum/literal`` (`android:path`): the whole path, exactly;
/// - ``Kind-swift.enum/prefix`` (`android:pathPrefix`): the path's beginning;
/// - ``Kind-swift.enum/suffix`` (`android:pathSuffix`, Android 12, API 31): the path's end;
/// - ``Kind-swift.enum/simpleGlob`` (`android:pathPattern`): `.` is any character, `*` repeats the
///   character before it zero or more times, `\` escapes. `.*` does not backtrack: it stops at the
///   first occurrence of the pattern's next character, so `.*\.pdf` refuses `/a.b.pdf`. An escaped
///   `\.` not followed by `*` still matches any character, and `x*` at the end of the pattern does
///   not match when the path has ended before it (`/ab*` refuses `/a`);
/// - ``Kind-swift.enum/advancedGlob`` (`android:pathAdvancedPattern`, Android 12, API 31): `.`, sets
///   `[a-z]` and `[^/]`, `*`, `+` and ranges `{n}`, `{n,m}`, `{n,}` after a token (bounds read as
///   Java's `Integer.parseInt` reads them, so `{-1,2}` is `{0,2}`), `\` escapes. Each
///   token takes as many characters as it can and never gives one back (`[^/]+\.json` refuses
///   `/a.json`). A `}` outside a range is dropped from the pattern, so a literal one is written `\}`.
///
/// ```swift
/// let pattern = AndroidPathPattern(.advancedGlob, "/channel/video/[^/]+")
/// try pattern.matches("/channel/video/42")  // true
/// ```
///
/// Matching is linear in the path and the pattern: every step advances one of them.
package struct AndroidPathPattern: Hashable, Sendable, CustomStringConvertible {
  /// How Android reads the pattern: one `<data>` attribute each.
  package enum Kind: String, CaseIterable, Hashable, Sendable {
    /// `android:path`: the whole path.
    case literal = "path"
    /// `android:pathPrefix`: the path's beginning.
    case prefix = "pathPrefix"
    /// `android:pathPattern`: the simple glob.
    case simpleGlob = "pathPattern"
    /// `android:pathAdvancedPattern`: the advanced glob (Android 12, API 31).
    case advancedGlob = "pathAdvancedPattern"
    /// `android:pathSuffix`: the path's end (Android 12, API 31).
    case suffix = "pathSuffix"

    /// The `<data>` attribute, without its `android:` prefix.
    package var attribute: String { rawValue }

    /// The attribute of this kind for another part of the link, which Android names the same way:
    /// `ssp`, `sspPrefix`, `sspPattern`, `sspAdvancedPattern`, `sspSuffix` for `ssp`; `query...` and
    /// `fragment...` in a `<uri-relative-filter-group>`.
    ///
    /// - Parameter part: `path`, `ssp`, `query` or `fragment`.
    /// - Returns: The attribute, without its `android:` prefix.
    package func attribute(of part: String) -> String {
      switch self {
      case .literal: part
      case .prefix: part + "Prefix"
      case .simpleGlob: part + "Pattern"
      case .advancedGlob: part + "AdvancedPattern"
      case .suffix: part + "Suffix"
      }
    }

    /// The first API level that reads the attribute; earlier versions ignore it.
    package var minimumAPILevel: Int {
      switch self {
      case .literal, .prefix, .simpleGlob: 1
      case .advancedGlob, .suffix: 31
      }
    }
  }

  /// How the pattern is read.
  package var kind: Kind
  /// The pattern, as Android holds it after reading the manifest (one `\` per escape).
  package var pattern: String

  /// Creates a path condition.
  ///
  /// - Parameters:
  ///   - kind: How the pattern is read.
  ///   - pattern: The pattern, as Android holds it (`/p/[^/]+`).
  package init(_ kind: Kind, _ pattern: String) {
    self.kind = kind
    self.pattern = pattern
  }

  /// `pathPattern="/p/..*"`.
  package var description: String { "\(kind.attribute)=\"\(pattern)\"" }

  /// Whether Android opens a decoded path with this condition.
  ///
  /// - Parameter path: The decoded path, such as `/channel/video/42`.
  /// - Returns: Whether the path matches.
  /// - Throws: ``AndroidPatternError`` when an advanced pattern is malformed (Android refuses such a
  ///   manifest).
  package func matches(_ path: String) throws(AndroidPatternError) -> Bool {
    let text = Array(path.utf16)
    switch kind {
    case .literal: return Array(pattern.utf16) == text
    case .prefix: return text.starts(with: pattern.utf16)
    case .suffix:
      let end = Array(pattern.utf16)
      return text.count >= end.count && Array(text.suffix(end.count)) == end
    case .simpleGlob: return Self.simpleGlobMatches(Array(pattern.utf16), text)
    case .advancedGlob: return Self.advancedGlobMatches(try Self.tokens(of: pattern), text)
    }
  }

  /// Checks an advanced pattern as Android does when it reads the manifest.
  ///
  /// - Throws: ``AndroidPatternError`` for a modifier without a token, an empty or unterminated set,
  ///   a malformed range or an escape at the end.
  package func validate() throws(AndroidPatternError) {
    if kind == .advancedGlob { _ = try Self.tokens(of: pattern) }
  }

  // MARK: Simple glob

  private static let backslash = UInt16(UInt8(ascii: "\\"))
  private static let dot = UInt16(UInt8(ascii: "."))
  private static let star = UInt16(UInt8(ascii: "*"))

  /// The simple glob, as `PatternMatcher` documents and runs it: one pass over both texts.
  static func simpleGlobMatches(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
    if pattern.isEmpty { return text.isEmpty }
    func at(_ index: Int) -> UInt16 { index < pattern.count ? pattern[index] : 0 }
    var p = 0
    var t = 0
    while p < pattern.count && t < text.count {
      var character = pattern[p]
      p += 1
      let escaped = character == backslash
      if escaped {
        character = at(p)
        p += 1
      }
      if at(p) == star {
        if !escaped && character == dot {
          // `.*`: at the pattern's end it takes the rest; otherwise it runs to the first occurrence
          // of the next character (after its escape), which that character then takes.
          if p >= pattern.count - 1 { return true }
          p += 1
          if at(p) == backslash { p += 1 }
          let next = at(p)
          while t < text.count && text[t] != next { t += 1 }
          if t == text.count { return false }
          p += 1
          t += 1
        } else {
          // `x*`: as many `x` as follow.
          while t < text.count && text[t] == character { t += 1 }
          p += 1
        }
      } else {
        // A `.` matches any character, escaped or not.
        if character != dot && text[t] != character { return false }
        t += 1
      }
    }
    if p >= pattern.count && t >= text.count { return true }
    // The text has ended with only `.*` left of the pattern.
    return p == pattern.count - 2 && pattern[p] == dot && pattern[p + 1] == star
  }

  // MARK: Advanced glob

  /// One token of an advanced pattern with its repetition.
  struct Token: Hashable, Sendable {
    /// The bounds of a set's range.
    struct Bounds: Hashable, Sendable {
      var low: UInt16
      var high: UInt16
    }
    enum Match: Hashable, Sendable {
      case character(UInt16)
      case any
      /// Inclusive bounds (a reversed pair, `[z-a]`, admits nothing); `inverted` for `[^...]`.
      case set([Bounds], inverted: Bool)
    }
    var match: Match
    var minimum: Int
    var maximum: Int

    func accepts(_ unit: UInt16) -> Bool {
      switch match {
      case .character(let character): unit == character
      case .any: true
      case .set(let ranges, let inverted): ranges.contains { $0.low <= unit && unit <= $0.high } != inverted
      }
    }
  }

  /// Reads an advanced pattern into tokens, with Android's rules and refusals.
  static func tokens(of pattern: String) throws(AndroidPatternError) -> [Token] {
    let units = Array(pattern.utf16)
    func failure(_ reason: String) -> AndroidPatternError {
      AndroidPatternError(pattern: pattern, reason: reason)
    }
    func unit(_ text: Unicode.Scalar) -> UInt16 { UInt16(text.value) }
    var tokens: [Token] = []
    // Android parses into a table of 2,048 entries and refuses a pattern that needs more: a literal,
    // `.`, `*` and `+` take one, a set two plus two per character or range, a range four.
    var storage = 0
    func checkStorage() throws(AndroidPatternError) {
      if storage > maximumStorage - 3 {
        throw failure("the pattern is too large for Android (2,048 entries)")
      }
    }
    // Whether the last thing read is a modifier, so another modifier has no token.
    var afterModifier = true
    var index = 0
    while index < units.count {
      try checkStorage()
      let character = units[index]
      switch character {
      case unit("["):
        var inverted = false
        index += 1
        if index < units.count && units[index] == unit("^") {
          inverted = true
          index += 1
        }
        var ranges: [Token.Bounds] = []
        var closed = false
        storage += 2
        while index < units.count {
          try checkStorage()
          var low = units[index]
          if low == unit("]") {
            closed = true
            break
          }
          if low == backslash {
            guard index + 1 < units.count else { throw failure("an escape at the end of the pattern") }
            index += 1
            low = units[index]
          }
          if index + 2 < units.count && units[index + 1] == unit("-") && units[index + 2] != unit("]") {
            // The high end is read as any character of a set is: `\` escapes it (`[a-\]]`).
            index += 2
            var high = units[index]
            if high == backslash {
              guard index + 1 < units.count else { throw failure("an escape at the end of the pattern") }
              index += 1
              high = units[index]
            }
            ranges.append(.init(low: low, high: high))
            storage += 2
            index += 1
          } else {
            ranges.append(.init(low: low, high: low))
            storage += 2
            index += 1
          }
        }
        guard closed else { throw failure("a set \"[\" without its \"]\"") }
        guard !ranges.isEmpty else { throw failure("an empty set \"[]\"") }
        tokens.append(Token(match: .set(ranges, inverted: inverted), minimum: 1, maximum: 1))
        afterModifier = false
        index += 1
      case unit("*"), unit("+"), unit("{"):
        guard !afterModifier, let last = tokens.indices.last else {
          throw failure(
            "a modifier \"\(Character(Unicode.Scalar(character) ?? "?"))\" without a token before it")
        }
        if character == unit("{") {
          guard let close = units[index...].firstIndex(of: unit("}")) else {
            throw failure("a range \"{\" without its \"}\"")
          }
          let body = units[(index + 1)..<close]
          let text = String(decoding: body, as: UTF16.self)
          let comma = body.firstIndex(of: unit(","))
          guard let low = Self.javaInteger(body[..<(comma ?? body.endIndex)]) else {
            throw failure("a malformed range \"{\(text)}\"")
          }
          var high = low
          if let comma {
            if comma == body.endIndex - 1 {
              high = Int(Int32.max)
            } else {
              guard let value = Self.javaInteger(body[(comma + 1)...]) else {
                throw failure("a malformed range \"{\(text)}\"")
              }
              high = value
            }
          }
          guard low <= high else { throw failure("a range \"{\(text)}\" whose minimum is over its maximum") }
          tokens[last].minimum = low
          tokens[last].maximum = high
          storage += 4
          index = close + 1
        } else {
          tokens[last].minimum = character == unit("*") ? 0 : 1
          tokens[last].maximum = Int.max
          storage += 1
          index += 1
        }
        afterModifier = true
      case unit("}"), unit("]"):
        // Android drops a `}` outside a range; a `]` outside a set is a literal.
        if character == unit("]") {
          tokens.append(Token(match: .character(character), minimum: 1, maximum: 1))
          storage += 1
          afterModifier = false
        }
        index += 1
      case unit("."):
        tokens.append(Token(match: .any, minimum: 1, maximum: 1))
        storage += 1
        afterModifier = false
        index += 1
      case backslash:
        guard index + 1 < units.count else { throw failure("an escape at the end of the pattern") }
        tokens.append(Token(match: .character(units[index + 1]), minimum: 1, maximum: 1))
        storage += 1
        afterModifier = false
        index += 2
      default:
        tokens.append(Token(match: .character(character), minimum: 1, maximum: 1))
        storage += 1
        afterModifier = false
        index += 1
      }
    }
    return tokens
  }

  /// A range bound read as Java's `Integer.parseInt` reads it, which `PatternMatcher` calls: an
  /// optional `-` or `+`, then one or more decimal digits of any script (each UTF-16 unit whose
  /// Unicode category is a decimal digit), within the range of a 32-bit integer. A negative minimum
  /// is kept: no count of characters is below it, so `a{-1,2}` reads as `a{0,2}`, and a negative
  /// maximum matches no character.
  static func javaInteger(_ units: ArraySlice<UInt16>) -> Int? {
    var digits = units
    var negative = false
    if let sign = digits.first, sign == UInt16(UInt8(ascii: "-")) || sign == UInt16(UInt8(ascii: "+")) {
      negative = sign == UInt16(UInt8(ascii: "-"))
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value = 0
    for unit in digits {
      guard let scalar = Unicode.Scalar(UInt32(unit)), scalar.properties.numericType == .decimal,
        let digit = scalar.properties.numericValue
      else { return nil }
      value = value * 10 + Int(digit)
      // Past the magnitude of Int32.min; the sign is checked once at the end.
      guard value <= Int(Int32.max) + 1 else { return nil }
    }
    let result = negative ? -value : value
    return result <= Int(Int32.max) ? result : nil
  }

  /// The entries of Android's table for one parsed advanced pattern.
  static let maximumStorage = 2048

  /// The advanced glob: each token takes as many characters as it may, never giving one back.
  static func advancedGlobMatches(_ tokens: [Token], _ text: [UInt16]) -> Bool {
    var position = 0
    for token in tokens {
      var taken = 0
      while taken < token.maximum && position + taken < text.count && token.accepts(text[position + taken]) {
        taken += 1
      }
      guard taken >= token.minimum else { return false }
      position += taken
    }
    return position >= text.count
  }
}

/// An advanced path pattern Android refuses, with why.
package struct AndroidPatternError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern.
  package var pattern: String
  /// What is wrong, in words.
  package var reason: String

  /// `pathAdvancedPattern "...": reason`.
  package var description: String { "pathAdvancedPattern \"\(pattern)\": \(reason)" }
}
