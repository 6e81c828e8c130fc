/// A link read by the table's rules, before any route is consulted.
struct ReadLink {
  var origin: LinkOrigin
  var segments: [String]
  var hasTrailingSlash: Bool
  var query: [QueryItem]
  var fragment: String?
}

/// Reads a link's bytes into a ``ReadLink`` following the URL reading rules of the route table.
struct LinkReader {
  let schemes: Set<String>
  let exactHosts: [String: [String?]]
  let wildcardHosts: [HostRule]
  let allowsHTTP: Bool
  let limits: RouteTable.Limits

  init(table: RouteTable, hostRules: [HostRule]) {
    schemes = Set(table.schemes.map { $0.lowercased() }.filter { $0 != "http" && $0 != "https" })
    var exact: [String: [String?]] = [:]
    for rule in hostRules where !rule.isWildcard { exact[rule.host, default: []].append(rule.port) }
    exactHosts = exact
    wildcardHosts = hostRules.filter(\.isWildcard)
    allowsHTTP = table.schemes.contains { $0.lowercased() == "http" }
    limits = table.limits
  }

  func read(_ text: String) throws(LinkError) -> ReadLink {
    let original = text
    var utf8Text = text
    let result = utf8Text.withUTF8 { buffer in
      Result { () throws(LinkError) -> ReadLink in try read(buffer, original: original) }
    }
    return try result.get()
  }

  private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
    let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    if first { return isLetter }
    return isLetter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  private static func lowercasedASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> String
  {
    String(unsafeUninitializedCapacity: end - start) { output in
      for index in start..<end {
        let byte = buffer[index]
        output[index - start] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      }
      return end - start
    }
  }

  /// Reads the link in one pass over its bytes, in URL order.
  func read(_ buffer: UnsafeBufferPointer<UInt8>, original: @autoclosure () -> String) throws(LinkError)
    -> ReadLink
  {
    let count = buffer.count
    func fail(_ reason: LinkError.Reason, at offset: Int? = nil) -> LinkError {
      LinkError(url: original(), offset: offset, reason: reason)
    }
    guard count > 0 else { throw fail(.empty) }
    guard count <= limits.maxURLLength else {
      throw fail(.tooLong(length: count, limit: limits.maxURLLength))
    }

    // Raw characters: no spaces, no controls; everything else is read piece by piece.
    var queryStart = -1
    var fragmentStart = -1
    for index in 0..<count {
      let byte = buffer[index]
      if byte <= 0x20 || byte == 0x7F { throw fail(.invalidCharacter(UInt32(byte)), at: index) }
      if byte == UInt8(ascii: "#") && fragmentStart < 0 {
        fragmentStart = index
      } else if byte == UInt8(ascii: "?") && queryStart < 0 && fragmentStart < 0 {
        queryStart = index
      }
    }
    let pathAndAuthorityEnd = queryStart >= 0 ? queryStart : (fragmentStart >= 0 ? fragmentStart : count)

    // Scheme.
    var index = 0
    while index < pathAndAuthorityEnd && Self.isSchemeByte(buffer[index], first: index == 0) { index += 1 }
    guard index > 0, index < count, buffer[index] == UInt8(ascii: ":") else { throw fail(.relativeURL) }
    let scheme = Self.lowercasedASCII(buffer, 0, index)
    index += 1
    let hasAuthority =
      index + 1 < pathAndAuthorityEnd && buffer[index] == UInt8(ascii: "/")
      && buffer[index + 1] == UInt8(ascii: "/")
    var authorityEnd = index
    if hasAuthority {
      authorityEnd = index + 2
      while authorityEnd < pathAndAuthorityEnd && buffer[authorityEnd] != UInt8(ascii: "/") {
        authorityEnd += 1
      }
    }

    var segments: [String] = []
    let origin: LinkOrigin
    var pathStart = index
    if scheme == "https" || scheme == "http" {
      if scheme == "http" && !allowsHTTP { throw fail(.unknownScheme(scheme)) }
      guard hasAuthority, authorityEnd > index + 2 else { throw fail(.missingHost, at: index) }
      origin = .universalLink(
        host: try readHost(buffer, from: index + 2, to: authorityEnd, scheme: scheme, fail: fail))
      pathStart = authorityEnd
    } else {
      guard schemes.contains(scheme) else { throw fail(.unknownScheme(scheme)) }
      origin = .customScheme(scheme)
      if hasAuthority {
        let authorityStart = index + 2
        for position in authorityStart..<authorityEnd {
          if buffer[position] == UInt8(ascii: "@") { throw fail(.userInfoNotAllowed, at: position) }
          if buffer[position] == UInt8(ascii: ":") {
            throw fail(
              .portNotAllowed(
                host: String(
                  decoding: UnsafeBufferPointer(rebasing: buffer[authorityStart..<position]), as: UTF8.self),
                port: String(
                  decoding: UnsafeBufferPointer(rebasing: buffer[(position + 1)..<authorityEnd]),
                  as: UTF8.self)
              ),
              at: position
            )
          }
        }
        if authorityEnd > authorityStart {
          // The authority of a custom-scheme link is the first path segment; like a host, it is
          // compared case-insensitively, so it is lower-cased once decoded.
          segments.append(
            try decode(buffer, authorityStart, authorityEnd, plusAsSpace: false, fail: fail).lowercased())
        }
        pathStart = authorityEnd
      }
    }

    // Path: split the encoded text on "/", drop empty segments, decode each once.
    var segmentStart = pathStart
    var position = pathStart
    while position <= pathAndAuthorityEnd {
      if position == pathAndAuthorityEnd || buffer[position] == UInt8(ascii: "/") {
        if position > segmentStart {
          guard segments.count < limits.maxSegments else {
            throw fail(.tooManySegments(limit: limits.maxSegments))
          }
          segments.append(try decode(buffer, segmentStart, position, plusAsSpace: false, fail: fail))
        }
        segmentStart = position + 1
      }
      position += 1
    }
    let hasTrailingSlash =
      pathAndAuthorityEnd > pathStart && buffer[pathAndAuthorityEnd - 1] == UInt8(ascii: "/")

    // Query: "&"-separated items, "+" reads as a space, "?flag" has no value, "?flag=" an empty one.
    var query: [QueryItem] = []
    if queryStart >= 0 {
      let queryEnd = fragmentStart >= 0 ? fragmentStart : count
      var itemStart = queryStart + 1
      var cursor = itemStart
      while cursor <= queryEnd {
        if cursor == queryEnd || buffer[cursor] == UInt8(ascii: "&") {
          if cursor > itemStart {
            guard query.count < limits.maxQueryItems else {
              throw fail(.tooManyQueryItems(limit: limits.maxQueryItems))
            }
            var equals = itemStart
            while equals < cursor && buffer[equals] != UInt8(ascii: "=") { equals += 1 }
            let name = try decode(buffer, itemStart, equals, plusAsSpace: true, fail: fail)
            let value =
              equals < cursor ? try decode(buffer, equals + 1, cursor, plusAsSpace: true, fail: fail) : nil
            query.append(QueryItem(name: name, value: value))
          }
          itemStart = cursor + 1
        }
        cursor += 1
      }
    }

    // Fragment: kept apart, decoded, never matched.
    var fragment: String?
    if fragmentStart >= 0 {
      fragment = try decode(buffer, fragmentStart + 1, count, plusAsSpace: false, fail: fail)
    }
    return ReadLink(
      origin: origin,
      segments: segments,
      hasTrailingSlash: hasTrailingSlash,
      query: query,
      fragment: fragment
    )
  }

