import Foundation
import Testing

@testable import UniversalLinks

@Suite("AASA matcher rules")
struct AASAMatcherTests {
  @Test(
    "Path details: optional leading slash, slash runs, trailing slashes, parent of /*, empty path",
    arguments: [
      ("abc", "/abc", true), ("//abc", "/abc", true), ("/abc", "/abc", true),
      ("/buy", "/buy/", true), ("/buy/", "/buy", true), ("/buy", "/buy///", true),
      ("/buy/*", "/buy", true), ("/buy/*", "/buy/", true), ("/buy/*", "/buy/1/2", true),
      ("/buy/*", "/buyer", false), ("/a/*/c", "/a/c", false), ("/a/*/c", "/a/b/c", true),
      ("/", "", true), ("/", "/", true), ("/", "/x", false), ("*", "", true),
      ("/abc", "/ABC", false), ("/a?c", "/abc", true),
    ]
  )
  func pathDetails(pattern: String, path: String, expected: Bool) throws {
    #expect(try pathMatches(pattern, "https://example.com" + path) == expected)
  }

  @Test("percentEncoded true: compared as written, hex case matters, %2F is not a separator")
  func percentEncodedTrue() throws {
    #expect(try pathMatches("/a%20b", "/a%20b"))
    #expect(try !pathMatches("/a b", "/a%20b"))
    #expect(try !pathMatches("/caf%C3%A9", "/caf%c3%a9"))
    #expect(try !pathMatches("/a/b", "/a%2Fb"))
    #expect(try pathMatches("/a%2Fb", "/a%2Fb"))
  }

  @Test("percentEncoded false: the URL is decoded first, the pattern is not")
  func percentEncodedFalse() throws {
    #expect(try pathMatches("/a b", "/a%20b", percentEncoded: false))
    #expect(try pathMatches("/café/*", "/caf%C3%A9/menu", percentEncoded: false))
    #expect(try pathMatches("/a/b", "/a%2Fb", percentEncoded: false))
    #expect(try !pathMatches("/a%20b", "/a%20b", percentEncoded: false))
    let query = matcher([AASAComponent(query: .items(["q": "a&b"]), percentEncoded: false)])
    #expect(try query.match("/?q=a%26b").opensApp)
    #expect(try !query.match("/?q=a&b").opensApp)
  }

  @Test("caseSensitive false compares path, query and fragment ignoring case")
  func caseSensitivity() throws {
    #expect(try pathMatches("/Shop/*", "/shop/ITEM", caseSensitive: false))
    #expect(try !pathMatches("/Shop/*", "/shop/ITEM"))
    let rule = matcher([AASAComponent(query: .items(["Ref": "ABC"]), fragment: "Top", caseSensitive: false)])
    #expect(try rule.match("/?ref=abc#TOP").opensApp)
    #expect(try !matcher([AASAComponent(query: .items(["Ref": "ABC"]))]).match("/?ref=ABC").opensApp)
  }

  @Test(
    "Query as a string is the whole raw query; absent reads as empty",
    arguments: [
      ("/?a=1&b=2", true), ("/?b=2&a=1", false), ("/?a=1", false), ("/", false),
    ]
  )
  func wholeQuery(url: String, expected: Bool) throws {
    #expect(try matcher([AASAComponent(query: .whole("a=1&b=2"))]).match(url).opensApp == expected)
    #expect(try matcher([AASAComponent(query: .whole(""))]).match("/").opensApp)
    #expect(try matcher([AASAComponent(query: .whole("?*"))]).match("/?").opensApp == false)
  }

  @Test(
    "Query dictionary: unnamed items ignored, absent or valueless reads empty, every repeat must match",
    arguments: [
      ("/?id=7&x=y", ["id": "?"], true),
      ("/?x=y", ["id": "*"], true),
      ("/?x=y", ["id": "?*"], false),
      ("/?id", ["id": ""], true),
      ("/?id=", ["id": ""], true),
      ("/?id=1&id=2", ["id": "?"], true),
      ("/?id=1&id=22", ["id": "?"], false),
      ("/?id=22&id=1", ["id": "?"], false),
      ("/?a=1&&b=2", ["a": "1", "b": "2"], true),
      ("/?a=1=2", ["a": "1=2"], true),
    ]
  )
  func queryDictionary(url: String, items: [String: String], expected: Bool) throws {
    #expect(try matcher([AASAComponent(query: .items(items))]).match(url).opensApp == expected)
  }

  @Test("Fragment: absent reads as empty")
  func fragment() throws {
    #expect(try matcher([AASAComponent(fragment: "")]).match("/x").opensApp)
    #expect(try !matcher([AASAComponent(fragment: "?*")]).match("/x").opensApp)
    #expect(try matcher([AASAComponent(fragment: "?*")]).match("/x#top").opensApp)
  }

