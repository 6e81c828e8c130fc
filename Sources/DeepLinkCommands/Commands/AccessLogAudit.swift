import DeepLinking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a click came from, read from its user agent.
enum ClickPlatform: Int, CaseIterable {
  case iOS, android, desktop, bot, unknown

  var name: String {
    switch self {
    case .iOS: "ios"
    case .android: "android"
    case .desktop: "desktop"
    case .bot: "bot"
    case .unknown: "unknown"
    }
  }
}

/// The user-agent markers the access-log audit reads, compared case-sensitively as bytes anywhere in
/// the user agent: bots first (Googlebot's smartphone crawler also says `Android`), then `iPhone`,
/// `iPad` or `iPod` (iOS), then `Android`; any other user agent is desktop, an empty one or `-` unknown.
/// iPadOS Safari presents itself as a Mac by default, so its clicks count as desktop.
enum UserAgentMarkers {
  /// The bots, by the name the report gives and the marker that identifies them.
  static let bots: [(name: String, marker: [UInt8])] = [
    ("AASA-Bot", "AASA-Bot"), ("Applebot", "Applebot"), ("Googlebot", "Googlebot"), ("bingbot", "bingbot"),
    ("facebookexternalhit", "facebookexternalhit"), ("Twitterbot", "Twitterbot"), ("Slackbot", "Slackbot"),
    ("LinkedInBot", "LinkedInBot"), ("Discordbot", "Discordbot"), ("TelegramBot", "TelegramBot"),
    ("WhatsApp", "WhatsApp/"), ("curl", "curl/"), ("Wget", "Wget/"),
  ].map { ($0.0, Array($0.1.utf8)) }

  static let iOS: [[UInt8]] = ["iPhone", "iPad", "iPod"].map { Array($0.utf8) }
  static let android = Array("Android".utf8)

  /// The platform of a user agent's bytes (escapes as written), and the bot's index in ``bots``.
  static func classify(_ agent: UnsafeBufferPointer<UInt8>) -> (ClickPlatform, bot: Int?) {
    if agent.isEmpty || (agent.count == 1 && agent[0] == UInt8(ascii: "-")) { return (.unknown, nil) }
    for (index, bot) in bots.enumerated() where contains(agent, bot.marker) { return (.bot, index) }
    for marker in iOS where contains(agent, marker) { return (.iOS, nil) }
    if contains(agent, android) { return (.android, nil) }
    return (.desktop, nil)
  }

  private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
    guard let base = haystack.baseAddress, let first = needle.first, haystack.count >= needle.count else {
      return false
    }
    // Each candidate start is found by memchr and compared by memcmp: linear in the agent's length
    // times the marker's, both bounded.
    let last = haystack.count - needle.count
    var offset = 0
    return needle.withUnsafeBytes { marker in
      while offset <= last {
        guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return false }
        let position = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        if let bytes = marker.baseAddress, memcmp(hit, bytes, needle.count) == 0 { return true }
        offset = position + 1
      }
      return false
    }
  }
}

/// Byte comparisons of the access-log audit.
enum ByteCompare {
  /// Whether `array` and `buffer` hold the same bytes.
  static func equal(_ array: [UInt8], _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard array.count == buffer.count else { return false }
    guard let base = buffer.baseAddress, !array.isEmpty else { return true }
    return array.withUnsafeBytes { raw in raw.baseAddress.map { memcmp($0, base, array.count) == 0 } ?? true }
  }
}

/// A small cache keyed by bytes: a fixed number of slots, each holding one key, so its memory is
/// bounded by `slots x maximumKeyLength` however many distinct keys come by. A key that lands on a
/// taken slot replaces it.
struct ByteKeyCache<Value> {
  private var hashes: [UInt64]
  private var keys: [[UInt8]]
  private var values: [Value?]
  let maximumKeyLength: Int
  private(set) var hits = 0
  private(set) var misses = 0

  init(slots: Int, maximumKeyLength: Int) {
    hashes = Array(repeating: 0, count: slots)
    keys = Array(repeating: [], count: slots)
    values = Array(repeating: nil, count: slots)
    self.maximumKeyLength = maximumKeyLength
  }

