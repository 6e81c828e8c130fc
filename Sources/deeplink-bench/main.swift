// deeplink-bench: the router against the ways apps usually match links, on the same generated tables.
//
//   swift build -c release --product deeplink && swift run -c release deeplink-bench [--svg FILE]
//
// Options: --quick (shorter rounds, 200,000 audit lines), --sizes 10,100 (table sizes), --bounds (tables
// built to make a link's cost follow the table: backtracking, query keys, many query items, and the
// doubling tables for explaining an unmatched link; --bounds --quick stops them smaller),
// --svg FILE (chart of cost against table size), --no-audit, --audit-lines N.
// --templates: segment templates on doubling tables, and against a plain route of the same length.
// --scaling: the growth of every cost with its input instead (see Benchmarks.md).
import DeepLinking
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("deeplink-bench: \(message)\n".utf8))
  exit(1)
}

// MARK: - Options

var arguments = Array(CommandLine.arguments.dropFirst())
var sizes = [10, 100, 1_000, 10_000, 100_000]
var quick = false
var svgPath: String?
var runAudit = true
var auditLines = 1_000_000
let linkCount = 10_000
let regexLimit = 10_000

// `--scaling [--quick] [--only NAME]`: how each cost grows with the size of its input (Scaling.swift).
if arguments.first == "--scaling" {
  let options = Array(arguments.dropFirst())
  Task { @MainActor in exit(await Scaling.run(options)) }
  dispatchMain()
}

// A child run builds one table and reports build time and memory, so sizes do not share a heap.
if arguments.first == "--build-child", arguments.count == 2, let size = Int(arguments[1]) {
  let table = Workload.table(Workload.routes(count: size).definitions)
  let before = memoryKiB()
  let start = now()
  let router: Router
  do {
    router = try Router(table)
  } catch {
    fail("the generated table does not build: \(error)")
  }
  let seconds = now() - start
  let after = memoryKiB()
  withExtendedLifetime(router) {
    print("\(seconds * 1000) \(after.peak - before.current) \(after.peak)")
  }
  exit(0)
}

if arguments.first == "--templates" {
  runTemplates(quick: arguments.dropFirst().contains("--quick"))
  exit(0)
}

if arguments.first == "--bounds" {
  runBounds(quick: arguments.dropFirst().contains("--quick"))
  exit(0)
}

// A profile run (for `valgrind --tool=callgrind`): one pass of one method over the links of one size.
if arguments.first == "--profile", arguments.count >= 3, let size = Int(arguments[1]) {
  let repeats = arguments.count > 3 ? min(Int(arguments[3]) ?? 1, 10_000) : 1
  let workload = Workload(routeCount: size, urlCount: linkCount, seed: 0x5EED)
  let router: Router
  do {
    router = try Router(workload.table)
  } catch {
    fail("the generated table does not build: \(error)")
  }
  let parsed = workload.urls.compactMap { URL(string: $0) }
  var total = 0
  for _ in 0..<repeats {
    switch arguments[2] {
    case "url":
      for url in parsed { total &+= (try? router.match(url))?.route.utf8.count ?? 0 }
    case "values":
      for url in parsed {
        if let match = try? router.match(url) { total &+= match.route.utf8.count &+ match.parameters.count }
      }
    case "string":
      for url in workload.urls { total &+= (try? router.match(url))?.route.utf8.count ?? 0 }
    case "index":
      for url in workload.urls { total &+= (try? router.matchIndex(url)) ?? 0 }
    case "none":
      break
    default:
      fail("--profile SIZE url|values|string|index|none [REPEATS]")
    }
  }
  print(total)
  exit(0)
}

