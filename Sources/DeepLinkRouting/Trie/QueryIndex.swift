/// The routes of one long list (routes ending at one node that differ in their query) indexed by
/// query key, and literal query items by key and value, so a link looks up the routes its own items
/// name instead of checking every route.
///
/// A route the link's items do not name either requires an item the link lacks (it refuses: a
/// required key it does not have, or a literal value it does not have under any of the item's keys)
/// or requires none (it accepts: none of its typed optional or absent-only items is present). So the
/// first route that accepts is the first of: the named routes that accept, and the first route
/// requiring nothing that is not named. Work: O(n + t log t) for n link names and t named routes,
/// whatever the number of routes that differ only by a literal value.
struct QueryIndex: Sendable {
  /// Lists longer than this are indexed.
  static let threshold = 8

  /// A literal query item: a key (as the table compares names) and the value it requires.
  struct KeyValue: Hashable, Sendable {
    var key: String
    var value: String
  }

  /// Positions in the list of the routes requiring no item, in order; index 1 holds the routes with
  /// a trailing slash when the table is strict about it, index 0 every other route.
  var unrequired: [[Int32]] = [[], []]
  /// Positions in the list of the routes declaring each key as required, typed or absent-only.
  var byKey: [String: [Int32]] = [:]
  /// Positions in the list of the routes declaring each key with a literal value.
  var byValue: [KeyValue: [Int32]] = [:]
}
