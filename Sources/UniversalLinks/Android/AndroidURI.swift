/// A link read as `android.net.Uri.parse` reads it (AOSP `core/java/android/net/Uri.java`, `StringUri`),
/// the way `IntentFilter` then asks for its parts. Every part is found by UTF-16 offsets in the text as
/// given; nothing is normalised:
/// - the scheme is everything before the first `:`, as written;
/// - the scheme-specific part is everything between that `:` and the first `#` after it;
/// - a link whose `:` is followed by `//` has an authority, which ends at the first `/`, `\`, `?` or
///   `#`: `https://example.com\p` has the host `example.com` and the path `\p`;
/// - the host is the authority after its last `@` and before the port, which is the digits after the
///   last `:` when only digits follow it (`https:///p` has the host `""`, `myapp:/p` none);
/// - the path starts at the authority's end (or right after the `:`), runs to the first `?` or `#`,
///   and is absent for an opaque link, one whose `:` is not followed by `/` (`tel:+1555`);
/// - the query runs from the first `?` to the fragment, the fragment from the first `#`.
///
/// Each part is decoded by ``decode(_:)``.
struct AndroidURI: Hashable, Sendable {
  /// The scheme, as written.
  var scheme: String
  /// The decoded scheme-specific part.
  var schemeSpecificPart: String
  /// The decoded host, or `nil` without an authority.
  var host: String?
  /// The port, or `nil` when there is none or it is not a number `Integer.parseInt` reads.
  var port: Int?
  /// The decoded path, or `nil` for an opaque link.
  var path: String?
  /// The decoded query, or `nil` without one.
  var query: String?
  /// The decoded fragment, or `nil` without one.
  var fragment: String?

  private static let colon = UInt16(UInt8(ascii: ":"))
  private static let slash = UInt16(UInt8(ascii: "/"))
  private static let backslash = UInt16(UInt8(ascii: "\\"))
  private static let question = UInt16(UInt8(ascii: "?"))
  private static let hash = UInt16(UInt8(ascii: "#"))
  private static let at = UInt16(UInt8(ascii: "@"))
  private static let percent = UInt16(UInt8(ascii: "%"))

  /// Reads a link; `nil` for text without a `:` or with nothing before it.
  init?(_ link: String) {
    let units = Array(link.utf16)
    guard let ssi = units.firstIndex(of: Self.colon), ssi > 0 else { return nil }
    func text(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }
    scheme = text(0..<ssi)
    let fsi = units[ssi...].firstIndex(of: Self.hash)
    schemeSpecificPart = Self.decode(text((ssi + 1)..<(fsi ?? units.count)))
    fragment = fsi.map { Self.decode(text(($0 + 1)..<units.count)) }
    if let qsi = units[ssi...].firstIndex(of: Self.question), fsi.map({ $0 > qsi }) ?? true {
      query = Self.decode(text((qsi + 1)..<(fsi ?? units.count)))
    }

    let hasAuthority = units.count > ssi + 2 && units[ssi + 1] == Self.slash && units[ssi + 2] == Self.slash
    if hasAuthority {
      var end = ssi + 3
      while end < units.count, ![Self.slash, Self.backslash, Self.question, Self.hash].contains(units[end]) {
        end += 1
      }
      let authority = units[(ssi + 3)..<end]
      // The port: the digits after the last `:`, found from the end while only digits are seen.
      var portSeparator: Int?
      for index in authority.indices.reversed() {
        if authority[index] == Self.colon {
          portSeparator = index
          break
        }
        guard (48...57).contains(authority[index]) else { break }
      }
      let hostStart = (authority.lastIndex(of: Self.at) ?? (ssi + 2)) + 1
      host = Self.decode(text(hostStart..<(portSeparator ?? end)))
      if let portSeparator, let value = Int32(text((portSeparator + 1)..<end)) {
        port = Int(value)
      }
    }

    // A path only when a `/` follows the `:`.
    guard units.count > ssi + 1, units[ssi + 1] == Self.slash else { return }
    var pathStart = ssi + 1
    if hasAuthority {
      pathStart = ssi + 3
      while pathStart < units.count {
        let unit = units[pathStart]
        if unit == Self.question || unit == Self.hash {
          path = ""
          return
        }
        if unit == Self.slash || unit == Self.backslash { break }
        pathStart += 1
      }
    }
    var pathEnd = pathStart
    while pathEnd < units.count, units[pathEnd] != Self.question, units[pathEnd] != Self.hash { pathEnd += 1 }
    path = Self.decode(text(pathStart..<pathEnd))
  }

  /// Percent-decoding as `Uri.decode` does it (AOSP `core/java/android/net/UriCodec.java`, with
  /// `throwOnFailure` false): the bytes of `%XX` sequences are gathered and read as UTF-8, invalid
  /// UTF-8 as U+FFFD; `+` stays `+`. A malformed escape becomes U+FFFD, and the codec then goes on as
  /// its loop is written: `%` at the end, or `%X` at the end, ends the text there; a `%` followed by a
  /// character that is not a hex digit also adds the byte read so far (0 after `%`, the first digit's
  /// value after `%X`) to the bytes gathered, and the character after a bad first digit is read again
  /// as text. So `/p%zz` reads as `/p`, U+FFFD, U+0000, `z`, and `/p%2` as `/p`, U+FFFD.
  static func decode(_ text: String) -> String {
    guard text.utf16.contains(percent) else { return text }
    let units = Array(text.utf16)
    var result: [UInt16] = []
    var bytes: [UInt8] = []
    func flush() {
      guard !bytes.isEmpty else { return }
      result += String(decoding: bytes, as: UTF8.self).utf16
      bytes = []
    }
    func hex(_ unit: UInt16) -> UInt8? {
      switch unit {
      case 48...57: UInt8(unit - 48)
      case 97...102: UInt8(unit - 87)
      case 65...70: UInt8(unit - 55)
      default: nil
      }
    }
    var index = 0
    escapes: while index < units.count {
      let unit = units[index]
      index += 1
      guard unit == percent else {
        flush()
        result.append(unit)
        continue
      }
      var value: UInt8 = 0
      for _ in 0..<2 {
        guard index < units.count else {
          flush()
          result.append(0xFFFD)
          break escapes
        }
        let digit = hex(units[index])
        index += 1
        guard let digit else {
          flush()
          result.append(0xFFFD)
          break
        }
        value = value << 4 | digit
      }
      bytes.append(value)
    }
    flush()
    return String(decoding: result, as: UTF16.self)
  }
}
