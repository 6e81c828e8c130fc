/// What the unreachable-rule check needs to know about a rule (after defaults are layered).
struct RuleShape {
  /// The path pattern as written, for messages.
  let pattern: String
  /// The path pattern without its leading and trailing slashes.
  let path: String
  /// Whether the rule lets every query and every fragment through.
  let acceptsAnyQueryAndFragment: Bool
  let exclude: Bool
  let caseSensitive: Bool
  let percentEncoded: Bool

  init(_ component: AASAComponent) {
    pattern = component.path ?? "*"
    path = PathNormalization.pattern(pattern).pattern
    acceptsAnyQueryAndFragment =
      (component.query?.acceptsEverything ?? true) && (component.fragment ?? "*").allSatisfy { $0 == "*" }
    exclude = component.exclude ?? false
    caseSensitive = component.caseSensitive ?? true
    percentEncoded = component.percentEncoded ?? true
  }

  init(legacyPath: String) {
    exclude = legacyPath.hasPrefix("NOT ")
    pattern = legacyPath
    path = PathNormalization.pattern(exclude ? String(legacyPath.dropFirst(4)) : legacyPath).pattern
    acceptsAnyQueryAndFragment = true
    caseSensitive = true
    percentEncoded = true
  }

  /// The text before the first wildcard or variable of the path pattern.
  private var literalPrefix: Substring {
    var end = path.endIndex
    for marker in ["*", "?", "$("] {
      if let range = path.range(of: marker), range.lowerBound < end {
        end = range.lowerBound
      }
    }
    return path[..<end]
  }

  /// Whether this (earlier) rule matches every URL that `later` matches, by the conservative test.
  func shadows(_ later: RuleShape) -> Bool {
    guard acceptsAnyQueryAndFragment, !path.isEmpty, path.last == "*" else { return false }
    if path.allSatisfy({ $0 == "*" }) { return true }
    let prefix = path.dropLast()
    guard !prefix.contains("*"), !prefix.contains("?"), !prefix.contains("$("),
      percentEncoded == later.percentEncoded, caseSensitive ? later.caseSensitive : true
    else { return false }
    return caseSensitive
      ? later.literalPrefix.hasPrefix(prefix)
      : later.literalPrefix.lowercased().hasPrefix(prefix.lowercased())
  }
}
