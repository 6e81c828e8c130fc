import Testing

@testable import DeepLinking

@Suite("WaitingQueue")
struct WaitingQueueTests {
  @Test("100,000 entries come out once each, in order, with at most one move per entry taken")
  func linearOverall() {
    let count = 100_000
    var queue = WaitingQueue(Array(0..<count / 2))
    var taken: [Int] = []
    var next = count / 2
    // Interleaved as a delivery runs: links arrive while others are taken, and now and then a taken
    // one is put back (its apply step threw) and taken again.
    while let value = queue.popFirst() {
      if value % 1_000 == 999 && taken.last != value {
        queue.pushFront(value)
        taken.append(value)
        continue
      }
      if taken.last != value { taken.append(value) }
      if next < count {
        queue.append(next)
        next += 1
      }
    }
    #expect(taken == Array(0..<count))
    #expect(queue.isEmpty && queue.count == 0 && queue.first == nil)
    #expect(queue.moves <= count, "moves: \(queue.moves)")
  }

  @Test("the waiting entries are listed oldest first after takes and put-backs")
  func elementsInOrder() {
    var queue = WaitingQueue([1, 2, 3])
    #expect(queue.popFirst() == 1)
    queue.append(4)
    #expect(queue.popFirst() == 2)
    queue.pushFront(2)
    #expect(Array(queue.elements) == [2, 3, 4])
    #expect(queue.count == 3 && queue.first == 2)
    // A put-back with no room in front moves the others once.
    var full = WaitingQueue([5, 6])
    full.pushFront(4)
    #expect(Array(full.elements) == [4, 5, 6] && full.moves == 2)
  }
}
