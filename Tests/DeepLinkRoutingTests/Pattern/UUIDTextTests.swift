import Foundation
import Testing

@testable import DeepLinkRouting

/// `{name:uuid}` reads 8-4-4-4-12 hex digits in any case, and nothing else: on every text one byte away
/// from a UUID, the router's reading is the rule's, with Foundation's `UUID(uuidString:)` for the bits.
/// Foundation alone is no reference: on Linux it reads ` A3E0000-…` and `5A3E0000-0000-4000-8000-00000000000G`.
@Suite("UUID text")
struct UUIDTextTests {
  static let samples = [
    "5A3E0000-0000-4000-8000-000000000001", "0e5f6a1c-9b3d-4c2e-8f7a-1b2c3d4e5f60",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "00000000-0000-0000-0000-000000000000",
  ]

  static func read(_ text: String) -> UUID? { ParameterType.uuid(text) }

  /// The rule, written out a character at a time: dashes at 8, 13, 18 and 23, ASCII hex digits elsewhere.
  static func expected(_ text: String) -> UUID? {
    let characters = Array(text)
    guard characters.count == 36 else { return nil }
    for (position, character) in characters.enumerated() {
      if [8, 13, 18, 23].contains(position) {
        guard character == "-" else { return nil }
      } else {
        guard character.isASCII, character.isHexDigit else { return nil }
      }
    }
    return UUID(uuidString: text)
  }

  @Test func everyOneByteChangeReadsByTheRule() {
    var compared = 0
    var accepted = 0
    for sample in Self.samples {
      #expect(Self.read(sample) == UUID(uuidString: sample), "\(sample)")
      #expect(Self.read(sample) != nil, "\(sample)")
      let bytes = Array(sample.utf8)
      for position in bytes.indices {
        for replacement in Array("0aF9g-G /".utf8) {
          var changed = bytes
          changed[position] = replacement
          let text = String(decoding: changed, as: UTF8.self)
          #expect(Self.read(text) == Self.expected(text), "\(text)")
          if Self.expected(text) != nil { accepted += 1 }
          compared += 1
        }
      }
    }
    #expect(compared == 4 * 36 * 9)
    // A digit replaced by one of the four digits, or a dash by a dash, stays a UUID; nothing else does.
    #expect(accepted == 4 * (32 * 4 + 4))
  }

  /// The rule on bytes, a byte at a time: dashes at 8, 13, 18 and 23, ASCII hex digits elsewhere, and
  /// the bits the digits spell.
  static func expectedBits(_ bytes: [UInt8]) -> (high: UInt64, low: UInt64)? {
    guard bytes.count == 36 else { return nil }
    var digits: [UInt64] = []
    for (position, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(position) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(UInt64(byte - UInt8(ascii: "0")))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(UInt64(byte - UInt8(ascii: "a") + 10))
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(UInt64(byte - UInt8(ascii: "A") + 10))
      default: return nil
      }
    }
    return (digits[..<16].reduce(0) { $0 << 4 | $1 }, digits[16...].reduce(0) { $0 << 4 | $1 })
  }

  /// The text is checked eight bytes at a time: every byte value in every place of every sample gives
  /// the answer (and the bits) of the rule read a byte at a time.
  @Test func everyByteInEveryPlaceReadsByTheRule() {
    var accepted = 0
    for sample in Self.samples + ["0123abcd-ef45-6789-ABCD-EF0123456789"] {
      let bytes = Array(sample.utf8)
      for position in bytes.indices {
        for value in 0...255 {
          var changed = bytes
          changed[position] = UInt8(value)
          let found = Bytes.with(changed) { ParameterType.uuidBits($0) }
          let expected = Self.expectedBits(changed)
          #expect(
            found?.high == expected?.high && found?.low == expected?.low,
            "byte \(value) at \(position) of \(sample)")
          #expect(Bytes.with(changed) { ParameterType.isUUIDText($0) } == (expected != nil))
          if expected != nil { accepted += 1 }
        }
      }
    }
    // In each sample a digit's place takes 22 digits and a dash's place takes the dash alone.
    #expect(accepted == 5 * (32 * 22 + 4))
  }

  @Test func aUUIDTooShortTooLongOrWithoutDashesIsNotOne() {
    let sample = Self.samples[0]
    for text in [
      String(sample.dropLast()), sample + "0", sample.replacingOccurrences(of: "-", with: ""),
      "{" + sample + "}", "", "5A3E0000-0000-4000-8000-0000000000-1",
    ] {
      #expect(Self.read(text) == nil, "\(text)")
      #expect(!ParameterType.isUUIDText(text), "\(text)")
    }
    #expect(ParameterType.isUUIDText(sample.lowercased()))
    #expect(Self.read(sample.lowercased()) == Self.read(sample))
  }
}
