import Foundation
import Testing

@testable import DeepLinkRouting

/// Literal segments are hashed and compared a word (eight bytes) at a time, lower-cased eight bytes at
/// once where the rules fold case, and a segment without an escape is read where it is in the link
/// instead of being copied. These cases pin each short path to the byte-at-a-time rule it stands for:
/// every key length around the word boundaries, every ASCII byte in every place of a word, and links
/// whose segments are decoded, verbatim and forgotten in turn.
@Suite("Reading words")
struct WordReadingTests {
  /// The word the rule describes: byte `offset + i` in bits `8 * i`, zero past the end.
  static func expectedWord(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    var word: UInt64 = 0
    for index in 0..<8 where offset + index < bytes.count {
      word |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
    }
    return word
  }

  @Test func aWordIsTheBytesFromItsOffsetWhateverTheLength() {
    for length in 0...24 {
      let bytes = (0..<length).map { UInt8(0x41 + $0) }
      for offset in 0...length {
        let word = Bytes.with(bytes) { $0.word(at: offset) }
        #expect(word == Self.expectedWord(bytes, at: offset), "length \(length), offset \(offset)")
      }
    }
  }

  @Test func aWordOfASegmentReadsNothingPastIt() {
    // The same bytes, once as a whole buffer and once as a slice of a longer one: the slice's word
    // must not see the bytes after it.
    let bytes = Array("abcdefghijklmnopqrstuvwxyz".utf8)
    for start in 0..<bytes.count {
      for end in start...bytes.count {
        let word = Bytes.with(bytes) { $0.slice(start, end).word(at: 0) }
        #expect(word == Self.expectedWord(Array(bytes[start..<end]), at: 0), "bytes \(start)..<\(end)")
      }
    }
  }

  @Test func lowerCasingAWordIsLowerCasingEachByte() {
    for byte in UInt8(0)...UInt8(0x7F) {
      for position in 0..<8 {
        // The byte among neighbours that are capitals, letters and not letters.
        for filler in [UInt8(ascii: "Z"), UInt8(ascii: "a"), UInt8(ascii: "@"), UInt8(ascii: "["), 0x7F, 0] {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = byte
          let word = Self.expectedWord(bytes, at: 0)
          let expected = Self.expectedWord(bytes.map(ReadingRules.lowercased), at: 0)
          #expect(ReadingRules.lowercasedASCII(word) == expected, "byte \(byte) at \(position)")
        }
      }
    }
  }

