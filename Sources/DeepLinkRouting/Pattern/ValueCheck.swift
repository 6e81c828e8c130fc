import Foundation

/// A check on a built-in type's value, written in parentheses after the type: a range of an int or a
/// decimal (`{n:int(1...12)}`, `{lat:decimal(-90...90)}`, one end left open as `1...` or `...12`),
/// the scheme a URL must have (`{target:url(https)}`), or text compared and delivered in lower case
/// (`{section:string(lower)}`, or after a value set, `{section:(newtab|general)(lower)}`).
///
/// A checked type is a kind the pattern states in place: the router asks it what ``AppKind`` answers
/// for a kind the table declares (whether a value passes, what a near miss says, how it ranks, what
/// it writes back, how the server files widen it), so every consumer of kinds reads checks as well.
/// Unlike a table's kind, a check's value is the type's value (`.int`, `.decimal`, `.url`), so a
/// destination reads it as `Int`, `Double` or `URL` through Codable.
package struct ValueCheck: Sendable, Hashable {
  /// What a check asks of a value of its type.
  package enum Rule: Sendable, Hashable {
    /// An int from the lower end to the upper end, both included; `nil` leaves that end open.
    case integers(Int?, Int?)
    /// A decimal from the lower end to the upper end, both included; `nil` leaves that end open.
    case decimals(Double?, Double?)
    /// A URL whose scheme is `https` (in any case); `http://` is refused.
    case httpsOnly
    /// Text read with its ASCII letters lower-cased (`NewTab` is `newtab`), which must then be one of
    /// the set's words when there is a set; `nil` takes any text.
    case lowerCase(ValueSet?)
  }

  /// The type checked (``ParameterType/int``, ``ParameterType/decimal``, ``ParameterType/url`` or
  /// ``ParameterType/string``).
  package let type: ParameterType
  /// What the value must be.
  package let rule: Rule
  /// The check as written after the `:` (`decimal(-90...90)`).
  package let text: String

  // MARK: Reading the syntax

  /// The check that `text` (what a parameter's body holds after its `:`) writes, or `nil` when the text
  /// is not a built-in type followed by parentheses; a check that cannot be read is refused.
  ///
  /// - Parameter text: The type as written, such as `int(1...12)`.
  /// - Returns: The check, or `nil` for text of another form (a kind's name, a value set).
  /// - Throws: Why the check is refused, in words, and where in `text` (in characters).
  static func parse(_ text: String) throws(CheckProblem) -> ValueCheck? {
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")"),
      let type = ParameterType(rawValue: String(text[..<open]))
    else { return nil }
    let argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    let at = text.distance(from: text.startIndex, to: open)
    switch type {
    case .int, .decimal:
      guard let dots = argument.range(of: "...") else {
        throw CheckProblem(
          at: at,
          why: "\(type) takes a range: (1...12), (1...) or (...12), both ends included; got (\(argument))")
      }
      let lowerText = String(argument[..<dots.lowerBound])
      let upperText = String(argument[dots.upperBound...])
      guard !lowerText.isEmpty || !upperText.isEmpty else {
        throw CheckProblem(
          at: at, why: "the range (...) has no end; give at least one, as in (1...) or (...12)")
      }
      let upperAt = at + 1 + argument.distance(from: argument.startIndex, to: dots.upperBound)
      func end(_ end: String, at place: Int) throws(CheckProblem) -> ParameterValue? {
        guard !end.isEmpty else { return nil }
        guard let value = type.value(from: end) else {
          throw CheckProblem(
            at: place,
            why:
              "'\(PrintableText.escaped(end))' is not \(type.expectation) (\(type) reads it so), so it cannot end the range of \(type)"
          )
        }
        return value
      }
      let lower = try end(lowerText, at: at + 1)
      let upper = try end(upperText, at: upperAt)
      let rule: Rule =
        type == .int
        ? .integers(lower?.intValue, upper?.intValue) : .decimals(lower?.decimalValue, upper?.decimalValue)
      if case .integers(let low?, let high?) = rule, low > high {
        throw CheckProblem(at: at + 1, why: Self.reversed(lowerText, upperText))
      }
      if case .decimals(let low?, let high?) = rule, low > high {
        throw CheckProblem(at: at + 1, why: Self.reversed(lowerText, upperText))
      }
      return ValueCheck(type: type, rule: rule, text: text)
    case .url:
      guard argument == "https" else {
        throw CheckProblem(
          at: at + 1, why: "url takes the check (https), got (\(PrintableText.escaped(argument)))")
      }
      return ValueCheck(type: type, rule: .httpsOnly, text: text)
    case .string:
      guard argument == "lower" else {
        throw CheckProblem(
          at: at + 1, why: "string takes the check (lower), got (\(PrintableText.escaped(argument)))")
      }
      return ValueCheck(type: type, rule: .lowerCase(nil), text: text)
    case .uuid, .bool, .link, .address:
      throw CheckProblem(
        at: at,
        why:
          "\(type) takes no check: a range is for int and decimal (their values have an order), (https) for url, (lower) for string or a value set"
      )
    }
  }

  /// The check a value set's words take after them (`(newtab|general)(lower)`), given the text in the
  /// second parentheses; a word a check could never let through is refused.
  ///
  /// - Parameters:
  ///   - set: The set's words.
  ///   - argument: The text between the parentheses that follow the set.
  /// - Returns: The check.
  /// - Throws: Why it is refused, and which word (`nil` for the check itself).
  static func parse(set: ValueSet, argument: String) throws(SetProblem) -> ValueCheck {
    guard argument == "lower" else {
      throw SetProblem(
        member: nil, why: "a value set takes the check (lower), got (\(PrintableText.escaped(argument)))")
    }
    for (index, member) in set.members.enumerated() {
      guard let capital = member.unicodeScalars.first(where: { $0.isASCII && ("A"..."Z").contains($0) })
      else {
        continue
      }
      throw SetProblem(
        member: index,
        why:
          "the word '\(PrintableText.escaped(member))' holds the capital '\(capital)', which a value compared in lower case never has; write it '\(PrintableText.escaped(lowered(member)))'"
      )
    }
    return ValueCheck(type: .string, rule: .lowerCase(set), text: set.description + "(lower)")
  }

  /// Why a value set's check is refused: the word at fault (an index of the set's words), if any.
  struct SetProblem: Error {
    /// The word at fault, or `nil` when the check itself cannot be read.
    var member: Int?
    /// The reason in words.
    var why: String
  }

  /// Text with its ASCII letters lower-cased, the rest as it is (`NewTab` is `newtab`, `É` stays `É`).
  static func lowered(_ text: String) -> String {
    String(decoding: text.utf8.map(ReadingRules.lowercased), as: UTF8.self)
  }

  private static func reversed(_ lower: String, _ upper: String) -> String {
    "the range \(lower)...\(upper) runs backwards, so no value is in it; write the lower end first (\(upper)...\(lower))"
  }

  /// Why a check is refused, and where in the type's text.
  struct CheckProblem: Error {
    /// The offset, in characters, in the type as written.
    var at: Int
    /// The reason in words.
    var why: String
  }

  // MARK: Matching

  /// Whether a typed value passes the check.
  @inline(__always)
  private func passes(_ value: ParameterValue) -> Bool {
    switch (rule, value) {
    case (.integers(let low, let high), .int(let number)):
      (low.map { number >= $0 } ?? true) && (high.map { number <= $0 } ?? true)
    case (.decimals(let low, let high), .decimal(let number)):
      (low.map { number >= $0 } ?? true) && (high.map { number <= $0 } ?? true)
    case (.httpsOnly, .url(let url)): url.scheme?.lowercased() == "https"
    case (.lowerCase(let set), .string(let text)): set.map { $0.member(text, .folded) != nil } ?? true
    default: false
    }
  }

  /// Whether a decoded segment or query value is of the type and passes: one read of its bytes.
  @inline(__always)
  func accepts(_ bytes: Bytes) -> Bool {
    switch rule {
    case .integers: ParameterType.integerValue(bytes).map { passes(.int($0)) } ?? false
    case .decimals, .httpsOnly: value(bytes, text: { bytes.string() }) != nil
    case .lowerCase(let set): set.map { $0.accepts(bytes, .folded) } ?? (bytes.count > 0)
    }
  }

  /// The value of a decoded segment or query value, typed, or `nil` when it is not of the type or does
  /// not pass.
  @inline(__always)
  func value(_ bytes: Bytes, text: () -> String) -> ParameterValue? {
    if case .lowerCase(let set) = rule {
      // The set's words are in lower case, so the word found is the value lower-cased.
      guard let set else { return bytes.count > 0 ? .string(Self.lowered(text())) : nil }
      return set.member(bytes, .folded).map { .string(set.members[$0]) }
    }
    guard let value = type.value(bytes: bytes, text: text), passes(value) else { return nil }
    return value
  }

  /// Why decoded text does not pass, in words (`it is 95, above 90`), or `nil` when it does.
  func miss(_ text: String) -> String? {
    guard let value = type.value(from: text) else { return "it is not \(type.expectation)" }
    if passes(value) { return nil }
    switch rule {
    case .integers(let low, let high):
      if let low, let number = value.intValue, number < low { return "it is \(number), below \(low)" }
      return "it is \(value), above \(high.map(String.init) ?? "")"
    case .decimals(let low, let high):
      if let low, let number = value.decimalValue, number < low {
        return "it is \(value), below \(ParameterValue.decimal(low))"
      }
      return "it is \(value), above \(high.map { ParameterValue.decimal($0).description } ?? "")"
    case .httpsOnly:
      return "its scheme is \(value.urlValue?.scheme?.lowercased() ?? ""), not https"
    case .lowerCase:
      return "in lower case it is '\(PrintableText.escaped(Self.lowered(text)))', none of the words"
    }
  }

  /// What a message says the parameter wanted: `an int from 1 to 12`, `an https URL`.
  var expectation: String {
    func ends(_ low: String?, _ high: String?) -> String {
      switch (low, high) {
      case (let low?, let high?): "from \(low) to \(high)"
      case (let low?, nil): "of at least \(low)"
      case (nil, let high?): "of at most \(high)"
      case (nil, nil): ""
      }
    }
    switch rule {
    case .integers(let low, let high): return "an int " + ends(low.map(String.init), high.map(String.init))
    case .decimals(let low, let high):
      let text = { (number: Double) in ParameterValue.decimal(number).description }
      return "a decimal " + ends(low.map(text), high.map(text))
    case .httpsOnly: return "an https URL"
    case .lowerCase(let set):
      return set.map { "one of \($0) in any case" } ?? "a value, compared in lower case"
    }
  }

  // MARK: Rank and sameness

  /// Whether this check is tried before `other` at one place: by the type's rank, then by the text of
  /// the check byte for byte. Two checks of one type that share a value are duplicates
  /// (``sharedValue(with:)``), so this order only decides between checks that never both pass.
  func ranksBefore(_ other: ValueCheck) -> Bool {
    if type != other.type { return type.specificity < other.type.specificity }
    // A set of words in lower case is narrower than any text in lower case.
    if case .lowerCase(let set) = rule, case .lowerCase(let otherSet) = other.rule,
      (set == nil) != (otherSet == nil)
    {
      return set != nil
    }
    return text.utf8.lexicographicallyPrecedes(other.text.utf8)
  }

  /// A value both checks pass, or `nil` when none does: checks of one type whose ranges overlap.
  func sharedValue(with other: ValueCheck) -> String? {
    switch (rule, other.rule) {
    case (.integers(let low, let high), .integers(let otherLow, let otherHigh)):
      let least = max(low ?? .min, otherLow ?? .min)
      return least <= min(high ?? .max, otherHigh ?? .max) ? String(least) : nil
    case (.decimals(let low, let high), .decimals(let otherLow, let otherHigh)):
      let least = max(low ?? -.greatestFiniteMagnitude, otherLow ?? -.greatestFiniteMagnitude)
      let most = min(high ?? .greatestFiniteMagnitude, otherHigh ?? .greatestFiniteMagnitude)
      return least <= most ? ParameterValue.decimal(least).description : nil
    case (.httpsOnly, .httpsOnly): return sample.description
    case (.lowerCase(nil), .lowerCase(nil)): return sample.description
    case (.lowerCase(let set?), .lowerCase(let otherSet?)):
      return set.members.first { otherSet.member($0) != nil }
    default: return nil
    }
  }

  // MARK: Building back and samples

  /// The value written for `given`: the type's value when it passes, else `nil`; text in lower case
  /// for a check in lower case (the set's word it is).
  func written(_ given: ParameterValue) -> ParameterValue? {
    if case .lowerCase(let set) = rule {
      guard case .string(let text)? = ParameterType.string.written(given) else { return nil }
      guard let set else { return .string(Self.lowered(text)) }
      return set.member(text, .folded).map { .string(set.members[$0]) }
    }
    guard let value = type.written(given), passes(value) else { return nil }
    return value
  }

  /// A value that passes: the lower end, else the upper end, else zero; `https://example.com/`.
  var sample: ParameterValue {
    switch rule {
    case .integers(let low, let high): .int(low ?? min(high ?? 0, 0))
    case .decimals(let low, let high): .decimal(low ?? min(high ?? 0, 0))
    case .httpsOnly: ParameterType.url.value(from: "https://example.com/") ?? type.sampleValue
    case .lowerCase(let set): .string(set?.members[0] ?? "sample")
    }
  }

  // MARK: Server files

  /// What an AASA pattern cannot say about the check: its code, the limit in words (`{NAME}` stands for
  /// the parameter) and a value the pattern lets through that the check refuses; `nil` when the pattern
  /// takes what the check does (any text, lower-cased).
  var aasaWidening: (code: String, limit: String, example: String)? {
    switch rule {
    case .integers(let low, let high):
      let outside =
        high.flatMap { $0 < .max ? String($0 + 1) : nil } ?? low.flatMap { $0 > .min ? String($0 - 1) : nil }
      return ("range-text", Self.rangeLimit, outside ?? "x")
    case .decimals(let low, let high):
      let outside =
        high.map { ParameterValue.decimal($0 + 1).description }
        ?? low.map { ParameterValue.decimal($0 - 1).description }
      return ("range-text", Self.rangeLimit, outside ?? "x")
    case .httpsOnly: return ("https-text", Self.httpsLimit, "http://example.com/")
    case .lowerCase(nil): return nil
    case .lowerCase(let set?):
      var outside = "Sample"
      while set.accepts(outside, .folded) { outside += "_" }
      return ("value-set-text", Self.wordsLimit, outside)
    }
  }

  /// The limit of code `range-text`, in words.
  package static let rangeLimit = "AASA cannot say \"a number in a range\", so {NAME} admits any text"
  /// The limit of code `https-text`, in words.
  package static let httpsLimit = "AASA cannot say \"an https URL\", so {NAME} admits any text"
  /// The limit of a value set in lower case, in words (code `value-set-text`, as for any value set).
  package static let wordsLimit =
    "AASA cannot say \"one of these words in any case\", so {NAME} admits any text"

  /// The regular expression (PCRE, as nginx reads it) of one decoded value: the type's, which a range
  /// widens (nginx admits any number of the type, the app refuses the rest); `https` only for a URL;
  /// a set's words, each written by `escape`, without case (`(?i:newtab|general)`).
  func segmentRegex(escape: (String) -> String) -> String {
    switch rule {
    case .httpsOnly: "[Hh][Tt][Tt][Pp][Ss]://[^/?#]+.*"
    case .lowerCase(let set?): "(?i:" + set.members.map(escape).joined(separator: "|") + ")"
    case .integers, .decimals, .lowerCase(nil): type.segmentRegex
    }
  }
}
