import DeepLinkRouting

// What the filters open that the router refuses, and what the router routes that they do not open:
// each listed difference is checked on its example, with the router and with the filters as a device
// of the minimum API level reads them, and a listed difference whose example does not show it is left
// out. Besides those found route by route while the conditions are written, this file finds those of
// a value holding `/`, of a catch-all before other pieces holding more segments than the filters
// state, of a literal holding `/`, of a custom-scheme host `*`, of a trailing slash, of a fragment
// route, and those of every route: empty segments, `%2F`, `\`, the scheme's case, the
// spellings of a custom-scheme link, links the router refuses while reading them.

extension AndroidIntentFilterGenerator {
  /// The generated filters' path conditions a device of one API level reads, found by the first
  /// segment they require, so that whether the filters open a link costs the conditions that may
  /// match it rather than every route's. It answers as ``AndroidIntentFilter/opens(_:apiLevel:)``
  /// does for filters of schemes, hosts and paths only, which the generator writes.
  struct OpeningIndex {
    /// Per filter: its conditions by the first segment of the paths they can match (`/about` for
    /// `/about/[^/]+`), those that can match any first segment, and whether it reads no path.
    struct Entry {
      var filter: AndroidIntentFilter
      var byFirstSegment: [String: [AndroidPathPattern]] = [:]
      var anyFirstSegment: [AndroidPathPattern] = []
      var everyPath = false
    }
    var entries: [Entry]
    var apiLevel: Int
    /// The entries with a host, by the host's case-folded text; then those with a wildcard host or
    /// none, which every link's host is tried against.
    var byHost: [[UInt16]: [Int]] = [:]
    var anyHost: [Int] = []

    init(_ filters: [AndroidIntentFilter], apiLevel: Int) {
      self.apiLevel = apiLevel
      for (index, filter) in filters.enumerated() {
        if filter.hosts.isEmpty || filter.hosts.contains(where: { $0.host.hasPrefix("*") }) {
          anyHost.append(index)
        }
        for host in Set(filter.hosts.filter { !$0.host.hasPrefix("*") }.map { Self.folded($0.host) }) {
          byHost[host, default: []].append(index)
        }
      }
      entries = filters.map { filter in
        var entry = Entry(filter: filter)
        let read = filter.paths.filter { $0.kind.minimumAPILevel <= apiLevel }
        entry.everyPath =
          read.isEmpty
          && (apiLevel < AndroidIntentFilter.relativeFilterGroupAPILevel
            || filter.relativeFilterGroups.isEmpty)
        for path in read {
          if let segment = Self.firstSegment(of: path) {
            entry.byFirstSegment[segment, default: []].append(path)
          } else {
            entry.anyFirstSegment.append(path)
          }
        }
        return entry
      }
    }

    /// The first segment every path a condition matches starts with, when the condition says it
    /// literally: the text up to the second `/` (or the end, for `path`), with no character a glob
    /// reads otherwise before it.
    static func firstSegment(of path: AndroidPathPattern) -> String? {
      let text = Array(path.pattern.unicodeScalars)
      guard text.first == "/" else { return nil }
      let special: Set<Unicode.Scalar> =
        switch path.kind {
        case .literal, .prefix: []
        case .simpleGlob: [".", "*", "\\"]
        case .advancedGlob: [".", "*", "+", "\\", "[", "]", "{", "}"]
        case .suffix: []
        }
      guard path.kind != .suffix else { return nil }
      var end = 1
      while end < text.count, text[end] != "/" {
        if special.contains(text[end]) { return nil }
        end += 1
      }
      // A prefix that stops inside its first segment says only its start.
      if path.kind == .prefix && end == text.count { return nil }
      return String(String.UnicodeScalarView(text[..<end]))
    }

    /// The first segment of a decoded path: up to its second `/`.
    static func firstSegment(ofLink path: String) -> String {
      let scalars = path.unicodeScalars
      guard let slash = scalars.dropFirst().firstIndex(of: "/") else { return path }
      return String(scalars[..<slash])
    }

