/// A store's waiting entries in arrival order, taken from the front in constant time: what
/// `InMemoryLinkStore` and the `DurableLinkStorage` module's store keep their links in.
///
/// Taking the oldest entry only advances an index: the taken entries stay in the storage until they
/// are at least half of it, then they are dropped in one pass that moves each remaining entry once.
/// Every entry is therefore moved at most once per entry taken after it arrived, so delivering n
/// entries costs O(n) in all, where removing each from the front of an array would cost O(n²).
package struct WaitingQueue<Element: Sendable>: Sendable {
  private var storage: [Element]
  /// The position of the oldest entry still waiting; everything before it was taken.
  private var head = 0
  /// How many entries have been moved to another position so far (by dropping taken entries, or by
  /// putting an entry back at the front where there is no room): the work the queue did beyond
  /// appending and taking, which tests bound.
  package private(set) var moves = 0

  /// The taken entries are dropped once there are at least this many and they are half the storage.
  private static var compactionMinimum: Int { 64 }

  /// A queue of elements already in order.
  package init(_ elements: [Element] = []) {
    storage = elements
  }

  /// The number of entries waiting.
  package var count: Int { storage.count - head }

  /// Whether no entry is waiting.
  package var isEmpty: Bool { head == storage.count }

  /// The oldest entry, if any.
  package var first: Element? { isEmpty ? nil : storage[head] }

  /// The waiting entries, oldest first.
  package var elements: ArraySlice<Element> { storage[head...] }

  /// Adds an entry after every other.
  package mutating func append(_ element: Element) {
    storage.append(element)
  }

  /// Takes the oldest entry.
  ///
  /// After a successful call there is room in front, so ``pushFront(_:)`` of the entry just taken
  /// moves nothing.
  package mutating func popFirst() -> Element? {
    guard !isEmpty else { return nil }
    if head >= Self.compactionMinimum && head * 2 >= storage.count {
      moves += storage.count - head
      storage.removeFirst(head)
      head = 0
    }
    let element = storage[head]
    head += 1
    return element
  }

  /// Puts an entry back in front of every other.
  package mutating func pushFront(_ element: Element) {
    if head > 0 {
      head -= 1
      storage[head] = element
    } else {
      moves += storage.count
      storage.insert(element, at: 0)
    }
  }
}
