import DeepLinkRouting
import Foundation
import RouteFiles

/// The short links of a site: codes that redirect to long links of the app's route table.
///
/// The file is one JSON object from code to long link:
///
/// ```json
/// {"spring": "https://example.com/product/42?utm_campaign=spring", "p42": "https://example.com/product/42"}
/// ```
///
/// Each code is served at `https://HOST/s/CODE` (``pathPrefix``) on the short-link host, a host of its
/// own (`go.example.com`) with its own association file that claims only `/s/*`, where nginx answers
/// `301 Moved Permanently` with the long link (see ``NginxConfiguration``). The app resolves a short
/// link it receives by configuring the short-link host as a tracking origin (`TrackingLinks`): the
/// resolver asks the server and gets the long link, which its router then opens. The
/// request's query is kept: appended to the long link, after `&` when the long link has a query of its
/// own. nginx never sees a fragment (the browser keeps it), and the browser carries it over to the
/// `Location` unless the long link has a fragment of its own (RFC 9110, section 10.2.2).
///
/// A code is 1 to 64 of the characters `A`–`Z`, `a`–`z`, `0`–`9`, `-` and `_` (``isSafeCode(_:)``):
/// nothing HTML, nginx or a shell reads specially, so it is written into every file as it is. Codes
/// compare exactly, case included. A long link is an `https` URL on one of the table's hosts that a
/// route matches, without the characters nginx or a URL cannot hold as they are (``unsafeLinkCharacters``).
package struct ShortLinkTable: Hashable, Sendable {
  /// One short link and where the file declares it.
  package struct Link: Hashable, Sendable {
    /// The code, the last segment of the short path.
    package var code: String
    /// The long link it redirects to.
    package var target: String
    /// The line of the code in the file.
    package var line = 0
    /// The column of the code in the file.
    package var column = 0

    /// Creates a short link.
    ///
    /// - Parameters:
    ///   - code: The code.
    ///   - target: The long link.
    ///   - line: The line of the code in the file.
    ///   - column: The column of the code in the file.
    package init(code: String, target: String, line: Int = 0, column: Int = 0) {
      self.code = code
      self.target = target
      self.line = line
      self.column = column
    }

    /// The short path, `/s/CODE`.
    package var path: String { ShortLinkTable.pathPrefix + code }

    /// The long link without its fragment, and its fragment with the `#` (empty when it has none).
    var targetParts: (base: String, fragment: String) {
      guard let hash = target.firstIndex(of: "#") else { return (target, "") }
      return (String(target[..<hash]), String(target[hash...]))
    }

    /// The link the short-link host answers a request for ``path`` with, as the generated nginx
    /// configuration writes it: the long link, with the request's query (the text after `?`, as
    /// sent) appended after `?`, or after `&` when the long link has a query, before the long link's
    /// fragment; the long link alone when the request has no query or an empty one.
    ///
    /// - Parameter query: The request's query, without its `?`; `nil` for none.
    /// - Returns: The link of the redirect.
    package func redirect(withQuery query: Substring?) -> String {
      guard let query, !query.isEmpty else { return target }
      let (base, fragment) = targetParts
      return base + (base.contains("?") ? "&" : "?") + query + fragment
    }
  }

  /// The path every short link starts with.
  package static let pathPrefix = "/s/"
  /// The longest code accepted.
  package static let maximumCodeLength = 64
  /// Characters a long link may not hold: whitespace and the characters RFC 3986 does not allow in a
  /// URL (`"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`), and `$`, which nginx reads as a variable
  /// in the `return` it is written into and cannot be told otherwise. Control characters are refused
  /// as well.
  package static let unsafeLinkCharacters: Set<Character> = [
    " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "$",
  ]

  /// The short links in the order of the file.
  package var links: [Link]
  /// The short-link host, lower-cased, e.g. `go.example.com`.
  package var host: String
  /// The file's name, for errors.
  package var file = ""

  /// Creates a table from short links already read.
  ///
  /// - Parameters:
  ///   - links: The short links.
  ///   - host: The short-link host.
  ///   - file: The file's name, for errors.
  package init(links: [Link], host: String, file: String = "short links") {
    self.links = links
    self.host = host.lowercased()
    self.file = file
  }

  /// Whether a code is 1 to ``maximumCodeLength`` ASCII letters, digits, `-` or `_`.
  ///
  /// - Parameter code: The code.
  /// - Returns: Whether it is safe.
  package static func isSafeCode(_ code: String) -> Bool {
    !code.isEmpty && code.utf8.count <= maximumCodeLength
      && code.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
          || $0 == "_"
      }
  }

  /// Reads a short-link file and checks each link against the app's router.
  ///
  /// - Parameters:
  ///   - json: The file's contents.
  ///   - file: The file's name, for errors.
  ///   - host: The short-link host, which serves only short links.
  ///   - router: The app's router.
  /// - Throws: ``ShortLinkError`` for the first problem in the file, with its line and column, or a
  ///   short-link host that is one of the table's own hosts.
  package init(json: Data, file: String, host: String, router: Router) throws(ShortLinkError) {
    let document: JSONValue
    do {
      document = try JSONReader.read(json)
    } catch {
      if let first = error.firstPosition {
        throw ShortLinkError(
          file: file, line: error.line, column: error.column,
          shortCode: Self.key(at: error.position.offset, in: json),
          reason: .duplicateCode(firstLine: first.line, firstColumn: first.column))
      }
      throw ShortLinkError(
        file: file, line: error.line, column: error.column, shortCode: nil,
        reason: .invalidJSON(error.message))
    }
    guard case .object(let members) = document.kind else {
      throw ShortLinkError(
        file: file, line: document.position?.line ?? 1, column: document.position?.column ?? 1,
        shortCode: nil,
        reason: .notAnObject)
    }
    var links: [Link] = []
    for member in members {
      let line = member.keyPosition?.line ?? 0
      let column = member.keyPosition?.column ?? 0
      guard case .string(let target) = member.value.kind else {
        throw ShortLinkError(
          file: file, line: line, column: column, shortCode: member.key, reason: .targetNotText)
      }
      links.append(Link(code: member.key, target: target, line: line, column: column))
    }
    self.init(links: links, host: host, file: file)
    try check(against: router)
  }

  /// The key of a JSON object member whose quoted key starts at an offset of the data.
  private static func key(at offset: Int, in data: Data) -> String? {
    let bytes = Array(data)
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
    var index = offset + 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    guard index < bytes.count, case .string(let key)? = try? JSONReader.read(Data(bytes[offset...index])).kind
    else { return nil }
    return key
  }

  /// Checks the host and every link: a host of its own; a safe code, not twice, on no route's path
  /// (on the short-link host or the table's first host); a long link that is `https`, holds no unsafe
  /// character, is on one of the table's hosts but not the short-link host, and matches a route.
  ///
  /// - Parameter router: The app's router.
  /// - Throws: ``ShortLinkError`` for the first link that fails, naming its code and line.
  package func check(against router: Router) throws(ShortLinkError) {
    guard NginxConfiguration.isHostName(host) else {
      throw ShortLinkError(file: file, line: 0, column: 0, shortCode: nil, reason: .invalidHost(host))
    }
    if router.table.hosts.contains(where: { $0.lowercased() == host }) {
      throw ShortLinkError(file: file, line: 0, column: 0, shortCode: nil, reason: .hostIsTableHost(host))
    }
    var origins = ["https://" + host]
    if let own = router.table.hosts.first(where: { !$0.hasPrefix("*.") }) { origins.append("https://" + own) }
    var seen: [String: Link] = [:]
    for link in links {
      func fail(_ reason: ShortLinkError) -> ShortLinkError {
        ShortLinkError(file: file, line: link.line, column: link.column, shortCode: link.code, reason: reason)
      }
      guard Self.isSafeCode(link.code) else { throw fail(.unsafeCode) }
      if let first = seen[link.code] {
        throw fail(.duplicateCode(firstLine: first.line, firstColumn: first.column))
      }
      seen[link.code] = link
      for origin in origins {
        if let match = try? router.match(origin + link.path) {
          throw fail(.collidesWithRoute(match.route, code: link.code))
        }
      }
      try Self.checkTarget(link.target, shortHost: host, router: router, fail: fail)
    }
  }

  private static func checkTarget(
    _ target: String, shortHost: String, router: Router, fail: (ShortLinkError) -> ShortLinkError
  ) throws(ShortLinkError) {
    guard target.lowercased().hasPrefix("https://"), target.count > "https://".count else {
      throw fail(.targetNotHTTPS)
    }
    if let bad = target.first(where: { unsafeLinkCharacters.contains($0) || $0.isWhitespace }) {
      throw fail(.unsafeTarget(bad))
    }
    if let bad = target.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control || PrintableText.needsEscape($0)
    }) {
      throw fail(.unsafeTarget(Character(bad)))
    }
    let match: RouteMatch?
    do {
      match = try router.match(target)
    } catch {
      if error.code == .unknownHost { throw fail(.hostNotListed(router.table.hosts)) }
      throw fail(.unreadableTarget(error.description))
    }
    guard let match else { throw fail(.noRoute) }
    // A route for any host matches another site's link too: the long link must be on a host the
    // table lists by name.
    guard router.lists(match.arrivalOrigin) else { throw fail(.hostNotListed(router.table.hosts)) }
    if URLComponents(string: target)?.host?.lowercased() == shortHost {
      // The app's resolver would follow it as another short link and never reach a page.
      throw fail(.targetOnShortHost)
    }
  }
}

