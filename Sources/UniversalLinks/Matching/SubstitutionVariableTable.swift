/// The substitution variables a document's patterns can use: its own `substitutionVariables`, then
/// Apple's predefined ones. A custom variable with a predefined name replaces the predefined one.
struct SubstitutionVariableTable: Hashable, Sendable {
  /// What a `$(name)` stands for.
  enum Value: Hashable, Sendable {
    /// One character of the class.
    case characterClass(ASCIISet)
    /// Any one of the values (each may hold `*` and `?`).
    case alternatives([String])
  }

  /// The document's own variables.
  let custom: [String: [String]]

  /// Creates a table from a document's `substitutionVariables`.
  init(custom: [String: [String]]?) {
    self.custom = custom ?? [:]
  }

  /// What `$(name)` stands for, or `nil` when the name is unknown.
  func resolve(_ name: String) -> Value? {
    if let values = custom[name] { return .alternatives(values) }
    if let set = PredefinedSubstitutionVariables.characterClass(named: name) { return .characterClass(set) }
    switch name {
    case "region": return .alternatives(PredefinedSubstitutionVariables.regionCodes)
    case "lang": return .alternatives(PredefinedSubstitutionVariables.languageCodes)
    default: return nil
    }
  }
}
