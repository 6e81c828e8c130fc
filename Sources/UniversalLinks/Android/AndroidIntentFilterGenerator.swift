import DeepLinkRouting

/// Generates the `<intent-filter>` elements of `AndroidManifest.xml` from the app's route table, so
/// that Android opens the app for the routed links, as the association file does on iOS.
///
/// Each route gets `<data>` path conditions chosen to be exact wherever Android's matcher can say it:
///
/// | route | condition |
/// |---|---|
/// | `/channel/about` | `path="/channel/about"` and `path="/channel/about/"` |
/// | `/docs/{path*}` | `path="/docs"` and `pathPrefix="/docs/"` |
/// | `/{path*}` | none: every path, the empty one of `https://example.com` included |
/// | `/` | `pathAdvancedPattern="/*"` (API 31; `path="/"` below) |
/// | `/channel/{id}/videos` | `pathPattern="/channel/..*/videos"` and `.../videos/"` (`.*` stops at the next `/`) |
/// | `/channel/video/{clipId}` | `pathAdvancedPattern="/channel/video/[^/]+/*"` (API 31) |
/// | `/n/{id:int}` | `pathAdvancedPattern="/n/-{0,1}[0-9]+/*"` (API 31) |
/// | `/{locale*}/product/{id}` | `pathAdvancedPattern="/product/[^/]+/*"`, `"/[^/]+/product/[^/]+/*"`, ... up to four segments before `product` (API 31) |
///
/// A `pathPattern` (simple glob, every Android version) is used when it is exact; otherwise, with
/// ``minimumAPILevel`` 31 or more (the default), a `pathAdvancedPattern`, which Android 12 (API 31)
/// and later read and earlier versions ignore; below 31, the `pathPattern`. A table that reads the
/// trailing slash gets the slash its pattern has.
///
/// A catch-all before other pieces (`{locale*}` in `/{locale*}/product/{id}`) is stated one count of
/// segments at a time, up to four: neither glob can repeat "a segment" and then check the pieces
/// after it (each token takes all it can and never gives back), and a pattern that ran to the end
/// would open every path of the host.
///
/// What the filters open that the router refuses is listed as widenings: typed text, value sets,
/// templates that need backtracking, query rules and fragment paths (filters read neither), below
/// API 31 parameters that span segments; for every route, links the router refuses while reading
/// them (a bad escape, user info, a port), a `%2F` or an empty segment Android reads otherwise. What
/// the router routes that the filters do not open is listed as narrowings: a value holding `/`
/// (written `%2F`, which Android decodes before it compares), a catch-all before other pieces
/// holding more than four segments, below API 31 the empty path; for every route, empty segments
/// (`//`, which the router drops), a scheme not in lower case, a custom-scheme link written without
/// `//`. Each is listed with an example link the generator has checked with the router and with the
/// filters as a device of ``minimumAPILevel`` reads them.
///
/// Android combines all `<data>` elements of one filter (every scheme with every host with every
/// path), so routes get one filter per set of schemes and hosts: a route scoped to `clicks.example.com`
/// never opens on `example.com`. Filters of `http`/`https` hosts ask for verification
/// (`android:autoVerify="true"`; Android 12 verifies each host), except a filter for any host
/// (`"hosts": ["*"]`), which no `assetlinks.json` can cover. Custom-scheme filters are never verified:
/// Android reads the first segment of `myapp://channel/video/1` as the host, so each first literal is
/// a host of its own filter, and a route whose first piece is a parameter answers any host.
///
/// ```swift
/// let generator = AndroidIntentFilterGenerator(router: try Router(table))
/// print(generator.xml)
/// ```
public struct AndroidIntentFilterGenerator: Sendable {
  /// The lowest Android API level the filters are written for: 31 (Android 12) or more allows
  /// `pathAdvancedPattern`.
  public var minimumAPILevel: Int
  /// The filters, in table order of their first route.
  package private(set) var filters: [AndroidIntentFilter] = []
  /// Per filter, the routes with their templates and their path conditions, for the comments.
  package private(set) var entries: [[Entry]] = []
  /// What the filters open that the router refuses, route by route, then for every route.
  package internal(set) var widenings: [AndroidWidening] = []
  /// What the router routes that the filters do not open, route by route, then for every route.
  package internal(set) var narrowings: [AndroidNarrowing] = []
  /// Other facts to know: a route left out by `domain`, a filter for any host.
  package internal(set) var notes: [String] = []

