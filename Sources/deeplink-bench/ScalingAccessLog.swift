// deeplink-bench --scaling: `deeplink audit --access-log` on a doubling access log.
import DeepLinkCommands
import DeepLinking
import Foundation

extension Scaling {
  /// 50,000 to 800,000 lines of nginx's combined format (a quarter with `--quick`), read in-process
  /// from memory by `deeplink audit --access-log - --json`: clicks that match, clicks that match no
  /// route, campaigns, well-known fetches, error statuses, TLS bytes and malformed lines, from a handful
  /// of user agents. The note gives the lines per second and their ratio to the smallest size; the peak
  /// memory is what the audit added above its input, which stays flat as the log doubles.
  static func accessLog(scale: Int) -> ScalingDimension {
    let first = max(1, 50_000 / scale)
    var smallest: Double?
    return ScalingDimension(
      name: "access-log", unit: "lines", sizes: (0..<5).map { first << $0 }, metrics: ["audit"],
      showsMemory: true, stepBudget: 8
    ) { size in
      let bytes = accessLogLines(size)
      let base = startPeak()
      let seconds = await accessLogRun(bytes)
      let memory = peak(since: base)
      let rate = Double(size) / seconds
      let reference = smallest ?? rate
      smallest = reference
      return ScalingStep(
        seconds: [seconds], peakKiB: memory,
        note: "\(format(rate / 1e6, 2)) M lines/s, \(format(rate / reference, 2))x the first")
    }
  }

  /// `count` generated combined-format lines.
  static func accessLogLines(_ count: Int) -> [UInt8] {
    let agents = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "AASA-Bot/1.0.0",
    ]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 200)
    for index in 0..<count {
      let request: String
      var status = 200
      switch index % 20 {
      case 0: request = "GET /.well-known/apple-app-site-association HTTP/1.1"
      case 1: request = "GET /nowhere/\(index % 500) HTTP/1.1"
      case 2: request = "GET /channel/video/\(index)?utm_source=news&utm_campaign=c\(index % 300) HTTP/1.1"
      case 3:
        request = "GET /channel/video/\(index % 1000) HTTP/1.1"
        status = 404
      case 4: request = #"\x16\x03\x01\x00\xF1\x01"#
      default: request = "GET /channel/video/\(index) HTTP/1.1"
      }
      let line =
        index % 997 == 0
        ? "garbage \(index)"
        : #"203.0.113.\#(index % 250) - - [02/Dec/2026:07:00:00 +0000] "\#(request)" \#(status) 512 "-" "\#(agents[index % agents.count])""#
      bytes += Array(line.utf8)
      bytes.append(0x0A)
    }
    return bytes
  }

  /// Seconds for one in-process `deeplink audit --access-log - --json` on `bytes`, best of two.
  static func accessLogRun(_ bytes: [UInt8]) async -> Double {
    var best = Double.infinity
    for _ in 0..<2 {
      let streams = ToolStreams(input: LineSource(bytes: bytes), output: TextSink(), error: TextSink())
      let start = now()
      let status = await DeepLinkTool.run(["audit", "--access-log", "-", "--json"], streams: streams)
      best = min(best, now() - start)
      guard status == 0 else { fail("audit --access-log exited \(status): \(streams.error.collected)") }
    }
    return best
  }
}
