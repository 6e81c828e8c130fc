/// The outcome of ``AASAConsistencyCheck``: each probed path, what was expected, what the matcher said.
package struct AASAConsistencyReport: Hashable, Sendable, CustomStringConvertible {
  /// Why a path was probed.
  package enum Kind: String, Hashable, Sendable {
    /// A sample of a route: it must open the app.
    case routedSample = "routed"
    /// A path no route accepts: it must not open the app.
    case unroutedPath = "unrouted"
    /// A path no route accepts but the AASA language cannot keep out (a parameter widened to `?*`):
    /// reported for information, never a failure.
    case widening
  }

  /// One probed path.
  package struct Check: Hashable, Sendable, CustomStringConvertible {
    /// The percent-encoded path.
    package var path: String
    /// The route it samples or widens, if any.
    package var route: String?
    /// Why it was probed.
    package var kind: Kind
    /// What the matcher decided.
    package var result: AASAMatchResult

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - path: The percent-encoded path.
    ///   - route: The route it samples or widens.
    ///   - kind: Why it was probed.
    ///   - result: What the matcher decided.
    package init(path: String, route: String?, kind: Kind, result: AASAMatchResult) {
      self.path = path
      self.route = route
      self.kind = kind
      self.result = result
    }

    /// Whether the matcher's decision is the expected one (widenings always pass).
    package var passed: Bool {
      switch kind {
      case .routedSample: result.opensApp
      case .unroutedPath: !result.opensApp
      case .widening: true
      }
    }

    /// `ok|FAIL kind path (route): result`.
    package var description: String {
      "\(passed ? "ok" : "FAIL") \(kind.rawValue) \(path)\(route.map { " (\($0))" } ?? ""): \(result)"
    }
  }

  /// Every check, routed samples first.
  package var checks: [Check]

  /// Creates a report.
  ///
  /// - Parameter checks: The checks.
  package init(checks: [Check]) {
    self.checks = checks
  }

  /// The checks whose decision was not the expected one.
  package var failures: [Check] {
    checks.filter { !$0.passed }
  }

  /// Whether every routed sample opens the app and no unrouted path does.
  package var isConsistent: Bool {
    failures.isEmpty
  }

  /// One line per check.
  package var description: String {
    checks.map(\.description).joined(separator: "\n")
  }
}
