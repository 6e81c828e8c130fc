import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

@Suite("Registration errors")
struct RouteTableErrorTests {
  struct PatternCase: CustomTestStringConvertible, Sendable {
    var pattern: String
    var reason: RoutePatternError
    var offset: Int
    var testDescription: String { pattern }
  }

  static let patternCases: [PatternCase] = [
    PatternCase(pattern: "", reason: .missingLeadingSlash, offset: 0),
    PatternCase(pattern: "channel/video", reason: .missingLeadingSlash, offset: 0),
    PatternCase(pattern: "/a//b", reason: .emptySegment, offset: 3),
    // A catch-all may stand in the middle once (`/files/{path+}/meta` is a middle catch-all).
    PatternCase(
      pattern: "/files/{path+}/meta/{rest*}",
      reason: .secondCatchAll(first: "{path+}", firstOffset: 7, second: "{rest*}"), offset: 20),
    PatternCase(pattern: "/files/{path*}/", reason: .catchAllNotLast("path"), offset: 7),
    PatternCase(pattern: "/a/{id}/b/{id}", reason: .duplicateParameterName("id"), offset: 10),
    PatternCase(pattern: "/a/{id}?id={id}", reason: .duplicateParameterName("id"), offset: 8),
    PatternCase(pattern: "/s?q={a}&q={b}", reason: .duplicateQueryKey("q"), offset: 9),
    PatternCase(pattern: "/a/{id", reason: .unbalancedBrace, offset: 3),
    PatternCase(pattern: "/a/id}", reason: .unbalancedBrace, offset: 5),
    // A parameter filling part of a segment is a segment template; the templates that cannot be read
    // are refused precisely.
    PatternCase(pattern: "/a/{x}{y}", reason: .adjacentParameters("x", "y"), offset: 6),
    PatternCase(pattern: "/a/{}", reason: .invalidParameterName(""), offset: 4),
    PatternCase(pattern: "/a/{1x}", reason: .invalidParameterName("1x"), offset: 4),
    PatternCase(pattern: "/a/{x:float}", reason: .unknownType("float"), offset: 6),
    PatternCase(pattern: "/a/{x+:int}", reason: .catchAllNotAllowed("x+:int"), offset: 3),
    // Only the last piece may be optional (`/a/{x?}` is an optional last segment).
    PatternCase(pattern: "/a/{x?}/b", reason: .optionalPathParameter("x"), offset: 3),
    PatternCase(pattern: "/s?q={rest+}", reason: .catchAllNotAllowed("rest"), offset: 5),
    PatternCase(pattern: "/s?q=", reason: .invalidQueryItem("q="), offset: 3),
    PatternCase(pattern: "/s?={x}", reason: .invalidQueryItem("={x}"), offset: 3),
    PatternCase(pattern: "/caf%C3", reason: .malformedPercentEscape, offset: 1),
    // Dot segments, which browsers remove, in every spelling.
    PatternCase(pattern: "/a/../b", reason: .dotSegment, offset: 3),
    PatternCase(pattern: "/a/.", reason: .dotSegment, offset: 3),
    PatternCase(pattern: "/%2e/b", reason: .dotSegment, offset: 1),
    PatternCase(pattern: "/a/.%2E/{id}", reason: .dotSegment, offset: 3),
    PatternCase(pattern: "/a/%2E%2e", reason: .dotSegment, offset: 3),
  ]

