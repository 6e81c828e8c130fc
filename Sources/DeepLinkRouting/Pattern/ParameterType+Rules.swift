import Foundation

// Every fact the package knows about a parameter type is stated here, once, as one answer per type:
// how a segment or query value reads, how a value is written back, how the type ranks in
// specificity, what messages call it, the sample value of destination checks, and how the server
// files say it (the AASA pattern and what AASA cannot say, the nginx regex). The router, URL
// building, near-miss explanations, destinations, AASA and nginx generation all ask these answers.
//
// Adding a type is one new case in `ParameterType` plus its answers below (the compiler points at
// each), and one child slot in the trie node (`FlatNode.child(for:)`).

extension ParameterType {
  // MARK: Precedence

  /// Where the type ranks when routes compete for one segment: lower is tried first.
  ///
  /// The one rule: a type comes before every type that accepts a segment it accepts and more, so
  /// ``int`` comes before ``decimal`` and ``string``, which accepts any non-empty segment, comes last.
  /// The other typed kinds accept disjoint segments, so their order among themselves decides nothing;
  /// it is fixed (``int``, ``uuid``, ``bool``, ``decimal``, ``url``) so the search is the same each run.
  /// ``address`` accepts some segments of ``uuid`` and ``bool`` (`true` is a host name) and of
  /// ``link`` (`localhost:8065` has the shape of a scheme and its text), and never an int, a decimal
  /// or a URL: it comes after the narrower ``uuid`` and ``bool``, and before ``link``, which accepts
  /// paths and absolute links besides. ``link`` accepts every ``url`` and more (paths, other
  /// schemes), so it comes after ``url``.
  package var specificity: Int {
    switch self {
    case .int: 0
    case .uuid: 1
    case .bool: 2
    case .decimal: 3
    case .url: 4
    case .address: 5
    case .link: 6
    case .string: 7
    }
  }

  /// The type of a ``specificity``, or `nil` when no type has it: the inverse of ``specificity``, so
  /// the search finds a type by its rank without reading a global list.
  @inline(__always)
  package init?(specificity: Int) {
    switch specificity {
    case 0: self = .int
    case 1: self = .uuid
    case 2: self = .bool
    case 3: self = .decimal
    case 4: self = .url
    case 5: self = .address
    case 6: self = .link
    case 7: self = .string
    default: return nil
    }
  }

  /// How many ranks there are: one a type, from 0 to this minus one (``string`` is last).
  package static var rankCount: Int {
    @inline(__always) get { string.specificity + 1 }
  }

  /// The types in the order a segment tries them: the narrowest first.
  package static let bySpecificity: [ParameterType] = allCases.stableSorted {
    $0.specificity < $1.specificity
  }

  /// Whether the type accepts every non-empty segment, so a parameter of it says nothing about the
  /// text (`{name}`); the other types narrow it and make a route more specific.
  package var acceptsAnyText: Bool {
    switch self {
    case .string: true
    case .int, .uuid, .bool, .decimal, .url, .address, .link: false
    }
  }

  /// Whether a value of this type may hold this byte after its first byte: where a typed value ends in
  /// a segment template. The separator after a value is searched from the value's second byte, so a
  /// byte the type holds only first (the `-` of an int or a decimal) ends the value
  /// (`{id:int}-{slug}` reads `-42-general` as `-42`), and a literal that starts with a byte the type
  /// may hold further on (`{id:int}5`) is refused: the value's end would be ambiguous. Every byte for
  /// ``string``, ``url`` and ``link``; for ``address``, a host's bytes and the `:` and `]` of a port or
  /// an IPv6 address (its `[` comes only first).
  package func mayContinue(with byte: UInt8) -> Bool {
    let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    switch self {
    case .string, .url, .link: return true
    case .int: return isDigit
    case .decimal: return isDigit || byte == UInt8(ascii: ".")
    case .uuid: return PercentCoding.hexValue(byte) != nil || byte == UInt8(ascii: "-")
    // After the `t` of `true` or the `f` of `false`.
    case .bool: return "rueals".utf8.contains(byte)
    // A host's letters, digits, `-` and `.`, the `:` of a port or of an IPv6 address, its `]`.
    case .address:
      return isDigit || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        || "-.:]".utf8.contains(byte)
    }
  }