    /// A host's UTF-16 units, each upper- then lower-cased: two hosts `compareToIgnoreCase` finds
    /// equal fold to the same units.
    static func folded(_ host: String) -> [UInt16] {
      host.utf16.map { AndroidIntentFilter.Authority.folded($0) }
    }

    func opens(_ link: String) -> Bool {
      guard let uri = AndroidURI(link) else { return false }
      let tried = (uri.host.flatMap { byHost[Self.folded($0)] } ?? []) + anyHost
      for index in tried {
        let entry = entries[index]
        let filter = entry.filter
        guard filter.isBrowsable, filter.schemes.contains(uri.scheme) else { continue }
        if filter.hosts.isEmpty { return true }
        guard let host = uri.host, filter.hosts.contains(where: { $0.admits(host: host, port: uri.port) })
        else {
          continue
        }
        if entry.everyPath { return true }
        // Relative filter groups (API 35) are read as the filter reads them.
        if apiLevel >= AndroidIntentFilter.relativeFilterGroupAPILevel && !filter.relativeFilterGroups.isEmpty
        {
          if filter.opens(uri, apiLevel: apiLevel) { return true }
          continue
        }
        guard let path = uri.path else { continue }
        let candidates = (entry.byFirstSegment[Self.firstSegment(ofLink: path)] ?? []) + entry.anyFirstSegment
        if candidates.contains(where: { (try? $0.matches(path)) == true }) { return true }
      }
      return false
    }
  }

  /// Adds the differences found from the routes' samples, then keeps only those whose example shows
  /// them.
  ///
  /// - Parameters:
  ///   - router: The router the filters are written for.
  ///   - shapes: Its routes' shapes, in table order.
  ///   - origins: Per route, the start of each kind of link the filters are written for
  ///     (`https://example.com`, `myapp:/`), so that an origin and a sample path make a link.
  mutating func checkDifferences(router: Router, shapes: [RoutePathShape], origins: [[String]]) {
    let index = OpeningIndex(filters, apiLevel: minimumAPILevel)
    func opens(_ link: String) -> Bool { index.opens(link) }
    func routes(_ link: String) -> String? { (try? router.match(link))?.route }
    func widens(_ widening: AndroidWidening) -> Bool {
      opens(widening.example) && routes(widening.example) == nil
    }
    func narrows(_ narrowing: AndroidNarrowing) -> Bool {
      guard !opens(narrowing.example), let route = routes(narrowing.example) else { return false }
      return narrowing.route.map { $0 == route } ?? true
    }
    var foundWidenings = widenings
    var foundNarrowings = narrowings
    func samples(_ index: Int) -> [Sample] {
      let slash = Self.trailingSlash(router.table, router.patterns[index]) == .required ? "/" : ""
      return shapes[index].variants.flatMap { variant in
        origins[index].map { origin in
          Sample(
            origin: origin, variant: variant, segments: variant.sampleSegments,
            query: String(variant.sampleLink.dropFirst(variant.samplePath.count)), slash: slash)
        }
      }
    }

    for (index, shape) in shapes.enumerated() {
      let routeSamples = samples(index)
      Self.addNarrowings(of: shape, routeSamples: routeSamples, narrows: narrows, to: &foundNarrowings)
      Self.addWidenings(of: shape, routeSamples: routeSamples, router: router, to: &foundWidenings)
    }

    // Every route: each kind once, with the first route's link that shows it, a link with a path
    // before one without.
    let everySample = shapes.indices.flatMap(samples)
    let allSamples =
      everySample.filter { !$0.segments.isEmpty } + everySample.filter { $0.segments.isEmpty }
    var rewritten = Rewritings()
    for sample in allSamples {
      rewritten.addSpellings(of: sample)
      rewritten.addChangedValues(of: sample)
    }
    foundNarrowings += Self.firstShown(
      [
        (.emptySegment, rewritten.emptySegments), (.schemeCase, rewritten.schemeCase),
        (.customSchemeSpelling, rewritten.spellings), (.backslash, rewritten.backslashes),
      ], by: narrows)
    foundWidenings += Self.firstShown(
      [
        (.emptySegment, rewritten.widerEmptySegments), (.encodedSlash, rewritten.encodedSlashes),
        (.backslash, rewritten.backslashes), (.refusedLink, rewritten.refused),
      ], by: widens)

    var seenWidenings = Set<AndroidWidening>()
    var keptKinds = Set<String>()
    widenings = foundWidenings.filter { widening in
      // One example per route, parameter and kind: the first that shows it.
      let key = "\(widening.route ?? "")\u{0}\(widening.parameter)\u{0}\(widening.kind.description)"
      guard !keptKinds.contains(key), seenWidenings.insert(widening).inserted, widens(widening) else {
        return false
      }
      keptKinds.insert(key)
      return true
    }
    var seenNarrowings = Set<AndroidNarrowing>()
    narrowings = foundNarrowings.filter { seenNarrowings.insert($0).inserted && narrows($0) }
  }

