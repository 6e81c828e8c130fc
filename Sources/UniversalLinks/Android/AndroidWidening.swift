import DeepLinkRouting

/// A set of links the generated intent filters open although the router refuses them, because
/// Android's matcher cannot tell them apart.
///
/// The router still refuses such a link, so it opens the app and shows its "no route" handling. Each
/// is listed with an example the generator has checked: the filters open it on a device of the
/// generator's minimum API level, and the router refuses it.
package struct AndroidWidening: Hashable, Sendable, CustomStringConvertible {
  /// The route's name, or `nil` for a widening of links of every route.
  package var route: String?
  /// The parameter (or literal, or query item) concerned; empty for a widening of every route.
  package var parameter: String
  /// What Android cannot express.
  package var kind: ErrorCode<AndroidWidening>
  /// A link the filters open and the router refuses.
  package var example: String

  /// Why the filters open the example.
  package var reason: String {
    switch kind {
    case .integerRange: "{\(parameter)} admits digits beyond the range of an integer"
    case .valueSetText: "Android cannot list the words {\(parameter)} accepts, so it admits any text"
    case .pairsText:
      "Android cannot count the segments {\(parameter)} takes in pairs or type its operands, so it admits any segments there"
    case .typedRunText:
      "Android cannot type the segments {\(parameter)} takes, so it admits any segments there"
    case .kindText:
      "Android cannot say the characters and lengths of the kind of {\(parameter)}, so it admits any text"
    case .spansSegments:
      "pathPattern has no \"any character but /\", so {\(parameter)} may span several segments"
    case .templateText:
      "the segment template {\(parameter)} needs backtracking, which Android's matchers do not do, so its segment admits any text"
    case .dotAnyCharacter:
      "pathPattern reads \".\" in the literal \(parameter) as any character, even escaped"
    case .queryRule: "intent filters do not read the query, so \(parameter) is not checked"
    case .authorityText: "Android reads {\(parameter)} as the link's host and cannot say what it accepts"
    case .fragmentPath: "intent filters do not read the fragment, so its path \(parameter) is not checked"
    case .literalSlash:
      "the literal \"\(parameter)\" holds \"/\" and Android compares the decoded path, so the link with a real \"/\" there opens too"
    case .emptyHost:
      "Android reads {\(parameter)} as the link's host, and the filter's host * admits an empty one"
    case .encodedSlash:
      "Android decodes %2F before it compares the path, so a link whose segment holds one may read as another path that opens the app; the router reads one segment holding \"/\""
    case .trailingSlash:
      "the table reads the trailing slash, which Android's condition for {\(parameter)} cannot say, so the link with or without it opens the app"
    case .backslash:
      "Android ends a link's host at \"\\\", which the router reads as text in a custom-scheme link's first segment, so the link opens the filter of the host before it"
    case .emptySegment:
      "a condition that runs over several segments admits an empty one (\"//\"), which the router drops and then finds no route"
    case .refusedLink:
      "Android reads links the router refuses: a malformed percent escape (Android decodes it to U+FFFD), invalid UTF-8, a control character or a space, user info, a port the table does not list; the app opens and its router answers with an error"
    default:
      "Android cannot say what {\(parameter)} accepts (\(kind.description)), so it admits any text of one segment"
    }
  }

  /// `route NAME: REASON (e.g. LINK)`, or `every route: REASON (e.g. LINK)`.
  package var description: String {
    "\(route.map { "route \($0)" } ?? "every route"): \(reason) (e.g. \(example))"
  }
}

