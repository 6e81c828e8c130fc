import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Hosts written in Unicode (`chat.example.भारत`): one host with its ASCII spelling
/// (`chat.example.xn--h2brj9c`, as browsers send it), in the table and in links, whichever spelling
/// each uses; built links carry the ASCII form; hosts with no ASCII form are refused with where and why.
@Suite("Unicode hosts")
struct UnicodeHostTests {
  static let unicodeHost = "chat.example.भारत"
  static let asciiHost = "chat.example.xn--h2brj9c"

  static func table(hosts: [String], routeHosts: [String]? = nil) -> RouteTable {
    RouteTable(
      schemes: ["chat"], hosts: hosts,
      routes: [
        RouteDefinition("room", "/room/{id}", hosts: routeHosts),
        RouteDefinition("home", "/"),
      ])
  }

  @Test(arguments: [unicodeHost, asciiHost, "Chat.Example.XN--H2BRJ9C", "CHAT.EXAMPLE.भारत"])
  func aTableInEitherSpellingReadsLinksInEither(_ written: String) throws {
    let router = try Router(Self.table(hosts: [written]))
    #expect(router.table.hosts == [written.utf8.contains { $0 >= 0x80 } ? Self.asciiHost : written])
    for link in [
      "https://chat.example.भारत/room/42", "https://chat.example.xn--h2brj9c/room/42",
      "https://CHAT.example.XN--H2BRJ9C/room/42",
      // Percent-encoded UTF-8, as some clients write a Unicode host.
      "https://chat.example.%E0%A4%AD%E0%A4%BE%E0%A4%B0%E0%A4%A4/room/42",
    ] {
      let match = try #require(try router.match(link), "\(link)")
      #expect(match.route == "room")
      #expect(match.parameters.string("id") == "42")
      #expect(match.origin == .universalLink(host: Self.asciiHost), "\(link)")
    }
    #expect(try router.match("https://chat.example.भारत:443/room/1")?.route == "room")
    #expect(try router.match("https://chat.example.भारत")?.route == "home")
  }

  @Test func foundationsURLFormIsRead() throws {
    // What `URL` and browsers give for the Unicode host: its ASCII form.
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    let url = try #require(URL(string: "https://chat.example.xn--h2brj9c/room/7"))
    #expect(try router.match(url)?.parameters.string("id") == "7")
  }

