/// What ``Navigator/restore(from:checking:)`` left out of a saved state.
public struct RestorationReport<Destination>: Sendable, Hashable
where Destination: Hashable & Sendable & Codable {
  /// The saved destinations the check said no longer exist, in the order checked.
  public var gone: [Destination] = []
  /// The saved destinations whose check threw, each with what it threw (the error's description):
  /// they are left out rather than shown unchecked.
  public var failed: [Destination: String] = [:]
  /// Every saved destination not restored: those gone or failed and the screens above them (the
  /// modal last), in the order saved.
  public var leftOut: [Destination] = []
  /// Whether the navigator changed while the checks ran (a launch link, a tap) and that change was
  /// kept over the saved state.
  public var keptNewerChange = false

  /// Whether the whole saved state was restored as saved.
  public var isComplete: Bool { leftOut.isEmpty && !keptNewerChange }
}
