import Testing

@testable import UniversalLinks

/// Android's `PatternMatcher`, case by case. Where each case comes from:
/// - [PM-doc]: developer.android.com, `android.os.PatternMatcher` class reference (PATTERN_LITERAL,
///   PATTERN_PREFIX, PATTERN_SIMPLE_GLOB: "`*` matches zero or more occurrences of the character
///   immediately before; if the character before it is `.` it matches any character; `\` escapes";
///   PATTERN_ADVANCED_GLOB: "matching is done against the pattern in real time with no backtracking
///   support"; PATTERN_SUFFIX).
/// - [PM-src]: AOSP `core/java/android/os/PatternMatcher.java`, `matchGlobPattern` (what `.*` does
///   when it is not last: it consumes up to the first occurrence of the next pattern character) and
///   `parseAndVerifyAdvancedPattern` (a `}` outside a range is not added to the pattern).
/// - [PM-test]: AOSP `core/tests/coretests/src/android/os/PatternMatcherTest.java`.
/// - [data]: developer.android.com, `<data>` element reference: "`pathAdvancedPattern` ... added in
///   API level 31", the `\\` double escape for a literal `*` in XML.
@Suite("Android path patterns")
struct AndroidPathPatternTests {
  func matches(_ kind: AndroidPathPattern.Kind, _ pattern: String, _ path: String) throws -> Bool {
    try AndroidPathPattern(kind, pattern).matches(path)
  }

  // [PM-doc] literal, prefix, suffix.
  @Test func literalPrefixAndSuffix() throws {
    #expect(try matches(.literal, "/a/b", "/a/b"))
    #expect(try !matches(.literal, "/a/b", "/a/b/"))
    #expect(try matches(.prefix, "/a/", "/a/b/c"))
    #expect(try !matches(.prefix, "/a/", "/a"))
    #expect(try matches(.suffix, ".pdf", "/x/y.pdf"))
    #expect(try !matches(.suffix, ".pdf", "/x/y.pdfx"))
    #expect(AndroidPathPattern.Kind.suffix.minimumAPILevel == 31)
    #expect(AndroidPathPattern.Kind.advancedGlob.minimumAPILevel == 31)
    #expect(AndroidPathPattern.Kind.simpleGlob.minimumAPILevel == 1)
  }

  // [PM-doc] `*` repeats the character before it; `.` is any character.
  @Test func simpleGlobStarRepeatsThePrecedingCharacter() throws {
    #expect(try matches(.simpleGlob, "/ab*c", "/ac"))
    #expect(try matches(.simpleGlob, "/ab*c", "/abbbc"))
    #expect(try !matches(.simpleGlob, "/ab*c", "/axc"))
    #expect(try matches(.simpleGlob, "/a.c", "/axc"))
    #expect(try matches(.simpleGlob, "/a/.*", "/a/b/c"))
    #expect(try matches(.simpleGlob, "/a/.*", "/a/"))
    // [PM-src] the text may end with only `.*` left of the pattern.
    #expect(try matches(.simpleGlob, "/a.*", "/a"))
    // [PM-src] but not with `x*` left: `/ab*` refuses `/a`.
    #expect(try !matches(.simpleGlob, "/ab*", "/a"))
  }

  // [PM-src] `.*` does not backtrack: it stops at the first occurrence of the next character.
  @Test func simpleGlobDotStarStopsAtTheNextCharacter() throws {
    #expect(try matches(.simpleGlob, ".*\\.pdf", "/a.pdf"))
    #expect(try !matches(.simpleGlob, ".*\\.pdf", "/a.b.pdf"))
    // So `.*` before `/` is one segment, possibly empty.
    #expect(try matches(.simpleGlob, "/u/.*/x", "/u/1/x"))
    #expect(try !matches(.simpleGlob, "/u/.*/x", "/u/1/2/x"))
  }

  // [PM-doc] `\` escapes; [PM-src] an escaped `.` not followed by `*` still matches any character.
  @Test func simpleGlobEscapes() throws {
    #expect(try matches(.simpleGlob, "/a\\*b", "/a*b"))
    #expect(try !matches(.simpleGlob, "/a\\*b", "/ab"))
    #expect(try matches(.simpleGlob, "/a\\.b", "/a.b"))
    #expect(try matches(.simpleGlob, "/a\\.b", "/axb"))
    #expect(try matches(.simpleGlob, "/a\\.*b", "/a...b"))
    #expect(try !matches(.simpleGlob, "/a\\.*b", "/axb"))
  }

  // [PM-test] testAdvancedPatternMatches*.
  @Test func advancedGlobTokens() throws {
    #expect(try matches(.advancedGlob, ".", "a"))
    #expect(try !matches(.advancedGlob, ".", ""))
    #expect(try matches(.advancedGlob, "[a-z][0-9]", "a1"))
    #expect(try !matches(.advancedGlob, "[a-z][0-9]", "1a"))
    #expect(try !matches(.advancedGlob, "[z-a]", "a"))
    #expect(try !matches(.advancedGlob, "[z-a]", "z"))
    #expect(try matches(.advancedGlob, "[^0-9]", "A"))
    #expect(try !matches(.advancedGlob, "[^0-9]", "5"))
    #expect(try matches(.advancedGlob, "[\\[a]", "["))
    for character in [".", "*", "+", "{", "}", "]", "\\", "["] {
      #expect(try matches(.advancedGlob, "[.*+{}\\]\\\\[]", character))
    }
    #expect(try matches(.advancedGlob, "\\.", "."))
    #expect(try !matches(.advancedGlob, "\\.", "a"))
    #expect(try matches(.advancedGlob, "a\\+", "a+"))
    #expect(try !matches(.advancedGlob, "a\\+", "aaaaa"))
    #expect(try matches(.advancedGlob, "[a-z]*", ""))
    #expect(try !matches(.advancedGlob, "[a-z]+", ""))
    #expect(try !matches(.advancedGlob, "[a-z]{1,5}", "azazaz"))
    #expect(try matches(.advancedGlob, "[a-z]{3,}", "azazazazazaz"))
    #expect(try !matches(.advancedGlob, "[a-z]{3,}", "aa"))
    let date = "/[0-9]{4}/[0-9]{2}/[0-9]{2}/[a-zA-Z0-9_]+\\.html"
    #expect(try matches(.advancedGlob, date, "/2016/09/07/got_this_working.html"))
    #expect(try !matches(.advancedGlob, date, "/2016/9/7/got_this_working.html"))
    #expect(try matches(.advancedGlob, "/b*a*bar.*", "/bbaabarfff"))
    #expect(try !matches(.advancedGlob, "/b*a*bar.*", "/bar"))
    #expect(try !matches(.advancedGlob, "/b*a*bar.*", "/ba/bar"))
  }

