/// The body of `webcredentials`, `appclips` and `activitycontinuation`: `{"apps": [appID, ...]}`.
package struct AASAAppList: Hashable, Sendable {
  /// The app IDs, each `<TeamID>.<bundle id>`.
  package var apps: [String]

  /// Creates an app list.
  ///
  /// - Parameter apps: The app IDs.
  package init(apps: [String]) {
    self.apps = apps
  }
}
