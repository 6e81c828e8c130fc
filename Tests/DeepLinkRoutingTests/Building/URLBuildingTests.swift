import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("URL building")
struct URLBuildingTests {
  static let awkwardValues: [String] = [
    "plain", "a/b", "with space", "a+b", "100%", "?#&=", "café", "🎬🍿", "ÅngströM", "..", ".", "%2F", "a;b,c",
    "~tilde_-.", "@:!$'()*", "日本語", "\"quoted\"", "<tag>", "back\\slash", "é" + "\u{301}",
  ]

  /// The awkward values a path parameter can hold: all but the dot segments, which are refused
  /// (``dotSegmentsAreRefusedInThePath(_:)``).
  static let awkwardPathValues = awkwardValues.filter { $0 != "." && $0 != ".." }

  @Test(arguments: awkwardPathValues)
  func plainParameterRoundTrips(_ value: String) throws {
    let router = try Router(Fixtures.kindsTable)
    for form in [LinkForm.universalLink, .customScheme] {
      let url = try router.urlString(for: "web", ["page": .string(value)], form: form)
      let match = try #require(try router.match(url), "\(url)")
      #expect(match.route == "web")
      #expect(match.parameters.string("page") == value, "\(url)")
      #expect(URL(string: url) != nil, "\(url)")
    }
  }

  @Test(arguments: awkwardValues)
  func queryParameterRoundTrips(_ value: String) throws {
    let router = try Router(Fixtures.kindsTable)
    let url = try router.urlString(for: "find", ["query": .string(value), "page": .int(3)])
    let match = try #require(try router.match(url))
    #expect(match.parameters.dictionary == ["query": .string(value), "page": .int(3)], "\(url)")
  }

  @Test(arguments: [Int.min, -1, 0, 7, 42, Int.max])
  func intRoundTrips(_ value: Int) throws {
    let router = try Router(Fixtures.kindsTable)
    let url = try router.urlString(for: "itemByNumber", ["id": .int(value)])
    #expect(try router.match(url)?.parameters.dictionary == ["id": .int(value)])
  }

  @Test func uuidRoundTripsInCanonicalForm() throws {
    let router = try Router(Fixtures.kindsTable)
    let uuid = UUID()
    let url = try router.urlString(for: "itemByToken", ["token": .uuid(uuid)])
    #expect(url == "https://example.com/items/\(uuid.uuidString)")
    #expect(try router.match(url)?.parameters.uuid("token") == uuid)
    let lower = try router.urlString(for: "itemByToken", ["token": .string(uuid.uuidString.lowercased())])
    #expect(try router.match(lower)?.parameters.uuid("token") == uuid)
  }

  @Test(arguments: [[], ["a"], ["a b", "c/d", "é", "+"]])
  func catchAllsRoundTrip(_ segments: [String]) throws {
    let router = try Router(Fixtures.kindsTable)
    let url = try router.urlString(for: "docs", ["path": .segments(segments)])
    #expect(try router.match(url)?.parameters.segments("path") == segments, "\(url)")
    if !segments.isEmpty {
      let files = try router.urlString(for: "itemFiles", ["slug": .string("s"), "path": .segments(segments)])
      #expect(try router.match(files)?.parameters.segments("path") == segments, "\(files)")
    }
  }

