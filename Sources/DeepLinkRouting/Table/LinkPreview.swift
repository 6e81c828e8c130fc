/// What a chat app, a mail client or a social network shows for a link to a route, before anyone
/// opens it: the Open Graph and Twitter card tags of the route's page on the app's web site, which
/// `deeplink site` writes from a route file. Only the site generator reads it, so it is written in the
/// route file, not in Swift.
///
/// Each text is a template over the route's path parameters: `{clipId}` stands for the value the link
/// holds at that parameter, as the web server reads it (decoded). A literal brace is written twice
/// (`{{`, `}}`). In a route file:
///
/// ```json
/// {"name": "clip", "pattern": "/channel/video/{clipId}",
///  "preview": {"title": "Clip {clipId}", "description": "Watch it in the Example app",
///              "image": "https://cdn.example.com/clips/{clipId}.jpg"}}
/// ```
///
/// The ``Router`` checks a preview when it is built: the templates parse, name only parameters of the
/// route's path (one segment each: not a catch-all, not a value inside a segment template, not the
/// query or the fragment, which a server never sees or cannot decode), and the image is an `https`
/// URL whose host is fixed text, ending at a `/` before any value. The site generator in `UniversalLinks` writes the templates into the route's page, every
/// value HTML-escaped (and, in the image, percent-encoded) by the web server as it fills it in.
package struct LinkPreview: Sendable, Hashable, Codable {
  /// The title (`og:title`, `twitter:title` and the page's `<title>`).
  package var title: String
  /// A sentence or two under the title (`og:description`, `twitter:description`); `nil` for none.
  package var description: String?
  /// The image, an `https` URL template (`og:image`, `twitter:image`, and a large-image card);
  /// `nil` for none.
  package var image: String?

  /// Creates a preview.
  ///
  /// - Parameters:
  ///   - title: The title template.
  ///   - description: The description template, or `nil`.
  ///   - image: The image URL template (`https`), or `nil`.
  package init(title: String, description: String? = nil, image: String? = nil) {
    self.title = title
    self.description = description
    self.image = image
  }

  /// One piece of a template: text as written, or the value of a path parameter.
  package enum Piece: Sendable, Hashable {
    /// Text, braces already undoubled.
    case text(String)
    /// The value of the named path parameter.
    case parameter(String)
  }

  /// The templates by field name, in the order the route file writes them.
  package var fields: [(name: String, template: String)] {
    [("title", title)] + (description.map { [("description", $0)] } ?? [])
      + (image.map { [("image", $0)] } ?? [])
  }

  /// The pieces of a template.
  ///
  /// - Parameter template: A title, description or image template.
  /// - Returns: The text and parameter pieces, in order; adjacent text joined.
  /// - Throws: A sentence saying what is wrong: a brace that opens no name or is not closed, a lone
  ///   `}`, or a name that is not letters, digits and `_`.
  package static func pieces(of template: String) throws(LinkPreviewProblem) -> [Piece] {
    var pieces: [Piece] = []
    var text = ""
    var scalars = Array(template.unicodeScalars)[...]
    func flush() {
      if !text.isEmpty { pieces.append(.text(text)) }
      text = ""
    }
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "{" where scalars.first == "{", "}" where scalars.first == "}":
        scalars.removeFirst()
        text.unicodeScalars.append(scalar)
      case "{":
        guard let close = scalars.firstIndex(of: "}") else {
          throw LinkPreviewProblem("a '{' is not closed (write '{{' for a brace)")
        }
        let name = String(String.UnicodeScalarView(scalars[..<close]))
        guard !name.isEmpty,
          name.unicodeScalars.allSatisfy({
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_"
          })
        else {
          throw LinkPreviewProblem(
            "'{\(name)}' is not a parameter name (letters, digits and '_'; write '{{' for a brace)")
        }
        flush()
        pieces.append(.parameter(name))
        scalars = scalars[scalars.index(after: close)...]
      case "}":
        throw LinkPreviewProblem("a '}' closes no '{' (write '}}' for a brace)")
      default:
        text.unicodeScalars.append(scalar)
      }
    }
    flush()
    return pieces
  }

  /// Checks the preview: a title, templates that parse, an https image and, given the route's
  /// parameters, names of those only.
  ///
  /// - Parameter parameters: The names of the route's one-segment path parameters, or `nil` to leave
  ///   names unchecked (a route file is read before its patterns are).
  /// - Throws: The field at fault and what is wrong with it.
  package func check(parameters: [String]?) throws(LinkPreviewProblem) {
    if title.isEmpty { throw LinkPreviewProblem(field: "title", "a preview needs a title") }
    for (field, template) in fields {
      let pieces: [Piece]
      do {
        pieces = try Self.pieces(of: template)
      } catch {
        throw LinkPreviewProblem(field: field, error.reason)
      }
      for case .parameter(let name) in pieces {
        guard let parameters, !parameters.contains(name) else { continue }
        let readable =
          parameters.isEmpty
          ? "the route's path has none"
          : "the route's are " + parameters.map { "{\($0)}" }.joined(separator: ", ")
        throw LinkPreviewProblem(
          field: field,
          "'{\(name)}' is not a one-segment path parameter of the route, the values a web server can "
            + "fill in (\(readable))")
      }
      if field == "image" {
        guard case .text(let start) = pieces.first, Self.hasFixedHost(start) else {
          throw LinkPreviewProblem(
            field: field,
            "the image must be an https URL whose host is written out and ends at a '/' before any "
              + "value (https://cdn.example.com/clips/{clipId}.jpg): a link's value never writes the host")
        }
      }
    }
  }
}

extension LinkPreview {
  /// Whether an image template's leading text fixes the image's host: `https://`, a host name (ASCII
  /// letters, digits, `-` and `.`, or a bracketed IPv6 address) with an optional port, then `/`.
  ///
  /// The host ends at the first `/` after `https://` and is all fixed text, so no value of a link
  /// can write `@`, `:`, `/`, `?` or `#` into it, nor continue it (`https://cdn.example.com{x}`).
  ///
  /// - Parameter text: The template's text before its first parameter.
  /// - Returns: Whether the host is fixed.
  static func hasFixedHost(_ text: String) -> Bool {
    let scheme = "https://"
    guard text.lowercased().hasPrefix(scheme) else { return false }
    let rest = text.dropFirst(scheme.count)
    guard let slash = rest.firstIndex(of: "/"), let rule = try? HostRule(String(rest[..<slash])) else {
      return false
    }
    return !rule.isWildcard
  }
}

/// What is wrong with a route's ``LinkPreview``.
package struct LinkPreviewProblem: Error, Sendable, Hashable {
  /// The field at fault (`title`, `description`, `image`), when known.
  package var field: String?
  /// What is wrong, in words.
  package var reason: String

  /// Creates a problem.
  package init(field: String? = nil, _ reason: String) {
    self.field = field
    self.reason = reason
  }
}
