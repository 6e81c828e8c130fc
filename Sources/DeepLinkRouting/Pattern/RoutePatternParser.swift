/// Parses the text of a ``RoutePattern``; offsets in errors count characters.
struct RoutePatternParser {
  struct Parsed {
    var segments: [RoutePattern.Segment] = []
    var query: [RoutePattern.QueryParameter] = []
    var hasTrailingSlash = false
    var openQuery: String?
    /// Whether the fragment's path starts with `/` (`/#/room/{id}`) rather than with its first
    /// segment (`/#narrow/{rest*}`); `false` without a fragment.
    var fragmentStartsWithSlash = false
  }

  let text: String
  var queryKeys: RouteTable.QueryKeys = .exact
  /// Whether `+` in the query reads as a space (``RouteTable/Options/literalPlusInQuery``).
  var plusAsSpace = true
  /// The table's app-defined kinds, by name.
  var kinds: [String: AppKind] = [:]

  func parse() throws(RoutePatternError) -> Parsed {
    // ASCII text without a carriage return has one character per byte (CR LF is the only cluster of
    // two ASCII characters): its bytes are its units.
    let bytes = Array(text.utf8)
    if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      return try PatternUnitParser(
        text: text, characters: bytes, queryKeys: queryKeys, plusAsSpace: plusAsSpace, kinds: kinds
      ).parse()
    }
    let (units, starts) = PatternUnitParser.units(readingCharactersOf: text)
    return try PatternUnitParser(
      text: text, characters: units, characterStarts: starts, queryKeys: queryKeys,
      plusAsSpace: plusAsSpace, kinds: kinds
    ).parse()
  }
}
