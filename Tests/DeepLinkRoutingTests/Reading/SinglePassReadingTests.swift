import Foundation
import Testing

@testable import DeepLinkRouting

/// An ordinary link is read in one pass over its bytes; anything else is read again by every rule.
/// These cases pin what the single pass must still refuse (the query and the fragment are checked
/// even when no route reads them) and that both readings give the same match.
@Suite("Single-pass reading")
struct SinglePassReadingTests {
  typealias Rejection = Fixtures.Rejection

  /// Errors in the query and the fragment of links whose route reads neither.
  static let rejections: [Rejection] = [
    Rejection(url: "myapp://channel?x=%ZZ", code: "malformed-percent-escape", offset: 18),
    Rejection(url: "myapp://channel/video/1?a=1&b=%4#top", code: "malformed-percent-escape", offset: 30),
    Rejection(url: "myapp://channel/video/1?a=%", code: "malformed-percent-escape", offset: 26),
    Rejection(url: "https://example.com/channel?x=%FF", code: "invalid-utf8", offset: 30),
    Rejection(url: "myapp://channel?x=%0A", code: "forbidden-character", offset: 18),
    Rejection(url: "myapp://channel?x=%E2%80%AE", code: "forbidden-character", offset: 18),
    Rejection(url: "myapp://channel?x=a\u{7F}", code: "invalid-character", offset: 19),
    Rejection(url: "myapp://channel#%ZZ", code: "malformed-percent-escape", offset: 16),
    Rejection(url: "myapp://channel/video/1#a%C3%28", code: "invalid-utf8", offset: 24),
    Rejection(url: "myapp://channel/video/1#top\u{1}", code: "invalid-character", offset: 27),
    Rejection(url: "myapp://channel/video/1#a b", code: "invalid-character", offset: 25),
    // Order of the rules: a bad character anywhere comes before the scheme or the host.
    Rejection(url: "otherapp://channel#a b", code: "invalid-character", offset: 20),
    Rejection(url: "https://evil.com/channel?x=a b", code: "invalid-character", offset: 28),
    // The path's escapes are checked before the query's.
    Rejection(url: "myapp://channel/%ZZ?x=%ZZ", code: "malformed-percent-escape", offset: 16),
  ]

  @Test(arguments: rejections)
  func rejectedWhereverTheProblemIs(_ testCase: Rejection) throws {
    try Fixtures.expectRejected(testCase)
  }

  /// Links the single pass reads, each also read by every rule: a fragment that decodes to non-ASCII
  /// text sends a link to the full reading, and must change nothing but the fragment.
  static let links: [String] = [
    "myapp://channel",
    "myapp://channel/video/12345",
    "MYAPP://CHANNEL/video/a%41b",
    "myapp:channel/video/1",
    "myapp:///channel/video/1",
    "myapp://channel//video///12345/",
    "https://example.com/channel/search/a%20b?utm_source=mail&x=%2B+y&flag&empty=",
    "HTTPS://Example.COM/channel/video/1",
    "https://example.com/channel/video/a%2Fb?q=1",
    "https://www.example.com/channel/video/1",
    "https://localhost:8080/channel",
    "myapp://channel/video/1?a=1&&&b=2",
    "myapp://channel/video/caf%C3%A9",
  ]

  @Test(arguments: links)
  func singlePassAgreesWithTheFullReading(_ url: String) throws {
    let router = try Router(Fixtures.channelTable)
    let plain = try router.match(url)
    let full = try router.match(url + "#%C3%A9")
    #expect(plain?.route == full?.route)
    #expect(plain?.parameters == full?.parameters)
    #expect(plain?.query == full?.query)
    #expect(plain?.origin == full?.origin)
    #expect(plain?.fragment == nil)
    #expect(full.map { $0.fragment == "é" } ?? true)
    #expect(try router.matchIndex(url) == router.matchIndex(url + "#%C3%A9"))
  }

  @Test func readsEveryPieceInOnePass() throws {
    let router = try Router(Fixtures.kindsTable)
    let match = try #require(
      try router.match("myapp://items/%41b%20c/files/x/y?q=1&page=2&tag=a+b&flag#frag%20ment"))
    #expect(match.route == "itemFiles")
    #expect(match.parameters.dictionary == ["slug": .string("Ab c"), "path": .segments(["x", "y"])])
    #expect(
      match.query == [
        QueryItem(name: "q", value: "1"), QueryItem(name: "page", value: "2"),
        QueryItem(name: "tag", value: "a b"), QueryItem(name: "flag", value: nil),
      ])
    #expect(match.fragment == "frag ment")
    #expect(match.origin == .customScheme("myapp"))
    let token = try #require(try router.match("myapp://items/0e5f6a1c-9B3D-4c2e-8F7A-1b2c3d4e5f60"))
    #expect(token.parameters.uuid("token") == UUID(uuidString: "0E5F6A1C-9B3D-4C2E-8F7A-1B2C3D4E5F60"))
    #expect(try router.match("myapp://items/-42")?.parameters.int("id") == -42)
  }

  @Test func emptyQueryItemsDoNotCountTowardsTheLimit() throws {
    var table = Fixtures.channelTable
    table.options.maxQueryItems = 2
    let router = try Router(table)
    #expect(try router.match("myapp://channel?a=1&&&b=2&")?.route == "main")
    let error = try #require(throws: LinkError.self) { try router.match("myapp://channel?a=1&b=2&c=3") }
    #expect(error.code == .tooManyQueryItems)
  }

  @Test func segmentLimitCountsTheAuthority() throws {
    var table = Fixtures.channelTable
    table.options.maxSegments = 3
    table.options.maxQueryItems = 8
    let router = try Router(table)
    #expect(try router.match("myapp://channel/video/1")?.route == "clip")
    #expect(try router.match("myapp:channel/video/1")?.route == "clip")
    let error = try #require(throws: LinkError.self) { try router.match("myapp://channel/video/1/2") }
    #expect(error.code == .tooManySegments)
  }
}