  private func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, plusAsSpace: Bool,
    fail: (LinkError.Reason, Int?) -> LinkError
  ) throws(LinkError) -> String {
    do {
      return try PercentCoding.decode(buffer, from: start, to: end, plusAsSpace: plusAsSpace)
    } catch {
      switch error {
      case .malformedEscape(let offset): throw fail(.malformedPercentEscape, offset)
      case .invalidUTF8: throw fail(.invalidUTF8, start)
      case .forbiddenCharacter(let scalar): throw fail(.forbiddenCharacter(scalar.value), start)
      }
    }
  }

  private func readHost(
    _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, scheme: String,
    fail: (LinkError.Reason, Int?) -> LinkError
  ) throws(LinkError) -> String {
    var hostEnd = end
    for position in start..<end {
      if buffer[position] == UInt8(ascii: "@") { throw fail(.userInfoNotAllowed, position) }
    }
    var port: String?
    var search = end - 1
    while search >= start {
      let byte = buffer[search]
      if byte == UInt8(ascii: ":") {
        hostEnd = search
        break
      }
      if byte == UInt8(ascii: "]") { break }
      search -= 1
    }
    if hostEnd < end {
      let digits = String(decoding: UnsafeBufferPointer(rebasing: buffer[(hostEnd + 1)..<end]), as: UTF8.self)
      guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        digits.utf8.count <= 5, let number = Int(digits), number <= 65535
      else { throw fail(.invalidPort(digits), hostEnd + 1) }
      let isDefault = (scheme == "https" && number == 443) || (scheme == "http" && number == 80)
      port = isDefault ? nil : String(number)
    }
    guard hostEnd > start else { throw fail(.missingHost, start) }
    let host = Self.lowercasedASCII(buffer, start, hostEnd)
    guard HostRule.isValidHostName(host) else { throw fail(.invalidHost(host), start) }
    if let ports = exactHosts[host], ports.contains(port) { return port.map { "\(host):\($0)" } ?? host }
    for rule in wildcardHosts where rule.admits(host: host, port: port) {
      return port.map { "\(host):\($0)" } ?? host
    }
    if let port,
      exactHosts[host] != nil || wildcardHosts.contains(where: { $0.admits(host: host, port: $0.port) })
    {
      throw fail(.portNotAllowed(host: host, port: port), hostEnd + 1)
    }
    throw fail(.unknownHost(port.map { "\(host):\($0)" } ?? host), start)
  }
}
