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
  /// The broken rule and its details. They are shared by every copy of the error behind one
  /// reference, so that an error (and a result that may hold one) stays a few words wide.
  private struct Details: Hashable, Sendable {
    var code: ErrorCode<LinkError>
    var rule: String
    var route: String?
    var length: Int?
    var limit: Int?
    var scheme: String?
    var host: String?
    var port: String?
    var codePoint: UInt32?
    var namesOffset: Bool
  }

  /// The box the details are shared in.
  private final class Box: Sendable {
    let details: Details
    init(_ details: Details) { self.details = details }
  }

  private let box: Box

  /// Which rule was broken.
  public var code: ErrorCode<LinkError> { box.details.code }
  /// The broken rule in words, without its place.
  private var rule: String { box.details.rule }
  /// The route whose nested link broke a rule, for `nestedLinkUnlisted`, `nestedLinkLoop`,
  /// `nestedLinkTooDeep`, `nestedLinksTooMany` and `nestedLinkInvalid`; `nil` otherwise.
  public var route: String? { box.details.route }
  /// The link's length in bytes, for `tooLong`; `nil` otherwise.
  public var length: Int? { box.details.length }
  /// The table's limit that was passed, for `tooLong` (bytes), `tooManySegments`,
  /// `tooManyQueryItems`, `nestedLinkTooDeep` (nested links in a chain) and `nestedLinksTooMany`
  /// (nested links in all); `nil` otherwise.
  public var limit: Int? { box.details.limit }
  /// The scheme the table does not list, for `unknownScheme`; `nil` otherwise.
  public var scheme: String? { box.details.scheme }
  /// The host at fault, for `unknownHost`, `invalidHost` and `portNotAllowed`, and the host or
  /// `scheme:` of the nested link for `nestedLinkUnlisted`; `nil` otherwise.
  public var host: String? { box.details.host }
  /// The port as written, for `portNotAllowed` and `invalidPort`; `nil` otherwise.
  public var port: String? { box.details.port }
  /// The Unicode code point of the character at fault, for `invalidCharacter` and
  /// `forbiddenCharacter`; `nil` otherwise.
  public var codePoint: UInt32? { box.details.codePoint }
  /// The link as given.
  public var url = ""
  /// The byte offset in ``url`` where the problem is, when it has one place.
  public var offset: Int?
  /// Whether ``message`` names the offset: for the rules broken by one character or escape.
  private var namesOffset: Bool { box.details.namesOffset }

  /// An error that breaks rule `code`; the factories below make each one.
  private init(
    code: ErrorCode<LinkError>, rule: String, route: String? = nil, length: Int? = nil, limit: Int? = nil,
    scheme: String? = nil, host: String? = nil, port: String? = nil, codePoint: UInt32? = nil,
    namesOffset: Bool = false
  ) {
    box = Box(
      Details(
        code: code, rule: rule, route: route, length: length, limit: limit, scheme: scheme, host: host,
        port: port, codePoint: codePoint, namesOffset: namesOffset))
  }

  /// Whether two errors break the same rule, with the same details, at the same place in the same link.
  public static func == (left: LinkError, right: LinkError) -> Bool {
    left.url == right.url && left.offset == right.offset && left.box.details == right.box.details
  }

  /// Hashes the rule, its details, the link and the offset: the parts `==` compares.
  ///
  /// - Parameter hasher: The hasher to feed.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(box.details)
    hasher.combine(url)
    hasher.combine(offset)
  }

  /// The broken rule in words, with its position, without the link itself.
  public var message: String {
    guard namesOffset, let offset else { return rule }
    return "\(rule) at offset \(offset)"
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

extension LinkError {
  /// Creates an error: the broken rule `reason` (made by one of the factories, such as
  /// ``unknownHost(_:)``) at a place in a link.
  ///
  /// - Parameters:
  ///   - url: The link as given.
  ///   - offset: The byte offset of the problem, if it has one place.
  ///   - reason: The broken rule, with its details; its own link and offset are replaced.
  package init(url: String, offset: Int? = nil, reason: LinkError) {
    self = reason
    self.url = url
    self.offset = offset
  }
}

extension LinkError {
  /// The text is empty: code `empty`.
  package static let empty = LinkError(code: .empty, rule: "empty link")

  /// The text is `length` bytes, over the table's `limit`: code `tooLong`.
  package static func tooLong(length: Int, limit: Int) -> LinkError {
    LinkError(
      code: .tooLong, rule: "link is \(length) bytes, over the limit of \(limit)", length: length,
      limit: limit)
  }

  /// The text has no scheme: code `relativeURL`.
  package static let relativeURL = LinkError(code: .relativeURL, rule: "not an absolute URL (no scheme)")

  /// The scheme is not in the route table: code `unknownScheme`.
  package static func unknownScheme(_ scheme: String) -> LinkError {
    LinkError(code: .unknownScheme, rule: "scheme '\(scheme)' is not in the route table", scheme: scheme)
  }

  /// The host of a web link is not in the route table: code `unknownHost`.
  package static func unknownHost(_ host: String) -> LinkError {
    LinkError(code: .unknownHost, rule: "host '\(host)' is not in the route table", host: host)
  }

  /// A web link without a host: code `missingHost`.
  package static let missingHost = LinkError(code: .missingHost, rule: "web link without a host")

  /// A host with characters a host name cannot have, or without an ASCII form (`problem` says why):
  /// code `invalidHost`.
  package static func invalidHost(_ host: String, problem: String? = nil) -> LinkError {
    LinkError(
      code: .invalidHost, rule: "invalid host '\(host)'" + (problem.map { ": \($0)" } ?? ""), host: host)
  }

  /// A port the table does not list for `host`: code `portNotAllowed`.
  package static func portNotAllowed(host: String, port: String) -> LinkError {
    LinkError(
      code: .portNotAllowed, rule: "port \(port) is not allowed for '\(host)'", host: host, port: port)
  }

  /// A port that is not a number from 0 to 65535: code `invalidPort`.
  package static func invalidPort(_ port: String) -> LinkError {
    LinkError(code: .invalidPort, rule: "invalid port '\(port)'", port: port)
  }

  /// A user name or password in the link: code `userInfoNotAllowed`.
  package static let userInfoNotAllowed = LinkError(
    code: .userInfoNotAllowed, rule: "user name or password in a link is not allowed")

  /// A raw character a URL cannot hold, by its code point: code `invalidCharacter`.
  package static func invalidCharacter(_ codePoint: UInt32) -> LinkError {
    LinkError(
      code: .invalidCharacter, rule: "invalid character \(Self.codePoint(codePoint))", codePoint: codePoint,
      namesOffset: true)
  }

  /// A `%` not followed by two hex digits: code `malformedPercentEscape`.
  package static let malformedPercentEscape = LinkError(
    code: .malformedPercentEscape, rule: "malformed percent escape", namesOffset: true)

  /// Percent escapes that decode to invalid UTF-8: code `invalidUTF8`.
  package static let invalidUTF8 = LinkError(
    code: .invalidUTF8, rule: "percent escapes decode to invalid UTF-8", namesOffset: true)

  /// A decoded control or bidirectional-formatting character, by its code point: code
  /// `forbiddenCharacter`.
  package static func forbiddenCharacter(_ codePoint: UInt32) -> LinkError {
    LinkError(
      code: .forbiddenCharacter, rule: "forbidden character \(Self.codePoint(codePoint)) after decoding",
      codePoint: codePoint, namesOffset: true)
  }

  /// More path segments than the table's `limit`: code `tooManySegments`.
  package static func tooManySegments(limit: Int) -> LinkError {
    LinkError(code: .tooManySegments, rule: "more than \(limit) path segments", limit: limit)
  }

  /// More query items than the table's `limit`: code `tooManyQueryItems`.
  package static func tooManyQueryItems(limit: Int) -> LinkError {
    LinkError(code: .tooManyQueryItems, rule: "more than \(limit) query items", limit: limit)
  }

  /// The nested link the route follows names a host or scheme (`target`) the table does not list:
  /// code `nestedLinkUnlisted`.
  package static func nestedLinkUnlisted(route: String, target: String) -> LinkError {
    LinkError(
      code: .nestedLinkUnlisted,
      rule: "route '\(route)' holds a link to '\(target)', which the route table does not list", route: route,
      host: target)
  }

  /// The nested link leads back to a route already followed for this link: code `nestedLinkLoop`.
  package static func nestedLinkLoop(route: String) -> LinkError {
    LinkError(
      code: .nestedLinkLoop,
      rule: "route '\(route)' holds a link that leads back to route '\(route)' (a redirect loop)",
      route: route)
  }

  /// The route holds one nested link more than `limit`: code `nestedLinkTooDeep`.
  package static func nestedLinkTooDeep(route: String, limit: Int) -> LinkError {
    LinkError(
      code: .nestedLinkTooDeep, rule: "route '\(route)' holds a link nested more than \(limit) deep",
      route: route, limit: limit)
  }

  /// The route holds a nested link past the `limit` one link may route in all, across the routes it
  /// matches and the links nested in theirs: code `nestedLinksTooMany`.
  package static func nestedLinksTooMany(route: String, limit: Int) -> LinkError {
    LinkError(
      code: .nestedLinksTooMany,
      rule: "route '\(route)' holds a nested link beyond the \(limit) that one link may route in all",
      route: route, limit: limit)
  }

  /// The nested link the route follows breaks a reading rule (`problem`): code `nestedLinkInvalid`.
  package static func nestedLinkInvalid(route: String, problem: String) -> LinkError {
    LinkError(code: .nestedLinkInvalid, rule: "route '\(route)' holds a link that \(problem)", route: route)
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
