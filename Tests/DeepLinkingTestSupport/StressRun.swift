import Foundation
import Testing

/// The stress run: the tests that take from seconds to a minute each (ten gigabytes through a pipe, a
/// writer killed up to 200 times, 100,000 links against the reference router, every pair of 330
/// patterns, a table of 59,049 routes, 1,500 routes for one association file). They run only when
/// `DEEPLINK_STRESS` is `1`, as `Scripts/stress.sh` sets it, so the everyday `swift test` stays short;
/// CI runs that script on every run.
///
/// Every stress test sits in a suite whose type is named `StressTests` (nested in the suite it belongs
/// with), which is how `Scripts/stress.sh` selects them.
public enum StressRun {
  /// Whether this is the stress run: the environment variable `DEEPLINK_STRESS` is `1`.
  public static let isEnabled = ProcessInfo.processInfo.environment["DEEPLINK_STRESS"] == "1"
}

extension Trait where Self == ConditionTrait {
  /// Runs a suite only in the stress run (`DEEPLINK_STRESS=1`, as `Scripts/stress.sh` sets it).
  public static var stress: Self {
    .enabled(if: StressRun.isEnabled, "a stress test: runs with DEEPLINK_STRESS=1 (Scripts/stress.sh)")
  }
}
