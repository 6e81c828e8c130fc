import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:address}` as a self-hosted team-chat app meets it: its links carry the user's own server
/// (`teamchat://localhost:8065/team/channels/town`), which the destination receives as a value, and
/// the usual path routes after it. A port stays refused wherever no route takes an address.
@Suite("Server addresses in custom-scheme links")
struct AddressTypeTests {
  static let table = RouteTable(
    schemes: ["teamchat"], hosts: ["chat.example.org"],
    routes: [
      RouteDefinition("channel", "/{server:address}/{team}/channels/{channel}"),
      RouteDefinition("message", "/{server:address}/{team}/pl/{post}"),
      RouteDefinition("settings", "/settings"),
      RouteDefinition("anyTeam", "/{team}/channels/{channel}"),
    ])

  static func match(_ link: String) throws -> RouteMatch? {
    try Router(table).match(link)
  }

  @Test(arguments: [
    ("teamchat://localhost:8065/team/channels/town", "localhost:8065"),
    ("teamchat://chat.example.org:8443/team/channels/town", "chat.example.org:8443"),
    ("teamchat://10.0.0.5/team/channels/town", "10.0.0.5"),
    ("teamchat://10.0.0.5:65535/team/channels/town", "10.0.0.5:65535"),
    ("teamchat://[::1]:8065/team/channels/town", "[::1]:8065"),
    ("teamchat://[2001:DB8::7]/team/channels/town", "[2001:db8::7]"),
    ("teamchat://[::ffff:10.0.0.5]:1/team/channels/town", "[::ffff:10.0.0.5]:1"),
    ("teamchat://Chat.Example.ORG:8443/team/channels/town", "chat.example.org:8443"),
  ])
  func anAddressInTheAuthorityIsTheDestinationsValue(_ link: String, _ address: String) throws {
    let match = try #require(try Self.match(link))
    #expect(match.route == "channel")
    #expect(match.parameters["server"] == .string(address))
    #expect(match.parameters["team"] == .string("team"))
    #expect(match.parameters["channel"] == .string("town"))
  }

  @Test func theUsualPathRoutesAfterTheAddress() throws {
    let match = try #require(try Self.match("teamchat://localhost:8065/team/pl/abc123"))
    #expect(match.route == "message")
    #expect(match.parameters["post"] == .string("abc123"))
    // Without a port, an address ranks before a plain value: the same link shape reads the address.
    #expect(try Self.match("teamchat://localhost/team/channels/town")?.route == "channel")
    // A first segment that is no address still reaches the plain route.
    #expect(try Self.match("teamchat://my_team/channels/town")?.route == "anyTeam")
    #expect(try Self.match("teamchat://settings")?.route == "settings")
  }

  @Test(arguments: [
    "teamchat://localhost:0/team/channels/town",  // port 0
    "teamchat://localhost:70000/team/channels/town",  // beyond 65535
    "teamchat://localhost:08065/team/channels/town",  // a leading zero
    "teamchat://localhost:/team/channels/town",  // `host:` with no port
    "teamchat://localhost:80a/team/channels/town",
    "teamchat://::1/team/channels/town",  // IPv6 without brackets
    "teamchat://[::1/team/channels/town",
    "teamchat://[::1]x/team/channels/town",
    "teamchat://[1:2:3:4:5:6:7:8:9]/team/channels/town",
    "teamchat://[fe80::1%25eth0]/team/channels/town",
    "teamchat://10.0.0.256:80/team/channels/town",
    "teamchat://-host:80/team/channels/town",
  ])
  func aBadAddressIsNoMatch(_ link: String) throws {
    #expect(try Self.match(link) == nil)
  }

  @Test func userInformationStaysRefused() throws {
    for link in ["teamchat://a@host:1/team/channels/town", "teamchat://a:secret@host/team/channels/town"] {
      #expect(throws: LinkError.self) { try Self.match(link) }
      do {
        _ = try Self.match(link)
      } catch let error as LinkError {
        #expect(error.code == .userInfoNotAllowed)
      }
    }
  }

  @Test func aPortOnARouteThatTakesNoneOpensNothing() throws {
    // `/settings` and `/{team}/channels/{channel}` take no address: a port never reaches them.
    #expect(try Self.match("teamchat://settings:80") == nil)
    #expect(try Self.match("teamchat://team:8065/channels/town") == nil)
    let miss = try #require(try Router(Self.table).explain("teamchat://team:8065/channels/town"))
    #expect(miss.route == "anyTeam")
    #expect(miss.code == .outOfScope)
    #expect(miss.found == "team:8065")
  }

  @Test func aTableWithoutAnAddressRouteRefusesEveryPortAsBefore() throws {
    let table = RouteTable(
      schemes: ["teamchat"], hosts: ["chat.example.org"],
      routes: [
        RouteDefinition("anyTeam", "/{team}/channels/{channel}"),
        RouteDefinition("web", "/{server}/x", hosts: ["chat.example.org"]),
      ])
    let router = try Router(table)
    for link in ["teamchat://localhost:8065/channels/town", "teamchat://chat.example.org:8443/channels/town"]
    {
      do {
        _ = try router.match(link)
        Issue.record("\(link) was read")
      } catch {
        #expect(error.code == .portNotAllowed)
      }
    }
  }

