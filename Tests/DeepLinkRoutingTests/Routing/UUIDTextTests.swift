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
