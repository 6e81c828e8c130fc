/// The path rules Apple's matcher applies (observed; Apple documents none of them).
///
/// - The leading `/` of a pattern is optional, and a leading run of slashes collapses.
/// - A trailing run of slashes is insignificant, in the pattern and in the URL.
/// - A pattern ending in `/*` also matches its parent (`/buy/*` matches `/buy`).
/// - An empty URL path equals `/`.
///
/// Both sides are brought to a form without the leading and the trailing slashes, then compared whole.
enum PathNormalization {
  /// A path pattern without its leading and trailing slash runs, and the parent pattern it also
  /// matches when it ends in `/*`.
  static func pattern(_ pattern: String) -> (pattern: String, parent: String?) {
    let trimmed = String(pattern.drop { $0 == "/" }.reversed().drop { $0 == "/" }.reversed())
    let withoutStars = trimmed.reversed().drop { $0 == "*" }
    guard withoutStars.count < trimmed.count, withoutStars.first == "/" else {
      return (trimmed, nil)
    }
    let parent = String(withoutStars.drop { $0 == "/" }.reversed())
    return (trimmed, parent)
  }

  /// A URL path (already decoded and lowered if the rule asks for it) without its one leading slash
  /// and its trailing slash run; the empty path reads as `/`.
  static func subject(_ path: String) -> String {
    var path = Substring(path)
    if path.first == "/" {
      path = path.dropFirst()
    }
    while path.last == "/" {
      path = path.dropLast()
    }
    return String(path)
  }
}
