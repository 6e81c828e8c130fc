// Every fact the package knows about a piece of a pattern's path is stated here, once, as one answer
// per piece: where the trie search tries it, what makes two pieces one edge, how pieces of one place
// rank, whether a segment passes it, the values it reads, what a near miss says it wanted, how it is
// written back into a link and the samples destination checks give it. The trie, the search, the
// match, explanations, URL building and destinations ask these answers; the association files and
// Android filters ask the answers of `RoutePattern.Segment` in UniversalLinks.
//
// Adding a piece is one new case in `RoutePattern.Segment`, its syntax in `RoutePatternParser`, and
// its answers below (the compiler points at each); a piece the search tries by testing the segment
// needs nothing else of the trie: it is a `TestedChild` like every other.

extension RoutePattern.Segment {
  /// Where the trie search tries a piece among a node's children: literals first, then the tested
  /// pieces before the typed parameters, the typed parameters, the tested pieces before the plain
  /// parameter, the plain parameter, the tested pieces after it, then the routes whose last piece
  /// is a catch-all.
  enum Place: Hashable {
    /// A literal edge, looked up by the segment's text.
    case literal
    /// The child of a parameter type (an optional last segment is one when present).
    case parameter(ParameterType)
    /// A child reached by testing the segment or the link's length, in ``TestPhase`` order.
    case tested(TestPhase)
    /// The last piece, taking the rest of the path: the route ends at the node.
    case rest
    /// The start of the fragment's path: a literal edge no segment can spell.
    case fragment
  }

  /// When the search tries a tested piece, relative to the parameter types.
  enum TestPhase: Int, CaseIterable, Comparable {
    /// Before every parameter type: value sets, then segment templates.
    case beforeTypes = 0
    /// After the typed parameters, before the plain one: app-defined kinds.
    case beforePlain = 1
    /// After the plain parameter: middle catch-alls.
    case afterPlain = 2

    static func < (left: TestPhase, right: TestPhase) -> Bool { left.rawValue < right.rawValue }
  }

  /// Where the search tries the piece.
  ///
  /// - Parameter isLast: Whether the piece is the last of its path (a catch-all is then the rest of
  ///   the path, and otherwise a middle catch-all the search tests the link's length for).
  /// - Returns: The place.
  func place(isLast: Bool) -> Place {
    switch self {
    case .literal: .literal
    case .fragment: .fragment
    case .parameter(_, let type), .optional(_, let type): .parameter(type)
    case .valueSet, .template: .tested(.beforeTypes)
    // A check stated in place narrows a built-in type, so it is tried before the types.
    case .kind(_, let kind): kind.check == nil ? .tested(.beforePlain) : .tested(.beforeTypes)
    // A tested catch-all (pairs, a typed run) tests the segments it takes, last in the path too: the
    // route ends at its child.
    case .testedRun: .tested(.afterPlain)
    case .oneOrMore, .zeroOrMore: isLast ? .rest : .tested(.afterPlain)
    // The rest of the link is always last (the parser sees to it).
    case .remainder: .rest
    }
  }

  /// Whether the piece is a catch-all (`{name+}`, `{name*}`), which takes any number of segments.
  package var isCatchAll: Bool {
    switch self {
    case .oneOrMore, .zeroOrMore, .testedRun, .remainder: true
    case .literal, .parameter, .optional, .template, .valueSet, .kind, .fragment: false
    }
  }

  /// For a catch-all of segments (`{name+}`, `{name*}`, a tested one), whether it needs a segment (or a
  /// pair); `nil` for any other piece, the rest of the link included.
  var catchAllNeedsOne: Bool? {
    switch self {
    case .oneOrMore: true
    case .zeroOrMore: false
    case .testedRun(_, let rule): rule.atLeastOne
    case .literal, .parameter, .optional, .template, .valueSet, .kind, .fragment, .remainder: nil
    }
  }

  /// The piece's order among the tested pieces of its phase, before its own rank: value sets before
  /// segment templates; tested catch-alls before the plain ones (they accept fewer runs).
  private var testOrder: Int {
    switch self {
    case .valueSet: 0
    case .template: 1
    case .testedRun: 2
    case .literal, .parameter, .optional, .kind, .oneOrMore, .zeroOrMore, .fragment, .remainder: 3
    }
  }