  @Test func anHTTPSLinkKeepsItsHostRules() throws {
    // A port on a web link is governed by the listed hosts, address routes or not.
    do {
      _ = try Self.match("https://chat.example.org:8443/team/channels/town")
      Issue.record("the port was read")
    } catch let error as LinkError {
      #expect(error.code == .portNotAllowed)
    }
    // In a web link's path, an address is a segment like another.
    let match = try #require(try Self.match("https://chat.example.org/localhost:8065/team/channels/town"))
    #expect(match.route == "channel")
    #expect(match.parameters["server"] == .string("localhost:8065"))
  }

  @Test func aBuiltLinkWritesTheAddressAsTheAuthorityAndReadsBack() throws {
    let router = try Router(Self.table)
    let values: RouteParameters = [
      "server": .string("LocalHost:8065"), "team": .string("team"), "channel": .string("town"),
    ]
    let link = try router.urlString(for: "channel", values, form: .customScheme)
    #expect(link == "teamchat://localhost:8065/team/channels/town")
    let ipv6 = try router.urlString(
      for: "channel", ["server": .string("[::1]:8065"), "team": .string("t"), "channel": .string("c")],
      form: .customScheme)
    #expect(ipv6 == "teamchat://[::1]:8065/t/channels/c")
    #expect(try router.match(ipv6)?.parameters["server"] == .string("[::1]:8065"))
    do {
      _ = try router.urlString(
        for: "channel", ["server": .string("host:0"), "team": .string("t"), "channel": .string("c")],
        form: .customScheme)
      Issue.record("a port 0 was written")
    } catch {
      #expect(error.code == .typeMismatch)
      #expect(error.description.contains("'server' must be an address, got 'host:0'"), "\(error)")
    }
    let web = try router.urlString(for: "channel", values, form: .universalLink)
    #expect(try router.match(web)?.parameters["server"] == .string("localhost:8065"))
  }

  @Test func aBadAddressIsExplained() throws {
    let table = RouteTable(
      schemes: ["teamchat"],
      routes: [RouteDefinition("channel", "/{server:address}/{team}/channels/{channel}")])
    let miss = try #require(try Router(table).explain("teamchat://localhost:70000/team/channels/town"))
    #expect(miss.route == "channel")
    #expect(miss.expected.contains("{server:address}"))
    #expect(miss.description.contains("is not an address"))
  }

  @Test func twoAddressRoutesOfOneShapeAreDuplicates() throws {
    let table = RouteTable(
      schemes: ["teamchat"],
      routes: [RouteDefinition("a", "/{server:address}/x"), RouteDefinition("b", "/{host:address}/x")])
    #expect(throws: RouteTableError.self) { try Router(table) }
    let distinct = RouteTable(
      schemes: ["teamchat"],
      routes: [RouteDefinition("a", "/{server:address}/x"), RouteDefinition("b", "/{host}/x")])
    let router = try Router(distinct)
    #expect(try router.match("teamchat://example.org/x")?.route == "a")
    #expect(try router.match("teamchat://not_a_host/x")?.route == "b")
  }

  enum Screen: Hashable, Sendable, Codable {
    case channel(server: String, team: String, channel: String)
    case message(server: String, team: String, post: String)
    case settings
    case anyTeam(team: String, channel: String)
  }

  @Test func aCodableDestinationReadsTheAddressAsTextAndWritesItBack() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    let screen = Screen.channel(server: "chat.example.org:8443", team: "team", channel: "town")
    #expect(try screens.destination(for: "teamchat://Chat.Example.org:8443/team/channels/town") == screen)
    #expect(
      screens.routeValues(for: screen)
        == RouteValues(
          "channel",
          ["server": .string("chat.example.org:8443"), "team": .string("team"), "channel": .string("town")]))
  }

  @Test(arguments: [
    ("localhost", true), ("a.b-c.example", true), ("10.0.0.5:443", true), ("[::]", true),
    ("[1:2:3:4:5:6:7:8]:65535", true), ("[1::2:3:4:5:6:7:8]", false), ("42", false), ("1.5", false),
    ("true", true), ("example.", false), (".example", false), ("a..b", false), ("host:65536", false),
    ("h\u{E9}te", true), ("h\u{E9}_te", false), ("xn--bcher-kva.example:1", true), ("xn--zz.example", false),
    ("b\u{FC}cher.example:0", false), ("[\u{FC}]", false), ("a_b", false),
    (String(repeating: "a", count: 64), false),
    ("010.0.0.5", false), ("[:1]", false), ("[1:]", false), ("[::1::]", false),
  ])
  func theRuleOfAnAddress(_ text: String, _ fits: Bool) {
    #expect((ParameterType.address.value(from: text) != nil) == fits, "\(text)")
    #expect(ParameterType.address.accepts(text) == fits, "\(text)")
  }
}

extension AddressTypeTests {
  @Test func aRouteFileWithAnAmbiguousAddressNamesTheLineAndColumn() throws {
    let json = """
      {"schemes": ["teamchat"],
       "routes": [
         {"name": "channel", "pattern": "/{server:address}x/{team}"}]}
      """
    // As `deeplink` reports a route file's pattern error: at the pattern's place in the file.
    try Fixtures.expectRouteFileError(json, route: "channel", saying: "ambiguous", line: 3)
    // A server address and a separator it cannot hold: the template reads.
    let fine = RouteTable(
      schemes: ["teamchat"], routes: [RouteDefinition("at", "/{server:address}_{team}")])
    #expect(
      try Router(fine).match("teamchat:///localhost:8065_town")?.parameters["server"]
        == .string("localhost:8065"))
  }
}
