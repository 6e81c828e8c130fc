/// What ``Navigator/open(_:)`` did to the stack of the destination's tab, or that it presented a modal.
///
/// The resulting stack is the same in the `pushed` and `replaced` cases (the planned stack); the
/// outcome tells a user interface whether the change reads as a push onto what the user saw or as a
/// fresh stack, and tells tests what happened.
public enum NavigationOutcome: Sendable, Hashable {
  /// The destination was already on top of its tab's stack; at most the tab was selected.
  case alreadyShown

  /// The first `kept` entries of the tab's stack were the destination's ancestors and were kept;
  /// anything above them was removed and the rest of the plan was pushed.
  ///
  /// - Parameter kept: How many entries of the previous stack were kept.
  case pushed(kept: Int)

  /// Nothing of the tab's previous stack matched the plan; the stack was replaced.
  case replaced

  /// The destination is modal and was presented over its tab's stack (its parents, built as for a
  /// push unless the stack already ended with its parent), replacing any other modal.
  case presented
}
