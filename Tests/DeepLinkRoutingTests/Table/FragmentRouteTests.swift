import Foundation
import Testing

@testable import DeepLinkRouting

/// Routes that read the fragment as a path (`/#/room/{room}`), as a hash-routed web app's links reach
/// them: only such routes read the fragment, they win over the route of the same path that ignores
/// it, the fragment is decoded as a path is, links build back with `#/`, misses name the fragment's
/// segment, duplicates and bad patterns are refused.
@Suite("Fragment routes")
struct FragmentRouteTests {
  static let table = RouteTable(
    schemes: ["chat"], hosts: ["chat.example"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("room", "/#/room/{room}?via={via?}"),
      RouteDefinition("roomEvent", "/#/room/{room}/{event}"),
      RouteDefinition("user", "/#/user/{user}"),
      RouteDefinition("settings", "/#/settings/{tab:(general|account)}"),
      RouteDefinition("numbered", "/#/n/{id:int}"),
      RouteDefinition("files", "/#/files/{path+}"),
      RouteDefinition("docs", "/docs/{page}"),
      RouteDefinition("docsSection", "/docs/{page}#/section/{section?}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test func theFragmentRoutesAHashRoutedLink() throws {
    let room = try #require(try Self.match("https://chat.example/#/room/!abc:example.org?via=server.org"))
    #expect(room.route == "room")
    #expect(room.parameters.string("room") == "!abc:example.org")
    #expect(room.parameters.string("via") == "server.org")
    // The fragment is still kept on the match, as for every route.
    #expect(room.fragment == "/room/!abc:example.org?via=server.org")
    let user = try #require(try Self.match("https://chat.example/#/user/@alice:example.org"))
    #expect(user.route == "user")
    #expect(user.parameters.string("user") == "@alice:example.org")
    let event = try #require(try Self.match("https://chat.example/#/room/!abc:example.org/$event1"))
    #expect(event.route == "roomEvent")
    #expect(event.parameters.string("event") == "$event1")
    // The other pieces work in the fragment as in the path.
    #expect(try Self.match("https://chat.example/#/settings/account")?.route == "settings")
    #expect(try Self.match("https://chat.example/#/n/42")?.parameters.int("id") == 42)
    #expect(try Self.match("https://chat.example/#/files/a/b")?.parameters["path"] == .segments(["a", "b"]))
    // A custom-scheme link with an empty authority.
    #expect(try Self.match("chat://#/user/@bob:x")?.parameters.string("user") == "@bob:x")
  }

  @Test func routesWithoutAFragmentKeepIgnoringIt() throws {
    // A fragment that is not a path, or a path no fragment route reads, reaches the route of the path.
    #expect(try Self.match("https://chat.example/#foo")?.route == "home")
    #expect(try Self.match("https://chat.example/#/nowhere")?.route == "home")
    #expect(try Self.match("https://chat.example/#/settings/privacy")?.route == "home")
    #expect(try Self.match("https://chat.example/#/n/x")?.route == "home")
    #expect(try Self.match("https://chat.example/")?.route == "home")
    #expect(try Self.match("https://chat.example/docs/intro#top")?.route == "docs")
    // The path's own query is not a fragment route's: `via` is read inside the fragment only.
    let outer = try #require(try Self.match("https://chat.example/?via=outer#/room/r1"))
    #expect(outer.route == "room")
    #expect(outer.parameters.string("via") == nil)
  }

  @Test func aFragmentRouteWinsAtItsPath() throws {
    // `/docs/{page}#/section/{section?}` beats `/docs/{page}` for a link whose fragment it reads.
    let section = try #require(try Self.match("https://chat.example/docs/intro#/section/setup"))
    #expect(section.route == "docsSection")
    #expect(section.parameters.string("page") == "intro")
    #expect(section.parameters.string("section") == "setup")
    #expect(try Self.match("https://chat.example/docs/intro#/section")?.route == "docsSection")
    #expect(try Self.match("https://chat.example/docs/intro#/other")?.route == "docs")
  }

  @Test func theFragmentIsDecodedAsAPath() throws {
    // `%2F` is a `/` inside one segment, `+` is itself, a raw `#` is text, `%3F` is a `?`.
    let encoded = try #require(try Self.match("https://chat.example/#/room/a%2Fb+c"))
    #expect(encoded.route == "room")
    #expect(encoded.parameters.string("room") == "a/b+c")
    let alias = try #require(try Self.match("https://chat.example/#/room/#alias:example.org"))
    #expect(alias.parameters.string("room") == "#alias:example.org")
    let question = try #require(try Self.match("https://chat.example/#/room/what%3F"))
    #expect(question.parameters.string("room") == "what?")
    // Empty segments are dropped, as in the path.
    #expect(try Self.match("https://chat.example/#//user//@a:b")?.route == "user")
    // The fragment's query reads `+` as the table's query does.
    #expect(try Self.match("https://chat.example/#/room/r?via=a+b")?.parameters.string("via") == "a b")
  }

  @Test func badFragmentsAreTypedErrors() throws {
    #expect(throws: LinkError.self) { try Self.match("https://chat.example/#/room/%ZZ") }
    #expect(throws: LinkError.self) { try Self.match("https://chat.example/#/room/%C3") }
    let limited = RouteTable(
      hosts: ["chat.example"], options: .init(maxSegments: 3),
      routes: [RouteDefinition("room", "/#/room/{room}")])
    let router = try Router(limited)
    do {
      _ = try router.match("https://chat.example/a/#/b/c")
      Issue.record("a link over the segment limit matched")
    } catch {
      #expect(error.code == .tooManySegments)
    }
  }

  @Test func linksBuildBackWithTheFragment() throws {
    let router = try Self.router.get()
    let room = try router.urlString(
      for: "room", ["room": .string("!abc:example.org"), "via": .string("s.org")])
    #expect(room == "https://chat.example/#/room/!abc:example.org?via=s.org")
    let alias = try router.urlString(
      for: "roomEvent", ["room": .string("#alias:x"), "event": .string("$e/v")])
    #expect(alias == "https://chat.example/#/room/%23alias:x/$e%2Fv")
    #expect(try router.match(alias)?.parameters.string("event") == "$e/v")
    let custom = try router.urlString(for: "user", ["user": .string("@bob:x")], form: .customScheme)
    #expect(custom == "chat://#/user/@bob:x")
    let section = try router.urlString(for: "docsSection", ["page": .string("intro")])
    #expect(section == "https://chat.example/docs/intro#/section")
    // A fragment route takes no other fragment.
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "user", ["user": .string("@a:b")], fragment: "x")
    }
    // A value that would read as another route is refused by the read-back check.
    #expect(throws: URLBuildError.self) { try router.urlString(for: "numbered", ["id": .string("x")]) }
  }

