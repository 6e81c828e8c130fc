import Foundation
import Testing

@testable import DeepLinkRouting

@Suite("Link rejections")
struct LinkRejectionTests {
  typealias Case = Fixtures.Rejection

  static let cases: [Case] = [
    Case(url: "", code: "empty"),
    Case(url: "channel/video/1", code: "relative-url"),
    Case(url: "/channel/video/1", code: "relative-url"),
    Case(url: "1app://channel", code: "relative-url"),
    Case(url: "otherapp://channel", code: "unknown-scheme"),
    Case(url: "ftp://example.com/channel", code: "unknown-scheme"),
    Case(url: "http://example.com/channel", code: "unknown-scheme"),
    Case(url: "https://example.com.evil.com/channel", code: "unknown-host"),
    Case(url: "https://evil.com/channel", code: "unknown-host"),
    Case(url: "https://exampIe.com/channel", code: "unknown-host"),
    Case(url: "https://xn--exmple-cua.com/channel", code: "unknown-host"),
    Case(url: "https://notexample.com/channel", code: "unknown-host"),
    Case(url: "https://example.com:8443/channel", code: "port-not-allowed", offset: 20),
    Case(url: "https://localhost/channel", code: "unknown-host"),
    Case(url: "https://localhost:9090/channel", code: "port-not-allowed"),
    Case(url: "https://example.com:99999/channel", code: "invalid-port"),
    Case(url: "https://example.com:/channel", code: "invalid-port"),
    Case(url: "https://user@example.com/channel", code: "user-info", offset: 12),
    Case(url: "https://user:pass@example.com/channel", code: "user-info"),
    Case(url: "https://example.com@evil.com/channel", code: "user-info"),
    Case(url: "myapp://user@channel/video/1", code: "user-info"),
    Case(url: "myapp://channel:80/video/1", code: "port-not-allowed"),
    Case(url: "https:///channel", code: "missing-host"),
    Case(url: "https:example.com/channel", code: "missing-host"),
    Case(url: "https://exa_mple.com/channel", code: "invalid-host"),
    // A Unicode host is a host (xn--exmple-cua.com), just not a listed one.
    Case(url: "https://exämple.com/channel", code: "unknown-host"),
    Case(url: "https://xn--zz.com/channel", code: "invalid-host"),
    Case(url: "https://example%2Ecom/channel", code: "invalid-host"),
    Case(url: "myapp://channel/video/1 2", code: "invalid-character", offset: 23),
    Case(url: "myapp://channel/video/\u{0}", code: "invalid-character"),
    Case(url: "myapp://channel/video/%E0%A4%A", code: "malformed-percent-escape", offset: 28),
    Case(url: "myapp://channel/video/%ZZ", code: "malformed-percent-escape", offset: 22),
    Case(url: "myapp://channel/video/%", code: "malformed-percent-escape"),
    Case(url: "myapp://channel/video/%C3%28", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%FF", code: "invalid-utf8"),
    // The strict UTF-8 rule: overlong forms, surrogates, code points above U+10FFFF, truncations.
    Case(url: "myapp://channel/video/%C0%AF", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%E0%80%AF", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%ED%A0%80", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%F4%90%80%80", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%F0%9F%98", code: "invalid-utf8"),
    Case(url: "myapp://channel/video/%00", code: "forbidden-character"),
    Case(url: "myapp://channel/video/%0A", code: "forbidden-character"),
    Case(url: "myapp://channel/video/abc%E2%80%AEgpj.exe", code: "forbidden-character"),
    Case(url: "myapp://channel/video/abc\u{202E}gpj", code: "forbidden-character"),
    Case(url: "myapp://channel/search/x?q=%ZZ", code: "malformed-percent-escape"),
    Case(url: "myapp://channel/search/x#%ZZ", code: "malformed-percent-escape"),
    Case(url: "myapp://channel/" + String(repeating: "a", count: 9000), code: "too-long"),
    Case(url: "myapp://channel" + String(repeating: "/a", count: 64), code: "too-many-segments"),
    Case(
      url: "myapp://channel?" + Array(repeating: "a=1", count: 129).joined(separator: "&"),
      code: "too-many-query-items"),
  ]

  @Test(arguments: cases)
  func rejected(_ testCase: Case) throws {
    try Fixtures.expectRejected(testCase)
  }

  @Test func withinTheLimitsIsAccepted() throws {
    let router = try Router(Fixtures.channelTable)
    let sixtyThree = "myapp://channel" + String(repeating: "/a", count: 62)
    #expect(try router.match(sixtyThree) == nil)
    let query = "myapp://channel?" + Array(repeating: "a=1", count: 128).joined(separator: "&")
    #expect(try router.match(query)?.route == "main")
  }

  @Test func limitsComeFromTheTable() throws {
    var table = Fixtures.channelTable
    table.options.maxURLLength = 30
    table.options.maxSegments = 2
    table.options.maxQueryItems = 1
    let router = try Router(table)
    #expect(throws: LinkError.self) { try router.match("myapp://channel/video/1") }
    #expect(throws: LinkError.self) { try router.match("myapp://channel?a=1&b=2") }
    #expect(throws: LinkError.self) { try router.match("https://example.com/channel/video/1234") }
  }

  @Test func descriptionNamesTheRuleAndPlace() throws {
    let router = try Router(Fixtures.channelTable)
    let error = try #require(throws: LinkError.self) { try router.match("myapp://channel/video/%E0%A4%A") }
    #expect(error.description == "myapp://channel/video/%E0%A4%A: malformed percent escape at offset 28")
    let long = try #require(throws: LinkError.self) {
      try router.match("myapp://channel/" + String(repeating: "b", count: 9000))
    }
    #expect(long.description.hasSuffix("link is 9016 bytes, over the limit of 8192"))
    #expect(long.description.count < 300)
  }
}
