import Foundation

/// What building a route's match needs, prepared once when the router is built: the route's name and
/// where its path parameters are (in ``Router/planParameters``), so a match allocates only what it
/// returns.
struct RoutePlan: Sendable {
  var name: String
  var parameterStart: Int32
  var parameterCount: Int32
  /// How many query items the pattern declares.
  var queryCount: Int32
  /// The index in the pattern of its middle catch-all (one that is not the last piece), or -1.
  var middleCatchAll: Int32 = -1
  /// The first path parameter packed as position (8 bits), kind (``kindBits``) and the index of its
  /// name in ``Router/parameterNames`` (the remaining bits); `UInt32.max` when it does not fit or there
  /// is none.
  var packedFirst: UInt32 = .max
  /// Whether the pattern ends with an open query dictionary (`{name*}`): the match then reads the
  /// pattern for its name, and only then (the plan is the one part of a route a match always reads).
  var hasOpenQuery = false

  /// The bits a kind takes in ``packedFirst``: as many as the number of kinds needs, so a new kind
  /// widens the field instead of reading back as another.
  static var kindBits: UInt32 {
    @inline(__always) get { UInt32(UInt8.bitWidth - UInt8(Parameter.Kind.count - 1).leadingZeroBitCount) }
  }
  /// The number of distinct names the packed first parameter can refer to.
  static var packedNameLimit: Int { 1 << (32 - 8 - Int(kindBits)) }

  /// Packs a first parameter, or `nil` when it does not fit.
  static func pack(position: Int, kind: Parameter.Kind, name: Int) -> UInt32? {
    guard position >= 0 && position < 256 && name >= 0 && name < packedNameLimit else { return nil }
    let packed = UInt32(position) | UInt32(kind.number) << 8 | UInt32(name) << (8 + kindBits)
    return packed == .max ? nil : packed
  }

  /// The first path parameter, when it is packed in the plan.
  @inline(__always)
  var first: (position: Int, kind: Parameter.Kind, name: Int)? {
    guard packedFirst != .max,
      let kind = Parameter.Kind(
        number: UInt8(truncatingIfNeeded: packedFirst >> 8) & UInt8((1 << Self.kindBits) - 1))
    else { return nil }
    return (Int(packedFirst & 0xFF), kind, Int(packedFirst >> (8 + Self.kindBits)))
  }

  /// One path parameter of a route: its segment position, its kind and its name.
  struct Parameter: Sendable {
    /// A parameter of a type, a catch-all, or another piece that reads its values itself.
    enum Kind: Sendable, Hashable, CaseIterable {
      case parameter(ParameterType)
      /// `{name+}` or `{name*}`: the segments from its position on.
      case rest
      /// A piece that reads one segment by its own rule (a segment template, a value set, an
      /// app-defined kind: ``RoutePattern/Segment/values(_:text:_:)``).
      case piece
      /// A tested catch-all: the segments from its position on, read by its rule as pairs or as
      /// segments of its type (``RoutePattern/Segment/runValue(_:)``).
      case testedRun
      /// The rest of the link (`{name:rest}`): its text from its position on, query and fragment
      /// included (``LinkView/restOfLink(from:)``).
      case restOfLink

      /// Every kind: every parameter type, the catch-all and the piece.
      static let allCases: [Kind] =
        ParameterType.bySpecificity.map(Kind.parameter) + [.rest, .piece, .testedRun, .restOfLink]
      /// How many kinds there are: one a parameter type, then the three below.
      static var count: Int {
        @inline(__always) get { ParameterType.rankCount + 4 }
      }

      /// The kind as a small number: a type's ``ParameterType/specificity``, then the catch-all.
      var number: UInt8 {
        switch self {
        case .parameter(let type): UInt8(type.specificity)
        case .rest: UInt8(ParameterType.rankCount)
        case .piece: UInt8(ParameterType.rankCount + 1)
        case .testedRun: UInt8(ParameterType.rankCount + 2)
        case .restOfLink: UInt8(ParameterType.rankCount + 3)
        }
      }

      /// The kind of a ``number``, or `nil` when no kind has it.
      @inline(__always)
      init?(number: UInt8) {
        if let type = ParameterType(specificity: Int(number)) {
          self = .parameter(type)
        } else if Int(number) == ParameterType.rankCount {
          self = .rest
        } else if Int(number) == ParameterType.rankCount + 1 {
          self = .piece
        } else if Int(number) == ParameterType.rankCount + 2 {
          self = .testedRun
        } else if Int(number) == ParameterType.rankCount + 3 {
          self = .restOfLink
        } else {
          return nil
        }
      }
    }

    var position: Int32
    var kind: Kind
    var name: String
  }

  /// The plans of every route, their parameters back to back, and the distinct parameter names.
  static func plans(names: [String], patterns: [RoutePattern]) -> ([RoutePlan], [Parameter], [String]) {
    var plans: [RoutePlan] = []
    var parameters: [Parameter] = []
    var parameterNames: [String] = []
    var nameIndex: [String: Int] = [:]
    plans.reserveCapacity(patterns.count)
    for (route, pattern) in patterns.enumerated() {
      let start = parameters.count
      for (position, segment) in pattern.segments.enumerated() {
        switch segment {
        case .literal, .fragment:
          continue
        case .parameter(let name, let type), .optional(let name, let type):
          // An optional last segment is read when the link has it, and is otherwise absent.
          parameters.append(Parameter(position: Int32(position), kind: .parameter(type), name: name))
        case .oneOrMore(let name), .zeroOrMore(let name):
          parameters.append(Parameter(position: Int32(position), kind: .rest, name: name))
        case .testedRun(let name, _):
          parameters.append(Parameter(position: Int32(position), kind: .testedRun, name: name))
        case .remainder(let name):
          parameters.append(Parameter(position: Int32(position), kind: .restOfLink, name: name))
        case .template, .valueSet, .kind:
          parameters.append(
            Parameter(position: Int32(position), kind: .piece, name: segment.parameterNames.first ?? ""))
        }
      }
      var plan = RoutePlan(
        name: names[route], parameterStart: Int32(start), parameterCount: Int32(parameters.count - start),
        queryCount: Int32(pattern.query.count))
      if let middle = pattern.middleCatchAll { plan.middleCatchAll = Int32(middle) }
      plan.hasOpenQuery = pattern.openQuery != nil
      if parameters.count > start {
        let first = parameters[start]
        let index: Int
        if let known = nameIndex[first.name] {
          index = known
        } else {
          index = parameterNames.count
          nameIndex[first.name] = index
          parameterNames.append(first.name)
        }
        if let packed = pack(position: Int(first.position), kind: first.kind, name: index) {
          plan.packedFirst = packed
        }
      }
      plans.append(plan)
    }
    return (plans, parameters, parameterNames)
  }
}