  /// Literals of every length from 1 to 40, each the start of one long word, so that two keys differ
  /// only in their last byte, often on a word boundary.
  static let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
  static func literal(_ length: Int, last: UInt8? = nil) -> String {
    var bytes = Array(alphabet[0..<length])
    if let last { bytes[length - 1] = last }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func router(caseInsensitive: Bool = false) throws -> Router {
    var routes: [RouteDefinition] = []
    for length in 1...40 {
      routes.append(RouteDefinition("first\(length)", "/\(literal(length))/x"))
      routes.append(RouteDefinition("second\(length)", "/k/\(literal(length))"))
    }
    return try Router(
      RouteTable(
        schemes: ["myapp"], hosts: ["example.com"], options: .init(caseInsensitive: caseInsensitive),
        routes: routes))
  }

  @Test func everyKeyLengthFindsItsOwnRouteAndNoNeighbour() throws {
    let router = try Self.router()
    for length in 1...40 {
      let key = Self.literal(length)
      #expect(try router.match("myapp://\(key)/x")?.route == "first\(length)")
      #expect(try router.match("https://example.com/\(key)/x")?.route == "first\(length)")
      #expect(try router.match("https://example.com/k/\(key)")?.route == "second\(length)")
      // One byte off at the end, and one byte longer or shorter: no route.
      let changed = Self.literal(length, last: UInt8(ascii: "!"))
      #expect(try router.match("https://example.com/k/\(changed)") == nil, "\(changed)")
      #expect(try router.match("https://example.com/k/\(key)!") == nil)
      if length > 1 {
        #expect(try router.match("https://example.com/k/\(key.dropLast())")?.route == "second\(length - 1)")
      }
    }
  }

  @Test func capitalsFoldWhereTheRulesFoldThemAndNowhereElse() throws {
    let router = try Self.router()
    for length in 1...40 {
      let upper = Self.literal(length).uppercased()
      // The authority of a custom-scheme link folds case; a web path and later segments do not.
      #expect(try router.match("myapp://\(upper)/x")?.route == "first\(length)", "\(upper)")
      #expect(try router.match("https://example.com/\(upper)/x") == nil)
      #expect(try router.match("myapp://k/\(upper)") == nil)
    }
    let folding = try Self.router(caseInsensitive: true)
    for length in 1...40 {
      let upper = Self.literal(length).uppercased()
      #expect(try folding.match("https://example.com/k/\(upper)")?.route == "second\(length)", "\(upper)")
    }
  }

  @Test func anEscapedSegmentIsDecodedBesideVerbatimOnes() throws {
    let router = try Router(
      RouteTable(
        schemes: ["myapp"], hosts: ["example.com"],
        routes: [
          RouteDefinition("pair", "/p/{first}/{second}/{third}"),
          RouteDefinition("literal", "/abc/def"),
        ]))
    let match = try #require(try router.match("https://example.com/p/a%41b/plain/%7Ez"))
    #expect(match.parameters.string("first") == "aAb")
    #expect(match.parameters.string("second") == "plain")
    #expect(match.parameters.string("third") == "~z")
    // An escaped letter in a literal segment is the letter.
    #expect(try router.match("https://example.com/%61bc/d%65f")?.route == "literal")
  }

  @Test func aFragmentPathThatMatchesNothingGivesThePathBackDecoded() throws {
    let router = try Router(
      RouteTable(
        schemes: ["myapp"], hosts: ["example.com"],
        routes: [
          RouteDefinition("item", "/item/{name}"),
          RouteDefinition("screen", "/item/{name}#/screen/{tab}"),
        ]))
    // The fragment's segments (one decoded, one verbatim) are forgotten; the path's stay as read.
    let match = try #require(try router.match("https://example.com/item/a%20b#/other/c%41t/d"))
    #expect(match.route == "item")
    #expect(match.parameters.string("name") == "a b")
    let screen = try #require(try router.match("https://example.com/item/x#/screen/c%41t"))
    #expect(screen.route == "screen")
    #expect(screen.parameters.string("name") == "x")
    #expect(screen.parameters.string("tab") == "cAt")
  }
}

extension WordReadingTests {
  /// The byte rule a run of raw plain bytes stops by.
  static func stops(_ byte: UInt8, inFragment: Bool) -> Bool {
    let ends = inFragment ? ReadingRules.endsFragmentSegment(byte) : ReadingRules.endsSegment(byte)
    return byte == UInt8(ascii: "%") || ends || !ReadingRules.isPlainRaw(byte)
  }

  static func expectedStops(_ word: UInt64, inFragment: Bool) -> UInt64 {
    var stops: UInt64 = 0
    for index in 0..<8
    where Self.stops(UInt8(truncatingIfNeeded: word >> (8 * UInt64(index))), inFragment: inFragment) {
      stops |= 0x80 << (8 * UInt64(index))
    }
    return stops
  }

