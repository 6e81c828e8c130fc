import Foundation

/// The regex list an app-side link manager keeps: one regular expression per route, tried in order,
/// first hit wins. Each pattern is anchored at the scheme and authority and at the end of the path,
/// so that it gives the right answer on the generated links.
struct RegexList {
  let expressions: [NSRegularExpression]

  init?(pieces: [[Piece]]) {
    var expressions: [NSRegularExpression] = []
    expressions.reserveCapacity(pieces.count)
    for route in pieces {
      var text = #"^(?:myapp://|https://example\.com/)"#
      for (position, piece) in route.enumerated() {
        if position > 0 { text += "/" }
        switch piece {
        case .literal(let literal): text += NSRegularExpression.escapedPattern(for: literal)
        case .plain: text += #"[^/?#]+"#
        case .int: text += #"-?[0-9]+"#
        case .uuid: text += #"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#
        case .catchAll: text += #"[^?#]+"#
        }
      }
      text += #"/?(?:[?#]|$)"#
      guard let expression = try? NSRegularExpression(pattern: text) else { return nil }
      expressions.append(expression)
    }
    self.expressions = expressions
  }

  func match(_ url: String) -> Int? {
    let range = NSRange(url.startIndex..., in: url)
    for (index, expression) in expressions.enumerated()
    where expression.firstMatch(in: url, options: [], range: range) != nil {
      return index
    }
    return nil
  }
}

/// The linear matcher of the common Swift routers: split the link's path into segments once, then for
/// each route in order compare segment by segment, with placeholders for parameters.
struct LinearMatcher {
  let pieces: [[Piece]]

  /// The path segments of a link; for a custom scheme the authority is the first segment.
  static func segments(_ url: String) -> [Substring] {
    var rest = Substring(url)
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    guard let colon = rest.firstIndex(of: ":") else { return [] }
    let scheme = rest[..<colon].lowercased()
    rest = rest[rest.index(after: colon)...]
    if scheme == "https" || scheme == "http" {
      guard rest.hasPrefix("//") else { return [] }
      rest = rest.dropFirst(2)
      guard let slash = rest.firstIndex(of: "/") else { return [] }
      rest = rest[slash...]
    }
    return rest.split(separator: "/")
  }

  static func isUUID(_ text: Substring) -> Bool {
    guard text.utf8.count == 36 else { return false }
    for (position, byte) in text.utf8.enumerated() {
      if position == 8 || position == 13 || position == 18 || position == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let isHex =
          (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
        guard isHex else { return false }
      }
    }
    return true
  }

  func match(_ url: String) -> Int? {
    let segments = Self.segments(url)
    routes: for (index, route) in pieces.enumerated() {
      var position = 0
      for piece in route {
        if case .catchAll = piece {
          if position < segments.count { return index }
          continue routes
        }
        guard position < segments.count else { continue routes }
        let segment = segments[position]
        switch piece {
        case .literal(let text): guard segment == text else { continue routes }
        case .plain: break
        case .int: guard Int(segment) != nil else { continue routes }
        case .uuid: guard Self.isUUID(segment) else { continue routes }
        case .catchAll: break
        }
        position += 1
      }
      if position == segments.count { return index }
    }
    return nil
  }
}

/// The floor: read every byte of the link once and fold it into a checksum.
@inline(never)
func scanBytes(_ url: String) -> UInt32 {
  var hash: UInt32 = 2_166_136_261
  for byte in url.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
  return hash
}
