import DeepLinkRouting

/// What happened to one link, at one moment: the event ``LinkIntake/onOutcome`` reports.
///
/// A link gets an event when it arrives, and a link that waited gets another when it is applied or
/// reported superseded at ``LinkIntake/markReady()``, after ``LinkIntake/signIn()``, or dropped at
/// ``LinkIntake/signOut()``. So a campaign link that opens the app from cold reports
/// `waitingForReady` on arrival, then `applied` at `markReady`, with the same ``link`` (the same id).
///
/// ```swift
/// intake.onOutcome = { event in
///   guard let campaign = event.campaign["utm_campaign"] else { return }
///   analytics.count(campaign: campaign, route: event.route, applied: event.outcome.appliedDestination != nil)
/// }
/// ```
public struct LinkEvent<Destination: Sendable>: Sendable {
  /// When something happened to the link.
  public enum Moment: String, Sendable, Hashable, CustomStringConvertible {
    /// The link arrived (``LinkIntake/receive(_:)-(IncomingLink)``).
    case arrival
    /// The link had waited and ``LinkIntake/markReady()`` applied or superseded it.
    case markReady
    /// The link had waited for sign-in and ``LinkIntake/signIn()`` applied or superseded it.
    case signIn
    /// The link had waited for sign-in and ``LinkIntake/signOut()`` dropped it.
    case signOut

    /// The moment's name, such as `markReady`.
    public var description: String { rawValue }
  }

  /// The link as it reached the app: its id, text, source, referrer and time of arrival.
  public var link: IncomingLink
  /// What the intake did with it.
  public var outcome: IntakeOutcome<Destination>
  /// When.
  public var moment: Moment
  /// The link that was routed: ``link`` itself, or the link a fallback handler turned it into (a
  /// tracking link's click-through URL, whose `utm_*` items are usually the ones that count).
  public var routed: IncomingLink
  /// The route that matched ``routed``, if one did.
  public var match: RouteMatch?

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - link: The link as it reached the app.
  ///   - outcome: What the intake did with it.
  ///   - moment: When.
  ///   - routed: The link that was routed (``link`` or its successor).
  ///   - match: The route match of `routed`, if any.
  public init(
    link: IncomingLink, outcome: IntakeOutcome<Destination>, moment: Moment, routed: IncomingLink,
    match: RouteMatch?
  ) {
    self.link = link
    self.outcome = outcome
    self.moment = moment
    self.routed = routed
    self.match = match
  }

  /// The name of the route that matched, if one did.
  public var route: String? { match?.route }
  /// The typed values of the route's parameters (empty when no route matched).
  public var parameters: RouteParameters { match?.parameters ?? [:] }
  /// The query items the route's pattern did not declare, in the order of the link.
  public var query: [QueryItem] { match?.query ?? [] }
  /// The undeclared query items whose name starts with `utm_`, by name (the first of a repeated name).
  public var campaign: [String: String] {
    var items: [String: String] = [:]
    for item in query where item.name.hasPrefix("utm_") && items[item.name] == nil {
      items[item.name] = item.value
    }
    return items
  }
}

extension LinkEvent: CustomStringConvertible {
  /// The event in one line: when, the link's source and text, what happened, the link routed when a
  /// fallback handler turned it into another, and the match, such as
  /// `arrival customScheme myapp://clip/1: applied clip("1"); route 'clip': id=1; origin: myapp:`.
  public var description: String {
    var text = "\(moment) \(link.source) \(link.url): "
    switch outcome {
    case .applied(let destination): text += "applied \(destination)"
    case .waitingForReady: text += "waiting for the UI"
    case .waitingForSignIn: text += "waiting for sign-in"
    case .handledByFallback(let handler): text += "handled by fallback '\(handler)'"
    case .refused(let refusal): text += "refused (\(refusal.identifier)): \(refusal)"
    }
    if routed.id != link.id { text += "; routed \(routed.url)" }
    if let match { text += "; \(match)" }
    return text
  }
}