while !arguments.isEmpty {
  let option = arguments.removeFirst()
  switch option {
  case "--quick":
    quick = true
    auditLines = 200_000
  case "--sizes":
    guard let list = arguments.first else { fail("--sizes needs a list such as 10,100") }
    arguments.removeFirst()
    sizes = list.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }.sorted()
    guard !sizes.isEmpty else { fail("--sizes needs a list such as 10,100") }
  case "--svg":
    guard let path = arguments.first else { fail("--svg needs a file name") }
    arguments.removeFirst()
    svgPath = path
  case "--no-audit":
    runAudit = false
  case "--audit-lines":
    guard let text = arguments.first, let number = Int(text), number > 0 else {
      fail("--audit-lines needs a number")
    }
    arguments.removeFirst()
    auditLines = number
  default:
    fail(
      "unknown option \(option); options: --quick, --sizes 10,100, --svg FILE, --no-audit, --audit-lines N")
  }
}
let passTime = quick ? 0.015 : 0.04
let rounds = quick ? 3 : 5

let selfPath: String = {
  if let path = Bundle.main.executablePath { return path }
  return CommandLine.arguments[0]
}()
let binDirectory = URL(fileURLWithPath: selfPath).deletingLastPathComponent()

// MARK: - Matching

/// What one table size measured.
struct SizeResult {
  var routes: Int
  var buildMilliseconds: Double = 0
  var buildPeakMiB: Double = 0
  var matchURL: Timing?
  var matchValues: Timing?
  var matchString: Timing?
  var routeIndex: Timing?
  var linear: Timing?
  var regex: Timing?
  var scan: Timing?
}

func routeNumber(_ name: String) -> Int? { Int(name.dropFirst()) }

var sink: UInt64 = 0
var results: [SizeResult] = []
let benchStart = now()

for size in sizes {
  var result = SizeResult(routes: size)

  // Build time and peak memory, measured in a fresh process per size (best of two).
  var builds: [(Double, Double)] = []
  for _ in 0..<2 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: selfPath)
    process.arguments = ["--build-child", String(size)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { fail("cannot run \(selfPath) --build-child: \(error)") }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ").compactMap {
      Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    guard process.terminationStatus == 0, fields.count == 3 else { fail("build child failed: \(output)") }
    builds.append((fields[0], fields[1] / 1024))
  }
  result.buildMilliseconds = builds.map(\.0).min() ?? 0
  result.buildPeakMiB = builds.map(\.1).min() ?? 0

  let workload = Workload(routeCount: size, urlCount: linkCount, seed: 0x5EED)
  let router: Router
  do {
    router = try Router(workload.table)
  } catch {
    fail("the generated table does not build: \(error)")
  }
  let urls = workload.urls
  let parsed = urls.compactMap { URL(string: $0) }
  guard parsed.count == urls.count else { fail("Foundation cannot parse every generated link") }

  // Every method must give the same answers before it is timed.
  for (index, url) in urls.enumerated() {
    let viaString: Int?
    let viaURL: Int?
    do {
      viaString = try router.match(url).flatMap { routeNumber($0.route) }
      viaURL = try router.match(parsed[index]).flatMap { routeNumber($0.route) }
    } catch {
      fail("\(url): \(error)")
    }
    guard viaString == workload.expected[index], viaURL == viaString else {
      fail(
        "\(url): router gives \(String(describing: viaString)), expected \(String(describing: workload.expected[index]))"
      )
    }
    guard (try? router.matchIndex(url)) == viaString else { fail("\(url): route index disagrees") }
  }
  let linear = LinearMatcher(pieces: workload.pieces)
  for index in 0..<min(urls.count, 500) where linear.match(urls[index]) != workload.expected[index] {
    fail("\(urls[index]): the linear matcher disagrees")
  }

  // Every method of a size is timed round by round together (``measureTogether``): a slow spell of the
  // machine falls on the match and its baselines alike, so the ratios between them hold.
  var methods: [TimedMethod] = []
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count {
        if let match = try? router.match(parsed[index]) { total &+= UInt64(match.route.utf8.count) }
      }
      return total
    })
  // What an app pays to act on a link: the match, and its values read once.
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count {
        if let match = try? router.match(parsed[index]) {
          total &+= UInt64(match.route.utf8.count &+ match.parameters.count)
        }
      }
      return total
    })
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count {
        if let match = try? router.match(urls[index]) { total &+= UInt64(match.route.utf8.count) }
      }
      return total
    })
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count { total &+= UInt64((try? router.matchIndex(urls[index])) ?? 0) }
      return total
    })
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count { total &+= UInt64(linear.match(urls[index]) ?? 0) }
      return total
    })
  methods.append(
    TimedMethod(available: urls.count, passTime: passTime) { count in
      var total: UInt64 = 0
      for index in 0..<count { total &+= UInt64(scanBytes(urls[index])) }
      return total
    })
  if size <= regexLimit {
    guard let regex = RegexList(pieces: workload.pieces) else { fail("a generated regex does not compile") }
    for index in 0..<20 where regex.match(urls[index]) != workload.expected[index] {
      fail("\(urls[index]): the regex list disagrees")
    }
    methods.append(
      TimedMethod(available: urls.count, minimumLinks: 10, passTime: passTime * 2) { count in
        var total: UInt64 = 0
        for index in 0..<count { total &+= UInt64(regex.match(urls[index]) ?? 0) }
        return total
      })
  }
  let timings = measureTogether(methods, rounds: rounds, sink: &sink)
  result.matchURL = timings[0]
  result.matchValues = timings[1]
  result.matchString = timings[2]
  result.routeIndex = timings[3]
  result.linear = timings[4]
  result.scan = timings[5]
  result.regex = timings.count > 6 ? timings[6] : nil
  results.append(result)
  FileHandle.standardError.write(Data("measured \(size) routes (\(Int(now() - benchStart)) s)\n".utf8))
}

