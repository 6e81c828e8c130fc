import DeepLinkRouting
import Foundation

/// A scheme, host and port whose URLs are tracking links that redirect to the real destination.
///
/// Marketing SDKs wrap a campaign's click-through URL in a tracking link (a "creative tag" such as
/// `https://click.example.com/p/rp/abc123`). A ``TrackingLinkResolver`` follows redirects only while
/// they stay on one of its tracking origins, so the origin list is also the security boundary: no
/// request ever goes anywhere else.
///
/// Origins are `https` unless a string spells `http://` explicitly, which is meant for local test
/// servers:
///
/// ```swift
/// let production = try TrackingOrigin("click.example.com")  // https://click.example.com:443
/// let local = try TrackingOrigin("http://127.0.0.1:8123")
/// ```
public struct TrackingOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The lowercased scheme: `https`, or `http` when it was given explicitly.
  public let scheme: String
  /// The lowercased host name or IP address, without brackets for IPv6 literals.
  public let host: String
  /// The port, or `nil` for the scheme's default port (443 for `https`, 80 for `http`).
  public let port: Int?

  /// The port requests actually go to: the explicit port or the scheme's default.
  public var effectivePort: Int {
    port ?? (scheme == "http" ? 80 : 443)
  }

  /// The origin as a URL string, such as `https://click.example.com` or `http://127.0.0.1:8123`.
  public var description: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    if let port {
      return "\(scheme)://\(shownHost):\(port)"
    }
    return "\(scheme)://\(shownHost)"
  }

  /// Parses an origin from a string such as `https://click.example.com` or `http://127.0.0.1:8123`.
  ///
  /// A string without a scheme is taken as `https`. Only `http` and `https` are accepted; a path other
  /// than `/`, a query, a fragment or user information are refused, because an origin names a server,
  /// not a resource.
  ///
  /// - Parameter string: The origin to parse.
  /// - Throws: ``ParseError`` naming the input and what was wrong with it.
  public init(_ string: String) throws(ParseError) {
    let trimmed = string.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      throw ParseError(input: string, reason: .empty)
    }
    let withScheme = trimmed.contains("://") ? trimmed : "https://\(trimmed)"
    guard let components = URLComponents(string: withScheme) else {
      throw ParseError(input: string, reason: .malformed)
    }
    let scheme = (components.scheme ?? "").lowercased()
    guard scheme == "https" || scheme == "http" else {
      throw ParseError(input: string, reason: .unsupportedScheme(scheme))
    }
    guard let host = components.host, !host.isEmpty else {
      throw ParseError(input: string, reason: .missingHost)
    }
    if components.user != nil || components.password != nil {
      throw ParseError(input: string, reason: .unexpectedComponent("user information"))
    }
    if !components.path.isEmpty && components.path != "/" {
      throw ParseError(input: string, reason: .unexpectedComponent("path \(components.path)"))
    }
    if components.query != nil {
      throw ParseError(input: string, reason: .unexpectedComponent("query"))
    }
    if components.fragment != nil {
      throw ParseError(input: string, reason: .unexpectedComponent("fragment"))
    }
    if let port = components.port, !(1...65_535).contains(port) {
      throw ParseError(input: string, reason: .invalidPort(port))
    }
    self.scheme = scheme
    self.host = Self.normalizedHost(host)
    self.port = components.port
  }

  /// Tells whether a URL lives on this origin: same scheme, host (case-insensitive) and effective port.
  ///
  /// - Parameter url: The URL to test.
  /// - Returns: `true` when a request for `url` would go to this origin.
  public func contains(_ url: URL) -> Bool {
    guard let urlScheme = url.scheme?.lowercased(), urlScheme == scheme,
      let urlHost = url.host.map(Self.normalizedHost), urlHost == host
    else {
      return false
    }
    let urlPort = url.port ?? (urlScheme == "http" ? 80 : 443)
    return urlPort == effectivePort
  }

  static func normalizedHost(_ host: String) -> String {
    var host = host.lowercased()
    if host.hasPrefix("[") && host.hasSuffix("]") {
      host = String(host.dropFirst().dropLast())
    }
    return host
  }
}

