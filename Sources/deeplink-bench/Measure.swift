import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Monotonic time in seconds.
func now() -> Double {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// What one timed method cost.
struct Timing {
  /// Nanoseconds per link, the median of the rounds.
  var nanoseconds: Double
  /// How many links one pass covered (fewer than all for the slow baselines).
  var links: Int
}

/// Times `pass(count)`, which handles the first `count` links once and returns a checksum.
///
/// The number of links is chosen so that one pass takes about `passTime` (at least `minimumLinks`),
/// then passes repeat until a round takes `passTime`; the result is the median of `rounds` rounds.
/// Every loop is bounded by count and by time.
func measure(
  available: Int, minimumLinks: Int = 20, passTime: Double = 0.04, rounds: Int = 5,
  sink: inout UInt64, _ pass: (Int) -> UInt64
) -> Timing {
  withoutActuallyEscaping(pass) { pass in
    let method = TimedMethod(available: available, minimumLinks: minimumLinks, passTime: passTime, pass: pass)
    return measureTogether([method], rounds: rounds, sink: &sink)[0]
  }
}

/// One method for ``measureTogether(_:rounds:sink:)``: `pass(count)` handles the first `count` of
/// `available` links once and returns a checksum.
struct TimedMethod {
  var available: Int
  var minimumLinks = 20
  var passTime = 0.04
  var pass: (Int) -> UInt64
}

/// Times several methods round by round: each round times every method once, in turn, so that a slow
/// spell of the machine (another tenant's burst, often a second long) falls on all of them alike and
/// the ratios between their medians hold. Each method is first calibrated (the number of links one
/// pass covers is chosen so that it takes about the method's `passTime`, at least its `minimumLinks`);
/// in a round it makes one pass untimed, to warm the caches again, then its passes repeat until they
/// take `passTime`. The result, per method, is the median of `rounds` rounds. Every loop is bounded by
/// count and by time.
func measureTogether(_ methods: [TimedMethod], rounds: Int, sink: inout UInt64) -> [Timing] {
  var links: [Int] = []
  for method in methods {
    let probe = min(method.available, method.minimumLinks)
    let start = now()
    sink &+= method.pass(probe)
    let probeCost = max((now() - start) / Double(probe), 1e-9)
    let count = max(probe, min(method.available, Int(method.passTime / probeCost)))
    sink &+= method.pass(count)  // warm up
    links.append(count)
  }
  var samples = [[Double]](repeating: [], count: methods.count)
  for _ in 0..<rounds {
    for (index, method) in methods.enumerated() {
      // One pass untimed first: the method before may have pushed this one's tables and links out of
      // the caches (the linear matcher walks every route), and timing the refill would charge it
      // to whichever method comes first in a round.
      sink &+= method.pass(links[index])
      var passes = 0
      let start = now()
      var elapsed = 0.0
      while passes < 1_000_000 {
        sink &+= method.pass(links[index])
        passes += 1
        elapsed = now() - start
        if elapsed >= method.passTime { break }
      }
      samples[index].append(elapsed / Double(passes * links[index]) * 1e9)
    }
  }
  return samples.indices.map { index in
    let sorted = samples[index].sorted()
    return Timing(nanoseconds: sorted[sorted.count / 2], links: links[index])
  }
}

/// The resident set size now and its peak so far, in KiB, from /proc/self/status (`getrusage` gives
/// the peak elsewhere).
func memoryKiB() -> (current: Int, peak: Int) {
  var current = 0
  var peak = 0
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
    for line in status.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 2, let value = Int(fields[1]) else { continue }
      if fields[0] == "VmRSS:" { current = value }
      if fields[0] == "VmHWM:" { peak = value }
    }
  }
  if peak == 0 {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
      peak = Int(usage.ru_maxrss)
    #else
      getrusage(RUSAGE_SELF, &usage)
      peak = Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #endif
    current = peak
  }
  return (current, peak)
}

/// Runs a program, feeding it a file on standard input; returns its standard output, exit status
/// and wall time.
func runProgram(_ path: String, _ arguments: [String], input: String) -> (
  output: String, status: Int32, seconds: Double
)? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  guard let inputHandle = FileHandle(forReadingAtPath: input) else { return nil }
  let pipe = Pipe()
  process.standardInput = inputHandle
  process.standardOutput = pipe
  let start = now()
  do {
    try process.run()
  } catch {
    return nil
  }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  let seconds = now() - start
  try? inputHandle.close()
  return (String(decoding: data, as: UTF8.self), process.terminationStatus, seconds)
}