  @Test func formsOfTheSameLink() throws {
    let router = try Router(Fixtures.channelTable)
    let values: RouteParameters = ["clipId": .string("12345")]
    #expect(try router.urlString(for: "clip", values) == "https://example.com/channel/video/12345")
    #expect(try router.urlString(for: "clip", values, form: .customScheme) == "myapp://channel/video/12345")
    #expect(
      try router.urlString(for: "clip", values, form: .host("tv.example.com"))
        == "https://tv.example.com/channel/video/12345")
    #expect(
      try router.urlString(for: "clip", values, form: .host("localhost:8080"))
        == "https://localhost:8080/channel/video/12345")
    #expect(try router.urlString(for: "main", [:], form: .customScheme) == "myapp://channel")
    #expect(try router.url(for: "main", [:]).absoluteString == "https://example.com/channel")
    let withExtras = try router.urlString(
      for: "search", ["query": .string("goal highlights")],
      query: [QueryItem(name: "utm source", value: "a+b"), QueryItem(name: "flag", value: nil)],
      fragment: "t=1 0", form: .customScheme)
    #expect(withExtras == "myapp://channel/search/goal%20highlights?utm%20source=a%2Bb&flag#t%3D1%200")
    let match = try #require(try router.match(withExtras))
    #expect(
      match.query == [QueryItem(name: "utm source", value: "a+b"), QueryItem(name: "flag", value: nil)])
    #expect(match.fragment == "t=1 0")
  }

  @Test func upperCaseFirstSegmentUsesThePathForm() throws {
    let router = try Router(RouteTable(schemes: ["myapp"], routes: [RouteDefinition("user", "/{name}")]))
    let url = try router.urlString(for: "user", ["name": .string("Alice")])
    #expect(url == "myapp:///Alice")
    #expect(try router.match(url)?.parameters.string("name") == "Alice")
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var route: String
    var values: RouteParameters
    var form: LinkForm = .preferred
    var reason: URLBuildError
    var testDescription: String { "\(route) \(reason.code)" }
  }

  static let failures: [Failure] = [
    Failure(route: "nope", values: [:], reason: .unknownRoute),
    Failure(route: "web", values: [:], reason: .missingValue("page")),
    Failure(
      route: "web", values: ["page": .string("a"), "other": .string("b")], reason: .unexpectedValue("other")),
    Failure(route: "web", values: ["page": .string("")], reason: .emptyValue("page")),
    Failure(
      route: "itemByNumber", values: ["id": .string("12a")],
      reason: .typeMismatch(name: "id", expected: .int, value: "12a")),
    Failure(
      route: "itemByToken", values: ["token": .int(3)],
      reason: .typeMismatch(name: "token", expected: .uuid, value: "3")),
    Failure(
      route: "web", values: ["page": .segments(["a"])],
      reason: .typeMismatch(name: "page", expected: .string, value: "a")),
    Failure(route: "find", values: ["page": .int(1)], reason: .missingValue("query")),
    Failure(
      route: "find", values: ["query": .string("x"), "page": .string("two")],
      reason: .typeMismatch(name: "page", expected: .int, value: "two")),
    Failure(route: "docs", values: ["path": .segments(["a", ""])], reason: .emptyValue("path")),
    Failure(
      route: "itemFiles", values: ["slug": .string("s"), "path": .segments([])], reason: .emptyValue("path")),
    Failure(route: "itemBySlug", values: ["slug": .string("new")], reason: .shadowed(by: "new")),
    Failure(route: "itemBySlug", values: ["slug": .string("42")], reason: .shadowed(by: "itemByNumber")),
    Failure(
      route: "web", values: ["page": .string("line\nbreak")],
      reason: .notRoundTrippable("forbidden character U+000A after decoding at offset 24")),
    Failure(
      route: "web", values: ["page": .string("a")], form: .host("evil.com"),
      reason: .formUnavailable("host 'evil.com' is not in the route table")),
    Failure(
      route: "web", values: ["page": .string("a")], form: .scheme("other"),
      reason: .formUnavailable("scheme 'other' is not in the route table")),
  ]

  @Test(arguments: failures)
  func buildFailures(_ failure: Failure) throws {
    let router = try Router(Fixtures.kindsTable)
    let error = try #require(throws: URLBuildError.self) {
      try router.urlString(for: failure.route, failure.values, form: failure.form)
    }
    #expect(error == URLBuildError(route: failure.route, reason: failure.reason), "\(error)")
    #expect(error.route == failure.route)
  }

  /// Whether a written path segment is a dot segment by the WHATWG URL standard, which browsers
  /// follow: `.` or `%2e`, and `..`, `.%2e`, `%2e.` or `%2e%2e`, in any case. Such a segment is removed
  /// (with its parent, for two dots) before the link reaches anyone.
  static func isWHATWGDotSegment(_ segment: String) -> Bool {
    [".", "%2e", "..", ".%2e", "%2e.", "%2e%2e"].contains(segment.lowercased())
  }

  /// Fuzz finding `Fuzz/Regressions/router-dot-segment-read-back` (`shop://PRODUCT/.`): a custom-scheme
  /// link can hold a `.` segment, which the router reads as text; building the match back refuses it
  /// with `dotSegment`, since a browser would remove it, rather than writing a link that opens another
  /// page.
  @Test func aDotSegmentReadFromALinkIsNotWrittenBack() throws {
    let router = try Router(Fixtures.channelTable)
    let match = try #require(try router.match("myapp://channel/video/."))
    #expect(match.route == "clip")
    #expect(match.parameters.string("clipId") == ".")
    let error = try #require(throws: URLBuildError.self) {
      try router.urlString(for: match.route, match.parameters)
    }
    #expect(error.code == .dotSegment)
    #expect(error.value == ".")
  }

  /// `.` and `..` have no spelling a browser delivers as a segment: the link would open the parent
  /// path (another route), so building refuses them, in a parameter and in a catch-all.
  @Test(arguments: [".", ".."])
  func dotSegmentsAreRefusedInThePath(_ value: String) throws {
    let router = try Router(Fixtures.kindsTable)
    for form in [LinkForm.universalLink, .customScheme] {
      let error = try #require(throws: URLBuildError.self) {
        try router.urlString(for: "web", ["page": .string(value)], form: form)
      }
      #expect(error.code == .dotSegment)
      #expect(error.code.description == "dot-segment")
      #expect(error.route == "web")
      #expect(error.parameter == "page")
      #expect(error.value == value)
      #expect(
        error.description
          == "route 'web': 'page' is '\(value)', a dot segment: browsers remove it from the path (and its parent, for '..'), so the link would open another page"
      )
    }
    for values: RouteParameters in [
      ["path": .segments(["a", value, "b"])], ["path": .string("a/\(value)/b")], ["path": .segments([value])],
    ] {
      let error = try #require(throws: URLBuildError.self) { try router.urlString(for: "docs", values) }
      #expect(error.code == .dotSegment, "\(values)")
      #expect(error.parameter == "path")
    }
    // In the query a dot is plain text.
    let query = try router.urlString(for: "find", ["query": .string(value)])
    #expect(try router.match(query)?.parameters.string("query") == value)
  }

  /// Text that spells an escaped dot is written with its `%` escaped, so no parser, browser or server
  /// (which decode once) reads a dot segment, and it reads back as the same text.
  @Test(arguments: ["%2e", "%2E", ".%2E", "%2e.", "%2E%2e", "...", ".a", "a.", "%252e"])
  func textThatSpellsAnEscapedDotIsNotADotSegment(_ value: String) throws {
    let router = try Router(Fixtures.kindsTable)
    let url = try router.urlString(for: "web", ["page": .string(value)])
    let segment = String(try #require(url.split(separator: "/").last))
    #expect(!Self.isWHATWGDotSegment(segment), "\(url)")
    #expect(try router.match(url)?.parameters.string("page") == value)
    let files = try router.urlString(for: "docs", ["path": .segments(["a", value])])
    #expect(
      !files.split(separator: "/").map(String.init).contains(where: Self.isWHATWGDotSegment), "\(files)")
    #expect(try router.match(files)?.parameters.segments("path") == ["a", value])
  }

  @Test func tableWithoutHostsOrSchemesCannotBuildThatForm() throws {
    let webOnly = try Router(RouteTable(hosts: ["example.com"], routes: [RouteDefinition("a", "/a")]))
    #expect(throws: URLBuildError.self) { try webOnly.urlString(for: "a", [:], form: .customScheme) }
    let wildcardOnly = try Router(RouteTable(hosts: ["*.example.com"], routes: [RouteDefinition("a", "/a")]))
    #expect(throws: URLBuildError.self) { try wildcardOnly.urlString(for: "a", [:]) }
  }
}
