/// Escaping for text placed into generated HTML and inline JavaScript.
enum HTMLText {
  /// The text with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in element
  /// content and in quoted attribute values.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// A double-quoted JavaScript string literal that cannot end the surrounding `<script>` element.
  static func javaScriptString(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "<": literal += "\\u003C"
      case ">": literal += "\\u003E"
      case "&": literal += "\\u0026"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\u{2028}": literal += "\\u2028"
      case "\u{2029}": literal += "\\u2029"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }
}
