final class LinkReader: Sendable {
  let schemes: Set<String>
  /// The custom schemes, lower-cased.
  let schemeNames: [String]
  /// The custom schemes, lower-cased, as names to compare (in the order of ``schemeNames``).
  let schemeList: [ReadingRules.LowercaseName]
  /// The hosts listed exactly without a port, lower-cased.
  let hostNames: [String]
  /// The hosts listed exactly without a port, lower-cased, as names to compare (in the order of
  /// ``hostNames``).
  let portlessHosts: [ReadingRules.LowercaseName]
  let exactHosts: [String: [String?]]
  let wildcardHosts: [HostRule]
  let allowsHTTP: Bool
  /// Whether a web link on a host the table does not list is read (for any-host routes) rather than
  /// refused.
  let acceptsAnyHost: Bool
  /// Whether a custom-scheme link's authority that is a listed host is read as its host.
  let customSchemeCarriesHost: Bool
  /// Whether a custom-scheme authority that holds a `:` (a port, an IPv6 address) is read as the first
  /// segment, for the routes that start with an address, rather than refused: the table has such a
  /// route (``RouteScope/takesAddress``).
  let readsAddressAuthority: Bool
  let limits: RouteTable.Options
  /// Whether `+` in the query reads as a space (not ``RouteTable/Options/literalPlusInQuery``).
  let plusAsSpace: Bool
  /// Whether a fragment that starts with `/` is read as a path too (the table has routes such as
  /// `/#/room/{id}`): see ``LinkView/fragmentMark``.
  let readsFragment: Bool
  /// Whether a fragment that does not start with `/` is read as a path too (the table has routes such
  /// as `/#narrow/{rest*}`).
  let readsSlashlessFragment: Bool

  init(
    table: RouteTable, hostRules: [HostRule], readsFragment: Bool = false,
    readsSlashlessFragment: Bool = false, readsAddressAuthority: Bool = false
  ) {
    self.readsAddressAuthority = readsAddressAuthority
    self.readsFragment = readsFragment
    self.readsSlashlessFragment = readsSlashlessFragment
    schemes = Set(table.schemes.map { $0.lowercased() }.filter { $0 != "http" && $0 != "https" })
    var exact: [String: [String?]] = [:]
    for rule in hostRules where !rule.isWildcard { exact[rule.host, default: []].append(rule.port) }
    exactHosts = exact
    schemeNames = schemes.stableSorted()
    schemeList = schemeNames.map(ReadingRules.LowercaseName.init)
    hostNames = exact.filter { $0.value.contains(nil) }.keys.stableSorted()
    portlessHosts = hostNames.map(ReadingRules.LowercaseName.init)
    wildcardHosts = hostRules.filter(\.isWildcard)
    allowsHTTP = table.schemes.contains { $0.lowercased() == "http" }
    acceptsAnyHost = table.routes.contains { $0.hosts?.contains("*") == true }
    customSchemeCarriesHost = table.options.listedHostInCustomScheme && !hostRules.isEmpty
    limits = table.options
    plusAsSpace = !table.options.literalPlusInQuery
  }