  // [PM-doc] no backtracking: a greedy token never gives a character back.
  @Test func advancedGlobDoesNotBacktrack() throws {
    #expect(try !matches(.advancedGlob, "/[^/]+\\.json", "/a.json"))
    #expect(try matches(.advancedGlob, "/[0-9]+\\.json", "/12.json"))
    #expect(try matches(.advancedGlob, "/p/[^/]+/*", "/p/1/"))
    #expect(try !matches(.advancedGlob, "/p/[^/]+/*", "/p/1/2"))
  }

  // [PM-src] a `}` outside a range is dropped; `\}` is a literal.
  @Test func advancedGlobDropsAStrayClosingBrace() throws {
    #expect(try matches(.advancedGlob, "/a}b", "/ab"))
    #expect(try matches(.advancedGlob, "/a\\}b", "/a}b"))
  }

  // [PM-test] testAdvancedPatternPoorFormatThrowsIllegalArgumentException.
  @Test func malformedAdvancedPatternsAreRefused() {
    let refused = [
      "[a-z", "a{,4}", "a{0,a}", "a{\\1, 2}", "[]", "a{}", "{3,4}", "a+{3,4}", "*.", ".+*", "a{3,4", "[a",
      "abc\\", "+.", "[]a]", "[" + String(repeating: "a", count: 1024) + "]",
    ]
    for pattern in refused {
      #expect(throws: AndroidPatternError.self, "\(pattern)") {
        try AndroidPathPattern(.advancedGlob, pattern).validate()
      }
    }
    // A malformed pattern matches nothing in a filter (Android refuses the manifest).
    let filter = AndroidIntentFilter(
      schemes: ["https"], hosts: [.init(host: "example.com")],
      paths: [AndroidPathPattern(.advancedGlob, "[a")],
      autoVerify: true)
    #expect(!filter.opens("https://example.com/a"))
  }

  // [PM-src] parseAndVerifyAdvancedPattern reads a range's bounds with Java's Integer.parseInt, which
  // takes a `+` or `-` sign and decimal digits of any script within 32 bits; matchChars takes at most
  // the maximum and fails below the minimum, so a negative minimum is none and a negative maximum
  // takes no character.
  @Test(arguments: [
    ("a{-1,2}", "", true), ("a{-1,2}", "aa", true), ("a{-1,2}", "aaa", false),
    ("/p/a{-1,2}", "/p/a", true), ("a{+2}", "aa", true), ("a{+2}", "a", false),
    ("a{-2}", "", true), ("a{-2}", "a", false), ("a{-5,-2}", "", true), ("a{-5,-2}", "a", false),
    // U+0663 ARABIC-INDIC DIGIT THREE is a decimal digit to Java.
    ("a{\u{663}}", "aaa", true), ("a{\u{663}}", "aa", false),
    ("a{0,2147483647}", "aaaa", true), ("a{1,}", "aaaa", true),
  ])
  func rangeBoundsAreReadAsJavaReadsIntegers(pattern: String, path: String, expected: Bool) throws {
    #expect(try matches(.advancedGlob, pattern, path) == expected)
  }

  // [PM-src] Integer.parseInt refuses an empty number, a lone sign, spaces and values beyond 32 bits;
  // a minimum over the maximum is refused after reading both.
  @Test(arguments: ["a{-}", "a{+}", "a{1,-}", "a{ 1}", "a{2147483648}", "a{0,2147483648}", "a{-3,-5}"])
  func rangeBoundsJavaRefusesAreRefused(pattern: String) {
    #expect(throws: AndroidPatternError.self) { try AndroidPathPattern(.advancedGlob, pattern).validate() }
  }

  // [PM-src] inside a set, the high end of a range is read as any character of the set: `\` escapes
  // it, so `[!-\]]` is the characters from `!` to `]`.
  @Test func aRangeInASetMayEndInAnEscapedCharacter() throws {
    #expect(try matches(.advancedGlob, "[!-\\]]", "A"))
    #expect(try matches(.advancedGlob, "[!-\\]]", "]"))
    #expect(try !matches(.advancedGlob, "[!-\\]]", "a"))
    #expect(try !matches(.advancedGlob, "[!-\\]]", "A]"))
  }

  // Android compares UTF-16 units, as Java strings.
  @Test func nonASCIITextIsComparedAsUTF16() throws {
    #expect(try matches(.advancedGlob, "/caf.", "/café"))
    #expect(try !matches(.advancedGlob, "/caf.", "/cafe\u{301}"))
    #expect(try matches(.advancedGlob, "/..", "/😀"))
  }
}
