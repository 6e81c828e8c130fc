import DeepLinkRouting

/// An example nginx `server` block for the site that backs the app's links.
///
/// It serves `/.well-known/apple-app-site-association` as `application/json` directly from disk (never
/// a redirect: iOS does not follow one), `/.well-known/assetlinks.json` the same way, and rewrites each
/// routed path (one `location` per route, built from its shape) to `fallback.html` with `try_files`,
/// so a routed URL opened in a browser shows the fallback page while real files keep working.
package struct NginxConfiguration: Hashable, Sendable {
  /// The `server_name`: the site's host, or several separated by spaces (`example.com *.example.com`).
  package var serverName: String
  /// The `root` directory holding `.well-known/` and `fallback.html`.
  package var root: String
  /// The routes whose paths show the fallback page.
  package var shapes: [RoutePathShape]
  /// Whether the routed-path regexes compare case-sensitively (`location ~`) or not (`location ~*`).
  package var caseSensitive: Bool
  /// The TLS certificate and key; `nil` writes placeholder paths marked `REPLACE`, which nginx refuses
  /// to load, so a configuration cannot go live with a certificate nobody chose.
  package var certificate: SiteGenerator.Certificate?
  /// The short links, served by a `server` block of their own on the short-link host; `nil` for none.
  package var shortLinks: ShortLinkTable?
  /// The directory the short-link host's association files are served from.
  package var shortLinkRoot: String
  /// The link previews, by route name: a routed path of such a route shows its own page
  /// (``previewPagePath(ofRoute:)``), which nginx fills in with the link's values.
  package var previews: [String: LinkPreview]
  /// The addresses each `server` block listens on, as `listen` reads them (`443`, `127.0.0.1:8443`,
  /// `[::]:443`), each with TLS.
  package var listen: [String]
  /// The file nginx logs every request of both `server` blocks to, in JSON lines
  /// (``logFormatFields``); `nil` for no `access_log` line (the `http` block's log, without the host).
  package var accessLog: String?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - serverName: The site's host, or several separated by spaces.
  ///   - root: The directory the files are served from.
  ///   - shapes: The routes whose paths show the fallback page.
  ///   - caseSensitive: Whether routed paths compare case-sensitively.
  ///   - certificate: The TLS certificate and key, or `nil` for placeholders marked `REPLACE`.
  ///   - shortLinks: The short links, or `nil` for none.
  ///   - shortLinkRoot: The directory of the short-link host's association files.
  ///   - previews: The link previews, by route name.
  ///   - listen: The addresses each `server` block listens on.
  ///   - accessLog: The access log's file, or `nil` for no `access_log` line.
  package init(
    serverName: String, root: String, shapes: [RoutePathShape], caseSensitive: Bool = true,
    certificate: SiteGenerator.Certificate? = nil, shortLinks: ShortLinkTable? = nil,
    shortLinkRoot: String = "", previews: [String: LinkPreview] = [:], listen: [String] = ["443"],
    accessLog: String? = nil
  ) {
    self.listen = listen
    self.accessLog = accessLog
    self.previews = previews
    self.shortLinks = shortLinks
    self.shortLinkRoot = shortLinkRoot
    self.serverName = serverName
    self.root = root
    self.shapes = shapes
    self.caseSensitive = caseSensitive
    self.certificate = certificate
  }

  /// A path as an nginx configuration token: bare when it holds only plain characters, otherwise
  /// double-quoted (``quoted(_:)``), so a directory with spaces, quotes, `;` or braces stays one
  /// argument.
  static func token(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-*:".contains($0)) }
    return plain ? text : quoted(text)
  }

  /// The text as a double-quoted nginx string that nginx reads back as exactly the text: `"` is
  /// written `\"`, and a backslash is doubled wherever nginx would otherwise read it as the start of
  /// an escape (before `"`, `'`, `\`, `n`, `r`, `t`, or the closing quote). `;`, `{`, `}`, `#` and
  /// whitespace need nothing inside quotes. This is the one quoting rule of the configuration.
  static func quoted(_ text: String) -> String {
    var result = "\""
    var characters = text.makeIterator()
    var next = characters.next()
    while let character = next {
      next = characters.next()
      switch character {
      case "\"":
        result += "\\\""
      case "\\":
        let escapes = next.map { "\"'\\nrt".contains($0) } ?? true
        result += escapes ? "\\\\" : "\\"
      default:
        result.append(character)
      }
    }
    return result + "\""
  }

  /// An argument of a directive that expands variables or names files (`root`, `ssl_certificate`):
  /// ``token(_:)``, after refusing what no quoting makes safe, a `$` (nginx reads it as a variable)
  /// and control characters.
  static func argument(_ text: String, field: String) throws(SiteGenerationError) -> String {
    if text.isEmpty {
      throw SiteGenerationError(field: field, value: text, reason: "nginx needs a path here")
    }
    if text.contains("$") {
      throw SiteGenerationError(
        field: field, value: text,
        reason:
          "nginx reads '$' as the start of a variable and cannot be told otherwise; choose a path without it")
    }
    if text.unicodeScalars.contains(where: isControl) {
      throw SiteGenerationError(
        field: field, value: text, reason: "a control character cannot be written into nginx.conf")
    }
    return token(text)
  }

  /// The `server_name` argument: host names of ASCII letters, digits, `.`, `-`, `_` and `*`,
  /// separated by spaces; anything else is refused rather than quoted, as no host holds it.
  static func serverNames(_ text: String) throws(SiteGenerationError) -> String {
    let names = text.split(separator: " ")
    let valid =
      !names.isEmpty
      && names.allSatisfy { name in
        name.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || ".-_*".unicodeScalars.contains($0)
        }
      }
    guard valid else {
      throw SiteGenerationError(
        field: "serverName", value: text,
        reason: "a server name is host names (letters, digits, '.', '-', '_', '*') separated by spaces")
    }
    return names.joined(separator: " ")
  }

  /// A `listen` address: a port (`443`), or an address and a port (`127.0.0.1:8443`, `[::1]:443`,
  /// `*:443`, `localhost:8443`), the port from 1 to 65535; anything else is refused rather than quoted,
  /// as nginx would read it as another parameter or refuse it.
  package static func listenAddress(_ text: String) throws(SiteGenerationError) -> String {
    func refuse() -> SiteGenerationError {
      SiteGenerationError(
        field: "listen", value: text,
        reason: "a listen address is PORT or ADDRESS:PORT (443, 127.0.0.1:8443, [::1]:8443), the port 1-65535"
      )
    }
    let colon = text.lastIndex(of: ":")
    let port = colon.map { text[text.index(after: $0)...] } ?? text[...]
    guard !port.isEmpty, port.count <= 5, port.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
      let number = Int(port), (1...65_535).contains(number)
    else { throw refuse() }
    guard let colon else { return String(number) }
    let address = text[..<colon]
    let isIPv6 =
      address.count > 2 && address.hasPrefix("[") && address.hasSuffix("]")
      && address.dropFirst().dropLast().unicodeScalars.allSatisfy {
        ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0)
          || ":.".unicodeScalars.contains($0)
      }
    guard address == "*" || isIPv6 || isHostName(String(address)) else { throw refuse() }
    return "\(address):\(number)"
  }

  /// The name of the access log's format in the configuration of a site: `deeplink_` and the site's
  /// first server name, `.`, `-` and `*` written `_` (`deeplink_example_com`), so that the
  /// configurations of two sites included in one `http` block do not define one format twice.
  package static func logFormatName(for serverName: String) -> String {
    let first = serverName.split(separator: " ").first ?? ""
    return "deeplink_"
      + String(
        String.UnicodeScalarView(
          first.unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
              ? scalar : "_"
          }))
  }

  /// The `log_format` of the access log: one JSON object a line (`escape=json`), with the keys
  /// `deeplink audit --access-log` reads: the time, the host of the request (so the short-link
  /// host's requests are told apart), the request line, the status, the bytes sent, the referrer and
  /// the user agent. No address is logged: the audit reads none.
  static let logFormatFields = [
    ("time_iso8601", "time_iso8601"), ("host", "host"), ("request", "request"), ("status", "status"),
    ("body_bytes_sent", "body_bytes_sent"), ("http_referer", "http_referer"),
    ("http_user_agent", "http_user_agent"),
  ]

  /// Whether a text is one host name: ASCII letters, digits, `.` and `-`, not starting or ending with
  /// `.` or `-`.
  package static func isHostName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      !".-".unicodeScalars.contains(first), !".-".unicodeScalars.contains(last)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || ".-".unicodeScalars.contains($0)
    }
  }

  /// Text in a `#` comment: the package's terminal rule (``PrintableText``), which writes control,
  /// line-separator and bidirectional-formatting characters as `\u{XXXX}`, so a comment stays on its
  /// line and cannot end early.
  static func comment(_ text: String) -> String {
    PrintableText.escaped(text)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control
  }

  /// The nginx location regex of a route; nginx matches it against the decoded path.
  ///
  /// - Parameters:
  ///   - shape: The route.
  ///   - captures: The nginx variable each named parameter's segment is captured into (a named
  ///     group, `(?<deeplink_0>...)`); empty for a regex that captures nothing by name.
  /// - Returns: The regex, anchored at both ends, allowing one trailing `/`.
  static func locationRegex(for shape: RoutePathShape, captures: [String: String] = [:]) -> String {
    var regex = "^"
    for piece in shape.pieces {
      regex += piece.nginxRegex(
        capture: piece.capturedValueName.flatMap { captures[$0] }, escape: escapeRegex)
    }
    return regex + "/?$"
  }

  /// The path, from the site root, of the page a route with a link preview shows:
  /// `/.deeplink/preview-N.html`, N the route's place among the site's routes, so no route name reaches
  /// a path.
  package static func previewPagePath(ofRoute index: Int) -> String {
    "/.deeplink/preview-\(index).html"
  }

  /// The nginx variable that holds each parameter a preview names: `deeplink_0`, `deeplink_1`, ... in
  /// the order the route's path declares them; the preview page echoes them, escaped.
  package static func previewVariables(for shape: RoutePathShape, preview: LinkPreview) -> [String: String] {
    var used: Set<String> = []
    for (_, template) in preview.fields {
      for case .parameter(let name) in (try? LinkPreview.pieces(of: template)) ?? [] { used.insert(name) }
    }
    var variables: [String: String] = [:]
    for name in shape.pieces.compactMap(\.capturedValueName)
    where used.contains(name) && variables[name] == nil {
      variables[name] = "deeplink_\(variables.count)"
    }
    return variables
  }

  private static func escapeRegex(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) {
        escaped.append("\\")
        escaped.unicodeScalars.append(scalar)
      } else if scalar.value < 0x20 || scalar.value == 0x7F {
        // A control character, as a hex escape: the regex stays on its line.
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\x" + (hex.count == 1 ? "0" : "") + hex
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// The configuration text.
  ///
  /// Every value is written by one rule for its place: comments by ``comment(_:)``, location regexes
  /// by ``quoted(_:)``, paths by ``argument(_:field:)``, host names by ``serverNames(_:)``.
  ///
  /// - Returns: An nginx `server` block.
  /// - Throws: ``SiteGenerationError`` for a path nginx would misread (a `$`, a control character)
  ///   or a server name that is not host names.
  package func text() throws(SiteGenerationError) -> String {
    let names = try Self.serverNames(serverName)
    var lines = [
      "# Serves the association files for Universal Links and App Links, and one fallback page for every",
      "# routed path. Generated from the app's route table.",
    ]
    lines += try logFormatLines(names)
    lines += ["server {"]
    lines += try serverLines(names, format: Self.logFormatName(for: names))
    lines += [
      "    root \(try Self.argument(root, field: "root"));",
      "",
    ]
    lines += Self.associationFileLines
    lines += [
      "",
      "    # The fallback page: nginx writes the page's own link, not the home page's, as its canonical",
      "    # link (a server-side include; every text in the page escapes its \"<\", so none starts one).",
      "    location = /fallback.html {",
      "        ssi on;",
      "    }",
      "",
      "    # Routed paths: a real file if there is one, otherwise the fallback page.",
    ]
    var previewPages: [String] = []
    for (index, shape) in shapes.enumerated() {
      let modifier = caseSensitive ? "~" : "~*"
      let preview = previews[shape.name]
      let captures = preview.map { Self.previewVariables(for: shape, preview: $0) } ?? [:]
      lines.append(
        "    location \(modifier) \(Self.quoted(Self.locationRegex(for: shape, captures: captures))) {  # route "
          + Self.comment("\(shape.name): \(shape)"))
      if preview != nil {
        let page = Self.previewPagePath(ofRoute: index)
        lines.append("        try_files $uri \(page);")
        previewPages.append(page)
      } else {
        lines.append("        try_files $uri /fallback.html;")
      }
      lines.append("    }")
    }
    if !previewPages.isEmpty {
      lines += [
        "",
        "    # Link previews: the page of a route with a preview, reached only from its route's location,",
        "    # where nginx fills in the link's values (server-side includes, each value HTML-escaped).",
      ]
      for page in previewPages {
        lines += [
          "    location = \(page) {",
          "        internal;",
          "        ssi on;",
          "    }",
        ]
      }
    }
    lines.append("}")
    if let shortLinks {
      lines += try shortLinkLines(shortLinks)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `log_format` of the access log, when there is one: its fields are fixed text, and the
  /// format's name is made of a checked server name.
  private func logFormatLines(_ names: String) throws(SiteGenerationError) -> [String] {
    guard accessLog != nil else { return [] }
    let fields = Self.logFormatFields.map { "\"\($0.0)\":\"$\($0.1)\"" }.joined(separator: ",")
    return [
      "",
      "# The access log, one JSON object a line, as `deeplink audit --access-log` reads it best: with the",
      "# host of each request, so the short-link host's redirects count as their long links. No address",
      "# is logged.",
      "log_format \(Self.logFormatName(for: names)) escape=json '{\(fields)}';",
      "",
    ]
  }

  /// The first lines of a `server` block: where it listens, its names (checked), its access log in
  /// the format named and its certificate.
  private func serverLines(_ names: String, format: String) throws(SiteGenerationError) -> [String] {
    var lines: [String] = []
    for address in listen.isEmpty ? ["443"] : listen {
      lines.append("    listen \(try Self.listenAddress(address)) ssl;")
    }
    lines.append("    server_name \(names);")
    if let accessLog {
      lines.append("    access_log \(try Self.argument(accessLog, field: "accessLog")) \(format);")
    }
    return lines + (try certificateLines())
  }

  /// The `ssl_certificate` lines, or placeholders marked `REPLACE`.
  private func certificateLines() throws(SiteGenerationError) -> [String] {
    var lines: [String] = []
    if let certificate {
      lines += [
        "    ssl_certificate \(try Self.argument(certificate.certificatePath, field: "certificatePath"));",
        "    ssl_certificate_key \(try Self.argument(certificate.keyPath, field: "keyPath"));",
      ]
    } else {
      lines += [
        "    # REPLACE both paths with the site's certificate (chain) and private key; nginx refuses to",
        "    # start until they name real files.",
        "    ssl_certificate /REPLACE/with/the/certificate-chain.pem;",
        "    ssl_certificate_key /REPLACE/with/the/private-key.pem;",
      ]
    }
    return lines
  }

  /// The two `location` blocks of the association files.
  private static let associationFileLines = [
    "    # iOS fetches this file over https and does not follow redirects: serve it as is, as JSON.",
    "    location = /.well-known/apple-app-site-association {",
    "        default_type application/json;",
    "        try_files /.well-known/apple-app-site-association =404;",
    "    }",
    "",
    "    # Android verifies App Links with this file; it too must not redirect.",
    "    location = /.well-known/assetlinks.json {",
    "        types { }",
    "        default_type application/json;",
    "        try_files /.well-known/assetlinks.json =404;",
    "    }",
  ]

  /// The `return` argument that sends a short link on: the long link with the request's query
  /// appended (`?` or, when the long link has a query, `&`), before the long link's fragment.
  static func shortLinkRedirect(_ link: ShortLinkTable.Link, withQuery: Bool) -> String {
    guard withQuery else { return quoted(link.target) }
    let (base, fragment) = link.targetParts
    return quoted(base + (base.contains("?") ? "&" : "?") + "$args" + fragment)
  }

  /// The `server` block of the short-link host: its own association files, a 301 for each code,
  /// 404 for every other path.
  private func shortLinkLines(_ table: ShortLinkTable) throws(SiteGenerationError) -> [String] {
    var lines = [
      "",
      "# Short links: each code answers 301 with its long link, the request's query appended; the browser",
      "# keeps a fragment across the redirect unless the long link has one. Generated from the short-link file.",
      "server {",
    ]
    // Listens where the site does (nginx tells the two apart by host name), and logs to the same
    // file in the same format, named after the site.
    lines += try serverLines(
      try Self.serverNames(table.host), format: Self.logFormatName(for: try Self.serverNames(serverName)))
    lines += [
      "    root \(try Self.argument(shortLinkRoot, field: "shortLinkRoot"));",
      "",
    ]
    lines += Self.associationFileLines
    lines.append("")
    for link in table.links {
      // The code is of the safe set (ShortLinkTable.isSafeCode): a bare token, and text in a comment.
      lines += [
        "    location = \(Self.token(link.path)) {",
        "        if ($args) {",
        "            return 301 \(Self.shortLinkRedirect(link, withQuery: true));",
        "        }",
        "        return 301 \(Self.shortLinkRedirect(link, withQuery: false));",
        "    }",
      ]
    }
    lines += [
      "",
      "    location / {",
      "        return 404;",
      "    }",
      "}",
    ]
    return lines
  }
}