  /// One route's conditions in one filter.
  package struct Entry: Hashable, Sendable {
    /// The route's name.
    package var route: String
    /// The route's path template.
    package var template: String
    /// Its conditions (empty: every path).
    package var paths: [AndroidPathPattern]
    /// The route's `<uri-relative-filter-group>` elements (from API 35, for a route that reads the
    /// query or the fragment), in place of its paths.
    package var groups: [AndroidRelativeFilterGroup] = []
  }

  /// The API level from which `pathAdvancedPattern` is read.
  public static let advancedPatternAPILevel = 31

  /// The most segments a catch-all before other pieces (`{locale*}` in `/{locale*}/product/{id}`) may
  /// hold for the filters to open the link: they state each count from none (for `{name*}`) or one up
  /// to this, one condition each, and list the longer links as a narrowing.
  package static let middleCatchAllSegments = 4

  /// The variants of a route the filters state, each exactly: those of ``RoutePathShape/variants``,
  /// with a catch-all before other pieces (there a `{name+}`) replaced by 1 to
  /// ``middleCatchAllSegments`` segments of any text. Android's globs cannot repeat a segment and then
  /// check what follows it, and `.+` in its place would open every path of the host.
  static func statedVariants(of shape: RoutePathShape) -> [RoutePathShape] {
    shape.variants.flatMap { variant -> [RoutePathShape] in
      guard let index = variant.catchAllIndex, index < variant.pieces.count - 1,
        case .oneOrMore(let name) = variant.pieces[index]
      else { return [variant] }
      return (1...middleCatchAllSegments).map { count in
        var stated = variant
        stated.pieces.replaceSubrange(
          index...index, with: repeatElement(.parameter(name: name, type: .string), count: count))
        return stated
      }
    }
  }

  /// Creates the filters for the routes of the app's router.
  ///
  /// - Parameters:
  ///   - router: The router built from the app's route table.
  ///   - domain: A host of the table: only its web links get filters (custom schemes still do).
  ///   - minimumAPILevel: The app's lowest API level (`minSdk`); 31 or more allows
  ///     `pathAdvancedPattern`.
  public init(router: Router, domain: String? = nil, minimumAPILevel: Int = 31) {
    self.minimumAPILevel = minimumAPILevel
    // `android:host` names a Unicode host in its ASCII form, the host of the `Uri` a browser sends.
    let domain = domain.map(router.hostEntry)
    let table = router.table
    var filterGroups = FilterGroups()

    let lowered = table.schemes.map { $0.lowercased() }
    var webSchemes = table.hosts.isEmpty ? [String]() : ["https"]
    if lowered.contains("http") && !table.hosts.isEmpty { webSchemes.insert("http", at: 0) }
    let customSchemes = lowered.filter { $0 != "http" && $0 != "https" }
    let shapes = RoutePathShape.shapes(from: router)
    var warnedAnyHost = false
    // Per route, the start of a link of each kind the filters are written for (`https://example.com`,
    // `myapp:/`), for the examples of what differs.
    var origins: [[String]] = Array(repeating: [], count: shapes.count)

    for (index, shape) in shapes.enumerated() {
      let definition = table.routes[index]
      let trailingSlash = Self.trailingSlash(table, router.patterns[index])
      let admitted = definition.schemes.map { $0.map { $0.lowercased() } }
      let web = webSchemes.filter { admitted?.contains($0) ?? true }
      let custom = customSchemes.filter { admitted?.contains($0) ?? true }

      // Web links.
      if !web.isEmpty,
        let origin = addWebFilter(
          shape: shape, definition: definition, table: table, web: web, domain: domain,
          trailingSlash: trailingSlash, warnedAnyHost: &warnedAnyHost, into: &filterGroups)
      {
        origins[index].append(origin)
      }

      // Custom-scheme links: scoped routes never answer them (they have no host).
      guard !custom.isEmpty, definition.hosts == nil else { continue }
      origins[index].append("\(custom[0]):/")
      addCustomSchemeFilters(
        shape: shape, table: table, custom: custom, domain: domain, trailingSlash: trailingSlash,
        into: &filterGroups)
    }
    filters = filterGroups.built.map(\.filter)
    entries = filterGroups.built.map(\.entries)
    var seenNotes = Set<String>()
    notes = notes.filter { seenNotes.insert($0).inserted }
    checkDifferences(router: router, shapes: shapes, origins: origins)
  }