/// Why a short-link file cannot be used: the file, line and column, the code, and the reason.
package struct ShortLinkError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package let code: ErrorCode<ShortLinkError>
  /// The reason in words.
  package let explanation: String
  /// The line of the code's first use, for `duplicateCode`; `nil` otherwise.
  package private(set) var firstLine: Int?
  /// The column of the code's first use, for `duplicateCode`; `nil` otherwise.
  package private(set) var firstColumn: Int?
  /// The route that also matches the short path, for `collidesWithRoute`; `nil` otherwise.
  package private(set) var route: String?
  /// The character a URL or nginx cannot hold as it is, for `unsafeTarget`; `nil` otherwise.
  package private(set) var character: Character?
  /// The table's hosts, for `hostNotListed`; `nil` otherwise.
  package private(set) var hosts: [String]?
  /// The short-link host, for `invalidHost` and `hostIsTableHost`; `nil` otherwise.
  package private(set) var host: String?
  /// The file's name.
  package var file = ""
  /// The line in the file.
  package var line = 0
  /// The column in the file.
  package var column = 0
  /// The short link's code, when the problem is one link's.
  package var shortCode: String?

  /// `FILE:LINE:COLUMN: short link "CODE": reason` (`FILE: reason` for the host), with the file, code and reason escaped for the
  /// terminal (``PrintableText``).
  package var description: String {
    let subject = shortCode.map { "short link \(JSONString.quoted($0)): " } ?? ""
    let place = line > 0 ? "\(file):\(line):\(column)" : file
    return PrintableText.escaped("\(place): \(subject)\(explanation)")
  }

}

