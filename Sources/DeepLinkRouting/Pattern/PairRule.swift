/// How a pair catch-all (`{narrow:pairs*}`, `{narrow:pairs(channel:int|near:int)+}`) reads its
/// segments: as operator/operand pairs, in the order of the link, each operand of the type its
/// operator is declared with (text for an operator the pattern does not list).
///
/// Every fact about the piece is stated here once: what it accepts, the value it reads, what a near
/// miss says, how it ranks against another pair catch-all and its key among a node's children.
package struct PairRule: Sendable, Hashable, CustomStringConvertible {
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

  /// Whether at least one pair is required (`{name:pairs+}`); zero pairs are accepted otherwise.
  package var atLeastOne: Bool
  /// The operators the pattern types, in the order written.
  package var typed: [TypedOperator]

  package init(atLeastOne: Bool, typed: [TypedOperator] = []) {
    self.atLeastOne = atLeastOne
    self.typed = typed
  }

  /// The piece's type as written, after the name: `pairs*`, `pairs(channel:int|near:int)+`.
  package var description: String {
    let arguments =
      typed.isEmpty ? "" : "(" + typed.map { "\($0.name):\($0.type)" }.joined(separator: "|") + ")"
    return "pairs" + arguments + (atLeastOne ? "+" : "*")
  }

  /// The piece's key among a node's children: its typed operators in byte order (their order in the
  /// pattern decides nothing) and whether it needs a pair.
  var key: String {
    let operators = typed.map { "\($0.name.utf8.map { String($0, radix: 16) }):\($0.type)" }.stableSorted()
    return "pairs \(atLeastOne ? "+" : "*") \(operators.joined(separator: ","))"
  }

  /// Why a run of segments is not pairs of this rule.
  enum Failure: Equatable {
    /// An odd count: the last operator has no operand.
    case oddCount
    /// No pair, where `+` needs one.
    case noPair
    /// The operand at this offset does not fit its operator's type.
    case operand(Int, ParameterType)
  }

  /// The one statement of what the piece accepts: `count` segments are pairs when their count is even
  /// (at least two for `+`) and every operand fits its operator's type. Each segment is read once.
  ///
  /// - Parameters:
  ///   - count: The number of segments the catch-all takes.
  ///   - isOperator: Whether the segment at an offset is the given operator, byte for byte.
  ///   - fits: Whether the segment at an offset fits a type.
  /// - Returns: Why they are not pairs, or `nil` when they are.
  @inline(__always)
  func failure(count: Int, isOperator: (Int, TypedOperator) -> Bool, fits: (Int, ParameterType) -> Bool)
    -> Failure?
  {
    if count & 1 == 1 { return .oddCount }
    if atLeastOne && count == 0 { return .noPair }
    guard !typed.isEmpty else { return nil }
    var offset = 0
    while offset < count {
      for entry in typed where isOperator(offset, entry) {
        if !fits(offset &+ 1, entry.type) { return .operand(offset &+ 1, entry.type) }
        break
      }
      offset &+= 2
    }
    return nil
  }

  /// Whether the link's decoded segments, read by `segment`, are pairs of this rule.
  @inline(__always)
  func accepts(count: Int, _ segment: (Int) -> Bytes) -> Bool {
    failure(
      count: count, isOperator: { Self.equal(segment($0), $1.bytes) }, fits: { $1.accepts(segment($0)) })
      == nil
  }

  /// The pairs of decoded segments this rule accepts, operator as ``QueryItem/name`` and operand as
  /// ``QueryItem/value``, or `nil` when it does not accept them.
  ///
  /// - Parameter segments: The decoded segments the catch-all takes.
  /// - Returns: The pairs, or `nil`.
  func pairs(_ segments: [String]) -> [QueryItem]? {
    guard why(segments) == nil else { return nil }
    return stride(from: 0, to: segments.count, by: 2).map {
      QueryItem(name: segments[$0], value: segments[$0 + 1])
    }
  }

  /// Why decoded segments are not pairs of this rule, for near misses and URL building, or `nil` when
  /// they are: an odd count, no pair for `+`, an operand that is not of its operator's type.
  ///
  /// - Parameter segments: The decoded segments.
  /// - Returns: The reason, or `nil`.
  func why(_ segments: [String]) -> String? {
    let failure = failure(
      count: segments.count, isOperator: { segments[$0] == $1.name }, fits: { $1.accepts(segments[$0]) })
    switch failure {
    case nil: return nil
    case .oddCount:
      return "an odd count of segments, \(segments.count): each operator needs its operand"
    case .noPair: return "no pair; at least one is needed"
    case .operand(let offset, let type):
      return "the operand of \(segments[offset - 1]), \"\(segments[offset])\", is not \(type.expectation)"
    }
  }

  /// Whether this rule is tried before `other` at one place: more typed operators first (it accepts
  /// less), then `+` before `*`, then by key, never by the order of the table.
  func ranksBefore(_ other: PairRule) -> Bool {
    if typed.count != other.typed.count { return typed.count > other.typed.count }
    if atLeastOne != other.atLeastOne { return atLeastOne }
    return key < other.key
  }

  /// Sample pairs for destination checks: one pair, the first typed operator with its type's sample,
  /// else `sample` with `sample`.
  package var sampleValue: ParameterValue {
    guard let first = typed.first else { return .pairs([QueryItem(name: "sample", value: "sample")]) }
    return .pairs([QueryItem(name: first.name, value: first.type.sampleValue.description)])
  }

  @inline(__always)
  private static func equal(_ bytes: Bytes, _ other: [UInt8]) -> Bool {
    guard bytes.count == other.count else { return false }
    for index in 0..<other.count where bytes[index] != other[index] { return false }
    return true
  }
}
