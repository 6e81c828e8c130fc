/// A link read by the table's rules into byte ranges, before any route is consulted.
///
/// Path segments are decoded once into a scratch buffer; nothing is turned into a `String` unless it
/// is not ASCII or a route has been chosen. The view points into buffers that live only inside
/// ``LinkReader/withLink(_:original:_:)``.
struct LinkView {
  /// The link's bytes as given.
  let buffer: UnsafeBufferPointer<UInt8>
  /// The decoded path segments, back to back.
  let decoded: UnsafeMutableBufferPointer<UInt8>
  /// Segment `i` is `decoded[bounds[2 * i] ..< bounds[2 * i + 1]]`.
  let bounds: UnsafeMutableBufferPointer<Int32>
  /// Per segment: ``unicode`` when its text is not ASCII.
  let flags: UnsafeMutableBufferPointer<UInt8>
  var count = 0
  /// Where the scheme ends; for a web link, where its host is.
  var schemeEnd = 0
  var isWeb = false
  var hostStart = 0
  var hostEnd = 0
  /// The host with its port as ``LinkOrigin`` names it, when it was not read on the fast path.
  var host: String?
  /// The lower-cased authority of a custom-scheme link, when it is not ASCII (lower-casing may change
  /// its length, so it is not kept in ``decoded``).
  var unicodeAuthority: String?
  var hasTrailingSlash = false
  var queryStart = -1
  var queryEnd = -1
  var fragmentStart = -1
  /// When the single pass read the link: the index of its scheme in ``LinkReader/schemeNames`` or of
  /// its host in ``LinkReader/hostNames``, so that the origin is a string built once per table.
  var originIndex = -1

  static let unicode: UInt8 = 1

  @inline(__always)
  func isASCII(_ index: Int) -> Bool { flags[index] == 0 }

  @inline(__always)
  func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      rebasing: decoded[Int(bounds[2 &* index])..<Int(bounds[2 &* index &+ 1])])
  }

  /// The decoded text of a segment.
  func string(_ index: Int) -> String {
    if index == 0, let unicodeAuthority { return unicodeAuthority }
    return String(decoding: bytes(index), as: UTF8.self)
  }
}

final class LinkReader: Sendable {
  let schemes: Set<String>
  /// The custom schemes, lower-cased.
  let schemeNames: [String]
  /// The custom schemes, lower-cased, as bytes (in the order of ``schemeNames``).
  let schemeList: [[UInt8]]
  /// The hosts listed exactly without a port, lower-cased.
  let hostNames: [String]
  /// The hosts listed exactly without a port, lower-cased, as bytes (in the order of ``hostNames``).
  let portlessHosts: [[UInt8]]
  let exactHosts: [String: [String?]]
  let wildcardHosts: [HostRule]
  let allowsHTTP: Bool
  let limits: RouteTable.Limits

  init(table: RouteTable, hostRules: [HostRule]) {
    schemes = Set(table.schemes.map { $0.lowercased() }.filter { $0 != "http" && $0 != "https" })
    var exact: [String: [String?]] = [:]
    for rule in hostRules where !rule.isWildcard { exact[rule.host, default: []].append(rule.port) }
    exactHosts = exact
    schemeNames = schemes.sorted()
    schemeList = schemeNames.map { Array($0.utf8) }
    hostNames = exact.filter { $0.value.contains(nil) }.keys.sorted()
    portlessHosts = hostNames.map { Array($0.utf8) }
    wildcardHosts = hostRules.filter(\.isWildcard)
    allowsHTTP = table.schemes.contains { $0.lowercased() == "http" }
    limits = table.limits
  }