  @Test func aWordStopsARunWhereItsBytesDo() {
    for inFragment in [false, true] {
      for byte in UInt8.min...UInt8.max {
        for position in 0..<8 {
          for filler in [UInt8(ascii: "a"), UInt8(ascii: "%"), 0xFF, 0x20, 0x21, 0x7E] {
            var bytes = [UInt8](repeating: filler, count: 8)
            bytes[position] = byte
            let word = Self.expectedWord(bytes, at: 0)
            #expect(
              ReadingRules.runStops(word, inFragment: inFragment)
                == Self.expectedStops(word, inFragment: inFragment),
              "byte \(byte) at \(position) among \(filler), fragment \(inFragment)")
          }
        }
      }
    }
    // Words of random bytes, and of random bytes near the edges of the rule.
    var generator = SystemRandomNumberGenerator()
    let edges: [UInt8] = [0, 0x20, 0x21, 0x23, 0x25, 0x2F, 0x3F, 0x7E, 0x7F, 0x80, 0xA5, 0xAF, 0xFF]
    for round in 0..<20_000 {
      let word: UInt64
      if round % 2 == 0 {
        word = generator.next()
      } else {
        word = (0..<8).reduce(UInt64(0)) {
          $0 | UInt64(edges.randomElement(using: &generator)!) << (8 * UInt64($1))
        }
      }
      for inFragment in [false, true] {
        #expect(
          ReadingRules.runStops(word, inFragment: inFragment)
            == Self.expectedStops(word, inFragment: inFragment),
          "word \(String(word, radix: 16))")
      }
    }
  }

  @Test(arguments: [
    ("myapp://i/abcdefgh", "abcdefgh"), ("myapp://i/abcdefg", "abcdefg"),
    ("myapp://i/abcdefghi", "abcdefghi"),
    ("myapp://i/abcdefghijklmnop/", "abcdefghijklmnop"),
    ("myapp://i/abcdefghijklmnopq?x=1", "abcdefghijklmnopq"),
    ("myapp://i/abcdefg%41", "abcdefgA"), ("myapp://i/abcdefgh%41", "abcdefghA"), ("myapp://i/a#frag", "a"),
    ("myapp://i/~!$&'()*+,;=:@", "~!$&'()*+,;=:@"),
  ])
  func segmentsEndWhereTheirWordsSay(link: String, value: String) throws {
    let router = try Router(RouteTable(schemes: ["myapp"], routes: [RouteDefinition("item", "/i/{name}")]))
    #expect(try router.match(link)?.parameters.string("name") == value)
  }

  @Test(arguments: ["myapp://i/abcdefg\u{7F}", "myapp://i/abcdefgh\u{7F}x", "myapp://i/ab\u{E9}cdefghij"])
  func aByteThatIsNotPlainInAnyPlaceOfAWordIsReadByTheFullRules(link: String) throws {
    let router = try Router(RouteTable(schemes: ["myapp"], routes: [RouteDefinition("item", "/i/{name}")]))
    // The full rules refuse a control character and read a letter beyond ASCII: never the run's answer.
    let outcome = Result { try router.match(link)?.parameters.string("name") }
    if link.unicodeScalars.contains(where: { $0.value == 0x7F }) {
      #expect(throws: LinkError.self) { try outcome.get() }
    } else {
      #expect(try outcome.get() == String(link.dropFirst("myapp://i/".count)))
    }
  }
}

extension WordReadingTests {
  /// Hosts and schemes of lengths around the word boundaries, each compared a word at a time.
  static let hosts = [
    "a.io", "example.com", "sixteen-chars.io", "seventeen-char.io", "a-very-long-host-name.example.org",
  ]
  static let schemes = ["x", "myapp", "eightchr", "ninechars", "a-scheme-of-seventeen"]

  static func listingRouter() throws -> Router {
    try Router(
      RouteTable(schemes: schemes, hosts: hosts, routes: [RouteDefinition("item", "/item/{id:int}")]))
  }

  @Test func listedHostsAndSchemesAreFoundInAnyCase() throws {
    let router = try Self.listingRouter()
    for host in Self.hosts {
      for spelling in [
        host, host.uppercased(),
        String(
          host.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.uppercased()) : $0.element }),
      ] {
        let match = try #require(try router.match("https://\(spelling)/item/7"), "\(spelling)")
        #expect(match.origin == .universalLink(host: host))
      }
    }
    for scheme in Self.schemes {
      for spelling in [scheme, scheme.uppercased()] {
        let match = try #require(try router.match("\(spelling)://item/7"), "\(spelling)")
        #expect(match.origin == .customScheme(scheme))
      }
    }
  }

  @Test func aHostOrSchemeOneByteAwayIsNotListed() throws {
    let router = try Self.listingRouter()
    for host in Self.hosts {
      var bytes = Array(host.utf8)
      for position in [0, bytes.count / 2, bytes.count - 1] {
        let original = bytes[position]
        bytes[position] = original == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
        let changed = String(decoding: bytes, as: UTF8.self)
        #expect(throws: LinkError.self, "\(changed)") { try router.match("https://\(changed)/item/7") }
        bytes[position] = original
      }
      // One byte longer, one shorter.
      #expect(throws: LinkError.self) { try router.match("https://\(host)x/item/7") }
      #expect(throws: LinkError.self) { try router.match("https://\(host.dropLast())/item/7") }
    }
    for scheme in Self.schemes where scheme.count > 1 {
      #expect(throws: LinkError.self) { try router.match("\(scheme.dropLast())q://item/7") }
    }
  }

  @Test func aHostWithABytePastASCIIIsNeverAListedOne() throws {
    let router = try Self.listingRouter()
    // `é` is two bytes beyond ASCII: lower-casing its word must not make a listed host of it.
    #expect(throws: LinkError.self) { try router.match("https://exampl%C3%A9.com/item/7") }
    #expect(throws: LinkError.self) { try router.match("https://examplé.com/item/7") }
    #expect(throws: LinkError.self) { try router.match("https://\u{C1}@example.com/item/7") }
  }
}

