/// The `?` key of a components entry: a pattern for the whole query, or patterns for named items.
///
/// As a string, the pattern is matched against the entire raw query (`"?": "def"` matches `?def`).
/// As a dictionary, items the dictionary does not name are ignored; an absent item, or an item with no
/// value, reads as the empty string; when a name repeats in the URL, every occurrence must match.
package enum AASAQueryPattern: Hashable, Sendable {
  /// A pattern for the entire query string.
  case whole(String)
  /// Patterns for the values of named query items.
  case items([String: String])

  /// Whether the pattern lets every query through (`*`-only, or a dictionary of `*`-only patterns).
  var acceptsEverything: Bool {
    switch self {
    case .whole(let pattern): pattern.allSatisfy { $0 == "*" }
    case .items(let items): items.values.allSatisfy { $0.allSatisfy { $0 == "*" } }
    }
  }
}
