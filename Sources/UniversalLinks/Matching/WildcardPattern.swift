/// A compiled AASA pattern: `*` (zero or more characters, crossing `/`), `?` (exactly one character),
/// `$(name)` (any one value of a substitution variable), and literal characters. There is no escape.
///
/// No regular-expression engine and no exponential backtracking. A pattern whose tokens each consume
/// one character (literals, `?`, one-character classes such as `$(digit)`) and `*` runs the classic
/// two-pointer glob match with a single backtrack point, which is linear for typical patterns and
/// never worse than subject length times pattern length. A pattern with multi-character alternatives
/// (`$(lang)`, `$(region)`, custom variables) runs as a small nondeterministic automaton over the
/// subject once, keeping the set of live states (Thompson's construction); literal alternatives are
/// folded into a trie so that `$(region)` costs one state per character, not 249. Either way the work
/// is bounded by the subject length times the number of states.
struct WildcardPattern: Hashable, Sendable {
  /// What a state of the automaton does.
  enum Kind: UInt8, Hashable, Sendable {
    /// Consume the scalar whose value is the operand.
    case scalar
    /// Consume any one scalar.
    case any
    /// Consume one scalar of `sets[operand]`.
    case set
    /// Consume any scalar and stay, or move on without consuming.
    case star
    /// Move on, without consuming, to every state of `splits[operand]`.
    case split
    /// Move on, without consuming, to the state `operand`.
    case jump
    /// Consume a scalar and go to `tables[operand][scalar]`, if any.
    case dispatch
    /// The whole subject matched.
    case accept
  }

  private(set) var kinds: [Kind] = []
  private(set) var operands: [Int] = []
  private var sets: [ASCIISet] = []
  private var splits: [[Int]] = []
  private var tables: [[UInt32: Int]] = []
  private let caseSensitive: Bool

  /// The number of states.
  var stateCount: Int { kinds.count }

  /// Whether every token consumes exactly one character or is `*`, so the glob match applies.
  private var isLinear: Bool {
    !kinds.contains { $0 == .split || $0 == .jump || $0 == .dispatch }
  }

  /// Whether the pattern is `*`-only and so matches everything.
  var matchesEverything: Bool {
    kinds == [.star, .accept]
  }

  /// Compiles a pattern.
  ///
  /// - Parameters:
  ///   - pattern: The pattern text.
  ///   - variables: The substitution variables to expand, or `nil` for none (legacy `paths`);
  ///     `$(name)` with an unknown name is literal text.
  ///   - caseSensitive: When false, literal text and variable values are lowered; the subject must be
  ///     lowered by the caller as well.
  init(_ pattern: String, variables: SubstitutionVariableTable?, caseSensitive: Bool) {
    self.caseSensitive = caseSensitive
    emit(pattern, variables: variables)
    append(.accept)
  }

  /// Whether the pattern matches the whole subject.
  func matches(_ subject: String) -> Bool {
    var steps = 0
    return matches(Array(subject.unicodeScalars), steps: &steps)
  }

  /// Whether the pattern matches the whole subject, counting the work done in `steps`.
  ///
  /// `steps` grows by at most `2 * (subject.count + 1) * stateCount`.
  func matches(_ subject: [Unicode.Scalar], steps: inout Int) -> Bool {
    if matchesEverything { return true }
    return isLinear ? globMatches(subject, steps: &steps) : automatonMatches(subject, steps: &steps)
  }

  private func consumes(_ state: Int, _ value: UInt32) -> Bool {
    switch kinds[state] {
    case .scalar: UInt32(operands[state]) == value
    case .any: true
    case .set: sets[operands[state]].contains(value)
    default: false
    }
  }

  private func globMatches(_ subject: [Unicode.Scalar], steps: inout Int) -> Bool {
    let end = kinds.count - 1  // the accept state
    var state = 0
    var position = 0
    var starState = -1
    var starPosition = 0
    while position < subject.count {
      steps += 1
      if state < end, kinds[state] == .star {
        starState = state
        starPosition = position
        state += 1
      } else if state < end, consumes(state, subject[position].value) {
        state += 1
        position += 1
      } else if starState >= 0 {
        // Let the last `*` take one more character and retry what follows it.
        state = starState + 1
        starPosition += 1
        position = starPosition
      } else {
        return false
      }
    }
    while state < end, kinds[state] == .star {
      state += 1
    }
    return state == end
  }

  private func automatonMatches(_ subject: [Unicode.Scalar], steps: inout Int) -> Bool {
    var run = AutomatonRun(pattern: self)
    run.addClosure(of: 0, generation: 0)
    for (position, scalar) in subject.enumerated() {
      let current = run.startGeneration()
      for state in current {
        steps += 1
        switch kinds[state] {
        case .star:
          run.addClosure(of: state, generation: position + 1)
        case .dispatch:
          if let next = tables[operands[state]][scalar.value] {
            run.addClosure(of: next, generation: position + 1)
          }
        default:
          if consumes(state, scalar.value) {
            run.addClosure(of: state + 1, generation: position + 1)
          }
        }
      }
      steps += run.visited
      run.visited = 0
      if run.live.isEmpty { return false }
    }
    return run.live.contains { kinds[$0] == .accept }
  }

