/// Compares a detail's legacy `paths` (read by iOS 12 and earlier) with its `components` (iOS 13 and
/// later) on sample paths made from both sides' patterns, to find a path they decide differently.
///
/// Only what `paths` can express is compared: the components are projected onto paths first. A rule's
/// query and fragment conditions are dropped (a rule that needs `?id=` still opens its path on iOS 12),
/// and an `exclude` rule with a query or fragment condition is left out (it blocks only some URLs of
/// its path), so a file generated with both forms does not warn for conditions `paths` cannot state.
enum PathsComponentsComparison {
  /// The most sample paths tried, so that a large file stays cheap to check.
  static let maximumSamples = 64

  /// The first sample path that one side opens and the other does not, described; `nil` when they
  /// agree on every sample.
  ///
  /// Samples are the patterns with each `*` and `?` replaced by `x`, without query or fragment;
  /// patterns with substitution variables are skipped.
  static func firstDisagreement(
    paths: [String], components: [AASAComponent], defaults: AASAComponent,
    substitutionVariables: [String: [String]]?
  ) -> String? {
    let appID = "ABCDE12345.com.example.app"
    let legacy = AASAMatcher(
      document: AASADocument(appLinks: AASAAppLinks(details: [AASADetail(appIDs: [appID], paths: paths)])))
    let current = AASAMatcher(
      document: AASADocument(
        appLinks: AASAAppLinks(
          details: [AASADetail(appIDs: [appID], components: projected(components, defaults: defaults))],
          substitutionVariables: substitutionVariables)))
    var seen: Set<String> = []
    // Patterns come from the components as written, so each side's own paths are sampled.
    let patterns =
      paths.map { $0.hasPrefix("NOT ") ? String($0.dropFirst(4)) : $0 } + components.map { $0.path ?? "*" }
    for pattern in patterns where !pattern.contains("$(") && seen.count < maximumSamples {
      var sample = String(pattern.map { $0 == "*" || $0 == "?" ? "x" : $0 })
      if !sample.hasPrefix("/") { sample = "/" + sample }
      guard seen.insert(sample).inserted,
        let legacyOpens = try? legacy.match(sample).opensApp,
        let currentOpens = try? current.match(sample).opensApp,
        legacyOpens != currentOpens
      else { continue }
      return legacyOpens
        ? "\(sample) opens the app under \"paths\" but not under \"components\""
        : "\(sample) opens the app under \"components\" but not under \"paths\""
    }
    return nil
  }

  /// The components as `paths` can state them: layered over the defaults, without query and fragment
  /// conditions, and without the exclude rules that have such conditions.
  private static func projected(_ components: [AASAComponent], defaults: AASAComponent) -> [AASAComponent] {
    components.compactMap { component in
      var rule = component.layered(over: defaults)
      let conditional =
        !(rule.query?.acceptsEverything ?? true) || !(rule.fragment ?? "*").allSatisfy { $0 == "*" }
      if conditional && rule.exclude == true { return nil }
      rule.query = nil
      rule.fragment = nil
      return rule
    }
  }
}
