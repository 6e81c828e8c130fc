import Foundation

/// Percent-coding written from RFC 3986 and the rules, for the reference and the generators.
enum ReferenceCoding {
  static func decode(_ bytes: [UInt8], plusAsSpace: Bool) -> Result<String, ReferenceFailure> {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count,
          let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
          bytes[(index + 1)...(index + 2)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
        else { return .failure(ReferenceFailure("malformed-percent-escape")) }
        output.append(value)
        index += 3
      } else {
        output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    guard let text = String(bytes: output, encoding: .utf8) else {
      return .failure(ReferenceFailure("invalid-utf8"))
    }
    if text.unicodeScalars.contains(where: isForbidden) {
      return .failure(ReferenceFailure("forbidden-character"))
    }
    return .success(text)
  }

  /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let bidi: Set<UInt32> = [
      0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidi.contains(scalar.value)
  }

  /// Encodes every byte but ASCII letters and digits.
  static func encodeAll(_ text: String) -> String {
    encode(text) { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }
  }

  static func encode(_ text: String, lowercaseHex: Bool = false, keeping keep: (UInt8) -> Bool) -> String {
    var output = ""
    for byte in text.utf8 {
      if keep(byte) {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: !lowercaseHex)
        output += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return output
  }
}

extension Character {
  var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