extension TrackingOrigin {
  /// Why a string could not be parsed as a ``TrackingOrigin``.
  ///
  /// The ``description`` names the input and the reason, for example
  /// `invalid tracking origin "ftp://x": unsupported scheme "ftp" (use https, or http explicitly)`.
  /// ``code`` says what was wrong; ``scheme``, ``component`` and ``port`` are the details of the codes
  /// that have them, `nil` otherwise.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of reason made the string unusable.
    public let code: ErrorCode<TrackingOrigin.ParseError>
    /// The reason in words, without the input.
    private let explanation: String
    /// The string that was parsed.
    public private(set) var input = ""
    /// The scheme as given, lowercased, for `unsupportedScheme`; `nil` otherwise.
    public private(set) var scheme: String?
    /// The part an origin cannot have, such as `query` or `path /x`, for `unexpectedComponent`; `nil`
    /// otherwise.
    public private(set) var component: String?
    /// The port as given, for `invalidPort`; `nil` otherwise.
    public private(set) var port: Int?

    /// A one-line explanation naming the input and the reason.
    public var description: String {
      "invalid tracking origin \"\(input)\": \(explanation)"
    }

    /// The string was empty or only whitespace.
    package static let empty = Self(code: .empty, explanation: "empty")
    /// The string is not a URL.
    package static let malformed = Self(code: .malformed, explanation: "not a URL")
    /// The string names no host.
    package static let missingHost = Self(code: .missingHost, explanation: "no host")

    /// The scheme is neither `https` nor `http`.
    ///
    /// - Parameter scheme: The scheme as given, lowercased.
    /// - Returns: A reason with code `unsupportedScheme`.
    package static func unsupportedScheme(_ scheme: String) -> Self {
      Self(
        code: .unsupportedScheme,
        explanation: "unsupported scheme \"\(scheme)\" (use https, or http explicitly)", scheme: scheme)
    }

    /// The string carries a part an origin cannot have.
    ///
    /// - Parameter component: The part, such as `query` or `path /x`.
    /// - Returns: A reason with code `unexpectedComponent`.
    package static func unexpectedComponent(_ component: String) -> Self {
      Self(
        code: .unexpectedComponent, explanation: "an origin cannot have a \(component)", component: component)
    }

    /// The port is outside 1...65535.
    ///
    /// - Parameter port: The port as given.
    /// - Returns: A reason with code `invalidPort`.
    package static func invalidPort(_ port: Int) -> Self {
      Self(code: .invalidPort, explanation: "port \(port) is outside 1...65535", port: port)
    }
  }
}

extension TrackingOrigin.ParseError {
  /// Creates an error: the reason `reason` (made by one of the factories, such as
  /// ``unsupportedScheme(_:)``) for an input.
  ///
  /// - Parameters:
  ///   - input: The string that was parsed.
  ///   - reason: What was wrong with it, with its details; its own input is replaced.
  package init(input: String, reason: Self) {
    self = reason
    self.input = input
  }
}

extension ErrorCode where Subject == TrackingOrigin.ParseError {
  /// The string was empty or only whitespace.
  public static let empty = Self("empty")
  /// The string is not a URL.
  public static let malformed = Self("malformed")
  /// The scheme is neither `https` nor `http`; see ``TrackingOrigin/ParseError/scheme``.
  public static let unsupportedScheme = Self("unsupported-scheme")
  /// The string names no host.
  public static let missingHost = Self("missing-host")
  /// The string carries a part an origin cannot have (a path, query, fragment or user
  /// information); see ``TrackingOrigin/ParseError/component``.
  public static let unexpectedComponent = Self("unexpected-component")
  /// The port is outside 1...65535; see ``TrackingOrigin/ParseError/port``.
  public static let invalidPort = Self("invalid-port")
}