// MARK: - Audit

/// What the end-to-end audit run measured.
struct AuditResult {
  var lines: Int
  var seconds: Double
  var startupSeconds: Double
  var matched: Int
}

func auditThroughput(lines auditLines: Int, in binDirectory: URL) -> AuditResult? {
  let tool = binDirectory.appendingPathComponent("deeplink").path
  guard FileManager.default.isExecutableFile(atPath: tool) else {
    FileHandle.standardError.write(
      Data("skipping the audit: no \(tool) (swift build -c release --product deeplink)\n".utf8))
    return nil
  }
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("deeplink-bench-\(getpid())")
  do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  } catch {
    fail("cannot create \(directory.path): \(error)")
  }
  defer { try? FileManager.default.removeItem(at: directory) }

  let (definitions, pieces) = Workload.routes(count: 10_000)
  let routesFile = directory.appendingPathComponent("routes.json")
  let routeObjects = definitions.map { ["name": $0.name, "pattern": $0.pattern] }
  let tableObject: [String: Any] = ["schemes": ["myapp"], "hosts": ["example.com"], "routes": routeObjects]
  let linksFile = directory.appendingPathComponent("links.txt")
  let emptyFile = directory.appendingPathComponent("empty.txt")
  var expectedMatches = 0
  do {
    try JSONSerialization.data(withJSONObject: tableObject).write(to: routesFile)
    try Data().write(to: emptyFile)
    guard FileManager.default.createFile(atPath: linksFile.path, contents: nil) else {
      fail("cannot create \(linksFile.path)")
    }
    let handle = try FileHandle(forWritingTo: linksFile)
    var generator = SplitMix64(seed: 0xA0D1)
    var chunk = ""
    for line in 0..<auditLines {
      let (url, route) = Workload.link(pieces: pieces, using: &generator)
      if route != nil { expectedMatches += 1 }
      chunk += url
      chunk += "\n"
      if line % 10_000 == 9_999 {
        handle.write(Data(chunk.utf8))
        chunk = ""
      }
    }
    handle.write(Data(chunk.utf8))
    try handle.close()
  } catch {
    fail("cannot write the audit input: \(error)")
  }
  let arguments = ["audit", "--json", "--routes", routesFile.path]
  guard let startup = runProgram(tool, arguments, input: emptyFile.path), startup.status == 0 else {
    fail("deeplink audit fails on empty input")
  }
  var best: (seconds: Double, output: String)?
  for _ in 0..<2 {
    guard let run = runProgram(tool, arguments, input: linksFile.path), run.status == 0 else {
      fail("deeplink audit fails")
    }
    if best.map({ run.seconds < $0.seconds }) ?? true { best = (run.seconds, run.output) }
  }
  guard let best,
    let summary = try? JSONSerialization.jsonObject(with: Data(best.output.utf8)) as? [String: Any],
    let total = summary["total"] as? Int, let matched = summary["matched"] as? Int
  else { fail("deeplink audit printed no summary") }
  guard total == auditLines, matched == expectedMatches else {
    fail(
      "deeplink audit counted \(total) lines and \(matched) matches, expected \(auditLines) and \(expectedMatches)"
    )
  }
  return AuditResult(lines: total, seconds: best.seconds, startupSeconds: startup.seconds, matched: matched)
}

