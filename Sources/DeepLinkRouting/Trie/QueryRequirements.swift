/// What a route needs from the query (and the trailing slash) once its path matched.
///
/// Only the declared items that can refuse a link are kept: required items, typed optional items
/// (present with a value that does not fit, they refuse), literal values and absent-only items. An
/// optional string item never refuses.
struct QueryRequirements: Sendable {
  /// The items that can refuse a link, sorted by key.
  var checked: [RoutePattern.QueryParameter]
  /// The keys each checked item is read under, as the table compares names, in the order written.
  var checkedKeys: [[String]]
  /// Every key of the checked items with the item's position in ``checked``, sorted by key.
  var keyItems: [(key: String, item: Int32)]
  var requiredCount: Int32
  var hasTrailingSlash: Bool
  /// Whether the route ends with a catch-all, which takes a trailing `/` too: with strict trailing
  /// slashes it accepts a link with or without one.
  var takesEitherSlash: Bool
  /// For a route declaring more than ``manyItems`` items: the indices of its items sorted by key, so
  /// building a match looks the link's items up instead of scanning every declared item.
  var declaredByKey: [Int32] = []
  /// For a route declaring more than ``manyItems`` items: every key (as the table compares names) with
  /// the index of its item in the pattern's query, sorted by key.
  var declaredKeys: [(key: String, item: Int32)] = []

  static let manyItems = 16

  init(_ pattern: RoutePattern, keys: RouteTable.QueryKeys = .exact) {
    checked = pattern.query.filter(Self.canRefuse).stableSorted { $0.key < $1.key }
    checkedKeys = checked.map { $0.keys.map(keys.compared) }
    keyItems = checkedKeys.enumerated().flatMap { item, names in names.map { ($0, Int32(item)) } }
      .stableSorted { $0.key < $1.key }
    if pattern.query.count > Self.manyItems {
      declaredByKey = pattern.query.indices.stableSorted { pattern.query[$0].key < pattern.query[$1].key }.map
      {
        Int32($0)
      }
      declaredKeys = pattern.query.enumerated().flatMap { item, parameter in
        parameter.keys.map { (keys.compared($0), Int32(item)) }
      }.stableSorted { $0.key < $1.key }
    }
    requiredCount = Int32(pattern.query.count(where: Self.isRequired))
    hasTrailingSlash = pattern.hasTrailingSlash
    takesEitherSlash = pattern.segments.last?.isCatchAll == true
  }

  /// Whether a link's trailing slash fits the route in a table strict about it: as the pattern is
  /// written, or either way for a route ending with a catch-all.
  func fitsTrailingSlash(_ linkHasOne: Bool) -> Bool {
    takesEitherSlash || hasTrailingSlash == linkHasOne
  }

  /// Whether a declared item can refuse a link: every item but an optional string item.
  static func canRefuse(_ item: RoutePattern.QueryParameter) -> Bool {
    switch item.rule {
    case .value: !item.isOptional || !item.type.acceptsAnyText
    case .literal, .absent, .oneOf, .kind: true
    }
  }

  /// Whether a declared item must be present: a required item or a literal value.
  static func isRequired(_ item: RoutePattern.QueryParameter) -> Bool {
    switch item.rule {
    case .value, .oneOf, .kind: !item.isOptional
    case .literal: true
    case .absent: false
    }
  }

  /// Whether any declared item can refuse a link.
  var checksQuery: Bool { !checked.isEmpty }

  /// The first value of a query item with this name, or `nil` when absent or written without `=`.
  @inline(__always)
  static func firstValue(of key: String, in query: [QueryItem]) -> String? {
    for item in query where item.name == key { return item.value }
    return nil
  }

  /// A required item must be present with a value that fits its type; an optional item that is
  /// present with a value must fit it too; a literal item's value must be its text; an absent-only
  /// item must be absent. An empty value counts as absent.
  ///
  /// Costs O(min(r, n) k log max(r, n)) comparisons for r checked items of at most k keys each and n
  /// distinct link names: it walks whichever side is shorter and looks the other up by binary search,
  /// so a route declaring thousands of optional items costs a short link no more than a few lookups.
  func accepts(_ link: LinkQuery) -> Bool {
    if checked.count <= link.count {
      for index in checked.indices
      where Self.refuses(checked[index], value: link.value(ofKeys: checkedKeys[index])) {
        return false
      }
      return true
    }
    var required: Int32 = 0
    for index in 0..<link.count {
      let value = link.values[index]
      guard !value.isEmpty, let item = item(forKey: link.names[index]) else { continue }
      // The item is read under the first of its keys the link has: decide it there only.
      let keys = checkedKeys[item]
      if keys.count > 1, keys.first(where: { !(link.value(of: $0) ?? "").isEmpty }) != link.names[index] {
        continue
      }
      if Self.refuses(checked[item], value: value) { return false }
      if Self.isRequired(checked[item]) { required += 1 }
    }
    return required == requiredCount
  }

  /// Whether one declared item refuses a link whose value for it is `value` (`""` when the link has
  /// none, see ``LinkQuery/value(ofKeys:)``): the one statement of the rule, for matching and for
  /// explaining a near miss.
  @inline(__always)
  static func refuses(_ item: RoutePattern.QueryParameter, value: String) -> Bool {
    switch item.rule {
    case .value: value.isEmpty ? !item.isOptional : !item.type.accepts(value)
    case .literal(let text): !ReadingRules.isSameLiteral(value, text)
    case .absent: !value.isEmpty
    case .oneOf(let set): value.isEmpty ? !item.isOptional : !set.accepts(value)
    case .kind(let kind): value.isEmpty ? !item.isOptional : !kind.accepts(value)
    }
  }

  /// The first item (by key) that refuses the link, with the link's value (`nil` when it has none), or
  /// `nil` when the query is accepted: what ``Router/explain(_:)`` reports.
  func unmet(_ link: LinkQuery) -> (parameter: RoutePattern.QueryParameter, value: String?)? {
    for index in checked.indices {
      let value = link.value(ofKeys: checkedKeys[index])
      if Self.refuses(checked[index], value: value) { return (checked[index], value.isEmpty ? nil : value) }
    }
    return nil
  }

  /// The index in the pattern's query of the item with this key (as the table compares names), for a
  /// route with many items.
  func declaredIndex(of key: String) -> Int? {
    var low = 0
    var high = declaredKeys.count
    while low < high {
      let middle = (low + high) / 2
      if declaredKeys[middle].key < key { low = middle + 1 } else { high = middle }
    }
    guard low < declaredKeys.count, declaredKeys[low].key == key else { return nil }
    return Int(declaredKeys[low].item)
  }

  /// The position in ``checked`` of the item with this key, or `nil`.
  private func item(forKey key: String) -> Int? {
    var low = 0
    var high = keyItems.count
    while low < high {
      let middle = (low + high) / 2
      if keyItems[middle].key < key { low = middle + 1 } else { high = middle }
    }
    return low < keyItems.count && keyItems[low].key == key ? Int(keyItems[low].item) : nil
  }
}
