// deeplink-bench --scaling: how each cost grows with the size of its input.
//
// Every dimension doubles its input four times (five sizes), times each step, and fits the exponent
// k of time ~ size^k by least squares on log(time) against log(size). An exponent near 1 is linear,
// near 0 constant, near 2 quadratic. The run exits 1 when any exponent is above `Scaling.limit`.
import DeepLinkCommands
import DeepLinking
import Foundation
import RouteFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one step of a dimension measured: seconds per metric, and the peak memory it added.
struct ScalingStep {
  var seconds: [Double]
  var peakKiB: Int?
  var note: String?
}

/// One input dimension: its sizes and how to measure a step at one size.
struct ScalingDimension {
  var name: String
  /// What the size counts (`routes`, `bytes`, ...).
  var unit: String
  var sizes: [Int]
  /// The name of each timed metric (`build`, `match`, ...).
  var metrics: [String]
  /// Whether to show the step's peak memory.
  var showsMemory: Bool
  /// The longest predicted step that is still run, in seconds, when it differs from
  /// `Scaling.stepBudget` (a dimension whose every step does real disk work).
  var stepBudget: Double? = nil
  /// Measures one step.
  var measure: @MainActor (Int) async -> ScalingStep
}

@MainActor
enum Scaling {
  /// The largest exponent accepted: a little above linear, for noise.
  static let limit = 1.15
  /// A step predicted to take longer than this (seconds) is skipped, and so are the larger ones.
  static let stepBudget = 2.0

  /// Runs every dimension, prints the tables, and returns the exit status.
  static func run(_ options: [String]) async -> Int32 {
    var scale = 1
    var only: String?
    var options = options
    while !options.isEmpty {
      let option = options.removeFirst()
      switch option {
      case "--quick": scale = 4
      case "--only":
        guard let name = options.first else { fail("--only needs a dimension name") }
        options.removeFirst()
        only = name
      default: fail("unknown option \(option) after --scaling; options: --quick, --only NAME")
      }
    }
    let dimensions = Self.dimensions(scale: scale).filter { only == nil || $0.name == only }
    guard !dimensions.isEmpty else { fail("--only: no dimension named \(only ?? "")") }
    print("Scaling: each size doubles; exponent = least-squares slope of log(time) on log(size).")
    print("Exponents above \(limit) fail the run. Steps predicted over \(stepBudget) s are skipped.")
    var worst: [(String, Double)] = []
    for dimension in dimensions {
      print("")
      let exponents = await table(dimension)
      for (metric, exponent) in zip(dimension.metrics, exponents) {
        guard let exponent, exponent > limit else { continue }
        worst.append(("\(dimension.name) \(metric)", exponent))
      }
    }
    print("")
    guard worst.isEmpty else {
      print(
        "FAIL: exponent above \(limit): " + worst.map { "\($0.0) \(format($0.1, 2))" }.joined(separator: ", ")
      )
      return 1
    }
    print("OK: every exponent is at most \(limit).")
    return 0
  }

  /// Measures and prints one dimension; returns the exponent of each metric (`nil` under 2 sizes).
  static func table(_ dimension: ScalingDimension) async -> [Double?] {
    print("\(dimension.name)")
    let header =
      [cell(dimension.unit, 10)] + dimension.metrics.map { cell($0, 14) }
      + (dimension.showsMemory ? [cell("peak KiB", 10)] : [])
    print(header.joined(separator: " "))
    var measured: [(size: Int, step: ScalingStep)] = []
    var previous: (size: Int, seconds: [Double], wall: Double)?
    // The growth of each metric between the last two steps, assumed at least linear.
    var growth = [Double](repeating: 1, count: dimension.metrics.count)
    var skipping = false
    let budget = dimension.stepBudget ?? stepBudget
    for size in dimension.sizes {
      if !skipping, let previous {
        let ratio = Double(size) / Double(previous.size)
        // One noisy step can suggest any growth: assume between linear and quadratic.
        let predicted = zip(previous.seconds, growth).map { $0 * pow(ratio, min(2, max(1, $1))) }.max() ?? 0
        // Preparing the input is not timed but takes time too: at least linear in the size.
        if predicted > budget || previous.wall * ratio > 4 * budget { skipping = true }
      }
      if skipping {
        print(cell(String(size), 10) + "  skipped: predicted over \(format(budget, 0)) s")
        continue
      }
      let start = now()
      let step = await dimension.measure(size)
      let wall = now() - start
      if let previous {
        let ratio = log(Double(size) / Double(previous.size))
        for index in growth.indices where previous.seconds[index] > 1e-3 {
          growth[index] = log(step.seconds[index] / previous.seconds[index]) / ratio
        }
      }
      previous = (size, step.seconds, wall)
      measured.append((size, step))
      var row = [cell(String(size), 10)] + step.seconds.map { cell(duration($0), 14) }
      if dimension.showsMemory { row.append(cell(step.peakKiB.map(String.init) ?? "-", 10)) }
      print(row.joined(separator: " ") + (step.note.map { "  " + $0 } ?? ""))
    }
    let exponents = dimension.metrics.indices.map { index -> Double? in
      slope(measured.map { (Double($0.size), $0.step.seconds[index]) })
    }
    let fitted = zip(dimension.metrics, exponents).map { metric, exponent in
      "\(metric) \(exponent.map { format($0, 2) } ?? "-")"
        + ((exponent ?? 0) > limit ? " (over \(limit))" : "")
    }
    print("exponent: " + fitted.joined(separator: ", "))
    return exponents
  }