  /// A table host entry as `android:host` and `android:port`.
  static func authority(_ entry: String) -> AndroidIntentFilter.Authority {
    let lowered = entry.lowercased()
    if let colon = lowered.lastIndex(of: ":"), !lowered.hasSuffix("]"),
      let port = Int(lowered[lowered.index(after: colon)...])
    {
      return .init(host: String(lowered[..<colon]), port: port)
    }
    return .init(host: lowered)
  }

  /// A host that a table entry admits, for examples: `sample.example.com` for `*.example.com`.
  static func sampleHost(_ entry: String) -> String {
    if entry == "*" { return "any.example" }
    if entry.hasPrefix("*.") { return "sample" + entry.dropFirst() }
    return entry.lowercased()
  }

  /// Whether a literal is read by `android.net.Uri` as a whole host in `scheme://TEXT/...`.
  static func isPlainAuthority(_ text: String) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "-._~".unicodeScalars.contains(scalar))
      }
  }
}

// MARK: - Path conditions

extension AndroidIntentFilterGenerator {
  /// Whether a route's links end with `/`: either way for a table that ignores the trailing slash;
  /// otherwise as its pattern says.
  enum TrailingSlash {
    case either
    case absent
    case required
  }

  /// How a route of a table takes a trailing slash.
  static func trailingSlash(_ table: RouteTable, _ pattern: RoutePattern) -> TrailingSlash {
    guard table.options.strictTrailingSlash else { return .either }
    return pattern.hasTrailingSlash ? .required : .absent
  }

  /// The two pattern languages: `pathPattern` and `pathAdvancedPattern`.
  enum Dialect {
    case simple
    case advanced
  }

  /// A widening before its link is written: the example is a percent-encoded path.
  struct PathWidening {
    var parameter: String
    var kind: ErrorCode<AndroidWidening>
    var example: String
  }

  /// A narrowing before its link is written: the example is a percent-encoded path.
  struct PathNarrowing {
    var parameter: String
    var kind: ErrorCode<AndroidNarrowing>
    var example: String
  }

  /// The conditions of one route (every variant), with what they admit more and less; no condition
  /// is every path.
  struct Form {
    var paths: [AndroidPathPattern] = []
    var widenings: [PathWidening] = []
    var narrowings: [PathNarrowing] = []
  }

  /// One segment's pattern text in one dialect, with what it admits more.
  struct Segment {
    var text: String
    var widenings: [PathWidening] = []
    /// Whether the text ends in `.*` (simple glob), which runs to the path's end when last.
    var endsWithRun = false
  }

  /// The conditions of a shape's pieces (all of them for web links; after the first for a
  /// custom-scheme link, whose first segment is the host).
  static func form(
    of shape: RoutePathShape, pieces: ArraySlice<RoutePathShape.Piece>, table: RouteTable,
    minimumAPILevel: Int, trailingSlash: TrailingSlash, authorityOnly: Bool = false
  ) -> Form {
    var form = Form()
    let variants: [(RoutePathShape, ArraySlice<RoutePathShape.Piece>)] =
      authorityOnly ? [(shape, pieces)] : statedVariants(of: shape).map { ($0, $0.pieces[...]) }
    var everyPath = false
    for (variant, slice) in variants {
      let query = String(variant.sampleLink.dropFirst(variant.samplePath.count))
      let variantForm = conditions(
        slice, offset: slice.startIndex, sample: variant.sampleSegments, query: query,
        table: table, minimumAPILevel: minimumAPILevel, trailingSlash: trailingSlash)
      everyPath = everyPath || variantForm.paths.isEmpty
      for path in variantForm.paths where !form.paths.contains(path) { form.paths.append(path) }
      form.widenings += variantForm.widenings
      form.narrowings += variantForm.narrowings
    }
    if everyPath { form.paths = [] }
    // Intent filters do not read the query.
    for item in shape.requiredQueryItems {
      form.widenings.append(.init(parameter: item, kind: .queryRule, example: shape.samplePath))
    }
    for (key, value) in shape.queryValues.sorted(by: { $0.key < $1.key }) {
      let example =
        value.isEmpty
        ? shape.sampleLink + (shape.sampleLink.contains("?") ? "&" : "?") + RoutePathShape.encode(key)
          + "=sample"
        : shape.samplePath
      form.widenings.append(
        .init(parameter: value.isEmpty ? "!" + key : key, kind: .queryRule, example: example))
    }
    for item in shape.unstatedQueryItems {
      form.widenings.append(.init(parameter: item, kind: .queryRule, example: shape.samplePath))
    }
    // No glob counts segments in pairs or types each segment of a run.
    for (name, rule, example) in shape.refusedRuns where shape.fragmentPieces == nil {
      form.widenings.append(
        .init(parameter: name, kind: rule.isPairs ? .pairsText : .typedRunText, example: example))
    }
    return form
  }

