import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Fragment routes whose fragment does not start with `/` (`/#narrow/{rest*}`, `/#p/{phone}`,
/// `/redirect-connector.html#finish-signup?email={email}`), as the links of hash-routed apps write
/// them: the fragment's first segment is what precedes its first `/`; `#x` and `#/x` are different
/// links; values decode as in a fragment that starts with `/`; links build back as written; misses,
/// duplicates and bad patterns are reported.
@Suite("Fragment routes of any shape")
struct FragmentAnyShapeTests {
  static let table = RouteTable(
    schemes: ["chat"], hosts: ["chat.example", "msg.example", "vault.example"],
    routes: [
      RouteDefinition("home", "/"),
      RouteDefinition("narrow", "/#narrow/{pairs*}"),
      RouteDefinition("topic", "/#narrow/channel/{channel}/topic/{topic}"),
      RouteDefinition("phone", "/#p/{phone}"),
      RouteDefinition("signup", "/redirect-connector.html#finish-signup?email={email}&token={token}"),
      RouteDefinition("slashRoom", "/#/room/{room}"),
      RouteDefinition("bareRoom", "/#room/{room:int}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? {
    try router.get().match(link)
  }

  @Test func hashRoutedLinksOfEveryShapeRoute() throws {
    // A Zulip-style narrow: the specific route wins, the catch-all takes the rest.
    let topic = try #require(try Self.match("https://chat.example/#narrow/channel/42-general/topic/lunch"))
    #expect(topic.route == "topic")
    #expect(topic.parameters.string("channel") == "42-general")
    #expect(topic.parameters.string("topic") == "lunch")
    #expect(topic.fragment == "narrow/channel/42-general/topic/lunch")
    let pairs = try #require(try Self.match("https://chat.example/#narrow/channel/42-general/near/9"))
    #expect(pairs.route == "narrow")
    #expect(pairs.parameters["pairs"] == .segments(["channel", "42-general", "near", "9"]))
    #expect(try Self.match("https://chat.example/#narrow")?.parameters["pairs"] == .segments([]))
    // A phone number: `+` in the fragment's path is a plus.
    let phone = try #require(try Self.match("https://msg.example/#p/+15551234567"))
    #expect(phone.route == "phone")
    #expect(phone.parameters.string("phone") == "+15551234567")
    // A fragment with its own query, after a path of the page.
    let signup = try #require(
      try Self.match("https://vault.example/redirect-connector.html#finish-signup?email=a@b.example&token=t"))
    #expect(signup.route == "signup")
    #expect(signup.parameters.string("email") == "a@b.example")
    #expect(signup.parameters.string("token") == "t")
    // A custom-scheme link with an empty authority.
    #expect(try Self.match("chat://#p/+1555")?.route == "phone")
  }

  @Test func aFragmentWithAndWithoutItsSlashAreDifferentLinks() throws {
    // `/#/room/{room}` reads `#/room/x` only, `/#room/{room:int}` reads `#room/7` only.
    #expect(try Self.match("https://chat.example/#/room/x")?.route == "slashRoom")
    #expect(try Self.match("https://chat.example/#room/7")?.route == "bareRoom")
    #expect(try Self.match("https://chat.example/#/room/7")?.route == "slashRoom")
    #expect(try Self.match("https://chat.example/#room/x")?.route == "home")
    #expect(try Self.match("https://chat.example/#/narrow/channel/a/topic/b")?.route == "home")
    #expect(try Self.match("https://chat.example/#/p/1")?.route == "home")
    // The two are not duplicates of each other.
    #expect(throws: Never.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"],
          routes: [RouteDefinition("slash", "/#/room/{id}"), RouteDefinition("bare", "/#room/{id}")]))
    }
  }

  @Test func anEmptyFragmentOrNoneAtAll() throws {
    let router = try Router(
      RouteTable(
        hosts: ["a.example"],
        routes: [
          RouteDefinition("home", "/"), RouteDefinition("any", "/app#{rest*}"),
          RouteDefinition("token", "/t#?token={token}"), RouteDefinition("page", "/p#{page?}"),
        ]))
    // An empty fragment is a fragment without `/` and without segments; no fragment is not one.
    #expect(try router.match("https://a.example/app#")?.route == "any")
    #expect(try router.match("https://a.example/app#a/b")?.parameters["rest"] == .segments(["a", "b"]))
    #expect(try router.match("https://a.example/app") == nil)
    #expect(try router.match("https://a.example/app#/a") == nil)
    // A fragment that is only a query.
    #expect(try router.match("https://a.example/t#?token=abc")?.parameters.string("token") == "abc")
    #expect(try router.match("https://a.example/t#?other=1") == nil)
    #expect(try router.match("https://a.example/t?token=abc") == nil)
    // An optional fragment segment.
    #expect(try router.match("https://a.example/p#")?.route == "page")
    #expect(try router.match("https://a.example/p#intro")?.parameters.string("page") == "intro")
  }

  @Test func valuesDecodeAsInEveryFragment() throws {
    // `%2F` is a `/` inside one segment, `%3F` a `?`, a raw `#` text, empty segments dropped.
    let encoded = try #require(try Self.match("https://chat.example/#narrow/channel/a%2Fb/topic/what%3F"))
    #expect(encoded.route == "topic")
    #expect(encoded.parameters.string("channel") == "a/b")
    #expect(encoded.parameters.string("topic") == "what?")
    #expect(try Self.match("https://chat.example/#p/#1")?.parameters.string("phone") == "#1")
    #expect(try Self.match("https://chat.example/#narrow//channel//a/topic/b")?.route == "topic")
    // `+` in the fragment's query follows the table's option.
    let spaced = try #require(
      try Self.match("https://vault.example/redirect-connector.html#finish-signup?email=a+b&token=t"))
    #expect(spaced.parameters.string("email") == "a b")
    var options = RouteTable.Options()
    options.literalPlusInQuery = true
    let literal = try Router(
      RouteTable(
        hosts: ["vault.example"], options: options,
        routes: [RouteDefinition("signup", "/r.html#finish-signup?email={email}")]))
    #expect(
      try literal.match("https://vault.example/r.html#finish-signup?email=a+b@x.example")?.parameters
        .string("email") == "a+b@x.example")
    // A malformed escape is a typed error.
    #expect(throws: LinkError.self) { try Self.match("https://chat.example/#p/%ZZ") }
  }

  @Test func linksBuildBackAsWritten() throws {
    let router = try Self.router.get()
    #expect(
      try router.urlString(for: "topic", ["channel": .string("42-general"), "topic": .string("lunch")])
        == "https://chat.example/#narrow/channel/42-general/topic/lunch")
    #expect(try router.urlString(for: "narrow", ["pairs": .segments([])]) == "https://chat.example/#narrow")
    #expect(
      try router.urlString(for: "phone", ["phone": .string("+1555")]) == "https://chat.example/#p/+1555")
    // A value's `/` and `#` are escaped, so the link reads back the same value.
    let slashed = try router.urlString(for: "phone", ["phone": .string("/a#b")])
    #expect(slashed == "https://chat.example/#p/%2Fa%23b")
    #expect(try router.match(slashed)?.parameters.string("phone") == "/a#b")
    let signup = try router.urlString(
      for: "signup", ["email": .string("a@b.example"), "token": .string("t")])
    #expect(
      signup == "https://chat.example/redirect-connector.html#finish-signup?email=a%40b.example&token=t")
    #expect(try router.match(signup)?.route == "signup")
    #expect(try router.urlString(for: "bareRoom", ["room": .int(7)], form: .customScheme) == "chat://#room/7")
    // A fragment route takes no other fragment; a value that would read as another route is refused.
    #expect(throws: URLBuildError.self) {
      try router.urlString(for: "phone", ["phone": .string("1")], fragment: "x")
    }
    #expect(throws: URLBuildError.self) { try router.urlString(for: "bareRoom", ["room": .string("x")]) }
    let empty = try Router(RouteTable(hosts: ["a.example"], routes: [RouteDefinition("any", "/#{rest*}")]))
    #expect(try empty.urlString(for: "any", ["rest": .segments([])]) == "https://a.example/#")
  }

  @Test func aMissSaysHowTheFragmentStarts() throws {
    let router = try Router(
      RouteTable(
        hosts: ["a.example"],
        routes: [RouteDefinition("room", "/#/room/{room}"), RouteDefinition("phone", "/x#p/{phone:int}")]))
    // The link's fragment starts without `/` where the route's starts with one, and the other way.
    let slash = try #require(try router.explain("https://a.example/#room/1"))
    #expect(slash.route == "room")
    #expect(slash.description == "route 'room': segment 1 \"#\" is not '#/'")
    let bare = try #require(try router.explain("https://a.example/x#/p/1"))
    #expect(bare.route == "phone")
    #expect(bare.description == "route 'phone': segment 2 \"#/\" is not '#'")
    // Inside the fragment, segments are counted as the fragment's.
    let typed = try #require(try router.explain("https://a.example/x#p/one"))
    #expect(typed.code == .expectedType)
    #expect(typed.fragmentStart == 2)
    #expect(typed.description.contains("fragment segment 2 \"one\""))
    let short = try #require(try router.explain("https://a.example/x#p"))
    #expect(
      short.description.contains(
        "the link's fragment ends after 1 segment; the route goes on with {phone:int}"))
    // A link without a fragment: the route's `#` is named as it is written.
    let none = try #require(try router.explain("https://a.example/y"))
    #expect(!none.description.contains("\u{1}") && !none.description.contains("\u{2}"))
  }

  @Test func duplicatesAndBadPatternsAreRefused() throws {
    #expect(throws: RouteTableError.self) {
      try Router(
        RouteTable(
          hosts: ["a.example"],
          routes: [RouteDefinition("a", "/#narrow/{id}"), RouteDefinition("b", "/#narrow/{other}")]))
    }
    // A `#` with nothing after it reads nothing: refused, as before.
    Fixtures.expectRefused("/#", code: .emptyFragment)
    Fixtures.expectRefused("/page#", code: .emptyFragment)
    Fixtures.expectRefused("/#narrow#x", code: .secondFragment)
    Fixtures.expectRefused("/?a={a}#narrow", code: .queryBeforeFragment)
    Fixtures.expectRefused("/#narrow//x", code: .emptySegment)
    Fixtures.expectRefused("/{a*}#{b*}", code: .secondCatchAll)
    Fixtures.expectRefused("/#{a?}/x", code: .optionalPathParameter)
    Fixtures.expectRefused("/{a}#{a}", code: .duplicateParameterName)
    // What the pattern reads.
    let bare = try RoutePattern("/#narrow/{rest*}")
    #expect(bare.readsFragment && !bare.fragmentStartsWithSlash)
    #expect(bare.fragmentSegments == [.literal("narrow"), .zeroOrMore(name: "rest")])
    let slash = try RoutePattern("/#/narrow/{rest*}")
    #expect(slash.readsFragment && slash.fragmentStartsWithSlash)
    #expect(slash.segments == bare.segments)
    #expect(try RoutePattern("/t#?token={t}").fragmentSegments.isEmpty)
    #expect(!(try RoutePattern("/a/b").fragmentStartsWithSlash))
  }

  @Test func aBadFragmentPatternInARouteFileSaysWhere() throws {
    let json = """
      {"hosts": ["a.example"], "routes": [
        {"name": "narrow", "pattern": "/#narrow/{rest*}"},
        {"name": "bad", "pattern": "/page#"}
      ]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    do {
      _ = try Router(table)
      Issue.record("a pattern with an empty fragment was accepted")
    } catch {
      #expect(error.description.contains("route 'bad'"))
      #expect(error.description.contains("the fragment pattern after '#' is empty"))
    }
  }
}
