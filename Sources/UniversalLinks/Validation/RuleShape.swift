/// What the unreachable-rule check needs to know about a rule (after defaults are layered).
///
/// An earlier rule shadows a later one when it matches every URL the later one matches. The test is
/// conservative, by parts:
/// - path: the earlier pattern is `*`-only, or equals the later one, or is `X*` with `X` literal and
///   `X` beginning the later pattern's literal prefix;
/// - query: the earlier rule accepts every query, or has the same query pattern, or names a subset of
///   the later rule's query items with the same patterns;
/// - fragment: the earlier rule accepts every fragment, or has the same fragment pattern;
/// - flags: the same `percentEncoded`; a case-sensitive earlier rule only shadows a case-sensitive one.
struct RuleShape {
  /// The path pattern as written, for messages.
  let pattern: String
  /// The path pattern without its leading and trailing slashes (lower-cased for a case-insensitive rule).
  let path: String
  /// The query condition: `nil` when every query is accepted.
  let query: QueryKey?
  /// The fragment pattern: `nil` when every fragment is accepted.
  let fragment: String?
  let exclude: Bool
  let caseSensitive: Bool
  let percentEncoded: Bool

  /// A query condition in a form that can be hashed and split into the item subsets it implies.
  enum QueryKey: Hashable {
    case whole(String)
    /// Name and pattern pairs, sorted by name.
    case items([ItemPattern])
  }

  /// One query item's name and pattern.
  struct ItemPattern: Hashable {
    let name: String
    let pattern: String
  }

  init(_ component: AASAComponent) {
    pattern = component.path ?? "*"
    caseSensitive = component.caseSensitive ?? true
    percentEncoded = component.percentEncoded ?? true
    exclude = component.exclude ?? false
    let normalized = PathNormalization.pattern(pattern).pattern
    path = caseSensitive ? normalized : normalized.lowercased()
    switch component.query {
    case nil: query = nil
    case .some(let pattern) where pattern.acceptsEverything: query = nil
    case .whole(let text): query = .whole(text)
    case .items(let items):
      query = .items(items.map { ItemPattern(name: $0.key, pattern: $0.value) }.sorted { $0.name < $1.name })
    }
    let fragmentPattern = component.fragment ?? "*"
    fragment = fragmentPattern.allSatisfy { $0 == "*" } ? nil : fragmentPattern
  }

  init(legacyPath: String) {
    exclude = legacyPath.hasPrefix("NOT ")
    pattern = legacyPath
    path = PathNormalization.pattern(exclude ? String(legacyPath.dropFirst(4)) : legacyPath).pattern
    query = nil
    fragment = nil
    caseSensitive = true
    percentEncoded = true
  }

  /// Whether the path pattern matches every path.
  var matchesEveryPath: Bool { path.allSatisfy { $0 == "*" } }

  /// For a pattern `X*` whose `X` has no wildcard or variable: `X`.
  var literalPrefixGlob: Substring? {
    guard path.count > 1, path.last == "*" else { return nil }
    let prefix = path.dropLast()
    guard !prefix.contains("*"), !prefix.contains("?"), !prefix.contains("$(") else { return nil }
    return prefix
  }

  /// The text before the first wildcard or variable of the path pattern.
  var literalPrefix: Substring {
    var end = path.endIndex
    for marker in ["*", "?", "$("] {
      if let range = path.range(of: marker), range.lowerBound < end {
        end = range.lowerBound
      }
    }
    return path[..<end]
  }

  /// The query conditions an earlier rule may have and still accept every query this rule accepts:
  /// none, this rule's own, and (for a dictionary of up to ``maximumSubsetItems`` items) every
  /// non-empty subset of its items.
  var coveringQueries: [QueryKey?] {
    guard let query else { return [nil] }
    guard case .items(let items) = query, items.count > 1, items.count <= Self.maximumSubsetItems else {
      return [nil, query]
    }
    var keys: [QueryKey?] = [nil]
    for mask in 1..<(1 << items.count) {
      keys.append(.items(items.indices.filter { mask & (1 << $0) != 0 }.map { items[$0] }))
    }
    return keys
  }

  /// The largest query dictionary whose item subsets are tried; larger ones are compared whole.
  static let maximumSubsetItems = 6
}

/// Finds, for each rule in order, the earliest earlier rule that shadows it, without comparing every
/// pair: earlier rules are filed by flags, query and fragment, then by exact path pattern and by the
/// literal prefix of `X*` patterns, so each rule looks up only the few entries that can shadow it.
///
/// The cost per rule is bounded by the number of covering query keys (at most 2^6), two fragment
/// keys, two case modes and the length of its literal prefix, so the whole check is linear in the
/// number of rules.
struct ShadowIndex {
  private struct Bucket {
    var everyPath: Int?
    var exact: [String: Int] = [:]
    var prefixGlobs: [Substring: Int] = [:]

    /// Files a rule, keeping the earliest position for each way of shadowing.
    mutating func insert(_ rule: RuleShape, at position: Int) {
      if rule.matchesEveryPath, everyPath == nil { everyPath = position }
      if exact[rule.path] == nil { exact[rule.path] = position }
      if let prefix = rule.literalPrefixGlob, prefixGlobs[prefix] == nil { prefixGlobs[prefix] = position }
    }
  }

  private struct BucketKey: Hashable {
    let caseSensitive: Bool
    let percentEncoded: Bool
    let query: RuleShape.QueryKey?
    let fragment: String?
  }

  private var buckets: [BucketKey: Bucket] = [:]

  /// For each rule, the index of the earliest earlier rule that shadows it, or `nil`.
  static func shadowingRules(_ rules: [RuleShape]) -> [Int?] {
    var index = ShadowIndex()
    var result: [Int?] = []
    result.reserveCapacity(rules.count)
    for (position, rule) in rules.enumerated() {
      result.append(index.earliestShadow(of: rule))
      index.insert(rule, at: position)
    }
    return result
  }

  private mutating func insert(_ rule: RuleShape, at position: Int) {
    let key = BucketKey(
      caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded, query: rule.query,
      fragment: rule.fragment)
    // Mutated in place through the dictionary's `default:` subscript: copying a bucket out and
    // back in would copy its dictionaries on every insert, which made the check quadratic.
    buckets[key, default: Bucket()].insert(rule, at: position)
  }

  private func earliestShadow(of rule: RuleShape) -> Int? {
    guard !buckets.isEmpty else { return nil }
    var earliest: Int?
    func consider(_ candidate: Int?) {
      if let candidate, candidate < (earliest ?? Int.max) { earliest = candidate }
    }
    let caseModes = rule.caseSensitive ? [true, false] : [false]
    let fragments: [String?] = rule.fragment == nil ? [nil] : [nil, rule.fragment]
    for caseSensitive in caseModes {
      let path = caseSensitive ? rule.path : rule.path.lowercased()
      let literal = caseSensitive ? rule.literalPrefix : Substring(rule.literalPrefix.lowercased())
      for query in rule.coveringQueries {
        for fragment in fragments {
          let key = BucketKey(
            caseSensitive: caseSensitive, percentEncoded: rule.percentEncoded, query: query,
            fragment: fragment)
          guard let bucket = buckets[key] else { continue }
          consider(bucket.everyPath)
          consider(bucket.exact[path])
          guard !bucket.prefixGlobs.isEmpty else { continue }
          var end = literal.startIndex
          while end < literal.endIndex {
            end = literal.index(after: end)
            consider(bucket.prefixGlobs[literal[..<end]])
          }
        }
      }
    }
    return earliest
  }
}