  /// The conditions of one variant (no optional last piece; a middle catch-all is `{name+}`); none
  /// for a variant that admits every path.
  private static func conditions(
    _ pieces: ArraySlice<RoutePathShape.Piece>, offset: Int, sample: [String], query: String,
    table: RouteTable, minimumAPILevel: Int, trailingSlash: TrailingSlash
  ) -> Form {
    var form = Form()
    let folds = table.options.caseInsensitive
    let slash = trailingSlash != .absent
    /// A link's path and query with some segments replaced, or with the path after the host (for a
    /// custom scheme, its first segment) given whole.
    func example(_ replacements: [Int: String], path given: String? = nil) -> String {
      var segments = sample
      for (index, text) in replacements { segments[index] = text }
      let path = given ?? "/" + segments[offset...].joined(separator: "/")
      return (offset > 0 ? "/" + segments[offset - 1] + path : path) + query
    }
    let catchAll = pieces.firstIndex(where: \.isCatchAll)
    let base = pieces[..<(catchAll ?? pieces.endIndex)]
    let literalBase = base.allSatisfy { piece in
      if case .literal(let text) = piece { return !folds || !text.contains(where: \.isLetter) }
      return false
    }
    let basePath = base.map { piece -> String in
      if case .literal(let text) = piece { return "/" + text }
      return ""
    }.joined()

    // Literal paths, and literal paths ending in a catch-all: `path` and `pathPrefix` say them on
    // every Android version.
    if literalBase {
      switch catchAll.map({ pieces[$0] }) {
      case nil:
        if basePath.isEmpty {
          // The root: `https://example.com` and `myapp://channel` have the path "", with a slash
          // "/"; the router drops empty segments, so `//` is the root too. `/*` says all of them;
          // below API 31 only `/` can be said.
          if minimumAPILevel >= advancedPatternAPILevel {
            form.paths = [AndroidPathPattern(.advancedGlob, "/*")]
          } else {
            form.paths = [AndroidPathPattern(.literal, "/")]
            form.narrowings.append(.init(parameter: "", kind: .emptyPath, example: example([:], path: "")))
          }
        } else {
          form.paths =
            trailingSlash == .required
            ? [AndroidPathPattern(.literal, basePath + "/")]
            : [AndroidPathPattern(.literal, basePath)]
              + (slash ? [AndroidPathPattern(.literal, basePath + "/")] : [])
        }
        return form
      case .zeroOrMore where catchAll == pieces.endIndex - 1:
        // At the root, every path: no condition (the empty path included).
        form.paths =
          basePath.isEmpty
          ? [] : [AndroidPathPattern(.literal, basePath), AndroidPathPattern(.prefix, basePath + "/")]
        return form
      default: break
      }
    }

    func build(_ dialect: Dialect) -> (paths: [AndroidPathPattern], widenings: [PathWidening], exact: Bool) {
      var text = ""
      var widenings: [PathWidening] = []
      var endsWithRun = false
      var exact = true
      for (position, piece) in base.enumerated() {
        let index = base.startIndex + position
        let isLast = catchAll == nil && index == pieces.endIndex - 1
        let segment = Self.segment(
          piece, at: index, isLast: isLast, dialect: dialect, folds: folds, example: { example($0) })
        if dialect == .simple, folds, case .literal(let literal) = piece, literal.contains(where: \.isLetter)
        {
          exact = false
        }
        text += "/" + segment.text
        widenings += segment.widenings
        endsWithRun = segment.endsWithRun
      }
      let kind: AndroidPathPattern.Kind = dialect == .simple ? .simpleGlob : .advancedGlob
      let rest = dialect == .simple ? "..*" : ".+"
      switch catchAll.map({ pieces[$0] }) {
      case nil:
        guard !text.isEmpty else {
          return ([AndroidPathPattern(kind, "/")], widenings, exact && widenings.isEmpty)
        }
        // A trailing slash: `/*` in an advanced pattern; the simple glob's `x*` does not match once
        // the path has ended, so there it is a second pattern with the slash.
        if trailingSlash == .required {
          return ([AndroidPathPattern(kind, text + "/")], widenings, exact && widenings.isEmpty)
        }
        var paths = [AndroidPathPattern(kind, text + (slash && dialect == .advanced ? "/*" : ""))]
        if slash && dialect == .simple && !endsWithRun { paths.append(AndroidPathPattern(kind, text + "/")) }
        return (paths, widenings, exact && widenings.isEmpty)
      case .oneOrMore, .zeroOrMore:
        // A catch-all that ends the path: one before other pieces is stated segment by segment
        // (``statedVariants(of:)``).
        guard let catchAll else { return ([], widenings, false) }
        if case .zeroOrMore = pieces[catchAll], catchAll == pieces.endIndex - 1 {
          // The path without the catch-all, and with `/` and anything (a trailing slash included).
          return (
            [AndroidPathPattern(kind, text.isEmpty ? "/" : text), AndroidPathPattern(kind, text + "/.*")],
            widenings, exact && widenings.isEmpty
          )
        }
        return ([AndroidPathPattern(kind, text + "/" + rest)], widenings, exact && widenings.isEmpty)
      default:
        return ([], widenings, false)
      }
    }

    let simple = build(.simple)
    if simple.exact || minimumAPILevel < advancedPatternAPILevel {
      form.paths = simple.paths
      form.widenings = simple.widenings
      if !simple.exact && folds {
        var flipped: [Int: String] = [:]
        for (index, piece) in pieces.enumerated() {
          if case .literal(let text) = piece, text.contains(where: \.isLetter) {
            flipped[pieces.startIndex + index] = RoutePathShape.encode(
              text.map { $0.isUppercase ? $0.lowercased() : $0.uppercased() }.joined())
          }
        }
        form.narrowings.append(.init(parameter: "", kind: .literalCase, example: example(flipped)))
      }
      return form
    }
    let advanced = build(.advanced)
    form.paths = advanced.paths
    form.widenings = advanced.widenings
    return form
  }