  /// What a message says a parameter of this type wanted: `an int`, `a UUID`, `a value`.
  package var expectation: String {
    switch self {
    case .string: "a value"
    case .int: "an int"
    case .uuid: "a UUID"
    case .bool: "true or false"
    case .decimal: "a decimal number"
    case .url: "an http or https URL"
    case .link: "a link (a path or an absolute link)"
    case .address: "an address (a host, with an optional port from 1 to 65535)"
    }
  }

  // MARK: Reading

  /// Converts decoded text to a value of this type, or `nil` when it does not fit.
  ///
  /// - Parameter text: A decoded path segment or query value.
  /// - Returns: The typed value.
  public func value(from text: String) -> ParameterValue? {
    switch self {
    case .string: text.isEmpty ? nil : .string(text)
    case .int: Self.integer(text).map(ParameterValue.int)
    case .uuid: Self.uuid(text).map(ParameterValue.uuid)
    case .bool: Bytes.withUTF8(of: text) { Self.boolean($0) }.map(ParameterValue.bool)
    case .decimal: Self.decimal(text).map(ParameterValue.decimal)
    case .url: Self.httpURL(text).map(ParameterValue.url)
    case .link: Bytes.withUTF8(of: text) { Self.isLinkText($0) } ? .string(text) : nil
    case .address: Bytes.withUTF8(of: text) { Self.address($0) }.map(ParameterValue.string)
    }
  }

  /// Whether decoded text fits this type, without building the value.
  @inline(__always)
  func accepts(_ text: String) -> Bool {
    switch self {
    case .string: !text.isEmpty
    case .int: Self.integer(text) != nil
    case .uuid: Self.isUUIDText(text)
    case .bool, .decimal, .url, .link, .address: value(from: text) != nil
    }
  }

  /// Whether a decoded segment fits this type, read from its bytes (the segment's UTF-8, which the
  /// link reader has validated, so the rule is the one of ``accepts(_:)`` without building text).
  @inline(__always)
  func accepts(_ bytes: Bytes) -> Bool {
    switch self {
    case .string: bytes.count > 0
    case .int: Self.integerValue(bytes) != nil
    case .uuid: Self.isUUIDText(bytes)
    case .bool: Self.boolean(bytes) != nil
    case .decimal: Self.isDecimalText(bytes) && Self.decimal(bytes.string()) != nil
    case .url: Self.isURLText(bytes) && Self.httpURL(bytes.string()) != nil
    case .link: Self.isLinkText(bytes)
    case .address: Self.isAddressText(bytes)
    }
  }

  /// The value of a decoded segment, read from its bytes, or `nil` when it does not fit; `text` builds
  /// the segment's text for the types whose value is text. The rule is the one of ``value(from:)``.
  @inline(__always)
  func value(bytes: Bytes, text: () -> String) -> ParameterValue? {
    switch self {
    case .string: bytes.count > 0 ? .string(text()) : nil
    case .int: Self.integerValue(bytes).map(ParameterValue.int)
    case .uuid: Self.uuid(bytes).map(ParameterValue.uuid)
    case .bool: Self.boolean(bytes).map(ParameterValue.bool)
    case .decimal: Self.isDecimalText(bytes) ? Self.decimal(text()).map(ParameterValue.decimal) : nil
    case .url: Self.isURLText(bytes) ? Self.httpURL(text()).map(ParameterValue.url) : nil
    case .link: Self.isLinkText(bytes) ? .string(text()) : nil
    case .address: Self.address(bytes).map(ParameterValue.string)
    }
  }

  // MARK: Writing

