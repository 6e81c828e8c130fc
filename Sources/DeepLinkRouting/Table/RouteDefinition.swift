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
  /// The parameter holding a nested link the router routes again, or `nil`: a `{name:link}`
  /// parameter of the pattern (`"follow": "target"` in a route file). The match of the nested link,
  /// resolved against this link when it is a path, is the answer, with this route in
  /// ``RouteMatch/followed``; see ``Router/maxFollowDepth``.
  public var follow: String?
  /// The hosts the route answers, or `nil` for every host the table lists: entries of
  /// ``RouteTable/hosts`` as the table writes them (`"hosts": ["a.example"]` in a route file), `@name`
  /// for the hosts of the table's group `name` (``RouteTable/hostGroups``), or `["*"]` for any web
  /// host, including hosts the table does not list. A link on another host does not reach the route;
  /// the next route in precedence order is tried.
  public var hosts: [String]?
  /// The schemes the route answers, or `nil` for every scheme the table reads: each one a scheme of
  /// ``RouteTable/schemes``, or `https` when the table lists hosts (`"schemes": ["https"]` in a route
  /// file).
  public var schemes: [String]?
  /// Values the route adds to each of its matches, never read from the link (`"constants":
  /// {"initialTab": "reviews"}` in a route file, which takes text, numbers, `true` and `false`).
  ///
  /// They follow the pattern's values in ``RouteMatch/parameters``, sorted by name, so a destination
  /// reads them as it reads a parameter; a query item of the same name stays in ``RouteMatch/query``
  /// and cannot change them. A name may not be one of the pattern's parameters. A link built for the
  /// route does not carry them: building takes no value for a constant, or the same one.
  public var constants: [String: ParameterValue] = [:]
  /// What a chat app or social network shows for a link to this route (Open Graph and Twitter card
  /// tags on the web site's page for it), or `nil` for the site's plain page: `"preview"` in a route
  /// file, which only `deeplink site` reads. The ``Router`` checks it when built; see ``LinkPreview``.
  package var preview: LinkPreview?

  /// Creates a route.
  ///
  /// ```swift
  /// RouteDefinition("clip", "/channel/video/{clipId}")
  /// RouteDefinition("order", "/orders/{id:int}", requiresVerifiedLink: true, requiresSignIn: true)
  /// RouteDefinition("deepLink", "/deep-link?url={target:link}", follow: "target")
  /// RouteDefinition("webPage", "/{path*}", hosts: ["*"], schemes: ["http", "https"])
  /// RouteDefinition("reviews", "/shop/{id:int}/reviews", constants: ["initialTab": .string("reviews")])
  /// ```
  ///
  /// - Parameters:
  ///   - name: The route's name, unique in its table.
  ///   - pattern: The pattern text.
  ///   - requiresVerifiedLink: Whether only verified web links may open it.
  ///   - requiresSignIn: Whether it needs a signed-in user.
  ///   - follow: The `{name:link}` parameter whose nested link the router routes again, or `nil`.
  ///   - hosts: The hosts the route answers (table entries, or `["*"]` for any host), or `nil` for all.
  ///   - schemes: The schemes the route answers, or `nil` for all.
  ///   - constants: The values the route adds to its matches, by name.
  public init(
    _ name: String, _ pattern: String, requiresVerifiedLink: Bool = false, requiresSignIn: Bool = false,
    follow: String? = nil, hosts: [String]? = nil, schemes: [String]? = nil,
    constants: [String: ParameterValue] = [:]
  ) {
    self.name = name
    self.pattern = pattern
    self.requiresVerifiedLink = requiresVerifiedLink
    self.requiresSignIn = requiresSignIn
    self.follow = follow
    self.hosts = hosts
    self.schemes = schemes
    self.constants = constants
  }

  private enum CodingKeys: String, CodingKey {
    case name, pattern, requiresVerifiedLink, requiresSignIn, follow, hosts, schemes, constants, preview
  }

  /// Decodes a route; a route encoded without `constants` has none.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's error for a missing or ill-typed field.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .name), try container.decode(String.self, forKey: .pattern),
      requiresVerifiedLink: try container.decode(Bool.self, forKey: .requiresVerifiedLink),
      requiresSignIn: try container.decode(Bool.self, forKey: .requiresSignIn),
      follow: try container.decodeIfPresent(String.self, forKey: .follow),
      hosts: try container.decodeIfPresent([String].self, forKey: .hosts),
      schemes: try container.decodeIfPresent([String].self, forKey: .schemes),
      constants: try container.decodeIfPresent([String: ParameterValue].self, forKey: .constants) ?? [:])
    preview = try container.decodeIfPresent(LinkPreview.self, forKey: .preview)
  }

  /// Creates a route with a link preview, as a route file's `"preview"` gives it.
  ///
  /// - Parameters:
  ///   - name: The route's name, unique in its table.
  ///   - pattern: The pattern text.
  ///   - requiresVerifiedLink: Whether only verified web links may open it.
  ///   - requiresSignIn: Whether it needs a signed-in user.
  ///   - follow: The `{name:link}` parameter whose nested link the router routes again, or `nil`.
  ///   - hosts: The hosts the route answers (table entries, or `["*"]` for any host), or `nil` for all.
  ///   - schemes: The schemes the route answers, or `nil` for all.
  ///   - constants: The values the route adds to its matches, by name.
  ///   - preview: The link preview, checked when the ``Router`` is built, or `nil`.
  package init(
    _ name: String, _ pattern: String, requiresVerifiedLink: Bool = false, requiresSignIn: Bool = false,
    follow: String? = nil, hosts: [String]? = nil, schemes: [String]? = nil,
    constants: [String: ParameterValue] = [:], preview: LinkPreview?
  ) {
    self.init(
      name, pattern, requiresVerifiedLink: requiresVerifiedLink, requiresSignIn: requiresSignIn,
      follow: follow, hosts: hosts, schemes: schemes, constants: constants)
    self.preview = preview
  }
}
