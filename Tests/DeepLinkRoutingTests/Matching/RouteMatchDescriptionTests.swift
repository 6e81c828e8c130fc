import Foundation
import Testing

@testable import DeepLinkRouting

/// What `print` shows of a match: its route, values, undeclared query, fragment and origin, in both of
/// its forms (decoded from the link when asked, and holding its fields), never its internals.
@Suite("Match descriptions")
struct RouteMatchDescriptionTests {
  static let table = RouteTable(
    schemes: ["myapp"], hosts: ["example.com"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("clip", "/channel/video/{clipId}"),
      RouteDefinition("search", "/search/{query}?page={page:int?}"),
      RouteDefinition("room", "/#/room/{room}"),
    ])

  static let router = Result { try Router(table) }

  @Test(arguments: [
    (
      "myapp://channel/video/12345",
      "route 'clip': clipId=12345; origin: myapp:"
    ),
    (
      "https://example.com/channel/video/12345?utm_source=mail&utm_campaign=spring",
      "route 'clip': clipId=12345; query: utm_source=mail&utm_campaign=spring; origin: example.com"
    ),
    (
      "https://example.com/channel/video/a%20b#t=30",
      "route 'clip': clipId=a b; fragment: t=30; origin: example.com"
    ),
    (
      "https://example.com/search/goals?page=2&ref=x",
      "route 'search': query=goals page=2; query: ref=x; origin: example.com"
    ),
    ("myapp:///", "route 'home': no values; origin: myapp:"),
    (
      "https://example.com/#/room/lobby",
      "route 'room': room=lobby; fragment: /room/lobby; origin: example.com"
    ),
  ])
  func aMatchPrintsWhatTheLinkCarried(url: String, expected: String) throws {
    let router = try Self.router.get()
    let match = try #require(try router.match(url))
    #expect(match.description == expected)
    #expect("\(match)" == expected)
    #expect(match.debugDescription == "RouteMatch(\(expected))")
    // Inside another value, `print` shows the debug description, not the representation.
    #expect(String(describing: [match]) == "[RouteMatch(\(expected))]")
    #expect(String(describing: Optional(match)) == "Optional(RouteMatch(\(expected)))")
  }

  @Test func bothFormsPrintAlike() throws {
    let router = try Self.router.get()
    let decoding = try #require(try router.match("https://example.com/channel/video/7?utm_source=x"))
    #expect(decoding.decodesFromLink)
    let holding = RouteMatch(
      route: decoding.route, parameters: decoding.parameters, query: decoding.query,
      fragment: decoding.fragment, origin: decoding.origin, url: decoding.url)
    #expect(!holding.decodesFromLink)
    #expect(holding.description == decoding.description)
    #expect(!holding.debugDescription.contains("representation"))
    #expect(!decoding.debugDescription.contains("unknown context"))
  }

  @Test func followedLinksAreNamed() {
    var match = RouteMatch(
      route: "clip", parameters: ["clipId": .string("1")], origin: .customScheme("myapp"),
      url: "myapp://channel/video/1")
    match.followed = [
      RouteMatch(
        route: "redirect", parameters: ["to": .string("x")], origin: .universalLink(host: "example.com"),
        url: "https://example.com/r?to=x")
    ]
    #expect(match.description == "route 'clip': clipId=1; origin: myapp:; followed: 'redirect'")
  }
}