  /// The value a parameter of this type writes into a link for `value`, or `nil` when it does not
  /// fit: typed values as they are, others read by the rule of ``value(from:)``.
  ///
  /// - Parameter given: A value given to URL building; segments never fit.
  /// - Returns: The value to write, or `nil`.
  package func written(_ given: ParameterValue) -> ParameterValue? {
    switch (self, given) {
    case (_, .segments), (_, .dictionary), (_, .pairs): nil
    case (.int, .int), (.uuid, .uuid), (.bool, .bool): given
    case (.decimal, .decimal(let number)): number.isFinite ? given : nil
    case (.decimal, .int(let number)): .decimal(Double(number))
    case (.url, .url(let url)): value(from: url.absoluteString)
    case (.string, _), (.int, _), (.uuid, _), (.bool, _), (.decimal, _), (.url, _), (.link, _), (.address, _):
      value(from: given.description)
    }
  }

  /// A value of this type that every check of destinations may use as a sample.
  package var sampleValue: ParameterValue {
    switch self {
    case .string: .string("sample")
    case .int: .int(0)
    case .uuid: .uuid(UUID(uuid: (0x5A, 0x3E, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)))
    case .bool: .bool(true)
    case .decimal: .decimal(0.5)
    // The text always reads as a URL; the fallback only keeps the answer total.
    case .url: Self.url.value(from: "https://example.com/") ?? .string("https://example.com/")
    case .link: .string("/sample")
    case .address: .string("localhost:8065")
    }
  }

  // MARK: Server files

  /// The AASA path pattern of one segment of this type: exact where AASA can say it.
  package var aasaSegmentPattern: String {
    switch self {
    case .string, .int, .bool, .decimal, .url, .link, .address: "?*"
    case .uuid: "????????-????-????-????-????????????"
    }
  }

  /// What an AASA pattern cannot say about this type, `nil` when ``aasaSegmentPattern`` is exact:
  /// the widening's code, the limit in words (`{NAME}` stands for the parameter) and a segment the
  /// pattern lets through that the type refuses.
  package var aasaWidening: (code: String, limit: String, example: String)? {
    switch self {
    case .string: nil
    case .int: ("integer-text", "AASA cannot say \"digits only\", so {NAME} admits any text", "x")
    case .uuid:
      (
        "uuid-text", "AASA cannot say \"hex digits only\", so {NAME} admits any text of a UUID's shape",
        "ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ"
      )
    case .bool: ("boolean-text", "AASA cannot say \"true or false\", so {NAME} admits any text", "maybe")
    case .decimal: ("decimal-text", "AASA cannot say \"a decimal number\", so {NAME} admits any text", "x")
    case .url:
      ("url-text", "AASA cannot say \"an http or https URL\", so {NAME} admits any text", "javascript:x")
    case .link:
      ("link-text", "AASA cannot say \"a path or an absolute link\", so {NAME} admits any text", "x")
    case .address:
      ("address-text", "AASA cannot say \"a host with an optional port\", so {NAME} admits any text", "a_b")
    }
  }

  /// The Android advanced glob (`android:pathAdvancedPattern`) of one decoded segment of this type,
  /// written so that its tokens never need to give a character back (Android's matcher does not
  /// backtrack): exact for ``string``, ``uuid`` and, within the range of `Int`, ``int``; one segment of
  /// any text for the others, whose ``aasaWidening`` then says what it admits.
  package var androidSegmentPattern: String {
    switch self {
    case .string, .bool, .decimal, .url, .link, .address: "[^/]+"
    case .int: "-{0,1}[0-9]+"
    case .uuid: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
    }
  }

  /// Whether ``androidSegmentPattern`` admits only text of this type, apart from integers beyond the
  /// range of `Int`.
  package var androidSegmentPatternIsExact: Bool {
    switch self {
    case .string, .int, .uuid: true
    case .bool, .decimal, .url, .link, .address: false
    }
  }

