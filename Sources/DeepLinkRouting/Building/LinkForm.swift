/// Which kind of URL ``Router/url(for:_:query:fragment:form:)`` builds.
public enum LinkForm: Sendable, Hashable {
  /// An `https` link on the table's first host when it lists one, otherwise a custom-scheme link.
  case preferred
  /// An `https` link on the table's first host that is not a wildcard.
  case universalLink
  /// A link with the table's first custom scheme.
  case customScheme
  /// An `https` link on this host, which the table must admit (`shop.example.com` under `*.example.com`).
  /// A host given in Unicode (`chat.example.भारत`) is written in its ASCII form
  /// (`chat.example.xn--h2brj9c`), as browsers send it and `URL` reads it.
  case host(String)
  /// A link with this custom scheme, which the table must list.
  case scheme(String)
}