let audit = runAudit ? auditThroughput(lines: auditLines, in: binDirectory) : nil

// MARK: - Report

func format(_ value: Double, _ decimals: Int = 0) -> String { String(format: "%.\(decimals)f", value) }
func cell(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}
func nanoseconds(_ timing: Timing?) -> String {
  guard let timing else { return "skipped" }
  return timing.nanoseconds >= 100 ? format(timing.nanoseconds) : format(timing.nanoseconds, 1)
}
func ratio(_ numerator: Timing?, _ denominator: Timing?) -> String {
  guard let numerator, let denominator, denominator.nanoseconds > 0 else { return "-" }
  let value = numerator.nanoseconds / denominator.nanoseconds
  return value >= 100 ? format(value) + "x" : format(value, 1) + "x"
}

let header = [
  ("routes", 7), ("build ms", 9), ("build MiB", 10), ("URL ns", 8), ("values ns", 10), ("String ns", 10),
  ("index ns", 9), ("linear ns", 10), ("regex ns", 10), ("scan ns", 8), ("URLs/s", 10), ("regex/URL", 10),
  ("linear/URL", 11), ("URL/scan", 9), ("val/scan", 9), ("Str/scan", 9),
]
print("Cost per link (median of rounds; URL = router.match(URL), values = the same and its parameters")
print("read once, String = router.match(String), index = route index only, the audit path; ratios are")
print("of times measured in this run)")
print(header.map { cell($0.0, $0.1) }.joined(separator: " "))
for result in results {
  let perSecond = result.matchURL.map { format(1e9 / $0.nanoseconds) } ?? "-"
  let row = [
    String(result.routes), format(result.buildMilliseconds, 1), format(result.buildPeakMiB, 1),
    nanoseconds(result.matchURL), nanoseconds(result.matchValues), nanoseconds(result.matchString),
    nanoseconds(result.routeIndex), nanoseconds(result.linear), nanoseconds(result.regex),
    nanoseconds(result.scan), perSecond, ratio(result.regex, result.matchURL),
    ratio(result.linear, result.matchURL),
    ratio(result.matchURL, result.scan), ratio(result.matchValues, result.scan),
    ratio(result.matchString, result.scan),
  ]
  print(zip(row, header).map { cell($0, $1.1) }.joined(separator: " "))
}
var notes: [String] = []
for result in results {
  if let regex = result.regex, regex.links < linkCount {
    notes.append("regex at \(result.routes) routes timed on the first \(regex.links) links")
  }
  if let linear = result.linear, linear.links < linkCount {
    notes.append("linear at \(result.routes) routes timed on the first \(linear.links) links")
  }
}
if results.contains(where: { $0.regex == nil }) {
  notes.append(
    "regex skipped above \(regexLimit) routes (over 10 ms a link; compiling the list alone takes seconds)")
}
for note in notes { print("  note: \(note)") }
if let audit {
  let rate = Double(audit.lines) / audit.seconds
  print(
    "deeplink audit, 10,000 routes, \(audit.lines) links: \(format(audit.seconds, 3)) s end to end "
      + "(\(format(rate)) links/s; start-up with the route file and empty input \(format(audit.startupSeconds, 3)) s)"
  )
}