  /// One sample link of a route, for one variant and origin, with the variant's segments.
  private struct Sample {
    var origin: String
    var variant: RoutePathShape
    var segments: [String]
    var query: String
    /// `/` when the route's links end with one.
    var slash: String
    func link(_ segments: [String]) -> String {
      origin + "/" + segments.joined(separator: "/") + slash + query
    }
    var link: String { link(segments) }
  }

  /// The scheme of a custom-scheme sample (its origin `myapp:/`), `nil` for a web link.
  private static func customScheme(_ sample: Sample) -> String? {
    sample.origin.hasSuffix(":/") ? String(sample.origin.dropLast(2)) : nil
  }

  /// Adds the narrowings of one route found from its samples: a value holding `/`, a catch-all before
  /// other pieces holding more segments than the filters state.
  private static func addNarrowings(
    of shape: RoutePathShape, routeSamples: [Sample], narrows: (AndroidNarrowing) -> Bool,
    to foundNarrowings: inout [AndroidNarrowing]
  ) {
    // A value holding `/`, which the router writes `%2F` and Android decodes before it compares.
    var slashParameters: [String] = []
    for sample in routeSamples {
      for (position, piece) in sample.variant.pieces.enumerated() {
        for (parameter, text) in Self.valuesWithSlash(piece) {
          var segments = sample.segments
          segments[position] = RoutePathShape.encode(text)
          let candidate = AndroidNarrowing(
            route: shape.name, parameter: parameter, kind: .encodedSlash, example: sample.link(segments))
          if !slashParameters.contains(parameter), narrows(candidate) {
            slashParameters.append(parameter)
            foundNarrowings.append(candidate)
          }
        }
      }
    }
    // A catch-all before other pieces holding more segments than the filters state one by one:
    // the first link of the route that shows it.
    for sample in routeSamples {
      guard let position = sample.variant.catchAllIndex, position < sample.variant.pieces.count - 1,
        case .oneOrMore(let parameter) = sample.variant.pieces[position]
      else { continue }
      var segments = sample.segments
      segments[position] = Array(repeating: "a", count: Self.middleCatchAllSegments + 1)
        .joined(separator: "/")
      let candidate = AndroidNarrowing(
        route: shape.name, parameter: parameter, kind: .middleCatchAllDepth, example: sample.link(segments))
      if narrows(candidate) {
        foundNarrowings.append(candidate)
        break
      }
    }
  }

