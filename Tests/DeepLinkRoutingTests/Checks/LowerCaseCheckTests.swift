import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Text compared and delivered in lower case: a browser whose settings links come in mixed case
/// (`/settings/NewTab`) opens its `settings` route with `newtab`, through `{section:string(lower)}` or,
/// for a fixed set of words, `{section:(newtab|general)(lower)}`.
@Suite("Checks on a value: lower case")
struct LowerCaseCheckTests {
  static let table = RouteTable(
    schemes: ["browser"], hosts: ["example.com"],
    routes: [
      RouteDefinition("settings", "/settings/{section:(newtab|general)(lower)}"),
      RouteDefinition("otherSettings", "/settings/{page}"),
      RouteDefinition("tag", "/tags/{tag:string(lower)}"),
      RouteDefinition("search", "/search?sort={order:(asc|desc)(lower)?}&q={q:string(lower)}"),
    ])

  static let router = Result { try Router(table) }

  static func match(_ link: String) throws -> RouteMatch? { try router.get().match(link) }

  @Test(arguments: [
    ("https://example.com/settings/NewTab", "settings", "section", "newtab"),
    ("https://example.com/settings/newtab", "settings", "section", "newtab"),
    ("https://example.com/settings/GENERAL", "settings", "section", "general"),
    // The link's percent-decoded text is compared: %54 is T.
    ("https://example.com/settings/New%54ab", "settings", "section", "newtab"),
    ("browser://settings/NEWTAB", "settings", "section", "newtab"),
    // A word that is none of the set, in any case, falls to the next route, as written.
    ("https://example.com/settings/Privacy", "otherSettings", "page", "Privacy"),
    // Only ASCII letters are lower-cased; other characters are kept as the link writes them.
    ("https://example.com/tags/Swift%20%C3%89T%C3%89", "tag", "tag", "swift ÉtÉ"),
    ("https://example.com/search?q=Caf%C3%A9&sort=DESC", "search", "order", "desc"),
    ("https://example.com/search?q=Caf%C3%A9&sort=DESC", "search", "q", "café"),
  ])
  func aMixedCaseValueIsComparedAndDeliveredInLowerCase(
    _ link: String, _ route: String, _ name: String, _ value: String
  ) throws {
    let match = try #require(try Self.match(link), "\(link)")
    #expect(match.route == route, "\(link)")
    #expect(match.parameters[name] == .string(value), "\(link)")
    var reversed = Self.table
    reversed.routes.reverse()
    #expect(try Router(reversed).match(link)?.route == route, "\(link), table reversed")
  }