  /// The least-squares slope of log(y) on log(x), or `nil` with fewer than two points.
  static func slope(_ points: [(x: Double, y: Double)]) -> Double? {
    let logs = points.filter { $0.x > 0 && $0.y > 0 }.map { (log($0.x), log($0.y)) }
    guard logs.count >= 2 else { return nil }
    let count = Double(logs.count)
    let meanX = logs.map(\.0).reduce(0, +) / count
    let meanY = logs.map(\.1).reduce(0, +) / count
    let covariance = logs.map { ($0.0 - meanX) * ($0.1 - meanY) }.reduce(0, +)
    let variance = logs.map { ($0.0 - meanX) * ($0.0 - meanX) }.reduce(0, +)
    return variance > 0 ? covariance / variance : nil
  }

  static func duration(_ seconds: Double) -> String {
    if seconds >= 1 { return format(seconds, 2) + " s" }
    if seconds >= 1e-3 { return format(seconds * 1e3, 2) + " ms" }
    if seconds >= 1e-6 { return format(seconds * 1e6, 2) + " µs" }
    return format(seconds * 1e9, 0) + " ns"
  }

  static func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }

  static func cell(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  // MARK: Timing and memory

  /// Seconds per run of `body`: repeated until a round takes 20 ms (one run when it is slower),
  /// the best of three rounds.
  static func secondsPerRun(_ body: () -> Int) -> Double {
    var checksum = 0
    var start = now()
    checksum &+= body()
    let first = now() - start
    guard first < 0.02 else {
      keep(checksum)
      return first
    }
    let runs = max(1, min(1_000_000, Int(0.02 / max(first, 1e-9))))
    var best = Double.infinity
    for _ in 0..<3 {
      start = now()
      for _ in 0..<runs { checksum &+= body() }
      best = min(best, (now() - start) / Double(runs))
    }
    keep(checksum)
    return best
  }

  /// The seconds one match of each link takes, then one explanation of `explained` when given: the
  /// columns most tables measure after their build.
  static func matchSeconds(_ router: Router, _ links: [String], explaining explained: String? = nil)
    -> [Double]
  {
    links.map { link in secondsPerRun { (try? router.matchIndex(link)) ?? -1 } }
      + (explained.map { miss in [secondsPerRun { (try? router.explain(miss))?.description.count ?? -1 }] }
        ?? [])
  }

  /// `value` as a multiple of the first value `first` holds (which it records when `nil`): how a
  /// per-unit cost grows from a dimension's first size.
  static func growth(_ value: Double, since first: inout Double?) -> Double {
    let base = first ?? value
    first = base
    return value / base
  }

  /// Keeps a checksum alive so the optimizer cannot drop the work that made it.
  static func keep(_ checksum: Int) {
    if checksum == 0x5EED_5EED { print("") }
  }

  /// Resets the peak resident size (Linux: `/proc/self/clear_refs`); returns the resident size now.
  static func startPeak() -> Int {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
    return memoryKiB().current
  }

  /// The peak resident size since ``startPeak()`` above what it was then, in KiB.
  static func peak(since base: Int) -> Int {
    max(0, memoryKiB().peak - base)
  }

  // MARK: Dimensions

  /// Every dimension; `scale` divides the base sizes (`--quick`).
  static func dimensions(scale: Int) -> [ScalingDimension] {
    func doubling(_ base: Int) -> [Int] {
      let first = max(1, base / scale)
      return (0..<5).map { first << $0 }
    }
    let wide = RouteTable.Options(
      maxURLLength: RouteTable.Options.allowedURLLength.upperBound,
      maxSegments: RouteTable.Options.allowedSegments.upperBound,
      maxQueryItems: RouteTable.Options.allowedQueryItems.upperBound)
    return [
      ScalingDimension(
        name: "route-table", unit: "routes", sizes: doubling(4_000), metrics: ["build", "match"],
        showsMemory: true
      ) { size in
        let table = Workload.table(Workload.routes(count: size).definitions)
        let base = startPeak()
        let start = now()
        guard let router = try? Router(table) else { fail("the generated table does not build") }
        let build = now() - start
        let memory = peak(since: base)
        let match = secondsPerRun { (try? router.matchIndex("myapp://shop/product0/details")) ?? -1 }
        return ScalingStep(seconds: [build, match], peakKiB: memory)
      },
      ScalingDimension(
        name: "link-segments", unit: "segments", sizes: doubling(1_024), metrics: ["match"],
        showsMemory: false
      ) { size in
        let router = build(
          RouteTable(schemes: ["myapp"], options: wide, routes: [.init("files", "/files/{path+}")]))
        let link = "myapp://files/" + Array(repeating: "a", count: size).joined(separator: "/")
        return ScalingStep(seconds: [secondsPerRun { (try? router.matchIndex(link)) ?? -1 }])
      },
      ScalingDimension(
        name: "server-address", unit: "bytes", sizes: doubling(16), metrics: ["address", "plain"],
        showsMemory: false
      ) { size in
        // A custom-scheme authority of `size` bytes, a host of labels of 60 letters and a port, read as
        // `{server:address}`; beside it the same length read as a plain `{server}` (no port there).
        let host = String((0..<max(1, size - 5)).map { $0 % 61 == 60 ? "." : "a" })
        let address = build(RouteTable(schemes: ["myapp"], routes: [.init("server", "/{server:address}/x")]))
        let plain = build(RouteTable(schemes: ["myapp"], routes: [.init("server", "/{server}/x")]))
        let link = "myapp://\(host):8065/x"
        let plainLink = "myapp://\(host)_8065/x"
        return ScalingStep(seconds: [
          secondsPerRun { (try? address.matchIndex(link)) ?? -1 },
          secondsPerRun { (try? plain.matchIndex(plainLink)) ?? -1 },
        ])
      },
      ScalingDimension(
        name: "query-items", unit: "items", sizes: doubling(1_024), metrics: ["match"], showsMemory: false
      ) { size in
        let router = build(
          RouteTable(schemes: ["myapp"], options: wide, routes: [.init("search", "/search")]))
        let link = "myapp://search?" + (0..<size).map { "k\($0)=v" }.joined(separator: "&")
        return ScalingStep(seconds: [secondsPerRun { (try? router.matchIndex(link)) ?? -1 }])
      },
      ScalingDimension(
        name: "audit-line-length", unit: "bytes", sizes: doubling(1 << 20), metrics: ["audit"],
        showsMemory: true
      ) { size in
        let bytes = Array("myapp://channel/video/".utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: size)
        let base = startPeak()
        let seconds = await audit(bytes)
        return ScalingStep(seconds: [seconds], peakKiB: peak(since: base))
      },
      ScalingDimension(
        name: "audit-lines", unit: "lines", sizes: doubling(20_000), metrics: ["audit"], showsMemory: true
      ) { size in
        var bytes: [UInt8] = []
        for index in 0..<size { bytes += Array("myapp://channel/video/\(index)\n".utf8) }
        let base = startPeak()
        let seconds = await audit(bytes)
        return ScalingStep(seconds: [seconds], peakKiB: peak(since: base))
      },
      ScalingDimension(
        name: "readiness-queue", unit: "calls", sizes: doubling(4_096), metrics: ["queue+drain"],
        showsMemory: false
      ) { size in
        let seconds = secondsPerRun {
          var applied = 0
          let gate = ReadinessGate<Int>(maximumPendingCalls: size) { applied += $0 }
          for index in 0..<size {
            gate.perform { applied += 1 }
            if index % 2 == 0 { gate.submit(index) }
          }
          gate.markReady()
          return applied
        }
        return ScalingStep(seconds: [seconds])
      },
      ScalingDimension(
        name: "query-key-routes", unit: "routes", sizes: doubling(256), metrics: ["build", "match"],
        showsMemory: false
      ) { size in
        let routes = (0..<size).map { RouteDefinition("q\($0)", "/item?key\($0)={value}") }
        let table = RouteTable(schemes: ["myapp"], options: wide, routes: routes)
        let start = now()
        let router = build(table)
        let seconds = now() - start
        let link = "myapp://item?key\(size - 1)=1"
        return ScalingStep(seconds: [seconds, secondsPerRun { (try? router.matchIndex(link)) ?? -1 }])
      },
      queryValueRoutes(scale: scale),
      hostScopedRoutes(scale: scale),
      fragmentRoutes(scale: scale),
    ] + valueSets(scale: scale) + kinds(scale: scale) + [
      backtracking(scale: scale),
      ScalingDimension(
        name: "route-file", unit: "routes", sizes: doubling(8_000), metrics: ["read JSON"], showsMemory: true
      ) { size in
        let routes = Workload.routes(count: size).definitions.map {
          #"{"name": "\#($0.name)", "pattern": "\#($0.pattern)"}"#
        }
        let json = Data(
          (#"{"schemes": ["myapp"], "routes": ["# + routes.joined(separator: ",\n") + "]}").utf8)
        let base = startPeak()
        let start = now()
        guard let table = try? RouteTable(json: json) else { fail("the generated route file does not read") }
        let seconds = now() - start
        let memory = peak(since: base)
        return ScalingStep(
          seconds: [seconds], peakKiB: memory, note: table.routes.count == size ? nil : "count?")
      },
    ] + universalLinksDimensions(scale: scale) + [storeDelivery(scale: scale), accessLog(scale: scale)]
      + followingDimensions()
      + middleCatchAllDimensions(scale: scale)
      + boundsDimensions(scale: scale)
  }

  /// Every mix of `1`, `{x:int}` and `{x}` over `d` segments, then `/end`: 3^d routes. The size is
  /// the number of routes (d = 2, 4, 6, 8, 10); a link of d `1`s then `/end` matches, one ending in
  /// `/nope` fails after trying what the table allows.
  static func backtracking(scale: Int) -> ScalingDimension {
    let depths = scale > 1 ? [1, 2, 3, 4, 5] : [2, 4, 6, 8, 10]
    let sizes = depths.map { Int(pow(3, Double($0))) }
    return ScalingDimension(
      name: "backtracking", unit: "routes", sizes: sizes, metrics: ["build", "match", "fail"],
      showsMemory: false
    ) { size in
      let depth = Int((log(Double(size)) / log(3)).rounded())
      var routes: [RouteDefinition] = []
      for index in 0..<size {
        var rest = index
        var segments: [String] = []
        for position in 0..<depth {
          segments.append(["1", "{x\(position):int}", "{x\(position)}"][rest % 3])
          rest /= 3
        }
        routes.append(RouteDefinition("b\(index)", "/" + segments.joined(separator: "/") + "/end"))
      }
      let start = now()
      let router = build(RouteTable(schemes: ["myapp"], routes: routes))
      let buildSeconds = now() - start
      let ones = Array(repeating: "1", count: depth).joined(separator: "/")
      let matching = secondsPerRun { (try? router.matchIndex("myapp://\(ones)/end")) ?? -1 }
      let failing = secondsPerRun { (try? router.matchIndex("myapp://\(ones)/nope")) ?? -1 }
      return ScalingStep(
        seconds: [buildSeconds, matching, failing],
        note: "d=\(depth), fail/match \(format(failing / matching, 1))x")
    }
  }

  static func build(_ table: RouteTable) -> Router {
    do {
      return try Router(table)
    } catch {
      fail("a generated table does not build: \(error)")
    }
  }
  /// A table's router and the seconds its build took.
  static func timedBuild(_ table: RouteTable) -> (router: Router, seconds: Double) {
    let start = now()
    let router = build(table)
    return (router, now() - start)
  }

  /// Stops the run with `failure` unless each link reaches the route at its index (`nil`: no route).
  static func expectRoutes(_ router: Router, _ expected: [(link: String, route: Int?)], else failure: String)
  {
    for (link, route) in expected where (try? router.matchIndex(link)) != route {
      fail(failure)
    }
  }

  /// Seconds for `deeplink audit --json` in-process on `bytes` as standard input, less its time on
  /// empty input (loading the route table), best of two each.
  static func audit(_ bytes: [UInt8]) async -> Double {
    max(1e-9, await auditRun(bytes) - auditRun([]))
  }

  static func auditRun(_ bytes: [UInt8]) async -> Double {
    var best = Double.infinity
    for _ in 0..<2 {
      let streams = ToolStreams(input: LineSource(bytes: bytes), output: TextSink(), error: TextSink())
      let start = now()
      let status = await DeepLinkTool.run(["audit", "--json"], streams: streams)
      best = min(best, now() - start)
      guard status == 0 else { fail("audit exited \(status): \(streams.error.collected)") }
    }
    return best
  }
}
