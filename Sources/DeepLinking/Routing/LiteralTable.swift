/// The literal children of every trie node in one open-addressing hash table keyed by the parent node
/// and the literal's decoded UTF-8 bytes, so that a link's segment is looked up straight from its bytes,
/// without building a `String`.
///
/// Only literals that are ASCII (after lower-casing, for a case-insensitive table) are here: for ASCII
/// text, byte equality is exactly Swift's `String` equality. A node with a non-ASCII literal is marked
/// in ``FlatNode/hasUnicodeLiterals`` and a segment that is not ASCII goes through the node's
/// `[String: Int32]` dictionary instead, so Unicode canonical equivalence (`café` written precomposed
/// or with a combining accent) keeps working exactly as before.
struct LiteralTable: Sendable {
  /// One slot; `child < 0` marks an empty slot.
  struct Slot: Sendable {
    var hash: UInt32 = 0
    var parent: Int32 = -1
    var child: Int32 = -1
    var keyStart: Int32 = 0
    var keyLength: Int32 = 0
  }

  private(set) var slots: [Slot]
  private(set) var keys: [UInt8]
  let mask: Int

  /// FNV-1a over the parent and the bytes, optionally lower-casing ASCII letters on the way.
  @inline(__always)
  static func hash(parent: Int32, _ bytes: UnsafeBufferPointer<UInt8>, lowercase: Bool) -> UInt32 {
    var hash: UInt32 = 2_166_136_261 ^ UInt32(bitPattern: parent) &* 16_777_619
    if lowercase {
      for byte in bytes {
        let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
        hash = (hash ^ UInt32(folded)) &* 16_777_619
      }
    } else {
      for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    }
    return hash
  }

  /// Builds the table from `(parent, key bytes, child)` entries whose keys are unique per parent.
  init(entries: [(parent: Int32, key: [UInt8], child: Int32)]) {
    var capacity = 16
    while capacity < entries.count * 2 { capacity <<= 1 }
    mask = capacity - 1
    var slots = [Slot](repeating: Slot(), count: capacity)
    var keys: [UInt8] = []
    keys.reserveCapacity(entries.reduce(0) { $0 + $1.key.count })
    for entry in entries {
      let hash = entry.key.withUnsafeBufferPointer { Self.hash(parent: entry.parent, $0, lowercase: false) }
      var index = Int(hash) & mask
      while slots[index].child >= 0 { index = (index + 1) & mask }
      slots[index] = Slot(
        hash: hash, parent: entry.parent, child: entry.child, keyStart: Int32(keys.count),
        keyLength: Int32(entry.key.count))
      keys.append(contentsOf: entry.key)
    }
    self.slots = slots
    self.keys = keys
  }
}

/// A trie node flattened to plain integers, so reading it during a match costs no reference counting.
struct FlatNode: Sendable {
  /// How many literal children the node has (in ``LiteralTable`` or its dictionary).
  var literalCount: Int32 = 0
  var intChild: Int32 = -1
  var uuidChild: Int32 = -1
  var stringChild: Int32 = -1
  /// Ranges in the router's flattened route list.
  var endpointStart: Int32 = 0
  var endpointCount: Int32 = 0
  var oneOrMoreStart: Int32 = 0
  var oneOrMoreCount: Int32 = 0
  var zeroOrMoreStart: Int32 = 0
  var zeroOrMoreCount: Int32 = 0
  /// Whether a literal child is not ASCII: such a node is searched through its `String` dictionary.
  var hasUnicodeLiterals = false
}

/// The trie in the flat form the matcher reads.
///
/// The arrays are copied once into memory this object owns, so a match reads them through plain
/// pointers: no array retained and released per link. It is `@unchecked Sendable` because that memory
/// is written only in `init`, never mutated afterwards, and freed in `deinit`.
final class FlatTrie: @unchecked Sendable {
  let nodes: UnsafeBufferPointer<FlatNode>
  /// Every node's endpoint, `{name+}` and `{name*}` routes, back to back.
  let routeList: UnsafeBufferPointer<Int32>
  let slots: UnsafeBufferPointer<LiteralTable.Slot>
  let keys: UnsafeBufferPointer<UInt8>
  let mask: Int
  /// Per route: ``Router/checksQuery`` when matching its path is not enough.
  let checks: UnsafeBufferPointer<UInt8>

  init(_ trie: [TrieNode], checks routeChecks: [UInt8]) {
    var nodes: [FlatNode] = []
    nodes.reserveCapacity(trie.count)
    var routeList: [Int32] = []
    var entries: [(parent: Int32, key: [UInt8], child: Int32)] = []
    for (index, node) in trie.enumerated() {
      var flat = FlatNode()
      flat.literalCount = Int32(node.literals.count)
      flat.intChild = node.intChild
      flat.uuidChild = node.uuidChild
      flat.stringChild = node.stringChild
      flat.endpointStart = Int32(routeList.count)
      flat.endpointCount = Int32(node.endpoints.count)
      routeList += node.endpoints
      flat.oneOrMoreStart = Int32(routeList.count)
      flat.oneOrMoreCount = Int32(node.oneOrMore.count)
      routeList += node.oneOrMore
      flat.zeroOrMoreStart = Int32(routeList.count)
      flat.zeroOrMoreCount = Int32(node.zeroOrMore.count)
      routeList += node.zeroOrMore
      for (key, child) in node.literals {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
          entries.append((Int32(index), Array(key.utf8), child))
        } else {
          flat.hasUnicodeLiterals = true
        }
      }
      nodes.append(flat)
    }
    let literals = LiteralTable(entries: entries)
    self.nodes = Self.copy(nodes)
    self.routeList = Self.copy(routeList)
    self.slots = Self.copy(literals.slots)
    self.keys = Self.copy(literals.keys)
    self.mask = literals.mask
    self.checks = Self.copy(routeChecks)
  }

  private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
    let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = memory.initialize(from: array)
    return UnsafeBufferPointer(memory)
  }

  deinit {
    UnsafeMutableBufferPointer(mutating: nodes).deallocate()
    UnsafeMutableBufferPointer(mutating: routeList).deallocate()
    UnsafeMutableBufferPointer(mutating: slots).deallocate()
    UnsafeMutableBufferPointer(mutating: keys).deallocate()
    UnsafeMutableBufferPointer(mutating: checks).deallocate()
  }
}
