import DeepLinkRouting
import RouteFiles

/// Escaping for text placed into generated HTML and inline JavaScript: the one rule of each (the XML of
/// `AndroidManifest.xml` takes the same character references).
enum HTMLText {
  /// The schemes a link in the page may not use: those a browser runs as script or reads from the
  /// device (`javascript:` would run on the site's origin, with the visited path in it).
  static let refusedLinkSchemes: Set<String> = [
    "javascript", "vbscript", "data", "blob", "file", "filesystem", "about",
  ]

  /// Whether a URL may go into an `href`: `https`, or a custom scheme that is not one of
  /// ``refusedLinkSchemes``, compared without regard to case.
  static func isSafeLink(scheme: String) -> Bool {
    !refusedLinkSchemes.contains(scheme.lowercased())
  }

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
