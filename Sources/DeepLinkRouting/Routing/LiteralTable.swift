/// The literal children of every trie node in one open-addressing hash table keyed by the parent node
/// and the literal's decoded UTF-8 bytes, so that a link's segment is looked up straight from its bytes,
/// without building a `String`.
///
/// Only literals that are ASCII (after lower-casing, for a case-insensitive table) are here, where
/// lower-casing is ASCII's. A node with a non-ASCII literal is marked in
/// ``FlatNode/hasUnicodeLiterals`` and a segment that is not ASCII goes through the router's
/// ``LiteralEdge`` dictionary instead, which lower-cases with Unicode's rules and compares the bytes
/// (``ReadingRules/isSameLiteral(_:_:)``: `café` precomposed and `cafe` with a combining accent are two
/// literals, as they are to iOS).
struct LiteralTable: Sendable {
  /// One slot of 32 bytes, so that a lookup reads one cache line; `child < 0` marks an empty slot.
  struct Slot: Sendable {
    var hash: UInt32 = 0
    var parent: Int32 = -1
    var child: Int32 = -1
    var keyLength: Int32 = 0
    /// A key of up to ``inlineCapacity`` bytes, stored in the slot (byte `i` in bits `8 * (i % 8)` of
    /// word `i / 8`); for a longer key, the first word is where it starts in ``LiteralTable/keys``.
    var key: (UInt64, UInt64) = (0, 0)
  }

  static let inlineCapacity = 16

  private(set) var slots: [Slot]
  /// The keys longer than ``inlineCapacity``, back to back.
  private(set) var keys: [UInt8]
  let mask: Int

  /// A key as the table hashes and compares it: its first ``inlineCapacity`` bytes as two words (byte
  /// `i` in bits `8 * (i % 8)` of word `i / 8`, zero past the end, the layout of ``Slot/key``) and a hash
  /// of the parent, the length and every word, all lower-cased on the way when `lowercase` (the key is
  /// ASCII).
  struct Key {
    var hash: UInt32
    var first: UInt64
    var second: UInt64
  }

  /// The key of `bytes` under `parent`, read a word at a time: the one hash of the table, used to
  /// build it and to look a segment up.
  @inline(__always)
  static func key(parent: Int32, _ bytes: Bytes, lowercase: Bool) -> Key {
    @inline(__always) func word(_ offset: Int) -> UInt64 {
      let word = bytes.word(at: offset)
      return lowercase ? ReadingRules.lowercasedASCII(word) : word
    }
    @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
      let product = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      return product ^ product &>> 29
    }
    let count = bytes.count
    let first = word(0)
    let second = count > 8 ? word(8) : 0
    var hash = mix(
      UInt64(UInt32(bitPattern: parent)) &<< 32 | UInt64(UInt32(truncatingIfNeeded: count)), first)
    hash = mix(hash, second)
    var offset = 16
    while offset < count {
      hash = mix(hash, word(offset))
      offset &+= 8
    }
    return Key(hash: UInt32(truncatingIfNeeded: hash ^ hash &>> 32), first: first, second: second)
  }

  /// Builds the table from `(parent, key, child)` entries whose keys are unique per parent, at most
  /// two thirds full. Entry `i`'s key is `keyBytes[keyBounds[i] ..< keyBounds[i + 1]]`.
  init(parents: [Int32], children: [Int32], keyBytes: [UInt8], keyBounds: [Int]) {
    var capacity = 16
    while capacity * 2 < parents.count * 3 { capacity <<= 1 }
    let mask = capacity - 1
    var slots = [Slot](repeating: Slot(), count: capacity)
    var keys: [UInt8] = []
    Bytes.with(keyBytes) { bytes in
      for entry in parents.indices {
        let key = bytes.slice(keyBounds[entry], keyBounds[entry + 1])
        let hashed = Self.key(parent: parents[entry], key, lowercase: false)
        var index = Int(hashed.hash) & mask
        while slots[index].child >= 0 { index = (index + 1) & mask }
        var slot = Slot(
          hash: hashed.hash, parent: parents[entry], child: children[entry], keyLength: Int32(key.count))
        if key.count <= Self.inlineCapacity {
          slot.key = (hashed.first, hashed.second)
        } else {
          slot.key.0 = UInt64(keys.count)
          for offset in 0..<key.count { keys.append(key[offset]) }
        }
        slots[index] = slot
      }
    }
    self.mask = mask
    self.slots = slots
    self.keys = keys
  }
}