  /// Reads a link and hands its view to `body`.
  ///
  /// - Parameters:
  ///   - buffer: The link's UTF-8 bytes.
  ///   - original: The link as text, built only for an error.
  ///   - body: What to do with the view.
  /// - Returns: What `body` returns.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  @inline(__always)
  func withLink<Value>(
    _ buffer: UnsafeBufferPointer<UInt8>, original: () -> String, _ body: (inout LinkView) -> Value
  ) throws(LinkError) -> Value {
    let count = buffer.count
    guard count > 0 else { throw LinkError(url: original(), offset: nil, reason: .empty) }
    guard count <= limits.maxURLLength else {
      throw LinkError(
        url: original(), offset: nil, reason: .tooLong(length: count, limit: limits.maxURLLength))
    }
    // Segments are separated by at least one byte, so there are at most count / 2 + 1 of them.
    let segmentCapacity = min(limits.maxSegments + 1, count / 2 + 2)
    let byteCount = segmentCapacity * 9 + count
    let outcome = withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 4) {
      raw -> Result<Value, LinkError> in
      let bounds = raw.baseAddress.map {
        UnsafeMutableBufferPointer(start: $0.assumingMemoryBound(to: Int32.self), count: 2 * segmentCapacity)
      }
      let flags = raw.baseAddress.map {
        UnsafeMutableBufferPointer(
          start: ($0 + 8 * segmentCapacity).assumingMemoryBound(to: UInt8.self), count: segmentCapacity)
      }
      let decoded = raw.baseAddress.map {
        UnsafeMutableBufferPointer(
          start: ($0 + 9 * segmentCapacity).assumingMemoryBound(to: UInt8.self), count: count)
      }
      guard let bounds, let flags, let decoded else {
        return .failure(LinkError(url: original(), reason: .empty))
      }
      var view = LinkView(buffer: buffer, decoded: decoded, bounds: bounds, flags: flags)
      if !readPlain(into: &view) {
        // Something out of the ordinary (or an error): read again by every rule, for the exact
        // outcome and the exact error.
        view = LinkView(buffer: buffer, decoded: decoded, bounds: bounds, flags: flags)
        let reading = Result { () throws(LinkError) in try read(into: &view, original: original) }
        if case .failure(let error) = reading { return .failure(error) }
      }
      return .success(body(&view))
    }
    return try outcome.get()
  }

  private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
    let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    if first { return isLetter }
    return isLetter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  static let https = Array("https".utf8)
  static let http = Array("http".utf8)

  /// Whether `buffer[start..<end]`, with ASCII letters lower-cased, is exactly `lowercase`.
  @inline(__always)
  private static func equalsLowercased(
    _ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lowercase: [UInt8]
  ) -> Bool {
    guard end - start == lowercase.count else { return false }
    for offset in 0..<lowercase.count {
      let byte = buffer[start + offset]
      if (byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte) != lowercase[offset] { return false }
    }
    return true
  }

  /// The common case of a web host, decided on bytes: a host the table lists exactly, with no port and
  /// no user information. Anything else goes through ``readHost`` for the full rules and their errors.
  @inline(__always)
  private func isListedHost(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    for position in start..<end {
      let byte = buffer[position]
      if byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") { return false }
    }
    return portlessHosts.contains { Self.equalsLowercased(buffer, start, end, $0) }
  }

  /// The origin of a link that was read.
  func origin(of view: LinkView) -> LinkOrigin {
    if view.originIndex >= 0 {
      return view.isWeb
        ? .universalLink(host: hostNames[view.originIndex]) : .customScheme(schemeNames[view.originIndex])
    }
    guard view.isWeb else { return .customScheme(Self.lowercasedASCII(view.buffer, 0, view.schemeEnd)) }
    return .universalLink(host: view.host ?? Self.lowercasedASCII(view.buffer, view.hostStart, view.hostEnd))
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

  /// The ordinary link, read in a single pass over its bytes: printable ASCII only, escapes that decode
  /// to printable ASCII, a listed scheme, a listed host without port or user information, within the
  /// limits. It splits and decodes the path, finds the query and the fragment and checks them on the
  /// way. Anything else (including every error) returns `false` before the view is used, and the link
  /// is read again by ``read(into:original:)``, so outcomes and errors are exactly those of the rules.
  @inline(__always)
  private func readPlain(into view: inout LinkView) -> Bool {
    let buffer = view.buffer
    let count = buffer.count
    let decoded = view.decoded

    // Scheme.
    var index = 0
    while index < count && Self.isSchemeByte(buffer[index], first: index == 0) { index += 1 }
    guard index > 0, index < count, buffer[index] == UInt8(ascii: ":") else { return false }
    let schemeEnd = index
    view.schemeEnd = schemeEnd
    index += 1
    let hasAuthority =
      index + 1 < count && buffer[index] == UInt8(ascii: "/") && buffer[index + 1] == UInt8(ascii: "/")
    var output = 0
    let isHTTPS = Self.equalsLowercased(buffer, 0, schemeEnd, Self.https)
    if isHTTPS || (allowsHTTP && Self.equalsLowercased(buffer, 0, schemeEnd, Self.http)) {
      // A web link: a host name the table lists exactly, nothing else in the authority.
      guard hasAuthority else { return false }
      let hostStart = index + 2
      var end = hostStart
      while end < count {
        let byte = buffer[end]
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        let isHostByte =
          (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
          || byte == UInt8(ascii: "-")
          || byte == UInt8(ascii: ".")
        guard isHostByte else { return false }
        end += 1
      }
      guard end > hostStart,
        let host = portlessHosts.firstIndex(where: { Self.equalsLowercased(buffer, hostStart, end, $0) })
      else { return false }
      view.isWeb = true
      view.hostStart = hostStart
      view.hostEnd = end
      view.originIndex = host
      index = end
    } else {
      guard let scheme = schemeList.firstIndex(where: { Self.equalsLowercased(buffer, 0, schemeEnd, $0) })
      else { return false }
      view.originIndex = scheme
      if hasAuthority {
        // The authority is the first segment, lower-cased; no user information, no port.
        index += 2
        while index < count {
          var byte = buffer[index]
          if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
          guard byte &- 0x21 < 0x5E, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "@"),
            byte != UInt8(ascii: ":")
          else { return false }
          if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
          decoded[output] = byte
          output += 1
          index += 1
        }
        if output > 0 {
          view.bounds[0] = 0
          view.bounds[1] = Int32(output)
          view.flags[0] = 0
          view.count = 1
        }
      }
    }

    // Path: split on "/", drop empty segments, decode escapes of printable ASCII in place.
    let pathStart = index
    var segmentStart = output
    while index < count {
      var byte = buffer[index]
      if byte == UInt8(ascii: "/") {
        if output > segmentStart {
          guard view.count < limits.maxSegments else { return false }
          view.bounds[2 &* view.count] = Int32(truncatingIfNeeded: segmentStart)
          view.bounds[2 &* view.count &+ 1] = Int32(truncatingIfNeeded: output)
          view.flags[view.count] = 0
          view.count &+= 1
          segmentStart = output
        }
        index += 1
        continue
      }
      if byte == UInt8(ascii: "%") {
        guard index + 2 < count, let high = PercentCoding.hexValue(buffer[index + 1]),
          let low = PercentCoding.hexValue(buffer[index + 2])
        else { return false }
        byte = high << 4 | low
        guard byte >= 0x20 && byte < 0x7F else { return false }
        index += 3
      } else {
        if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
        guard byte &- 0x21 < 0x5E else { return false }
        index += 1
      }
      decoded[output] = byte
      output += 1
    }
    if output > segmentStart {
      guard view.count < limits.maxSegments else { return false }
      view.bounds[2 &* view.count] = Int32(truncatingIfNeeded: segmentStart)
      view.bounds[2 &* view.count &+ 1] = Int32(truncatingIfNeeded: output)
      view.flags[view.count] = 0
      view.count &+= 1
    }
    view.hasTrailingSlash = view.count > 0 && index > pathStart && buffer[index - 1] == UInt8(ascii: "/")

    // Query: only checked here (printable ASCII, well-formed escapes, the item limit), decoded when
    // a route reads it.
    if index < count && buffer[index] == UInt8(ascii: "?") {
      view.queryStart = index
      index += 1
      var separators = 0
      while index < count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "%") {
          guard Self.isPrintableEscape(buffer, at: index, count: count) else { return false }
          index += 3
          continue
        }
        if byte == UInt8(ascii: "#") { break }
        guard byte &- 0x21 < 0x5E else { return false }
        if byte == UInt8(ascii: "&") { separators += 1 }
        index += 1
      }
      // Empty items do not count; when the separators alone reach the limit, count exactly by the rules.
      guard separators < limits.maxQueryItems else { return false }
      view.queryEnd = index
    }

    // Fragment: checked the same way, decoded when a route is chosen.
    if index < count {
      view.fragmentStart = index
      index += 1
      while index < count {
        let byte = buffer[index]
        if byte == UInt8(ascii: "%") {
          guard Self.isPrintableEscape(buffer, at: index, count: count) else { return false }
          index += 3
          continue
        }
        guard byte &- 0x21 < 0x5E else { return false }
        index += 1
      }
    }
    return true
  }

  /// Whether `buffer[index]` starts a `%XX` escape that decodes to a printable ASCII character, the
  /// only escapes the one-pass reader takes on (everything else goes to the full reader).
  @inline(__always)
  private static func isPrintableEscape(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, count: Int)
    -> Bool
  {
    guard index + 2 < count, let high = PercentCoding.hexValue(buffer[index + 1]),
      let low = PercentCoding.hexValue(buffer[index + 2])
    else { return false }
    let value = high << 4 | low
    return value >= 0x20 && value < 0x7F
  }

  /// Reads the link in one pass over its bytes, in URL order, checking every piece (the query and the
  /// fragment too) so that a bad link is an error whichever route it would reach.
  private func read(into view: inout LinkView, original: () -> String) throws(LinkError) {
    let buffer = view.buffer
    let count = buffer.count
    func fail(_ reason: LinkError.Reason, at offset: Int? = nil) -> LinkError {
      LinkError(url: original(), offset: offset, reason: reason)
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
    let schemeEnd = index
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

    var cursor = 0
    var pathStart = index
    view.schemeEnd = schemeEnd
    let isHTTPS = Self.equalsLowercased(buffer, 0, schemeEnd, Self.https)
    if isHTTPS || Self.equalsLowercased(buffer, 0, schemeEnd, Self.http) {
      let scheme = isHTTPS ? "https" : "http"
      if !isHTTPS && !allowsHTTP { throw fail(.unknownScheme(scheme)) }
      guard hasAuthority, authorityEnd > index + 2 else { throw fail(.missingHost, at: index) }
      view.isWeb = true
      view.hostStart = index + 2
      view.hostEnd = authorityEnd
      if !isListedHost(buffer, index + 2, authorityEnd) {
        view.host = try readHost(buffer, from: index + 2, to: authorityEnd, scheme: scheme, fail: fail)
      }
      pathStart = authorityEnd
    } else {
      guard schemeList.contains(where: { Self.equalsLowercased(buffer, 0, schemeEnd, $0) }) else {
        throw fail(.unknownScheme(Self.lowercasedASCII(buffer, 0, schemeEnd)))
      }
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
          try appendSegment(
            authorityStart, authorityEnd, lowercase: true, to: &view, cursor: &cursor, fail: fail)
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
          guard view.count < limits.maxSegments else {
            throw fail(.tooManySegments(limit: limits.maxSegments))
          }
          try appendSegment(segmentStart, position, lowercase: false, to: &view, cursor: &cursor, fail: fail)
        }
        segmentStart = position + 1
      }
      position += 1
    }
    // A slash after the last segment; the root path `/` has no segment, so no trailing slash.
    let hasTrailingSlash =
      view.count > 0 && pathAndAuthorityEnd > pathStart
      && buffer[pathAndAuthorityEnd - 1] == UInt8(ascii: "/")

    view.hasTrailingSlash = hasTrailingSlash

    // Query: checked now, decoded only when a route needs it (see ``query(of:)``).
    if queryStart >= 0 {
      let queryEnd = fragmentStart >= 0 ? fragmentStart : count
      view.queryStart = queryStart
      view.queryEnd = queryEnd
      var items = 0
      var simple = true
      var itemStart = queryStart + 1
      for cursor in (queryStart + 1)...queryEnd
      where cursor == queryEnd || buffer[cursor] == UInt8(ascii: "&") {
        if cursor > itemStart {
          items += 1
          if items > limits.maxQueryItems || !Self.isPlainASCII(buffer, itemStart, cursor) {
            simple = false
            break
          }
        }
        itemStart = cursor + 1
      }
      if !simple { _ = try readQuery(buffer, from: queryStart, to: queryEnd, fail: fail) }
    }

    // Fragment: kept apart, never matched; checked now, decoded when a route is chosen.
    if fragmentStart >= 0 {
      view.fragmentStart = fragmentStart
      if !Self.isPlainASCII(buffer, fragmentStart + 1, count) {
        _ = try decode(buffer, fragmentStart + 1, count, plusAsSpace: false, fail: fail)
      }
    }
  }

  /// Whether decoding `buffer[start..<end]` certainly succeeds and gives ASCII text with no control
  /// character: well-formed escapes of printable ASCII, no raw byte beyond ASCII.
  @inline(__always)
  private static func isPlainASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end {
      let byte = buffer[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < end, let high = PercentCoding.hexValue(buffer[index + 1]),
          let low = PercentCoding.hexValue(buffer[index + 2])
        else { return false }
        let value = high << 4 | low
        if value >= 0x7F || value < 0x20 { return false }
        index += 3
      } else {
        if byte >= 0x80 { return false }
        index += 1
      }
    }
    return true
  }

  /// Decodes one path segment into the view. Plain ASCII is decoded in place; anything else takes the
  /// exact path of ``PercentCoding/decode(_:from:to:plusAsSpace:)`` (errors, UTF-8, forbidden characters).
  @inline(__always)
  private func appendSegment(
    _ start: Int, _ end: Int, lowercase: Bool, to view: inout LinkView, cursor: inout Int,
    fail: (LinkError.Reason, Int?) -> LinkError
  ) throws(LinkError) {
    let buffer = view.buffer
    let decoded = view.decoded
    var output = cursor
    var index = start
    var plain = true
    while index < end {
      var byte = buffer[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < end, let high = PercentCoding.hexValue(buffer[index + 1]),
          let low = PercentCoding.hexValue(buffer[index + 2])
        else {
          plain = false
          break
        }
        byte = high << 4 | low
        if byte >= 0x7F || byte < 0x20 {
          plain = false
          break
        }
        index += 3
      } else {
        if byte >= 0x80 {
          plain = false
          break
        }
        index += 1
      }
      if lowercase && byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
      decoded[output] = byte
      output += 1
    }
    let segment = view.count
    view.count += 1
    if plain {
      view.bounds[2 * segment] = Int32(cursor)
      view.bounds[2 * segment + 1] = Int32(output)
      view.flags[segment] = 0
      cursor = output
      return
    }
    let text = try decode(buffer, start, end, plusAsSpace: false, fail: fail)
    var length = 0
    for byte in text.utf8 {
      // Decoded text is never longer than its encoded form.
      decoded[cursor + length] = byte
      length += 1
    }
    view.bounds[2 * segment] = Int32(cursor)
    view.bounds[2 * segment + 1] = Int32(cursor + length)
    let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    view.flags[segment] = isASCII ? 0 : LinkView.unicode
    if lowercase {
      if isASCII {
        for position in cursor..<(cursor + length) where decoded[position] &- UInt8(ascii: "A") < 26 {
          decoded[position] |= 0x20
        }
      } else {
        view.unicodeAuthority = text.lowercased()
      }
    }
    cursor += length
  }

  /// The query items of a link that was read: `&`-separated, `+` reads as a space, `?flag` has no
  /// value, `?flag=` an empty one.
  func query(of view: LinkView) -> [QueryItem] {
    guard view.queryStart >= 0 else { return [] }
    let failure = { (reason: LinkError.Reason, offset: Int?) in
      LinkError(url: "", offset: offset, reason: reason)
    }
    return (try? readQuery(view.buffer, from: view.queryStart, to: view.queryEnd, fail: failure)) ?? []
  }

  /// The decoded fragment of a link that was read.
  func fragment(of view: LinkView) -> String? {
    guard view.fragmentStart >= 0 else { return nil }
    let failure = { (reason: LinkError.Reason, offset: Int?) in
      LinkError(url: "", offset: offset, reason: reason)
    }
    return try? decode(
      view.buffer, view.fragmentStart + 1, view.buffer.count, plusAsSpace: false, fail: failure)
  }

  private func readQuery(
    _ buffer: UnsafeBufferPointer<UInt8>, from queryStart: Int, to queryEnd: Int,
    fail: (LinkError.Reason, Int?) -> LinkError
  ) throws(LinkError) -> [QueryItem] {
    var query: [QueryItem] = []
    var itemStart = queryStart + 1
    var cursor = itemStart
    while cursor <= queryEnd {
      if cursor == queryEnd || buffer[cursor] == UInt8(ascii: "&") {
        if cursor > itemStart {
          guard query.count < limits.maxQueryItems else {
            throw fail(.tooManyQueryItems(limit: limits.maxQueryItems), nil)
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
    return query
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
