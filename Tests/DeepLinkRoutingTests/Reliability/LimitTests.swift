import Foundation
import RouteFiles
import Testing

@testable import DeepLinkRouting

/// Limits a table declares are checked when it is loaded, and the largest allowed limits are safe to
/// use: no arithmetic overflow, no recursion as deep as the link.
@Suite("Limits: checked at load, safe at their maxima")
struct LimitTests {
  @Test func anIntMaxSegmentLimitInARouteFileNamesTheKeyAndTheRange() throws {
    let json = #"{"schemes": ["myapp"], "limits": {"maxSegments": 9223372036854775807}, "routes": []}"#
    let error = try #require(throws: RouteTableError.self) { try RouteTable(json: Data(json.utf8)) }
    #expect(
      error
        == RouteTableError(
          location: "limits.maxSegments",
          reason: .limitOutOfRange(
            key: "maxSegments", value: Int.max, allowed: RouteTable.Options.allowedSegments),
          line: error.line, column: error.column))
    #expect(error.description.contains("limits.maxSegments"), "\(error)")
    #expect(error.description.contains("1...65536"), "\(error)")
  }

  @Test func aTableBuiltInSwiftWithAnIntMaxLimitIsRefusedByTheRouter() throws {
    for (key, limits) in [
      ("maxURLLength", RouteTable.Options(maxURLLength: .max)),
      ("maxSegments", RouteTable.Options(maxSegments: .max)),
      ("maxQueryItems", RouteTable.Options(maxQueryItems: .max)),
      ("maxRoutes", RouteTable.Options(maxRoutes: .max)),
      ("maxSegments", RouteTable.Options(maxSegments: 0)),
      ("maxURLLength", RouteTable.Options(maxURLLength: -1)),
    ] {
      let table = RouteTable(schemes: ["myapp"], options: limits, routes: [RouteDefinition("a", "/a")])
      let error = try #require(throws: RouteTableError.self) { try Router(table) }
      #expect(error.location == "limits.\(key)", "\(error)")
      guard error.code == .limitOutOfRange, let allowed = error.allowed else {
        Issue.record("unexpected \(error)")
        continue
      }
      #expect(error.key == key)
      #expect(allowed.lowerBound == 1)
    }
  }

  @Test func theLargestAllowedLimitsReadLinks() throws {
    let limits = RouteTable.Options(
      maxURLLength: RouteTable.Options.allowedURLLength.upperBound,
      maxSegments: RouteTable.Options.allowedSegments.upperBound,
      maxQueryItems: RouteTable.Options.allowedQueryItems.upperBound,
      maxRoutes: RouteTable.Options.allowedRoutes.upperBound)
    let table = RouteTable(
      schemes: ["myapp"], options: limits, routes: [RouteDefinition("clip", "/v/{id:int}")])
    let router = try Router(table)
    #expect(try router.match("myapp://v/7?a=1#f")?.parameters.int("id") == 7)
    let json = table.jsonData()
    #expect(try RouteTable(json: json).options == limits)
  }

  @Test func twelveThousandSegmentsMatchWithoutRecursion() throws {
    let count = 12_000
    let pattern = String(repeating: "/s", count: count - 1) + "/{last:int}"
    let table = RouteTable(
      schemes: ["myapp"],
      options: .init(maxURLLength: 1 << 20, maxSegments: 16_384),
      routes: [
        RouteDefinition("deep", pattern),
        RouteDefinition("catchAll", "/s/{rest+}"),
      ])
    let router = try Router(table)
    let link = "myapp:" + String(repeating: "/s", count: count - 1) + "/42"
    // Run on a thread with a small stack, as an app's secondary threads have.
    let outcome = try Self.onSmallStack { try router.match(link) }
    #expect(outcome?.route == "deep")
    #expect(outcome?.parameters.int("last") == 42)
    // One segment that does not fit the typed parameter backtracks the whole depth to the catch-all.
    let fallback = try Self.onSmallStack {
      try router.match("myapp:" + String(repeating: "/s", count: count - 1) + "/x")
    }
    #expect(fallback?.route == "catchAll")
  }

  /// Runs `body` on a thread with a 512 KiB stack and returns its result.
  static func onSmallStack<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
    let box = ResultBox<Value>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.result = Result { try body() }
      done.signal()
    }
    thread.stackSize = 512 << 10
    thread.start()
    done.wait()
    guard let result = box.result else { throw CancellationError() }
    return try result.get()
  }
}

/// The result of work done on another thread, read after that thread signalled it is done.
private final class ResultBox<Value>: @unchecked Sendable {
  var result: Result<Value, any Error>?
}
