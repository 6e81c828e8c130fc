import Testing

@testable import DeepLinkRouting

/// ASCII patterns are parsed from their bytes (one character per byte), the others from their
/// characters (one unit a character): both readings must give the same pattern, and the same error at
/// the same offset.
@Suite("Route patterns: the byte reading of ASCII patterns is the character reading")
struct PatternParsingTests {
  static let patterns = [
    "/", "/a", "/a/", "/channel/video/{clipId}", "/p/{id:int}/reviews", "/t/{token:uuid}", "/files/{path+}",
    "/files/{path*}", "/search?q={query}&page={page:int?}", "/s?q={q}&q={r}", "/caf%C3%A9/{x}", "/a%2Fb",
    "/a+b?x+y={v}", "", "a/b", "/a//b", "/{x", "/x}", "/a{x}", "/{x}/{x}", "/{x:float}", "/{x?}", "/{r+}/a",
    "/{r+}/", "/{1x}", "/{}", "/{x:}", "/?", "/?q", "/?q=", "/?q={}", "/?q={v+}", "/%zz", "/%0A", "/a?b={c}&",
    "/{a}?k={a}", "/{x}?q={v:uuid}&&r={w}", "/a\tb", "/{na me}",
  ]

  /// The pattern read character by character, as a pattern that is not ASCII is.
  static func readingCharacters(_ pattern: String) -> Result<RoutePatternParser.Parsed, RoutePatternError> {
    let (units, starts) = PatternUnitParser.units(readingCharactersOf: pattern)
    return Result { () throws(RoutePatternError) in
      try PatternUnitParser(text: pattern, characters: units, characterStarts: starts).parse()
    }
  }

  @Test(arguments: patterns)
  func bothReadingsAgree(pattern: String) {
    let bytes = Result { () throws(RoutePatternError) in
      try PatternUnitParser(text: pattern, characters: Array(pattern.utf8)).parse()
    }
    let characters = Self.readingCharacters(pattern)
    let chosen = Result { () throws(RoutePatternError) in try RoutePatternParser(text: pattern).parse() }
    for result in [bytes, chosen] {
      switch (result, characters) {
      case (.success(let left), .success(let right)):
        #expect(left.segments == right.segments, "\(pattern)")
        #expect(left.query == right.query, "\(pattern)")
        #expect(left.hasTrailingSlash == right.hasTrailingSlash, "\(pattern)")
      case (.failure(let left), .failure(let right)):
        #expect(left.description == right.description, "\(pattern)")
        #expect(left.offset == right.offset, "\(pattern)")
      default:
        Issue.record("\(pattern): \(result) against \(characters)")
      }
    }
  }

  /// A carriage return followed by a line feed is one character: such a pattern is read by its
  /// characters, so an offset after it counts it once.
  @Test func aPatternWithCRLFIsReadByCharacters() {
    let pattern = "/a\r\n/{x"
    #expect(throws: RoutePatternError.self) { try RoutePatternParser(text: pattern).parse() }
    do {
      _ = try RoutePatternParser(text: pattern).parse()
    } catch {
      let characters = Self.readingCharacters(pattern)
      if case .failure(let expected) = characters { #expect(error.offset == expected.offset) }
    }
  }

  /// A pattern with characters beyond ASCII keeps them whole in its text, and a character that only
  /// starts with a brace (a brace with a combining mark) is not a brace.
  @Test func charactersBeyondASCIIAreReadWhole() throws {
    let parsed = try RoutePatternParser(text: "/café/日本/{id}?q={v}").parse()
    #expect(parsed.segments == [.literal("café"), .literal("日本"), .parameter(name: "id", type: .string)])
    #expect(parsed.query.map(\.key) == ["q"])
    #expect(throws: RoutePatternError.self) { try RoutePatternParser(text: "/é/{id\u{301}").parse() }
    #expect(throws: RoutePatternError.self) { try RoutePatternParser(text: "/é/{id}\u{301}").parse() }
  }
}
