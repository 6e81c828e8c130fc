/// What the intake did with one link.
public enum IntakeOutcome<Destination: Sendable>: Sendable {
  /// The link's destination was applied.
  case applied(Destination)
  /// The UI is not ready: the link is kept in the intake's ``LinkStorage`` and applies at
  /// ``LinkIntake/markReady()`` (the newest such link wins).
  case waitingForReady
  /// The route needs a signed-in user: the link is kept in the intake's ``LinkStorage`` and applies
  /// after ``LinkIntake/signIn()``.
  case waitingForSignIn
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
