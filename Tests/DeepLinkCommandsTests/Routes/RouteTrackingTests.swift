import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

/// `deeplink route --tracking-origin` against a real HTTP server on 127.0.0.1.
@MainActor
@Suite("deeplink route with tracking links")
final class RouteTrackingTests {
  let server: RedirectServer
  let origin: String

  init() async throws {
    server = try await RedirectServer()
    origin = "http://127.0.0.1:\(server.port)"
  }

  func trackingLink(_ path: String, to destination: String? = nil) throws -> String {
    guard let destination else { return try server.url(path).absoluteString }
    let encoded = destination.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    return try server.url("\(path)?to=\(encoded)").absoluteString
  }

  @Test func resolvesThenRoutes() async throws {
    let link = try trackingLink("/hop/2", to: "myapp://channel/video/12345")
    // The outcome, not the clock, is under test here (the time limits have tests of their own, on the
    // tool's own clock): a generous limit keeps a loaded test machine's stall out of it.
    let run = await ToolRun.run(["route", "--tracking-origin", origin, "--timeout", "300", link])
    #expect(run.status == 0)
    let line = try #require(try run.jsonLines().first)
    #expect(line["url"] as? String == link)
    #expect(line["resolvedURL"] as? String == "myapp://channel/video/12345")
    #expect(line["route"] as? String == "clip")
    #expect(try await server.counts() == ["HEAD /hop/2": 1, "HEAD /hop/1": 1, "HEAD /hop/0": 1])
  }

  @Test func linksOffTheTrackingOriginMakeNoRequest() async throws {
    let run = await ToolRun.run([
      "route", "--tracking-origin", origin, "myapp://channel/playlist/678",
      try server.foreignURL("/hop/0").absoluteString,
    ])
    let lines = try run.jsonLines()
    #expect(lines[0]["route"] as? String == "playlist")
    #expect(lines[0]["resolvedURL"] == nil)
    #expect(lines[1]["errorCode"] as? String == "unknown-scheme")
    #expect(try await server.counts().isEmpty)
  }

  @Test func foreignClickThroughIsReportedNotFetched() async throws {
    let link = try trackingLink("/hop/0", to: "https://evil.example.net/channel")
    let run = await ToolRun.run(["route", "--tracking-origin", origin, "--timeout", "300", link])
    #expect(run.status == 1)
    let line = try #require(try run.jsonLines().first)
    #expect(line["resolvedURL"] as? String == "https://evil.example.net/channel")
    #expect(line["errorCode"] as? String == "unknown-host")
  }

  @Test(arguments: [
    ("/loop/a", "tracking-loop"), ("/ok", "tracking-not-a-redirect"), ("/missing", "tracking-http-error"),
    ("/no-location", "tracking-missing-location"),
  ])
  func resolutionErrors(path: String, code: String) async throws {
    // The outcome is under test, not the clock (as in resolvesThenRoutes): a CI run once took over the
    // default 5 s for the loop's ten requests while a browser test held both cores.
    let run = await ToolRun.run([
      "route", "--tracking-origin", origin, "--timeout", "300", try trackingLink(path),
    ])
    #expect(run.status == 1)
    let line = try #require(try run.jsonLines().first)
    #expect(line["errorCode"] as? String == code)
    #expect((line["error"] as? String)?.isEmpty == false)
  }

  @Test func slowServerTimesOut() async throws {
    let run = await ToolRun.run([
      "route", "--tracking-origin", origin, "--timeout", "0.5", try trackingLink("/slow"),
    ])
    #expect(run.status == 1)
    #expect(try run.jsonLines().first?["errorCode"] as? String == "tracking-timed-out")
  }

  /// The time limit on the wall clock, measured on the command in a process of its own: in this
  /// process the tool runs on the main actor, which other suites' in-process commands share, so a wall
  /// clock read here would measure them too. It gives up no earlier than the limit and long before the
  /// server answers (30 s); that it gives up at the limit itself, not at `URLSession`'s own (a whole
  /// second later), is tested on the resolver, on a clock the test moves
  /// (`TrackingLinkResolverTests.timeLimitIsExact`), so that no bound here is tighter than five times
  /// what the command takes on an idle machine.
  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func slowServerTimesOutOnTheWallClock() async throws {
    let run = try #require(try await measuredRoute("/slow", timeout: "0.5"))
    #expect(run.status == 1, "\(run.output) \(run.error)")
    let line = try #require(try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
    #expect(line["errorCode"] as? String == "tracking-timed-out")
    #expect((line["error"] as? String)?.contains("within the limit of 0.500 s") == true, "\(line)")
    let elapsed = try Self.reportedElapsed(line)
    #expect(elapsed >= 0.5 && elapsed < 3, "\(line)")
    #expect(run.elapsed < .seconds(15), "took \(run.elapsed)")
  }

