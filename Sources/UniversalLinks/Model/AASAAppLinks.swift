/// The `applinks` section: which URLs of the domain open which app.
package struct AASAAppLinks: Hashable, Sendable {
  /// The legacy `apps` key of the original guide (always an empty array there); `nil` when absent.
  package var apps: [String]?
  /// The `details` entries, in document order. Across entries the earliest one that decides wins.
  package var details: [AASADetail]
  /// Whether `details` was written in the oldest form, an object keyed by app ID
  /// (`{"details": {"ABCDE12345.com.x": {"paths": [...]}}}`). Encoding keeps the form.
  package var detailsKeyedByAppID: Bool
  /// The `defaults` key (iOS 14+): values for keys that neither an entry nor its detail sets.
  package var defaults: AASAComponent?
  /// The `substitutionVariables` key (iOS 13.5+): `$(name)` in a pattern matches any listed value.
  package var substitutionVariables: [String: [String]]?

  /// Creates an `applinks` section.
  ///
  /// - Parameters:
  ///   - apps: The legacy `apps` array, or `nil` to leave it out.
  ///   - details: The detail entries, in order.
  ///   - detailsKeyedByAppID: Whether to write `details` in the oldest, keyed-by-app-ID form.
  ///   - defaults: The section-wide defaults.
  ///   - substitutionVariables: Custom substitution variables, name to values.
  package init(
    apps: [String]? = nil,
    details: [AASADetail] = [],
    detailsKeyedByAppID: Bool = false,
    defaults: AASAComponent? = nil,
    substitutionVariables: [String: [String]]? = nil
  ) {
    self.apps = apps
    self.details = details
    self.detailsKeyedByAppID = detailsKeyedByAppID
    self.defaults = defaults
    self.substitutionVariables = substitutionVariables
  }
}
