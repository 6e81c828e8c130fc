/// A link the router refused to read, with the rule it broke and where.
///
/// "No route" is not an error (``Router/match(_:)-(String)`` returns `nil`); a `LinkError` means the
/// text is not a link the table's rules accept: malformed, too large, from an unknown scheme or host,
/// or carrying something a link must not carry (user info, a control character).
///
/// ```
/// https://example.com/channel/video/%E0%A4%A: malformed percent escape at offset 34
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The rule a link broke.
  public enum Reason: Sendable, Hashable {
    /// The text is empty.
    case empty
    /// The text is longer than the table's limit, in bytes.
    case tooLong(length: Int, limit: Int)
    /// The text has no scheme: a relative URL or plain text.
    case relativeURL
    /// The scheme is not one the route table lists.
    case unknownScheme(String)
    /// A web link whose host is not one the route table lists.
    case unknownHost(String)
    /// A web link without a host (`https:/path`, `https:///path`).
    case missingHost
    /// A host with characters a host name cannot have (use punycode for international names).
    case invalidHost(String)
    /// A port the route table does not list for this host, or a port on a custom-scheme link.
    case portNotAllowed(host: String, port: String)
    /// A port that is not a number from 0 to 65535.
    case invalidPort(String)
    /// A user name or password in the link (`https://user@example.com/`), refused as a spoofing aid.
    case userInfoNotAllowed
    /// A raw character a URL cannot hold (a space, a control character), by its code point.
    case invalidCharacter(UInt32)
    /// A `%` not followed by two hex digits.
    case malformedPercentEscape
    /// Percent escapes that decode to invalid UTF-8.
    case invalidUTF8
    /// A decoded control or bidirectional-formatting character, by its code point.
    case forbiddenCharacter(UInt32)
    /// More path segments than the table's limit.
    case tooManySegments(limit: Int)
    /// More query items than the table's limit.
    case tooManyQueryItems(limit: Int)
  }

  /// The link as given.
  public var url: String
  /// The byte offset in ``url`` where the problem is, when it has one place.
  public var offset: Int?
  /// The rule that was broken.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - url: The link as given.
  ///   - offset: The byte offset of the problem, if it has one place.
  ///   - reason: The rule that was broken.
  public init(url: String, offset: Int? = nil, reason: Reason) {
    self.url = url
    self.offset = offset
    self.reason = reason
  }

  /// A short, stable identifier of the rule, for grouping and logs (`unknown-host`, `too-long`, ...).
  public var code: String {
    switch reason {
    case .empty: "empty"
    case .tooLong: "too-long"
    case .relativeURL: "relative-url"
    case .unknownScheme: "unknown-scheme"
    case .unknownHost: "unknown-host"
    case .missingHost: "missing-host"
    case .invalidHost: "invalid-host"
    case .portNotAllowed: "port-not-allowed"
    case .invalidPort: "invalid-port"
    case .userInfoNotAllowed: "user-info"
    case .invalidCharacter: "invalid-character"
    case .malformedPercentEscape: "malformed-percent-escape"
    case .invalidUTF8: "invalid-utf8"
    case .forbiddenCharacter: "forbidden-character"
    case .tooManySegments: "too-many-segments"
    case .tooManyQueryItems: "too-many-query-items"
    }
  }

  /// The broken rule in words, with its position, without the link itself.
  public var message: String {
    let place = offset.map { " at offset \($0)" } ?? ""
    switch reason {
    case .empty: return "empty link"
    case .tooLong(let length, let limit): return "link is \(length) bytes, over the limit of \(limit)"
    case .relativeURL: return "not an absolute URL (no scheme)"
    case .unknownScheme(let scheme): return "scheme '\(scheme)' is not in the route table"
    case .unknownHost(let host): return "host '\(host)' is not in the route table"
    case .missingHost: return "web link without a host"
    case .invalidHost(let host): return "invalid host '\(host)'"
    case .portNotAllowed(let host, let port): return "port \(port) is not allowed for '\(host)'"
    case .invalidPort(let port): return "invalid port '\(port)'"
    case .userInfoNotAllowed: return "user name or password in a link is not allowed"
    case .invalidCharacter(let value): return "invalid character \(Self.codePoint(value))\(place)"
    case .malformedPercentEscape: return "malformed percent escape\(place)"
    case .invalidUTF8: return "percent escapes decode to invalid UTF-8\(place)"
    case .forbiddenCharacter(let value):
      return "forbidden character \(Self.codePoint(value)) after decoding\(place)"
    case .tooManySegments(let limit): return "more than \(limit) path segments"
    case .tooManyQueryItems(let limit): return "more than \(limit) query items"
    }
  }

  /// The link (shortened when long) followed by the broken rule.
  public var description: String {
    let shown = url.utf8.count > 200 ? String(url.prefix(200)) + "…" : url
    return "\(shown): \(message)"
  }

  static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
