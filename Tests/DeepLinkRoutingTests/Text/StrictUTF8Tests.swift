import DeepLinkingTestSupport
import Testing

@testable import DeepLinkRouting

@Suite("Strict UTF-8")
struct StrictUTF8Tests {
  /// The oracle: bytes are well-formed exactly when the standard library's decoder, which replaces
  /// every ill-formed sequence, gives them back unchanged.
  static func oracle(_ bytes: [UInt8]) -> Bool {
    Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
  }

  @Test(
    "Each boundary of the Unicode Standard's table of well-formed sequences",
    arguments: [
      ([0x7F], true), ([0x80], false), ([0xC1, 0xBF], false), ([0xC2, 0x80], true), ([0xDF, 0xBF], true),
      ([0xE0, 0x9F, 0xBF], false), ([0xE0, 0xA0, 0x80], true), ([0xED, 0x9F, 0xBF], true),
      ([0xED, 0xA0, 0x80], false), ([0xEF, 0xBF, 0xBF], true), ([0xF0, 0x8F, 0xBF, 0xBF], false),
      ([0xF0, 0x90, 0x80, 0x80], true), ([0xF4, 0x8F, 0xBF, 0xBF], true), ([0xF4, 0x90, 0x80, 0x80], false),
      ([0xF5, 0x80, 0x80, 0x80], false), ([0xE2, 0x82], false), ([0xF0, 0x9F, 0x98], false),
      ([0xC3, 0x28], false), ([0xFF], false), ([], true),
    ] as [([UInt8], Bool)]
  )
  func boundaries(_ bytes: [UInt8], _ valid: Bool) {
    #expect(StrictUTF8.isValid(bytes) == valid)
    #expect(Self.oracle(bytes) == valid, "the oracle agrees with the table")
    #expect(StrictUTF8.decode(bytes) == (valid ? String(decoding: bytes, as: UTF8.self) : nil))
  }

  @Test("Agrees with the standard library's decoder on random bytes and on mutated text")
  func differential() {
    var random = SeededGenerator(seed: 0x5EED_0019)
    let samples = Array("aé€😀\u{10FFFF}".utf8)
    for _ in 0..<20_000 {
      var bytes: [UInt8]
      if random.chance(0.5) {
        bytes = (0..<Int.random(in: 0...8, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
      } else {
        bytes = samples
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] = UInt8.random(in: 0x80...0xFF, using: &random)
      }
      #expect(StrictUTF8.isValid(bytes) == Self.oracle(bytes), "\(bytes)")
    }
  }
}
