extension RouteTable {
  /// How a table compares the names of a link's query items with the keys its patterns declare
  /// (`"queryKeys"` in a route file).
  ///
  /// Only names are affected: values, literal values (`?ref=failed_payment`) and path literals compare
  /// as before.
  public enum QueryKeys: String, Sendable, Hashable, Codable, CaseIterable {
    /// Names compare byte for byte: `?Q=shoes` is not the item `q` (the default).
    case exact
    /// Names compare without ASCII and Unicode case (both sides lower-cased): `?Q=shoes` and
    /// `?q=shoes` are the same item, and the first of them in the link is the one read. The open
    /// query dictionary (`{name*}`) then holds lower-cased names.
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