  /// The time the resolution took by its own clock, from the error's "(N s elapsed)": read in the
  /// tool's process when it gave up, so it does not count the time a loaded machine takes to start
  /// the process and hand back its output, which the wall clock of the test does.
  static func reportedElapsed(_ line: [String: Any]) throws -> Double {
    let message = try #require(line["error"] as? String)
    let range = try #require(
      message.range(of: #"\(([0-9]+\.[0-9]+) s elapsed\)"#, options: .regularExpression), "\(message)")
    return try #require(Double(message[range].dropFirst().prefix { $0 != " " }), "\(message)")
  }

  /// `--timeout 2` is a 2 s limit, never cut short, as in `slowServerTimesOutOnTheWallClock`.
  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func aTwoSecondLimitIsNeverCutShort() async throws {
    let run = try #require(try await measuredRoute("/slow", timeout: "2"))
    let line = try #require(try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
    #expect(line["errorCode"] as? String == "tracking-timed-out")
    #expect((line["error"] as? String)?.contains("within the limit of 2.000 s") == true, "\(line)")
    let elapsed = try Self.reportedElapsed(line)
    #expect(elapsed >= 2.0 && elapsed < 12, "\(line)")
    #expect(run.elapsed >= .seconds(2) && run.elapsed < .seconds(15), "took \(run.elapsed)")
  }

  @Test func tooLongClickThroughIsCutLikeTheURL() async throws {
    let link = try trackingLink("/long-click-through")
    let run = await ToolRun.run(["route", "--tracking-origin", origin, link])
    #expect(run.status == 1)
    let line = try #require(try run.jsonLines().first)
    #expect(line["errorCode"] as? String == "too-long")
    let resolved = try #require(line["resolvedURL"] as? String)
    #expect(resolved.count == 201, "\(resolved.count) characters")
    #expect(resolved.hasPrefix("https://shop.example.com/aaa"))
    #expect(resolved.hasSuffix("…"))
    #expect(run.output.utf8.count < 2_000)
  }

  /// Runs the built `deeplink route` against the server in a child process, with its peak memory.
  func measuredRoute(_ path: String, timeout: String) async throws -> MeasuredProcess? {
    guard let deeplink = BuiltProducts.executable(named: "deeplink") else { return nil }
    return try await MeasuredProcess.run([
      deeplink.path, "route", "--tracking-origin", origin, "--timeout", timeout, try trackingLink(path),
    ])
  }

  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func endlessRedirectBodyStopsAtTheTimeLimitInBoundedMemory() async throws {
    // HEAD is refused; GET answers 302 and then streams its body as fast as it can, without end.
    let run = try #require(try await measuredRoute("/no-head-endless", timeout: "2"))
    #expect(run.status == 1, "\(run.output) \(run.error)")
    let line = try #require(try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
    #expect(line["errorCode"] as? String == "tracking-timed-out")
    #expect(try Self.reportedElapsed(line) < 12, "\(line)")
    #expect(run.elapsed < .seconds(15), "took \(run.elapsed)")
    #expect(run.peakMemory < 100 * 1024 * 1024, "peak memory \(run.peakMemory / 1_048_576) MB")
  }

  @Test(.enabled(if: BuiltProducts.executable(named: "deeplink") != nil, "needs the built deeplink"))
  func trickledRedirectBodyTimesOutOnTheWallClock() async throws {
    let run = try #require(try await measuredRoute("/no-head-trickle", timeout: "2"))
    #expect(run.status == 1, "\(run.output) \(run.error)")
    let line = try #require(try ToolRun(status: run.status, output: run.output, error: "").jsonLines().first)
    #expect(line["errorCode"] as? String == "tracking-timed-out")
    #expect(try Self.reportedElapsed(line) < 12, "\(line)")
    #expect(run.elapsed < .seconds(15), "took \(run.elapsed)")
  }

  @Test func badOptions() async throws {
    #expect(await ToolRun.run(["route", "--tracking-origin", "ftp://x", "myapp://channel"]).status == 2)
    #expect(
      await ToolRun.run(["route", "--tracking-origin", origin, "--timeout", "soon", "myapp://channel"]).status
        == 2)
    #expect(await ToolRun.run(["route", "--timeout", "3", "myapp://channel"]).status == 2)
  }
}