  /// The live states of an automaton run.
  private struct AutomatonRun {
    let pattern: WildcardPattern
    var live: [Int] = []
    var seen: [Int]
    var stack: [Int] = []
    var visited = 0

    init(pattern: WildcardPattern) {
      self.pattern = pattern
      seen = Array(repeating: -1, count: pattern.kinds.count)
    }

    /// Hands back the live states and starts collecting the next generation.
    mutating func startGeneration() -> [Int] {
      defer { live.removeAll(keepingCapacity: true) }
      return live
    }

    /// Adds a state and every state reachable from it without consuming.
    mutating func addClosure(of start: Int, generation: Int) {
      stack.append(start)
      while let state = stack.popLast() {
        guard seen[state] != generation else { continue }
        seen[state] = generation
        visited += 1
        switch pattern.kinds[state] {
        case .split: stack.append(contentsOf: pattern.splits[pattern.operands[state]].reversed())
        case .jump: stack.append(pattern.operands[state])
        case .star:
          live.append(state)
          stack.append(state + 1)
        default:
          live.append(state)
        }
      }
    }
  }

  // MARK: - Compilation

  private mutating func append(_ kind: Kind, _ operand: Int = 0) {
    kinds.append(kind)
    operands.append(operand)
  }

  private mutating func emit(_ text: String, variables: SubstitutionVariableTable?) {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    var literal = ""
    while index < scalars.count {
      let scalar = scalars[index]
      if let variables, scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
        let close = scalars[(index + 2)...].firstIndex(of: ")"),
        let resolved = variables.resolve(String(String.UnicodeScalarView(scalars[(index + 2)..<close])))
      {
        emitLiteral(&literal)
        emit(resolved)
        index = close + 1
        continue
      }
      switch scalar {
      case "*":
        emitLiteral(&literal)
        if kinds.last != .star {
          append(.star)
        }
      case "?":
        emitLiteral(&literal)
        append(.any)
      default:
        literal.unicodeScalars.append(scalar)
      }
      index += 1
    }
    emitLiteral(&literal)
  }

  private mutating func emitLiteral(_ literal: inout String) {
    guard !literal.isEmpty else { return }
    for scalar in (caseSensitive ? literal : literal.lowercased()).unicodeScalars {
      append(.scalar, Int(scalar.value))
    }
    literal = ""
  }

  private mutating func emit(_ value: SubstitutionVariableTable.Value) {
    switch value {
    case .characterClass(let set):
      sets.append(caseSensitive ? set : set.lowercased())
      append(.set, sets.count - 1)
    case .alternatives(let values):
      let lowered = caseSensitive ? values : values.map { $0.lowercased() }
      if lowered.contains(where: { $0.contains("*") || $0.contains("?") }) {
        emitAlternatives(lowered)
      } else {
        emitTrie(lowered)
      }
    }
  }

  /// Values holding wildcards: a split to one branch per value, each jumping to the common end.
  private mutating func emitAlternatives(_ values: [String]) {
    let split = kinds.count
    append(.split, splits.count)
    splits.append([])
    var starts: [Int] = []
    var jumps: [Int] = []
    for value in values {
      starts.append(kinds.count)
      // Values may hold `*` and `?`, but not further variables.
      emit(value, variables: nil)
      jumps.append(kinds.count)
      append(.jump)
    }
    for jump in jumps {
      operands[jump] = kinds.count
    }
    splits[operands[split]] = starts
  }

  /// Literal values: a trie, one dispatch state per node, so each character costs one step.
  private mutating func emitTrie(_ values: [String]) {
    var children: [[UInt32: Int]] = [[:]]
    var terminal: [Bool] = [false]
    for value in Set(values) {
      var node = 0
      for scalar in value.unicodeScalars {
        if let child = children[node][scalar.value] {
          node = child
        } else {
          children.append([:])
          terminal.append(false)
          children[node][scalar.value] = children.count - 1
          node = children.count - 1
        }
      }
      terminal[node] = true
    }
    // Each node gets a state: a dispatch (children only), a jump to the end (terminal only), or a
    // split to both (terminal with children). Targets are patched once every state exists.
    var stateOfNode: [Int] = []
    var exitJumps: [Int] = []
    var patches: [(state: Int, node: Int)] = []
    for node in children.indices {
      stateOfNode.append(kinds.count)
      switch (terminal[node], children[node].isEmpty) {
      case (true, true):
        exitJumps.append(kinds.count)
        append(.jump)
      case (true, false):
        append(.split, splits.count)
        splits.append([kinds.count, kinds.count + 1])
        patches.append((kinds.count, node))
        append(.dispatch)
        exitJumps.append(kinds.count)
        append(.jump)
      case (false, _):
        patches.append((kinds.count, node))
        append(.dispatch)
      }
    }
    for patch in patches {
      operands[patch.state] = tables.count
      tables.append(children[patch.node].mapValues { stateOfNode[$0] })
    }
    for jump in exitJumps {
      operands[jump] = kinds.count
    }
  }
}