/// A set of links the router routes that the generated intent filters do not open, because
/// Android reads them differently or its matcher cannot say them: on Android such a link opens the
/// browser instead of the app.
///
/// Each is listed with an example the generator has checked: the router routes it, and no filter
/// opens it on a device of the generator's minimum API level.
package struct AndroidNarrowing: Hashable, Sendable, CustomStringConvertible {
  /// The route's name, or `nil` for a narrowing of links of every route.
  package var route: String?
  /// The parameter or literal concerned; empty when none is.
  package var parameter: String
  /// Why the filters miss the links.
  package var kind: ErrorCode<AndroidNarrowing>
  /// A link the router routes and no filter opens.
  package var example: String

  /// Why no filter opens the example.
  package var reason: String {
    switch kind {
    case .encodedSlash:
      "a value of {\(parameter)} holding \"/\" (written %2F) does not open the app: Android decodes the path before it compares it, so the value reads as two segments"
    case .emptyPath:
      "the link without a path does not open the app below API \(AndroidIntentFilterGenerator.advancedPatternAPILevel): no condition Android reads there matches an empty path"
    case .literalCase:
      "the table compares literals without case; pathPattern compares them exactly, so only the case as written opens the app below API \(AndroidIntentFilterGenerator.advancedPatternAPILevel)"
    case .customSchemeHost:
      parameter.isEmpty
        ? "a custom-scheme link without a first segment has no host for Android, so no filter opens it"
        : "Android cannot read the first segment \"\(parameter)\" as the host of a custom-scheme link, so no filter opens it"
    case .middleCatchAllDepth:
      "the filters state {\(parameter)} with up to \(AndroidIntentFilterGenerator.middleCatchAllSegments) segments, one condition per count (Android's patterns cannot repeat a segment and then check the pieces after it; a pattern that ran to the end would open every path of the host), so a link with more does not open the app"
    case .emptySegment:
      "the router drops empty segments; Android compares the path as written, so a link with one (\"//\") does not open the app"
    case .backslash:
      "Android ends a link's host at \"\\\", which the router reads as text in a custom-scheme link's first segment, so the link does not open the app as the route's"
    case .schemeCase:
      "Android compares the scheme exactly, so a link whose scheme is not in lower case does not open the app (browsers write it in lower case)"
    case .customSchemeSpelling:
      "Android reads the first segment of a custom-scheme link as its host only after \"//\"; the router reads the link written without \"//\" or with \"///\" too, which does not open the app"
    default: "no filter opens the link (\(kind.description))"
    }
  }

  /// `route NAME: REASON (e.g. LINK)`, or `every route: REASON (e.g. LINK)`.
  package var description: String {
    "\(route.map { "route \($0)" } ?? "every route"): \(reason) (e.g. \(example))"
  }
}