  /// The regular expression (PCRE, as nginx reads it) of one decoded segment of this type.
  package var segmentRegex: String {
    switch self {
    case .string: "[^/]+"
    case .int: "-?[0-9]+"
    case .uuid: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
    case .bool: "(?:true|false)"
    case .decimal: "-?[0-9]+(?:\\.[0-9]+)?"
    case .url: "[Hh][Tt][Tt][Pp][Ss]?://[^/?#]+.*"
    case .link: "(?:/(?!/)|[A-Za-z][A-Za-z0-9+.-]*:).*"
    // A host name's labels, Unicode ones as their UTF-8 bytes.
    case .address: "(?:(?:[A-Za-z0-9.-]|[^\\x00-\\x7F])+|\\[[0-9A-Fa-f:.]+\\])(?::[1-9][0-9]{0,4})?"
    }
  }

  // MARK: How reading works

  /// An optional `-` then ASCII digits only, fitting in `Int`; `007` is 7, `+7` and `-` are not integers.
  static func integer(_ text: String) -> Int? {
    Bytes.withUTF8(of: text) { integerValue($0) }
  }

  /// The integer decoded bytes read as: an optional `-` then ASCII digits only, fitting in `Int`. The
  /// one statement of the rule; ``integer(_:)`` reads text through it.
  @inline(__always)
  static func integerValue(_ bytes: Bytes) -> Int? {
    var index = 0
    let negative = bytes.count > 0 && bytes[0] == UInt8(ascii: "-")
    if negative { index = 1 }
    guard index < bytes.count else { return nil }
    var value = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte &- UInt8(ascii: "0"))
      let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    return value
  }

  /// Whether decoded bytes are a UUID by the rule of ``isUUIDText(_:)-(String)``.
  @inline(__always)
  static func isUUIDText(_ bytes: Bytes) -> Bool { uuidBits(bytes) != nil }

  /// The 128 bits of a UUID written as 8-4-4-4-12 hex digits in any case, read from decoded bytes, or
  /// `nil` when the bytes are not such a UUID. The one statement of the rule: ``isUUIDText(_:)`` and
  /// ``uuid(_:)`` read through it.
  ///
  /// The 36 bytes are checked as five words (at 0, 8, 16, 24 and 28; the last two overlap), with no
  /// branch that depends on which digits they hold: a word's bytes are each a hex digit, or a dash at
  /// exactly the places of its dashes (8, 13, 18 and 23 of the text). The bits are then read a digit
  /// at a time.
  @inline(__always)
  static func uuidBits(_ bytes: Bytes) -> (high: UInt64, low: UInt64)? {
    guard bytes.count == 36 else { return nil }
    // The high bit of each byte of a word where the text must have a dash, by the word's offset.
    let dashesAt8: UInt64 = 0x0000_8000_0000_0080  // text places 8 and 13
    let dashesAt16: UInt64 = 0x8000_0000_0080_0000  // text places 18 and 23
    let wrong =
      uuidWordFaults(bytes.word(at: 0), dashes: 0) | uuidWordFaults(bytes.word(at: 8), dashes: dashesAt8)
      | uuidWordFaults(bytes.word(at: 16), dashes: dashesAt16) | uuidWordFaults(bytes.word(at: 24), dashes: 0)
      | uuidWordFaults(bytes.word(at: 28), dashes: 0)
    guard wrong == 0 else { return nil }
    var high: UInt64 = 0
    var low: UInt64 = 0
    // Every byte but the dashes is a hex digit now: its value is its low four bits, plus 9 for a
    // letter (`A` to `F` and `a` to `f` are 0x41 to 0x46 and 0x61 to 0x66, the digits below 0x40).
    @inline(__always) func digit(_ byte: UInt8) -> UInt64 { UInt64(byte & 0x0F &+ (byte &>> 6) &* 9) }
    for position in 0..<18 where position != 8 && position != 13 {
      high = high &<< 4 | digit(bytes[position])
    }
    for position in 18..<36 where position != 18 && position != 23 {
      low = low &<< 4 | digit(bytes[position])
    }
    return (high, low)
  }

  /// The bytes of a word of UUID text that break the rule, as the high bit of each: a byte outside
  /// `dashes` (high bits marking dash places) that is not an ASCII hex digit, and a byte inside them that
  /// is not `-`. Each test looks at a byte's low seven bits (a byte from 0x80 up fails by its own high
  /// bit), so no sum carries into the next byte.
  @inline(__always)
  private static func uuidWordFaults(_ word: UInt64, dashes: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    let low = word & ~high
    // The high bit of (t + 0x80 - k) is set where the seven-bit byte t is at least k.
    @inline(__always) func atLeast(_ value: UInt64, _ bound: UInt64) -> UInt64 {
      value &+ (0x80 &- bound) &* ones
    }
    let isDigit = atLeast(low, 0x30) & ~atLeast(low, 0x3A)
    let folded = low | 0x20 &* ones
    let isLetter = atLeast(folded, 0x61) & ~atLeast(folded, 0x67)
    let notHex = ~(isDigit | isLetter) | word
    // The high bit of ((t ^ 0x2D) + 0x7F) is set where t is not `-`.
    let notDash = ((low ^ 0x2D &* ones) &+ 0x7F &* ones) | word
    return (notHex & ~dashes | notDash & dashes) & high
  }

  /// 8-4-4-4-12 hex digits in any case.
  static func isUUIDText(_ text: String) -> Bool {
    Bytes.withUTF8(of: text) { isUUIDText($0) }
  }

  /// Reads the 16 bytes of a UUID from its text directly (Foundation's `UUID(uuidString:)` goes
  /// through `sscanf`, which dominated the cost of a match on a UUID route).
  static func uuid(_ text: String) -> UUID? {
    Bytes.withUTF8(of: text) { uuid($0) }
  }

  /// Reads the 16 bytes of a UUID from decoded bytes, with no intermediate array.
  static func uuid(_ bytes: Bytes) -> UUID? {
    guard let (high, low) = uuidBits(bytes) else { return nil }
    /// Byte `index` (0 first) of a big-endian word.
    func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
    let value: uuid_t = (
      byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
      byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5),
      byte(low, 6), byte(low, 7)
    )
    return UUID(uuid: value)
  }

  /// `true` or `false`, exactly: the one statement of the rule of ``bool``.
  @inline(__always)
  static func boolean(_ bytes: Bytes) -> Bool? {
    if bytes.count == 4, bytes[0] == UInt8(ascii: "t"), bytes[1] == UInt8(ascii: "r"),
      bytes[2] == UInt8(ascii: "u"),
      bytes[3] == UInt8(ascii: "e")
    {
      return true
    }
    if bytes.count == 5, bytes[0] == UInt8(ascii: "f"), bytes[1] == UInt8(ascii: "a"),
      bytes[2] == UInt8(ascii: "l"),
      bytes[3] == UInt8(ascii: "s"), bytes[4] == UInt8(ascii: "e")
    {
      return false
    }
    return nil
  }

  /// Whether decoded bytes have the shape of a ``decimal``: an optional `-`, digits, then optionally
  /// `.` and digits. One pass; the range check is ``decimal(_:)``.
  @inline(__always)
  static func isDecimalText(_ bytes: Bytes) -> Bool {
    var index = bytes.count > 0 && bytes[0] == UInt8(ascii: "-") ? 1 : 0
    var digits = 0
    var fraction = -1
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        digits += 1
      } else if byte == UInt8(ascii: "."), fraction < 0, digits > 0 {
        fraction = digits
      } else {
        return false
      }
      index += 1
    }
    return digits > 0 && fraction != digits
  }

  /// The number decoded text reads as by the rule of ``decimal``: its shape (``isDecimalText(_:)``),
  /// then a finite `Double`.
  static func decimal(_ text: String) -> Double? {
    guard Bytes.withUTF8(of: text, { isDecimalText($0) }), let number = Double(text), number.isFinite else {
      return nil
    }
    return number
  }

  /// The text a ``decimal`` value is written as: its shortest round-tripping digits with no exponent
  /// (`1e-05` is written `0.00001`, `1e+20` is `100000000000000000000`), `nil` when it is not finite.
  static func decimalText(_ number: Double) -> String? {
    guard number.isFinite else { return nil }
    let shortest = number.description
    guard let marker = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
      return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest
    }
    guard let exponent = Int(shortest[shortest.index(after: marker)...]) else { return nil }
    var mantissa = shortest[..<marker]
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let point = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
    var digits = Array(mantissa.filter { $0 != "." })
    var integerCount = (point ?? digits.count) + exponent
    if integerCount <= 0 {
      digits.insert(contentsOf: repeatElement("0", count: 1 - integerCount), at: 0)
      integerCount = 1
    } else if integerCount > digits.count {
      digits.append(contentsOf: repeatElement("0", count: integerCount - digits.count))
    }
    var fraction = digits[integerCount...]
    while fraction.last == "0" { fraction = fraction.dropLast() }
    let integer = String(digits[..<integerCount])
    return (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + String(fraction))
  }

  /// Whether every decoded byte is one RFC 3986 allows in a URL and the text starts with `http://`
  /// or `https://` (the scheme in any case) and a host: the shape of a ``url``, in one pass.
  @inline(__always)
  static func isURLText(_ bytes: Bytes) -> Bool {
    /// `https://` or `http://`, the scheme in any case: the length of the prefix, or 0.
    func prefix() -> Int {
      let letters = httpsPrefix
      var index = 0
      while index < bytes.count, index < letters.count {
        let byte = bytes[index]
        let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if lowered == letters[index] {
          index += 1
        } else if index == 4, byte == UInt8(ascii: ":") {
          return bytes.count > 7 && bytes[5] == UInt8(ascii: "/") && bytes[6] == UInt8(ascii: "/") ? 7 : 0
        } else {
          return 0
        }
      }
      return index == letters.count ? index : 0
    }
    let start = prefix()
    guard start > 0, start < bytes.count else { return false }
    let host = bytes[start]
    guard host != UInt8(ascii: "/"), host != UInt8(ascii: "?"), host != UInt8(ascii: "#") else {
      return false
    }
    for index in start..<bytes.count where !isURLByte(bytes[index]) { return false }
    return true
  }

  /// Whether decoded bytes have the shape of a ``link``, in one pass: every byte one RFC 3986 allows
  /// in a URL, and either a path (`/` not followed by `/`) or a scheme (a letter, then letters, digits,
  /// `+`, `-` or `.`) followed by `:` and at least one more byte.
  @inline(__always)
  static func isLinkText(_ bytes: Bytes) -> Bool {
    guard bytes.count > 0 else { return false }
    var index = 0
    if bytes[0] == UInt8(ascii: "/") {
      if bytes.count > 1 && bytes[1] == UInt8(ascii: "/") { return false }
    } else {
      // The scheme, by the reading rule's scheme bytes.
      while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
        guard ReadingRules.isSchemeByte(bytes[index], first: index == 0) else { return false }
        index += 1
      }
      guard index > 0 else { return false }
      guard index + 1 < bytes.count else { return false }
    }
    while index < bytes.count {
      guard isURLByte(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// `https://` as bytes.
  private static let httpsPrefix: [UInt8] = Array("https://".utf8)

  /// A byte RFC 3986 allows in a URL: unreserved, reserved, or `%`.
  @inline(__always)
  private static func isURLByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
    }
  }

  /// The URL decoded text reads as by the rule of ``url``: its shape (``isURLText(_:)``), then a URL
  /// Foundation parses with a non-empty host.
  static func httpURL(_ text: String) -> URL? {
    guard Bytes.withUTF8(of: text, { isURLText($0) }), let url = URL(string: text), let host = url.host,
      !host.isEmpty
    else { return nil }
    return url
  }
}

