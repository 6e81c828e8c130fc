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

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - serverName: The site's host, or several separated by spaces.
  ///   - root: The directory the files are served from.
  ///   - shapes: The routes whose paths show the fallback page.
  ///   - caseSensitive: Whether routed paths compare case-sensitively.
  ///   - certificate: The TLS certificate and key, or `nil` for placeholders marked `REPLACE`.
  package init(
    serverName: String, root: String, shapes: [RoutePathShape], caseSensitive: Bool = true,
    certificate: SiteGenerator.Certificate? = nil
  ) {
    self.serverName = serverName
    self.root = root
    self.shapes = shapes
    self.caseSensitive = caseSensitive
    self.certificate = certificate
  }

  /// A path or name as an nginx configuration token: quoted when it holds anything beyond plain
  /// characters, so a directory with spaces stays one argument.
  static func token(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-*:".contains($0)) }
    guard !plain else { return text }
    return "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// The nginx location regex of a route; nginx matches it against the decoded path.
  static func locationRegex(for shape: RoutePathShape) -> String {
    var regex = "^"
    for piece in shape.pieces {
      switch piece {
      case .literal(let text): regex += "/" + escapeRegex(text)
      case .parameter(_, let type): regex += "/" + type.segmentRegex
      case .oneOrMore: regex += "/.+"
      case .zeroOrMore: regex += "(/.*)?"
      }
    }
    return regex + "/?$"
  }

  private static func escapeRegex(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\^$.|?*+()[]{}\"".contains(character) {
        escaped.append("\\")
      }
      escaped.append(character)
    }
    return escaped
  }

  /// The configuration text.
  ///
  /// - Returns: An nginx `server` block.
  package func text() -> String {
    var lines = [
      "# Serves the association files for Universal Links and App Links, and one fallback page for every",
      "# routed path. Generated from the app's route table.",
      "server {",
      "    listen 443 ssl;",
      "    server_name \(serverName);",
    ]
    if let certificate {
      lines += [
        "    ssl_certificate \(Self.token(certificate.certificatePath));",
        "    ssl_certificate_key \(Self.token(certificate.keyPath));",
      ]
    } else {
      lines += [
        "    # REPLACE both paths with the site's certificate (chain) and private key; nginx refuses to",
        "    # start until they name real files.",
        "    ssl_certificate /REPLACE/with/the/certificate-chain.pem;",
        "    ssl_certificate_key /REPLACE/with/the/private-key.pem;",
      ]
    }
    lines += [
      "    root \(Self.token(root));",
      "",
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
      "",
      "    # Routed paths: a real file if there is one, otherwise the fallback page.",
    ]
    for shape in shapes {
      let modifier = caseSensitive ? "~" : "~*"
      lines.append(
        "    location \(modifier) \"\(Self.locationRegex(for: shape))\" {  # route \(shape.name): \(shape)")
      lines.append("        try_files $uri /fallback.html;")
      lines.append("    }")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}
