/// The kind of value a route parameter accepts.
///
/// The type decides both whether a URL segment or query value fits the parameter and how much the
/// parameter weighs when two routes compete for the same URL: a typed parameter (``int``, ``uuid``,
/// ``bool``, ``decimal``, ``url``, ``address``, ``link``) is more specific than a plain one (``string``), and of two
/// types that both accept a segment the narrower is tried first (``int`` before ``decimal``, ``url``
/// before ``link``).
public enum ParameterType: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
  /// Any non-empty text, percent-decoded (`{name}`).
  case string
  /// A decimal integer: an optional `-`, digits only, fitting in `Int` (`{name:int}`).
  ///
  /// `007` reads as 7; `+7`, ` 7`, `1.5` and `42a` do not fit.
  case int
  /// A UUID in its 36-character form, in any hex case (`{name:uuid}`).
  case uuid
  /// A boolean written `true` or `false`, in lower case only (`{name:bool}`).
  ///
  /// `TRUE`, `True`, `1`, `0`, `yes` and `no` do not fit: each value has one written form, the one
  /// Swift's `Bool(_:)` and JSON read, so a link built back reads the same. A table that wants `1`/`0`
  /// says `{name:int}`.
  case bool
  /// A decimal number: an optional `-`, ASCII digits, then optionally `.` and more digits, whose value
  /// is a finite `Double` (`{name:decimal}`).
  ///
  /// `52.37`, `-12.5`, `7` and `007.50` fit; `+1`, `.5`, `5.`, `1e5`, `inf`, `nan`, `0x1p3`, `1,5` and
  /// a number beyond `Double`'s range do not.
  case decimal
  /// An absolute `http` or `https` URL (`{name:url}`): the scheme in any case, then `://`, a non-empty
  /// host, and only the characters RFC 3986 allows in a URL (ASCII letters, digits and
  /// `-._~:/?#[]@!$&'()*+,;=%`).
  ///
  /// `javascript:`, `file:`, `data:` and every other scheme, relative references (`/settings`),
  /// `https:example.com`, a missing host, spaces and non-ASCII text do not fit.
  case url
  /// A nested link that a route may route again (`{name:link}`, see `RouteDefinition.follow`): a path
  /// (`/settings/notifications`, starting with one `/`) or an absolute link with a scheme
  /// (`https://www.shop.example/p/1`, `myapp://settings`), made only of the characters RFC 3986 allows
  /// (those of ``url``).
  ///
  /// It reads as text. `settings` (no `/` and no scheme), `//host/x`, spaces and non-ASCII text do not
  /// fit; a scheme or host the table does not list fits here and is refused when the link is followed.
  case link
  /// A server's address (`{name:address}`): a host name, an IPv4 address or a bracketed IPv6 address,
  /// in ASCII, then optionally `:` and a port from 1 to 65535 written without leading zeros.
  ///
  /// `localhost:8065`, `chat.example.org`, `10.0.0.5:443` and `[::1]:8065` fit. The value is text in
  /// its normal form, the host lower-cased (`Chat.Example.org:8443` reads as `chat.example.org:8443`).
  /// `host:` (no port), port `0`, `70000` or `08065`, user information (`a@host`), an IPv6 address
  /// without brackets, `10.0.0.256` (a last label of digits that is no IPv4 address), a label that
  /// starts or ends with `-` and non-ASCII text do not fit. As the first segment of a route, it reads a
  /// custom-scheme link's authority (`teamchat://localhost:8065/team`), the only place a custom-scheme
  /// link may carry a port.
  case address

  /// The name used in patterns, such as `int` in `{id:int}`.
  public var description: String { rawValue }
}