extension ParameterType {
  // MARK: How an address reads

  /// The address decoded bytes read as by the rule of ``address``, in its normal form (the host
  /// lower-cased, a Unicode host name in its ASCII form), or `nil` when they are not one.
  @inline(__always)
  static func address(_ bytes: Bytes) -> String? {
    if isASCIIAddressText(bytes) { return bytes.lowercasedString(0, bytes.count) }
    return internationalAddress(bytes)
  }

  /// Whether decoded bytes are an ``address``: a host name, an IPv4 address or a bracketed IPv6
  /// address, then optionally `:` and a port from 1 to 65535 without leading zeros. A host name may
  /// be written in Unicode (`bücher.example`) or hold `xn--` labels, read as ``HostName`` reads hosts.
  @inline(__always)
  static func isAddressText(_ bytes: Bytes) -> Bool {
    isASCIIAddressText(bytes) || internationalAddress(bytes) != nil
  }

  /// Whether decoded bytes are an address of ASCII labels none of which is an `xn--` label: the
  /// address as it is, lower-cased.
  @inline(__always)
  private static func isASCIIAddressText(_ bytes: Bytes) -> Bool {
    isPlainAddressText(bytes) && !hasPunycodeLabel(bytes)
  }

  /// Whether a label of the host (before any `:`) starts with `xn--`, in any case.
  private static func hasPunycodeLabel(_ bytes: Bytes) -> Bool {
    var index = 0
    while index + 3 < bytes.count, bytes[index] != UInt8(ascii: ":") {
      if index == 0 || bytes[index - 1] == UInt8(ascii: ".") {
        if bytes[index] | 0x20 == UInt8(ascii: "x") && bytes[index + 1] | 0x20 == UInt8(ascii: "n")
          && bytes[index + 2] == UInt8(ascii: "-") && bytes[index + 3] == UInt8(ascii: "-")
        {
          return true
        }
      }
      index += 1
    }
    return false
  }

