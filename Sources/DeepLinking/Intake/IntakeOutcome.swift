/// What the intake did with one link.
public enum IntakeOutcome<Destination: Sendable>: Sendable {
  /// Why a link waits instead of being applied.
  public enum Deferral: Sendable, Hashable {
    /// The UI is not ready; the link applies when it is (the newest such link wins).
    case notReady
    /// The route needs a signed-in user; the link applies after sign-in.
    case signInRequired
  }

  /// The link's destination was applied.
  case applied(Destination)
  /// The link waits, kept in the intake's ``LinkStorage`` until it can apply.
  case deferred(Deferral)
  /// A fallback handler took the link.
  case handledByFallback(handler: String)
  /// The link was not applied, for this reason.
  case refused(LinkRefusal)

  /// The destination, when the link was applied.
  public var appliedDestination: Destination? {
    if case .applied(let destination) = self { return destination }
    return nil
  }

  /// The refusal, when the link was refused.
  public var refusal: LinkRefusal? {
    if case .refused(let refusal) = self { return refusal }
    return nil
  }
}