  /// Adds the widenings of one route found from its samples: a literal holding `/`, a custom-scheme
  /// host `*`, a trailing slash the table reads, a fragment route.
  private static func addWidenings(
    of shape: RoutePathShape, routeSamples: [Sample], router: Router,
    to foundWidenings: inout [AndroidWidening]
  ) {
    // A literal holding `/`: the link with a real `/` there opens too.
    for sample in routeSamples {
      for (position, piece) in sample.variant.pieces.enumerated() {
        guard case .literal(let text) = piece, text.contains("/") else { continue }
        var segments = sample.segments
        segments[position] = text.split(separator: "/", omittingEmptySubsequences: false)
          .map { RoutePathShape.encode(String($0)) }.joined(separator: "/")
        foundWidenings.append(
          AndroidWidening(
            route: shape.name, parameter: text, kind: .literalSlash, example: sample.link(segments)))
      }
    }
    // A custom-scheme route whose first segment is not a literal: its filter's host `*` admits
    // the empty host.
    if let first = shape.pieces.first, Self.name(of: first) != nil {
      for sample in routeSamples {
        guard let scheme = customScheme(sample) else { continue }
        let rest = sample.segments.dropFirst().joined(separator: "/") + sample.query
        for link in ["\(scheme)://" + sample.query, "\(scheme):///" + rest] {
          foundWidenings.append(
            AndroidWidening(
              route: shape.name, parameter: Self.name(of: first) ?? "", kind: .emptyHost, example: link))
        }
      }
    }
    // A table that reads the trailing slash: a catch-all's condition cannot say it.
    if router.table.options.strictTrailingSlash {
      for sample in routeSamples {
        var other = sample
        other.slash = sample.slash.isEmpty ? "/" : ""
        foundWidenings.append(
          AndroidWidening(
            route: shape.name, parameter: shape.pieces.last.flatMap(Self.name(of:)) ?? "",
            kind: .trailingSlash, example: other.link))
      }
    }
    // A fragment route: the filters read the path only.
    if let written = shape.fragmentText {
      for sample in routeSamples {
        let path = sample.origin + shape.samplePath
        for link in [path, path + (shape.fragmentStartsWithSlash ? "#/zzz" : "#zzz")] {
          foundWidenings.append(
            AndroidWidening(route: shape.name, parameter: written, kind: .fragmentPath, example: link))
        }
      }
    }
  }

  /// Every route's sample links written another way, by the difference each may show; every sample
  /// adds to each list in turn, so a list's first link that shows its difference is kept.
  private struct Rewritings {
    var emptySegments: [String] = []
    var schemeCase: [String] = []
    var spellings: [String] = []
    var widerEmptySegments: [String] = []
    var refused: [String] = []
    var encodedSlashes: [String] = []
    var backslashes: [String] = []

    /// Adds the sample written with `%2F` or `//` between its segments, with its scheme in capitals,
    /// and, for a custom scheme, in its other spellings and with `\`.
    mutating func addSpellings(of sample: Sample) {
      let segments = sample.segments
      let link = sample.link
      // A `/` between two segments, or after the last, written `%2F`.
      for position in segments.indices {
        var joined = segments
        if position + 1 < segments.count {
          joined[position] += "%2F" + joined.remove(at: position + 1)
        } else {
          joined[position] += "%2F"
        }
        encodedSlashes.append(sample.link(joined))
      }
      // `//` somewhere in the path (for a custom scheme, after its first segment).
      let firstPlace = customScheme(sample) == nil ? 0 : 1
      for position in firstPlace..<max(firstPlace, segments.count + 1) {
        var doubled = segments
        doubled.insert("", at: position)
        emptySegments.append(sample.link(doubled))
      }
      if let colon = link.firstIndex(of: ":") {
        schemeCase.append(link[..<colon].uppercased() + link[colon...])
      }
      if let scheme = customScheme(sample) {
        let rest = segments.joined(separator: "/") + sample.query
        spellings += ["\(scheme):" + rest, "\(scheme):/" + rest, "\(scheme):///" + rest]
        // A `\` after the first segment, or in place of the `/` after it (a catch-all's sample
        // stands for two segments: the first of them).
        let path = segments.joined(separator: "/").split(separator: "/", omittingEmptySubsequences: false)
        if !segments.isEmpty, let first = path.first {
          let after = path.dropFirst().joined(separator: "/") + sample.query
          backslashes += [
            "\(scheme)://\(first)\\" + after, "\(scheme)://\(first)\\/" + after,
            "\(scheme)://\(first)\\" + sample.query,
          ]
        }
      }
    }