// Targets.
do {
  func result(_ routes: Int) -> SizeResult? { results.first { $0.routes == routes } }
  var targets: [(String, String, Bool?)] = []
  func check(_ name: String, _ value: Double?, _ limit: Double, atMost: Bool = true, unit: String = "x") {
    guard let value else {
      targets.append((name, "not measured", nil))
      return
    }
    targets.append(
      (
        name, format(value, 2) + unit + (atMost ? " <= " : " >= ") + format(limit, 2) + unit,
        atMost ? value <= limit : value >= limit
      ))
  }
  func cost(_ routes: Int) -> Double? { result(routes)?.matchURL?.nanoseconds }
  func quotient(_ left: Double?, _ right: Double?) -> Double? {
    guard let left, let right, right > 0 else { return nil }
    return left / right
  }
  check("flat: 10,000 routes vs 100", quotient(cost(10_000), cost(100)), 1.5)
  check("flat: 100,000 routes vs 10", quotient(cost(100_000), cost(10)), 2)
  check(
    "regex list / router at 100", quotient(result(100)?.regex?.nanoseconds, cost(100)), 100, atMost: false)
  check(
    "linear / router at 1,000", quotient(result(1_000)?.linear?.nanoseconds, cost(1_000)), 10, atMost: false)
  let worstScan = results.compactMap { quotient($0.matchURL?.nanoseconds, $0.scan?.nanoseconds) }.max()
  check("router / UTF-8 scan (worst size)", worstScan, 5)
  check(
    "audit links per second", audit.map { Double($0.lines) / $0.seconds / 1e6 }, 1, atMost: false, unit: "M")
  check("build 100,000 routes, ms", result(100_000)?.buildMilliseconds, 1000, unit: "")
  check("build 100,000 routes, MiB", result(100_000)?.buildPeakMiB, 100, unit: "")
  print("targets:")
  for (name, text, met) in targets {
    let verdict = met.map { $0 ? "met" : "MISSED" } ?? "-"
    print("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + text + "  " + verdict)
  }
}

// One machine-readable line.
func json(_ timing: Timing?) -> String { timing.map { format($0.nanoseconds, 1) } ?? "null" }
let sizeObjects = results.map { result in
  "{\"routes\":\(result.routes),\"buildMs\":\(format(result.buildMilliseconds, 1)),"
    + "\"buildPeakMiB\":\(format(result.buildPeakMiB, 1)),\"matchURLNs\":\(json(result.matchURL)),"
    + "\"matchValuesNs\":\(json(result.matchValues)),"
    + "\"matchStringNs\":\(json(result.matchString)),\"routeIndexNs\":\(json(result.routeIndex)),"
    + "\"linearNs\":\(json(result.linear)),\"regexNs\":\(json(result.regex)),\"scanNs\":\(json(result.scan))}"
}
let auditObject =
  audit.map {
    "{\"lines\":\($0.lines),\"seconds\":\(format($0.seconds, 3)),\"startupSeconds\":\(format($0.startupSeconds, 3)),"
      + "\"linksPerSecond\":\(format(Double($0.lines) / $0.seconds))}"
  } ?? "null"
print(
  "{\"benchmark\":\"deeplink-bench\",\"sizes\":[\(sizeObjects.joined(separator: ","))],\"audit\":\(auditObject)}"
)

if let svgPath {
  let series = [
    Series(name: "regex list", color: "#d62728", values: results.map { $0.regex?.nanoseconds }),
    Series(name: "linear matcher", color: "#ff7f0e", values: results.map { $0.linear?.nanoseconds }),
    Series(name: "router, URL", color: "#1f77b4", values: results.map { $0.matchURL?.nanoseconds }),
    Series(
      name: "router, URL and values", color: "#9467bd", values: results.map { $0.matchValues?.nanoseconds }),
    Series(name: "router, String", color: "#17becf", values: results.map { $0.matchString?.nanoseconds }),
    Series(name: "router, index only", color: "#2ca02c", values: results.map { $0.routeIndex?.nanoseconds }),
    Series(name: "UTF-8 scan", color: "#7f7f7f", values: results.map { $0.scan?.nanoseconds }),
  ]
  let svg = chartSVG(sizes: results.map(\.routes), series: series, title: "Cost of matching one link")
  do {
    try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
  } catch {
    fail("cannot write \(svgPath): \(error)")
  }
}
if sink == 42 { print("") }  // keeps the timed work observable