/// A trie node flattened to plain integers in 48 bytes, so reading it during a match costs no
/// reference counting and at most two cache lines.
struct FlatNode: Sendable {
  private var intChild: Int32 = -1
  private var uuidChild: Int32 = -1
  private var stringChild: Int32 = -1
  private var boolChild: Int32 = -1
  private var decimalChild: Int32 = -1
  private var urlChild: Int32 = -1
  private var linkChild: Int32 = -1
  /// Where the node's routes start in the router's route list: endpoints, then `{name+}`, then
  /// `{name*}`. When the node has exactly one route, the route entry itself (see ``FlatTrie/routeList``).
  var routeStart: Int32 = 0
  var endpointCount: Int32 = 0
  var oneOrMoreCount: Int32 = 0
  var zeroOrMoreCount: Int32 = 0
  /// ``hasLiterals``, ``hasUnicodeLiterals``, ``sharesShape``, ``hasTemplates`` and ``hasSkips``.
  var flags: Int32 = 0

  static let hasLiterals: Int32 = 1
  /// A literal child is not ASCII: such a node is searched through the router's `String` literals.
  static let hasUnicodeLiterals: Int32 = 2
  /// Another node has the same shape (``FlatTrie/shapes``): the search remembers where it failed.
  static let sharesShape: Int32 = 4
  /// The node has segment-template children (``Router/templateChildren``).
  static let hasTemplates: Int32 = 8
  /// The node has middle-catch-all children (``Router/skipChildren``).
  static let hasSkips: Int32 = 16
  /// The node has value-set children (``Router/valueSetChildren``).
  static let hasValueSets: Int32 = 32
  /// The node has children of app-defined kinds (``Router/kindChildren``).
  static let hasKinds: Int32 = 64
  /// Bit `parameterShift + r` of ``flags`` is set when the node has a child for the parameter type of
  /// rank `r` in ``ParameterType/bySpecificity`` (set by ``setChild(_:for:)``).
  static let parameterShift: Int32 = 8

  /// Whether the node has a child for the parameter type of this rank: one bit test, so the search
  /// passes over the types a node has no child for without looking the child up.
  @inline(__always)
  func hasParameterChild(atRank rank: Int) -> Bool {
    flags &>> (Self.parameterShift &+ Int32(truncatingIfNeeded: rank)) & 1 != 0
  }

  /// The lowest rank from `rank` on for which the node has a parameter child, or `nil`.
  @inline(__always)
  func nextParameterRank(from rank: Int) -> Int? {
    let ranks =
      UInt32(bitPattern: flags &>> Self.parameterShift) & (1 &<< UInt32(ParameterType.rankCount) &- 1)
    let rest = rank < 32 ? ranks &>> UInt32(rank) : 0
    return rest == 0 ? nil : rank &+ rest.trailingZeroBitCount
  }

  /// The child for a parameter of `type` (`{name:int}`, `{name:uuid}`, `{name}`), -1 when none: the
  /// one place the trie stores a child per parameter type.
  @inline(__always)
  func child(for type: ParameterType) -> Int32 {
    switch type {
    case .int: intChild
    case .uuid: uuidChild
    case .string: stringChild
    case .bool: boolChild
    case .decimal: decimalChild
    case .url: urlChild
    case .link: linkChild
    }
  }

  /// Sets the child for a parameter of `type`.
  mutating func setChild(_ child: Int32, for type: ParameterType) {
    if child >= 0 { flags |= 1 &<< (Self.parameterShift &+ Int32(type.specificity)) }
    switch type {
    case .int: intChild = child
    case .uuid: uuidChild = child
    case .string: stringChild = child
    case .bool: boolChild = child
    case .decimal: decimalChild = child
    case .url: urlChild = child
    case .link: linkChild = child
    }
  }

  /// Whether the node's single route is stored in ``routeStart``.
  var hasInlineRoute: Bool { endpointCount &+ oneOrMoreCount &+ zeroOrMoreCount == 1 }
}

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