extension WordReadingTests {
  /// What reading a link gives, compared across the two readings.
  static func outcome(_ router: Router, _ link: String) -> String {
    do {
      guard let match = try router.match(link) else { return "no route" }
      return "\(match.route) \(match.parameters.dictionary) \(match.origin)"
    } catch {
      return "\(error.code) at \(error.offset.map(String.init) ?? "-")"
    }
  }

  @Test(arguments: [
    "myapp://item/7", "MyApp://item/7", "myapp:item/7", "my:app://item/7", "myapp::item/7", ":myapp://item/7",
    "1myapp://item/7", "my app://item/7", "myapp", "myapp/item:7", "x://item/7", "X:item/7", "x", "x:",
    "a-scheme-of-seventeen://item/7", "A-SCHEME-OF-SEVENTEEN:item/7", "a-scheme-of-seventeenx://item/7",
    "a-scheme-of-seventee://item/7", "eightchr://item/7", "eightchr:", "https:item/7", "https://",
    "http://a.io/item/7",
    "https://a.io:443/item/7", "HTTPS://A.IO/item/7", "ht:tps://a.io/item/7", "https//a.io/item/7",
  ])
  func theSchemeEndsWhereTheFullRulesEndIt(link: String) throws {
    let router = try Router(
      RouteTable(
        schemes: ["x", "myapp", "eightchr", "a-scheme-of-seventeen"], hosts: ["a.io"],
        routes: [RouteDefinition("item", "/item/{id:int}")]))
    // A fragment beyond ASCII sends the same link to the full reading.
    #expect(Self.outcome(router, link) == Self.outcome(router, link + "#%C3%A9"), "\(link)")
  }
}

extension WordReadingTests {
  /// A host the table accepts that is not ASCII (an IPv6 literal written with full-width digits, which
  /// `Character.isHexDigit` takes) builds a router and is compared by the byte rule, as before.
  @Test func aListedHostBeyondASCIIBuildsAndMatchesByBytes() throws {
    let host = "[\u{FF11}::1]"
    let router = try Router(RouteTable(hosts: [host], routes: [RouteDefinition("item", "/item/{id:int}")]))
    #expect(throws: LinkError.self) { try router.match("https://[1::1]/item/7") }
    #expect(try router.match("https://\(host)/item/7")?.route == "item")
  }
}

extension WordReadingTests {
  /// The byte rule for a scheme of `bytes`: a letter, then scheme bytes, by ``ReadingRules/isSchemeByte``.
  static func isScheme(_ bytes: [UInt8]) -> Bool {
    !bytes.isEmpty
      && bytes.indices.allSatisfy { ReadingRules.isSchemeByte(bytes[$0], first: $0 == 0) }
  }

