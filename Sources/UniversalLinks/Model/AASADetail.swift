/// One entry of `applinks.details`: the apps it names and the rules for their URLs.
///
/// iOS 13 and later read `components` and ignore `paths` when both are present; older systems read
/// only `paths`. When `appIDs` is present, `appID` is ignored (observed with Apple's matcher).
package struct AASADetail: Hashable, Sendable {
  /// The `appIDs` key: the apps this entry is for, each `<TeamID>.<bundle id>`.
  package var appIDs: [String]?
  /// The `appID` key: the single app of the older form. Ignored when ``appIDs`` is present.
  package var appID: String?
  /// The `components` key (iOS 13+): ordered rules; the first that matches decides.
  package var components: [AASAComponent]?
  /// The legacy `paths` key: ordered path patterns, a `NOT ` prefix excludes.
  package var paths: [String]?
  /// The `defaults` key (iOS 14+): values for keys that this detail's components leave out.
  package var defaults: AASAComponent?

  /// Creates a detail entry.
  ///
  /// - Parameters:
  ///   - appIDs: The `appIDs` array.
  ///   - appID: The `appID` string of the older form.
  ///   - components: The ordered components rules.
  ///   - paths: The legacy ordered path patterns.
  ///   - defaults: The detail-level defaults.
  package init(
    appIDs: [String]? = nil,
    appID: String? = nil,
    components: [AASAComponent]? = nil,
    paths: [String]? = nil,
    defaults: AASAComponent? = nil
  ) {
    self.appIDs = appIDs
    self.appID = appID
    self.components = components
    self.paths = paths
    self.defaults = defaults
  }

  /// The apps this entry applies to: ``appIDs`` when present, otherwise ``appID``, otherwise none.
  package var effectiveAppIDs: [String] {
    if let appIDs { return appIDs }
    if let appID { return [appID] }
    return []
  }
}
