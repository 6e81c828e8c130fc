/// A components entry (after defaults are layered) or a legacy `paths` string, compiled for matching.
struct CompiledRule: Sendable {
  /// The compiled `?` key.
  enum Query: Sendable {
    /// No restriction on the query.
    case any
    /// A pattern for the whole raw query.
    case whole(WildcardPattern)
    /// Patterns for named items: every occurrence of the name must match; absent reads as empty.
    case items([Item])
  }

  /// A named query item and the pattern its values must match.
  struct Item: Sendable {
    let name: String
    let pattern: WildcardPattern
  }

  let path: WildcardPattern
  let parentPath: WildcardPattern?
  let query: Query
  let fragment: WildcardPattern
  let exclude: Bool
  let caseSensitive: Bool
  let percentEncoded: Bool
  /// The text every path this rule matches begins with (after normalization, decoding and lowering
  /// as the rule asks): the path pattern up to its first wildcard or variable, case-insensitive rules
  /// only up to the first non-ASCII character. The matcher indexes rules by it.
  let literalPrefix: String
  /// The first pattern of the rule over ``AASAMatcher/maximumPatternLength`` bytes, if any: such a
  /// rule is ignored (it never matches).
  let overlongPattern: String?

  /// Compiles a resolved components entry (absent keys take Apple's defaults).
  init(_ component: AASAComponent, variables: SubstitutionVariableTable) {
    let caseSensitive = component.caseSensitive ?? true
    self.caseSensitive = caseSensitive
    percentEncoded = component.percentEncoded ?? true
    exclude = component.exclude ?? false
    func compile(_ pattern: String) -> WildcardPattern {
      WildcardPattern(pattern, variables: variables, caseSensitive: caseSensitive)
    }
    var patterns = [component.path, component.fragment]
    switch component.query {
    case .whole(let pattern): patterns.append(pattern)
    case .items(let items): patterns += items.values.sorted().map(Optional.some)
    case nil: break
    }
    overlongPattern = patterns.compactMap { $0 }.first { $0.utf8.count > AASAMatcher.maximumPatternLength }
    let normalized = PathNormalization.pattern(component.path ?? "*")
    literalPrefix = Self.literalPrefix(
      of: normalized.parent ?? normalized.pattern, caseSensitive: caseSensitive)
    path = compile(normalized.pattern)
    parentPath = normalized.parent.map(compile)
    fragment = compile(component.fragment ?? "*")
    switch component.query {
    case nil:
      query = .any
    case .whole(let pattern):
      query = .whole(compile(pattern))
    case .items(let items):
      query = .items(
        items.sorted { $0.key < $1.key }.map {
          Item(name: caseSensitive ? $0.key : $0.key.lowercased(), pattern: compile($0.value))
        }
      )
    }
  }

  /// Compiles a legacy `paths` string: a `NOT ` prefix excludes; only the path is compared, as written
  /// and case-sensitively; substitution variables do not exist in this form.
  init(legacyPath: String) {
    exclude = legacyPath.hasPrefix("NOT ")
    caseSensitive = true
    percentEncoded = true
    let normalized = PathNormalization.pattern(exclude ? String(legacyPath.dropFirst(4)) : legacyPath)
    overlongPattern = legacyPath.utf8.count > AASAMatcher.maximumPatternLength ? legacyPath : nil
    literalPrefix = Self.literalPrefix(of: normalized.parent ?? normalized.pattern, caseSensitive: true)
    path = WildcardPattern(normalized.pattern, variables: nil, caseSensitive: true)
    parentPath = normalized.parent.map { WildcardPattern($0, variables: nil, caseSensitive: true) }
    query = .any
    fragment = WildcardPattern("*", variables: nil, caseSensitive: true)
  }

  /// The pattern text before its first `*`, `?` or `$`; for a case-insensitive rule also before its
  /// first non-ASCII character (whose lower-case form can depend on what follows), lowered.
  private static func literalPrefix(of pattern: String, caseSensitive: Bool) -> String {
    let prefix = pattern.unicodeScalars.prefix { scalar in
      scalar != "*" && scalar != "?" && scalar != "$" && (caseSensitive || scalar.isASCII)
    }
    let text = String(String.UnicodeScalarView(prefix))
    return caseSensitive ? text : text.lowercased()
  }

  /// The URL path as this rule compares it: decoded if the rule asks, lowered if it is
  /// case-insensitive, without its leading slash and trailing slashes.
  func pathSubject(_ url: LinkURLParts) -> String {
    PathNormalization.subject(prepare(url.path.isEmpty ? "/" : url.path))
  }

  private func prepare(_ text: String) -> String {
    let decoded = percentEncoded ? text : PercentDecoding.decode(text)
    return caseSensitive ? decoded : decoded.lowercased()
  }

  /// Whether every component of the URL matches this rule's patterns.
  func matches(_ url: LinkURLParts, steps: inout Int) -> Bool {
    guard overlongPattern == nil else { return false }
    let pathSubject = Array(pathSubject(url).unicodeScalars)
    guard
      path.matches(pathSubject, steps: &steps)
        || parentPath?.matches(pathSubject, steps: &steps) == true
    else { return false }
    guard fragment.matches(Array(prepare(url.fragment ?? "").unicodeScalars), steps: &steps) else {
      return false
    }
    switch query {
    case .any:
      return true
    case .whole(let pattern):
      return pattern.matches(Array(prepare(url.query ?? "").unicodeScalars), steps: &steps)
    case .items(let items):
      let pairs = queryItems(url.query ?? "")
      for item in items {
        let values = pairs.filter { $0.name == item.name }.map(\.value)
        for value in values.isEmpty ? [""] : values {
          guard item.pattern.matches(Array(value.unicodeScalars), steps: &steps) else { return false }
        }
      }
      return true
    }
  }

  /// The query's items, split on the raw text first so an encoded `&` or `=` stays inside its item;
  /// an item without `=` has the empty value; empty items are skipped.
  private func queryItems(_ query: String) -> [(name: String, value: String)] {
    query.split(separator: "&").map { item in
      guard let equals = item.firstIndex(of: "=") else { return (prepare(String(item)), "") }
      return (prepare(String(item[..<equals])), prepare(String(item[item.index(after: equals)...])))
    }
  }
}
