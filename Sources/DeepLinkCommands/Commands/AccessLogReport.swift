import DeepLinking
import RouteFiles
import UniversalLinks

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension AccessLogAudit {
  /// `deeplink audit --access-log PATH`: reads the log and prints the report; returns the exit status.
  @MainActor
  static func run(
    path: String, format: AccessLogFormat?, host: String?, json: Bool, exampleLimit: Int, router: Router,
    trackingHosts: AuditTrackingHosts = .none, streams: ToolStreams
  ) throws(UsageError) -> Int32 {
    let spec = AuditCommand.spec
    let linkHost: String
    if let host {
      guard !host.isEmpty, host.utf8.allSatisfy(isHostByte) else {
        throw spec.usageError(
          "--host needs a host name such as example.com, got '\(Printable.escaped(host))'")
      }
      linkHost = host
    } else {
      guard let first = router.table.hosts.first(where: { !$0.contains("*") }) else {
        throw spec.usageError("the route table lists no web host (or only wildcards); give --host HOST")
      }
      linkHost = first
    }
    let source: LineSource
    var descriptor: Int32 = -1
    if path == "-" {
      source = streams.input
    } else {
      descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else {
        let reason = String(cString: strerror(errno))
        streams.error.line("\(spec.fullName): \(path): cannot read the access log (\(reason))")
        return 2
      }
      source = LineSource(descriptor: descriptor, chunkSize: 1 << 20)
    }
    defer { if descriptor >= 0 { close(descriptor) } }
    var audit = AccessLogAudit(
      router: router, host: linkHost, exampleLimit: exampleLimit, format: format, trackingHosts: trackingHosts
    )
    audit.read(source)
    if json {
      streams.output.line(audit.json(path: path).rendered)
    } else {
      audit.report(path: path, to: streams.output)
    }
    return 0
  }

  /// The campaigns, most clicks first (then by source and name).
  var sortedCampaigns: [(key: Campaign, value: Counted)] {
    campaigns.sorted {
      $0.value.clicks != $1.value.clicks
        ? $0.value.clicks > $1.value.clicks
        : ($0.key.source, $0.key.campaign) < ($1.key.source, $1.key.campaign)
    }
  }

  var sortedDefects: [(reason: AccessLogDefect, count: Int, examples: [Example])] {
    AccessLogDefect.allCases.compactMap { reason in malformed[reason].map { (reason, $0.count, $0.examples) }
    }
    .sorted { $0.count > $1.count }
  }

  var malformedCount: Int { malformed.values.reduce(0) { $0 + $1.count } }
  var wellKnownCount: Int { wellKnown.values.reduce(0) { $0 + $1.count } }

  /// Clicks of a route on a platform.
  func clicks(route: Int, _ platform: ClickPlatform) -> Int {
    routePlatforms[route * ClickPlatform.allCases.count + platform.rawValue]
  }

  // MARK: JSON

  func json(path: String) -> JSONValue {
    func examples(_ list: [Example]) -> JSONValue {
      .array(list.map { .object([("line", .int($0.line)), ("text", .string($0.text))]) })
    }
    func counted(_ value: Counted) -> [(String, JSONValue)] {
      [("clicks", .int(value.clicks)), ("matched", .int(value.matched))]
    }
    let platformNames = ClickPlatform.allCases
    let clickMembers: [(String, JSONValue)] = [
      ("total", .int(clicks.total)), ("matched", .int(clicks.matched)), ("unmatched", .int(clicks.unmatched)),
      ("rejected", .int(clicks.rejected)), ("tracking", .int(clicks.tracking)),
      ("shortLinks", .int(clicks.shortLinks)),
      ("unmatchedExamples", .array(clicks.unmatchedExamples.map(JSONValue.string))),
      ("unmatchedByNearestRoute", AuditCommand.nearMissesJSON(clicks)),
      ("rejections", AuditCommand.rejectionsJSON(clicks)),
      ("trackingOrigins", AuditCommand.trackingJSON(clicks)),
    ]
    return .object([
      ("accessLog", .string(path)),
      ("format", .optional(format?.rawValue)),
      ("host", .string(host)),
      ("lines", .int(lines)),
      ("blank", .int(blank)),
      ("firstTime", .optional(firstTime)),
      ("lastTime", .optional(lastTimeText)),
      (
        "outcomes",
        .object([
          ("clicks", .int(clicks.total)), ("wellKnown", .int(wellKnownCount)),
          ("otherMethod", .int(otherMethod)),
          ("errorStatus", .int(errorStatus.clientErrors + errorStatus.serverErrors)),
          ("notARequest", .int(notARequest)), ("malformed", .int(malformedCount)),
        ])
      ),
      ("clicks", .object(clickMembers)),
      (
        "routes",
        .array(
          router.table.routes.indices.map { index in
            .object(
              [
                ("route", .string(router.table.routes[index].name)),
                ("clicks", .int(platformNames.reduce(0) { $0 + clicks(route: index, $1) })),
              ] + platformNames.map { ($0.name, .int(clicks(route: index, $0))) })
          })
      ),
      ("platforms", .object(platformNames.map { ($0.name, .int(platforms[$0.rawValue])) })),
      (
        "bots",
        .object(
          UserAgentMarkers.bots.indices.filter { bots[$0] > 0 }.map {
            (UserAgentMarkers.bots[$0].name, .int(bots[$0]))
          })
      ),
      (
        "campaigns",
        .array(
          sortedCampaigns.map {
            .object(
              [("source", .string($0.key.source)), ("campaign", .string($0.key.campaign))] + counted($0.value)
            )
          })
      ),
      ("otherCampaigns", .object(counted(otherCampaigns))),
      ("noCampaign", .object(counted(noCampaign))),
      ("campaignLimit", .int(Self.campaignLimit)),
      ("shortLinkCodes", AuditCommand.shortLinksJSON(clicks, trackingHosts.shortLinks)),
      (
        "wellKnown",
        .array(
          wellKnown.sorted { $0.key < $1.key }.map {
            .object([
              ("file", .string($0.key)), ("fetches", .int($0.value.count)), ("errors", .int($0.value.errors)),
            ])
          })
      ),
      ("otherMethod", .object([("count", .int(otherMethod)), ("examples", examples(otherMethodExamples))])),
      (
        "errorStatus",
        .object([
          ("4xx", .int(errorStatus.clientErrors)), ("5xx", .int(errorStatus.serverErrors)),
          ("examples", examples(errorStatusExamples)),
        ])
      ),
      ("notARequest", .object([("count", .int(notARequest)), ("examples", examples(notARequestExamples))])),
      (
        "malformed",
        .array(
          sortedDefects.map {
            .object([
              ("reason", .string($0.reason.rawValue)), ("count", .int($0.count)),
              ("examples", examples($0.examples)),
            ])
          })
      ),
    ])
  }

  // MARK: Text

  func report(path: String, to output: TextSink) {
    let numberWidth = String(max(lines, 1)).count
    func row(_ label: String, _ count: Int, _ extra: String = "", width: Int = 34) -> String {
      let number = String(count)
      return label.padding(toLength: max(width, label.count), withPad: " ", startingAt: 0) + "  "
        + String(repeating: " ", count: max(0, numberWidth - number.count)) + number + extra
    }
    func percent(_ part: Int, of whole: Int) -> String {
      guard whole > 0 else { return "" }
      let tenths = (part * 1000 + whole / 2) / whole
      return "  (\(tenths / 10).\(tenths % 10) %)"
    }
    func example(_ item: Example) -> String { "      line \(item.line): " + Printable.escaped(item.text) }
    output.line(
      "access log \(Printable.escaped(path)) (\(format?.rawValue ?? "empty")), links on https://\(Printable.escaped(host))"
    )
    if let firstTime, let last = lastTimeText {
      output.line("from \(Printable.escaped(firstTime)) to \(Printable.escaped(last))")
    }
    output.line("")
    output.line(row("lines", lines))
    output.line(row("  clicks (GET/HEAD below 400)", clicks.total, percent(clicks.total, of: lines)))
    output.line(row("    matched", clicks.matched, percent(clicks.matched, of: clicks.total)))
    output.line(row("    unmatched", clicks.unmatched, percent(clicks.unmatched, of: clicks.total)))
    output.line(row("    rejected", clicks.rejected, percent(clicks.rejected, of: clicks.total)))
    if clicks.tracking > 0 {
      output.line(
        row("    tracking links (not followed)", clicks.tracking, percent(clicks.tracking, of: clicks.total)))
    }
    if clicks.shortLinks > 0 {
      // Counted above as their long links, matched or not.
      output.line(row("    of which short links", clicks.shortLinks))
    }
    output.line(row("  /.well-known/ fetches", wellKnownCount))
    output.line(row("  other methods", otherMethod))
    output.line(row("  error status (4xx, 5xx)", errorStatus.clientErrors + errorStatus.serverErrors))
    output.line(row("  not a request", notARequest))
    output.line(row("  malformed", malformedCount))
    if blank > 0 { output.line(row("  blank", blank, "  (skipped)")) }

    output.line("")
    let platformNames = ClickPlatform.allCases
    let everyClick = "(every click)"
    let nameWidth = max(
      everyClick.count, router.table.routes.map { Printable.escaped($0.name).count }.max() ?? 0)
    let columnWidth = max(8, String(clicks.total).count + 1)
    func columns(_ values: [String]) -> String {
      values.map { String(repeating: " ", count: max(0, columnWidth - $0.count)) + $0 }.joined()
    }
    output.line(
      "per route".padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
        + columns(["clicks"] + platformNames.map(\.name)))
    for (index, route) in router.table.routes.enumerated() {
      let counts = platformNames.map { clicks(route: index, $0) }
      output.line(
        ("  " + Printable.escaped(route.name)).padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
          + columns([String(counts.reduce(0, +))] + counts.map(String.init)))
    }
    output.line(
      ("  " + everyClick).padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0)
        + columns([String(clicks.total)] + platformNames.map { String(platforms[$0.rawValue]) }))
    let seenBots = UserAgentMarkers.bots.indices.filter { bots[$0] > 0 }
    if !seenBots.isEmpty {
      output.line("")
      output.line("bots:")
      for index in seenBots { output.line(row("  " + UserAgentMarkers.bots[index].name, bots[index])) }
    }

    output.line("")
    output.line("per campaign (utm_source / utm_campaign):" + columns(["clicks", "matched"]))
    let campaignRows =
      sortedCampaigns.map { (Printable.escaped($0.key.source + " / " + $0.key.campaign), $0.value) }
      + (otherCampaigns.clicks > 0 ? [("(other)", otherCampaigns)] : []) + [("(none)", noCampaign)]
    for (label, value) in campaignRows {
      output.line(
        ("  " + label).padding(toLength: max(41, label.count + 2), withPad: " ", startingAt: 0)
          + columns([String(value.clicks), String(value.matched)]))
    }
    if otherCampaigns.clicks > 0 {
      output.line(
        "  (only the first \(Self.campaignLimit) distinct campaigns are counted one by one; later ones are \"(other)\")"
      )
    }

    if !wellKnown.isEmpty {
      output.line("")
      output.line("/.well-known/ fetches (not clicks):")
      for (file, counts) in wellKnown.sorted(by: { $0.key < $1.key }) {
        output.line(
          row("  " + file, counts.count, counts.errors > 0 ? "  (\(counts.errors) answered 4xx/5xx)" : ""))
      }
    }

    AuditCommand.reportUnmatched(clicks, named: "unmatched clicks", row: { row($0, $1) }, to: output)
    AuditCommand.reportRejected(clicks, named: "rejected clicks", row: { row($0, $1) }, to: output)
    AuditCommand.reportShortLinks(clicks, trackingHosts.shortLinks, to: output)
    AuditCommand.reportTracking(clicks, to: output)
    let apart: [(String, Int, [Example])] = [
      ("other methods (not clicks):", otherMethod, otherMethodExamples),
      (
        "error status (not clicks): \(errorStatus.clientErrors) 4xx, \(errorStatus.serverErrors) 5xx",
        errorStatus.clientErrors + errorStatus.serverErrors, errorStatusExamples
      ),
      ("not a request (\"-\" or bytes that are not HTTP):", notARequest, notARequestExamples),
    ]
    for (title, count, examples) in apart where count > 0 {
      output.line("")
      output.line(title)
      for item in examples { output.line(example(item)) }
    }
    let defects = sortedDefects
    if !defects.isEmpty {
      output.line("")
      output.line("malformed lines, by reason:")
      for defect in defects {
        output.line(row("  " + defect.reason.rawValue, defect.count))
        for item in defect.examples { output.line(example(item)) }
      }
    }
  }
}
