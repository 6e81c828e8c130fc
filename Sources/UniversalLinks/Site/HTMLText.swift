import DeepLinkRouting

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

  /// A double-quoted JavaScript string literal that cannot end the surrounding `<script>` element:
  /// the package's JSON string escaping, with `<`, `>` and `&` also escaped.
  static func javaScriptString(_ text: String) -> String {
    JSONString.quoted(text, alsoEscaping: ["<", ">", "&"])
  }
}
