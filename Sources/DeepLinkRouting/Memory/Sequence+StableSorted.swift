/// Sorting for this module: every sort goes through one compiled sort of positions.
///
/// The standard library's `sorted(by:)` is compiled again for each element type and each comparison it
/// is called with, about 2,700 lines of optimised code each time. The module's sorts (route tables, value
/// sets, host and kind names, error texts) instead sort the positions of their elements with one shared
/// function and call their comparison from it. The order is the standard library's: stable, so elements
/// that compare equal keep the order they came in. Sorts on the matching path of every link, and those
/// over all of a table's routes or trie nodes when the router is built, keep the standard library's own,
/// where the comparison inlines.
extension Sequence {
  /// The elements in the order `areInIncreasingOrder` gives; equal elements keep their order.
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the elements.
  /// - Returns: The sorted elements.
  package func stableSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
    let elements = Array(self)
    if elements.count < 2 { return elements }
    var positions = Array(elements.indices)
    sortPositions(&positions) { areInIncreasingOrder(elements[$0], elements[$1]) }
    return positions.map { elements[$0] }
  }
}

extension Sequence where Element: Comparable {
  /// The elements in increasing order; equal elements keep their order.
  ///
  /// - Returns: The sorted elements.
  package func stableSorted() -> [Element] {
    stableSorted(by: <)
  }
}

extension Array {
  /// Sorts the array in the order `areInIncreasingOrder` gives; equal elements keep their order.
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of the elements.
  package mutating func stableSort(by areInIncreasingOrder: (Element, Element) -> Bool) {
    self = stableSorted(by: areInIncreasingOrder)
  }
}

extension Array where Element: Comparable {
  /// Sorts the array in increasing order; equal elements keep their order.
  package mutating func stableSort() {
    self = stableSorted(by: <)
  }
}

/// Sorts positions by a comparison of the elements at them: the one compiled sort the module's
/// `stableSorted(by:)` shares.
///
/// - Parameters:
///   - positions: The positions to sort.
///   - areInIncreasingOrder: A strict weak ordering of the positions' elements.
@inline(never)
package func sortPositions(_ positions: inout [Int], by areInIncreasingOrder: (Int, Int) -> Bool) {
  positions.sort(by: areInIncreasingOrder)
}
