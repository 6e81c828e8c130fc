extension RouteTable {
  /// How a table reads the authority of a custom-scheme link (`"customSchemeHost"` in a route file):
  /// `shop://www.shop.example/p/1`.
  public enum CustomSchemeHost: String, Sendable, Hashable, Codable, CaseIterable {
    /// The authority is the first path segment, whatever it is: `shop://p/1` reads as the path `/p/1`,
    /// and `shop://www.shop.example/p/1` as `/www.shop.example/p/1` (the default).
    case firstSegment
    /// An authority that is one of ``RouteTable/hosts`` is the link's host, as in a web link:
    /// `shop://www.shop.example/p/1` reads as host `www.shop.example`, path `/p/1`, the same routes as
    /// `https://www.shop.example/p/1`. Any other authority is the first path segment, as by default.
    /// The link is still a custom-scheme link (its origin is the scheme, never a verified link).
    case listed
  }
}
