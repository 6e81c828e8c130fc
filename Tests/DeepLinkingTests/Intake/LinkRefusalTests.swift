import Testing

@testable import DeepLinking

extension IntakeTests {
  @Suite("LinkRefusal")
  struct LinkRefusalTests {
    /// A reading error of the router, for the `invalid` refusal.
    func linkError(_ url: String) throws -> LinkError {
      let router = try Router(RouteTable(schemes: ["myapp"], routes: [RouteDefinition("clip", "/clip/{id}")]))
      var caught: LinkError?
      do {
        _ = try router.match(url)
      } catch {
        caught = error
      }
      return try #require(caught, "\(url) was read without an error")
    }

    @Test("each code keeps its stable identifier, which logs and the tool's JSON print")
    func codeIdentifiers() throws {
      let refusals: [(LinkRefusal, ErrorCode<LinkRefusal>, String)] = [
        (.invalid(try linkError("myapp://clip/%ZZ")), .invalid, "invalid:malformed-percent-escape"),
        (.noRoute("myapp://x"), .noRoute, "no-route"),
        (.notVerified(route: "admin", source: .customScheme), .notVerified, "not-verified"),
        (.signedOut(route: "orders"), .signedOut, "signed-out"),
        (.notFound(route: "clip"), .notFound, "not-found"),
        (.loadFailed(route: "clip", reason: "offline"), .loadFailed, "load-failed"),
        (.loadTimedOut(route: "clip"), .loadTimedOut, "load-timed-out"),
        (.superseded(by: "myapp://clip/2"), .superseded, "superseded"),
        (.navigationFailed(route: "clip", reason: "modal"), .navigationFailed, "navigation-failed"),
        (.fallbackFailed(handler: "sdk", reason: "expired"), .fallbackFailed, "fallback-failed"),
        (.fallbackLoop("myapp://a"), .fallbackLoop, "fallback-loop"),
        (.fallbackTooDeep(limit: 4), .fallbackTooDeep, "fallback-too-deep"),
      ]
      for (refusal, code, identifier) in refusals {
        #expect(refusal.code == code)
        #expect(refusal.identifier == identifier)
      }
      #expect(ErrorCode<LinkRefusal>.invalid.description == "invalid")
      #expect(Set(refusals.map(\.1)).count == refusals.count)
      #expect(Set(refusals.map(\.1.description)).count == refusals.count)
    }

    @Test("a refusal carries the details of its code and no others")
    func detailsBelongToTheirCode() throws {
      let error = try linkError("https://elsewhere.net/x")
      let invalid = LinkRefusal.invalid(error)
      #expect(invalid.linkError == error && invalid.identifier == "invalid:unknown-host")
      #expect(invalid.route == nil && invalid.url == nil && invalid.reason == nil && invalid.source == nil)

      let forged = LinkRefusal.notVerified(route: "admin", source: .customScheme)
      #expect(forged.route == "admin" && forged.source == .customScheme)
      #expect(forged.reason == nil && forged.handler == nil && forged.linkError == nil && forged.limit == nil)
      #expect(
        forged.description == "route 'admin' opens only from a verified Universal Link, not from customScheme"
      )

      let failed = LinkRefusal.fallbackFailed(handler: "sdk", reason: "expired")
      #expect(failed.handler == "sdk" && failed.reason == "expired")
      #expect(failed.route == nil && failed.url == nil && failed.source == nil)

      let load = LinkRefusal.loadFailed(route: "clip", reason: "offline")
      #expect(load.route == "clip" && load.reason == "offline" && load.handler == nil)

      let superseded = LinkRefusal.superseded(by: "myapp://clip/2")
      #expect(superseded.url == "myapp://clip/2" && superseded.route == nil)
      #expect(LinkRefusal.noRoute("myapp://x").url == "myapp://x")
      #expect(LinkRefusal.fallbackLoop("myapp://a").url == "myapp://a")

      let deep = LinkRefusal.fallbackTooDeep(limit: 4)
      #expect(deep.limit == 4 && deep.url == nil && deep.route == nil && deep.handler == nil)
      #expect(LinkRefusal.notFound(route: "clip").limit == nil)
    }

    @Test("refusals are equal only when code and details are")
    func equality() {
      #expect(LinkRefusal.notFound(route: "clip") == .notFound(route: "clip"))
      #expect(LinkRefusal.notFound(route: "clip") != .notFound(route: "order"))
      #expect(LinkRefusal.notFound(route: "clip") != .signedOut(route: "clip"))
      #expect(LinkRefusal.noRoute("myapp://a") != .fallbackLoop("myapp://a"))
    }
  }
}
