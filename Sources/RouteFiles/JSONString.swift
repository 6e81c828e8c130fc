import DeepLinkRouting

/// The package's one JSON string escaper, used by every piece of JSON the package writes.
///
/// `"` and `\` are escaped, as are line feed, carriage return and tab (`\n`, `\r`, `\t`); every other
/// control character (C0, DEL and C1, ESC and BEL among them), the line and paragraph separators
/// (U+2028, U+2029, which end a line in JavaScript), and the bidirectional formatting characters
/// (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069, which can make text display as
/// something it is not) are written as `\u` escapes with upper-case hex.
/// `/` and all other characters are written as they are.
package enum JSONString {
  /// The byte a one-letter escape stands for (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), or `nil`
  /// for any other letter; a `\u` escape is read by its reader.
  ///
  /// - Parameter letter: The byte after the backslash.
  /// - Returns: The byte it stands for, or `nil`.
  package static func unescaped(_ letter: UInt8) -> UInt8? {
    switch letter {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
    case UInt8(ascii: "b"): 0x08
    case UInt8(ascii: "f"): 0x0C
    case UInt8(ascii: "n"): 0x0A
    case UInt8(ascii: "r"): 0x0D
    case UInt8(ascii: "t"): 0x09
    default: nil
    }
  }

  /// The text as a quoted JSON string.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - alsoEscaping: Further characters to write as `\u` escapes (a script element's `<`, for one).
  /// - Returns: The quoted, escaped text.
  package static func quoted(_ text: String, alsoEscaping: Set<Unicode.Scalar> = []) -> String {
    var output = ""
    appendQuoted(text, to: &output, alsoEscaping: alsoEscaping)
    return output
  }

  /// Appends the text as a quoted JSON string.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - output: The text to append to.
  ///   - alsoEscaping: Further characters to write as `\u` escapes.
  package static func appendQuoted(
    _ text: String, to output: inout String, alsoEscaping: Set<Unicode.Scalar> = []
  ) {
    // Printable ASCII other than `"` and `\` is written as it is (no rule below escapes it): most text
    // is, and is then appended whole instead of scalar by scalar.
    if alsoEscaping.isEmpty
      && text.utf8.allSatisfy({
        $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
      })
    {
      output.append("\"")
      output.append(text)
      output.append("\"")
      return
    }
    output.append("\"")
    // The scalars between two escapes are appended as one run.
    let scalars = text.unicodeScalars
    var runStart = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String?
      switch scalar {
      case "\"": escape = "\\\""
      case "\\": escape = "\\\\"
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      default:
        if needsUnicodeEscape(scalar) || alsoEscaping.contains(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          escape = "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
          escape = nil
        }
      }
      let next = scalars.index(after: index)
      if let escape {
        output.append(contentsOf: Substring(scalars[runStart..<index]))
        output.append(escape)
        runStart = next
      }
      index = next
    }
    output.append(contentsOf: Substring(scalars[runStart..<scalars.endIndex]))
    output.append("\"")
  }

  /// The scalars written as `\u` escapes: the ones a link may not hold (``PercentCoding/isForbidden(_:)``:
  /// C0 controls, DEL, C1 controls, bidirectional formatting) and the line and paragraph separators.
  private static func needsUnicodeEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x2028 || scalar.value == 0x2029 || PercentCoding.isForbidden(scalar)
  }
}
