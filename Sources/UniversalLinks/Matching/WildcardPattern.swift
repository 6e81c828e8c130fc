/// A compiled AASA pattern: `*` (zero or more characters, crossing `/`), `?` (exactly one character),
/// `$(name)` (any one value of a substitution variable), and literal characters. There is no escape.
///
/// The pattern is compiled to a small nondeterministic automaton and run over the subject once, keeping
/// the set of live states (Thompson's construction). The work is at most proportional to the subject
/// length times the number of states: no regular-expression engine, no backtracking, so a 100 KB path
/// against a pattern full of `*` stays fast.
struct WildcardPattern: Hashable, Sendable {
  /// One state of the automaton.
  enum Instruction: Hashable, Sendable {
    /// Consume this scalar.
    case scalar(UInt32)
    /// Consume any one scalar.
    case any
    /// Consume one scalar of the set.
    case set(ASCIISet)
    /// Consume any scalar and stay, or move on without consuming.
    case star
    /// Move on, without consuming, to every listed state.
    case split([Int])
    /// Move on, without consuming, to the listed state.
    case jump(Int)
    /// The whole subject matched.
    case accept
  }

  /// The automaton's states; the run starts at 0.
  let program: [Instruction]

  /// Whether the pattern is `*`-only and so matches everything.
  var matchesEverything: Bool {
    program == [.star, .accept]
  }

  /// Compiles a pattern.
  ///
  /// - Parameters:
  ///   - pattern: The pattern text.
  ///   - variables: The substitution variables to expand; `$(name)` with an unknown name is literal text.
  ///   - caseSensitive: When false, literal text and variable values are lowered; the subject must be
  ///     lowered by the caller as well.
  init(_ pattern: String, variables: SubstitutionVariableTable?, caseSensitive: Bool) {
    var builder = Builder(variables: variables, caseSensitive: caseSensitive)
    builder.emit(pattern, expandingVariables: variables != nil)
    builder.program.append(.accept)
    program = builder.program
  }

  /// Whether the pattern matches the whole subject.
  func matches(_ subject: String) -> Bool {
    var steps = 0
    return matches(Array(subject.unicodeScalars), steps: &steps)
  }

  /// Whether the pattern matches the whole subject, counting the states visited in `steps`.
  ///
  /// Each state is visited at most once per subject position, so `steps` never exceeds
  /// `(subject.count + 1) * program.count`.
  func matches(_ subject: [Unicode.Scalar], steps: inout Int) -> Bool {
    if matchesEverything { return true }
    var seen = [Int](repeating: -1, count: program.count)
    var current: [Int] = []
    var next: [Int] = []
    var stack: [Int] = []

    func addClosure(of start: Int, generation: Int, into list: inout [Int]) {
      stack.append(start)
      while let state = stack.popLast() {
        guard seen[state] != generation else { continue }
        seen[state] = generation
        steps += 1
        switch program[state] {
        case .split(let targets): stack.append(contentsOf: targets.reversed())
        case .jump(let target): stack.append(target)
        case .star:
          list.append(state)
          stack.append(state + 1)
        case .scalar, .any, .set, .accept:
          list.append(state)
        }
      }
    }

    addClosure(of: 0, generation: 0, into: &current)
    for (position, scalar) in subject.enumerated() {
      let generation = position + 1
      next.removeAll(keepingCapacity: true)
      for state in current {
        steps += 1
        switch program[state] {
        case .scalar(let value) where value == scalar.value:
          addClosure(of: state + 1, generation: generation, into: &next)
        case .any:
          addClosure(of: state + 1, generation: generation, into: &next)
        case .set(let set) where set.contains(scalar.value):
          addClosure(of: state + 1, generation: generation, into: &next)
        case .star:
          addClosure(of: state, generation: generation, into: &next)
        default:
          break
        }
      }
      swap(&current, &next)
      if current.isEmpty { return false }
    }
    return current.contains { program[$0] == .accept }
  }

  /// Emits instructions for pattern text.
  private struct Builder {
    let variables: SubstitutionVariableTable?
    let caseSensitive: Bool
    var program: [Instruction] = []

    init(variables: SubstitutionVariableTable?, caseSensitive: Bool) {
      self.variables = variables
      self.caseSensitive = caseSensitive
    }

    mutating func emit(_ text: String, expandingVariables: Bool) {
      let scalars = Array(text.unicodeScalars)
      var index = 0
      var literal = ""
      while index < scalars.count {
        let scalar = scalars[index]
        if expandingVariables, scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
          let close = scalars[(index + 2)...].firstIndex(of: ")"),
          let resolved = variables?.resolve(String(String.UnicodeScalarView(scalars[(index + 2)..<close])))
        {
          emitLiteral(&literal)
          emit(resolved)
          index = close + 1
          continue
        }
        switch scalar {
        case "*":
          emitLiteral(&literal)
          if program.last != .star {
            program.append(.star)
          }
        case "?":
          emitLiteral(&literal)
          program.append(.any)
        default:
          literal.unicodeScalars.append(scalar)
        }
        index += 1
      }
      emitLiteral(&literal)
    }

    private mutating func emitLiteral(_ literal: inout String) {
      guard !literal.isEmpty else { return }
      let text = caseSensitive ? literal : literal.lowercased()
      program.append(contentsOf: text.unicodeScalars.map { .scalar($0.value) })
      literal = ""
    }

    private mutating func emit(_ value: SubstitutionVariableTable.Value) {
      switch value {
      case .characterClass(let set):
        program.append(.set(caseSensitive ? set : set.lowercased()))
      case .alternatives(let values):
        let split = program.count
        program.append(.split([]))
        var starts: [Int] = []
        var jumps: [Int] = []
        for value in values {
          starts.append(program.count)
          // Values may hold `*` and `?`, but not further variables.
          emit(value, expandingVariables: false)
          jumps.append(program.count)
          program.append(.jump(0))
        }
        for jump in jumps {
          program[jump] = .jump(program.count)
        }
        program[split] = .split(starts)
      }
    }
  }
}
