/// Punycode (RFC 3492): the Bootstring encoding of a host label's Unicode scalars as the ASCII letters,
/// digits and `-` DNS carries, with the RFC's parameters for IDNA (base 36, t_min 1, t_max 26, skew
/// 38, damp 700, initial bias 72, initial n 128, delimiter `-`).
///
/// ``encode(_:)`` and ``decode(_:)`` work on one label without its `xn--` prefix
/// (``HostName`` adds and removes it): `bücher` is `bcher-kva`, `भारत` is `h2brj9c`. Both refuse what
/// would overflow or is not Punycode rather than trap or guess.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 0x80
  private static let delimiter = UInt8(ascii: "-")

  /// The label's scalars in Punycode: the ASCII scalars in order, `-` when there are any, then the
  /// deltas of the others. `nil` on overflow, which no label of DNS length reaches.
  static func encode(_ scalars: [Unicode.Scalar]) -> String? {
    let input = scalars.map { Int($0.value) }
    var output = input.filter { $0 < initialN }.map { UInt8($0) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(delimiter) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      // The smallest scalar not yet handled: every one at least `n` is still to come.
      guard let next = input.filter({ $0 >= n }).min() else { return nil }
      let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int.max - product else { return nil }
      delta += product
      n = next
      for scalar in input {
        if scalar < n {
          guard delta < Int.max else { return nil }
          delta += 1
        }
        guard scalar == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = threshold(k, bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, points: handled + 1, first: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The scalars a Punycode label (ASCII, without `xn--`) stands for, or `nil` when it is not
  /// Punycode: a byte that is not a letter, digit or `-` (before the last `-`: not ASCII), a digit run
  /// that ends early, an overflow, or a delta that lands on a surrogate, past U+10FFFF or on ASCII.
  static func decode(_ label: Substring.UTF8View) -> [Unicode.Scalar]? {
    let bytes = Array(label)
    let lastDelimiter = bytes.lastIndex(of: delimiter)
    var output: [Unicode.Scalar] = []
    if let lastDelimiter {
      for byte in bytes[..<lastDelimiter] {
        guard byte < 0x80 else { return nil }
        output.append(Unicode.Scalar(byte))
      }
    }
    var position = lastDelimiter.map { $0 + 1 } ?? 0
    var n = initialN
    var i = 0
    var bias = initialBias
    while position < bytes.count {
      let oldI = i
      var w = 1
      var k = base
      while true {
        guard position < bytes.count, let value = value(of: bytes[position]) else { return nil }
        position += 1
        let (product, overflow) = value.multipliedReportingOverflow(by: w)
        guard !overflow, i <= Int.max - product else { return nil }
        i += product
        let t = threshold(k, bias)
        if value < t { break }
        let (weight, weightOverflow) = w.multipliedReportingOverflow(by: base - t)
        guard !weightOverflow else { return nil }
        w = weight
        k += base
      }
      let points = output.count + 1
      bias = adapt(i - oldI, points: points, first: oldI == 0)
      guard i / points <= 0x10FFFF - n else { return nil }
      n += i / points
      i %= points
      guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }

  /// The digit threshold at `k` for `bias` (RFC 3492, section 6.2).
  private static func threshold(_ k: Int, _ bias: Int) -> Int {
    k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
  }

  /// The next bias (RFC 3492, section 6.1).
  private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  /// The lower-case digit of a value from 0 to 35: `a`-`z`, then `0`-`9`.
  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
  }

  /// The value of a digit in either case, or `nil` for any other byte.
  private static func value(of byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }
}
