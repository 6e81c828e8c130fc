import DeepLinkRouting

extension AndroidIntentFilterGenerator {
  /// The `<uri-relative-filter-group>` elements of a web route that reads the query or the
  /// fragment, for an app whose minSdk is 35 (Android 15) or more; `nil` below, for a route that
  /// reads neither, or when a condition cannot be said (the route keeps its paths and its listed
  /// widening).
  ///
  /// Android reads a group once no path condition of the filter matched; every condition of the
  /// group must match (`UriRelativeFilterGroup`). So each path condition of the route becomes a
  /// group holding it and the route's other conditions:
  /// - a required query item `q`: `queryAdvancedPattern="q=.+"` (some item of the decoded query is
  ///   `q=` and a value, as the router requires a non-empty one);
  /// - a literal value `ref=spring`: `query="ref=spring"`;
  /// - a fragment route (`/#/room/{id}`): the fragment's own path conditions as
  ///   `fragment...` attributes, for a route whose fragment holds no query.
  ///
  /// An item that must be absent (`!debug`) is not said (no group can require an item's absence) and
  /// stays a listed widening. A route with a query rule the AASA reading cannot state, or an item
  /// name holding a character the advanced pattern reads as syntax, is written as before.
  ///
  /// - Parameters:
  ///   - shape: The route's shape.
  ///   - paths: The route's path conditions; none for every path.
  ///   - table: The route table.
  ///   - minimumAPILevel: The app's minSdk.
  /// - Returns: The groups, or `nil`.
  static func relativeFilterGroups(
    of shape: RoutePathShape, paths: [AndroidPathPattern], table: RouteTable, minimumAPILevel: Int
  ) -> [AndroidRelativeFilterGroup]? {
    guard minimumAPILevel >= AndroidIntentFilter.relativeFilterGroupAPILevel,
      shape.unstatedQueryItems.isEmpty
    else { return nil }
    func plain(_ text: String) -> Bool {
      !text.isEmpty
        && text.unicodeScalars.allSatisfy {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) || $0 == "_" || $0 == "-"
        }
    }
    var query: [AndroidRelativeFilter] = []
    var fragments: [AndroidRelativeFilter?] = [nil]
    if let fragment = shape.fragmentShape {
      guard shape.requiredQueryItems.isEmpty, shape.queryValues.isEmpty else { return nil }
      let form = Self.form(
        of: fragment, pieces: fragment.pieces[...], table: table, minimumAPILevel: minimumAPILevel,
        trailingSlash: .either)
      guard !form.paths.isEmpty else { return nil }
      fragments = form.paths.map { path in
        var pattern = path
        // `#narrow/{id}` is compared as the link writes it, without a leading `/`.
        if !shape.fragmentStartsWithSlash && pattern.pattern.hasPrefix("/") { pattern.pattern.removeFirst() }
        return AndroidRelativeFilter(.fragment, pattern)
      }
    } else {
      for name in shape.requiredQueryItems {
        guard plain(name) else { return nil }
        query.append(AndroidRelativeFilter(.query, AndroidPathPattern(.advancedGlob, name + "=.+")))
      }
      for (name, value) in shape.queryValues.sorted(by: { $0.key < $1.key }) {
        guard plain(name) else { return nil }
        // No group can require an item's absence: that item stays a listed widening.
        if value.isEmpty { continue }
        query.append(AndroidRelativeFilter(.query, AndroidPathPattern(.literal, name + "=" + value)))
      }
      guard !query.isEmpty else { return nil }
    }
    let pathConditions: [AndroidRelativeFilter?] =
      paths.isEmpty ? [nil] : paths.map { AndroidRelativeFilter(.path, $0) }
    return pathConditions.flatMap { path in
      fragments.map { fragment in
        AndroidRelativeFilterGroup(
          allows: true, conditions: [path].compactMap { $0 } + query + [fragment].compactMap { $0 })
      }
    }
  }
}