  @Test func aMissNamesTheFragmentSegment() throws {
    let router = try Router(
      RouteTable(
        hosts: ["chat.example"],
        routes: [
          RouteDefinition("room", "/#/room/{room}"), RouteDefinition("n", "/#/n/{id:int}"),
          RouteDefinition("docs", "/docs/{page}"),
        ]))
    let literal = try #require(try router.explain("https://chat.example/#/rooms/x"))
    #expect(literal.route == "room")
    #expect(literal.code == .expectedLiteral)
    #expect(literal.fragmentStart == 1)
    #expect(literal.path == ["#", "rooms", "x"])
    #expect(literal.description.contains("fragment segment 1 \"rooms\""))
    let typed = try #require(try router.explain("https://chat.example/#/n/x"))
    #expect(typed.code == .expectedType)
    #expect(typed.description.contains("fragment segment 2 \"x\""))
    let short = try #require(try router.explain("https://chat.example/#/room"))
    #expect(short.code == .tooFewSegments)
    #expect(short.description.contains("the link's fragment ends after 1 segment"))
    // A link without a fragment path is explained by the path's routes.
    let plain = try #require(try router.explain("https://chat.example/docs"))
    #expect(plain.route == "docs")
    #expect(plain.fragmentStart == nil)
    #expect(!plain.description.contains("fragment"))
  }

