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