  /// The address whose host name holds Unicode or `xn--` labels, in its ASCII form with its port
  /// (`xn--bcher-kva.example:8443` for `Bücher.example:8443`), or `nil`: the host must have an ASCII
  /// form (``HostName/ascii(_:)``: an `xn--` label must be Punycode of a Unicode label), which is then
  /// read by the rule of an ASCII host name.
  private static func internationalAddress(_ bytes: Bytes) -> String? {
    guard bytes.count > 0, bytes[0] != UInt8(ascii: "[") else { return nil }
    var colon = 0
    while colon < bytes.count && bytes[colon] != UInt8(ascii: ":") { colon += 1 }
    var nonASCII = false
    for index in 0..<colon where bytes[index] >= 0x80 { nonASCII = true }
    guard nonASCII || hasPunycodeLabel(bytes), let host = try? HostName.ascii(bytes.string(0, colon)) else {
      return nil
    }
    let written = host + bytes.string(colon, bytes.count)
    return Bytes.withUTF8(of: written) { isPlainAddressText($0) } ? written : nil
  }

  /// Whether decoded bytes are an address of ASCII labels: one pass, so linear in the bytes.
  private static func isPlainAddressText(_ bytes: Bytes) -> Bool {
    let count = bytes.count
    guard count > 0 else { return false }
    var index = 0
    if bytes[0] == UInt8(ascii: "[") {
      var close = 1
      while close < count && bytes[close] != UInt8(ascii: "]") { close += 1 }
      guard close < count, isIPv6Text(bytes, from: 1, to: close) else { return false }
      index = close + 1
    } else {
      while index < count && bytes[index] != UInt8(ascii: ":") { index += 1 }
      guard isHostNameOrIPv4(bytes, from: 0, to: index) else { return false }
    }
    if index == count { return true }
    guard bytes[index] == UInt8(ascii: ":") else { return false }
    return isPortText(bytes, from: index + 1, to: count)
  }

