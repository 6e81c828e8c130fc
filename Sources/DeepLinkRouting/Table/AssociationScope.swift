/// Whether a route belongs in the association file (`apple-app-site-association`) of a domain.
package enum AssociationScope: Sendable, Hashable {
  /// The route answers `https` links on the domain.
  case included
  /// The route answers only these hosts, which do not include the domain (or, for the file served on
  /// every host, only some hosts): it belongs in their files.
  case otherHosts([String])
  /// The route answers any host: no association file names every host, so it is in none.
  case anyHost
  /// The route answers only these schemes, not `https`.
  case noHTTPS([String])
}
