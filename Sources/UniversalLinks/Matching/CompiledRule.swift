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

  /// Compiles a resolved components entry (absent keys take Apple's defaults).
  init(_ component: AASAComponent, variables: SubstitutionVariableTable) {
    let caseSensitive = component.caseSensitive ?? true
    self.caseSensitive = caseSensitive
    percentEncoded = component.percentEncoded ?? true
    exclude = component.exclude ?? false
    func compile(_ pattern: String) -> WildcardPattern {
      WildcardPattern(pattern, variables: variables, caseSensitive: caseSensitive)
    }
    let normalized = PathNormalization.pattern(component.path ?? "*")
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
    path = WildcardPattern(normalized.pattern, variables: nil, caseSensitive: true)
    parentPath = normalized.parent.map { WildcardPattern($0, variables: nil, caseSensitive: true) }
    query = .any
    fragment = WildcardPattern("*", variables: nil, caseSensitive: true)
  }

  private func prepare(_ text: String) -> String {
    let decoded = percentEncoded ? text : PercentDecoding.decode(text)
    return caseSensitive ? decoded : decoded.lowercased()
  }

  /// Whether every component of the URL matches this rule's patterns.
  func matches(_ url: LinkURLParts, steps: inout Int) -> Bool {
    let pathSubject = Array(
      PathNormalization.subject(prepare(url.path.isEmpty ? "/" : url.path)).unicodeScalars)
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