  @Test(arguments: patternCases)
  func patternErrors(_ testCase: PatternCase) throws {
    let error = try #require(throws: RoutePatternError.self) { try RoutePattern(testCase.pattern) }
    #expect(
      error == RoutePatternError(pattern: testCase.pattern, offset: testCase.offset, reason: testCase.reason))
  }

  @Test func patternErrorShowsACaret() throws {
    // `/files/{path+}/meta` is a middle catch-all; a second catch-all is refused.
    let error = try #require(throws: RoutePatternError.self) { try RoutePattern("/files/{a+}/x/{b*}") }
    #expect(
      error.description == """
        pattern '/files/{a+}/x/{b*}': a middle catch-all next to another catch-all: '{a+}' (character 8 of the pattern) and '{b*}'; a path has at most one catch-all, so the pieces after it have a fixed count
          /files/{a+}/x/{b*}
                        ^
        """)
  }

  @Test func validPatternsParse() throws {
    let pattern = try RoutePattern("/search/{kind:int}/{rest*}?q={query}&page={page:int?}")
    #expect(
      pattern.segments == [
        .literal("search"), .parameter(name: "kind", type: .int), .zeroOrMore(name: "rest"),
      ])
    #expect(
      pattern.query == [
        .init(key: "q", name: "query"), .init(key: "page", name: "page", type: .int, isOptional: true),
      ])
    #expect(pattern.parameterNames == ["kind", "rest", "query", "page"])
    #expect(try RoutePattern("/").segments.isEmpty)
    #expect(try RoutePattern("/a/").hasTrailingSlash)
    #expect(try RoutePattern("/caf%C3%A9").segments == [.literal("café")])
    #expect(try RoutePattern("/.well-known/.../a.b/%252e").segments.count == 4)
  }

  struct TableCase: CustomTestStringConvertible, Sendable {
    var name: String
    var table: RouteTable
    var expected: RouteTableError
    var testDescription: String { name }
  }

  static let tableCases: [TableCase] = [
    TableCase(
      name: "invalid pattern names the route",
      table: RouteTable(schemes: ["a"], routes: [RouteDefinition("broken", "/x//y")]),
      expected: RouteTableError(
        route: "broken",
        reason: .invalidPattern(RoutePatternError(pattern: "/x//y", offset: 3, reason: .emptySegment)))),
    TableCase(
      name: "duplicate name",
      table: RouteTable(schemes: ["a"], routes: [RouteDefinition("x", "/a"), RouteDefinition("x", "/b")]),
      expected: RouteTableError(route: "x", reason: .duplicateRouteName)),
    TableCase(
      name: "same URLs, other parameter names",
      table: RouteTable(
        schemes: ["a"], routes: [RouteDefinition("first", "/a/{x}"), RouteDefinition("second", "/a/{y}")]),
      expected: RouteTableError(route: "second", reason: .ambiguous(with: "first"))),
    TableCase(
      name: "same URLs, same catch-all",
      table: RouteTable(
        schemes: ["a"], routes: [RouteDefinition("one", "/f/{p+}"), RouteDefinition("two", "/f/{q+}")]),
      expected: RouteTableError(route: "two", reason: .ambiguous(with: "one"))),
    TableCase(
      name: "same required query",
      table: RouteTable(
        schemes: ["a"],
        routes: [RouteDefinition("one", "/s?q={a}"), RouteDefinition("two", "/s?q={b}&p={p?}")]),
      expected: RouteTableError(route: "two", reason: .ambiguous(with: "one"))),
    TableCase(
      name: "same literal after decoding",
      table: RouteTable(
        schemes: ["a"], routes: [RouteDefinition("one", "/café"), RouteDefinition("two", "/caf%C3%A9")]),
      expected: RouteTableError(route: "two", reason: .ambiguous(with: "one"))),
    TableCase(
      name: "same literal when case-insensitive",
      table: RouteTable(
        schemes: ["a"], options: .init(caseInsensitive: true),
        routes: [RouteDefinition("one", "/Video"), RouteDefinition("two", "/video")]),
      expected: RouteTableError(route: "two", reason: .ambiguous(with: "one"))),
    TableCase(
      name: "trailing slash is the same link unless strict",
      table: RouteTable(
        schemes: ["a"], routes: [RouteDefinition("one", "/f/"), RouteDefinition("two", "/f")]),
      expected: RouteTableError(route: "two", reason: .ambiguous(with: "one"))),
    TableCase(
      name: "empty name",
      table: RouteTable(schemes: ["a"], routes: [RouteDefinition("", "/a")]),
      expected: RouteTableError(location: "routes[0]", reason: .emptyRouteName)),
    TableCase(
      name: "invalid scheme",
      table: RouteTable(schemes: ["my app"], routes: []),
      expected: RouteTableError(reason: .invalidScheme("my app"))),
    TableCase(
      name: "invalid host",
      table: RouteTable(hosts: ["https://example.com"], routes: []),
      expected: RouteTableError(location: "hosts[0]", reason: .invalidHost("https://example.com"))),
    TableCase(
      name: "invalid host port",
      table: RouteTable(hosts: ["example.com:http"], routes: []),
      expected: RouteTableError(location: "hosts[0]", reason: .invalidHost("example.com:http"))),
    TableCase(
      name: "no scheme or host",
      table: RouteTable(routes: [RouteDefinition("a", "/a")]),
      expected: RouteTableError(reason: .noSchemeOrHost)),
    TableCase(
      name: "too many routes",
      table: RouteTable(
        schemes: ["a"], options: .init(maxRoutes: 1),
        routes: [RouteDefinition("a", "/a"), RouteDefinition("b", "/b")]),
      expected: RouteTableError(reason: .tooManyRoutes(limit: 1))),
  ]

  @Test(arguments: tableCases)
  func tableErrors(_ testCase: TableCase) throws {
    let error = try #require(throws: RouteTableError.self) { try Router(testCase.table) }
    #expect(error == testCase.expected)
    #expect(!error.description.isEmpty)
  }

  @Test func ambiguityDoesNotDependOnOrder() throws {
    let error = try #require(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          schemes: ["a"], routes: [RouteDefinition("second", "/a/{y}"), RouteDefinition("first", "/a/{x}")]))
    }
    #expect(error == RouteTableError(route: "first", reason: .ambiguous(with: "second")))
  }

  @Test func routesThatOnlyOverlapAreFine() throws {
    let router = try Router(
      RouteTable(
        schemes: ["a"],
        routes: [
          RouteDefinition("plain", "/a/{x}"), RouteDefinition("typed", "/a/{x:int}"),
          RouteDefinition("literal", "/a/b"), RouteDefinition("rest", "/a/{r+}"),
          RouteDefinition("any", "/a/{r*}"),
          RouteDefinition("query", "/a/{x}?q={q}"), RouteDefinition("typedQuery", "/a/{x}?q={q:int}"),
          RouteDefinition("otherKey", "/a/{x}?k={k}"),
        ]))
    #expect(try router.match("a:/a/b")?.route == "literal")
    #expect(try router.match("a:/a/1")?.route == "typed")
    #expect(try router.match("a:/a/x?q=1")?.route == "typedQuery")
    #expect(try router.match("a:/a/x?q=y")?.route == "query")
    #expect(try router.match("a:/a/x?k=y")?.route == "otherKey")
    #expect(try router.match("a:/a/x?k=y&q=z")?.route == "otherKey")
    #expect(try router.match("a:/a")?.route == "any")
    #expect(try router.match("a:/a/x/y")?.route == "rest")
  }
}

@Suite("Errors quote input safely")
struct PrintableErrorTests {
  /// A NUL or a bidirectional override in a route file is written as an escape, never raw: the
  /// message is one readable line on a terminal, and the caret still points at the piece.
  @Test func controlAndBidiCharactersInPatternsAndNamesAreEscaped() throws {
    let json = Data(#"{"schemes": ["a"], "routes": [{"name": "x\u202E", "pattern": "/a\u0000b"}]}"#.utf8)
    do {
      _ = try Router(try RouteTable(json: json))
      Issue.record("a pattern with a NUL built")
    } catch {
      let text = "\(error)"
      #expect(!text.unicodeScalars.contains { $0.value == 0 || $0.value == 0x202E })
      #expect(text.contains(#"/a\u{0}b"#), "\(text)")
      #expect(text.contains(#"route 'x\u{202E}'"#), "\(text)")
    }
    let patternError = try #require(Fixtures.refusal(of: "/a\u{0}b/{x"))
    let lines = patternError.description.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    let caretColumn = lines[2].firstIndex(of: "^").map {
      lines[2].distance(from: lines[2].startIndex, to: $0)
    }
    let shown = lines[1]
    #expect(caretColumn.map { $0 < shown.count } == true)
  }
}
