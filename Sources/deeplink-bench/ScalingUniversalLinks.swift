// deeplink-bench --scaling: the Universal Links tools, run in-process as `deeplink` runs them.
import DeepLinkCommands
import DeepLinking
import Foundation

extension Scaling {
  /// `aasa check` and `aasa match` against files of more and more rules, `aasa generate` and `site`
  /// on larger and larger route tables.
  static func universalLinksDimensions(scale: Int) -> [ScalingDimension] {
    func doubling(_ base: Int) -> [Int] {
      let first = max(1, base / scale)
      return (0..<5).map { first << $0 }
    }
    return [
      ScalingDimension(
        name: "aasa-check", unit: "components", sizes: doubling(2_500), metrics: ["check"], showsMemory: false
      ) { size in
        // Past 128 KB the file is reported as too large (exit 2) and every rule is still checked.
        let file = temporaryFile("aasa.json", associationFile(components: size))
        return ScalingStep(seconds: [await tool(["aasa", "check", "--file", file], accepting: [0, 1, 2])])
      },
      ScalingDimension(
        name: "aasa-match", unit: "components", sizes: doubling(250), metrics: ["match"], showsMemory: false
      ) { size in
        // The last rule decides, on a long path: the worst place for a linear matcher.
        let file = temporaryFile("aasa.json", associationFile(components: size))
        let path = "/section\(size - 1)/" + String(repeating: "a", count: 900)
        return ScalingStep(
          seconds: [
            await tool(["aasa", "match", "--file", file, "https://example.com" + path], accepting: [0, 1])
          ])
      },
      ScalingDimension(
        name: "aasa-generate", unit: "routes", sizes: doubling(125), metrics: ["generate"], showsMemory: false
      ) { size in
        let routes = temporaryFile("routes.json", routeFile(routes: size))
        return ScalingStep(
          seconds: [
            await tool(
              ["aasa", "generate", "--routes", routes, "--app-id", "ABCDE12345.com.example.app"],
              accepting: [0])
          ])
      },
      ScalingDimension(
        name: "android-intent-filters", unit: "routes", sizes: doubling(125), metrics: ["generate"],
        showsMemory: false
      ) { size in
        let routes = temporaryFile("routes.json", routeFile(routes: size))
        return ScalingStep(seconds: [await tool(["android", "--routes", routes], accepting: [0])])
      },
      ScalingDimension(
        name: "android-match", unit: "path characters", sizes: doubling(8_000), metrics: ["match"],
        showsMemory: false
      ) { size in
        // A long last segment against every filter of the demo table: linear in the link.
        let url = "https://example.com/channel/sub/" + String(repeating: "a", count: size) + "/video/1"
        return ScalingStep(seconds: [await tool(["android", "match", "--url", url], accepting: [0, 1])])
      },
      ScalingDimension(
        name: "android-rules", unit: "routes", sizes: doubling(125), metrics: ["rules"], showsMemory: false
      ) { size in
        let routes = temporaryFile("routes.json", routeFile(routes: size))
        return ScalingStep(seconds: [await tool(["android", "rules", "--routes", routes], accepting: [0])])
      },
      ScalingDimension(
        name: "android-match-api35", unit: "path characters", sizes: doubling(8_000), metrics: ["match"],
        showsMemory: false
      ) { size in
        // The same long segment at API 35: the demo table's filters, then its dynamic rules.
        let url = "https://example.com/channel/sub/" + String(repeating: "a", count: size) + "/video/1"
        return ScalingStep(
          seconds: [await tool(["android", "match", "--url", url, "--api", "35"], accepting: [0, 1])])
      },
      ScalingDimension(
        name: "site", unit: "routes", sizes: doubling(125), metrics: ["site"], showsMemory: false
      ) { size in
        ScalingStep(seconds: [await site(routes: temporaryFile("routes.json", routeFile(routes: size)))])
      },
      ScalingDimension(
        name: "short-links", unit: "short links", sizes: doubling(2_000), metrics: ["site"],
        showsMemory: false
      ) { size in
        // A fixed table of 125 routes; the short-link file doubles: each code is checked against the
        // routes, its long link matched, and a redirect written into the nginx file.
        let routes = temporaryFile("routes.json", routeFile(routes: 125))
        let links = temporaryFile("short.json", shortLinkFile(links: size, routes: 125))
        return ScalingStep(
          seconds: [
            await site(routes: routes, ["--short-links", links, "--short-link-host", "go.example.com"])
          ])
      },
    ]
  }

  /// Seconds for one in-process `deeplink site` on a route file, into a fresh directory.
  static func site(routes: String, _ options: [String] = []) async -> Double {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-site-\(UUID())").path
    return await tool(
      ["site", "--routes", routes, "--app-id", "ABCDE12345.com.example.app", "--out", out] + options,
      accepting: [0])
  }

  /// A short-link file of `count` codes, each to a long link of one of the first `routes` routes of
  /// ``routeFile(routes:)`` (its literal-only routes: `/section/nameN/details`), with a campaign.
  static func shortLinkFile(links count: Int, routes: Int) -> String {
    let definitions = Workload.routes(count: routes).definitions.filter { !$0.pattern.contains("{") }
    let entries = (0..<count).map { index -> String in
      let pattern = definitions[index % definitions.count].pattern
      return #""c\#(index)": "https://example.com\#(pattern)?utm_campaign=c\#(index)""#
    }
    return "{" + entries.joined(separator: ",") + "}"
  }

  /// An association file with `components` rules, each its own literal section.
  static func associationFile(components: Int) -> String {
    let rules = (0..<components).map { #"{"/": "/section\#($0)/*"}"# }
    return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
      + rules.joined(separator: ",") + "]}]}}"
  }

  /// A route file of the benchmark's generated routes on `example.com` and `myapp`.
  static func routeFile(routes count: Int) -> String {
    let routes = Workload.routes(count: count).definitions.map {
      #"{"name": "\#($0.name)", "pattern": "\#($0.pattern)"}"#
    }
    return #"{"schemes": ["myapp"], "hosts": ["example.com"], "routes": ["# + routes.joined(separator: ",")
      + "]}"
  }

  static func temporaryFile(_ name: String, _ text: String) -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID())-\(name)")
    do {
      try Data(text.utf8).write(to: url)
    } catch {
      fail("cannot write \(url.path): \(error)")
    }
    return url.path
  }

  /// Seconds for one in-process run of the tool (best of two); an exit status not in `accepting` stops
  /// the benchmark.
  static func tool(_ arguments: [String], accepting: Set<Int32>) async -> Double {
    var best = Double.infinity
    for _ in 0..<2 {
      let streams = ToolStreams.memory()
      let start = now()
      let status = await DeepLinkTool.run(arguments, streams: streams)
      best = min(best, now() - start)
      guard accepting.contains(status) else {
        fail(
          "deeplink \(arguments.joined(separator: " ")) exited \(status): \(streams.error.collected.prefix(300))"
        )
      }
    }
    return best
  }
}
