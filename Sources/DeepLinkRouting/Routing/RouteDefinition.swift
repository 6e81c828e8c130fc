/// One entry of a ``RouteTable``: a name and the pattern it answers to, with its access rules.
public struct RouteDefinition: Sendable, Hashable, Codable {
  /// The route's name, unique in its table (`clip`, `search`).
  public var name: String
  /// The pattern text, such as `/channel/video/{clipId}`.
  public var pattern: String
  /// Whether the route only accepts web links that the system verified for the app (Universal
  /// Links, App Links), refusing the same path through a custom scheme, which any app can claim.
  public var requiresVerifiedLink: Bool
  /// Whether the route needs a signed-in user; the intake parks such links until sign-in.
  public var requiresSignIn: Bool

  /// Creates a route.
  ///
  /// - Parameters:
  ///   - name: The route's name, unique in its table.
  ///   - pattern: The pattern text.
  ///   - requiresVerifiedLink: Whether only verified web links may open it.
  ///   - requiresSignIn: Whether it needs a signed-in user.
  public init(
    _ name: String, _ pattern: String, requiresVerifiedLink: Bool = false, requiresSignIn: Bool = false
  ) {
    self.name = name
    self.pattern = pattern
    self.requiresVerifiedLink = requiresVerifiedLink
    self.requiresSignIn = requiresSignIn
  }
}
