/// Text made safe to print on a terminal line: the one rule for every message the package writes
/// that quotes input (a pattern in an error, a link in a report).
package enum PrintableText {
  /// The text with control characters, bidirectional-formatting characters and other invisible
  /// format characters written as `\u{XXXX}`, so quoted input cannot reorder, hide or cut the line.
  package static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether ``escaped(_:)`` writes a scalar as `\u{XXXX}`: control characters (C0, DEL, C1),
  /// format characters (bidirectional controls such as U+202E among them), line and paragraph
  /// separators, and unassigned, private-use and surrogate code points.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: true
    default: false
    }
  }
}