  /// The piece as the trie tells pieces apart: two pieces with the same key at one place accept the
  /// same segments, so they share a child, and two routes whose paths differ only by names are the
  /// same set of links. Names are left out; a literal is its bytes (lower-cased in a case-insensitive
  /// table).
  ///
  /// - Parameter caseInsensitive: Whether the table compares literals without case.
  /// - Returns: The key.
  func key(caseInsensitive: Bool) -> String {
    switch self {
    case .literal(let text):
      "literal \((caseInsensitive ? text.lowercased() : text).utf8.map { String($0, radix: 16) })"
    case .parameter(_, let type), .optional(_, let type): "parameter \(type)"
    case .template(let template): "template \(template.key(caseInsensitive: caseInsensitive))"
    case .valueSet(_, let set): "set \(set.key)"
    case .kind(_, let kind): "kind \(kind.name)"
    case .testedRun(_, let rule): rule.key
    case .oneOrMore: "catch-all +"
    case .zeroOrMore: "catch-all *"
    case .remainder: "rest of link"
    case .fragment: "fragment"
    }
  }

  /// Whether this tested piece is tried before `other` of the same phase at one place: value sets
  /// (fewer members first), then templates (the more specific first), kinds (by their rank), never by
  /// the order of the table. Middle catch-alls rank by what follows them (``TestedChild``).
  ///
  /// - Parameters:
  ///   - other: Another tested piece of the same phase.
  ///   - caseInsensitive: Whether the table compares literals without case.
  /// - Returns: Whether this piece is tried first.
  func ranksBefore(_ other: Self, caseInsensitive: Bool) -> Bool {
    if testOrder != other.testOrder { return testOrder < other.testOrder }
    switch (self, other) {
    case (.valueSet(_, let left), .valueSet(_, let right)): return left.ranksBefore(right)
    case (.template(let left), .template(let right)):
      return left.ranksBefore(right, caseInsensitive: caseInsensitive)
    case (.kind(_, let left), .kind(_, let right)): return left.ranksBefore(right)
    case (.testedRun(_, let left), .testedRun(_, let right)): return left.ranksBefore(right)
    case (.oneOrMore, .zeroOrMore): return true
    default: return false
    }
  }

  /// Whether a decoded segment passes a tested piece: a member of the value set, a fit of the
  /// template, a value of the kind. A middle catch-all tests the link's length, not a segment
  /// (``TestedChild/depth(taking:of:count:)``).
  ///
  /// - Parameters:
  ///   - bytes: The decoded segment.
  ///   - context: Where the segment is and how the table compares it.
  ///   - steps: Incremented by each step of comparing a template's literals.
  /// - Returns: Whether the segment passes.
  @inline(__always)
  func accepts(_ bytes: Bytes, _ context: SegmentContext, steps: inout Int) -> Bool {
    switch self {
    case .valueSet(_, let set): set.accepts(bytes, context.setFolding)
    case .template(let template): template.accepts(bytes, context.templateFolding, steps: &steps)
    case .kind(_, let kind): kind.accepts(bytes)
    case .parameter(_, let type), .optional(_, let type): type.accepts(bytes)
    case .literal, .oneOrMore, .zeroOrMore, .fragment, .testedRun, .remainder: false
    }
  }

  /// The values a one-segment piece reads from its segment, or `nil` when the segment does not pass:
  /// a typed value, the member of a value set as the pattern writes it, the values of a template, the
  /// text of a kind.
  ///
  /// - Parameters:
  ///   - bytes: The decoded segment.
  ///   - text: The segment as text, made only when needed.
  ///   - context: Where the segment is and how the table compares it.
  /// - Returns: The values, or `nil`.
  func values(_ bytes: Bytes, text: () -> String, _ context: SegmentContext) -> [RouteParameters.Entry]? {
    switch self {
    case .parameter(let name, let type), .optional(let name, let type):
      type.value(bytes: bytes, text: text).map { [RouteParameters.Entry(name: name, value: $0)] }
    case .valueSet(let name, let set):
      set.value(of: bytes, context.setFolding).map { [RouteParameters.Entry(name: name, value: $0)] }
    case .template(let template):
      template.values(bytes, context.templateFolding)?.map {
        RouteParameters.Entry(name: $0.name, value: $0.value)
      }
    case .kind(let name, let kind):
      kind.value(bytes, text: text).map { [RouteParameters.Entry(name: name, value: $0)] }
    case .literal, .oneOrMore, .zeroOrMore, .fragment, .testedRun, .remainder: nil
    }
  }

