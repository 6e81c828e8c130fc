/// One statement of `assetlinks.json`: the relations granted to a target.
package struct AssetLinksStatement: Hashable, Sendable {
  /// The `relation` key, e.g. ``handleAllURLs``.
  package var relation: [String]
  /// The `target` key: who is granted the relations.
  package var target: AssetLinksTarget

  /// The relation that lets an Android app open the site's https links (App Links).
  package static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  /// Creates a statement.
  ///
  /// - Parameters:
  ///   - relation: The relations granted; by default ``handleAllURLs``.
  ///   - target: The app or site granted them.
  package init(relation: [String] = [AssetLinksStatement.handleAllURLs], target: AssetLinksTarget) {
    self.relation = relation
    self.target = target
  }
}
