/// One parsed entry of ``RouteTable/hosts``.
struct HostRule: Sendable, Hashable {
  /// The lower-cased host, without `*.` for a wildcard.
  var host: String
  /// Whether the entry was `*.host` (subdomains of ``host``, not the apex).
  var isWildcard: Bool
  /// The port the entry names, as digits.
  var port: String?

  init(_ entry: String) throws(RouteTableError) {
    var text = entry.lowercased()
    var port: String?
    if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
      let digits = String(text[text.index(after: colon)...])
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number <= 65535
      else {
        throw RouteTableError(reason: .invalidHost(entry))
      }
      port = String(number)
      text = String(text[..<colon])
    }
    isWildcard = text.hasPrefix("*.")
    if isWildcard { text.removeFirst(2) }
    guard HostRule.isValidHostName(text) else { throw RouteTableError(reason: .invalidHost(entry)) }
    host = text
    self.port = port
  }

  /// Whether a lower-cased host and port (`nil` for the scheme's default) fall under this entry.
  func admits(host candidate: String, port candidatePort: String?) -> Bool {
    guard port == candidatePort else { return false }
    if isWildcard {
      return candidate.utf8.count > host.utf8.count + 1 && candidate.hasSuffix("." + host)
    }
    return candidate == host
  }

  /// The host as written in a URL's authority, with its port.
  var authority: String { port.map { "\(host):\($0)" } ?? host }

  /// Letters, digits, `-` and `.`, not starting or ending with `.`; or a bracketed IPv6 literal.
  static func isValidHostName(_ text: String) -> Bool {
    if text.hasPrefix("[") {
      return text.hasSuffix("]") && text.count > 2
        && text.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    // One pass over the bytes: letters, digits, "-" and "."; no leading, trailing or doubled ".".
    var previous = UInt8(ascii: ".")
    var count = 0
    for byte in text.utf8 {
      let isDot = byte == UInt8(ascii: ".")
      guard
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
          || (isDot && previous != UInt8(ascii: "."))
      else { return false }
      previous = byte
      count += 1
    }
    return count > 0 && previous != UInt8(ascii: ".")
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
