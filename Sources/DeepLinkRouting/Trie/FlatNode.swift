/// A trie node flattened to plain integers in 52 bytes, so reading it during a match costs no
/// reference counting and at most two cache lines.
struct FlatNode: Sendable {
  private var intChild: Int32 = -1
  private var uuidChild: Int32 = -1
  private var stringChild: Int32 = -1
  private var boolChild: Int32 = -1
  private var decimalChild: Int32 = -1
  private var urlChild: Int32 = -1
  private var linkChild: Int32 = -1
  private var addressChild: Int32 = -1
  /// Where the node's routes start in the router's route list: endpoints, then `{name+}`, then
  /// `{name*}`. When the node has exactly one route, the route entry itself (see ``FlatTrie/routeList``).
  var routeStart: Int32 = 0
  var endpointCount: Int32 = 0
  var oneOrMoreCount: Int32 = 0
  var zeroOrMoreCount: Int32 = 0
  /// ``hasLiterals``, ``hasUnicodeLiterals``, ``sharesShape``, ``hasTemplates`` and ``hasSkips``.
  var flags: Int32 = 0

  static let hasLiterals: Int32 = 1
  /// A literal child is not ASCII: such a node is searched through the router's `String` literals.
  static let hasUnicodeLiterals: Int32 = 2
  /// Another node has the same shape (``FlatTrie/shapes``): the search remembers where it failed.
  static let sharesShape: Int32 = 4
  /// Bit `testShift + p` of ``flags`` is set when the node has tested children of phase `p`
  /// (``Router/testedChildren``): the search passes over a phase the node has none of.
  static let testShift: Int32 = 3

  /// The flag of a node with tested children of a phase.
  @inline(__always)
  static func tests(_ phase: RoutePattern.Segment.TestPhase) -> Int32 {
    1 &<< (testShift &+ Int32(truncatingIfNeeded: phase.rawValue))
  }

  /// Whether the node has tested children of a phase.
  @inline(__always)
  func tests(_ phase: RoutePattern.Segment.TestPhase) -> Bool {
    flags & Self.tests(phase) != 0
  }

  /// Whether the node has tested children at all.
  var hasTestedChildren: Bool {
    flags & (Self.tests(.beforeTypes) | Self.tests(.beforePlain) | Self.tests(.afterPlain)) != 0
  }
  /// Bit `parameterShift + r` of ``flags`` is set when the node has a child for the parameter type of
  /// rank `r` in ``ParameterType/bySpecificity`` (set by ``setChild(_:for:)``).
  static let parameterShift: Int32 = 8

  /// Whether the node has a child for the parameter type of this rank: one bit test, so the search
  /// passes over the types a node has no child for without looking the child up.
  @inline(__always)
  func hasParameterChild(atRank rank: Int) -> Bool {
    flags &>> (Self.parameterShift &+ Int32(truncatingIfNeeded: rank)) & 1 != 0
  }

  /// The lowest rank from `rank` on for which the node has a parameter child, or `nil`.
  @inline(__always)
  func nextParameterRank(from rank: Int) -> Int? {
    let ranks =
      UInt32(bitPattern: flags &>> Self.parameterShift) & (1 &<< UInt32(ParameterType.rankCount) &- 1)
    let rest = rank < 32 ? ranks &>> UInt32(rank) : 0
    return rest == 0 ? nil : rank &+ rest.trailingZeroBitCount
  }

  /// The child for a parameter of `type` (`{name:int}`, `{name:uuid}`, `{name}`), -1 when none: the
  /// one place the trie stores a child per parameter type.
  @inline(__always)
  func child(for type: ParameterType) -> Int32 {
    switch type {
    case .int: intChild
    case .uuid: uuidChild
    case .string: stringChild
    case .bool: boolChild
    case .decimal: decimalChild
    case .url: urlChild
    case .link: linkChild
    case .address: addressChild
    }
  }

  /// Sets the child for a parameter of `type`.
  mutating func setChild(_ child: Int32, for type: ParameterType) {
    if child >= 0 { flags |= 1 &<< (Self.parameterShift &+ Int32(type.specificity)) }
    switch type {
    case .int: intChild = child
    case .uuid: uuidChild = child
    case .string: stringChild = child
    case .bool: boolChild = child
    case .decimal: decimalChild = child
    case .url: urlChild = child
    case .link: linkChild = child
    case .address: addressChild = child
    }
  }

  /// Whether the node's single route is stored in ``routeStart``.
  var hasInlineRoute: Bool { endpointCount &+ oneOrMoreCount &+ zeroOrMoreCount == 1 }
}