  @Test func mappingFollowsBrowsers() throws {
    let router = try Router(Self.table(hosts: ["bücher.example", "münchen.example"]))
    #expect(router.table.hosts == ["xn--bcher-kva.example", "xn--mnchen-3ya.example"])
    // Upper case, full-width letters and the ideographic full stop map as browsers map them.
    #expect(
      try router.match("https://BÜCHER.example/room/1")?.origin
        == .universalLink(host: "xn--bcher-kva.example"))
    #expect(try router.match("https://ｂüｃｈｅｒ。example/room/1")?.route == "room")
    // Decomposed `u` + U+0308 is `ü` composed.
    #expect(try router.match("https://bu\u{0308}cher.example/room/1")?.route == "room")
    #expect(try router.match("https://xn--mnchen-3ya.example/room/1")?.route == "room")
  }

  @Test func unlistedUnicodeHostsAreUnknownInTheirASCIIForm() throws {
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    let error = try #require(throws: LinkError.self) { try router.match("https://chat.example.中国/room/1") }
    #expect(error.code == .unknownHost)
    #expect(error.host == "chat.example.xn--fiqs8s")
    // `xn--` that only looks like the listed host is not it.
    #expect(throws: LinkError.self) { try router.match("https://chat.example.xn--h2brj9d/room/1") }
  }

  @Test(arguments: [
    ("https://chat.example.xn--zz/room/1", "'xn--zz' is not valid Punycode"),
    ("https://chat.example.xn--abc-/room/1", "'xn--abc-' is not valid Punycode"),
    ("https://chat.example.XN--H2BRJ9C-/room/1", "not valid Punycode"),
    ("https://chat..example/room/1", "a label is empty"),
    ("https://chat.exa\u{200B}mple/room/1", "U+200B cannot be in a host name"),
    ("https://chat.example.\u{0301}abc/room/1", "starts with a combining mark"),
    ("https://chat.ex%20ample/room/1", "a percent escape in a host stands only for a byte beyond ASCII"),
    ("https://chat.ex%E0%A4/room/1", "its escapes are not UTF-8"),
    ("https://chat.ex%C2%85ample/room/1", "U+0085 cannot be in a host name"),
  ])
  func aHostWithNoASCIIFormIsAnInvalidHost(_ link: String, _ problem: String) throws {
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    let error = try #require(throws: LinkError.self) { try router.match(link) }
    #expect(error.code == .invalidHost, "\(error)")
    #expect(error.description.contains(problem), "\(error)")
  }

  @Test func aLabelOver63BytesInASCIIIsRefused() throws {
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    // 62 bytes of UTF-8, 68 in its ASCII form.
    let label = String(repeating: "b", count: 60) + "ü"
    let error = try #require(throws: LinkError.self) { try router.match("https://\(label).example/room/1") }
    #expect(error.code == .invalidHost)
    #expect(error.description.contains("is 68 bytes in ASCII (at most 63)"), "\(error)")
  }

  @Test func routeScopesCompareHostsInEitherSpelling() throws {
    let table = RouteTable(
      hosts: [Self.unicodeHost, "other.example"],
      hostGroups: ["chat": [Self.asciiHost]],
      routes: [
        RouteDefinition("room", "/room/{id}", hosts: [Self.asciiHost]),
        RouteDefinition("page", "/page/{id}", hosts: ["@chat"]),
        RouteDefinition("other", "/room/{id}", hosts: ["other.example"]),
      ])
    let router = try Router(table)
    #expect(router.table.routes[0].hosts == [Self.asciiHost])
    #expect(try router.match("https://chat.example.भारत/room/1")?.route == "room")
    #expect(try router.match("https://chat.example.भारत/page/1")?.route == "page")
    #expect(try router.match("https://other.example/room/1")?.route == "other")
    // One host written twice in two spellings is one host written twice.
    let twice = RouteTable(
      hosts: [Self.unicodeHost],
      routes: [RouteDefinition("room", "/room/{id}", hosts: [Self.unicodeHost, Self.asciiHost])])
    let error = try #require(throws: RouteTableError.self) { try Router(twice) }
    #expect(error.code == .invalidScope)
  }

  @Test func wildcardsAndPortsKeepTheirPlace() throws {
    let router = try Router(
      RouteTable(hosts: ["*.भारत", "bücher.example:8443"], routes: [RouteDefinition("room", "/room/{id}")]))
    #expect(router.table.hosts == ["*.xn--h2brj9c", "xn--bcher-kva.example:8443"])
    #expect(
      try router.match("https://chat.example.भारत/room/1")?.origin == .universalLink(host: Self.asciiHost))
    #expect(
      try router.match("https://bücher.example:8443/room/1")?.origin
        == .universalLink(host: "xn--bcher-kva.example:8443"))
    #expect(throws: LinkError.self) { try router.match("https://भारत/room/1") }
  }

  @Test func linksAreBuiltWithTheASCIIForm() throws {
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    #expect(try router.urlString(for: "room", ["id": .string("42")]) == "https://\(Self.asciiHost)/room/42")
    #expect(
      try router.urlString(for: "room", ["id": .string("42")], form: .host("CHAT.example.भारत"))
        == "https://\(Self.asciiHost)/room/42")
    let error = try #require(throws: URLBuildError.self) {
      try router.urlString(for: "room", ["id": .string("1")], form: .host("chat.example.xn--zz"))
    }
    #expect(error.description.contains("not in the route table"), "\(error)")
    let built = try router.url(for: "room", ["id": .string("9")])
    #expect(built.host == Self.asciiHost)
  }

  @Test func aNearMissOnAUnicodeHostIsExplainedAsOnItsASCIIForm() throws {
    let router = try Router(
      RouteTable(
        hosts: [Self.unicodeHost, "other.example"],
        routes: [
          RouteDefinition("room", "/room/{id}", hosts: [Self.asciiHost]),
          RouteDefinition("page", "/page/{id}", hosts: ["other.example"]),
        ]))
    let miss = try #require(try router.explain("https://chat.example.भारत/rooms/1"))
    #expect(miss.route == "room")
    #expect(miss.found == "rooms")
    // The scope compares the link's host in its ASCII form: out of scope on the other host.
    let outOfScope = try #require(try router.explain("https://CHAT.example.भारत/page/1"))
    #expect(outOfScope.route == "page")
    #expect(outOfScope.code == .outOfScope, "\(outOfScope)")
  }

  @Test func listsAnOriginInEitherSpelling() throws {
    let router = try Router(Self.table(hosts: [Self.unicodeHost]))
    #expect(router.lists(.universalLink(host: Self.unicodeHost)))
    #expect(router.lists(.universalLink(host: Self.asciiHost)))
    #expect(!router.lists(.universalLink(host: "chat.example.中国")))
    #expect(!router.lists(.universalLink(host: "chat.example.xn--zz")))
  }

  @Test func aCustomSchemeCarriesAUnicodeHost() throws {
    let router = try Router(
      RouteTable(
        schemes: ["chat"], hosts: [Self.unicodeHost], options: .init(listedHostInCustomScheme: true),
        routes: [RouteDefinition("room", "/room/{id}", hosts: [Self.unicodeHost])]))
    #expect(try router.match("chat://chat.example.भारत/room/1")?.route == "room")
    #expect(try router.match("chat://chat.example.xn--h2brj9c/room/1")?.route == "room")
    #expect(
      try router.urlString(for: "room", ["id": .string("1")], form: .customScheme)
        == "chat://\(Self.asciiHost)/room/1")
  }

  @Test(arguments: [
    ("chat.example.xn--zz", "'xn--zz' is not valid Punycode"),
    (String(repeating: "a", count: 64) + ".example", "is 64 bytes in ASCII (at most 63)"),
    (
      Array(repeating: String(repeating: "a", count: 63), count: 4).joined(separator: "."),
      "the host is 255 bytes in ASCII (at most 253)"
    ),
    ("chat.exa mple", "U+0020 cannot be in a host name"),
    ("chat.example.\u{E000}", "U+E000 cannot be in a host name"),
    ("chat..example", "a label is empty"),
    ("chat.example.xn--H2BRJ9C", ""),
  ])
  func aTableHostWithNoASCIIFormIsRefusedWithWhy(_ host: String, _ problem: String) throws {
    let table = Self.table(hosts: ["a.example", host])
    if problem.isEmpty {
      // Upper-case Punycode is the same host.
      #expect(try Router(table).table.hosts[1] == host)
      return
    }
    let error = try #require(throws: RouteTableError.self) { try Router(table) }
    #expect(error.code == .invalidHost)
    #expect(error.location == "hosts[1]")
    #expect(error.detail?.contains(problem) == true, "\(error)")
  }

  @Test func aRouteFileSaysWhereTheBadHostIs() throws {
    let json = """
      {"schemes": ["chat"],
       "hosts": ["chat.example.भारत",
                 "chat.example.xn--zz"],
       "routes": [{"name": "room", "pattern": "/room/{id}"}]}
      """
    let error = try #require(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
    #expect(error.code == .invalidHost)
    #expect(error.line == 3)
    #expect(error.column == 12)
    #expect(error.description.contains("'xn--zz' is not valid Punycode"), "\(error)")
  }

  /// A table that lists one host twice, in any spelling, is refused where the second entry is: every
  /// route would answer the host twice, and a file edited in one spelling would keep the other.
  @Test(arguments: [
    (unicodeHost, asciiHost), (asciiHost, unicodeHost), (asciiHost, "Chat.Example.XN--H2BRJ9C"),
    ("*.भारत", "*.xn--h2brj9c"), ("bücher.example:8443", "xn--bcher-kva.example:08443"),
    ("a.example", "A.example"),
  ])
  func aHostListedInTwoSpellingsIsRefused(_ first: String, _ second: String) throws {
    let table = Self.table(hosts: [first, "other.example", second])
    let error = try #require(throws: RouteTableError.self) { try Router(table) }
    #expect(error.code == .invalidHost)
    #expect(error.location == "hosts[2]")
    #expect(error.host == second)
    #expect(
      error.description.contains("is listed twice: the table lists it already, at hosts[0]"), "\(error)")
  }

  @Test func theRefusalNamesBothSpellingsAndTheOneForm() throws {
    let error = try #require(throws: RouteTableError.self) {
      try Router(Self.table(hosts: [Self.unicodeHost, Self.asciiHost]))
    }
    #expect(
      error.description.contains(
        "host 'chat.example.xn--h2brj9c' is listed twice: the table lists it already, at hosts[0] "
          + "('chat.example.भारत' and this entry are both chat.example.xn--h2brj9c); list each host once"),
      "\(error)")
  }

  @Test func aRouteFileSaysWhereTheSecondSpellingIs() throws {
    let json = """
      {"schemes": ["chat"],
       "hosts": ["chat.example.भारत", "other.example",
                 "chat.example.xn--h2brj9c"],
       "routes": [{"name": "room", "pattern": "/room/{id}"}]}
      """
    let error = try #require(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
    #expect(error.code == .invalidHost)
    #expect(error.location == "hosts[2]")
    #expect(error.line == 3)
    #expect(error.column == 12)
  }

  /// Ports and wildcards make different entries: the same name on two ports, or with and without `*.`,
  /// stands side by side.
  @Test func aHostOnAnotherPortOrUnderAWildcardIsAnotherEntry() throws {
    let router = try Router(
      Self.table(hosts: [Self.unicodeHost, "\(Self.asciiHost):8443", "*.\(Self.asciiHost)"]))
    #expect(router.table.hosts == [Self.asciiHost, "\(Self.asciiHost):8443", "*.\(Self.asciiHost)"])
    #expect(try router.match("https://chat.example.भारत:8443/room/1")?.route == "room")
  }

  @Test func aRouteFileInUnicodeReadsAndBuilds() throws {
    let json = """
      {"hosts": ["chat.example.भारत"], "routes": [{"name": "room", "pattern": "/room/{id}",
       "hosts": ["chat.example.xn--h2brj9c"]}]}
      """
    let router = try Router(try RouteTable(json: Data(json.utf8)))
    #expect(try router.match("https://chat.example.भारत/room/5")?.route == "room")
  }

  @Test func anASCIIHostStaysAsWritten() throws {
    let router = try Router(Self.table(hosts: ["Shop.Example", "*.cdn.example:8443"]))
    #expect(router.table.hosts == ["Shop.Example", "*.cdn.example:8443"])
  }

  @Test(arguments: [
    ("chat.example.xn--h2brj9c", "chat.example.भारत"), ("xn--bcher-kva.example", "bücher.example"),
    ("plain.example", "plain.example"), ("xn--zz.example", "xn--zz.example"),
  ])
  func theUnicodeFormIsForPeople(_ ascii: String, _ unicode: String) {
    #expect(HostName.unicode(ascii) == unicode)
  }
}
