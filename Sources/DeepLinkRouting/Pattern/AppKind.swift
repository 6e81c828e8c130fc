/// Why a kind's declaration is refused (``RouteTableError`` code `invalidKind`).
package enum KindProblem: Error, Sendable, Hashable {
  /// The kind is named like a built-in type (`int`, `string`, ...).
  case builtInName
  /// The name is not a letter or `_` followed by letters, digits or `_`.
  case invalidName
  /// `characters` lists nothing.
  case noCharacters
  /// `characters` lists `/`, which a path segment cannot hold.
  case slash
  /// `characters` or `prefix` holds a character that is not printable ASCII.
  case forbiddenCharacter(String)
  /// A range whose ends are out of order or of different classes (`Z-A`, `a-Z`, `0-z`).
  case malformedRange(String)
  /// `minLength` or `maxLength` is outside ``ValueKind/allowedLength``.
  case lengthOutOfRange(key: String, value: Int)
  /// `maxLength` is below `minLength`, so no value is of the kind.
  case emptyLengthRange(min: Int, max: Int)

  /// The problem in words, for the kind named `name`.
  func message(kind name: String) -> String {
    let kind = "kind '\(PrintableText.escaped(name))'"
    switch self {
    case .builtInName:
      return
        "\(kind) is named like a built-in type (\(ParameterType.bySpecificity.map(\.rawValue).joined(separator: ", "))); give it a name of its own"
    case .invalidName:
      return "\(kind): a kind's name is a letter or '_' followed by letters, digits or '_'"
    case .noCharacters: return "\(kind) lists no characters, so no value is of the kind"
    case .slash: return "\(kind) lists '/': a path segment cannot hold one"
    case .forbiddenCharacter(let character):
      return "\(kind) holds '\(PrintableText.escaped(character))': only printable ASCII may be listed"
    case .malformedRange(let range):
      return "\(kind) has the range '\(range)', which is not two letters of one case or two digits in order"
    case .lengthOutOfRange(let key, let value):
      return
        "\(kind): \(key) is \(value), outside \(ValueKind.allowedLength.lowerBound)...\(ValueKind.allowedLength.upperBound)"
    case .emptyLengthRange(let min, let max):
      return "\(kind): maxLength \(max) is below minLength \(min), so no value is of the kind"
    }
  }
}

