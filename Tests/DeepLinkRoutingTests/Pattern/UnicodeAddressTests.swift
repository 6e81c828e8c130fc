import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:address}` with a host name in Unicode: a self-hosted server at `bücher.example` is reached by
/// `teamchat://bücher.example:8443/...` or by its ASCII spelling `teamchat://xn--bcher-kva.example:8443/...`,
/// and the destination receives one value for both, the host's ASCII form, as DNS and the app's
/// network requests name it.
@Suite("Server addresses with a Unicode host")
struct UnicodeAddressTests {
  static let table = RouteTable(
    schemes: ["teamchat"],
    routes: [
      RouteDefinition("channel", "/{server:address}/{team}/channels/{channel}"),
      RouteDefinition("anyTeam", "/{team}/channels/{channel}"),
    ])

  @Test(arguments: [
    "teamchat://bücher.example:8443/team/channels/town",
    "teamchat://B%C3%BCcher.Example:8443/team/channels/town",
    "teamchat://BÜCHER.example:8443/team/channels/town",
    "teamchat://xn--bcher-kva.example:8443/team/channels/town",
    "teamchat://XN--BCHER-KVA.example:8443/team/channels/town",
  ])
  func eachSpellingGivesTheHostsASCIIForm(_ link: String) throws {
    let match = try #require(try Router(Self.table).match(link), "\(link)")
    #expect(match.route == "channel")
    #expect(match.parameters["server"] == .string("xn--bcher-kva.example:8443"), "\(link)")
  }

  @Test func aHostWithNoASCIIFormIsNoAddress() throws {
    let router = try Router(Self.table)
    // Not Punycode of a Unicode label, and a character no host name holds: the plain route reads them.
    #expect(try router.match("teamchat://xn--zz.example/channels/town")?.route == "anyTeam")
    #expect(try router.match("teamchat://b%C3%BC_cher.example/channels/town")?.route == "anyTeam")
    #expect(try router.match("teamchat://xn--zz.example/team/channels/town") == nil)
    let alone = try Router(RouteTable(schemes: ["teamchat"], routes: [Self.table.routes[0]]))
    let miss = try #require(try alone.explain("teamchat://xn--zz.example/team/channels/town"))
    #expect(miss.description.contains("\"xn--zz.example\" is not an address"), "\(miss)")
  }

  @Test func aBuiltLinkWritesTheASCIIFormAndReadsBack() throws {
    let router = try Router(Self.table)
    let link = try router.urlString(
      for: "channel",
      ["server": .string("Bücher.example:8443"), "team": .string("t"), "channel": .string("c")],
      form: .customScheme)
    #expect(link == "teamchat://xn--bcher-kva.example:8443/t/channels/c")
    #expect(try router.match(link)?.parameters["server"] == .string("xn--bcher-kva.example:8443"))
  }

  enum Screen: Hashable, Sendable, Codable {
    case channel(server: String, team: String, channel: String)
    case anyTeam(team: String, channel: String)
  }

  @Test func aCodableDestinationReadsTheASCIIForm() throws {
    let screens = try DestinationRouter<Screen>(table: Self.table)
    #expect(
      try screens.destination(for: "teamchat://bücher.example:8443/t/channels/c")
        == .channel(server: "xn--bcher-kva.example:8443", team: "t", channel: "c"))
  }
}
