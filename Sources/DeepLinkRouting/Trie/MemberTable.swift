/// An open-addressing hash table of byte strings, looked up with the bytes of a value without making a
/// `String` of them: one hash of the value, then one comparison per probe.
struct MemberTable: Sendable {
  let keys: [[UInt8]]
  let slots: [Int32]
  let mask: Int

  init(_ keys: [[UInt8]]) {
    self.keys = keys
    var capacity = 4
    while capacity < keys.count * 2 { capacity <<= 1 }
    var slots = [Int32](repeating: -1, count: capacity)
    for (index, key) in keys.enumerated() {
      var slot = Int(truncatingIfNeeded: Self.hash(key.count, { key[$0] }, folds: false)) & (capacity - 1)
      while slots[slot] >= 0 {
        // A key met again (two members alike once folded) keeps its first index.
        if keys[Int(slots[slot])] == key { break }
        slot = (slot + 1) & (capacity - 1)
      }
      if slots[slot] < 0 { slots[slot] = Int32(index) }
    }
    self.slots = slots
    mask = capacity - 1
  }

  @inline(__always)
  static func hash(_ count: Int, _ byte: (Int) -> UInt8, folds: Bool) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var index = 0
    while index < count {
      let value = folds ? ReadingRules.lowercased(byte(index)) : byte(index)
      hash = (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
      index &+= 1
    }
    return hash
  }

  @inline(__always)
  func index(_ count: Int, _ byte: (Int) -> UInt8, folds: Bool) -> Int? {
    var slot = Int(truncatingIfNeeded: Self.hash(count, byte, folds: folds)) & mask
    while true {
      let entry = slots[slot]
      if entry < 0 { return nil }
      let key = keys[Int(entry)]
      if key.count == count {
        var offset = 0
        while offset < count {
          let value = folds ? ReadingRules.lowercased(byte(offset)) : byte(offset)
          if value != key[offset] { break }
          offset &+= 1
        }
        if offset == count { return Int(entry) }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