extension ShortLinkError {
  /// Creates an error: the problem `reason` (made by one of the factories, such as ``unsafeCode``)
  /// at a place in a short-link file.
  ///
  /// - Parameters:
  ///   - file: The file's name.
  ///   - line: The line in the file (0 for the short-link host).
  ///   - column: The column in the file.
  ///   - shortCode: The short link's code, when the problem is one link's.
  ///   - reason: What is wrong, with its details; its own place is replaced.
  package init(file: String, line: Int, column: Int, shortCode: String?, reason: ShortLinkError) {
    self = reason
    self.file = file
    self.line = line
    self.column = column
    self.shortCode = shortCode
  }
}

extension ShortLinkError {
  /// The file is not strict JSON, as the reader explains in `message`: code `invalidJSON`.
  package static func invalidJSON(_ message: String) -> Self {
    Self(code: .invalidJSON, explanation: "not a JSON short-link file: \(message)")
  }

  /// The file is not one JSON object: code `notAnObject`.
  package static let notAnObject = Self(
    code: .notAnObject,
    explanation: "a short-link file is one JSON object from code to long link: {\"code\": \"https://...\"}")

  /// A code's value is not a string: code `targetNotText`.
  package static let targetNotText = Self(code: .targetNotText, explanation: "the long link must be a string")

  /// A code holds a character outside the safe set, is empty or too long: code `unsafeCode`.
  package static let unsafeCode = Self(
    code: .unsafeCode,
    explanation:
      "a code is 1 to \(ShortLinkTable.maximumCodeLength) of the characters A-Z, a-z, 0-9, '-' and '_'")

  /// A code is written twice, first at `firstLine` and `firstColumn`: code `duplicateCode`.
  package static func duplicateCode(firstLine: Int, firstColumn: Int) -> Self {
    Self(
      code: .duplicateCode,
      explanation: "the code is written twice; first at line \(firstLine), column \(firstColumn)",
      firstLine: firstLine, firstColumn: firstColumn)
  }