  /// One segment in one dialect: the one statement of how each piece of a path is said to Android.
  private static func segment(
    _ piece: RoutePathShape.Piece, at index: Int, isLast: Bool, dialect: Dialect, folds: Bool,
    example: ([Int: String]) -> String
  ) -> Segment {
    func any(_ parameter: String, _ kinds: [(ErrorCode<AndroidWidening>, String)]) -> Segment {
      var segment = Segment(text: dialect == .simple ? "..*" : "[^/]+", endsWithRun: dialect == .simple)
      for (kind, text) in kinds {
        segment.widenings.append(.init(parameter: parameter, kind: kind, example: example([index: text])))
      }
      if dialect == .simple && isLast {
        segment.widenings.append(
          .init(parameter: parameter, kind: .spansSegments, example: example([index: "sample/extra"])))
      }
      return segment
    }
    switch piece {
    case .literal(let text):
      var segment = Segment(text: literal(text, dialect: dialect, folds: folds))
      if dialect == .simple && text.contains(".") {
        segment.widenings.append(
          .init(
            parameter: text, kind: .dotAnyCharacter,
            example: example([index: RoutePathShape.encode(text.replacingOccurrences(of: ".", with: "x"))])))
      }
      return segment
    case .parameter(let name, let type), .optional(let name, let type):
      let widening = type.aasaWidening.map { (ErrorCode<AndroidWidening>($0.code), $0.example) }
      switch dialect {
      case .simple:
        return any(name, widening.map { [$0] } ?? [])
      case .advanced:
        var segment = Segment(text: type.androidSegmentPattern)
        if type == .int {
          segment.widenings.append(
            .init(parameter: name, kind: .integerRange, example: example([index: "99999999999999999999"])))
        } else if !type.androidSegmentPatternIsExact, let widening {
          segment.widenings.append(
            .init(parameter: name, kind: widening.0, example: example([index: widening.1])))
        }
        return segment
      }
    case .valueSet(let name, let set):
      var text = "sample"
      while set.accepts(text) { text += "x" }
      return any(name, [(.valueSetText, RoutePathShape.encode(text))])
    case .kind(let name, let kind):
      // Neither glob says an app-defined kind's characters and lengths: one segment of any text.
      return any(name, kind.aasaWidening.map { [(.kindText, RoutePathShape.encode($0.example))] } ?? [])
    case .template(let template):
      return templateSegment(
        template, at: index, isLast: isLast, dialect: dialect, folds: folds, example: example)
    case .oneOrMore(let name), .zeroOrMore(let name), .testedRun(let name, _), .remainder(let name):
      // Catch-alls end the pattern where they stand (see `conditions`); never a segment of it.
      return any(name, [])
    case .fragment:
      return Segment(text: "")
    }
  }

