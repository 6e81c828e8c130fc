import DeepLinkingTestSupport
import Foundation
import Testing

@testable import DeepLinkCommands

/// `aasa generate` and `site` never write an apple-app-site-association file Apple would ignore: a large
/// table's file is written within 128 KB and passes `aasa check`, and one that cannot fit is an error
/// with its size, with nothing written.
@Suite("Generated association files stay within 128 KB")
struct GeneratedFileSizeTests {
  /// A route file of `count` routes of five kinds, each under its own literal, lengthened by `padding`.
  static func routeFile(routes count: Int, padding: Int = 0) throws -> String {
    let pad = String(repeating: "x", count: padding)
    let kinds = [
      "/shop/category{i}\(pad)/{slug}/reviews/{reviewId:int}", "/channel{i}\(pad)/video/{clipId}",
      "/articles/topic{i}\(pad)/{year:int}/{slug}?ref={ref}", "/files{i}\(pad)/{path*}",
      "/user{i}\(pad)/{id:uuid}/posts/{postId}",
    ]
    let routes = (0..<count).map { index in
      let pattern = kinds[index % kinds.count].replacingOccurrences(of: "{i}", with: "\(index)")
      return #"{"name": "r\#(index)", "pattern": "\#(pattern)"}"#
    }
    return try temporaryRouteFile(
      #"{"schemes": ["myapp"], "hosts": ["example.com"], "routes": [\#(routes.joined(separator: ", "))]}"#)
  }

  static let limit = 128 * 1024

  @Test func generateWritesA450RouteFileThatPassesTheCheck() async throws {
    let routes = try Self.routeFile(routes: 450)
    let run = await ToolRun.run(["aasa", "generate", "--routes", routes, "--app-id", demoAppID])
    #expect(run.status == 0, "\(run.error.prefix(500))")
    #expect(run.output.utf8.count <= Self.limit, "\(run.output.utf8.count) bytes")
    let file = try temporaryFile(run.output)
    let check = await ToolRun.run(["aasa", "check", "--file", file])
    #expect(check.status == 0, "\(check.output.suffix(500))")
    let match = await ToolRun.run([
      "aasa", "match", "--file", file, "--domain", "example.com", "https://example.com/channel1/video/7",
      "https://example.com/files448/a/b",
    ])
    #expect(match.status == 0, "\(match.output)")
  }

  @Test func siteWritesA450RouteFileThatPassesTheCheck() async throws {
    let routes = try Self.routeFile(routes: 450)
    let out = temporaryDirectory()
    let run = await ToolRun.run(["site", "--routes", routes, "--app-id", demoAppID, "--out", out])
    #expect(run.status == 0, "\(run.error.prefix(500))")
    let file = out + "/public/.well-known/apple-app-site-association"
    let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
    #expect(size <= Self.limit, "\(size) bytes")
    let check = await ToolRun.run(["aasa", "check", "--file", file])
    #expect(check.status == 0, "\(check.output.suffix(500))")
  }
}

extension GeneratedFileSizeTests {
  /// 1,500 routes, generated three times over: seconds in a debug build.
  @Suite("Generated association files stay within 128 KB, stress run", .stress)
  struct StressTests {
    @Test func aFileThatCannotFitFailsWithItsSizeAndNothingIsWritten() async throws {
      let routes = try GeneratedFileSizeTests.routeFile(routes: 1500, padding: 40)
      let generate = await ToolRun.run(["aasa", "generate", "--routes", routes, "--app-id", demoAppID])
      #expect(generate.status == 1)
      #expect(generate.output.isEmpty)
      let message = try #require(generate.error.split(separator: "\n").first.map(String.init))
      #expect(
        message.hasPrefix("deeplink aasa generate: the apple-app-site-association file would be "),
        "\(message)"
      )
      #expect(
        message.contains(
          " bytes, written compactly without comments; Apple ignores files over 131072 bytes (128 KB)"))
      let json = await ToolRun.run(["aasa", "generate", "--routes", routes, "--app-id", demoAppID, "--json"])
      #expect(json.status == 1)
      #expect(json.output.isEmpty)

      let out = temporaryDirectory()
      let site = await ToolRun.run(["site", "--routes", routes, "--app-id", demoAppID, "--out", out])
      #expect(site.status == 1)
      #expect(site.output.isEmpty)
      #expect(
        site.error.contains("Apple ignores files over 131072 bytes (128 KB)"), "\(site.error.prefix(300))")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }
}
