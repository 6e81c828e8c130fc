import DeepLinkRouting

/// A set of links the generated intent filters open although the route refuses them, because
/// Android's path matcher cannot tell them apart; or a note of links a route accepts that no filter
/// can open.
///
/// The router still refuses such a link, so it opens the app and shows its "no route" handling.
package struct AndroidWidening: Hashable, Sendable, CustomStringConvertible {
  /// What Android's matcher cannot express: a code that can gain values.
  package struct Kind: RawRepresentable, Hashable, Sendable {
    /// The code, as `--json` prints it.
    package var rawValue: String

    /// Creates a kind from its code.
    package init(rawValue: String) { self.rawValue = rawValue }

    /// A typed parameter admits text its type refuses (`integer-text`, `uuid-text`, ...: the codes of
    /// ``ParameterType/aasaWidening``).
    package static func typeText(_ type: ParameterType) -> Kind? {
      type.aasaWidening.map { Kind(rawValue: $0.code) }
    }
    /// An integer parameter admits digits beyond the range of `Int`.
    package static let integerRange = Kind(rawValue: "integer-range")
    /// An app-defined kind (`{code:sku}`) admits any text of one segment.
    package static let kindText = Kind(rawValue: "kind-text")
    /// A value set admits any text: neither glob lists words.
    package static let valueSetText = Kind(rawValue: "value-set-text")
    /// A parameter admits several segments: the simple glob has no "any character but `/`".
    package static let spansSegments = Kind(rawValue: "spans-segments")
    /// A segment template admits any text of its segment (a parameter followed by a literal needs
    /// backtracking, which neither glob does).
    package static let templateText = Kind(rawValue: "template-text")
    /// A literal `.` admits any character: the simple glob reads an escaped `\.` as `.`.
    package static let dotAnyCharacter = Kind(rawValue: "dot-any-character")
    /// The pieces after a middle catch-all are not checked.
    package static let middleCatchAll = Kind(rawValue: "middle-catch-all")
    /// A query rule is not checked: intent filters do not read the query.
    package static let queryRule = Kind(rawValue: "query-rule")
    /// The first segment of a custom-scheme link, Android's host, admits any host text.
    package static let authorityText = Kind(rawValue: "authority-text")
  }

  /// The route's name.
  package var route: String
  /// The parameter (or literal, or query item) concerned.
  package var parameter: String
  /// What Android cannot express.
  package var kind: Kind
  /// A link the filters open and the route refuses.
  package var example: String

  /// Why the filters open the example.
  package var reason: String {
    switch kind {
    case .integerRange: "{\(parameter)} admits digits beyond the range of an integer"
    case .valueSetText: "Android cannot list the words {\(parameter)} accepts, so it admits any text"
    case .kindText:
      "Android cannot say the characters and lengths of the kind of {\(parameter)}, so it admits any text"
    case .spansSegments:
      "pathPattern has no \"any character but /\", so {\(parameter)} may span several segments"
    case .templateText:
      "the segment template {\(parameter)} needs backtracking, which Android's matchers do not do, so its segment admits any text"
    case .dotAnyCharacter:
      "pathPattern reads \".\" in the literal \(parameter) as any character, even escaped"
    case .middleCatchAll: "Android cannot check the pieces after the middle catch-all {\(parameter)}"
    case .queryRule: "intent filters do not read the query, so \(parameter) is not checked"
    case .authorityText: "Android reads {\(parameter)} as the link's host and cannot say what it accepts"
    default:
      "Android cannot say what {\(parameter)} accepts (\(kind.rawValue)), so it admits any text of one segment"
    }
  }

  /// `route NAME: REASON (e.g. LINK)`.
  package var description: String { "route \(route): \(reason) (e.g. \(example))" }
}