  @Test func aValueTheCheckRefusesFallsThroughOrMatchesNothing() throws {
    #expect(try Self.match("https://example.com/search?q=x&sort=Up") == nil)
    #expect(try Self.match("https://example.com/search?q=x")?.parameters["order"] == nil)
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [RouteDefinition("settings", "/settings/{section:(newtab|general)(lower)}")]))
    #expect(try router.match("https://example.com/settings/Privacy") == nil)
    let miss = try #require(try router.explain("https://example.com/settings/Privacy"))
    #expect(miss.code == .expectedKind)
    #expect(
      miss.description
        == "route 'settings': segment 2 \"Privacy\" is not one of (newtab|general) in any case ({section:(newtab|general)(lower)}): in lower case it is 'privacy', none of the words"
    )
  }

  @Test func buildingWritesTheLowerFormAndReadsItBack() throws {
    let router = try Self.router.get()
    let settings = try router.urlString(for: "settings", ["section": .string("NewTab")])
    #expect(settings == "https://example.com/settings/newtab")
    #expect(try router.match(settings)?.parameters["section"] == .string("newtab"))
    let tag = try router.urlString(for: "tag", ["tag": .string("Swift UI")])
    #expect(tag == "https://example.com/tags/swift%20ui")
    #expect(try router.match(tag)?.parameters["tag"] == .string("swift ui"))
    let search = try router.urlString(for: "search", ["q": .string("ABC"), "order": .string("Asc")])
    #expect(search == "https://example.com/search?sort=asc&q=abc")
    let refused = #expect(throws: URLBuildError.self) {
      try router.urlString(for: "settings", ["section": .string("Privacy")])
    }
    #expect(refused?.code == .notOfKind)
    #expect(refused?.parameter == "section")
    #expect(refused?.description.contains("in lower case it is 'privacy', none of the words") == true)
  }

  enum Section: String, Codable, Hashable, Sendable {
    case newtab, general
  }

  enum Screen: Codable, Hashable, Sendable {
    case settings(section: Section)
    case tag(tag: String)
  }

  @Test func aTypedDestinationReadsTheLowerCaseValue() throws {
    let router = try DestinationRouter<Screen>(
      table: RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("settings", "/settings/{section:(newtab|general)(lower)}"),
          RouteDefinition("tag", "/tags/{tag:string(lower)}"),
        ]))
    #expect(try router.destination(for: "https://example.com/settings/NewTab") == .settings(section: .newtab))
    #expect(try router.destination(for: "https://example.com/tags/SwiftUI") == .tag(tag: "swiftui"))
    #expect(try router.destination(for: "https://example.com/settings/Privacy") == nil)
    #expect(
      try router.url(for: Screen.tag(tag: "SwiftUI")).absoluteString == "https://example.com/tags/swiftui")
    #expect(
      try router.url(for: Screen.settings(section: .general)).absoluteString
        == "https://example.com/settings/general")
  }

  @Test func checksInLowerCaseThatShareAValueAreDuplicates() throws {
    func build(_ patterns: [String]) throws {
      _ = try Router(
        RouteTable(
          hosts: ["example.com"],
          routes: patterns.enumerated().map { RouteDefinition("r\($0.offset)", $0.element) }))
    }
    let text = #expect(throws: RouteTableError.self) {
      try build(["/s/{a:string(lower)}", "/s/{b:string(lower)}"])
    }
    #expect(text?.code == .ambiguous)
    let words = #expect(throws: RouteTableError.self) {
      try build(["/s/{a:(newtab|general)(lower)}", "/s/{b:(general|privacy)(lower)}"])
    }
    #expect(words?.code == .ambiguous)
    #expect(words?.description.contains("(such as 'general')") == true)
    // In lower case or as written, a set or any text: each is its own piece, and the rank decides.
    try build([
      "/s/{a:string(lower)}", "/s/{b}", "/s/{c:(newtab|general)(lower)}", "/s/{d:(newtab|general)}",
      "/s/{e:(privacy)(lower)}",
    ])
    let router = try Router(
      RouteTable(
        hosts: ["example.com"],
        routes: [
          RouteDefinition("any", "/s/{a:string(lower)}"),
          RouteDefinition("words", "/s/{c:(newtab|general)(lower)}"),
          RouteDefinition("exact", "/s/{d:(newtab|general)}"),
        ]))
    #expect(try router.match("https://example.com/s/newtab")?.route == "exact")
    #expect(try router.match("https://example.com/s/NewTab")?.route == "words")
    #expect(try router.match("https://example.com/s/About")?.parameters["a"] == .string("about"))
  }

  @Test(arguments: [
    ("/s/{section:(newtab|General)(lower)}", 20, "the word 'General' holds the capital 'G'"),
    ("/s?o={o:(asc|DESC)(lower)?}", 13, "write it 'desc'"),
    ("/s/{section:(newtab|general)(upper)}", 29, "a value set takes the check (lower), got (upper)"),
    ("/s/{section:(newtab|general)(lower}", 28, "the check after the value set has no ')'"),
  ])
  func aSetThatCanNeverMatchIsRefused(_ pattern: String, _ offset: Int, _ why: String) throws {
    let error = #expect(throws: RoutePatternError.self) { try RoutePattern(pattern) }
    #expect(error?.offset == offset, "\(pattern): \(error?.description ?? "")")
    #expect(error?.description.contains(why) == true, "\(pattern): \(error?.description ?? "")")
  }

  @Test func aRouteFileNamesTheLineAndColumnOfAnUpperCaseWord() throws {
    let json = """
      {"hosts": ["example.com"],
       "routes": [
         {"name": "settings", "pattern": "/settings/{section:(newtab|NewWindow)(lower)}"}]}
      """
    let table = try RouteTable(json: Data(json.utf8))
    let error = #expect(throws: RouteTableError.self) { try Router(table) }
    let located = RouteTable.locatingPattern(try #require(error), inJSON: Data(json.utf8))
    #expect(located.code == .invalidPattern)
    #expect(located.patternError?.code == .invalidCheck)
    #expect(located.route == "settings")
    #expect(located.line == 3)
    // The pattern's text starts at column 37; the word 'NewWindow' at character 27 of it.
    #expect(located.column == 37 + 27)
    #expect(located.description.contains("the word 'NewWindow' holds the capital 'N'"))
  }
}