/// An app-defined kind as patterns use it: its name, its declaration, and the rule compiled to bytes;
/// or a check a pattern states in place (`{lat:decimal(-90...90)}`, ``ValueCheck``), which answers every
/// question a kind answers.
package struct AppKind: Sendable, Hashable, CustomStringConvertible {
  /// The kind's name in the table (`sku` in `{code:sku}`), or a check as written (`int(1...12)`).
  package let name: String
  /// The declaration (an empty one for a check).
  package let declaration: ValueKind
  /// The check a pattern states in place, or `nil` for a kind of the table.
  package let check: ValueCheck?
  private let prefix: [UInt8]
  private let low: UInt64
  private let high: UInt64
  private let minLength: Int
  private let maxLength: Int

  /// Compiles a declaration that ``ValueKind/problem(named:)`` accepts.
  init(name: String, declaration: ValueKind) {
    self.name = name
    self.declaration = declaration
    check = nil
    prefix = Array(declaration.prefix.utf8)
    let set = (try? ValueKind.characterSet(declaration.characters).get()) ?? (0, 0)
    (low, high) = set
    minLength = declaration.minLength
    maxLength = declaration.maxLength ?? .max
  }

  /// A check stated in place, as a kind.
  init(check: ValueCheck) {
    name = check.text
    declaration = ValueKind(characters: "", minLength: 0, maxLength: 0)
    self.check = check
    prefix = []
    (low, high) = (0, 0)
    (minLength, maxLength) = (0, 0)
  }

  package static func == (lhs: AppKind, rhs: AppKind) -> Bool {
    lhs.name == rhs.name && lhs.declaration == rhs.declaration
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(declaration)
  }

  /// The name, as a pattern writes it after `:`.
  package var description: String { name }

  /// The compiled kinds of a table, checked: what the parser looks names up in.
  ///
  /// - Throws: ``RouteTableError`` code `invalidKind` at `kinds.<name>` (and the key at fault).
  package static func compile(_ kinds: [String: ValueKind]) throws(RouteTableError) -> [String: AppKind] {
    var compiled: [String: AppKind] = [:]
    for name in kinds.keys.stableSorted() {
      guard let declaration = kinds[name] else { continue }
      if let (key, problem) = declaration.problem(named: name) {
        throw RouteTableError(
          location: "kinds.\(name)" + (key.map { ".\($0)" } ?? ""),
          reason: .invalidKind(name: name, problem: problem))
      }
      compiled[name] = AppKind(name: name, declaration: declaration)
    }
    return compiled
  }

  // MARK: Matching

  @inline(__always)
  private func allows(_ byte: UInt8) -> Bool {
    byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte &- 64)) != 0
  }

  /// Whether a decoded segment or query value is of the kind: one pass over its bytes.
  @inline(__always)
  func accepts(_ bytes: Bytes) -> Bool {
    if let check { return check.accepts(bytes) }
    let length = bytes.count &- prefix.count
    guard length >= minLength, length <= maxLength else { return false }
    var index = 0
    while index < prefix.count {
      if bytes[index] != prefix[index] { return false }
      index &+= 1
    }
    while index < bytes.count {
      if !allows(bytes[index]) { return false }
      index &+= 1
    }
    return true
  }

  /// Whether decoded text is of the kind.
  package func accepts(_ text: String) -> Bool { Bytes.withUTF8(of: text) { accepts($0) } }

  /// The value of a decoded segment or query value, or `nil` when it is not of the kind: the text for
  /// a kind of the table, the typed value for a check.
  @inline(__always)
  func value(_ bytes: Bytes, text: () -> String) -> ParameterValue? {
    if let check { return check.value(bytes, text: text) }
    return accepts(bytes) ? .string(text()) : nil
  }

  /// The value of decoded text, or `nil` when it is not of the kind (as ``value(_:text:)``).
  package func value(from text: String) -> ParameterValue? {
    Bytes.withUTF8(of: text) { value($0, text: { text }) }
  }

  /// Why decoded text is not of the kind, in words (`it holds 'x', which sku does not allow (A-Z0-9-)`),
  /// or `nil` when it is: what a near miss says.
  package func miss(_ text: String) -> String? {
    if let check { return check.miss(text) }
    let bytes = Array(text.utf8)
    if !bytes.starts(with: prefix) {
      return "it does not start with '\(PrintableText.escaped(declaration.prefix))'"
    }
    let rest = bytes[prefix.count...]
    if let bad = rest.first(where: { !allows($0) }) {
      let character = bad < 0x80 ? String(UnicodeScalar(bad)) : "non-ASCII text"
      return
        "it holds '\(PrintableText.escaped(character))', which \(name) does not allow (\(PrintableText.escaped(declaration.characters)))"
    }
    if rest.count < minLength || rest.count > maxLength {
      let after = prefix.isEmpty ? "" : " after '\(PrintableText.escaped(declaration.prefix))'"
      return "it has \(rest.count) characters\(after), \(name) takes \(lengthText)"
    }
    return nil
  }

  /// What a near miss says a piece of the kind wanted, and why decoded text is not that: the kind's
  /// expectation, the piece as the pattern writes it, then the reason (``miss(_:)``):
  /// `an int from 1 to 12 ({month:int(1...12)}): it is 13, above 12`. One statement for a path segment
  /// (`{month:int(1...12)}`) and a query item (`lat={lat:decimal(-90...90)}`).
  ///
  /// - Parameters:
  ///   - text: The decoded segment or query value.
  ///   - piece: The piece as the pattern writes it.
  /// - Returns: The statement; without a reason when the text is of the kind.
  package func missStatement(_ text: String, piece: String) -> String {
    "\(expectation) (\(piece))" + (miss(text).map { ": " + $0 } ?? "")
  }

  /// The lengths the kind takes, in words: `3 to 12`, `6`, `at least 1`.
  package var lengthText: String {
    if maxLength == .max { return "at least \(minLength)" }
    return minLength == maxLength ? "\(minLength)" : "\(minLength) to \(maxLength)"
  }

  /// What a message says a parameter of the kind wanted: `a sku`.
  package var expectation: String { check?.expectation ?? Self.withArticle(name) }

  /// A kind's name after `a` or `an`, as messages write it: `a sku`, `an order`.
  package static func withArticle(_ name: String) -> String {
    let vowel = name.first.map { "aeiouAEIOU".contains($0) } ?? false
    return (vowel ? "an " : "a ") + PrintableText.escaped(name)
  }

  // MARK: Rank and sameness

  /// Whether this kind is tried before `other` at one place of the table: the longer prefix first,
  /// then fewer characters, then the lower most length, then the higher least length, then by name
  /// byte by byte; never the order of the table.
  package func ranksBefore(_ other: AppKind) -> Bool {
    if let check, let otherCheck = other.check { return check.ranksBefore(otherCheck) }
    // A check is tried before the table's kinds (the search tries it earlier, among the typed pieces).
    if (check == nil) != (other.check == nil) { return check != nil }
    if prefix.count != other.prefix.count { return prefix.count > other.prefix.count }
    let count = low.nonzeroBitCount + high.nonzeroBitCount
    let otherCount = other.low.nonzeroBitCount + other.high.nonzeroBitCount
    if count != otherCount { return count < otherCount }
    if maxLength != other.maxLength { return maxLength < other.maxLength }
    if minLength != other.minLength { return minLength > other.minLength }
    return name.utf8.lexicographicallyPrecedes(other.name.utf8)
  }

  /// A value both kinds hold, or `nil` when no value is of both: two routes alike but for these kinds
  /// at one place would both reach the links with it, so they are refused as duplicates.
  package func sharedValue(with other: AppKind) -> String? {
    // A check and a kind of the table are tried at different times, so the rank decides between them.
    if let check, let otherCheck = other.check { return check.sharedValue(with: otherCheck) }
    if check != nil || other.check != nil { return nil }
    let (short, long) = prefix.count <= other.prefix.count ? (self, other) : (other, self)
    guard long.prefix.starts(with: short.prefix) else { return nil }
    let extra = long.prefix[short.prefix.count...]
    guard extra.allSatisfy(short.allows) else { return nil }
    let common = (low: short.low & long.low, high: short.high & long.high)
    let byte: UInt8
    if common.low != 0 {
      byte = UInt8(common.low.trailingZeroBitCount)
    } else if common.high != 0 {
      byte = UInt8(64 + common.high.trailingZeroBitCount)
    } else {
      return nil
    }
    let shortMin = short.minLength - extra.count
    let shortMax = short.maxLength == .max ? Int.max : short.maxLength - extra.count
    let least = max(long.minLength, shortMin, 1)
    let most = min(long.maxLength, shortMax)
    guard least <= most else { return nil }
    return String(decoding: long.prefix + [UInt8](repeating: byte, count: least), as: UTF8.self)
  }

  // MARK: Building back

  /// The value a parameter of the kind writes for `value`: a ``ParameterValue/string(_:)`` (or a
  /// number, boolean or UUID written as text) of the kind; `nil` otherwise (the builder then refuses
  /// it, naming the kind).
  package func written(_ value: ParameterValue) -> ParameterValue? {
    if let check { return check.written(value) }
    let text: String
    switch value {
    case .string(let string): text = string
    case .int, .uuid, .bool, .decimal, .url: text = value.description
    case .segments, .dictionary, .pairs: return nil
    }
    return accepts(text) ? .string(text) : nil
  }

  /// A value of the kind: the prefix, then the first letter or digit it allows (else its first
  /// character), as often as it needs; never a dot segment when the kind has another value.
  package var sampleValue: String {
    if let check { return check.sample.description }
    let allowed = (UInt8(0x20)..<UInt8(0x7F)).filter(allows)
    let byte =
      allowed.first { $0.isASCIILetter || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
      ?? allowed.first ?? UInt8(ascii: "x")
    var count = minLength
    if prefix.isEmpty, byte == UInt8(ascii: "."), count <= 2, maxLength >= 3 { count = 3 }
    return String(decoding: prefix + [UInt8](repeating: byte, count: count), as: UTF8.self)
  }

  /// A value of the kind as a parameter holds it: the sample's text, or a check's typed sample.
  package var sample: ParameterValue { check?.sample ?? .string(sampleValue) }

  // MARK: Server files

  /// The kind's prefix, for the AASA pattern (`#*` for a kind with prefix `#`); the server files
  /// write it escaped as their literals are.
  package var prefixText: String { declaration.prefix }

  /// What an AASA pattern cannot say about the kind: the widening's code, the limit in words (`{NAME}`
  /// stands for the parameter) and a value the pattern lets through that the kind refuses.
  package var aasaWidening: (code: String, limit: String, example: String)? {
    if let check { return check.aasaWidening }
    let said = prefix.isEmpty ? "" : " after '\(declaration.prefix)'"
    // A printable character the kind refuses, or else non-ASCII text, which no kind holds.
    let outside = (UInt8(0x21)..<UInt8(0x7F)).first { byte in
      !allows(byte) && !"/?#%".utf8.contains(byte)
    }
    let refused = declaration.prefix + (outside.map { String(UnicodeScalar($0)) } ?? "\u{E9}")
    return (
      "kind-text",
      "AASA cannot say \"only \(declaration.characters), \(lengthText) of them\"\(said), so {NAME} admits any text",
      refused
    )
  }

  /// The regular expression (PCRE, as nginx reads it) of one decoded value of the kind: the prefix
  /// written by `escape` (the server file's rule for literal text), then a class of the characters
  /// (letters and digits as they are, every other one as `\xHH`) and the lengths.
  package func segmentRegex(escape: (String) -> String) -> String {
    if let check { return check.segmentRegex(escape: escape) }
    var set = ""
    for byte in UInt8(0x20)..<UInt8(0x7F) where allows(byte) {
      if byte.isASCIILetter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
        set.unicodeScalars.append(UnicodeScalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        set += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    let count = maxLength == .max ? "{\(minLength),}" : "{\(minLength),\(maxLength)}"
    return escape(declaration.prefix) + "[" + set + "]" + count
  }
}