  @Test func duplicatesAreRefusedAndPathsDiffer() throws {
    #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"],
          routes: [RouteDefinition("a", "/#/room/{id}"), RouteDefinition("b", "/#/room/{room}")]))
    }
    // The same pieces on either side of the `#` are different routes.
    let router = try Router(
      RouteTable(
        hosts: ["a.example"],
        routes: [
          RouteDefinition("path", "/room/{id}"), RouteDefinition("fragment", "/#/room/{id}"),
          RouteDefinition("split", "/room#/{id}"),
        ]))
    #expect(try router.match("https://a.example/room/1")?.route == "path")
    #expect(try router.match("https://a.example/#/room/1")?.route == "fragment")
    #expect(try router.match("https://a.example/room#/1")?.route == "split")
    // A path segment `%23` is not the fragment's start.
    #expect(try router.match("https://a.example/%23/room/1") == nil)
  }

  @Test func badPatternsNameTheFragment() throws {
    Fixtures.expectRefused("/#", code: .emptyFragment)
    Fixtures.expectRefused("/a#", code: .emptyFragment)
    // A fragment without its leading `/` is read from its first segment (`/#narrow/{rest*}`).
    #expect(Fixtures.refusal(of: "/#room") == nil)
    Fixtures.expectRefused("/#/a#b", code: .secondFragment)
    Fixtures.expectRefused("/#/a?x=#", code: .secondFragment)
    Fixtures.expectRefused("/?a={a}#/x", code: .queryBeforeFragment)
    Fixtures.expectRefused("/#/a//b", code: .emptySegment)
    Fixtures.expectRefused("/{a*}#/{b*}", code: .secondCatchAll)
    Fixtures.expectRefused("/{a?}#/x", code: .optionalPathParameter)
    Fixtures.expectRefused("/{a}#/{a}", code: .duplicateParameterName)
    let error = try #require(Fixtures.refusal(of: "/#/room/{id}#x"))
    #expect(error.offset == 12)
    #expect(error.description.contains("a second '#'"))
    // `/#/` reads the root of the fragment; `%23` in a literal is a `#` character.
    #expect(try RoutePattern("/#/").segments == [.fragment])
    #expect(try RoutePattern("/a%23b").segments == [.literal("a#b")])
    #expect(try RoutePattern("/x/#/room/{id}").fragmentSegments.count == 2)
  }

  @Test func aNestedHashRoutedLinkIsRoutedByItsFragment() throws {
    let router = try Router(
      RouteTable(
        hosts: ["chat.example", "go.example"],
        routes: [
          RouteDefinition("home", "/"),
          RouteDefinition("room", "/#/room/{room}"),
          RouteDefinition("open", "/open?link={target:link}", follow: "target"),
        ]))
    let nested = "https://chat.example/#/room/!r:example.org"
    let encoded = PercentCoding.encodeQueryComponent(nested)
    let match = try #require(try router.match("https://go.example/open?link=\(encoded)"))
    #expect(match.route == "room")
    #expect(match.parameters.string("room") == "!r:example.org")
    #expect(match.followed.map(\.route) == ["open"])
  }

  /// Fuzz finding `Fuzz/Regressions/pattern-canonical-fragment`: a pattern whose fragment is the root
  /// (`#/`) reads back from its canonical text, the fragment after the path.
  @Test func aRootFragmentPatternReadsBack() throws {
    let pattern = try RoutePattern("/a/)+o#/")
    #expect(pattern.segments == [.literal("a"), .literal(")+o"), .fragment])
    #expect(try RoutePattern("/a/%29%2Bo#/").segments == pattern.segments)
    #expect(throws: RoutePatternError.self) { try RoutePattern("/a/%29%2Bo/#") }
  }

  /// Fuzz finding `Fuzz/Regressions/router-fragment-route-builds-its-own-fragment`: a match of a
  /// fragment route builds back from its values alone, the fragment written as its path.
  @Test func aFragmentMatchBuildsBackFromItsValues() throws {
    let router = try Router(
      RouteTable(
        schemes: ["shop"],
        routes: [RouteDefinition("roomEvent", "/#/room/{room}/{event+}"), RouteDefinition("root", "/")]))
    let match = try #require(try router.match("shop:#/room/r1/abc//x/abc"))
    #expect(match.route == "roomEvent")
    let rebuilt = try router.urlString(for: match.route, match.parameters, query: match.query)
    #expect(rebuilt == "shop://#/room/r1/abc/x/abc")
    #expect(try router.match(rebuilt)?.parameters.dictionary == match.parameters.dictionary)
  }
}
