/// The one declaration of every link an app handles: schemes, hosts, routes and reading options
/// (``Options``).
///
/// The same table drives matching (``Router``), URL building, the generated
/// `apple-app-site-association` and `assetlinks.json` files, and the audit of URL lists. Declare it in
/// Swift or load it from a JSON route file with `RouteTable(json:)` of the `RouteFiles` module:
///
/// ```json
/// {
///   "schemes": ["myapp"],
///   "hosts": ["example.com", "*.example.com"],
///   "caseInsensitive": false,
///   "routes": [
///     {"name": "clip", "pattern": "/channel/video/{clipId}"},
///     {"name": "search", "pattern": "/channel/search/{query}"}
///   ]
/// }
/// ```
public struct RouteTable: Sendable, Hashable {
  /// The custom schemes the app answers to (`myapp`), compared case-insensitively. List `http` to
  /// accept plain-http web links too; `https` is implied by ``hosts``.
  public var schemes: [String]
  /// The web hosts of the app's Universal Links: `example.com`, `*.example.com` (subdomains, not the
  /// apex), or either with a port (`localhost:8080`). Compared case-insensitively; each host once, in
  /// whichever spelling (`chat.example.भारत` or `chat.example.xn--h2brj9c`).
  public var hosts: [String]
  /// Named lists of the table's hosts, declared once and named by routes as `@name` in
  /// ``RouteDefinition/hosts`` (`"hostGroups": {"shop": ["shop.example", "www.shop.example"]}` in a
  /// route file). A route's `["@shop"]` means exactly `["shop.example", "www.shop.example"]`: a name
  /// of letters, digits, `-`, `_` and `.`; at least one host, each one of ``hosts``, once. The
  /// ``Router`` puts each group's hosts in its place when it is built, so ``Router/table`` lists the
  /// hosts themselves.
  public var hostGroups: [String: [String]] = [:]
  /// The app-defined kinds of value, by name, that patterns use as `{code:sku}` (see ``ValueKind``).
  public var kinds: [String: ValueKind] = [:]
  /// The routes.
  public var routes: [RouteDefinition]
  /// How the table reads links and the limits on one link (see ``Options``).
  public var options: Options

  /// Creates a route table.
  ///
  /// - Parameters:
  ///   - schemes: The custom schemes, such as `["myapp"]`.
  ///   - hosts: The web hosts, such as `["example.com"]`.
  ///   - hostGroups: Named lists of those hosts that routes name as `@name`.
  ///   - options: How links are read, and the limits on one link.
  ///   - kinds: The app-defined kinds of value patterns may use, by name.
  ///   - routes: The routes.
  public init(
    schemes: [String] = [],
    hosts: [String] = [],
    hostGroups: [String: [String]] = [:],
    options: Options = .default,
    kinds: [String: ValueKind] = [:],
    routes: [RouteDefinition]
  ) {
    self.schemes = schemes
    self.hosts = hosts
    self.hostGroups = hostGroups
    self.options = options
    self.kinds = kinds
    self.routes = routes
  }
}
