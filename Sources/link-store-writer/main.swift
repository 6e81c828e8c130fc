// A process for the crash tests of DurableLinkStore: it appends or delivers links and reports each
// step on stdout the moment it is durable, so a test can kill it with SIGKILL at any instant and then
// check that everything reported survived and nothing was applied twice.
//
//   link-store-writer append <directory> <round> <count>
//       appends <count> links with ids derived from <round> and the index, printing
//       "stored <uuid>" after each append returns
//   link-store-writer deliver <directory> <pause-microseconds>
//       delivers every pending link, printing "applied <uuid> <0|1>" (1 for a redelivery) in the
//       apply step and pausing there, then "done <count>"
//
// Output goes straight to file descriptor 1 (no stdio buffering), so a printed line is never lost to a
// kill. Exit status: 0 done, 1 store error, 2 usage.

import DeepLinking
import DurableLinkStorage
import Foundation

func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(status)
}

/// The id of link `index` of append round `round`: recognizable, so a test can tell where it came from.
func linkID(round: Int, index: Int) -> UUID? {
  func hex(_ value: Int, _ width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
  return UUID(uuidString: "\(hex(round, 8))-0000-4000-8000-\(hex(index, 12))")
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  fail(
    "usage: link-store-writer append <directory> <round> <count> | deliver <directory> <pause-us>", status: 2)
}
let directory = URL(fileURLWithPath: arguments[2])

do {
  let store = try DurableLinkStore(directory: directory)
  switch arguments[1] {
  case "append":
    guard arguments.count == 5, let round = Int(arguments[3]), let count = Int(arguments[4]) else {
      fail("usage: link-store-writer append <directory> <round> <count>", status: 2)
    }
    for index in 0..<count {
      guard let id = linkID(round: round, index: index) else {
        fail("round \(round) or index \(index) out of range", status: 2)
      }
      try await store.append(
        IncomingLink(id: id, url: "myapp://crash/\(round)/\(index)", source: .programmatic))
      emit("stored \(id.uuidString)")
    }
    emit("done \(count)")
  case "deliver":
    guard arguments.count == 4, let pause = UInt32(arguments[3]) else {
      fail("usage: link-store-writer deliver <directory> <pause-microseconds>", status: 2)
    }
    let count = try await store.deliver { delivery in
      emit("applied \(delivery.link.id.uuidString) \(delivery.isRedelivery ? 1 : 0)")
      usleep(pause)
    }
    emit("done \(count)")
  default:
    fail("unknown mode \(arguments[1])", status: 2)
  }
} catch {
  fail("link-store-writer: \(error)", status: 1)
}
