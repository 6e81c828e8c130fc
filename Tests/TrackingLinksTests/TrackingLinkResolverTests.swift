import DeepLinkingTestSupport
import Foundation
import Synchronization
import Testing

@testable import TrackingLinks

extension TrackingTests {
  /// The resolver against a real HTTP server on 127.0.0.1 (`redirect_server.py`), one server per test.
  @Suite("TrackingLinkResolver over HTTP", .serialized)
  final class TrackingLinkResolverTests {
    let server: RedirectServer
    let resolver: TrackingLinkResolver

    init() async throws {
      server = try await RedirectServer()
      let local = try TrackingOrigin("http://127.0.0.1:\(server.port)")
      // Outcomes only (the limits are tested with resolvers of their own): generous, so that a loaded
      // machine's stall does not turn an answer into a time-out.
      resolver = TrackingLinkResolver(origins: [local], maxHops: 10, timeout: .seconds(120))
    }

    /// A resolver for which localhost is a tracking host over https only, so plain http there is insecure.
    func resolverWithSecureLocalhost() throws -> TrackingLinkResolver {
      let local = try TrackingOrigin("http://127.0.0.1:\(server.port)")
      return TrackingLinkResolver(origins: [local, try TrackingOrigin("https://localhost")])
    }

    private func expectError(
      _ path: String,
      using resolver: TrackingLinkResolver? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> TrackingLinkError {
      let url = try server.url(path)
      let result: Result<TrackingLinkResolution, TrackingLinkError>
      do {
        result = .success(try await (resolver ?? self.resolver).trace(url))
      } catch {
        result = .failure(error)
      }
      switch result {
      case .success(let resolved):
        Issue.record("expected an error, got \(resolved.destination)", sourceLocation: sourceLocation)
        throw CancellationError()
      case .failure(let error):
        return error
      }
    }

    @Test("a URL outside the tracking origins comes back unchanged and makes no request")
    func nonTrackingURLIsNotFetched() async throws {
      let url = try server.foreignURL("/landing?x=1")
      let resolution = try await resolver.trace(url)
      #expect(resolution.destination == url)
      #expect(resolution.hops.isEmpty)
      #expect(try await server.counts().isEmpty)
    }

    @Test("one hop: HEAD is sent, the redirect is not followed by URLSession")
    func oneHop() async throws {
      let resolution = try await resolver.trace(try server.url("/hop/0"))
      #expect(resolution.destination.absoluteString == "https://shop.example.com/product/42")
      #expect(resolution.hops == [try server.url("/hop/0")])
      #expect(try await server.counts() == ["HEAD /hop/0": 1])
    }

    @Test("several hops on the tracking origin are followed in order", arguments: [1, 3, 9])
    func severalHops(redirects: Int) async throws {
      let resolution = try await resolver.trace(try server.url("/hop/\(redirects)"))
      #expect(resolution.destination.absoluteString == "https://shop.example.com/product/42")
      let expected = try (0...redirects).reversed().map { try server.url("/hop/\($0)") }
      #expect(resolution.hops == expected)
    }

    @Test("more hops than the limit fail at the first hop past it, after exactly the limit of requests")
    func tooManyHops() async throws {
      let error = try await expectError("/hop/12")
      #expect(error == .tooManyHops(url: try server.url("/hop/2"), hop: 11, limit: 10))
      #expect(try await server.counts().values.reduce(0, +) == 10)
    }

    @Test("a redirect loop is detected when a URL comes round again")
    func loop() async throws {
      #expect(try await expectError("/loop/a") == .loop(url: try server.url("/loop/a"), hop: 3))
      #expect(try await expectError("/self") == .loop(url: try server.url("/self"), hop: 2))
    }

    @Test("a slow server runs into the timeout, which covers the whole resolution")
    func slowServerTimesOut() async throws {
      let quick = TrackingLinkResolver(
        origins: [try TrackingOrigin("http://127.0.0.1:\(server.port)")], timeout: .milliseconds(300))
      let clock = ContinuousClock()
      let start = clock.now
      let error = try await expectError("/slow", using: quick)
      let elapsed = clock.now - start
      guard error.code == .timedOut, error.hop == 1, error.timeout == .milliseconds(300),
        let reported = error.elapsed
      else {
        Issue.record("expected a time-out at hop 1 with the 300 ms limit, got \(error)")
        return
      }
      #expect(error.url == (try server.url("/slow")))
      #expect(reported >= .milliseconds(300) && reported <= elapsed)
      #expect(elapsed < .seconds(6))
    }

    /// A resolver for the local server whose time limit is read on `clock`.
    private func resolver(limit: Duration, clock: ManualClock) throws -> TrackingLinkResolver {
      TrackingLinkResolver(
        origins: [try TrackingOrigin("http://127.0.0.1:\(server.port)")], timeout: limit,
        clock: clock.deadlineClock)
    }

    /// Waits until the server has received `request` ("METHOD /path"): the resolution that sent it
    /// has started its clock.
    private func waitForRequest(_ request: String) async throws {
      let deadline = ContinuousClock.now + .seconds(60)
      while try await server.counts()[request] == nil {
        guard ContinuousClock.now < deadline else {
          Issue.record("the server never received \(request)")
          throw CancellationError()
        }
        try await Task.sleep(for: .milliseconds(10))
      }
    }

    /// `URLSession` is handed the whole seconds left, rounded up, plus one, so that it never fires
    /// before the resolution's own limit, even where it rounds a limit down to whole seconds.
    @Test(
      "URLSession's own limit lies a whole second past the deadline, rounded up",
      arguments: [
        (Duration.seconds(2), 3.0), (.milliseconds(2_001), 4.0), (.milliseconds(1_200), 3.0),
        (.milliseconds(300), 2.0), (.zero, 1.0), (.seconds(-4), 1.0),
      ])
    func sessionTimeout(left: Duration, expected: TimeInterval) {
      let now = ContinuousClock.now
      #expect(BoundedFetch.sessionTimeout(until: now + left, now: now) == expected)
    }

    /// On a clock that stands still the resolution's limit is never reached, so only `URLSession`'s
    /// own limit (3 s for a 2 s limit, on the wall clock) could cut an answer short; the answer comes
    /// after 0.6 s, a fifth of that.
    @Test("an answer inside the limit is not cut short by URLSession's own limit")
    func answerJustInsideTheLimit() async throws {
      let resolution = try await resolver(limit: .seconds(2), clock: ManualClock())
        .trace(try server.url("/delay/600"))
      #expect(resolution.destination.absoluteString == "https://shop.example.com/delayed")
    }

    /// The limit is read on a clock the test moves, so the test says when it is reached: not a moment
    /// before, and exactly then. The server answers after 30 s and `URLSession`'s own limit is 21 s on
    /// the wall clock, so nothing but the limit can end the resolution. (On Linux, an answer that
    /// arrives for a request already cancelled holds up the shared threads for seconds, so the server
    /// answers long after this process stopped waiting.)
    @Test("a late answer fails the limit when it is reached, never earlier, and says how long it took")
    func timeLimitIsExact() async throws {
      let clock = ManualClock()
      let resolver = try resolver(limit: .seconds(20), clock: clock)
      let url = try server.url("/slow")
      let finished = Mutex(false)
      let resolution = Task { () async -> TrackingLinkError? in
        defer { finished.withLock { $0 = true } }
        do throws(TrackingLinkError) {
          _ = try await resolver.trace(url)
          return nil
        } catch {
          return error
        }
      }
      try await waitForRequest("HEAD /slow")
      clock.move(to: .seconds(20) - .milliseconds(1))
      // Ten checks of the deadline and more: not one of them may end the resolution yet.
      try await Task.sleep(for: .milliseconds(100))
      #expect(!finished.withLock { $0 }, "the resolution ended before its limit")
      clock.move(to: .seconds(20))
      let wall = ContinuousClock()
      let moved = wall.now
      let failure = await resolution.value
      // At once (in milliseconds), not when URLSession gives up: 2 s is the bound.
      #expect(wall.now - moved < .seconds(2), "ended \(wall.now - moved) after the limit was reached")
      let error = try #require(failure, "the resolution did not fail")
      #expect(error == .timedOut(url: url, hop: 1, timeout: .seconds(20), elapsed: .seconds(20)))
      let description = error.description
      #expect(description.contains("within the limit of 20.000 s (20.000 s elapsed)"), "\(description)")
    }

    @Test("the time-out message states the limit and the time it really took")
    func timeOutDescription() throws {
      let url = try server.url("/slow")
      let error = TrackingLinkError.timedOut(
        url: url, hop: 2, timeout: .seconds(2), elapsed: .milliseconds(2_004))
      #expect(
        error.description
          == "timed out at hop 2 (\(url.absoluteString)): no answer within the limit of 2.000 s (2.004 s elapsed)"
      )
    }

