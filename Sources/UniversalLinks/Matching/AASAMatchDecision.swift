/// What every `details` entry of an apple-app-site-association file decided for one URL: the apps
/// each entry lets through or blocks, and the rule that decided.
///
/// An app is decided by the earliest entry whose rules match the URL; later entries do not consider it
/// again. The URL opens the app when some entry lets one through.
package struct AASAMatchDecision: Hashable, Sendable {
  /// The decision of one entry.
  package struct Claim: Hashable, Sendable {
    /// The apps the entry decided (those no earlier entry decided, with a valid app ID).
    package var appIDs: [String]
    /// The entry's index in `applinks.details`.
    package var detailIndex: Int
    /// The deciding rule's index in the entry's `components` (or `paths`).
    package var ruleIndex: Int
    /// Whether the rule lets the apps open the URL (`false`: an `exclude` rule or a `NOT ` path).
    package var opens: Bool

    /// Creates a claim.
    ///
    /// - Parameters:
    ///   - appIDs: The apps the entry decided.
    ///   - detailIndex: The entry's index in `applinks.details`.
    ///   - ruleIndex: The deciding rule's index.
    ///   - opens: Whether the rule lets the apps open the URL.
    package init(appIDs: [String], detailIndex: Int, ruleIndex: Int, opens: Bool) {
      self.appIDs = appIDs
      self.detailIndex = detailIndex
      self.ruleIndex = ruleIndex
      self.opens = opens
    }
  }

  /// Every entry that decided some app, in document order.
  package var claims: [Claim]

  /// Creates a decision.
  ///
  /// - Parameter claims: The entries' decisions, in document order.
  package init(claims: [Claim]) {
    self.claims = claims
  }

  /// Every app that opens the URL, across entries, in document order.
  package var openingAppIDs: [String] {
    claims.filter(\.opens).flatMap(\.appIDs)
  }

  /// The summary: `match` with every opening app and the first entry and rule that let one through;
  /// otherwise `blocked` with the apps the first blocking rule blocks and that rule; otherwise `none`.
  package var result: AASAMatchResult {
    if let first = claims.first(where: \.opens) {
      return .match(appIDs: openingAppIDs, detailIndex: first.detailIndex, ruleIndex: first.ruleIndex)
    }
    if let block = claims.first {
      return .blocked(appIDs: block.appIDs, detailIndex: block.detailIndex, ruleIndex: block.ruleIndex)
    }
    return .none
  }
}
