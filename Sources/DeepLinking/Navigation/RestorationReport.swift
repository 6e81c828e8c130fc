/// What ``Navigator/restore(from:checking:)`` left out of a saved state.
public struct RestorationReport<Destination>: Sendable, Hashable
where Destination: Hashable & Sendable & Codable {
  /// A saved destination whose check threw, with the error's description.
  public struct Failure: Sendable, Hashable {
    /// The destination.
    public var destination: Destination
    /// What the check threw.
    public var reason: String
  }

  /// The saved destinations the check said no longer exist, in the order checked.
  public var gone: [Destination] = []
  /// The saved destinations whose check threw: they are left out rather than shown unchecked.
  public var failed: [Failure] = []
  /// Every saved destination not restored: those gone or failed and the screens above them (the
  /// modal last), in the order saved.
  public var leftOut: [Destination] = []
  /// Whether the navigator changed while the checks ran (a launch link, a tap) and that change was
  /// kept over the saved state.
  public var keptNewerChange = false

  /// Whether the whole saved state was restored as saved.
  public var isComplete: Bool { leftOut.isEmpty && !keptNewerChange }
}