  @Test("An empty entry matches every URL; the first matching entry decides")
  func order() throws {
    let rules = matcher([
      AASAComponent(path: "/a/*", exclude: true), AASAComponent(), AASAComponent(path: "/a/*"),
    ])
    #expect(try rules.match("/a/b") == .blocked(appIDs: [testAppID], detailIndex: 0, ruleIndex: 0))
    #expect(try rules.match("/z") == .match(appIDs: [testAppID], detailIndex: 0, ruleIndex: 1))
  }

  @Test("Defaults: applinks.defaults < detail defaults < entry keys")
  func defaultsLayering() throws {
    let layered = try Fixture.matcher("defaults-layering")
    // Detail defaults make rule 0 case-sensitive again, over applinks.defaults.
    #expect(try layered.match("/Shop/x").name == "match")
    #expect(try layered.match("/shop/x").name == "none")
    // percentEncoded false from applinks.defaults still applies to the first detail.
    #expect(try layered.match("/caf%C3%A9/menu") == .match(appIDs: [testAppID], detailIndex: 0, ruleIndex: 1))
    // The entry's own key wins over both.
    #expect(try layered.match("/legal/terms") == .match(appIDs: [testAppID], detailIndex: 0, ruleIndex: 2))
    // The second detail only has applinks.defaults: case-insensitive.
    #expect(
      try layered.match("/news/today")
        == .match(appIDs: ["ABCDE12345.com.example.other"], detailIndex: 1, ruleIndex: 0)
    )
  }

  @Test("/ and exclude in defaults apply too")
  func pathAndExcludeInDefaults() throws {
    let onlyHelp = matcher(
      [AASAComponent(), AASAComponent(path: "/x")], defaults: AASAComponent(path: "/help/*"))
    #expect(try onlyHelp.match("/help/1").opensApp)
    #expect(try onlyHelp.match("/x") == .match(appIDs: [testAppID], detailIndex: 0, ruleIndex: 1))
    #expect(try onlyHelp.match("/other").name == "none")
    let excluding = matcher(
      [AASAComponent(path: "/private/*"), AASAComponent(path: "/*", exclude: false)],
      defaults: AASAComponent(exclude: true)
    )
    #expect(try excluding.match("/private/1").name == "blocked")
    #expect(try excluding.match("/public").name == "match")
  }

  @Test(
    "Predefined substitution variables match one ASCII character of their class",
    arguments: [
      ("alpha", "q", true), ("alpha", "Q", true), ("alpha", "1", false), ("alpha", "é", false),
      ("upper", "Q", true), ("upper", "q", false), ("lower", "q", true), ("lower", "Q", false),
      ("alnum", "7", true), ("alnum", "-", false), ("digit", "7", true), ("digit", "a", false),
      ("xdigit", "f", true), ("xdigit", "F", true), ("xdigit", "g", false), ("digit", "12", false),
    ]
  )
  func predefinedClasses(name: String, text: String, expected: Bool) throws {
    #expect(try matcher([AASAComponent(path: "/v/$(\(name))")]).match("/v/\(text)").opensApp == expected)
  }

  @Test("$(region) and $(lang) hold the full ISO lists")
  func isoLists() throws {
    #expect(PredefinedSubstitutionVariables.regionCodes.count == 249)
    #expect(PredefinedSubstitutionVariables.languageCodes.count == 183)
    #expect(Set(PredefinedSubstitutionVariables.regionCodes).count == 249)
    let rule = matcher([AASAComponent(path: "/$(lang)-$(region)")])
    for code in ["GB", "US", "AX", "ZW", "SS", "BQ"] {
      #expect(try rule.match("/en-\(code)").opensApp, "region \(code)")
    }
    for code in ["UK", "EU", "XK", "gb"] {
      #expect(try !rule.match("/en-\(code)").opensApp, "region \(code)")
    }
    for code in ["aa", "zu", "yi", "he", "nb"] {
      #expect(try rule.match("/\(code)-FR").opensApp, "lang \(code)")
    }
    for code in ["eng", "xx", "EN", "iw"] {
      #expect(try !rule.match("/\(code)-FR").opensApp, "lang \(code)")
    }
  }

  @Test(
    "Custom variables: any listed value; names are case-sensitive; a custom name replaces a predefined one")
  func customVariables() throws {
    let rule = matcher(
      [AASAComponent(path: "/$(food)/$(digit)", query: .items(["size": "$(size)"]))],
      variables: ["food": ["pizza", "sush?"], "size": ["s", "m"], "digit": ["one", "two"]]
    )
    #expect(try rule.match("/pizza/one?size=m").opensApp)
    #expect(try rule.match("/sushi/two?size=s").opensApp)
    #expect(try !rule.match("/pizza/1?size=m").opensApp)
    #expect(try !rule.match("/pizza/one?size=l").opensApp)
    #expect(
      try !matcher([AASAComponent(path: "/$(Food)")], variables: ["food": ["pizza"]]).match("/pizza").opensApp
    )
  }

  @Test("Legacy paths: only the path, case-sensitive, NOT excludes, ignored when components exist")
  func legacyPaths() throws {
    let legacy = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(details: [AASADetail(appID: testAppID, paths: ["NOT /a/private", "/a/*"])])
      )
    )
    #expect(try legacy.match("/a/b?q=1#f").opensApp)
    #expect(try legacy.match("/a/private").name == "blocked")
    #expect(try legacy.match("/A/b").name == "none")
    let both = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(
          details: [
            AASADetail(appIDs: [testAppID], components: [AASAComponent(path: "/new/*")], paths: ["/old/*"])
          ]
        )
      )
    )
    #expect(try both.match("/new/1").opensApp)
    #expect(try !both.match("/old/1").opensApp)
  }

  @Test("Details keyed by app ID keep their order; every app that some entry lets through is listed")
  func keyedDetails() throws {
    let keyed = try Fixture.matcher("keyed-details")
    #expect(
      try keyed.match("/shared/private")
        == .match(appIDs: ["ABCDE12345.com.example.second"], detailIndex: 1, ruleIndex: 0)
    )
    #expect(
      try keyed.match("/shared/x")
        == .match(
          appIDs: ["ABCDE12345.com.example.first", "ABCDE12345.com.example.second"], detailIndex: 0,
          ruleIndex: 1)
    )
    #expect(
      try keyed.match("/second/x")
        == .match(appIDs: ["ABCDE12345.com.example.second"], detailIndex: 1, ruleIndex: 1)
    )
  }

  @Test("Across details of the same app the earliest entry wins, even when it blocks")
  func earliestDetailWins() throws {
    let document = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(appIDs: [testAppID], components: [AASAComponent(path: "/x", exclude: true)]),
        AASADetail(appIDs: [testAppID], components: [AASAComponent()]),
      ])
    )
    let matcher = AASAMatcher(document: document)
    #expect(try matcher.match("/x") == .blocked(appIDs: [testAppID], detailIndex: 0, ruleIndex: 0))
    #expect(try matcher.match("/y") == .match(appIDs: [testAppID], detailIndex: 1, ruleIndex: 0))
  }

  @Test("appIDs wins over appID; a detail naming no app decides nothing")
  func appIDPrecedence() throws {
    let document = AASADocument(
      appLinks: AASAAppLinks(details: [
        AASADetail(components: [AASAComponent()]),
        AASADetail(
          appIDs: ["ABCDE12345.com.example.b"], appID: "ABCDE12345.com.example.a",
          components: [AASAComponent()]),
      ])
    )
    #expect(
      try AASAMatcher(document: document).match("/")
        == .match(appIDs: ["ABCDE12345.com.example.b"], detailIndex: 1, ruleIndex: 0)
    )
  }

  @Test(
    "The host compares case-insensitively; *.domain means subdomains; other schemes never open",
    arguments: [
      ("https://EXAMPLE.com/a", "example.com", "match"),
      ("https://example.com./a", "Example.COM", "match"),
      ("https://user@example.com:443/a", "example.com", "match"),
      ("https://www.example.com/a", "example.com", "none"),
      ("https://example.com.evil.com/a", "example.com", "none"),
      ("https://www.example.com/a", "*.example.com", "match"),
      ("https://example.com/a", "*.example.com", "none"),
      ("ftp://example.com/a", "example.com", "none"),
      ("https://other.org/a", "applinks:other.org", "match"),
    ]
  )
  func host(url: String, domain: String, expected: String) throws {
    #expect(try outcome(matcher([AASAComponent()]), url, domain: domain) == expected)
    #expect(try outcome(matcher([AASAComponent()]), url) == (url.hasPrefix("ftp") ? "none" : "match"))
  }

  @Test("A Foundation URL is matched by its text as written")
  func foundationURL() throws {
    let url = try #require(URL(string: "https://example.com/caf%C3%A9?x=1"))
    #expect(
      matcher([AASAComponent(path: "/caf%C3%A9", query: .whole("x=1"))]).match(url, domain: "example.com")
        .opensApp)
  }

  @Test(
    "Text that is not a URL is a typed error", arguments: ["example.com/a", "1ab://x", "mailto:a@b.c", ""])
  func invalidURL(text: String) {
    #expect(throws: UnreadableTextError.self) { try matcher([AASAComponent()]).match(text) }
  }

  @Test("A 100 KB path against many * rules stays bounded")
  func hostilePath() throws {
    let pattern = String(repeating: "/*a", count: 20) + "/b"
    let rules = matcher(Array(repeating: AASAComponent(path: pattern), count: 5))
    let url = try LinkURLParts("https://example.com/" + String(repeating: "a/", count: 50_000))
    var steps = 0
    #expect(rules.match(url, domain: nil, steps: &steps) == .none)
    // Each of the 5 rules visits each of its ~62 states at most twice per path character.
    #expect(steps < 5 * 100_001 * 62 * 2)
  }

  @Test("Results encode to JSON for the command-line tool")
  func resultJSON() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(AASAMatchResult.blocked(appIDs: ["A"], detailIndex: 2, ruleIndex: 3))
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"appIDs":["A"],"detailIndex":2,"result":"blocked","ruleIndex":3}"#)
    #expect(
      String(decoding: try encoder.encode(AASAMatchResult.none), as: UTF8.self) == #"{"result":"none"}"#)
  }
}
