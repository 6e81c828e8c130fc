import Foundation
import Testing

@testable import TrackingLinks

extension TrackingTests {
  @Suite("TrackingOrigin")
  struct TrackingOriginTests {
    @Test(
      "valid origins parse to scheme, host and port",
      arguments: [
        ("https://click.example.com", "https", "click.example.com", nil, "https://click.example.com"),
        ("click.example.com", "https", "click.example.com", nil, "https://click.example.com"),
        ("HTTPS://Click.Example.COM/", "https", "click.example.com", nil, "https://click.example.com"),
        ("http://127.0.0.1:8123", "http", "127.0.0.1", 8123, "http://127.0.0.1:8123"),
        ("https://[::1]:8443", "https", "::1", 8443, "https://[::1]:8443"),
      ] as [(String, String, String, Int?, String)]
    )
    func parses(input: String, scheme: String, host: String, port: Int?, description: String) throws {
      let origin = try TrackingOrigin(input)
      #expect(origin.scheme == scheme)
      #expect(origin.host == host)
      #expect(origin.port == port)
      #expect(origin.description == description)
    }

    @Test(
      "bad origins are refused with the reason",
      arguments: [
        ("", TrackingOrigin.ParseError.empty),
        ("   ", .empty),
        ("ftp://files.example.com", .unsupportedScheme("ftp")),
        ("myapp://channel", .unsupportedScheme("myapp")),
        ("https://", .missingHost),
        ("https://click.example.com/p/rp", .unexpectedComponent("path /p/rp")),
        ("https://click.example.com?a=1", .unexpectedComponent("query")),
        ("https://click.example.com#top", .unexpectedComponent("fragment")),
        ("https://user:secret@click.example.com", .unexpectedComponent("user information")),
        ("https://click.example.com:0", .invalidPort(0)),
        ("https://click example.com", .malformed),
      ]
    )
    func refuses(input: String, reason: TrackingOrigin.ParseError) {
      #expect(throws: TrackingOrigin.ParseError(input: input, reason: reason)) {
        try TrackingOrigin(input)
      }
    }

    @Test("the error text names the input and the reason")
    func errorText() {
      let error = TrackingOrigin.ParseError(input: "ftp://x", reason: .unsupportedScheme("ftp"))
      #expect(
        error.description
          == #"invalid tracking origin "ftp://x": unsupported scheme "ftp" (use https, or http explicitly)"#
      )
    }

    @Test("each parse error code keeps its identifier, and a reason carries only its details")
    func parseErrorCodes() throws {
      let reasons: [(TrackingOrigin.ParseError, String)] = [
        (.empty, "empty"), (.malformed, "malformed"), (.unsupportedScheme("ftp"), "unsupported-scheme"),
        (.missingHost, "missing-host"), (.unexpectedComponent("query"), "unexpected-component"),
        (.invalidPort(0), "invalid-port"),
      ]
      for (reason, identifier) in reasons {
        #expect(reason.code.description == identifier)
      }
      #expect(Set(reasons.map(\.0.code)).count == reasons.count)

      let scheme = TrackingOrigin.ParseError.unsupportedScheme("ftp")
      #expect(scheme.scheme == "ftp" && scheme.component == nil && scheme.port == nil)
      let component = TrackingOrigin.ParseError.unexpectedComponent("query")
      #expect(component.component == "query" && component.scheme == nil && component.port == nil)
      let port = TrackingOrigin.ParseError.invalidPort(0)
      #expect(port.port == 0 && port.scheme == nil && port.component == nil)
      let empty = TrackingOrigin.ParseError.empty
      #expect(empty.scheme == nil && empty.component == nil && empty.port == nil)

      let error = try #require(throws: TrackingOrigin.ParseError.self) { try TrackingOrigin("ftp://x") }
      #expect(error.code == .unsupportedScheme && error.scheme == "ftp" && error.input == "ftp://x")
      #expect(scheme != .unsupportedScheme("gopher"))
    }

    @Test(
      "contains matches scheme, host (any case) and effective port",
      arguments: [
        ("https://click.example.com/p/1", true),
        ("https://CLICK.example.com:443/p/1", true),
        ("http://click.example.com/p/1", false),
        ("https://click.example.com:8443/p/1", false),
        ("https://evil.click.example.com/p/1", false),
        ("https://click.example.com.evil.net/p/1", false),
        ("myapp://click.example.com/p/1", false),
      ]
    )
    func contains(url: String, expected: Bool) throws {
      let origin = try TrackingOrigin("https://click.example.com")
      #expect(origin.contains(try #require(URL(string: url))) == expected)
    }

    @Test("a resolver without a request for links that are not tracking links")
    func nonTrackingLinksNeedNoNetwork() async throws {
      let resolver = TrackingLinkResolver(origins: [try TrackingOrigin("click.example.com")])
      let url = try #require(URL(string: "myapp://channel/video/12345"))
      #expect(!resolver.isTrackingLink(url))
      #expect(try await resolver.resolve(url) == url)
    }
  }

  @Suite("ResolutionCache")
  struct ResolutionCacheTests {
    private func resolution(_ name: String) throws -> TrackingLinkResolution {
      TrackingLinkResolution(
        destination: try #require(URL(string: "https://shop.example.com/\(name)")), hops: [])
    }

    @Test("the least recently used entry is evicted first")
    func evictsLeastRecentlyUsed() throws {
      var cache = ResolutionCache(capacity: 2, lifetime: .seconds(60))
      let now = ContinuousClock.now
      cache.insert(try resolution("a"), for: "a", now: now)
      cache.insert(try resolution("b"), for: "b", now: now)
      #expect(cache.value(for: "a", now: now) != nil)  // "a" is now more recent than "b"
      cache.insert(try resolution("c"), for: "c", now: now)
      #expect(cache.count == 2)
      #expect(cache.value(for: "b", now: now) == nil)
      #expect(cache.value(for: "a", now: now) == (try resolution("a")))
      #expect(cache.value(for: "c", now: now) == (try resolution("c")))
    }

    @Test("entries expire after their lifetime, and capacity 0 stores nothing")
    func expiryAndZeroCapacity() throws {
      var cache = ResolutionCache(capacity: 4, lifetime: .seconds(10))
      let now = ContinuousClock.now
      cache.insert(try resolution("a"), for: "a", now: now)
      #expect(cache.value(for: "a", now: now + .seconds(9)) != nil)
      #expect(cache.value(for: "a", now: now + .seconds(10)) == nil)
      var off = ResolutionCache(capacity: 0, lifetime: .seconds(10))
      off.insert(try resolution("a"), for: "a", now: now)
      #expect(off.count == 0)
    }
  }
}
