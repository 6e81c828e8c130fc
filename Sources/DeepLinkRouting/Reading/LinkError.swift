/// A link the router refused to read, with the rule it broke and where.
///
/// "No route" is not an error (``Router/match(_:)-(String)`` returns `nil`); a `LinkError` means the
/// text is not a link the table's rules accept: malformed, too large, from an unknown scheme or host,
/// or carrying something a link must not carry (user info, a control character).
///
/// ```
/// https://example.com/channel/video/%E0%A4%A: malformed percent escape at offset 34
/// ```
///
/// ``code`` says which rule was broken; the details that belong to it (``length``, ``limit``,
/// ``scheme``, ``host``, ``port``, ``codePoint``) are set for the codes that have them and `nil`
/// otherwise. New rules can be added as new codes without breaking callers: compare ``code`` with the
/// codes you handle and treat any other as a refused link in general.
///
/// ```swift
/// do {
///   _ = try router.match("https://example.com/video/42")
/// } catch {
///   if error.code == .unknownHost {
///     print("not our host: \(error.host ?? "")")
///   } else {
///     print(error)
///   }
/// }
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {

  /// The rule a link broke, with its details: what ``LinkError/init(url:offset:reason:)`` takes.
  ///
  /// Make one with the static member named like its code (`.tooLong(length: 3000, limit: 2048)`);
  /// read it back through the error's ``LinkError/code`` and detail properties.
  package struct Reason: Sendable, Hashable {
    fileprivate enum Rule: Sendable, Hashable {
      case empty
      case tooLong(length: Int, limit: Int)
      case relativeURL
      case unknownScheme(String)
      case unknownHost(String)
      case missingHost
      case invalidHost(String)
      case portNotAllowed(host: String, port: String)
      case invalidPort(String)
      case userInfoNotAllowed
      case invalidCharacter(UInt32)
      case malformedPercentEscape
      case invalidUTF8
      case forbiddenCharacter(UInt32)
      case tooManySegments(limit: Int)
      case tooManyQueryItems(limit: Int)
      case nestedLinkUnlisted(route: String, target: String)
      case nestedLinkLoop(route: String)
      case nestedLinkTooDeep(route: String, limit: Int)
      case nestedLinksTooMany(route: String, limit: Int)
      case nestedLinkInvalid(route: String, problem: String)
    }

    fileprivate let rule: Rule

    private init(_ rule: Rule) {
      self.rule = rule
    }

    /// The text is empty: code `empty`.
    package static let empty = Reason(.empty)
    /// The text is `length` bytes, over the table's `limit`: code `tooLong`.
    package static func tooLong(length: Int, limit: Int) -> Reason {
      Reason(.tooLong(length: length, limit: limit))
    }
    /// The text has no scheme: code `relativeURL`.
    package static let relativeURL = Reason(.relativeURL)
    /// The scheme is not in the route table: code `unknownScheme`.
    package static func unknownScheme(_ scheme: String) -> Reason { Reason(.unknownScheme(scheme)) }
    /// The host of a web link is not in the route table: code `unknownHost`.
    package static func unknownHost(_ host: String) -> Reason { Reason(.unknownHost(host)) }
    /// A web link without a host: code `missingHost`.
    package static let missingHost = Reason(.missingHost)
    /// A host with characters a host name cannot have: code `invalidHost`.
    package static func invalidHost(_ host: String) -> Reason { Reason(.invalidHost(host)) }
    /// A port the table does not list for `host`: code `portNotAllowed`.
    package static func portNotAllowed(host: String, port: String) -> Reason {
      Reason(.portNotAllowed(host: host, port: port))
    }
    /// A port that is not a number from 0 to 65535: code `invalidPort`.
    package static func invalidPort(_ port: String) -> Reason { Reason(.invalidPort(port)) }
    /// A user name or password in the link: code `userInfoNotAllowed`.
    package static let userInfoNotAllowed = Reason(.userInfoNotAllowed)
    /// A raw character a URL cannot hold, by its code point: code `invalidCharacter`.
    package static func invalidCharacter(_ codePoint: UInt32) -> Reason {
      Reason(.invalidCharacter(codePoint))
    }
    /// A `%` not followed by two hex digits: code `malformedPercentEscape`.
    package static let malformedPercentEscape = Reason(.malformedPercentEscape)
    /// Percent escapes that decode to invalid UTF-8: code `invalidUTF8`.
    package static let invalidUTF8 = Reason(.invalidUTF8)
    /// A decoded control or bidirectional-formatting character, by its code point: code
    /// `forbiddenCharacter`.
    package static func forbiddenCharacter(_ codePoint: UInt32) -> Reason {
      Reason(.forbiddenCharacter(codePoint))
    }
    /// More path segments than the table's `limit`: code `tooManySegments`.
    package static func tooManySegments(limit: Int) -> Reason { Reason(.tooManySegments(limit: limit)) }
    /// More query items than the table's `limit`: code `tooManyQueryItems`.
    package static func tooManyQueryItems(limit: Int) -> Reason { Reason(.tooManyQueryItems(limit: limit)) }
    /// The nested link the route follows names a host or scheme (`target`) the table does not list:
    /// code `nestedLinkUnlisted`.
    package static func nestedLinkUnlisted(route: String, target: String) -> Reason {
      Reason(.nestedLinkUnlisted(route: route, target: target))
    }
    /// The nested link leads back to a route already followed for this link: code `nestedLinkLoop`.
    package static func nestedLinkLoop(route: String) -> Reason { Reason(.nestedLinkLoop(route: route)) }
    /// The route holds one nested link more than `limit`: code `nestedLinkTooDeep`.
    package static func nestedLinkTooDeep(route: String, limit: Int) -> Reason {
      Reason(.nestedLinkTooDeep(route: route, limit: limit))
    }
    /// The route holds a nested link past the `limit` one link may route in all, across the routes it
    /// matches and the links nested in theirs: code `nestedLinksTooMany`.
    package static func nestedLinksTooMany(route: String, limit: Int) -> Reason {
      Reason(.nestedLinksTooMany(route: route, limit: limit))
    }
    /// The nested link the route follows breaks a reading rule (`problem`): code `nestedLinkInvalid`.
    package static func nestedLinkInvalid(route: String, problem: String) -> Reason {
      Reason(.nestedLinkInvalid(route: route, problem: problem))
    }
  }

  /// The link as given.
  public var url: String
  /// The byte offset in ``url`` where the problem is, when it has one place.
  public var offset: Int?
  /// The rule that was broken, with its details.
  package var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - url: The link as given.
  ///   - offset: The byte offset of the problem, if it has one place.
  ///   - reason: The rule that was broken.
  package init(url: String, offset: Int? = nil, reason: Reason) {
    self.url = url
    self.offset = offset
    self.reason = reason
  }

  /// Which rule was broken.
  public var code: ErrorCode<LinkError> {
    switch reason.rule {
    case .empty: .empty
    case .tooLong: .tooLong
    case .relativeURL: .relativeURL
    case .unknownScheme: .unknownScheme
    case .unknownHost: .unknownHost
    case .missingHost: .missingHost
    case .invalidHost: .invalidHost
    case .portNotAllowed: .portNotAllowed
    case .invalidPort: .invalidPort
    case .userInfoNotAllowed: .userInfoNotAllowed
    case .invalidCharacter: .invalidCharacter
    case .malformedPercentEscape: .malformedPercentEscape
    case .invalidUTF8: .invalidUTF8
    case .forbiddenCharacter: .forbiddenCharacter
    case .tooManySegments: .tooManySegments
    case .tooManyQueryItems: .tooManyQueryItems
    case .nestedLinkUnlisted: .nestedLinkUnlisted
    case .nestedLinkLoop: .nestedLinkLoop
    case .nestedLinkTooDeep: .nestedLinkTooDeep
    case .nestedLinksTooMany: .nestedLinksTooMany
    case .nestedLinkInvalid: .nestedLinkInvalid
    }
  }

  /// The route whose nested link broke a rule, for `nestedLinkUnlisted`, `nestedLinkLoop`,
  /// `nestedLinkTooDeep`, `nestedLinksTooMany` and `nestedLinkInvalid`; `nil` otherwise.
  public var route: String? {
    switch reason.rule {
    case .nestedLinkUnlisted(let route, _), .nestedLinkLoop(let route), .nestedLinkTooDeep(let route, _),
      .nestedLinksTooMany(let route, _), .nestedLinkInvalid(let route, _):
      route
    default: nil
    }
  }

  /// The link's length in bytes, for `tooLong`; `nil` otherwise.
  public var length: Int? {
    guard case .tooLong(let length, _) = reason.rule else { return nil }
    return length
  }

  /// The table's limit that was passed, for `tooLong` (bytes), `tooManySegments`,
  /// `tooManyQueryItems`, `nestedLinkTooDeep` (nested links in a chain) and `nestedLinksTooMany`
  /// (nested links in all); `nil` otherwise.
  public var limit: Int? {
    switch reason.rule {
    case .tooLong(_, let limit), .tooManySegments(let limit), .tooManyQueryItems(let limit),
      .nestedLinkTooDeep(_, let limit), .nestedLinksTooMany(_, let limit):
      limit
    default: nil
    }
  }

  /// The scheme the table does not list, for `unknownScheme`; `nil` otherwise.
  public var scheme: String? {
    guard case .unknownScheme(let scheme) = reason.rule else { return nil }
    return scheme
  }

  /// The host at fault, for `unknownHost`, `invalidHost` and `portNotAllowed`, and the host or
  /// `scheme:` of the nested link for `nestedLinkUnlisted`; `nil` otherwise.
  public var host: String? {
    switch reason.rule {
    case .unknownHost(let host), .invalidHost(let host), .portNotAllowed(let host, _),
      .nestedLinkUnlisted(_, let host):
      host
    default: nil
    }
  }

  /// The port as written, for `portNotAllowed` and `invalidPort`; `nil` otherwise.
  public var port: String? {
    switch reason.rule {
    case .portNotAllowed(_, let port), .invalidPort(let port): port
    default: nil
    }
  }

  /// The Unicode code point of the character at fault, for `invalidCharacter` and
  /// `forbiddenCharacter`; `nil` otherwise.
  public var codePoint: UInt32? {
    switch reason.rule {
    case .invalidCharacter(let value), .forbiddenCharacter(let value): value
    default: nil
    }
  }

  /// The broken rule in words, with its position, without the link itself.
  public var message: String {
    let place = offset.map { " at offset \($0)" } ?? ""
    switch reason.rule {
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
    case .nestedLinkUnlisted(let route, let target):
      return "route '\(route)' holds a link to '\(target)', which the route table does not list"
    case .nestedLinkLoop(let route):
      return "route '\(route)' holds a link that leads back to route '\(route)' (a redirect loop)"
    case .nestedLinkTooDeep(let route, let limit):
      return "route '\(route)' holds a link nested more than \(limit) deep"
    case .nestedLinksTooMany(let route, let limit):
      return "route '\(route)' holds a nested link beyond the \(limit) that one link may route in all"
    case .nestedLinkInvalid(let route, let problem): return "route '\(route)' holds a link that \(problem)"
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

extension ErrorCode where Subject == LinkError {
  /// The text is empty.
  public static let empty = Self("empty")
  /// The text is longer than the table's limit, in bytes; see ``LinkError/length`` and
  /// ``LinkError/limit``.
  public static let tooLong = Self("too-long")
  /// The text has no scheme: a relative URL or plain text.
  public static let relativeURL = Self("relative-url")
  /// The scheme is not one the route table lists; see ``LinkError/scheme``.
  public static let unknownScheme = Self("unknown-scheme")
  /// A web link whose host is not one the route table lists; see ``LinkError/host``.
  public static let unknownHost = Self("unknown-host")
  /// A web link without a host (`https:/path`, `https:///path`).
  public static let missingHost = Self("missing-host")
  /// A host with characters a host name cannot have (use punycode for international names); see
  /// ``LinkError/host``.
  public static let invalidHost = Self("invalid-host")
  /// A port the route table does not list for this host, or a port on a custom-scheme link; see
  /// ``LinkError/host`` and ``LinkError/port``.
  public static let portNotAllowed = Self("port-not-allowed")
  /// A port that is not a number from 0 to 65535; see ``LinkError/port``.
  public static let invalidPort = Self("invalid-port")
  /// A user name or password in the link (`https://user@example.com/`), refused as a spoofing aid.
  public static let userInfoNotAllowed = Self("user-info")
  /// A raw character a URL cannot hold (a space, a control character); see ``LinkError/codePoint``.
  public static let invalidCharacter = Self("invalid-character")
  /// A `%` not followed by two hex digits.
  public static let malformedPercentEscape = Self("malformed-percent-escape")
  /// Percent escapes that decode to invalid UTF-8.
  public static let invalidUTF8 = Self("invalid-utf8")
  /// A decoded control or bidirectional-formatting character; see ``LinkError/codePoint``.
  public static let forbiddenCharacter = Self("forbidden-character")
  /// More path segments than the table's limit; see ``LinkError/limit``.
  public static let tooManySegments = Self("too-many-segments")
  /// More query items than the table's limit; see ``LinkError/limit``.
  public static let tooManyQueryItems = Self("too-many-query-items")
  /// A route that follows its nested link holds a link to a scheme or host the table does not list;
  /// see ``LinkError/route`` and ``LinkError/host``.
  public static let nestedLinkUnlisted = Self("nested-link-unlisted")
  /// A nested link leads back to a route already followed for the same link (a redirect loop); see
  /// ``LinkError/route``.
  public static let nestedLinkLoop = Self("nested-link-loop")
  /// Links nested deeper than ``Router/maxFollowDepth``; see ``LinkError/route`` and
  /// ``LinkError/limit``.
  public static let nestedLinkTooDeep = Self("nested-link-too-deep")
  /// More nested links routed for one link, across the routes it matches and the links nested in
  /// theirs, than ``Router/maxNestedLinks``; see ``LinkError/route`` and ``LinkError/limit``.
  public static let nestedLinksTooMany = Self("nested-links-too-many")
  /// A nested link that breaks a reading rule (malformed, too long); see ``LinkError/route``.
  public static let nestedLinkInvalid = Self("nested-link-invalid")
}