/// What Android's matcher cannot express, as `--json` prints it: a code that can gain values.
extension ErrorCode where Subject == AndroidWidening {
  /// A typed parameter admits text its type refuses (`integer-text`, `uuid-text`, ...: the codes of
  /// ``ParameterType/aasaWidening``).
  ///
  /// - Parameter type: The parameter's type.
  /// - Returns: The type's code, or `nil` for a type whose pattern admits exactly its values.
  package static func typeText(_ type: ParameterType) -> Self? {
    type.aasaWidening.map { Self($0.code) }
  }
  /// An integer parameter admits digits beyond the range of `Int`.
  package static let integerRange = Self("integer-range")
  /// An app-defined kind (`{code:sku}`) admits any text of one segment.
  package static let kindText = Self("kind-text")
  /// A pair catch-all (`{terms:pairs*}`) admits any segments: neither glob counts them in pairs or
  /// types an operand.
  package static let pairsText = Self("pairs-text")
  /// A typed catch-all (`{ids:int+}`) admits any segments: neither glob types each one.
  package static let typedRunText = Self("typed-run-text")
  /// A value set admits any text: neither glob lists words.
  package static let valueSetText = Self("value-set-text")
  /// A parameter admits several segments: the simple glob has no "any character but `/`".
  package static let spansSegments = Self("spans-segments")
  /// A segment template admits any text of its segment (a parameter followed by a literal needs
  /// backtracking, which neither glob does).
  package static let templateText = Self("template-text")
  /// A literal `.` admits any character: the simple glob reads an escaped `\.` as `.`.
  package static let dotAnyCharacter = Self("dot-any-character")
  /// A query rule is not checked: intent filters do not read the query.
  package static let queryRule = Self("query-rule")
  /// The first segment of a custom-scheme link, Android's host, admits any host text.
  package static let authorityText = Self("authority-text")
  /// A route that reads its fragment as a path (`/#/room/{id}`): intent filters do not read the
  /// fragment.
  package static let fragmentPath = Self("fragment-path")
  /// A literal segment holding `/` (`a%2Fb`): Android compares the decoded path, where it is two
  /// segments, so the link with a real `/` opens too.
  package static let literalSlash = Self("literal-slash")
  /// A custom-scheme filter for any host (`*`, for a route whose first segment is not a literal)
  /// admits the empty host of `myapp://` and `myapp:///x`.
  package static let emptyHost = Self("empty-host")
  /// A `%2F` in a link's path: Android decodes it before it compares the path, so the link may read
  /// as another path the filters open, while the router reads one segment holding `/` (every route).
  package static let encodedSlash = Self("encoded-slash")
  /// A table that reads the trailing slash (`strictTrailingSlash`): a catch-all's condition admits
  /// the link with or without one.
  package static let trailingSlash = Self("trailing-slash")
  /// A `\` in a custom-scheme link's first segment: Android ends the host there, the router reads
  /// it as text, so the link opens the filter of the host before it (every route).
  package static let backslash = Self("backslash")
  /// A condition that runs over several segments (`..*`, `.+`) admits an empty segment (`//`), which
  /// the router drops before it finds no route (every route).
  package static let emptySegment = Self("empty-segment")
  /// Links the router refuses while reading them, which Android reads and matches: a malformed
  /// percent escape (Android decodes it to U+FFFD), invalid UTF-8, a control character or a space,
  /// user info, a port the table does not list (every route).
  package static let refusedLink = Self("refused-link")
}

/// Why the filters miss the links, as `--json` prints it: a code that can gain values.
extension ErrorCode where Subject == AndroidNarrowing {
  /// A parameter's value holding `/`, which the router writes `%2F`: Android decodes the path
  /// before it compares it, so the value reads as two segments.
  package static let encodedSlash = Self("encoded-slash")
  /// The link without a path (`https://example.com`, `myapp://channel`): below API 31 no condition
  /// Android reads matches the empty path.
  package static let emptyPath = Self("empty-path")
  /// A literal in another case, in a table that compares literals without case: below API 31
  /// `pathPattern` compares them exactly.
  package static let literalCase = Self("literal-case")
  /// A custom-scheme link whose first segment Android cannot read as a host, or that has none.
  package static let customSchemeHost = Self("custom-scheme-host")
  /// A catch-all before other pieces (`{locale*}` in `/{locale*}/product/{id}`) holding more segments
  /// than the filters state one by one
  /// (``AndroidIntentFilterGenerator/middleCatchAllSegments``).
  package static let middleCatchAllDepth = Self("middle-catch-all-depth")
  /// A link with an empty segment (`//`): the router drops it, Android compares the path as
  /// written (every route).
  package static let emptySegment = Self("empty-segment")
  /// A `\` in a custom-scheme link's first segment: Android ends the host there, the router reads
  /// it as text (every route).
  package static let backslash = Self("backslash")
  /// A scheme not in lower case: Android compares the scheme exactly (every route).
  package static let schemeCase = Self("scheme-case")
  /// A custom-scheme link written without `//` (`myapp:channel`, `myapp:/channel`) or with `///`:
  /// Android reads the first segment as the host only after `//` (every route).
  package static let customSchemeSpelling = Self("custom-scheme-spelling")
}

/// A difference between the generated filters and the router, shown by an example link: a widening or
/// a narrowing.
protocol AndroidLinkDifference {
  /// A difference of `kind` at a route's parameter (`nil` and empty for every route), shown by
  /// `example`.
  init(route: String?, parameter: String, kind: ErrorCode<Self>, example: String)
}

extension AndroidWidening: AndroidLinkDifference {}
extension AndroidNarrowing: AndroidLinkDifference {}
