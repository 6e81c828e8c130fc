import DeepLinking
import RouteFiles
import UniversalLinks

/// `deeplink audit`: reads a list of links and reports what the route table makes of them.
@MainActor
enum AuditCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["audit"],
    usage: """
      [--routes FILE] [--json] [--examples N] [--access-log FILE [--log-format F] [--host HOST]]
      [--short-links FILE --short-link-host HOST] [--tracking-origin ORIGIN...] < urls
      """,
    summary: "Report what a list of links or a server's access log matches, per route, and why not.",
    discussion: """
      Reads links from standard input, one per line (a campaign export, a log), and reports how many
      match, per route, how many match no route, and how many are rejected and why (top reasons with
      examples). Streams: memory stays flat however many lines come in. Invalid UTF-8 lines count as
      rejected, and so do lines longer than 64 KiB (or the route table's maxURLLength, if larger), as
      line-too-long, read to their newline without being kept; blank lines are skipped and counted apart. Examples are shown with control and
      bidirectional-formatting characters escaped (\\u{202E}), so a line cannot reorder the report.

      With --access-log FILE (- for standard input), reads a web server's access log instead: nginx's
      combined format or JSON lines (log_format escape=json), told apart by the first line or chosen
      with --log-format. A click is a GET or HEAD answered below 400 outside /.well-known/; its link is
      https://, the line's host (JSON host or http_host) or --host (default: the table's first host),
      and the request target. Clicks are counted per route and platform (ios, android, desktop, bot,
      unknown, from the user agent), per bot, per campaign (utm_source, utm_campaign; the first 1000
      distinct, later ones as "(other)"), with near misses for unmatched links; association-file
      fetches, other methods, error statuses, requests that are not HTTP, and malformed lines (by
      reason, with line numbers) are counted apart. Lines over 64 KiB (or twice the table's
      maxURLLength) are malformed as line-too-long, read to their newline without being kept.

      With --short-links FILE --short-link-host HOST (the file and host deeplink site serves), a
      short link, https://HOST/s/CODE, counts as its long link with the request's query appended, as
      the server redirects it: its route and its campaign. In a log without hosts (combined), a
      /s/CODE of the file answered below 400 is read the same way: the site's routes never take one.
      A link on a --tracking-origin (given as for deeplink route; the short-link host is one too) is
      counted apart as a tracking link, not followed: the audit fetches nothing.
      """,
    options: [
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .flag("json", "Print one JSON summary object instead of the text report."),
      .value("examples", "N", "Keep up to N examples per reason (default 3)."),
      .value(
        "access-log", "FILE", "Read a web server's access log (- for standard input) instead of links.",
        completion: .file),
      .value(
        "log-format", "FORMAT",
        "The access log's format: combined or json (default: told by the first line).",
        completion: .words(AccessLogFormat.allCases.map(\.rawValue))),
      .value("host", "HOST", "The host of the access log's links (default: the table's first host)."),
      .value(
        "short-links", "FILE",
        "The short-link file deeplink site serves, {\"code\": \"https://...\"}: each counts as its long link.",
        completion: .file),
      .value("short-link-host", "HOST", "The host that serves the short links (go.example.com)."),
      .value(
        "tracking-origin", "ORIGIN",
        "A tracking (click) origin such as https://click.example.com; repeatable. Its links are counted apart.",
        repeatable: true),
    ],
    epilogue: "EXIT STATUS: 0 report printed, 2 usage error or bad route file."
  )

  /// Counts kept while streaming; examples are bounded per key.
  struct Tally {
    var total = 0
    var blank = 0
    var matched = 0
    var unmatched = 0
    var rejected = 0
    /// Links on a tracking origin (or the short-link host, with a code the file does not have),
    /// which the audit cannot follow: counted apart, by origin.
    var tracking = 0
    var trackingOrigins: [String: (count: Int, examples: [String])] = [:]
    /// Per code of the short-link file, the short links read as their long links (and counted as
    /// those, matched or not).
    var shortLinkCounts: [Int]
    var perRoute: [String: Int] = [:]
    var reasons: [String: (count: Int, examples: [String])] = [:]
    var unmatchedExamples: [String] = []
    /// Unmatched links by the route that came closest and what stopped it (`route code`).
    var nearMisses: [NearMissGroup: (count: Int, reason: String, examples: [String])] = [:]
    let exampleLimit: Int

    /// Creates empty counts.
    ///
    /// - Parameters:
    ///   - exampleLimit: The most examples kept per key.
    ///   - shortLinks: The number of codes in the short-link file.
    init(exampleLimit: Int, shortLinks: Int = 0) {
      self.exampleLimit = exampleLimit
      shortLinkCounts = Array(repeating: 0, count: shortLinks)
    }

    /// The short links read as their long links.
    var shortLinks: Int { shortLinkCounts.reduce(0, +) }

    /// Counts a short link, by its code's place in the file; its long link is counted next.
    mutating func shortLink(_ code: Int) {
      shortLinkCounts[code] += 1
    }

    /// Counts a link on a tracking origin that the audit does not follow.
    mutating func tracking(_ origin: String, example: String) {
      tracking += 1
      // Bounded by the origins given.
      count(example, under: origin, in: &trackingOrigins)
    }

    /// Counts a link rejected with a reading error, by its code.
    mutating func reject(_ code: String, example: String) {
      rejected += 1
      count(example, under: code, in: &reasons)
    }

    /// Counts a link under a key, keeping the first ``exampleLimit`` links as examples (200
    /// characters each at most).
    private func count(
      _ example: String, under key: String, in table: inout [String: (count: Int, examples: [String])]
    ) {
      var entry = table[key] ?? (0, [])
      entry.count += 1
      if entry.examples.count < exampleLimit { entry.examples.append(String(example.prefix(200))) }
      table[key] = entry
    }

    /// Counts a link no route matched, with its near-miss group.
    mutating func unmatched(_ text: String, router: Router) {
      unmatched += 1
      if unmatchedExamples.count < exampleLimit { unmatchedExamples.append(String(text.prefix(200))) }
      // Only links no route matched are explained: the walk is off the matching path.
      guard let group = AuditCommand.nearMissGroup(text, router) else { return }
      // The explanation's text is written once per group: the search again, for its first link.
      var entry = nearMisses[group] ?? (0, AuditCommand.nearMissReason(text, router), [])
      entry.count += 1
      if entry.examples.count < exampleLimit { entry.examples.append(String(text.prefix(200))) }
      nearMisses[group] = entry
    }
  }

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard
      let arguments = try spec.arguments(
        words, streams, positionals: .noneBecause("audit reads links from standard input, not arguments"))
    else { return 0 }
    var exampleLimit = 3
    if let text = arguments.value("examples") {
      guard let number = Int(text), (0...1000).contains(number) else {
        throw spec.usageError("--examples needs a whole number from 0 to 1000, got '\(text)'")
      }
      exampleLimit = number
    }
    let logPath = arguments.value("access-log")
    var logFormat: AccessLogFormat?
    if let text = arguments.value("log-format") {
      guard let format = AccessLogFormat(rawValue: text) else {
        throw spec.usageError("--log-format is combined or json, got '\(text)'")
      }
      logFormat = format
    }
    guard logPath != nil || (logFormat == nil && arguments.value("host") == nil) else {
      throw spec.usageError("--log-format and --host go with --access-log FILE")
    }
    guard let router = spec.router(arguments, streams) else { return 2 }
    guard
      let hosts = try AuditTrackingHosts.read(arguments, router: router, spec: spec, errors: streams.error)
    else { return 2 }
    if let logPath {
      return try AccessLogAudit.run(
        path: logPath, format: logFormat, host: arguments.value("host"), json: arguments.has("json"),
        exampleLimit: exampleLimit, router: router, trackingHosts: hosts, streams: streams)
    }
    if streams.isInteractive {
      streams.error.line("deeplink audit: reading links from standard input, one per line; end with Ctrl-D")
      streams.error.flush()
    }
    var tally = Tally(exampleLimit: exampleLimit, shortLinks: hosts.shortLinks?.links.count ?? 0)
    // Counted by route index: the audit only needs which route matched, not the typed match, so
    // each line is matched straight from its bytes and no text is built unless it becomes an example.
    var counts = [Int](repeating: 0, count: router.table.routes.count)
    streams.input.maximumLineLength = RouteCommand.maximumLineLength(for: router)
    count(streams.input, router: router, hosts: hosts, into: &tally, counts: &counts)
    for (index, route) in router.table.routes.enumerated() { tally.perRoute[route.name] = counts[index] }
    if arguments.has("json") {
      streams.output.line(json(tally, router: router, shortLinks: hosts.shortLinks).rendered)
    } else {
      report(tally, router: router, shortLinks: hosts.shortLinks, to: streams.output)
    }
    return 0
  }

  /// Matches every line of `input`, counting it in `tally` and, when it matches, in `counts` (by route
  /// index). Not isolated to the main actor: nothing here touches it, and a closure isolated to it
  /// would check the executor for every line.
  nonisolated private static func count(
    _ input: LineSource, router: Router, hosts: AuditTrackingHosts, into tally: inout Tally,
    counts: inout [Int]
  ) {
    input.forEachLine { line in
      if InputLine.isBlank(line) {
        tally.blank += 1
        return
      }
      tally.total += 1
      var outcome = line.withUnsafeBufferPointer { buffer -> Result<Int?, LinkError>? in
        guard isValidUTF8(buffer) else { return nil }
        return Result { () throws(LinkError) -> Int? in
          try router.matchIndex(utf8: buffer)
        }
      }
      // A link on no host of the table may be a short link (counted as its long link) or a tracking
      // link (counted apart).
      var text = line
      if case .failure(let error) = outcome, error.code == .unknownHost, !hosts.isEmpty,
        let resolution = hosts.resolve(line, ownHost: false)
      {
        switch resolution {
        case .shortLink(let code, let long):
          tally.shortLink(code)
          text = ArraySlice(long.utf8)
          outcome = text.withUnsafeBufferPointer { buffer in
            Result { () throws(LinkError) -> Int? in
              try router.matchIndex(utf8: buffer)
            }
          }
        case .tracking(let origin):
          tally.tracking(origin, example: String(decoding: line, as: UTF8.self))
          return
        }
      }
      switch outcome {
      case .none:
        tally.reject("invalid-utf8", example: String(decoding: line, as: UTF8.self))
      case .success(let index?):
        tally.matched += 1
        counts[index] += 1
      case .success(.none):
        tally.unmatched(String(decoding: text, as: UTF8.self), router: router)
      case .failure(let error):
        tally.reject(error.code.description, example: String(decoding: text, as: UTF8.self))
      }
    } overlong: { overlong in
      tally.total += 1
      tally.reject(overlong.code, example: overlong.excerpt)
    }
  }

  /// Whether bytes are valid UTF-8: a quick pass for ASCII, the standard library's check otherwise.
  nonisolated static func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    var combined: UInt8 = 0
    for byte in buffer { combined |= byte }
    return combined < 0x80 || StrictUTF8.isValid(buffer)
  }

  /// The near-miss groups, largest first (then by route and code, so the order is stable).
  nonisolated static func sortedNearMisses(
    _ tally: Tally
  ) -> [(group: NearMissGroup, count: Int, reason: String, examples: [String])] {
    tally.nearMisses.map { ($0.key, $0.value.count, $0.value.reason, $0.value.examples) }
      .sorted {
        $0.count != $1.count
          ? $0.count > $1.count : ($0.group.route, $0.group.code) < ($1.group.route, $1.group.code)
      }
  }

  /// The group of a link no route matches, `nil` when nothing explains it.
  nonisolated static func nearMissGroup(_ link: String, _ router: Router) -> NearMissGroup? {
    guard let group = (try? router.nearMissGroup(unmatched: link)).flatMap({ $0 }) else { return nil }
    return NearMissGroup(route: group.route, code: group.code.description)
  }

  /// The explanation of a link no route matches, as a group shows it.
  nonisolated static func nearMissReason(_ link: String, _ router: Router) -> String {
    (try? router.explain(unmatched: link)).flatMap({ $0 })?.description ?? ""
  }

  /// The key of a group of unmatched links: the closest route and what stopped it.
  struct NearMissGroup: Hashable {
    var route: String
    var code: String
  }

  nonisolated static func sortedReasons(_ tally: Tally) -> [(code: String, count: Int, examples: [String])] {
    tally.reasons.map { ($0.key, $0.value.count, $0.value.examples) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.code < $1.code }
  }

  static func json(_ tally: Tally, router: Router, shortLinks: ShortLinkTable? = nil) -> JSONValue {
    .object([
      ("total", .int(tally.total)),
      ("matched", .int(tally.matched)),
      ("unmatched", .int(tally.unmatched)),
      ("rejected", .int(tally.rejected)),
      ("tracking", .int(tally.tracking)),
      ("shortLinks", .int(tally.shortLinks)),
      ("blank", .int(tally.blank)),
      ("routes", .object(router.table.routes.map { ($0.name, .int(tally.perRoute[$0.name] ?? 0)) })),
      ("unmatchedExamples", .array(tally.unmatchedExamples.map(JSONValue.string))),
      ("unmatchedByNearestRoute", nearMissesJSON(tally)),
      ("rejections", rejectionsJSON(tally)),
      ("trackingOrigins", trackingJSON(tally)),
      ("shortLinkCodes", shortLinksJSON(tally, shortLinks)),
    ])
  }

  /// The short links of the file, each with its code, long link and count, most first.
  nonisolated static func shortLinksJSON(_ tally: Tally, _ table: ShortLinkTable?) -> JSONValue {
    .array(
      sortedShortLinks(tally, table).map {
        .object([("code", .string($0.code)), ("link", .string($0.link)), ("count", .int($0.count))])
      })
  }

  /// The tracking links counted apart, by origin, most first.
  nonisolated static func trackingJSON(_ tally: Tally) -> JSONValue {
    countsJSON(sortedTracking(tally).map { ($0.origin, $0.count, $0.examples) }, key: "origin")
  }

  /// Counted groups of links as JSON, in the order given: each its name under `key`, its count and its
  /// examples.
  nonisolated static func countsJSON(_ groups: [(name: String, count: Int, examples: [String])], key: String)
    -> JSONValue
  {
    .array(
      groups.map {
        .object([
          (key, .string($0.name)), ("count", .int($0.count)),
          ("examples", .array($0.examples.map(JSONValue.string))),
        ])
      })
  }

  /// The tracking origins with links, most first (then by name).
  nonisolated static func sortedTracking(_ tally: Tally) -> [(origin: String, count: Int, examples: [String])]
  {
    tally.trackingOrigins.map { ($0.key, $0.value.count, $0.value.examples) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.origin < $1.origin }
  }

  /// The short links of the file with their counts, most first (then in the file's order).
  nonisolated static func sortedShortLinks(
    _ tally: Tally, _ table: ShortLinkTable?
  ) -> [(code: String, link: String, count: Int)] {
    guard let table else { return [] }
    return zip(table.links, tally.shortLinkCounts).enumerated()
      .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
      .map { ($0.element.0.code, $0.element.0.target, $0.element.1) }
  }

  /// The near-miss groups as JSON, largest first.
  nonisolated static func nearMissesJSON(_ tally: Tally) -> JSONValue {
    .array(
      sortedNearMisses(tally).map {
        .object([
          ("route", .string($0.group.route)), ("code", .string($0.group.code)), ("count", .int($0.count)),
          ("reason", .string($0.reason)), ("examples", .array($0.examples.map(JSONValue.string))),
        ])
      })
  }

  /// The rejection reasons as JSON, largest first.
  nonisolated static func rejectionsJSON(_ tally: Tally) -> JSONValue {
    countsJSON(sortedReasons(tally).map { ($0.code, $0.count, $0.examples) }, key: "reason")
  }

  static func report(_ tally: Tally, router: Router, shortLinks: ShortLinkTable? = nil, to output: TextSink) {
    let reasons = sortedReasons(tally)
    let labels =
      ["total", "matched", "unmatched", "rejected", "tracking links", "short links", "blank lines"]
      + router.table.routes.map { "  " + Printable.escaped($0.name) } + reasons.map { "  " + $0.code }
      + tally.nearMisses.keys.map { "  " + Printable.escaped($0.route) + " " + $0.code }
    let labelWidth = labels.map(\.count).max() ?? 0
    // Every count is at most the total (or the blank lines, counted apart).
    let numberWidth = String(max(tally.total, tally.blank)).count
    func percent(_ part: Int) -> String {
      guard tally.total > 0 else { return "" }
      let tenths = (part * 1000 + tally.total / 2) / tally.total
      return "  (\(tenths / 10).\(tenths % 10) %)"
    }
    func row(_ label: String, _ count: Int, _ extra: String = "") -> String {
      let number = String(count)
      return label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + "  "
        + String(repeating: " ", count: numberWidth - number.count) + number + extra
    }
    output.line(row("total", tally.total))
    output.line(row("matched", tally.matched, percent(tally.matched)))
    output.line(row("unmatched", tally.unmatched, percent(tally.unmatched)))
    output.line(row("rejected", tally.rejected, percent(tally.rejected)))
    if tally.tracking > 0 { output.line(row("tracking links", tally.tracking, percent(tally.tracking))) }
    if tally.shortLinks > 0 {
      output.line(row("short links", tally.shortLinks, "  (counted as their long links)"))
    }
    if tally.blank > 0 { output.line(row("blank lines", tally.blank, "  (skipped)")) }
    output.line("")
    output.line("per route:")
    for route in router.table.routes {
      output.line(row("  " + Printable.escaped(route.name), tally.perRoute[route.name] ?? 0))
    }
    reportUnmatched(tally, named: "unmatched", row: { row($0, $1) }, to: output)
    reportRejected(tally, named: "rejected", row: { row($0, $1) }, to: output)
    reportShortLinks(tally, shortLinks, to: output)
    reportTracking(tally, to: output)
  }

  /// Writes the links no route matched: grouped by the route that came closest, each group with its
  /// reason and examples, or a few examples when no group was formed.
  ///
  /// - Parameters:
  ///   - tally: The counts.
  ///   - noun: What the links are called in the heading (`unmatched`, `unmatched clicks`).
  ///   - row: Writes a label and a count in the report's columns.
  ///   - output: Where the lines go.
  nonisolated static func reportUnmatched(
    _ tally: Tally, named noun: String, row: (String, Int) -> String, to output: TextSink
  ) {
    let nearMisses = sortedNearMisses(tally)
    if !nearMisses.isEmpty {
      output.line("")
      output.line(noun + ", by the route that came closest:")
      for group in nearMisses {
        output.line(row("  " + Printable.escaped(group.group.route) + " " + group.group.code, group.count))
        output.line("      " + Printable.escaped(group.reason))
        for example in group.examples { output.line("      e.g. " + Printable.escaped(example)) }
      }
    } else if !tally.unmatchedExamples.isEmpty {
      output.line("")
      output.line(noun + ", for example:")
      for example in tally.unmatchedExamples { output.line("  " + Printable.escaped(example)) }
    }
  }

  /// Writes the links the router refused, by reason, most first, each reason with its examples.
  ///
  /// - Parameters:
  ///   - tally: The counts.
  ///   - noun: What the links are called in the heading (`rejected`, `rejected clicks`).
  ///   - row: Writes a label and a count in the report's columns.
  ///   - output: Where the lines go.
  nonisolated static func reportRejected(
    _ tally: Tally, named noun: String, row: (String, Int) -> String, to output: TextSink
  ) {
    let reasons = sortedReasons(tally)
    guard !reasons.isEmpty else { return }
    output.line("")
    output.line(noun + ", by reason:")
    for reason in reasons {
      output.line(row("  " + reason.code, reason.count))
      for example in reason.examples { output.line("      e.g. " + Printable.escaped(example)) }
    }
  }

  /// The short links that came by, each with its count and long link.
  nonisolated static func reportShortLinks(_ tally: Tally, _ table: ShortLinkTable?, to output: TextSink) {
    let links = sortedShortLinks(tally, table).filter { $0.count > 0 }
    guard !links.isEmpty else { return }
    output.line("")
    output.line("short links, each counted as its long link's route and campaign:")
    let width = links.map { $0.code.count }.max() ?? 0
    let numberWidth = String(links[0].count).count
    for link in links {
      let number = String(link.count)
      output.line(
        "  " + link.code.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + String(repeating: " ", count: numberWidth - number.count) + number + "  "
          + Printable.escaped(link.link))
    }
  }

  /// The tracking links by origin, each a count and examples.
  nonisolated static func reportTracking(_ tally: Tally, to output: TextSink) {
    let origins = sortedTracking(tally)
    guard !origins.isEmpty else { return }
    output.line("")
    output.line("tracking links, not followed (the audit fetches nothing), by origin:")
    for origin in origins {
      output.line("  \(Printable.escaped(origin.origin))  \(origin.count)")
      for example in origin.examples { output.line("      e.g. " + Printable.escaped(example)) }
    }
  }
}
