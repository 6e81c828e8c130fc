import Foundation
import Testing

@testable import DeepLinkRouting

/// `+` in a link's query: a space (`plusInQuery: space`, the default, as HTML forms write it) or
/// itself (`literal`, as Apple's URLComponents reads it); links the package builds read the same
/// under both.
@Suite("Plus in a query value")
struct PlusInQueryTests {
  static let routes = [
    RouteDefinition("search", "/search?text={text}"),
    RouteDefinition("language", "/lang?name=c+&rest={rest?}"),
    RouteDefinition("sort", "/list?order={order:(a+b|c d)}"),
  ]

  static func router(literal: Bool) throws -> Router {
    try Router(
      RouteTable(hosts: ["example.com"], options: .init(literalPlusInQuery: literal), routes: routes))
  }

  @Test func theDefaultReadsPlusAsASpace() throws {
    let router = try Router(RouteTable(hosts: ["example.com"], routes: Self.routes))
    #expect(!router.table.options.literalPlusInQuery)
    let match = try #require(try router.match("https://example.com/search?text=c++"))
    #expect(match.parameters.string("text") == "c  ")
    #expect(try router.match("https://example.com/search?text=a%2Bb")?.parameters.string("text") == "a+b")
    // Undeclared items too.
    #expect(
      try router.match("https://example.com/search?text=x&a+b=c+d")?.query == [
        QueryItem(name: "a b", value: "c d")
      ])
  }

  @Test func literalKeepsPlusAsWritten() throws {
    let router = try Self.router(literal: true)
    let match = try #require(try router.match("https://example.com/search?text=c++&a+b=c+d"))
    #expect(match.parameters.string("text") == "c++")
    #expect(match.query == [QueryItem(name: "a+b", value: "c+d")])
    #expect(try router.match("https://example.com/search?text=a%20b")?.parameters.string("text") == "a b")
    // The path is never affected.
    #expect(try router.match("https://example.com/search+x?text=a") == nil)
  }

  @Test func thePatternsQueryIsReadTheSameWay() throws {
    // `name=c+` is the literal value `c ` under `space` and `c+` under `literal`.
    let space = try Self.router(literal: false)
    #expect(try space.match("https://example.com/lang?name=c+")?.route == "language")
    #expect(try space.match("https://example.com/lang?name=c%20")?.route == "language")
    #expect(try space.match("https://example.com/lang?name=c%2B") == nil)
    let literal = try Self.router(literal: true)
    #expect(try literal.match("https://example.com/lang?name=c+")?.route == "language")
    #expect(try literal.match("https://example.com/lang?name=c%2B")?.route == "language")
    #expect(try literal.match("https://example.com/lang?name=c%20") == nil)
    // A value set's words as well: `a+b` is `a b` under `space`.
    #expect(try space.match("https://example.com/list?order=a+b")?.parameters.string("order") == "a b")
    #expect(try literal.match("https://example.com/list?order=a+b")?.parameters.string("order") == "a+b")
    #expect(try literal.match("https://example.com/list?order=c%20d")?.parameters.string("order") == "c d")
  }

  @Test func builtLinksReadTheSameUnderBothSettings() throws {
    for literal in [false, true] {
      let router = try Self.router(literal: literal)
      let url = try router.urlString(for: "search", ["text": .string("c++ a b")])
      #expect(url == "https://example.com/search?text=c%2B%2B%20a%20b")
      for other in [false, true] {
        #expect(try Self.router(literal: other).match(url)?.parameters.string("text") == "c++ a b")
      }
      let extra = try router.urlString(
        for: "search", ["text": .string("x")], query: [QueryItem(name: "a+b", value: "c d")])
      #expect(extra == "https://example.com/search?text=x&a%2Bb=c%20d")
    }
  }

  @Test func theRouteFileTakesTheSettingAndRefusesOtherValues() throws {
    try Fixtures.expectRouteFileSetting(
      "plusInQuery", #""literal""#, isOn: \.literalPlusInQuery,
      refusing: [#""plus""#, "true", #""Literal""#],
      allowed: #""space" or "literal""#)
  }
}
