/// The trie in the flat form the matcher reads.
///
/// The arrays are copied once into cache-line-aligned ``FrozenBuffer``s this object owns, so a match
/// reads them with no array retained and released per link.
final class FlatTrie: Sendable {
  let nodes: FrozenBuffer<FlatNode>
  /// Every node's endpoint, `{name+}` and `{name*}` routes, back to back, as route entries: the route
  /// index shifted left by one, with ``Router/checksQuery`` in the low bit when matching its path is
  /// not enough.
  let routeList: FrozenBuffer<Int32>
  let slots: FrozenBuffer<LiteralTable.Slot>
  let keys: FrozenBuffer<UInt8>
  let mask: Int
  /// The shape of each node (see ``FlatNode/sharesShape``); empty when no two nodes share one.
  let shapes: FrozenBuffer<Int32>

  init(nodes: [FlatNode], routeList: [Int32], literals: [LiteralEdge: Int32], shapes: [Int32]) {
    // The ASCII literal entries, flat: one array of key bytes instead of an array per key.
    var parents: [Int32] = []
    var children: [Int32] = []
    var keyBytes: [UInt8] = []
    var keyBounds: [Int] = [0]
    for (edge, child) in literals where edge.key.utf8.allSatisfy({ $0 < 0x80 }) {
      parents.append(edge.parent)
      children.append(child)
      keyBytes.append(contentsOf: edge.key.utf8)
      keyBounds.append(keyBytes.count)
    }
    let table = LiteralTable(parents: parents, children: children, keyBytes: keyBytes, keyBounds: keyBounds)
    self.nodes = FrozenBuffer(nodes)
    self.routeList = FrozenBuffer(routeList)
    self.slots = FrozenBuffer(table.slots)
    self.keys = FrozenBuffer(table.keys)
    self.mask = table.mask
    self.shapes = FrozenBuffer(shapes)
  }
}

extension FlatTrie {
  /// The child of `parent` for an ASCII literal key given as bytes (lower-cased on the way when
  /// `folds`), or `nil`: one probe sequence of the literal table. A key kept in its slot is compared
  /// as the two words it was hashed from.
  @inline(__always)
  func literalChild(of parent: Int32, _ bytes: Bytes, folds: Bool) -> Int32? {
    let key = LiteralTable.key(parent: parent, bytes, lowercase: folds)
    let isInline = bytes.count <= LiteralTable.inlineCapacity
    var slot = Int(key.hash) & mask
    while true {
      let candidate = slots[slot]
      if candidate.child < 0 { return nil }
      if candidate.hash == key.hash && candidate.parent == parent && Int(candidate.keyLength) == bytes.count
        && (isInline
          ? candidate.key.0 == key.first && candidate.key.1 == key.second
          : equalsLongKey(bytes, at: Int(candidate.key.0), folds: folds))
      {
        return candidate.child
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Whether bytes (lower-cased when `folds`) are the key longer than ``LiteralTable/inlineCapacity``
  /// kept in ``keys`` from `start`.
  private func equalsLongKey(_ bytes: Bytes, at start: Int, folds: Bool) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let byte = folds ? ReadingRules.lowercased(bytes[offset]) : bytes[offset]
      if byte != keys[start &+ offset] { return false }
      offset &+= 1
    }
    return true
  }
}
