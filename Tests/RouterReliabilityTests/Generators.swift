import DeepLinkRouting
import DeepLinkingTestSupport
import Foundation

/// Settings read from the environment, with fixed defaults so a plain `swift test` is reproducible.
enum ReliabilitySettings {
  /// `DEEPLINK_DIFF_SEED`, default 20_240_601.
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["DEEPLINK_DIFF_SEED"].flatMap { UInt64($0) } ?? 20_240_601
  }

  /// `DEEPLINK_DIFF_CASES`, default 100,000.
  static var differentialCases: Int {
    ProcessInfo.processInfo.environment["DEEPLINK_DIFF_CASES"].flatMap { Int($0) } ?? 100_000
  }
}

/// Values that are awkward in links: reserved characters, escapes, spaces, plus signs, non-ASCII,
/// combining marks, emoji, dot segments.
enum AwkwardValues {
  static let strings = [
    "12345", "a/b", "a b", "a+b", "+", "%", "%41", "%2541", "caf\u{E9}", "cafe\u{301}", "日本語", "👍🏽",
    "👨‍👩‍👧", ".", "..", "a?b", "a#b", "a&b=c", "~user", "UPPER", "x;y,z", "'quoted'", "@", ":", "-5", "007",
  ]

  /// A random non-empty Unicode string from several planes, with combining marks and emoji, without
  /// control or bidirectional-formatting characters.
  static func unicodeString(using random: inout SeededGenerator) -> String {
    let ranges: [ClosedRange<UInt32>] = [
      0x21...0x7E, 0x21...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x391...0x3C9, 0x400...0x4FF, 0x5D0...0x5EA,
      0x3040...0x30FF, 0x4E00...0x4FFF, 0xAC00...0xAD00, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
    ]
    let length = Int.random(in: 1...12, using: &random)
    var text = ""
    for _ in 0..<length {
      let range = random.pick(ranges)
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)),
        !ReferenceCoding.isForbidden(scalar)
      {
        text.unicodeScalars.append(scalar)
      }
    }
    return text.isEmpty ? "x" : text
  }

  /// A UUID written in mixed case.
  static func mixedCaseUUID(using random: inout SeededGenerator) -> (text: String, uuid: UUID) {
    var bytes: [UInt8] = []
    for _ in 0..<16 { bytes.append(UInt8.random(in: 0...255, using: &random)) }
    let uuid = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    let text = String(uuid.uuidString.map { random.chance(0.5) ? Character($0.lowercased()) : $0 })
    return (text, uuid)
  }
}
