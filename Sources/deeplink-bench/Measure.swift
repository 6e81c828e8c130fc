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
  // Calibrate on a few links.
  let probe = min(available, minimumLinks)
  var start = now()
  sink &+= pass(probe)
  let probeCost = max((now() - start) / Double(probe), 1e-9)
  let links = max(probe, min(available, Int(passTime / probeCost)))
  sink &+= pass(links)  // warm up
  var samples: [Double] = []
  for _ in 0..<rounds {
    var passes = 0
    start = now()
    var elapsed = 0.0
    while passes < 1_000_000 {
      sink &+= pass(links)
      passes += 1
      elapsed = now() - start
      if elapsed >= passTime { break }
    }
    samples.append(elapsed / Double(passes * links) * 1e9)
  }
  samples.sort()
  return Timing(nanoseconds: samples[samples.count / 2], links: links)
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