  /// Whether `bytes[start..<end]` is a host name (labels of 1 to 63 ASCII letters, digits and `-`,
  /// none starting or ending with `-`, joined by `.`, at most 253 bytes, the last one not all digits)
  /// or an IPv4 address.
  private static func isHostNameOrIPv4(_ bytes: Bytes, from start: Int, to end: Int) -> Bool {
    guard end > start, end - start <= 253 else { return false }
    var labelStart = start
    var allDigits = true
    var index = start
    while index <= end {
      if index == end || bytes[index] == UInt8(ascii: ".") {
        let length = index - labelStart
        guard length > 0, length <= 63, bytes[labelStart] != UInt8(ascii: "-"),
          bytes[index - 1] != UInt8(ascii: "-")
        else { return false }
        if index == end { break }
        labelStart = index + 1
        allDigits = true
      } else {
        let byte = bytes[index]
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        let lowered = byte | 0x20
        guard
          isDigit || (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "-")
        else { return false }
        allDigits = allDigits && isDigit
      }
      index += 1
    }
    // A last label of digits is no top-level domain: the host is an IPv4 address or nothing.
    return !allDigits || isIPv4Text(bytes, from: start, to: end)
  }

  /// Whether `bytes[start..<end]` is an IPv4 address: four numbers from 0 to 255 joined by `.`, each
  /// without leading zeros.
  private static func isIPv4Text(_ bytes: Bytes, from start: Int, to end: Int) -> Bool {
    var parts = 0
    var index = start
    while parts < 4 {
      let partStart = index
      var value = 0
      while index < end, index - partStart < 3, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
      }
      let length = index - partStart
      guard length > 0, value <= 255, length == 1 || bytes[partStart] != UInt8(ascii: "0") else {
        return false
      }
      parts += 1
      if parts < 4 {
        guard index < end, bytes[index] == UInt8(ascii: ".") else { return false }
        index += 1
      }
    }
    return index == end
  }

  /// Whether `bytes[start..<end]` (between the brackets) is an IPv6 address: eight groups of 1 to 4
  /// hex digits joined by `:`, or fewer with one `::` standing for the rest; the last two groups may
  /// be written as an IPv4 address. A zone (`%25eth0`) does not fit.
  private static func isIPv6Text(_ bytes: Bytes, from start: Int, to end: Int) -> Bool {
    let colon = UInt8(ascii: ":")
    var index = start
    var groups = 0
    var compressed = false
    if end - start >= 2 && bytes[start] == colon && bytes[start + 1] == colon {
      compressed = true
      index += 2
    }
    while index < end {
      var digitsEnd = index
      while digitsEnd < end, digitsEnd - index < 5, PercentCoding.hexValue(bytes[digitsEnd]) != nil {
        digitsEnd += 1
      }
      if digitsEnd < end && bytes[digitsEnd] == UInt8(ascii: ".") {
        // The last two groups as an IPv4 address.
        guard groups <= 6, isIPv4Text(bytes, from: index, to: end) else { return false }
        groups += 2
        break
      }
      let length = digitsEnd - index
      guard length > 0, length <= 4 else { return false }
      groups += 1
      index = digitsEnd
      if index == end { break }
      guard bytes[index] == colon, index + 1 < end else { return false }
      index += 1
      if bytes[index] == colon {
        guard !compressed else { return false }
        compressed = true
        index += 1
      }
    }
    return compressed ? groups < 8 : groups == 8
  }

  /// Whether `bytes[start..<end]` is a port: 1 to 65535, written without leading zeros.
  private static func isPortText(_ bytes: Bytes, from start: Int, to end: Int) -> Bool {
    let length = end - start
    guard length > 0, length <= 5, bytes[start] != UInt8(ascii: "0") else { return false }
    var value = 0
    for index in start..<end {
      let byte = bytes[index]
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value <= 65535
  }
}