  /// Reads a link and hands its view to `body`.
  ///
  /// - Parameters:
  ///   - link: The link's UTF-8 bytes.
  ///   - body: What to do with the view; it is valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: ``LinkError`` when the link breaks a reading rule.
  @inline(__always)
  func withLink<Value>(_ link: Bytes, _ body: (inout LinkView) -> Value)
    throws(LinkError) -> Value
  {
    let count = link.count
    guard count > 0 else { throw LinkError(url: link.string(), offset: nil, reason: .empty) }
    guard count <= limits.maxURLLength else {
      throw LinkError(
        url: link.string(), offset: nil, reason: .tooLong(length: count, limit: limits.maxURLLength))
    }
    // Segments are separated by at least one byte, so there are at most count / 2 + 1 of them; the
    // readers never store more than the limit.
    var segmentCapacity = min(limits.maxSegments, count / 2 + 1)
    if SegmentStore.scratchBytes(byteCapacity: count, segmentCapacity: segmentCapacity)
      > SegmentStore.stackBytes
    {
      // A long link (from about 100 bytes): its slashes bound its segments more tightly, so that its
      // scratch memory can stay on the stack. Every segment a reader stores starts right after a `/`
      // but the first one of a link without an authority (`myapp:item/7`), the mark between a path
      // and a fragment read as a path, and the first segment of a fragment without `/` (`#narrow/x`).
      segmentCapacity = min(segmentCapacity, ReadingRules.slashCount(link) + (readsSlashlessFragment ? 3 : 2))
    }
    // The reader reaches the scratch memory's closure unmanaged: captured as it is, it would be taken
    // and given back around that closure, two atomic operations a link that cost about as much as
    // reading a short segment. It is used only inside this call, while `self` is alive.
    let unmanaged = Unmanaged.passUnretained(self)
    let outcome = SegmentStore.with(link: link, byteCapacity: count, segmentCapacity: segmentCapacity) {
      segments in
      unmanaged._withUnsafeGuaranteedRef { reader in
        reader.readView(of: link, over: segments, body)
      }
    }
    switch consume outcome {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }

  /// Reads a link into a view over `segments` and hands the view to `body`.
  @inline(__always)
  private func readView<Value>(
    of link: Bytes, over segments: SegmentStore, _ body: (inout LinkView) -> Value
  ) -> Result<Value, LinkError> {
    var view = LinkView(link: link, segments: segments)
    if let error = read(into: &view, over: segments) { return .failure(error) }
    return .success(body(&view))
  }

  /// Reads a link into `view`: the plain reading first, then, when the link holds something out of the
  /// ordinary, every rule (for the exact outcome and the exact error), then the fragment as a path when
  /// the table reads it. Never inlined, so that every caller of ``withLink(_:_:)`` shares one reader.
  ///
  /// - Parameters:
  ///   - view: A fresh view over `segments`; on return, the link read into it.
  ///   - segments: The empty store the view started with, for a second reading.
  /// - Returns: The error that stops the link, or `nil` when it is read.
  @inline(never)
  private func read(into view: inout LinkView, over segments: SegmentStore) -> LinkError? {
    let link = view.link
    if !readPlain(into: &view) {
      view = LinkView(link: link, segments: segments)
      do { try read(into: &view) } catch { return error }
    }
    if (readsFragment || readsSlashlessFragment) && view.fragmentStart >= 0
      && (ReadingRules.fragmentMark(link, at: view.fragmentStart + 1) == ReadingRules.fragmentMark
        ? readsFragment : readsSlashlessFragment)
    {
      do { try readFragmentPath(into: &view) } catch { return error }
    }
    return nil
  }

  /// `https` as one word, byte `i` in bits `8 * i` (the word ``ReadingRules/LowercaseName`` holds for
  /// it; a test pins the two together). A constant, so reading it costs no lazy global's check.
  static var httpsWord: UInt64 {
    @inline(__always) get { 0x73_70_74_74_68 }
  }
  /// `http` as one word, as ``httpsWord``.
  static var httpWord: UInt64 {
    @inline(__always) get { 0x70_74_74_68 }
  }

  /// Whether a scheme (`link[0..<schemeEnd]`) is `https`, or `http` (`false`), or neither (`nil`), in
  /// any case. The scheme's bytes are ASCII (``ReadingRules/schemeEnd(_:)``), so its first word is
  /// lower-cased exactly (a byte after the scheme only carries into the bytes after it, which are
  /// masked off).
  @inline(__always)
  static func isHTTPS(_ link: Bytes, schemeEnd: Int) -> Bool? {
    guard schemeEnd == 4 || schemeEnd == 5 else { return nil }
    let scheme = ReadingRules.lowercasedASCII(link.word(at: 0)) & (1 &<< UInt64(8 &* schemeEnd) &- 1)
    if scheme == httpsWord { return true }
    if scheme == httpWord { return false }
    return nil
  }

  /// The index in ``hostNames`` of a web host listed exactly without a port, or `nil`: anything else
  /// (user information, a port, an unlisted host) goes through ``readHost`` for the full rules.
  @inline(__always)
  private func listedHost(_ link: Bytes, _ start: Int, _ end: Int) -> Int? {
    portlessHosts.firstIndex { ReadingRules.equalsLowercased(link, start, end, $0) }
  }

  /// The index in ``schemeNames`` of a link's custom scheme, or `nil` when the table does not list it.
  @inline(__always)
  private func listedScheme(_ link: Bytes, schemeEnd: Int) -> Int? {
    schemeList.firstIndex { ReadingRules.equalsLowercased(link, 0, schemeEnd, $0) }
  }

  /// Whether one more path segment is within the limit.
  @inline(__always)
  private func hasRoomForSegment(_ view: LinkView) -> Bool { view.count < limits.maxSegments }

  /// The origin of a link that was read.
  func origin(of view: LinkView) -> LinkOrigin {
    if view.originIndex >= 0 { return listedOrigin(view.originIndex, isWeb: view.isWeb) }
    guard view.isWeb else { return .customScheme(view.link.lowercasedString(0, view.schemeEnd)) }
    return .universalLink(host: view.host ?? view.link.lowercasedString(view.hostStart, view.hostEnd))
  }

  /// The origin of a link on a listed host without a port (`isWeb`) or a listed custom scheme.
  ///
  /// - Parameters:
  ///   - index: The index in ``hostNames`` or in ``schemeNames`` (``LinkView/originIndex``).
  ///   - isWeb: Whether the link is a web link.
  /// - Returns: The origin, whose name the table made once.
  func listedOrigin(_ index: Int, isWeb: Bool) -> LinkOrigin {
    isWeb ? .universalLink(host: hostNames[index]) : .customScheme(schemeNames[index])
  }

  /// The ordinary link, read in a single pass over its bytes: plain text only (see ``ReadingRules``), a
  /// listed scheme, a listed host without port or user information, within the limits. Anything else
  /// (including every error) returns `false`, and the link is read again by ``read(into:)``, so
  /// outcomes and errors are exactly those of the rules.
  @inline(__always)
  private func readPlain(into view: inout LinkView) -> Bool {
    let link = view.link
    let count = link.count
    guard let schemeEnd = ReadingRules.schemeEnd(link) else { return false }
    view.schemeEnd = schemeEnd
    var index = schemeEnd + 1
    let hasAuthority = ReadingRules.hasAuthority(link, at: index)
    if let isHTTPS = Self.isHTTPS(link, schemeEnd: schemeEnd) {
      guard isHTTPS || allowsHTTP, hasAuthority else { return false }
      let hostStart = index + 2
      let hostEnd = ReadingRules.segmentEnd(link, from: hostStart)
      guard let host = listedHost(link, hostStart, hostEnd) else { return false }
      view.isWeb = true
      view.hostStart = hostStart
      view.hostEnd = hostEnd
      view.originIndex = host
      index = hostEnd
    } else {
      guard let scheme = listedScheme(link, schemeEnd: schemeEnd) else { return false }
      view.originIndex = scheme
      if hasAuthority {
        index += 2
        let end = ReadingRules.segmentEnd(link, from: index)
        if let position = ReadingRules.forbiddenInCustomAuthority(link, index, end) {
          guard readsAddressAuthority, readPlainAddress(into: &view, from: index, to: end, colon: position)
          else { return false }
        } else if customSchemeCarriesHost && end > index {
          // A listed host without a port; a wildcard host is left to the full rules.
          guard listedHost(link, index, end) != nil else { return false }
          view.carriesHost = true
          view.hostStart = index
          view.hostEnd = end
        } else if end > index
          && ReadingRules.readPlainSegment(view.link, from: index, into: &view.segments) == nil
        {
          return false
        }
        index = end
      }
    }

    let pathStart = index
    while index < count {
      let byte = link[index]
      if byte == UInt8(ascii: "/") {
        index &+= 1
        continue
      }
      if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
      guard hasRoomForSegment(view),
        let end = ReadingRules.readPlainSegment(view.link, from: index, into: &view.segments)
      else { return false }
      index = end
    }
    view.hasTrailingSlash = ReadingRules.hasTrailingSlash(
      link, pathStart: pathStart, pathEnd: index, segmentCount: view.count)

    if index < count && link[index] == UInt8(ascii: "?") {
      view.queryStart = index
      guard let query = ReadingRules.plainText(link, from: index + 1, stopsAtFragment: true),
        isWithinQueryLimit(query.separators)
      else { return false }
      view.querySeparators = query.separators
      index = query.end
      view.queryEnd = index
    }
    if index < count {
      view.fragmentStart = index
      guard ReadingRules.plainText(link, from: index + 1, stopsAtFragment: false) != nil else { return false }
    }
    return true
  }

  /// Reads a custom-scheme authority that holds a `:` at `colon` as the first segment, in a table that
  /// reads addresses (``readsAddressAuthority``): `false` for user information or anything but plain
  /// text, which the rules read. Out of line, so that the single pass over other links stays as it is.
  @inline(never)
  private func readPlainAddress(into view: inout LinkView, from start: Int, to end: Int, colon: Int) -> Bool {
    var index = colon
    while index < end {
      if view.link[index] == UInt8(ascii: "@") { return false }
      index += 1
    }
    guard ReadingRules.readPlainSegment(view.link, from: start, into: &view.segments) != nil else {
      return false
    }
    view.authorityIsAddress = true
    return true
  }

  /// Whether a plain query with this many `&` is certainly within the item limit (empty items do not
  /// count; when the separators alone reach the limit, the items are counted exactly by the rules).
  @inline(__always)
  private func isWithinQueryLimit(_ separators: Int) -> Bool { separators < limits.maxQueryItems }

  /// Reads the link by every rule, in URL order, checking every piece (the query and the fragment too)
  /// so that a bad link is an error whichever route it would reach.
  private func read(into view: inout LinkView) throws(LinkError) {
    let link = view.link
    let count = link.count
    func fail(_ reason: LinkError, _ offset: Int?) -> LinkError {
      LinkError(url: link.string(), offset: offset, reason: reason)
    }

    // Raw characters: no spaces, no controls; everything else is read piece by piece.
    var queryStart = -1
    var fragmentStart = -1
    for index in 0..<count {
      let byte = link[index]
      if !ReadingRules.isAllowedRaw(byte) { throw fail(.invalidCharacter(UInt32(byte)), index) }
      if byte == UInt8(ascii: "#") && fragmentStart < 0 {
        fragmentStart = index
      } else if byte == UInt8(ascii: "?") && queryStart < 0 && fragmentStart < 0 {
        queryStart = index
      }
    }
    let pathEnd = queryStart >= 0 ? queryStart : (fragmentStart >= 0 ? fragmentStart : count)

    guard let schemeEnd = ReadingRules.schemeEnd(link) else { throw fail(.relativeURL, nil) }
    view.schemeEnd = schemeEnd
    let afterScheme = schemeEnd + 1
    let hasAuthority = ReadingRules.hasAuthority(link, at: afterScheme)
    let authorityStart = afterScheme + 2
    let authorityEnd = hasAuthority ? ReadingRules.segmentEnd(link, from: authorityStart) : afterScheme
    var pathStart = afterScheme
    if let isHTTPS = Self.isHTTPS(link, schemeEnd: schemeEnd) {
      let scheme = isHTTPS ? "https" : "http"
      if !isHTTPS && !allowsHTTP { throw fail(.unknownScheme(scheme), nil) }
      guard hasAuthority, authorityEnd > authorityStart else { throw fail(.missingHost, afterScheme) }
      view.isWeb = true
      view.hostStart = authorityStart
      view.hostEnd = authorityEnd
      if let host = listedHost(link, authorityStart, authorityEnd) {
        view.originIndex = host
      } else {
        view.host = try readHost(
          link, from: authorityStart, to: authorityEnd, scheme: scheme, unlisted: &view.hostIsUnlisted,
          fail: fail)
      }
      pathStart = authorityEnd
    } else {
      guard let scheme = listedScheme(link, schemeEnd: schemeEnd) else {
        throw fail(.unknownScheme(link.lowercasedString(0, schemeEnd)), nil)
      }
      view.originIndex = scheme
      if hasAuthority {
        if let position = ReadingRules.forbiddenInCustomAuthority(link, authorityStart, authorityEnd) {
          if link[position] == UInt8(ascii: "@") { throw fail(.userInfoNotAllowed, position) }
          guard readsAddressAuthority else {
            throw fail(
              .portNotAllowed(
                host: link.string(authorityStart, position), port: link.string(position + 1, authorityEnd)),
              position)
          }
          // User information after a `:` (`a:secret@host`) is refused as before the `:`.
          if let at = (position..<authorityEnd).first(where: { link[$0] == UInt8(ascii: "@") }) {
            throw fail(.userInfoNotAllowed, at)
          }
          // An address (`localhost:8065`, `[::1]`): the first segment, for the routes that start
          // with an address only.
          view.authorityIsAddress = true
          _ = try appendSegment(from: authorityStart, to: &view, fail: fail)
        } else if authorityEnd > authorityStart && customSchemeCarriesHost
          && carriesHost(link, from: authorityStart, to: authorityEnd)
        {
          // A listed host, read as the link's host (``RouteTable/Options/listedHostInCustomScheme``),
          // in its ASCII form.
          view.carriesHost = true
          view.hostStart = authorityStart
          view.hostEnd = authorityEnd
          view.host = carriedHostName(link, from: authorityStart, to: authorityEnd)
        } else if authorityEnd > authorityStart {
          // The authority of a custom-scheme link is the first path segment. It keeps its case, as
          // every captured value does; literals compare with it case-insensitively, like a host, in
          // every spelling of the link (see ``ReadingRules/foldsCase(isWeb:depth:)``).
          _ = try appendSegment(from: authorityStart, to: &view, fail: fail)
        }
        pathStart = authorityEnd
      }
    }

    // Path: split the encoded text on "/", drop empty segments, decode each once.
    var position = pathStart
    while position < pathEnd {
      if link[position] == UInt8(ascii: "/") {
        position += 1
        continue
      }
      guard hasRoomForSegment(view) else { throw fail(.tooManySegments(limit: limits.maxSegments), nil) }
      position = try appendSegment(from: position, to: &view, fail: fail)
    }
    view.hasTrailingSlash = ReadingRules.hasTrailingSlash(
      link, pathStart: pathStart, pathEnd: pathEnd, segmentCount: view.count)

    // Query: checked now; plain text is decoded only when a route needs it (see ``query(of:)``).
    if queryStart >= 0 {
      let queryEnd = fragmentStart >= 0 ? fragmentStart : count
      view.queryStart = queryStart
      view.queryEnd = queryEnd
      let plain = ReadingRules.plainText(link, from: queryStart + 1, stopsAtFragment: true)
      if let plain, isWithinQueryLimit(plain.separators) {
        view.querySeparators = plain.separators
      } else {
        view.decodedQuery = try readQuery(link, from: queryStart, to: queryEnd, fail: fail)
      }
    }

    // Fragment: kept apart, never matched; checked now, plain text decoded when a route is chosen.
    if fragmentStart >= 0 {
      view.fragmentStart = fragmentStart
      if ReadingRules.plainText(link, from: fragmentStart + 1, stopsAtFragment: false) == nil {
        view.decodedFragment = try decode(link, fragmentStart + 1, count, plusAsSpace: false, fail: fail)
      }
    }
  }

  /// Reads the fragment as a path of its own, after the path's segments and the fragment's mark
  /// (``ReadingRules/fragmentMark(_:at:)``: whether it starts with `/`): split on `/`, empty segments
  /// dropped, each decoded by the path's rules (`+` is itself, `%2F` is a `/` inside a segment, a raw
  /// `#` is text); the first `?` starts the fragment's query, read by the query's rules. Path and
  /// fragment segments count together against the segment limit. The fragment was checked when the
  /// link was read, so only the limits can fail here.
  private func readFragmentPath(into view: inout LinkView) throws(LinkError) {
    let link = view.link
    let count = link.count
    var index = view.fragmentStart + 1
    let mark = ReadingRules.fragmentMark(link, at: index)
    func fail(_ reason: LinkError, _ offset: Int?) -> LinkError {
      LinkError(url: link.string(), offset: offset, reason: reason)
    }
    let saved = LinkView.PathReading(
      queryStart: view.queryStart, queryEnd: view.queryEnd, querySeparators: view.querySeparators,
      decodedQuery: view.decodedQuery, hasTrailingSlash: view.hasTrailingSlash)
    guard hasRoomForSegment(view) else { throw fail(.tooManySegments(limit: limits.maxSegments), nil) }
    let markStart = view.segments.cursor
    view.segments.append(mark)
    view.segments.closeSegment(from: markStart, isASCII: true)
    view.fragmentMark = view.count - 1
    let pathStart = index
    var queryStart = -1
    while index < count {
      let byte = link[index]
      if byte == UInt8(ascii: "/") {
        index += 1
        continue
      }
      if byte == UInt8(ascii: "?") {
        queryStart = index
        break
      }
      guard hasRoomForSegment(view) else { throw fail(.tooManySegments(limit: limits.maxSegments), nil) }
      if let end = ReadingRules.readPlainSegment(link, from: index, into: &view.segments, inFragment: true) {
        index = end
        continue
      }
      let segmentStart = view.segments.cursor
      let end = ReadingRules.segmentEnd(link, from: index, inFragment: true)
      let text = try decode(link, index, end, plusAsSpace: false, fail: fail)
      view.segments.append(contentsOf: text)
      view.segments.closeSegment(from: segmentStart, isASCII: text.utf8.allSatisfy { $0 < 0x80 })
      index = end
    }
    view.hasTrailingSlash = ReadingRules.hasTrailingSlash(
      link, pathStart: pathStart, pathEnd: queryStart >= 0 ? queryStart : count,
      segmentCount: view.count - view.fragmentMark - 1)
    view.queryStart = -1
    view.queryEnd = -1
    view.querySeparators = 0
    view.decodedQuery = nil
    if queryStart >= 0 {
      view.queryStart = queryStart
      view.queryEnd = count
      if let plain = ReadingRules.plainText(link, from: queryStart + 1, stopsAtFragment: false),
        isWithinQueryLimit(plain.separators)
      {
        view.querySeparators = plain.separators
      } else {
        view.decodedQuery = try readQuery(link, from: queryStart, to: count, fail: fail)
      }
    }
    view.pathReading = saved
  }

  /// Decodes one segment into the view and counts it: plain text in place, anything else by the exact
  /// rules of ``PercentCoding/decode(_:from:to:plusAsSpace:)`` (errors, UTF-8, forbidden characters).
  ///
  /// - Returns: Where the segment ends.
  private func appendSegment(
    from start: Int, to view: inout LinkView, fail: (LinkError, Int?) -> LinkError
  ) throws(LinkError) -> Int {
    if let end = ReadingRules.readPlainSegment(view.link, from: start, into: &view.segments) { return end }
    let end = ReadingRules.segmentEnd(view.link, from: start)
    let text = try decode(view.link, start, end, plusAsSpace: false, fail: fail)
    let segmentStart = view.segments.cursor
    view.segments.append(contentsOf: text)
    let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    view.segments.closeSegment(from: segmentStart, isASCII: isASCII)
    return end
  }

  /// The query items of a link that was read: `&`-separated, `+` reads as a space (or as itself under
  /// ``RouteTable/Options/literalPlusInQuery``), `?flag` has no value, `?flag=` an empty one.
  ///
  /// Reading the link checked the query: either it is plain text, whose decoding cannot fail, or it
  /// was decoded then and kept in ``LinkView/decodedQuery``.
  func query(of view: LinkView) -> [QueryItem] {
    if let decodedQuery = view.decodedQuery { return decodedQuery }
    guard view.queryStart >= 0 else { return [] }
    return plainQuery(view.link, from: view.queryStart, to: view.queryEnd, separators: view.querySeparators)
  }

  /// The items of a plain query (one reading checked: see ``query(of:)``), at `queryStart` (its `?`).
  ///
  /// - Parameters:
  ///   - link: The link's bytes.
  ///   - queryStart: Where the `?` is.
  ///   - queryEnd: Where the query ends.
  ///   - separators: How many `&` it holds.
  /// - Returns: The items, decoded.
  func plainQuery(_ link: Bytes, from queryStart: Int, to queryEnd: Int, separators: Int) -> [QueryItem] {
    var query: [QueryItem] = []
    // Room for every item at once: one allocation, whatever the number of items.
    query.reserveCapacity(separators + 1)
    forEachItem(link, from: queryStart, to: queryEnd) { itemStart, equals, itemEnd in
      let name = PercentCoding.decodePlain(link, from: itemStart, to: equals, plusAsSpace: plusAsSpace)
      let value =
        equals < itemEnd
        ? PercentCoding.decodePlain(link, from: equals + 1, to: itemEnd, plusAsSpace: plusAsSpace) : nil
      query.append(QueryItem(name: name, value: value))
    }
    return query
  }

  /// Whether a custom-scheme link's authority is read as its host: the table reads listed hosts so
  /// (``RouteTable/Options/listedHostInCustomScheme``) and the authority is one. A path nested in such a link resolves on
  /// that host; any other authority is the link's first path segment.
  ///
  /// - Parameter authority: The text between `scheme://` and the next `/`, `?` or `#`.
  /// - Returns: Whether the reader takes it for the link's host.
  func customSchemeAuthorityIsHost(_ authority: String) -> Bool {
    guard customSchemeCarriesHost, !authority.isEmpty else { return false }
    return Bytes.withUTF8(of: authority) { bytes in
      ReadingRules.forbiddenInCustomAuthority(bytes, 0, bytes.count) == nil
        && carriesHost(bytes, from: 0, to: bytes.count)
    }
  }

  /// Whether a custom-scheme authority (without user information or port) is a listed host.
  private func carriesHost(_ link: Bytes, from start: Int, to end: Int) -> Bool {
    if listedHost(link, start, end) != nil { return true }
    guard let host = carriedHostName(link, from: start, to: end) else { return false }
    if let ports = exactHosts[host], ports.contains(nil) { return true }
    return wildcardHosts.contains { $0.admits(host: host, port: nil) }
  }

  /// Whether the table lists a host by name: an entry equal to it (port included), or a `*.` entry
  /// whose subdomains it is. The one rule of a listed host; `"hosts": ["*"]` on a route lists none.
  ///
  /// - Parameters:
  ///   - host: The host, lower-cased.
  ///   - port: Its port as digits, `nil` for the scheme's default.
  /// - Returns: Whether an entry of the table's hosts admits it.
  func lists(host: String, port: String?) -> Bool {
    if let ports = exactHosts[host], ports.contains(port) { return true }
    return wildcardHosts.contains { $0.admits(host: host, port: port) }
  }

  /// The host of a link that has one, lower-cased, and its port (`nil` for the scheme's default).
  func hostAndPort(of view: LinkView) -> (host: String, port: String?) {
    if view.originIndex >= 0 && view.isWeb { return (hostNames[view.originIndex], nil) }
    let text = view.host ?? view.link.lowercasedString(view.hostStart, view.hostEnd)
    if let colon = text.lastIndex(of: ":"), !text.hasSuffix("]") {
      return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }
    return (text, nil)
  }

  /// The decoded fragment of a link that was read.
  ///
  /// Reading the link checked the fragment: either it is plain text, whose decoding cannot fail, or it
  /// was decoded then and kept in ``LinkView/decodedFragment``.
  func fragment(of view: LinkView) -> String? {
    if let decodedFragment = view.decodedFragment { return decodedFragment }
    guard view.fragmentStart >= 0 else { return nil }
    return plainFragment(view.link, at: view.fragmentStart)
  }

  /// The decoded text of a plain fragment (one reading checked: see ``fragment(of:)``).
  ///
  /// - Parameters:
  ///   - link: The link's bytes.
  ///   - fragmentStart: Where its `#` is.
  /// - Returns: The text after the `#`.
  func plainFragment(_ link: Bytes, at fragmentStart: Int) -> String {
    PercentCoding.decodePlain(link, from: fragmentStart + 1, to: link.count, plusAsSpace: false)
  }

  /// Calls `body` with the start, the `=` (or the end when there is none) and the end of each
  /// non-empty `&`-separated item of the query at `queryStart` (its `?`).
  @inline(__always)
  private func forEachItem<Failure: Error>(
    _ link: Bytes, from queryStart: Int, to queryEnd: Int, _ body: (Int, Int, Int) throws(Failure) -> Void
  ) throws(Failure) {
    var itemStart = queryStart + 1
    var cursor = itemStart
    while cursor <= queryEnd {
      if cursor == queryEnd || link[cursor] == UInt8(ascii: "&") {
        if cursor > itemStart {
          var equals = itemStart
          while equals < cursor && link[equals] != UInt8(ascii: "=") { equals += 1 }
          try body(itemStart, equals, cursor)
        }
        itemStart = cursor + 1
      }
      cursor += 1
    }
  }

  private func readQuery(
    _ link: Bytes, from queryStart: Int, to queryEnd: Int, fail: (LinkError, Int?) -> LinkError
  ) throws(LinkError) -> [QueryItem] {
    var query: [QueryItem] = []
    try forEachItem(link, from: queryStart, to: queryEnd) { (itemStart, equals, itemEnd) throws(LinkError) in
      guard query.count < limits.maxQueryItems else {
        throw fail(.tooManyQueryItems(limit: limits.maxQueryItems), nil)
      }
      let name = try decode(link, itemStart, equals, plusAsSpace: plusAsSpace, fail: fail)
      let value =
        equals < itemEnd ? try decode(link, equals + 1, itemEnd, plusAsSpace: plusAsSpace, fail: fail) : nil
      query.append(QueryItem(name: name, value: value))
    }
    return query
  }

  private func decode(
    _ link: Bytes, _ start: Int, _ end: Int, plusAsSpace: Bool, fail: (LinkError, Int?) -> LinkError
  ) throws(LinkError) -> String {
    do {
      return try PercentCoding.decode(link, from: start, to: end, plusAsSpace: plusAsSpace)
    } catch {
      switch error {
      case .malformedEscape(let offset): throw fail(.malformedPercentEscape, offset)
      case .invalidUTF8: throw fail(.invalidUTF8, start)
      case .forbiddenCharacter(let scalar): throw fail(.forbiddenCharacter(scalar.value), start)
      }
    }
  }

  /// A link's host (without port) in the router's one form (``HostName``): lower-cased, a Unicode
  /// label as `xn--` Punycode. A host in Unicode, raw or percent-encoded (`b%C3%BCcher.example`), is
  /// read as browsers read it; an `xn--` label must be valid Punycode. A percent escape stands only for a
  /// byte beyond ASCII (a Unicode character's UTF-8): `example%2Ecom` is not `example.com`, so that no
  /// escape spells a listed host that iOS and Android would read as another. Every problem is
  /// `invalidHost`.
  private func asciiHost(_ buffer: Bytes, from start: Int, to end: Int, fail: (LinkError, Int?) -> LinkError)
    throws(LinkError) -> String
  {
    let written = buffer.lowercasedString(start, end)
    if written.hasPrefix("[") {
      guard HostRule.isValidHostName(written) else { throw fail(.invalidHost(written), start) }
      return written
    }
    var text = written
    if (start..<end).contains(where: { buffer[$0] >= 0x80 || buffer[$0] == UInt8(ascii: "%") }) {
      var index = start
      while index < end {
        if buffer[index] == UInt8(ascii: "%") {
          let isBeyondASCII =
            index + 2 < end && (PercentCoding.hexValue(buffer[index + 1]) ?? 0) >= 8
            && PercentCoding.hexValue(buffer[index + 2]) != nil
          guard isBeyondASCII else {
            throw fail(
              .invalidHost(
                written, problem: "a percent escape in a host stands only for a byte beyond ASCII"), index)
          }
          index += 3
        } else {
          index += 1
        }
      }
      do {
        text = try PercentCoding.decode(buffer, from: start, to: end, plusAsSpace: false)
      } catch {
        let problem =
          switch error {
          case .forbiddenCharacter(let scalar):
            "\(LinkError.codePoint(scalar.value)) cannot be in a host name"
          case .malformedEscape, .invalidUTF8: "its escapes are not UTF-8"
          }
        throw fail(.invalidHost(written, problem: problem), start)
      }
    }
    let host: String
    do {
      host = try HostName.ascii(text)
    } catch {
      throw fail(.invalidHost(text, problem: error.description), start)
    }
    guard HostRule.isValidHostName(host) else { throw fail(.invalidHost(written), start) }
    return host
  }

  /// The host of a custom-scheme link's authority (``customSchemeCarriesHost``) in the router's one
  /// form, or `nil` when it is not a host name.
  private func carriedHostName(_ link: Bytes, from start: Int, to end: Int) -> String? {
    try? asciiHost(link, from: start, to: end) { reason, _ in reason }
  }

  private func readHost(
    _ buffer: Bytes, from start: Int, to end: Int, scheme: String, unlisted: inout Bool,
    fail: (LinkError, Int?) -> LinkError
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
      let digits = buffer.string(hostEnd + 1, end)
      guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        digits.utf8.count <= 5, let number = Int(digits), number <= 65535
      else { throw fail(.invalidPort(digits), hostEnd + 1) }
      let isDefault = (scheme == "https" && number == 443) || (scheme == "http" && number == 80)
      port = isDefault ? nil : String(number)
    }
    guard hostEnd > start else { throw fail(.missingHost, start) }
    let host = try asciiHost(buffer, from: start, to: hostEnd, fail: fail)
    if lists(host: host, port: port) { return port.map { "\(host):\($0)" } ?? host }
    if acceptsAnyHost {
      unlisted = true
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
