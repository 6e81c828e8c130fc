// The availability check's self-test (Scripts/check-availability.sh compiles this file as a module of
// its own): every line marked `expect:` must be reported, and nothing else. The unmarked lines are
// uses the check must accept at the floors iOS 17 and macOS 14.
import Foundation

// An iOS 18 / macOS 15 initialiser.
func decodedText(_ bytes: [UInt8]) -> String? {
  String(validating: bytes, as: UTF8.self)  // expect: Swift.String.init(validating:as:)
}

// Deprecated in iOS 16 and macOS 13, before the floors: an iOS 17 build warns.
func languageCode(_ locale: Locale) -> String? {
  locale.languageCode  // expect: FoundationEssentials.Locale.languageCode
}

// Deprecated in a future version only (`100000`): no warning at the floors.
func lastComponent(_ url: URL) -> URL {
  url.appendingPathComponent("x")
}

struct ProbeFailure: Error {}

enum ProbeCommand {
  static func run(_ word: String) throws(ProbeFailure) -> Int { word.count }
}

// A stored typed-throws function type inside an array: its metadata needs the iOS 18 runtime.
@MainActor enum ProbeTables {
  static let commands: [(name: String, run: (String) throws(ProbeFailure) -> Int)] = [  // expect: typed-throws
    ("count", ProbeCommand.run)
  ]

  // An optional typed-throws closure is generic storage too.
  static var handler: ((String) throws(ProbeFailure) -> Int)? = nil  // expect: typed-throws
}

// Accepted: a typed-throws closure passed straight to a call needs no metadata.
func withProbe<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
  try body()
}

func acceptedUses(_ numbers: [Int], _ stream: AsyncStream<Int>) async -> Int {
  // `&*` resolves to the extension method older runtimes have; `for await` calls `next()` there.
  var total = (try? withProbe { () throws(ProbeFailure) -> Int in 2 &* numbers.count }) ?? 0
  for await number in stream { total &+= number }
  // An untyped throwing closure can be stored anywhere.
  let untyped: [(String) throws -> Int] = [{ $0.count }]
  return total + untyped.count
}