  /// What a near miss says when a segment does not pass the piece: its code, and what the piece
  /// wanted there (`(general|privacy)`, `{id:int}`, `a sku ({code:sku}): it holds 'x'`).
  ///
  /// - Parameter segment: The link's decoded segment.
  /// - Returns: The code and the expectation, or `nil` for a piece a near miss names otherwise (a
  ///   literal, the plain parameter, a catch-all).
  func miss(of segment: String) -> (code: ErrorCode<NearMiss>, expected: String)? {
    switch self {
    case .valueSet(_, let set): return (.expectedMember, set.description)
    case .template: return (.expectedTemplate, description)
    case .kind(_, let kind): return (.expectedKind, kind.missStatement(segment, piece: description))
    case .parameter(_, let type), .optional(_, let type):
      return type.acceptsAnyText ? nil : (.expectedType, description)
    case .literal, .oneOrMore, .zeroOrMore, .fragment, .testedRun, .remainder: return nil
    }
  }

  /// The value a catch-all reads from the decoded segments it takes: the segments, or for a tested
  /// catch-all the value of its rule (`nil` when its rule refuses them).
  ///
  /// - Parameter segments: The decoded segments.
  /// - Returns: The value, or `nil`.
  func runValue(_ segments: [String]) -> ParameterValue? {
    if case .testedRun(_, let rule) = self { return rule.value(segments) }
    return .segments(segments)
  }

  /// What a near miss says when the run of segments a catch-all takes is not its value: for a tested
  /// catch-all, the segment at fault and what its rule wanted there (`nil` for any other piece, which
  /// takes any run).
  ///
  /// - Parameter segments: The decoded segments the catch-all takes.
  /// - Returns: The code, the offset in the run of the segment at fault (`nil` for an empty run),
  ///   and the expectation; or `nil`.
  func runMiss(of segments: [String]) -> (code: ErrorCode<NearMiss>, offset: Int?, expected: String)? {
    guard case .testedRun(_, let rule) = self, let miss = rule.miss(segments, piece: description) else {
      return nil
    }
    return (rule.missCode, miss.offset, miss.expected)
  }

  /// A value of each parameter the piece captures, of its type, for destination checks: a type's
  /// sample, a set's first member, a kind's sample, one segment for a catch-all. An optional last
  /// segment gives none (it is absent in the samples that leave it out).
  ///
  /// - Parameter text: The text a catch-all's sample segment holds.
  /// - Returns: The samples by name.
  func samples(segmentText text: String) -> [(name: String, value: ParameterValue)] {
    switch self {
    case .literal, .fragment, .optional: []
    case .parameter(let name, let type): [(name, type.sampleValue)]
    case .oneOrMore(let name), .zeroOrMore(let name): [(name, .segments([text]))]
    case .template(let template): template.sampleValues.map { ($0.key, $0.value) }
    case .valueSet(let name, let set): [(name, .string(set.members[0]))]
    case .kind(let name, let kind): [(name, kind.sample)]
    case .testedRun(let name, let rule): [(name, rule.sampleValue)]
    case .remainder(let name): [(name, .string("\(text)?q=1#f"))]
    }
  }
}

/// Where a link's segment is and how the table compares it: the context a piece's test and values
/// read a segment in.
struct SegmentContext {
  /// How a segment template compares its literals here: without case in a case-insensitive table; in
  /// the first segment of a custom-scheme link (the authority, which
  /// ``ReadingRules/foldsCase(isWeb:depth:)`` folds) as written first, then without case.
  var templateFolding: SegmentTemplate.Folding
  /// How a value set compares its members here (``ValueSet/folding(at:_:)``).
  var setFolding: SegmentTemplate.Folding

  /// The context of segment `depth` of a link.
  ///
  /// - Parameters:
  ///   - depth: The segment's position in the link's path.
  ///   - isWeb: Whether the link is a web link (a value set folds a custom-scheme authority).
  ///   - hasHost: Whether the link has a host (a template folds a segment that is an authority).
  ///   - caseInsensitive: Whether the table compares literals without case.
  @inline(__always)
  init(depth: Int, isWeb: Bool, hasHost: Bool, caseInsensitive: Bool) {
    templateFolding =
      caseInsensitive
      ? .folded : ReadingRules.foldsCase(isWeb: hasHost, depth: depth) ? .exactThenFolded : .exact
    setFolding = ValueSet.folding(at: depth, isWeb)
  }
}
