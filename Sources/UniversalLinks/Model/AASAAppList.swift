/// The body of `webcredentials`, `appclips` and `activitycontinuation`: `{"apps": [appID, ...]}`.
public struct AASAAppList: Hashable, Sendable {
  /// The app IDs, each `<TeamID>.<bundle id>`.
  public var apps: [String]

  /// Creates an app list.
  ///
  /// - Parameter apps: The app IDs.
  public init(apps: [String]) {
    self.apps = apps
  }
}
