/// How a catch-all whose segments are tested reads them: as operator/operand pairs
/// (`{narrow:pairs*}`, `{narrow:pairs(channel:int|near:int)+}`), in the order of the link, each operand
/// of the type its operator is declared with (text for an operator the pattern does not list); or as
/// segments that are each of one type or kind (`{ids:int+}`, `{codes:sku*}`, `{months:int(1...12)+}`).
///
/// Every fact about the piece is stated here once: what it accepts, the value it reads, what a near
/// miss says, how it ranks against another tested catch-all and its key among a node's children.
package struct RunRule: Sendable, Hashable, CustomStringConvertible {
  /// An operator whose operand has a type (`channel:int`).
  package struct TypedOperator: Sendable, Hashable {
    /// The operator, as the link writes it, byte for byte after decoding.
    package let name: String
    /// The type its operand must fit.
    package let type: ParameterType
    /// The operator's bytes, compared with a link's decoded segment.
    let bytes: [UInt8]

    package init(name: String, type: ParameterType) {
      self.name = name
      self.type = type
      bytes = Array(name.utf8)
    }
  }

  /// What every segment of a typed catch-all is: a built-in type, or a kind (of the table, or a check
  /// stated in place).
  package enum Element: Sendable, Hashable, CustomStringConvertible {
    /// A built-in type other than `string` (`{ids:int+}`).
    case type(ParameterType)
    /// A kind of the table or a check (`{codes:sku+}`, `{months:int(1...12)+}`).
    case kind(AppKind)

    /// The type or kind as a pattern writes it: `int`, `sku`, `int(1...12)`.
    package var description: String {
      switch self {
      case .type(let type): type.rawValue
      case .kind(let kind): kind.name
      }
    }

    /// Whether a decoded segment is of the element.
    @inline(__always)
    func accepts(_ bytes: Bytes) -> Bool {
      switch self {
      case .type(let type): type.accepts(bytes)
      case .kind(let kind): kind.accepts(bytes)
      }
    }

    /// The value of a decoded segment, or `nil` when it is not of the element.
    package func value(from text: String) -> ParameterValue? {
      switch self {
      case .type(let type): type.value(from: text)
      case .kind(let kind): kind.value(from: text)
      }
    }

    /// What a message says a segment of the element is: `an int`, `an int from 1 to 12`, `a sku`.
    var expectation: String {
      switch self {
      case .type(let type): type.expectation
      case .kind(let kind): kind.expectation
      }
    }

    /// A value of the element, for destination checks.
    var sample: ParameterValue {
      switch self {
      case .type(let type): type.sampleValue
      case .kind(let kind): kind.sample
      }
    }

    /// Whether this element is tried before `other`: checks, then the built-in types from the most
    /// specific, then the table's kinds by their rank; as the one-segment pieces are tried.
    func ranksBefore(_ other: Element) -> Bool {
      switch (self, other) {
      case (.kind(let left), .kind(let right)):
        if (left.check == nil) != (right.check == nil) { return left.check != nil }
        return left.ranksBefore(right)
      case (.kind(let kind), .type): return kind.check != nil
      case (.type, .kind(let kind)): return kind.check == nil
      case (.type(let left), .type(let right)): return left.specificity < right.specificity
      }
    }
  }

  /// What the run is read as.
  package enum Form: Sendable, Hashable {
    /// Operator/operand pairs, the operators listed typed (`pairs(channel:int|near:int)`).
    case pairs([TypedOperator])
    /// Segments that are each of one type or kind.
    case every(Element)
  }

  /// Whether at least one pair, or one segment, is required (`+`); none is accepted otherwise (`*`).
  package var atLeastOne: Bool
  /// What the run is read as.
  package var form: Form

  package init(atLeastOne: Bool, form: Form) {
    self.atLeastOne = atLeastOne
    self.form = form
  }

  /// Whether the run is read as pairs.
  package var isPairs: Bool {
    if case .pairs = form { return true }
    return false
  }

  /// The piece's type as written, after the name: `pairs*`, `pairs(channel:int|near:int)+`, `int+`.
  package var description: String {
    let mark = atLeastOne ? "+" : "*"
    switch form {
    case .pairs(let typed):
      let arguments =
        typed.isEmpty ? "" : "(" + typed.map { "\($0.name):\($0.type)" }.joined(separator: "|") + ")"
      return "pairs" + arguments + mark
    case .every(let element): return element.description + mark
    }
  }

  /// The piece's key among a node's children: for pairs their typed operators in byte order (their
  /// order in the pattern decides nothing), for a typed catch-all its type or kind; and whether it
  /// needs a segment.
  var key: String {
    let mark = atLeastOne ? "+" : "*"
    switch form {
    case .pairs(let typed):
      let operators = typed.map { "\($0.name.utf8.map { String($0, radix: 16) }):\($0.type)" }.stableSorted()
      return "pairs \(mark) \(operators.joined(separator: ","))"
    case .every(.type(let type)): return "run \(mark) type \(type)"
    case .every(.kind(let kind)): return "run \(mark) kind \(kind.name)"
    }
  }

  /// Why a run of segments is not of this rule.
  enum Failure: Equatable {
    /// An odd count: the last operator has no operand.
    case oddCount
    /// No pair or segment, where `+` needs one.
    case empty
    /// The operand at this offset does not fit its operator's type.
    case operand(Int, ParameterType)
    /// The segment at this offset is not of the typed catch-all's element.
    case segment(Int)
  }

  /// The one statement of what the piece accepts: `count` segments are pairs when their count is even
  /// (at least two for `+`) and every operand fits its operator's type; they are a typed run when
  /// each is of its element (at least one for `+`). Each segment is read once.
  ///
  /// - Parameters:
  ///   - count: The number of segments the catch-all takes.
  ///   - isOperator: Whether the segment at an offset is the given operator, byte for byte.
  ///   - fits: Whether the segment at an offset is of an element.
  /// - Returns: Why they are not of the rule, or `nil` when they are.
  @inline(__always)
  func failure(count: Int, isOperator: (Int, TypedOperator) -> Bool, fits: (Int, Element) -> Bool)
    -> Failure?
  {
    if atLeastOne && count == 0 { return .empty }
    switch form {
    case .every(let element):
      var offset = 0
      while offset < count {
        if !fits(offset, element) { return .segment(offset) }
        offset &+= 1
      }
      return nil
    case .pairs(let typed):
      if count & 1 == 1 { return .oddCount }
      guard !typed.isEmpty else { return nil }
      var offset = 0
      while offset < count {
        for entry in typed where isOperator(offset, entry) {
          if !fits(offset &+ 1, .type(entry.type)) { return .operand(offset &+ 1, entry.type) }
          break
        }
        offset &+= 2
      }
      return nil
    }
  }

  /// Whether the link's decoded segments, read by `segment`, are of this rule.
  @inline(__always)
  func accepts(count: Int, _ segment: (Int) -> Bytes) -> Bool {
    failure(
      count: count, isOperator: { Self.equal(segment($0), $1.bytes) }, fits: { $1.accepts(segment($0)) })
      == nil
  }

  /// The value a run of decoded segments reads as, or `nil` when the rule does not accept them: the
  /// pairs, operator as ``QueryItem/name`` and operand as ``QueryItem/value``; for a typed catch-all
  /// the segments as their type reads them (`007` as `7`, a lower-case check's text in lower case).
  ///
  /// - Parameter segments: The decoded segments the catch-all takes.
  /// - Returns: The value, or `nil`.
  func value(_ segments: [String]) -> ParameterValue? {
    switch form {
    case .pairs:
      guard failure(of: segments) == nil else { return nil }
      return .pairs(
        stride(from: 0, to: segments.count, by: 2).map {
          QueryItem(name: segments[$0], value: segments[$0 + 1])
        })
    case .every:
      // The rule of ``failure(count:isOperator:fits:)``, each segment read once: its value is the test.
      var values: [String] = []
      values.reserveCapacity(segments.count)
      let failed = failure(
        count: segments.count, isOperator: { _, _ in false },
        fits: { offset, element in
          guard let value = element.value(from: segments[offset]) else { return false }
          values.append(value.description)
          return true
        })
      return failed == nil ? .segments(values) : nil
    }
  }

  /// What a near miss says of decoded segments this rule refuses, or `nil` when it accepts them.
  ///
  /// It names the segment at fault when there is one: the segment its element refuses, the operand
  /// its type refuses, or for an odd count the last segment, an operator without its operand. A
  /// run with no segment for `+` has none; the near miss then says what the route wants where the
  /// link ends.
  ///
  /// - Parameters:
  ///   - segments: The decoded segments the catch-all takes.
  ///   - piece: The catch-all as the pattern writes it, such as `{ids:int+}`.
  /// - Returns: The offset in the run of the segment at fault, and what the piece wanted there.
  func miss(_ segments: [String], piece: String) -> (offset: Int?, expected: String)? {
    switch failure(of: segments) {
    case nil: return nil
    case .empty:
      let what = isPairs ? "no pair; at least one is needed" : "no segment; at least one is needed"
      return (nil, "\(expectation) (\(piece)): \(what)")
    case .oddCount:
      return (
        segments.count - 1,
        "followed by its operand, as each operator of \(piece) must be: an odd count of segments, \(segments.count)"
      )
    case .operand(let offset, let type):
      let name = PrintableText.escaped(segments[offset - 1])
      return (offset, "\(type.expectation), as the operand of \(name) in \(piece) must be")
    case .segment(let offset):
      guard case .every(let element) = form else { return nil }
      var expected = "\(element.expectation), as each segment of \(piece) must be"
      if case .kind(let kind) = element, let detail = kind.miss(segments[offset]) {
        expected += ": " + detail
      }
      return (offset, expected)
    }
  }

  /// Why decoded segments are not of this rule, or `nil` when they are.
  private func failure(of segments: [String]) -> Failure? {
    failure(
      count: segments.count, isOperator: { segments[$0] == $1.name },
      fits: { $1.value(from: segments[$0]) != nil })
  }

  /// A segment a typed catch-all refuses, for the examples of the server files' widenings; `nil` for
  /// pairs, or when the element holds each of the few tried.
  package var refusedSegment: String? {
    guard case .every(let element) = form else { return nil }
    return ["x", "0", "-1", "X", "a-b", "1.5"].first { element.value(from: $0) == nil }
  }

  /// What a near miss calls a run this rule refuses.
  var missCode: ErrorCode<NearMiss> { isPairs ? .expectedPairs : .expectedRun }

  /// What a near miss says the piece wanted: `operator/operand pairs` or `segments that are each an int`.
  var expectation: String {
    switch form {
    case .pairs: "operator/operand pairs"
    case .every(.type(let type)): "segments that are each \(type.expectation)"
    case .every(.kind(let kind)): "segments that are each \(kind.expectation)"
    }
  }

  /// Whether this rule is tried before `other` at one place: pairs first, those with more typed
  /// operators first (they accept less); typed catch-alls by their element; then `+` before `*`, then
  /// by key, never by the order of the table.
  func ranksBefore(_ other: RunRule) -> Bool {
    switch (form, other.form) {
    case (.pairs(let typed), .pairs(let otherTyped)):
      if typed.count != otherTyped.count { return typed.count > otherTyped.count }
    case (.pairs, .every): return true
    case (.every, .pairs): return false
    case (.every(let element), .every(let otherElement)):
      if element != otherElement { return element.ranksBefore(otherElement) }
    }
    if atLeastOne != other.atLeastOne { return atLeastOne }
    return key < other.key
  }

  /// A sample value for destination checks: one pair, the first typed operator with its type's
  /// sample, else `sample` with `sample`; one segment of the element's sample.
  package var sampleValue: ParameterValue {
    switch form {
    case .pairs(let typed):
      guard let first = typed.first else { return .pairs([QueryItem(name: "sample", value: "sample")]) }
      return .pairs([QueryItem(name: first.name, value: first.type.sampleValue.description)])
    case .every(let element): return .segments([element.sample.description])
    }
  }

  @inline(__always)
  private static func equal(_ bytes: Bytes, _ other: [UInt8]) -> Bool {
    guard bytes.count == other.count else { return false }
    for index in 0..<other.count where bytes[index] != other[index] { return false }
    return true
  }
}