  /// A hash of the bytes, eight at a time.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return hash }
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* 0x0000_0100_0000_01B3
      hash ^= hash >> 29
      offset += 8
    }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
      offset += 1
    }
    return hash ^ (hash >> 32)
  }

  /// The value kept for `key`, or the one `make` gives (kept when the key is short enough).
  mutating func value(for key: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value)
    -> Value
  {
    guard key.count <= maximumKeyLength, !hashes.isEmpty else { return make(key) }
    let hash = Self.hash(key)
    let slot = Int(truncatingIfNeeded: hash % UInt64(hashes.count))
    if hashes[slot] == hash, let value = values[slot], ByteCompare.equal(keys[slot], key) {
      hits += 1
      return value
    }
    misses += 1
    let value = make(key)
    hashes[slot] = hash
    keys[slot] = Array(key)
    values[slot] = value
    return value
  }
}

/// The counts of `deeplink audit --access-log`, kept while the log streams by. Everything it keeps is
/// bounded: counts per route by the table, bots and platforms by their fixed lists, campaigns by
/// ``campaignLimit`` distinct keys, examples by the example limit and ``Excerpt``.
struct AccessLogAudit {
  /// The most distinct campaigns counted one by one; clicks of later ones go to an "(other)" row.
  static let campaignLimit = 1_000
  /// The most bytes of a campaign's source or name kept.
  static let campaignTextLimit = 100

  let router: Router
  let host: String
  let exampleLimit: Int
  private(set) var format: AccessLogFormat?
  /// The short links and tracking origins: a short link counts as its long link.
  let trackingHosts: AuditTrackingHosts

  /// A kept example: the line number and the text.
  struct Example {
    var line: Int
    var text: String
  }

  struct Campaign: Hashable {
    var source: String
    var campaign: String
  }

  struct Counted {
    var clicks = 0
    var matched = 0
  }

  var lines = 0
  var blank = 0
  /// The click outcomes, by the audit's own rules: matched, unmatched (by nearest route), rejected,
  /// tracking links not resolved; and the short links read as their long links.
  var clicks: AuditCommand.Tally
  var wellKnown: [String: (count: Int, errors: Int)] = [:]
  var otherMethod = 0
  var otherMethodExamples: [Example] = []
  var errorStatus = (clientErrors: 0, serverErrors: 0)
  var errorStatusExamples: [Example] = []
  var notARequest = 0
  var notARequestExamples: [Example] = []
  var malformed: [AccessLogDefect: (count: Int, examples: [Example])] = [:]
  /// Clicks per route and platform: `routes x platforms`, row by row.
  var routePlatforms: [Int]
  var platforms = [Int](repeating: 0, count: ClickPlatform.allCases.count)
  var bots = [Int](repeating: 0, count: UserAgentMarkers.bots.count)
  var campaigns: [Campaign: Counted] = [:]
  var otherCampaigns = Counted()
  var noCampaign = Counted()
  var firstTime: String?
  private var lastTime: [UInt8] = []

  /// The request target and the link made of it, reused from line to line.
  private var target: [UInt8] = []
  private var link: [UInt8] = []
  private let hostBytes: [UInt8]
  /// User agent to platform and bot: most logs see few distinct agents.
  private var agents = ByteKeyCache<UInt8>(slots: 1_024, maximumKeyLength: 512)
  /// Query to its campaign: most logs see few distinct queries, so each is read and decoded once.
  private var campaignKeys = ByteKeyCache<CampaignEntry>(slots: 1_024, maximumKeyLength: 512)
  /// Unmatched link to its near miss: at most 4,096 links of up to 1 KiB kept.
  private var nearMisses = ByteKeyCache<NearMissEntry>(slots: 4_096, maximumKeyLength: 1_024)

  struct CampaignEntry {
    var campaign: Campaign?
  }

  struct NearMissEntry {
    var group: AuditCommand.NearMissGroup?
  }

