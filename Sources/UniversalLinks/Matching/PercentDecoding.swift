import DeepLinkRouting

/// Percent-decoding for `percentEncoded: false` rules.
enum PercentDecoding {
  /// The text with every `%XX` escape replaced by its byte, read as UTF-8.
  ///
  /// A `%` not followed by two hex digits stays as written; bytes that do not form valid UTF-8 become
  /// U+FFFD, so a malformed URL can never match a pattern by accident of decoding.
  static func decode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = PercentCoding.hexValue(bytes[index + 1]),
        let low = PercentCoding.hexValue(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}
