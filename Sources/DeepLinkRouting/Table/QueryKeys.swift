extension RouteTable {
  /// How the router compares the names of a link's query items with the keys patterns declare: the
  /// rule ``RouteTable/Options/caseInsensitiveQueryKeys`` chooses.
  package enum QueryKeys: Sendable, Hashable {
    /// Names compare byte for byte.
    case exact
    /// Names compare lower-cased (ASCII and Unicode).
    case caseInsensitive

    /// A name as this setting compares it.
    func compared(_ name: String) -> String {
      switch self {
      case .exact: name
      case .caseInsensitive: name.lowercased()
      }
    }
  }
}