    /// Adds the sample with a parameter given empty segments or a bad escape or a space, with user
    /// info, and, for a web link, with a port.
    mutating func addChangedValues(of sample: Sample) {
      let segments = sample.segments
      let link = sample.link
      // A parameter, or a catch-all, given empty segments: `//` in its place.
      for (position, piece) in sample.variant.pieces.enumerated() {
        if case .literal = piece { continue }
        var changed = segments
        changed[position] = position == segments.count - 1 ? "/" : ""
        // A custom-scheme link's first segment is its host, not a segment of the path.
        if customScheme(sample) == nil || position > 0 { widerEmptySegments.append(sample.link(changed)) }
        var escaped = segments
        escaped[position] = "%zz"
        refused.append(sample.link(escaped))
        escaped[position] = "a b"
        refused.append(sample.link(escaped))
      }
      if let range = link.range(of: "://") {
        var withUser = link
        withUser.insert(contentsOf: "user@", at: range.upperBound)
        refused.append(withUser)
      }
      // A port before the path of a web link (the first `/` after `https://`).
      if customScheme(sample) == nil, let hostEnd = link.dropFirst(8).firstIndex(of: "/") {
        var withPort = link
        withPort.insert(contentsOf: ":1", at: hostEnd)
        refused.append(withPort)
      }
    }
  }

  /// The differences of every route, each kind with the first of its candidate links that shows it.
  ///
  /// - Parameters:
  ///   - kinds: Each kind with its candidate links, in order.
  ///   - shows: Whether a difference's example shows it.
  /// - Returns: The differences found, in the order of `kinds`.
  static func firstShown<Difference: AndroidLinkDifference>(
    _ kinds: [(ErrorCode<Difference>, [String])], by shows: (Difference) -> Bool
  ) -> [Difference] {
    kinds.compactMap { kind, candidates in
      let differences = candidates.lazy.map { Difference(route: nil, parameter: "", kind: kind, example: $0) }
      return differences.first(where: shows)
    }
  }

  /// The name of a piece that is not a literal: its parameter's, or a template's as written.
  static func name(of piece: RoutePathShape.Piece) -> String? {
    switch piece {
    case .parameter(let name, _), .optional(let name, _), .oneOrMore(let name), .zeroOrMore(let name),
      .valueSet(let name, _), .kind(let name, _), .testedRun(let name, _), .remainder(let name):
      name
    case .template(let template): template.description
    case .literal, .fragment: nil
    }
  }

  /// The parameters of a piece whose values may hold `/`, each with the piece's text (decoded) when
  /// it holds such a value.
  static func valuesWithSlash(_ piece: RoutePathShape.Piece) -> [(parameter: String, text: String)] {
    func value(of type: ParameterType) -> String? {
      switch type {
      case .string: "AC/DC"
      case .url: "https://example.com/a"
      case .link: "/a/b"
      case .int, .uuid, .bool, .decimal, .address: nil
      }
    }
    switch piece {
    case .parameter(let name, let type), .optional(let name, let type):
      return value(of: type).map { [(name, $0)] } ?? []
    case .template(let template):
      return template.parts.compactMap { part in
        guard case .parameter(let name, let type) = part, let text = value(of: type) else { return nil }
        return (name, RoutePathShape.sampleText(of: template, replacing: name, with: text))
      }
    case .literal, .oneOrMore, .zeroOrMore, .kind, .valueSet, .fragment, .testedRun, .remainder:
      // Neither a kind's characters nor a value set's members may hold `/`.
      return []
    }
  }
}
