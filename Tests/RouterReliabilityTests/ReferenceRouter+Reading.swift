import DeepLinkRouting
import Foundation

extension ReferenceRouter {
  func read(_ url: String) -> Result<Link, ReferenceFailure> {
    let bytes = Array(url.utf8)
    if bytes.isEmpty { return .failure(ReferenceFailure("empty")) }
    if bytes.count > limits.maxURLLength { return .failure(ReferenceFailure("too-long")) }
    if bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
      return .failure(ReferenceFailure("invalid-character"))
    }
    // The fragment starts at the first "#", the query at the first "?" before it.
    let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
    let beforeFragment = Array(bytes[..<(hash ?? bytes.count)])
    let question = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
    let head = Array(beforeFragment[..<(question ?? beforeFragment.count)])

    guard let colon = head.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      Self.isScheme(Array(head[..<colon]))
    else { return .failure(ReferenceFailure("relative-url")) }
    let scheme = String(decoding: head[..<colon], as: UTF8.self).lowercased()
    var rest = Array(head[(colon + 1)...])
    var segments: [String] = []
    var rawFrom: [String] = []
    var webHost: String?
    var hostIsUnlisted = false
    var authorityIsAddress = false
    let hasAuthority = rest.count >= 2 && rest[0] == UInt8(ascii: "/") && rest[1] == UInt8(ascii: "/")
    var authority: [UInt8] = []
    if hasAuthority {
      rest.removeFirst(2)
      let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.count
      authority = Array(rest[..<end])
      rest = Array(rest[end...])
    }
    let isWeb = scheme == "https" || (scheme == "http" && schemes.contains { $0.lowercased() == "http" })
    if isWeb {
      guard hasAuthority, !authority.isEmpty else { return .failure(ReferenceFailure("missing-host")) }
      if authority.contains(UInt8(ascii: "@")) { return .failure(ReferenceFailure("user-info")) }
      var hostBytes = authority
      var port: String?
      if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
        let digits = String(decoding: authority[(portColon + 1)...], as: UTF8.self)
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigitCharacter),
          let number = Int(digits), number <= 65535
        else { return .failure(ReferenceFailure("invalid-port")) }
        port = number == 443 && scheme == "https" || number == 80 && scheme == "http" ? nil : String(number)
        hostBytes = Array(authority[..<portColon])
      }
      guard !hostBytes.isEmpty else { return .failure(ReferenceFailure("missing-host")) }
      guard let host = Self.asciiHost(hostBytes) else { return .failure(ReferenceFailure("invalid-host")) }
      let validHost =
        !host.hasPrefix(".") && !host.hasSuffix(".") && !host.contains("..")
        && host.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
        }
      guard validHost else { return .failure(ReferenceFailure("invalid-host")) }
      let listed = hosts.contains { Self.asciiHost(Array($0.utf8)) == host }
      webHost = port.map { "\(host):\($0)" } ?? host
      if listed && port == nil {
        // accepted
      } else if routes.contains(where: { $0.hosts == ["*"] }) {
        hostIsUnlisted = true
      } else if listed {
        return .failure(ReferenceFailure("port-not-allowed"))
      } else {
        return .failure(ReferenceFailure("unknown-host"))
      }
    } else {
      guard scheme != "http", scheme != "https", schemes.contains(where: { $0.lowercased() == scheme }) else {
        return .failure(ReferenceFailure("unknown-scheme"))
      }
      if let bad = authority.first(where: { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }) {
        // A ":" is read (as the first segment) only beside a route that starts with an address.
        if bad == UInt8(ascii: "@") { return .failure(ReferenceFailure("user-info")) }
        if !routes.contains(where: Self.takesAddress) {
          return .failure(ReferenceFailure("port-not-allowed"))
        }
        if authority.contains(UInt8(ascii: "@")) { return .failure(ReferenceFailure("user-info")) }
        authorityIsAddress = true
      }
      let authorityHost = Self.asciiHost(authority)
      if !authorityIsAddress && listedHostInCustomScheme && !authority.isEmpty
        && hosts.contains(where: { authorityHost != nil && Self.asciiHost(Array($0.utf8)) == authorityHost })
      {
        webHost = authorityHost
      } else if !authority.isEmpty {
        switch ReferenceCoding.decode(authority, plusAsSpace: false) {
        case .success(let text):
          segments.append(text)
          rawFrom.append(String(decoding: bytes[(colon + 3)...], as: UTF8.self))
        case .failure(let failure): return .failure(failure)
        }
      }
    }
    for piece in rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
      if segments.count >= limits.maxSegments { return .failure(ReferenceFailure("too-many-segments")) }
      switch ReferenceCoding.decode(Array(piece), plusAsSpace: false) {
      case .success(let text):
        segments.append(text)
        rawFrom.append(
          String(decoding: bytes[(head.count - rest.count + piece.startIndex)...], as: UTF8.self))
      case .failure(let failure): return .failure(failure)
      }
    }
    // A trailing slash after at least one segment (the root "/" is not a trailing slash).
    let trailingSlash = !segments.isEmpty && rest.last == UInt8(ascii: "/")

    var query: [QueryItem] = []
    if let question {
      let text = beforeFragment[(question + 1)...]
      switch queryItems(text, plusIsSpace: plusIsSpace) {
      case .success(let items): query = items
      case .failure(let failure): return .failure(failure)
      }
    }
    var fragment: String?
    var fragmentPath: (segments: [String], query: [QueryItem], trailingSlash: Bool)?
    if let hash {
      switch ReferenceCoding.decode(Array(bytes[(hash + 1)...]), plusAsSpace: false) {
      case .success(let text): fragment = text
      case .failure(let failure): return .failure(failure)
      }
      let raw = Array(bytes[(hash + 1)...])
      let startsWithSlash = raw.first == UInt8(ascii: "/")
      if routes.contains(where: { $0.fragmentPieces != nil && $0.fragmentStartsWithSlash == startsWithSlash })
      {
        // A raw "#" in the fragment is text; its first "?" starts its query.
        let mark = raw.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = raw[..<(mark ?? raw.count)]
        var parts: [String] = []
        for piece in pathBytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
          if segments.count + 1 + parts.count >= limits.maxSegments {
            return .failure(ReferenceFailure("too-many-segments"))
          }
          switch ReferenceCoding.decode(Array(piece), plusAsSpace: false) {
          case .success(let text): parts.append(text)
          case .failure(let failure): return .failure(failure)
          }
        }
        if segments.count + 1 > limits.maxSegments { return .failure(ReferenceFailure("too-many-segments")) }
        var items: [QueryItem] = []
        if let mark {
          switch queryItems(raw[(mark + 1)...], plusIsSpace: plusIsSpace) {
          case .success(let read): items = read
          case .failure(let failure): return .failure(failure)
          }
        }
        fragmentPath = (parts, items, !parts.isEmpty && pathBytes.last == UInt8(ascii: "/"))
      }
    }
    var link = Link(
      segments: segments, isWeb: isWeb, trailingSlash: trailingSlash, query: query, fragment: fragment,
      scheme: scheme, host: webHost, hostIsUnlisted: hostIsUnlisted, authorityIsAddress: authorityIsAddress)
    link.fragmentPath = fragmentPath
    link.rawFrom = rawFrom
    link.afterPath = String(decoding: bytes[head.count...], as: UTF8.self)
    link.fragmentStartsWithSlash =
      hash.map { $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "/") } ?? true
    return .success(link)
  }

  /// The items of a query, the text after its `?`: split at each `&` (empty items dropped), each name
  /// and value decoded; more than the table's `maxQueryItems` is a failure.
  private func queryItems(_ text: ArraySlice<UInt8>, plusIsSpace: Bool) -> Result<
    [QueryItem], ReferenceFailure
  > {
    var items: [QueryItem] = []
    for item in text.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      if items.count >= limits.maxQueryItems { return .failure(ReferenceFailure("too-many-query-items")) }
      let equals = item.firstIndex(of: UInt8(ascii: "="))
      let name: String
      switch ReferenceCoding.decode(Array(item[..<(equals ?? item.endIndex)]), plusAsSpace: plusIsSpace) {
      case .success(let text): name = text
      case .failure(let failure): return .failure(failure)
      }
      var value: String?
      if let equals {
        switch ReferenceCoding.decode(Array(item[(equals + 1)...]), plusAsSpace: plusIsSpace) {
        case .success(let text): value = text
        case .failure(let failure): return .failure(failure)
        }
      }
      items.append(QueryItem(name: name, value: value))
    }
    return .success(items)
  }

  private static func isScheme(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first, Character(Unicode.Scalar(first)).isLetter, first < 0x80 else {
      return false
    }
    return bytes.allSatisfy { byte in
      byte < 0x80
        && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber
          || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
    }
  }
}

extension ReferenceRouter {
  /// A host's ASCII form, or `nil` for a host that has none: each percent escape stands for a byte
  /// beyond ASCII and the bytes are UTF-8; the Unicode-to-ASCII step (mapping, Punycode, the label and
  /// host bounds) is ``HostName``'s, pinned on its own by `PunycodeTests` and `UnicodeHostTests` to
  /// RFC 3492's samples and browsers' answers; the rest of the reading rules are stated here.
  static func asciiHost(_ bytes: [UInt8]) -> String? {
    var decoded: [UInt8] = []
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        decoded.append(bytes[index])
        index += 1
        continue
      }
      guard index + 2 < bytes.count,
        let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
        value >= 0x80
      else { return nil }
      decoded.append(value)
      index += 3
    }
    let text = String(decoding: decoded, as: UTF8.self)
    guard Array(text.utf8) == decoded else { return nil }
    return try? HostName.ascii(text)
  }
}