  init(
    router: Router, host: String, exampleLimit: Int, format: AccessLogFormat?,
    trackingHosts: AuditTrackingHosts = .none
  ) {
    self.router = router
    self.host = host
    self.exampleLimit = exampleLimit
    self.format = format
    self.trackingHosts = trackingHosts
    clicks = AuditCommand.Tally(
      exampleLimit: exampleLimit, shortLinks: trackingHosts.shortLinks?.links.count ?? 0)
    routePlatforms = [Int](repeating: 0, count: router.table.routes.count * ClickPlatform.allCases.count)
    hostBytes = Array(host.utf8)
    link.reserveCapacity(1 << 12)
    target.reserveCapacity(1 << 12)
  }

  /// The last time seen, as written.
  var lastTimeText: String? { lastTime.isEmpty ? nil : String(decoding: lastTime, as: UTF8.self) }

  /// Reads the whole log.
  mutating func read(_ source: LineSource) {
    source.maximumLineLength = max(LineSource.defaultMaximumLineLength, 2 * router.table.options.maxURLLength)
    source.forEachLine { bytes in
      lines += 1
      consume(bytes)
    } overlong: { overlong in
      lines += 1
      defect(.lineTooLong, example: overlong.excerpt)
    }
  }

  private func example(_ text: String) -> Example { Example(line: lines, text: Excerpt.of(text)) }

  private mutating func defect(_ reason: AccessLogDefect, example text: @autoclosure () -> String) {
    var entry = malformed[reason] ?? (0, [])
    entry.count += 1
    if entry.examples.count < exampleLimit { entry.examples.append(example(text())) }
    malformed[reason] = entry
  }

  /// Counts one line (its number is ``lines``).
  mutating func consume(_ line: ArraySlice<UInt8>) {
    if InputLine.isBlank(line) {
      blank += 1
      return
    }
    let format = self.format ?? AccessLogFormat.detect(line)
    self.format = format
    line.withUnsafeBufferPointer { buffer in
      switch AccessLogLine.parse(buffer, format: format) {
      case .defect(let reason):
        defect(reason, example: String(decoding: buffer, as: UTF8.self))
      case .notARequest(let time):
        note(time: time, in: buffer)
        notARequest += 1
        if notARequestExamples.count < exampleLimit {
          notARequestExamples.append(example(String(decoding: buffer, as: UTF8.self)))
        }
      case .entry(let entry):
        note(time: entry.time, in: buffer)
        classify(entry, in: buffer)
      }
    }
  }

  private mutating func note(time: LogField?, in line: UnsafeBufferPointer<UInt8>) {
    guard let time else { return }
    lastTime.removeAll(keepingCapacity: true)
    time.decode(from: line, into: &lastTime)
    if lastTime.count > 64 { lastTime.removeLast(lastTime.count - 64) }
    if firstTime == nil { firstTime = lastTimeText }
  }

  private static let wellKnownPrefix = Array("/.well-known/".utf8)
  private static let rootAASA = Array("/apple-app-site-association".utf8)
  private static let get = Array("GET".utf8)
  private static let head = Array("HEAD".utf8)

  private mutating func classify(_ entry: AccessLogEntry, in line: UnsafeBufferPointer<UInt8>) {
    target.removeAll(keepingCapacity: true)
    entry.target.decode(from: line, into: &target)
    if let arguments = entry.arguments {
      target.append(UInt8(ascii: "?"))
      arguments.decode(from: line, into: &target)
    }
    // Fetches of the association files (and anything else under /.well-known/) are counted apart.
    if target.starts(with: Self.wellKnownPrefix) || Self.isFile(target[...], Self.rootAASA) {
      var name =
        Self.isFile(target[...], Self.rootAASA) ? "apple-app-site-association (at the root)" : "other"
      for file in Self.wellKnownFiles
      where Self.isFile(target.dropFirst(Self.wellKnownPrefix.count), Array(file.utf8)) {
        name = file
      }
      var counts = wellKnown[name] ?? (0, 0)
      counts.count += 1
      if entry.status >= 400 { counts.errors += 1 }
      wellKnown[name] = counts
      return
    }
    if let method = entry.method {
      let bytes = UnsafeBufferPointer(rebasing: line[method.range])
      guard ByteCompare.equal(Self.get, bytes) || ByteCompare.equal(Self.head, bytes) else {
        otherMethod += 1
        if otherMethodExamples.count < exampleLimit {
          otherMethodExamples.append(
            example(String(decoding: bytes, as: UTF8.self) + " " + String(decoding: target, as: UTF8.self)))
        }
        return
      }
    }
    if entry.status >= 400 {
      if entry.status >= 500 { errorStatus.serverErrors += 1 } else { errorStatus.clientErrors += 1 }
      if errorStatusExamples.count < exampleLimit {
        errorStatusExamples.append(example("\(entry.status) " + String(decoding: target, as: UTF8.self)))
      }
      return
    }
    click(entry, in: line)
  }