  /// A segment template: exact where each parameter's pattern stops before the literal after it
  /// without giving characters back; otherwise the leading literal and then any text of one segment.
  private static func templateSegment(
    _ template: SegmentTemplate, at index: Int, isLast: Bool, dialect: Dialect, folds: Bool,
    example: ([Int: String]) -> String
  ) -> Segment {
    var text = ""
    var widenings: [PathWidening] = []
    var safe = true
    var endsWithRun = false
    for (position, part) in template.parts.enumerated() {
      switch part {
      case .literal(let literal):
        text += Self.literal(literal, dialect: dialect, folds: folds)
        endsWithRun = false
        if dialect == .simple && literal.contains(".") { safe = false }
      case .parameter(let name, let type):
        let next: UInt8? = {
          guard position + 1 < template.parts.count, case .literal(let after) = template.parts[position + 1]
          else {
            return nil
          }
          return after.utf8.first
        }()
        let sample = RoutePathShape.sampleText(of: template, replacing: name, with: "x")
        switch dialect {
        case .simple:
          // `.` takes the value's first character and `.*` runs to the first occurrence of the next
          // one: exact when the value cannot hold it after its first.
          if let next, type.mayContinue(with: next) { safe = false }
          text += "..*"
          endsWithRun = next == nil
          if let widening = type.aasaWidening {
            widenings.append(
              .init(
                parameter: name, kind: ErrorCode(widening.code),
                example: example([index: RoutePathShape.encode(sample)])))
          }
        case .advanced:
          if let next, type == .string || !type.androidSegmentPatternIsExact || type.mayContinue(with: next) {
            safe = false
          }
          text += type.androidSegmentPattern
          if type == .int {
            widenings.append(
              .init(
                parameter: name, kind: .integerRange,
                example: example([
                  index: RoutePathShape.encode(
                    RoutePathShape.sampleText(of: template, replacing: name, with: "99999999999999999999"))
                ])))
          } else if !type.androidSegmentPatternIsExact, let widening = type.aasaWidening {
            widenings.append(
              .init(
                parameter: name, kind: ErrorCode(widening.code),
                example: example([index: RoutePathShape.encode(sample)])))
          }
        }
      }
    }
    if !safe {
      var leading = ""
      if case .literal(let literal) = template.parts.first {
        leading = Self.literal(literal, dialect: dialect, folds: folds)
      }
      var segment = Segment(
        text: leading + (dialect == .simple ? "..*" : "[^/]+"), endsWithRun: dialect == .simple)
      var prefix = ""
      if case .literal(let literal) = template.parts.first { prefix = literal }
      segment.widenings.append(
        .init(
          parameter: template.description, kind: .templateText,
          example: example([index: RoutePathShape.encode(Self.textOutside(template, after: prefix))])))
      if dialect == .simple && isLast {
        segment.widenings.append(
          .init(
            parameter: template.description, kind: .spansSegments, example: example([index: "sample/extra"])))
      }
      return segment
    }
    if dialect == .simple && isLast && endsWithRun {
      widenings.append(
        .init(
          parameter: template.description, kind: .spansSegments,
          example: example([index: RoutePathShape.encode(RoutePathShape.sampleText(of: template)) + "/extra"])
        ))
    }
    return Segment(text: text, widenings: widenings, endsWithRun: endsWithRun)
  }

  /// A segment that starts with a template's leading literal and that the template refuses.
  static func textOutside(_ template: SegmentTemplate, after prefix: String) -> String {
    ["x", "-", "_", "0", "x.x", "x@x"].lazy.map { prefix + $0 }.first {
      !template.accepts($0, folds: false)
    } ?? prefix
  }

  /// Literal text in a dialect: its special characters escaped with `\`; ASCII letters as `[aA]` in
  /// an advanced pattern of a table that compares literals without case.
  static func literal(_ text: String, dialect: Dialect, folds: Bool) -> String {
    var result = ""
    for character in text {
      switch dialect {
      case .simple:
        if "\\.*".contains(character) { result.append("\\") }
        result.append(character)
      case .advanced:
        if folds, character.isASCII, character.isLetter {
          result += "[\(character.lowercased())\(character.uppercased())]"
          continue
        }
        if "\\.*+{}[]".contains(character) { result.append("\\") }
        result.append(character)
      }
    }
    return result
  }
}
