/// Where a link points: a custom URL scheme, or a web host (a Universal Link or App Link).
///
/// The origin is read from the URL itself. Whether the operating system verified a web link for the
/// app is a property of how the link arrived, which the intake records separately.
public enum LinkOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
  /// A custom-scheme link such as `myapp://channel/video/1`; the scheme is lower-cased.
  case customScheme(String)
  /// An `http` or `https` link; the host is lower-cased and carries its port when the URL named one.
  case universalLink(host: String)

  /// `scheme:` for a custom scheme, or the host of a web link.
  public var description: String {
    switch self {
    case .customScheme(let scheme): "\(scheme):"
    case .universalLink(let host): host
    }
  }
}
