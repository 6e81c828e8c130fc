/// A parsed route pattern such as `/channel/video/{clipId}` or `/search?q={query}&page={page:int?}`.
///
/// The pattern language:
///
/// | piece | meaning |
/// | --- | --- |
/// | `video` | a literal segment, compared with the percent-decoded URL segment |
/// | `{name}` | exactly one non-empty segment |
/// | `{name:int}` | one segment holding a decimal integer that fits in `Int` |
/// | `{name:uuid}` | one segment holding a UUID |
/// | `{name:(a\|b)}` | one segment that is one of the listed words (a value set) |
/// | `{name:sku}` | one segment of a kind the table declares (``RouteTable/kinds``) |
/// | `{name+}` | one or more remaining segments (last piece of the path only) |
/// | `{name*}` | zero or more remaining segments (last piece of the path only) |
/// | `{name:pairs*}` | a catch-all read as operator/operand pairs (`pairs(channel:int)+` types operands) |
/// | `{name:rest}` | the rest of the link as one text: the remaining segments, query and fragment as written (last piece only) |
/// | `{name?}` | an optional last segment, optionally typed (`{n:int?}`) |
/// | `wire-{code:uuid}` | a segment template: literal text around parameters inside one segment |
/// | `?key={name}` | a required query item, optionally typed (`{n:int}`) |
/// | `?key={name?}` | an optional query item (`{page:int?}` is typed and optional) |
/// | `?key=value` | a query item whose value must be exactly `value` (it selects the route) |
/// | `?!key` | a query item that must be absent (or empty) |
/// | `?a\|b={name}` | one value under alternative keys: the first key listed that the link has wins |
/// | `?{name*}` | every query item the pattern does not declare, as a dictionary |
/// | `#/room/{id}` | the fragment read as a path of its own, with the same pieces (a query written after it is the fragment's) |
/// | `#narrow/{rest*}` | the same for a fragment that does not start with `/`: its first segment is what precedes its first `/` |
///
/// Literal segments may be written decoded (`/café`) or percent-encoded (`/caf%C3%A9`); both mean the
/// same segment. A trailing `/` is recorded in ``hasTrailingSlash`` and only matters to a table that
/// asks for strict trailing slashes.
///
/// ```swift
/// let pattern = try RoutePattern("/channel/video/{clipId}")
/// pattern.parameterNames  // ["clipId"]
/// ```
package struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// One piece of a pattern's path.
  package enum Segment: Sendable, Hashable, CustomStringConvertible {
    /// A literal segment, percent-decoded.
    case literal(String)
    /// A parameter that captures exactly one segment of the given type.
    case parameter(name: String, type: ParameterType)
    /// A catch-all that captures one or more remaining segments (`{name+}`).
    case oneOrMore(name: String)
    /// A catch-all that captures zero or more remaining segments (`{name*}`).
    case zeroOrMore(name: String)
    /// Literal text around parameters inside one segment (`wire-{code:uuid}`, `{user}@{domain}`).
    case template(SegmentTemplate)
    /// A last segment that may be absent (`{slug?}`, `{n:int?}`): when the link has it, it is a
    /// parameter of the given type; when it does not, the parameter is absent.
    case optional(name: String, type: ParameterType)
    /// A parameter that captures one segment that is one of a fixed set of words
    /// (`{section:(general|privacy)}`).
    indirect case valueSet(name: String, set: ValueSet)
    /// The `#` that ends the path and starts the fragment's own path (`/#/room/{room}`): the pieces
    /// after it are read from the link's fragment, split on `/` as a path is. A pattern has at most
    /// one, and only a pattern with one reads the fragment.
    case fragment
    /// A parameter that captures one segment of an app-defined kind (`{code:sku}`).
    indirect case kind(name: String, kind: AppKind)
    /// A catch-all whose run of segments its rule tests: read as operator/operand pairs
    /// (`{narrow:pairs*}`, `{narrow:pairs(channel:int|near:int)+}`), or each segment of one type or
    /// kind (`{ids:int+}`, `{codes:sku*}`).
    indirect case testedRun(name: String, rule: RunRule)
    /// The rest of the link as one text (`{target:rest}`): the link's bytes from the start of the
    /// segment at its place to the end of the link, query and fragment included, as written (not
    /// decoded). Last piece of the path only; its pattern declares no query item and no fragment.
    case remainder(name: String)

    /// The segment as written in pattern syntax.
    package var description: String {
      switch self {
      case .literal(let text): text
      case .parameter(let name, .string): "{\(name)}"
      case .parameter(let name, let type): "{\(name):\(type)}"
      case .oneOrMore(let name): "{\(name)+}"
      case .zeroOrMore(let name): "{\(name)*}"
      case .template(let template): template.description
      case .optional(let name, .string): "{\(name)?}"
      case .optional(let name, let type): "{\(name):\(type)?}"
      case .valueSet(let name, let set): "{\(name):\(set)}"
      case .fragment: "#"
      case .kind(let name, let kind): "{\(name):\(kind.name)}"
      case .testedRun(let name, let rule): "{\(name):\(rule)}"
      case .remainder(let name): "{\(name):rest}"
      }
    }

    /// The parameter name, or `nil` for a literal (the first name, for a template; see
    /// ``parameterNames``).
    package var parameterName: String? {
      switch self {
      case .literal, .fragment: nil
      case .parameter(let name, _), .oneOrMore(let name), .zeroOrMore(let name), .optional(let name, _),
        .valueSet(let name, _), .kind(let name, _), .testedRun(let name, _), .remainder(let name):
        name
      case .template(let template): template.parameterNames.first
      }
    }

    /// Every parameter name the segment captures, in order.
    package var parameterNames: [String] {
      switch self {
      case .literal, .fragment: []
      case .parameter(let name, _), .oneOrMore(let name), .zeroOrMore(let name), .optional(let name, _),
        .valueSet(let name, _), .kind(let name, _), .testedRun(let name, _), .remainder(let name):
        [name]
      case .template(let template): template.parameterNames
      }
    }
  }

  /// A query item that the pattern declares, such as `q={query}` or `page={page:int?}`.
  package struct QueryParameter: Sendable, Hashable, CustomStringConvertible {
    /// The query item's name in the URL (`q` in `q={query}`), decoded.
    package var key: String
    /// The parameter name the value is captured under (`query` in `q={query}`).
    package var name: String
    /// The type the value must fit.
    package var type: ParameterType
    /// Whether the item may be absent.
    package var isOptional: Bool
    /// Further keys that carry the same value (`latitude` in `lat|latitude={lat:decimal}`), in the
    /// order written after ``key``: the first key listed that the link has with a value is read.
    package var otherKeys: [String] = []
    /// What the item asks of the link: a value it captures, one exact value, or no value at all.
    package var rule: Rule = .value

    /// What a declared query item asks of the link.
    package enum Rule: Sendable, Hashable {
      /// `key={name}`: a value that fits ``QueryParameter/type``, captured under the name.
      case value
      /// `key=text`: the item's value is exactly `text` (decoded, compared byte for byte); nothing is
      /// captured. Such an item is required, and it selects the route for that value.
      case literal(String)
      /// `!key`: the item is absent, or present with an empty value; nothing is captured.
      case absent
      /// `key={name:(a|b)}`: a value that is one of the set's members (decoded, compared byte for
      /// byte), captured under the name; optional when written `{name:(a|b)?}`. Boxed: the set is large
      /// beside the other cases, and a pointer in it must not carry the enum's tag, which hides what it
      /// points to from leak checkers.
      indirect case oneOf(ValueSet)
      /// `key={name:sku}`: a value of an app-defined kind, captured under the name; optional when
      /// written `{name:sku?}`.
      indirect case kind(AppKind)
    }

    /// The key, then ``otherKeys``: every name the item may be written under, in order.
    package var keys: [String] { [key] + otherKeys }

    /// The value a link's (non-empty, decoded) text for the item reads as: the type's value, or the
    /// member for a value set; `nil` when it does not fit or the item captures nothing.
    package func value(from text: String) -> ParameterValue? {
      switch rule {
      case .value: type.value(from: text)
      case .oneOf(let set): set.accepts(text) ? .string(text) : nil
      case .kind(let kind): kind.value(from: text)
      case .literal, .absent: nil
      }
    }

    /// Whether a value is captured under ``name``: a typed value or a member of a set.
    package var captures: Bool {
      switch rule {
      case .value, .oneOf, .kind: true
      case .literal, .absent: false
      }
    }

    /// Creates a declared query item.
    ///
    /// - Parameters:
    ///   - key: The item's name in the URL.
    ///   - name: The parameter name the value is captured under.
    ///   - type: The type the value must fit.
    ///   - isOptional: Whether the item may be absent.
    package init(key: String, name: String, type: ParameterType = .string, isOptional: Bool = false) {
      self.key = key
      self.name = name
      self.type = type
      self.isOptional = isOptional
    }

    /// Creates an item that captures nothing: a literal value (`ref=failed_payment`) or an absent-only
    /// item (`!ref`).
    ///
    /// - Parameters:
    ///   - key: The item's name in the URL.
    ///   - rule: ``Rule/literal(_:)`` or ``Rule/absent``.
    package init(key: String, rule: Rule) {
      self.init(key: key, name: "", isOptional: rule == .absent)
      self.rule = rule
    }

    /// The item as written in pattern syntax, such as `page={page:int?}`, `ref=failed_payment` or
    /// `!ref` (keys and values decoded).
    package var description: String {
      let keyText = keys.joined(separator: "|")
      switch rule {
      case .value:
        let typeText = type == .string ? "" : ":\(type)"
        return "\(keyText)={\(name)\(typeText)\(isOptional ? "?" : "")}"
      case .literal(let value): return "\(keyText)=\(value)"
      case .absent: return "!\(keyText)"
      case .oneOf(let set): return "\(keyText)={\(name):\(set)\(isOptional ? "?" : "")}"
      case .kind(let kind): return "\(keyText)={\(name):\(kind.name)\(isOptional ? "?" : "")}"
      }
    }
  }

  /// The pattern's text as written.
  package let text: String
  /// The path pieces, in order.
  package let segments: [Segment]
  /// The query items the pattern declares, in order.
  package let query: [QueryParameter]
  /// Whether the pattern's path ends with `/` (significant only with strict trailing slashes).
  package let hasTrailingSlash: Bool
  /// The name of the open query dictionary (`filters` in `?{filters*}`), which receives every query
  /// item the pattern does not declare, or `nil` when the pattern has none.
  package let openQuery: String?
  /// Whether the fragment the pattern reads starts with `/` (`/#/room/{id}`, which reads
  /// `#/room/x`) rather than with its first segment (`/#narrow/{rest*}`, which reads `#narrow/x`):
  /// the two are different fragments. `false` for a pattern that does not read the fragment.
  package let fragmentStartsWithSlash: Bool

  /// Parses a pattern.
  ///
  /// - Parameters:
  ///   - text: The pattern, starting with `/`.
  ///   - queryKeys: How the table compares query names: two keys that compare equal are one key
  ///     declared twice.
  ///   - plusAsSpace: Whether the table reads `+` in a query as a space: the pattern's query keys,
  ///     literal values and set members are read the same way.
  ///   - kinds: The table's app-defined kinds, compiled, by name.
  /// - Throws: ``RoutePatternError`` naming the offending piece and its position.
  package init(
    _ text: String, queryKeys: RouteTable.QueryKeys = .exact, plusAsSpace: Bool = true,
    kinds: [String: AppKind] = [:]
  ) throws(RoutePatternError) {
    let parsed = try RoutePatternParser(
      text: text, queryKeys: queryKeys, plusAsSpace: plusAsSpace, kinds: kinds
    ).parse()
    self.text = text
    self.segments = parsed.segments
    self.query = parsed.query
    self.hasTrailingSlash = parsed.hasTrailingSlash
    self.openQuery = parsed.openQuery
    self.fragmentStartsWithSlash = parsed.fragmentStartsWithSlash
  }

  /// The index in ``segments`` of a catch-all that is not the last piece (`{prefix*}` in
  /// `/{prefix*}/product/{id}`), or `nil`.
  package var middleCatchAll: Int? {
    segments.indices.dropLast().first { index in
      switch segments[index] {
      case .oneOrMore, .zeroOrMore, .testedRun: true
      case .literal, .parameter, .template, .optional, .valueSet, .kind, .fragment, .remainder: false
      }
    }
  }

  /// Whether the pattern ends with the rest of the link (`{target:rest}`).
  package var takesRestOfLink: Bool {
    if case .remainder = segments.last { return true }
    return false
  }

  /// The index in ``segments`` of the fragment's start (``Segment/fragment``), or `nil` for a pattern
  /// that does not read the fragment.
  package var fragmentIndex: Int? { segments.firstIndex(of: .fragment) }

  /// Whether the pattern reads the link's fragment as a path of its own (`/#/room/{room}`,
  /// `/#narrow/{rest*}`).
  package var readsFragment: Bool { fragmentIndex != nil }

  /// The path pieces before the fragment (all of them, for a pattern without one).
  package var pathSegments: ArraySlice<Segment> { segments[..<(fragmentIndex ?? segments.count)] }

  /// The pieces of the fragment's path, after ``Segment/fragment`` (empty without one).
  package var fragmentSegments: ArraySlice<Segment> {
    fragmentIndex.map { segments[($0 + 1)...] } ?? []
  }

  /// Every parameter name, path parameters first, in order, then the open query dictionary's.
  package var parameterNames: [String] {
    segments.flatMap(\.parameterNames) + query.compactMap { $0.captures ? $0.name : nil }
      + (openQuery.map { [$0] } ?? [])
  }

  /// The parameters a web server can read whole from the link's path, for a ``LinkPreview``: each
  /// one segment before any fragment (a parameter, an optional last segment, a value set, an app
  /// kind), in order; not catch-alls, values inside a segment template, query items or the fragment.
  package var previewParameters: [String] {
    var names: [String] = []
    for segment in segments {
      switch segment {
      case .fragment: return names
      case .parameter(let name, _), .optional(let name, _), .valueSet(let name, _), .kind(let name, _):
        names.append(name)
      case .literal, .oneOrMore, .zeroOrMore, .template, .testedRun, .remainder: continue
      }
    }
    return names
  }

  /// The pattern's text as written.
  package var description: String { text }
}
