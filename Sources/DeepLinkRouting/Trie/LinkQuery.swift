/// The query items of one link as the routes read them: the first value of each name (`""` for an
/// item without `=`, which counts as absent, as an empty value does), sorted by name for lookups.
/// Names are as the table compares them (lower-cased under ``RouteTable/Options/caseInsensitiveQueryKeys``).
struct LinkQuery {
  private(set) var names: [String] = []
  private(set) var values: [String] = []
  let hasTrailingSlash: Bool

  init(_ items: [QueryItem], hasTrailingSlash: Bool, keys: RouteTable.QueryKeys = .exact) {
    self.hasTrailingSlash = hasTrailingSlash
    guard !items.isEmpty else { return }  // most links: nothing to sort
    let compared = keys == .exact ? items.map(\.name) : items.map { keys.compared($0.name) }
    let order = items.indices.sorted { left, right in
      let leftName = compared[left]
      let rightName = compared[right]
      return leftName < rightName || (leftName == rightName && left < right)
    }
    names.reserveCapacity(order.count)
    values.reserveCapacity(order.count)
    for index in order where names.last != compared[index] {
      names.append(compared[index])
      values.append(items[index].value ?? "")
    }
  }

  /// How many distinct names the link has.
  var count: Int { names.count }

  /// The first value of the item with this name, or `nil` when the link has none.
  func value(of name: String) -> String? {
    var low = 0
    var high = names.count
    while low < high {
      let middle = (low + high) / 2
      if names[middle] < name { low = middle + 1 } else { high = middle }
    }
    return low < names.count && names[low] == name ? values[low] : nil
  }

  /// The value a declared item reads: the first value of the first of its keys (in the order
  /// written) that the link has with a non-empty value, or `""` when it has none. The one statement of
  /// "the first listed key present wins", for matching, building a match and explaining a miss.
  func value(ofKeys keys: [String]) -> String {
    for key in keys {
      if let value = value(of: key), !value.isEmpty { return value }
    }
    return ""
  }
}
