/// One parsed entry of ``RouteTable/hosts``.
package struct HostRule: Sendable, Hashable {
  /// The lower-cased host, without `*.` for a wildcard.
  var host: String
  /// Whether the entry was `*.host` (subdomains of ``host``, not the apex).
  var isWildcard: Bool
  /// The port the entry names, as digits.
  var port: String?

  /// Parses an entry: `host`, `*.host`, either with `:port`; a Unicode host is kept in its ASCII form
  /// (``HostName``), so `chat.example.भारत` and `chat.example.xn--h2brj9c` are one entry.
  ///
  /// - Throws: ``RouteTableError`` code `invalidHost`, saying why when the host has no ASCII form.
  init(_ entry: String) throws(RouteTableError) {
    var text = entry
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
    if text.hasPrefix("[") {
      text = text.lowercased()
    } else {
      do {
        text = try HostName.ascii(text)
      } catch {
        throw RouteTableError(reason: .invalidHost(entry, problem: error.description))
      }
    }
    guard HostRule.isValidHostName(text) else { throw RouteTableError(reason: .invalidHost(entry)) }
    host = text
    self.port = port
  }

  /// The entry in the router's one form: `*.` for a wildcard, the host in ASCII, the port.
  var entry: String { (isWildcard ? "*." : "") + authority }

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

extension RouteTable {
  /// The table's hosts, parsed, in order.
  ///
  /// - Throws: ``RouteTableError`` code `invalidHost` at the entry (`hosts[2]`): a host that is not one,
  ///   or one listed before in any spelling (case, Unicode or `xn--`), whose routes would all be
  ///   duplicates.
  package func hostRules() throws(RouteTableError) -> [HostRule] {
    var rules: [HostRule] = []
    rules.reserveCapacity(hosts.count)
    var firstIndex: [HostRule: Int] = [:]
    for (index, host) in hosts.enumerated() {
      let rule: HostRule
      do {
        rule = try HostRule(host)
      } catch {
        throw RouteTableError(location: "hosts[\(index)]", reason: error)
      }
      if let first = firstIndex[rule] {
        throw RouteTableError(
          location: "hosts[\(index)]",
          reason: .repeatedHost(host, first: hosts[first], firstIndex: first, ascii: rule.entry))
      }
      firstIndex[rule] = index
      rules.append(rule)
    }
    return rules
  }
}
