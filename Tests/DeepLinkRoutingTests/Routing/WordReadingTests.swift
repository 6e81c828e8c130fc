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
        schemes: ["myapp"], hosts: ["example.com"], caseInsensitive: caseInsensitive, routes: routes))
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