    @Test("the first location outside the tracking origins is the result and is never fetched")
    func foreignDestinationIsNotFetched() async throws {
      let resolution = try await resolver.trace(try server.url("/foreign"))
      #expect(resolution.destination == (try server.foreignURL("/landing")))
      // Give a stray request time to arrive before asserting it did not.
      try await Task.sleep(for: .milliseconds(100))
      #expect(try await server.counts() == ["HEAD /foreign": 1])
    }

    @Test("a custom-scheme destination is a valid click-through URL")
    func customSchemeDestination() async throws {
      #expect(
        try await resolver.resolve(try server.url("/custom")).absoluteString == "myapp://channel/video/1")
    }

    @Test("relative locations resolve against the URL that answered")
    func relativeLocations() async throws {
      let resolution = try await resolver.trace(try server.url("/relative/start"))
      #expect(
        resolution.hops == [
          try server.url("/relative/start"), try server.url("/relative/next"), try server.url("/hop/0"),
        ])
      #expect(resolution.destination.absoluteString == "https://shop.example.com/product/42")
    }

    @Test("a 200 on a tracking URL is not a redirect")
    func okIsNotARedirect() async throws {
      #expect(try await expectError("/ok") == .notRedirect(url: try server.url("/ok"), hop: 1, status: 200))
    }

    @Test("HTTP errors carry the status", arguments: [("/missing", 404), ("/broken", 500)])
    func httpErrors(path: String, status: Int) async throws {
      #expect(try await expectError(path) == .httpError(url: try server.url(path), hop: 1, status: status))
    }

    @Test("a redirect without a Location header is reported with its status")
    func missingLocation() async throws {
      let error = try await expectError("/no-location")
      #expect(error == .missingLocation(url: try server.url("/no-location"), hop: 1, status: 302))
    }

    @Test("a Location that is not a URL is reported verbatim")
    func invalidLocation() async throws {
      let error = try await expectError("/bad-location")
      #expect(
        error
          == .invalidLocation(
            url: try server.url("/bad-location"), hop: 1, status: 302, location: "http://[::1"))
    }

    @Test("plain http on an https-only tracking host is refused and not requested")
    func insecureLocation() async throws {
      let error = try await expectError("/insecure", using: try resolverWithSecureLocalhost())
      #expect(error == .insecure(url: try server.foreignURL("/hop/0"), hop: 2))
      #expect(try await server.counts() == ["HEAD /insecure": 1])
    }

    @Test("an http link to an https-only tracking host fails before any request")
    func insecureInput() async throws {
      let url = try #require(URL(string: "http://localhost:\(server.port)/hop/0"))
      let resolver = try resolverWithSecureLocalhost()
      await #expect(throws: TrackingLinkError.insecure(url: url, hop: 1)) {
        try await resolver.resolve(url)
      }
      #expect(try await server.counts().isEmpty)
    }

    @Test(
      "a server that refuses HEAD is asked with GET",
      arguments: [
        ("/no-head", "https://shop.example.com/from-get"),
        ("/no-head-501", "https://shop.example.com/from-get-501"),
      ]
    )
    func headRefused(path: String, destination: String) async throws {
      #expect(try await resolver.resolve(try server.url(path)).absoluteString == destination)
      #expect(try await server.counts() == ["HEAD \(path)": 1, "GET \(path)": 1])
    }

    @Test("a GET answered with a huge body returns at the response head without reading the body")
    func bodyIsNeverRead() async throws {
      let clock = ContinuousClock()
      let start = clock.now
      let error = try await expectError("/no-head-big")
      #expect(error == .notRedirect(url: try server.url("/no-head-big"), hop: 1, status: 200))
      // The server needs 30 s to send even its first 3 MB, and reading the body would run into the
      // 8 s timeout; the bound is loose because the machine may be busy.
      #expect(clock.now - start < .seconds(6))
    }

    /// Resolves `path`: the redirect's head names `destination`, and its body does not end. Darwin
    /// reports the redirect at its head; swift-corelibs-foundation reads the body first, so there the
    /// resolution must stop at its time limit, even while the server keeps the transfer busy. The
    /// limit is read on a clock the test moves once the server has the GET; the resolution then ends
    /// at once (in milliseconds; 2 s is the bound), long before the server stops sending (10 s for the
    /// endless body, 60 s for the trickle), and `URLSession`'s own limit is 21 s on the wall clock.
    func expectBoundedRedirect(_ path: String, destination: String) async throws {
      let clock = ManualClock()
      let resolver = try resolver(limit: .seconds(20), clock: clock)
      let url = try server.url(path)
      let resolution = Task { () async throws(TrackingLinkError) -> URL in try await resolver.resolve(url) }
      try await waitForRequest("GET \(path)")
      clock.move(to: .seconds(20))
      let wall = ContinuousClock()
      let moved = wall.now
      let result = await resolution.result
      #expect(wall.now - moved < .seconds(2), "ended \(wall.now - moved) after the limit was reached")
      switch result {
      case .success(let resolved):
        #expect(resolved.absoluteString == destination)
      case .failure(let error):
        #expect(
          error as? TrackingLinkError
            == .timedOut(url: url, hop: 1, timeout: .seconds(20), elapsed: .seconds(20)))
      }
    }

    @Test("a redirect whose body never ends (HEAD refused) ends within the time limit")
    func endlessRedirectBody() async throws {
      try await expectBoundedRedirect(
        "/no-head-endless", destination: "https://shop.example.com/from-endless")
    }

    @Test("a redirect body trickled without end (HEAD refused) ends within the time limit")
    func trickledRedirectBody() async throws {
      try await expectBoundedRedirect(
        "/no-head-trickle", destination: "https://shop.example.com/from-trickle")
    }

    @Test("cancelling the calling task cancels the request promptly")
    func cancellation() async throws {
      let url = try server.url("/slow")
      let resolver = self.resolver
      let task = Task { () async throws(TrackingLinkError) -> URL in try await resolver.resolve(url) }
      try await Task.sleep(for: .milliseconds(200))
      let clock = ContinuousClock()
      let start = clock.now
      task.cancel()
      let result = await task.result
      #expect(clock.now - start < .seconds(6))
      #expect(throws: TrackingLinkError.cancelled(url: url, hop: 1)) { try result.get() }
    }

    @Test("a resolved link is served from the cache without a request")
    func cache() async throws {
      let first = try await resolver.trace(try server.url("/hop/2"))
      let second = try await resolver.trace(try server.url("/hop/2"))
      #expect(!first.isCached)
      #expect(second.isCached)
      #expect(second.destination == first.destination)
      #expect(second.hops == first.hops)
      #expect(try await server.counts().values.reduce(0, +) == 3)
      resolver.removeAllCachedResolutions()
      #expect(try await !resolver.trace(try server.url("/hop/2")).isCached)
    }

    @Test("many resolutions at once each get their own answer")
    func concurrentResolutions() async throws {
      let resolver = self.resolver
      let urls = try (0..<16).map { try server.url("/hop/\($0 % 4)?to=https://shop.example.com/p/\($0)") }
      let results = try await withThrowingTaskGroup(of: (Int, TrackingLinkResolution).self) { group in
        for (index, url) in urls.enumerated() {
          group.addTask { (index, try await resolver.trace(url)) }
        }
        var results: [Int: TrackingLinkResolution] = [:]
        for try await (index, resolution) in group {
          results[index] = resolution
        }
        return results
      }
      for index in 0..<16 {
        let resolution = try #require(results[index])
        #expect(resolution.destination.absoluteString == "https://shop.example.com/p/\(index)")
        #expect(resolution.hops.count == index % 4 + 1)
      }
    }

    @Test("a refused connection is a transport error at the hop that failed")
    func transportError() async throws {
      let url = try #require(URL(string: "http://127.0.0.1:1/x"))
      let resolver = TrackingLinkResolver(origins: [try TrackingOrigin("http://127.0.0.1:1")])
      do {
        _ = try await resolver.resolve(url)
        Issue.record("expected a transport error")
      } catch {
        guard error.code == .transport, error.hop == 1 else {
          Issue.record("expected a transport error, got \(error)")
          return
        }
        #expect(error.url == url)
      }
    }
  }
}
