import DeepLinkRouting
import RouteFiles

/// The dynamic rules of Android 15 Dynamic App Links: the `dynamic_app_link_components` an
/// `assetlinks.json` statement holds under `relation_extensions`, which a device of API 35 or later
/// with Google services fetches with the file and applies without an app release.
///
/// ```json
/// "relation_extensions": {
///   "delegate_permission/common.handle_all_urls": {
///     "dynamic_app_link_components": [{"/": "/products/*"}, {"/": "*", "exclude": true}]
///   }
/// }
/// ```
///
/// Each rule (``Rule``) holds matchers for the path (`/`), the query items (`?`, a dictionary of
/// names to value patterns, all of which must be present) and the fragment (`#`), and may `exclude`
/// what it matches. The rules are read in order and the first that matches decides; a link none
/// matches does not open the app (Google, "Configure website associations and dynamic rules",
/// developer.android.com/training/app-links/configure-assetlinks). They only narrow what the
/// manifest's verified filters claim: the hosts and schemes come from the manifest. A device hands
/// the rules of each verified host to the system as `UriRelativeFilterGroup`s
/// (`DomainVerificationManager.setUriRelativeFilterGroups`), so a rule matches a link as a
/// `<uri-relative-filter-group>` does (``AndroidRelativeFilterGroup``): every matcher it has must
/// match, and the query is read item by item.
///
/// In a pattern, `*` is zero or more characters up to the first occurrence of the character after it
/// (it never backtracks), `?` one character, `?*` one or more; there is no escape. They are
/// compared with the decoded path, query item and fragment.
package struct AndroidDynamicRules: Hashable, Sendable {
  /// One rule of `dynamic_app_link_components`.
  package struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// The path pattern (`/`), or `nil` for any path.
    package var path: String?
    /// The query items (`?`), name to value pattern, each of which must be present.
    package var query: [(name: String, value: String)] = []
    /// The fragment pattern (`#`), or `nil` for any fragment.
    package var fragment: String?
    /// Whether a link the rule matches is kept from the app (`exclude`).
    package var exclude = false

    /// Creates a rule.
    ///
    /// - Parameters:
    ///   - path: The path pattern.
    ///   - query: The query items, name to value pattern.
    ///   - fragment: The fragment pattern.
    ///   - exclude: Whether a link the rule matches is kept from the app.
    package init(
      path: String? = nil, query: [(name: String, value: String)] = [], fragment: String? = nil,
      exclude: Bool = false
    ) {
      self.path = path
      self.query = query
      self.fragment = fragment
      self.exclude = exclude
    }

    package static func == (lhs: Rule, rhs: Rule) -> Bool {
      lhs.path == rhs.path && lhs.fragment == rhs.fragment && lhs.exclude == rhs.exclude
        && lhs.query.map(\.name) == rhs.query.map(\.name) && lhs.query.map(\.value) == rhs.query.map(\.value)
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(path)
      hasher.combine(fragment)
      hasher.combine(exclude)
      for item in query {
        hasher.combine(item.name)
        hasher.combine(item.value)
      }
    }

    /// Whether the rule matches a link: its path, every query item it names (some `name=value` item
    /// of the decoded query, split as ``AndroidRelativeFilter`` splits it) and its fragment, as the
    /// `UriRelativeFilterGroup` Android makes of it matches; a rule without matchers matches nothing.
    func matches(_ uri: AndroidURI) -> Bool {
      guard path != nil || !query.isEmpty || fragment != nil else { return false }
      if let path {
        guard let text = uri.path, Self.matches(path, text) else { return false }
      }
      if !query.isEmpty {
        guard let text = uri.query else { return false }
        var items = AndroidRelativeFilter.javaSplit(text, "&")
        if items.count == 1 { items = AndroidRelativeFilter.javaSplit(text, ";") }
        for (name, value) in query {
          let prefix = name + "="
          guard
            items.contains(where: {
              $0.hasPrefix(prefix) && Self.matches(value, String($0.dropFirst(prefix.count)))
            })
          else { return false }
        }
      }
      if let fragment {
        guard let text = uri.fragment, Self.matches(fragment, text) else { return false }
      }
      return true
    }

    /// Whether a dynamic pattern matches a whole text, as Google describes the wildcards: `*` takes
    /// zero or more characters up to the first occurrence of the pattern's next character (at the
    /// end, the rest; it never backtracks), `?` one character, so `?*` one or more; every other
    /// character is itself. Linear in both texts.
    ///
    /// - Parameters:
    ///   - pattern: The pattern.
    ///   - text: The decoded path, query value or fragment.
    /// - Returns: Whether the pattern matches all of it.
    package static func matches(_ pattern: String, _ text: String) -> Bool {
      let pattern = Array(pattern.unicodeScalars)
      let text = Array(text.unicodeScalars)
      var p = 0
      var t = 0
      while p < pattern.count {
        switch pattern[p] {
        case "*":
          p += 1
          guard p < pattern.count else { return true }
          // Followed by a wildcard, `*` has no character to run to: it takes none.
          guard pattern[p] != "*" && pattern[p] != "?" else { continue }
          while t < text.count && text[t] != pattern[p] { t += 1 }
          guard t < text.count else { return false }
        case "?":
          guard t < text.count else { return false }
          p += 1
          t += 1
        case let character:
          guard t < text.count, text[t] == character else { return false }
          p += 1
          t += 1
        }
      }
      return t == text.count
    }

    /// The rule as JSON, its keys in the order Google's examples write them.
    package var json: JSONValue {
      var members: [(String, JSONValue)] = []
      if let path { members.append(("/", .string(path))) }
      if !query.isEmpty {
        members.append(("?", .object(query.map { ($0.name, JSONValue.string($0.value)) })))
      }
      if let fragment { members.append(("#", .string(fragment))) }
      if exclude { members.append(("exclude", .bool(true))) }
      return .object(members)
    }

    /// `{"/": "/p/?*", "exclude": true}`, compact.
    package var description: String { json.rendered }
  }

  /// The rules, in order.
  package var rules: [Rule]

  /// Creates rules.
  ///
  /// - Parameter rules: The rules, in order.
  package init(_ rules: [Rule]) {
    self.rules = rules
  }

  /// The key of the rules in a statement's `relation_extensions`, under the relation.
  package static let componentsKey = "dynamic_app_link_components"
  /// The key of a statement that holds the rules.
  package static let extensionsKey = "relation_extensions"
  /// The API level from which Android applies the rules (Android 15); older devices ignore them.
  package static let apiLevel = 35

  /// The index of the rule that decides a link, or `nil` when none matches (the link then does not
  /// open the app).
  ///
  /// - Parameter link: An absolute link.
  /// - Returns: The first rule that matches it.
  package func decidingRule(_ link: String) -> Int? {
    guard let uri = AndroidURI(link) else { return nil }
    return decidingRule(uri)
  }

  func decidingRule(_ uri: AndroidURI) -> Int? {
    rules.firstIndex { $0.matches(uri) }
  }

  /// Whether the rules let a link open the app: the first rule that matches does not exclude it.
  ///
  /// - Parameter link: An absolute link.
  /// - Returns: Whether the rules allow it; `false` when no rule matches.
  package func allows(_ link: String) -> Bool {
    guard let index = decidingRule(link) else { return false }
    return !rules[index].exclude
  }

  /// The `relation_extensions` object of a statement holding the rules.
  package var relationExtensions: JSONValue {
    .object([
      (
        AssetLinksStatement.handleAllURLs,
        .object([(Self.componentsKey, .array(rules.map(\.json)))])
      )
    ])
  }
}