  /// The table's route `route` also matches the short path of `code`: code `collidesWithRoute`.
  package static func collidesWithRoute(_ route: String, code: String) -> Self {
    Self(
      code: .collidesWithRoute,
      explanation:
        "the route \"\(route)\" also matches \(ShortLinkTable.pathPrefix)\(code); choose another code",
      route: route)
  }

  /// The long link is not an `https` URL: code `targetNotHTTPS`.
  package static let targetNotHTTPS = Self(
    code: .targetNotHTTPS, explanation: "the long link must be an https URL")

  /// The long link holds `character`, which a URL or nginx cannot hold as it is: code `unsafeTarget`.
  package static func unsafeTarget(_ character: Character) -> Self {
    Self(
      code: .unsafeTarget,
      explanation:
        "the long link holds \(JSONString.quoted(String(character))), which a URL or nginx cannot hold as it is "
        + "(percent-encode it)", character: character)
  }

  /// The long link's host is not one of the table's `hosts`: code `hostNotListed`.
  package static func hostNotListed(_ hosts: [String]) -> Self {
    Self(
      code: .hostNotListed,
      explanation: "the long link's host is not one of the table's hosts (\(hosts.joined(separator: ", ")))",
      hosts: hosts)
  }

  /// No route matches the long link: code `noRoute`.
  package static let noRoute = Self(code: .noRoute, explanation: "no route matches the long link")

  /// The router refuses the long link, for the reason `problem`: code `unreadableTarget`.
  package static func unreadableTarget(_ problem: String) -> Self {
    Self(code: .unreadableTarget, explanation: "the router refuses the long link: \(problem)")
  }

  /// The long link is on the short-link host: code `targetOnShortHost`.
  package static let targetOnShortHost = Self(
    code: .targetOnShortHost,
    explanation: "the long link is on the short-link host itself; give the page's own link")

  /// The short-link host `host` is not a host name: code `invalidHost`.
  package static func invalidHost(_ host: String) -> Self {
    Self(
      code: .invalidHost,
      explanation:
        "the short-link host \(JSONString.quoted(host)) is not a host name (letters, digits, '.', '-')",
      host: host)
  }

  /// The short-link host `host` is one of the table's hosts: code `hostIsTableHost`.
  package static func hostIsTableHost(_ host: String) -> Self {
    Self(
      code: .hostIsTableHost,
      explanation:
        "the short-link host \(host) is one of the route table's hosts; short links need a host of their own "
        + "(go.example.com), which the app lists as a tracking origin", host: host)
  }
}

extension ErrorCode where Subject == ShortLinkError {
  /// The file is not strict JSON.
  package static let invalidJSON = Self("invalid-json")
  /// The file is not one JSON object.
  package static let notAnObject = Self("not-an-object")
  /// A code's value is not a string.
  package static let targetNotText = Self("target-not-text")
  /// A code holds a character outside the safe set, is empty or too long.
  package static let unsafeCode = Self("unsafe-code")
  /// A code is written twice; see ``ShortLinkError/firstLine`` and ``ShortLinkError/firstColumn``.
  package static let duplicateCode = Self("duplicate-code")
  /// A route of the table also matches the short path; see ``ShortLinkError/route``.
  package static let collidesWithRoute = Self("collides-with-route")
  /// The long link is not an `https` URL.
  package static let targetNotHTTPS = Self("target-not-https")
  /// The long link holds a character a URL or nginx cannot hold as it is; see
  /// ``ShortLinkError/character``.
  package static let unsafeTarget = Self("unsafe-target")
  /// The long link's host is not one of the table's; see ``ShortLinkError/hosts``.
  package static let hostNotListed = Self("host-not-listed")
  /// No route matches the long link.
  package static let noRoute = Self("no-route")
  /// The router refuses the long link for another reason.
  package static let unreadableTarget = Self("unreadable-target")
  /// The long link is on the short-link host.
  package static let targetOnShortHost = Self("target-on-short-host")
  /// The short-link host is not a host name; see ``ShortLinkError/host``.
  package static let invalidHost = Self("invalid-host")
  /// The short-link host is one of the table's hosts; see ``ShortLinkError/host``.
  package static let hostIsTableHost = Self("host-is-table-host")
}
