/// One entry of a `components` array, or a set of `defaults`.
///
/// Every key is optional: an absent key takes its value from the detail's `defaults`, then from
/// `applinks.defaults`, then from Apple's default (`/`, `?` and `#` match anything, `exclude` is false,
/// `caseSensitive` and `percentEncoded` are true). An empty entry `{}` therefore matches every URL.
///
/// ```swift
/// let entry = AASAComponent(path: "/help/*", query: .items(["articleNumber": "????"]))
/// ```
package struct AASAComponent: Hashable, Sendable {
  /// The `/` key: the pattern for the URL path.
  package var path: String?
  /// The `?` key: the pattern for the query, as a whole or per item.
  package var query: AASAQueryPattern?
  /// The `#` key: the pattern for the fragment.
  package var fragment: String?
  /// The `exclude` key: when true, a URL this entry matches does not open the app.
  package var exclude: Bool?
  /// The `caseSensitive` key: whether patterns compare case-sensitively.
  package var caseSensitive: Bool?
  /// The `percentEncoded` key: whether the URL is compared as written (true) or decoded first (false).
  package var percentEncoded: Bool?
  /// The `comment` key: text for people, ignored by the matcher.
  package var comment: String?

  /// Creates a components entry; every key left `nil` is absent from the entry.
  ///
  /// - Parameters:
  ///   - path: The `/` pattern.
  ///   - query: The `?` pattern.
  ///   - fragment: The `#` pattern.
  ///   - exclude: The `exclude` flag.
  ///   - caseSensitive: The `caseSensitive` flag.
  ///   - percentEncoded: The `percentEncoded` flag.
  ///   - comment: The `comment` text.
  package init(
    path: String? = nil,
    query: AASAQueryPattern? = nil,
    fragment: String? = nil,
    exclude: Bool? = nil,
    caseSensitive: Bool? = nil,
    percentEncoded: Bool? = nil,
    comment: String? = nil
  ) {
    self.path = path
    self.query = query
    self.fragment = fragment
    self.exclude = exclude
    self.caseSensitive = caseSensitive
    self.percentEncoded = percentEncoded
    self.comment = comment
  }

  /// This entry with every absent key taken from `base`.
  ///
  /// The matcher layers an entry over its detail's `defaults`, and those over `applinks.defaults`.
  ///
  /// - Parameter base: The lower layer, e.g. a `defaults` object.
  /// - Returns: An entry whose present keys are this entry's, and whose other keys are `base`'s.
  package func layered(over base: AASAComponent?) -> AASAComponent {
    guard let base else { return self }
    return AASAComponent(
      path: path ?? base.path,
      query: query ?? base.query,
      fragment: fragment ?? base.fragment,
      exclude: exclude ?? base.exclude,
      caseSensitive: caseSensitive ?? base.caseSensitive,
      percentEncoded: percentEncoded ?? base.percentEncoded,
      comment: comment ?? base.comment
    )
  }
}