  private static let wellKnownFiles = ["apple-app-site-association", "assetlinks.json"]

  /// Whether a target is `file`, alone or with a query.
  private static func isFile(_ target: ArraySlice<UInt8>, _ file: [UInt8]) -> Bool {
    guard target.starts(with: file) else { return false }
    let rest = target.dropFirst(file.count)
    return rest.isEmpty || rest.first == UInt8(ascii: "?")
  }

  private static let absoluteSchemes = ["http://", "https://"].map { Array($0.utf8) }
  private static let https = Array("https://".utf8)

  /// A GET or HEAD answered below 400: a click on a link, matched against the table.
  private mutating func click(_ entry: AccessLogEntry, in line: UnsafeBufferPointer<UInt8>) {
    clicks.total += 1
    let platform: ClickPlatform
    if let agent = entry.userAgent {
      let kind = agents.value(for: UnsafeBufferPointer(rebasing: line[agent.range])) { bytes in
        let (platform, bot) = UserAgentMarkers.classify(bytes)
        return UInt8(platform.rawValue) << 5 | UInt8(bot.map { $0 + 1 } ?? 0)
      }
      platform = ClickPlatform(rawValue: Int(kind >> 5)) ?? .unknown
      if kind & 0x1F > 0 { bots[Int(kind & 0x1F) - 1] += 1 }
    } else {
      platform = .unknown
    }
    platforms[platform.rawValue] += 1
    // The link: https, the host from the log line or the audit's host, then the target; an absolute
    // target, as a proxy request has, stands alone.
    link.removeAll(keepingCapacity: true)
    if !Self.absoluteSchemes.contains(where: { target.starts(with: $0) }) {
      link.append(contentsOf: Self.https)
      if let host = entry.host {
        host.decode(from: line, into: &link)
        guard link[Self.https.count...].allSatisfy(Self.isHostByte) else {
          clicks.reject("invalid-host", example: String(decoding: link, as: UTF8.self))
          campaign(of: target[...], matched: false)
          return
        }
      } else {
        link.append(contentsOf: hostBytes)
      }
    }
    link.append(contentsOf: target)
    if trackingHosts.mayResolve(link[...], ownHost: entry.host == nil),
      let resolution = trackingHosts.resolve(link[...], ownHost: entry.host == nil)
    {
      switch resolution {
      case .shortLink(let code, let long):
        // The redirect's long link, with the request's query: its route and campaign.
        clicks.shortLink(code)
        link.removeAll(keepingCapacity: true)
        link.append(contentsOf: long.utf8)
      case .tracking(let origin):
        clicks.tracking(origin, example: Excerpt.of(String(decoding: link, as: UTF8.self)))
        campaign(of: link[...], matched: false)
        return
      }
    }
    matchAndCount(platform: platform)
  }

