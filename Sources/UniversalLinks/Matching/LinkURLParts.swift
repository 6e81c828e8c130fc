/// The pieces of a URL exactly as written (still percent-encoded), as the AASA matcher compares them.
///
/// Foundation's `URL` normalizes some text and refuses some that browsers accept, so the matcher splits
/// the text itself: the fragment after the first `#`, the query after the first `?` before it, the
/// scheme and authority in front of the path.
struct LinkURLParts: Hashable, Sendable {
  /// The scheme, lower-cased, or `nil` for a reference that starts with `/`.
  var scheme: String?
  /// The host, lower-cased, without user info, port or trailing dot; `nil` when the text has none.
  var host: String?
  /// The path as written; empty when the URL has none.
  var path: String
  /// The query as written, without `?`; `nil` when absent.
  var query: String?
  /// The fragment as written, without `#`; `nil` when absent.
  var fragment: String?

  /// Splits a URL or a path reference (`/buy/42?x=1#top`).
  init(_ text: String) throws(UnreadableTextError) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    }
    if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains("/") {
      let scheme = rest[..<colon]
      guard let first = scheme.unicodeScalars.first,
        ("a"..."z").contains(first) || ("A"..."Z").contains(first),
        scheme.unicodeScalars.allSatisfy({
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || "+-.".unicodeScalars.contains($0)
        })
      else {
        throw UnreadableTextError.unmatchableURL(text, "\"\(scheme)\" is not a URL scheme")
      }
      self.scheme = scheme.lowercased()
      rest = rest[rest.index(after: colon)...]
      guard rest.hasPrefix("//") else {
        throw UnreadableTextError.unmatchableURL(text, "expected \"//\" and a host after \"\(scheme):\"")
      }
    } else if !rest.hasPrefix("/") {
      throw UnreadableTextError.unmatchableURL(
        text, "expected an absolute URL (https://host/path) or a path starting with /")
    }
    if rest.hasPrefix("//") {
      let authorityEnd = rest.dropFirst(2).firstIndex(of: "/") ?? rest.endIndex
      host = Self.host(fromAuthority: rest[rest.index(rest.startIndex, offsetBy: 2)..<authorityEnd])
      rest = rest[authorityEnd...]
    }
    path = String(rest)
  }

  private static func host(fromAuthority authority: Substring) -> String {
    var host = authority
    if let at = host.lastIndex(of: "@") {
      host = host[host.index(after: at)...]
    }
    if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
      host = host[..<colon]
    }
    while host.hasSuffix(".") {
      host = host.dropLast()
    }
    return host.lowercased()
  }
}