  @Test func aShortSchemeIsCheckedAsItsBytesAre() {
    // Every byte value in every place of a scheme of one to seven bytes, among letters, digits and
    // the three marks.
    let fillers: [UInt8] = Array("aZ9+-.q".utf8)
    for count in 1...7 {
      for place in 0..<count {
        for filler in fillers {
          for byte in 0...255 {
            var bytes = [UInt8](repeating: filler, count: count)
            if place != 0 && count > 1 { bytes[0] = UInt8(ascii: "m") }
            bytes[place] = UInt8(byte)
            var word: UInt64 = 0
            for (index, value) in bytes.enumerated() { word |= UInt64(value) << (8 * UInt64(index)) }
            // A byte after the scheme (its `:` or anything) must not change the answer.
            word |= UInt64(UInt8(ascii: ":")) << (8 * UInt64(count))
            #expect(
              ReadingRules.isSchemeWord(word, count: count) == Self.isScheme(bytes),
              "count \(count), byte \(byte) at \(place), filler \(filler)")
          }
        }
      }
    }
  }

  @Test func theSchemeEndsWhereTheByteRuleEndsItForEveryLink() {
    // 20,000 random links of random bytes and likely scheme bytes, read by the word rule and by the
    // byte rule alone.
    var generator = SystemRandomNumberGenerator()
    let likely: [UInt8] = Array("aZm9+-.:/?#%".utf8)
    func byteRule(_ bytes: [UInt8]) -> Int? {
      var index = 0
      while index < bytes.count && ReadingRules.isSchemeByte(bytes[index], first: index == 0) { index += 1 }
      guard index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
      return index
    }
    for _ in 0..<20_000 {
      let count = Int.random(in: 0...20, using: &generator)
      let bytes = (0..<count).map { _ in
        Bool.random(using: &generator)
          ? likely.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
      }
      let found = Bytes.with(bytes) { ReadingRules.schemeEnd($0) }
      #expect(found == byteRule(bytes), "\(bytes)")
    }
  }

  @Test func theWebSchemeWordsAreTheirNames() {
    #expect(ReadingRules.LowercaseName("https").words == [LinkReader.httpsWord])
    #expect(ReadingRules.LowercaseName("http").words == [LinkReader.httpWord])
  }

  /// `https` and `http` are found in any case, one word at a time, and nothing a byte away is taken
  /// for them: every case of each, every scheme byte in every place, and shorter and longer schemes.
  @Test func webSchemesAreReadInAnyCaseAndNothingElseIs() {
    let schemeBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.".utf8)
    var schemes: Set<[UInt8]> = []
    for name in ["https", "http"] {
      let bytes = Array(name.utf8)
      for mask in 0..<(1 << bytes.count) {
        let cased = bytes.enumerated().map { mask & (1 << $0.offset) != 0 ? $0.element - 0x20 : $0.element }
        schemes.insert(cased)
        for place in 0..<cased.count {
          for byte in schemeBytes {
            var changed = cased
            changed[place] = byte
            schemes.insert(changed)
          }
        }
        schemes.insert(cased + [UInt8(ascii: "s")])
        schemes.insert(Array(cased.dropLast()))
      }
    }
    for scheme in schemes where !scheme.isEmpty {
      let text = String(decoding: scheme, as: UTF8.self)
      let expected: Bool? = text.lowercased() == "https" ? true : text.lowercased() == "http" ? false : nil
      for tail in ["://a.io/x", ":", "://\u{E9}\u{E9}/x"] {
        let link = Array((text + tail).utf8)
        let found = Bytes.with(link) { LinkReader.isHTTPS($0, schemeEnd: scheme.count) }
        #expect(found == expected, "\(text + tail)")
      }
    }
  }
}