  /// Letters, digits, `.-_:[]`: what a host and port are written with.
  static func isHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
      UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
      true
    default: false
    }
  }

  private mutating func matchAndCount(platform: ClickPlatform) {
    let outcome = link.withUnsafeBufferPointer { buffer -> Result<Int?, LinkError>? in
      guard AuditCommand.isValidUTF8(buffer) else { return nil }
      return Result { () throws(LinkError) -> Int? in
        try router.matchIndex(utf8: buffer)
      }
    }
    var matched = false
    switch outcome {
    case .none:
      clicks.reject("invalid-utf8", example: String(decoding: link, as: UTF8.self))
    case .success(let index?):
      matched = true
      clicks.matched += 1
      routePlatforms[index * ClickPlatform.allCases.count + platform.rawValue] += 1
    case .success(.none):
      clicks.unmatched += 1
      if clicks.unmatchedExamples.count < exampleLimit {
        clicks.unmatchedExamples.append(Excerpt.of(String(decoding: link, as: UTF8.self)))
      }
      // Explaining is off the matching path and costs more than matching; the same unmatched links
      // come back again and again (scanners, stale links), so explanations are cached by link.
      let miss = link.withUnsafeBufferPointer { buffer in
        nearMisses.value(for: buffer) { bytes in
          NearMissEntry(group: AuditCommand.nearMissGroup(String(decoding: bytes, as: UTF8.self), router))
        }
      }
      if let group = miss.group {
        // The explanation's text is written once per group, for its first link.
        var entry =
          clicks.nearMisses[group]
          ?? (0, AuditCommand.nearMissReason(String(decoding: link, as: UTF8.self), router), [])
        entry.count += 1
        if entry.examples.count < exampleLimit {
          entry.examples.append(Excerpt.of(String(decoding: link, as: UTF8.self)))
        }
        clicks.nearMisses[group] = entry
      }
    case .failure(let error):
      clicks.reject(error.code.description, example: String(decoding: link, as: UTF8.self))
    }
    campaign(of: link[...], matched: matched)
  }

  private static let utmSource = Array("utm_source".utf8)
  private static let utmCampaign = Array("utm_campaign".utf8)

  /// Counts a click by its `utm_source` and `utm_campaign` query items (percent-decoded, `+` a space).
  private mutating func campaign(of link: ArraySlice<UInt8>, matched: Bool) {
    guard let question = link.firstIndex(of: UInt8(ascii: "?")) else {
      count(&noCampaign, matched)
      return
    }
    let queryEnd = link[question...].firstIndex(of: UInt8(ascii: "#")) ?? link.endIndex
    let entry = link[(question + 1)..<queryEnd].withUnsafeBufferPointer { query in
      campaignKeys.value(for: query) { CampaignEntry(campaign: Self.campaignKey(ArraySlice($0))) }
    }
    guard let key = entry.campaign else {
      count(&noCampaign, matched)
      return
    }
    if let index = campaigns.index(forKey: key) {
      count(&campaigns.values[index], matched)
    } else if campaigns.count < Self.campaignLimit {
      var counted = Counted()
      count(&counted, matched)
      campaigns[key] = counted
    } else {
      count(&otherCampaigns, matched)
    }
  }

  /// The campaign of a query (the text after `?`): its first `utm_source` and `utm_campaign` values,
  /// decoded; `nil` when it has neither.
  private static func campaignKey(_ query: ArraySlice<UInt8>) -> Campaign? {
    var source: ArraySlice<UInt8>?
    var name: ArraySlice<UInt8>?
    var itemStart = query.startIndex
    while itemStart < query.endIndex {
      let itemEnd = query[itemStart...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
      let item = query[itemStart..<itemEnd]
      let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
      let key = item[..<equals]
      let value = equals < itemEnd ? item[(equals + 1)...] : item[itemEnd...]
      if source == nil, key.elementsEqual(Self.utmSource) { source = value }
      if name == nil, key.elementsEqual(Self.utmCampaign) { name = value }
      itemStart = itemEnd + 1
    }
    guard source != nil || name != nil else { return nil }
    return Campaign(source: source.map(Self.decoded) ?? "", campaign: name.map(Self.decoded) ?? "")
  }

  private func count(_ counted: inout Counted, _ matched: Bool) {
    counted.clicks += 1
    if matched { counted.matched += 1 }
  }

  /// A query value percent-decoded (`+` as a space), cut to ``campaignTextLimit`` bytes.
  private static func decoded(_ value: ArraySlice<UInt8>) -> String {
    var bytes: [UInt8] = []
    var index = value.startIndex
    while index < value.endIndex, bytes.count < campaignTextLimit {
      let byte = value[index]
      if byte == UInt8(ascii: "%"), index + 2 < value.endIndex,
        let high = LogField.hexValue(value[index + 1]), let low = LogField.hexValue(value[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(byte == UInt8(ascii: "+") ? 0x20 : byte)
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
