/// One `<intent-filter>` of an Android app for links: its schemes, hosts and paths, and whether it
/// asks Android to verify its hosts (`android:autoVerify`).
///
/// Android combines every `<data>` element of one filter: a link opens the app when its scheme is one
/// of ``schemes``, its host one of ``hosts`` and its path matches one of ``paths``, whichever elements
/// they came from. So two routes on different hosts need two filters, or each opens on the other's
/// host. A filter without hosts reads no path: every link of its schemes opens it; a filter with
/// hosts but without paths opens every path of its hosts.
///
/// ```swift
/// let filter = AndroidIntentFilter(
///   schemes: ["https"], hosts: [.init(host: "example.com")],
///   paths: [AndroidPathPattern(.advancedGlob, "/channel/video/[^/]+")], autoVerify: true)
/// filter.opens("https://example.com/channel/video/42")  // true
/// ```
public struct AndroidIntentFilter: Hashable, Sendable {
  /// One `android:host` with its `android:port`.
  public struct Authority: Hashable, Sendable, CustomStringConvertible {
    /// The host: `example.com`, `*.example.com` (its subdomains, not itself), or `*` (any host).
    public var host: String
    /// The port, or `nil` for any port.
    public var port: Int?

    /// Creates an authority.
    ///
    /// - Parameters:
    ///   - host: The host, lower case (Android asks for lower case).
    ///   - port: The port, or `nil` for any.
    public init(host: String, port: Int? = nil) {
      self.host = host
      self.port = port
    }

    /// `example.com` or `example.com:8443`.
    public var description: String { host + (port.map { ":\($0)" } ?? "") }

    /// Whether Android admits a link's host and port with this entry: a leading `*` keeps the rest
    /// as a suffix (`*.example.com` admits `a.example.com`, not `example.com`; `*` admits any host),
    /// compared without ASCII case, as `IntentFilter.AuthorityEntry` compares.
    func admits(host linkHost: String, port linkPort: Int?) -> Bool {
      if let port, port != linkPort { return false }
      let wild = host.hasPrefix("*")
      let expected = Array((wild ? String(host.dropFirst()) : host).utf16)
      var actual = Array(linkHost.utf16)
      if wild {
        guard actual.count >= expected.count else { return false }
        actual = Array(actual.suffix(expected.count))
      }
      return actual.count == expected.count
        && zip(actual, expected).allSatisfy { Self.fold($0) == Self.fold($1) }
    }

    private static func fold(_ unit: UInt16) -> UInt16 {
      unit >= 65 && unit <= 90 ? unit + 32 : unit
    }
  }

  /// The schemes (`android:scheme`), lower case; Android compares them exactly.
  public var schemes: [String]
  /// The hosts (`android:host`, `android:port`).
  public var hosts: [Authority]
  /// The path conditions; a link's path must match one.
  public var paths: [AndroidPathPattern]
  /// Whether the filter asks Android to verify its hosts (`android:autoVerify="true"`).
  public var autoVerify: Bool
  /// The routes the filter is for, in table order (written as comments).
  public var routes: [String]
  /// Whether the filter has `action.VIEW` and the categories `DEFAULT` and `BROWSABLE`, which a link
  /// from a browser needs; `true` for generated filters.
  public var isBrowsable: Bool

  /// Creates a filter.
  ///
  /// - Parameters:
  ///   - schemes: The schemes.
  ///   - hosts: The hosts.
  ///   - paths: The path conditions.
  ///   - autoVerify: Whether Android verifies the hosts.
  ///   - routes: The routes the filter is for.
  ///   - isBrowsable: Whether the filter has `action.VIEW`, `DEFAULT` and `BROWSABLE`.
  public init(
    schemes: [String], hosts: [Authority], paths: [AndroidPathPattern], autoVerify: Bool,
    routes: [String] = [], isBrowsable: Bool = true
  ) {
    self.schemes = schemes
    self.hosts = hosts
    self.paths = paths
    self.autoVerify = autoVerify
    self.routes = routes
    self.isBrowsable = isBrowsable
  }

  /// Whether Android opens the app with this filter for a link, as `IntentFilter.matchData` decides:
  /// the scheme exactly, the host without case, the port if given, and the decoded path against
  /// each condition. A malformed advanced pattern matches nothing (Android refuses the manifest).
  ///
  /// - Parameter link: An absolute link such as `https://example.com/p/1` or `myapp://p/1`.
  /// - Returns: Whether the filter matches it.
  public func opens(_ link: String) -> Bool {
    guard isBrowsable, let uri = AndroidURI(link) else { return false }
    return opens(uri)
  }

  func opens(_ uri: AndroidURI) -> Bool {
    guard isBrowsable, schemes.contains(uri.scheme) else { return false }
    guard !hosts.isEmpty else { return true }
    guard let host = uri.host, hosts.contains(where: { $0.admits(host: host, port: uri.port) }) else {
      return false
    }
    guard !paths.isEmpty else { return true }
    return paths.contains { (try? $0.matches(uri.path)) == true }
  }
}

/// A link split as `android.net.Uri` splits it: the scheme as written, the host of the authority
/// (after any user info, before the port), the port, and the path percent-decoded.
struct AndroidURI: Hashable, Sendable {
  var scheme: String
  var host: String?
  var port: Int?
  var path: String

  init?(_ link: String) {
    guard let colon = link.firstIndex(of: ":"), colon > link.startIndex else { return nil }
    scheme = String(link[..<colon])
    guard scheme.first?.isLetter == true else { return nil }
    var rest = link[link.index(after: colon)...]
    if let end = rest.firstIndex(where: { $0 == "#" }) { rest = rest[..<end] }
    if let end = rest.firstIndex(where: { $0 == "?" }) { rest = rest[..<end] }
    if rest.hasPrefix("//") {
      let authorityStart = rest.index(rest.startIndex, offsetBy: 2)
      let authorityEnd = rest[authorityStart...].firstIndex(of: "/") ?? rest.endIndex
      var authority = rest[authorityStart..<authorityEnd]
      if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
      var hostPart = authority
      if let portColon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
        hostPart = authority[..<portColon]
        port = Int(authority[authority.index(after: portColon)...])
      }
      host = hostPart.isEmpty ? nil : Self.decode(String(hostPart))
      rest = rest[authorityEnd...]
    }
    path = Self.decode(String(rest))
  }

  /// Percent-decoding as `Uri.decode` does: `%XX` sequences as UTF-8, a malformed one kept as it is,
  /// invalid UTF-8 read as U+FFFD; `+` stays `+`.
  static func decode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    let source = Array(text.utf8)
    var index = 0
    func hex(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    while index < source.count {
      if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
        let high = hex(source[index + 1]), let low = hex(source[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension AndroidIntentFilter {
  /// Whether a text is an absolute link Android can match: a scheme, `:`, and the rest.
  ///
  /// - Parameter link: The text.
  /// - Returns: Whether ``opens(_:)`` can read it.
  public static func isAbsoluteLink(_ link: String) -> Bool {
    AndroidURI(link) != nil
  }

  /// The first path condition that opens the app for a link, or `nil` when none does or the filter
  /// opens it without reading the path (no hosts, or no paths).
  ///
  /// - Parameter link: An absolute link.
  /// - Returns: The condition.
  public func openingCondition(_ link: String) -> AndroidPathPattern? {
    guard let uri = AndroidURI(link), opens(uri), !hosts.isEmpty else { return nil }
    return paths.first { (try? $0.matches(uri.path)) == true }
  }
}