extension WordReadingTests {
  /// The byte rule plain text stops by: `%`, `/` and `?` where they end a segment, `#` where it ends the
  /// text, and anything not plain.
  static func stops(_ byte: UInt8, atSlashAndQuestion: Bool, atHash: Bool) -> Bool {
    byte == UInt8(ascii: "%")
      || (atSlashAndQuestion && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")))
      || (atHash && byte == UInt8(ascii: "#")) || !ReadingRules.isPlainRaw(byte)
  }

  @Test func aWordStopsPlainTextWhereItsBytesDo() {
    var generator = SystemRandomNumberGenerator()
    for (slash, hash) in [(true, true), (true, false), (false, true), (false, false)] {
      func expected(_ word: UInt64) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { stops, index in
          let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
          return Self.stops(byte, atSlashAndQuestion: slash, atHash: hash)
            ? stops | 0x80 << (8 * UInt64(index)) : stops
        }
      }
      for byte in UInt8.min...UInt8.max {
        for position in 0..<8 {
          for filler in [UInt8(ascii: "a"), UInt8(ascii: "&"), 0xFF, 0x20, 0x7E] {
            var bytes = [UInt8](repeating: filler, count: 8)
            bytes[position] = byte
            let word = Self.expectedWord(bytes, at: 0)
            #expect(
              ReadingRules.plainStops(word, atSlashAndQuestion: slash, atHash: hash) == expected(word),
              "byte \(byte) at \(position) among \(filler), \(slash) \(hash)")
            let ampersands = (0..<8).reduce(UInt64(0)) {
              bytes[$1] == UInt8(ascii: "&") ? $0 | 0x80 << (8 * UInt64($1)) : $0
            }
            #expect(
              ReadingRules.ampersands(word) == ampersands, "byte \(byte) at \(position) among \(filler)")
          }
        }
      }
      for _ in 0..<5_000 {
        let word: UInt64 = generator.next()
        #expect(ReadingRules.plainStops(word, atSlashAndQuestion: slash, atHash: hash) == expected(word))
      }
    }
  }

  /// Plain text read a byte at a time: where it ends and how many `&` it holds, or `nil`.
  static func expectedPlainText(_ bytes: [UInt8], from start: Int, stopsAtFragment: Bool) -> (Int, Int)? {
    var index = start
    var separators = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = PercentCoding.hexValue(bytes[index + 1]),
          let low = PercentCoding.hexValue(bytes[index + 2]), ReadingRules.isPlainDecoded(high << 4 | low)
        else { return nil }
        index += 3
        continue
      }
      if stopsAtFragment && byte == UInt8(ascii: "#") { break }
      guard ReadingRules.isPlainRaw(byte) else { return nil }
      if byte == UInt8(ascii: "&") { separators += 1 }
      index += 1
    }
    return (index, separators)
  }

  /// A query or fragment read eight bytes at a time ends where, and counts the `&` that, the byte rule
  /// does: texts of every length up to three words made of the bytes that matter, at every start.
  @Test func plainTextEndsAndCountsAsTheByteRuleDoes() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("a&&=#%%2041Z7F/?".utf8) + [0x20, 0x7F, 0xC3, 0x09]
    for round in 0..<20_000 {
      let length = round % 26
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      for start in [0, length / 2, length] {
        for stopsAtFragment in [false, true] {
          let found = Bytes.with(bytes) {
            ReadingRules.plainText($0, from: start, stopsAtFragment: stopsAtFragment)
          }
          let expected = Self.expectedPlainText(bytes, from: start, stopsAtFragment: stopsAtFragment)
          #expect(
            found?.end == expected?.0 && found?.separators == expected?.1,
            "\(bytes) from \(start), fragment stops \(stopsAtFragment)")
        }
      }
    }
  }
}

extension WordReadingTests {
  @Test func slashesAreCountedAsTheBytesSayWhateverTheLength() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = Array("/a/%2F?#".utf8) + [0xAF, 0x2F | 0x80, 0x00]
    for length in 0...40 {
      for _ in 0..<50 {
        let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
        let counted = Bytes.with(bytes) { ReadingRules.slashCount($0) }
        #expect(counted == bytes.filter { $0 == UInt8(ascii: "/") }.count, "\(bytes)")
      }
    }
  }

  /// A long link's segments are bounded by its slashes (so that its scratch memory stays on the
  /// stack): the bound is reached exactly by a first segment after the scheme's `:`, a segment after
  /// every `/` and the mark of a fragment read as a path, and a long link routes as the same link with
  /// short segments does.
  @Test func aLongLinkHasRoomForEverySegmentItsSlashesAllow() throws {
    let router = try Router(
      RouteTable(
        schemes: ["myapp"],
        routes: [
          RouteDefinition("path", "/{first}/{rest+}"),
          RouteDefinition("fragment", "/{first}#/{rest+}"),
          RouteDefinition("deep", "/{a}/{b}#/{c}/{d}/{e}"),
        ]))
    func link(_ word: String, _ pathSegments: Int, _ fragmentSegments: Int) -> String {
      var link = "myapp:" + (0..<pathSegments).map { "\(word)\($0)" }.joined(separator: "/")
      if fragmentSegments > 0 {
        link += "#/" + (0..<fragmentSegments).map { "f\($0)" }.joined(separator: "/")
      }
      return link
    }
    for pathSegments in 1...6 {
      for fragmentSegments in 0...6 {
        let long = link(String(repeating: "w", count: 100), pathSegments, fragmentSegments)
        let slashes = long.utf8.filter { $0 == UInt8(ascii: "/") }.count
        let segments = try Bytes.withUTF8(of: long) { bytes in
          try router.reader.withLink(bytes) { $0.count }
        }
        #expect(segments == slashes + (fragmentSegments > 0 ? 2 : 1), "\(long)")
        let short = link("w", pathSegments, fragmentSegments)
        #expect(try router.match(long)?.route == router.match(short)?.route, "\(long)")
      }
    }
    #expect(try router.match(link(String(repeating: "w", count: 100), 2, 3))?.route == "deep")
  }
}
