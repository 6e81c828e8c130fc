import DeepLinking
import Foundation
import RouteFiles
import TrackingLinks

/// `deeplink route`: matches links and prints one JSON line per link.
@MainActor
enum RouteCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["route"],
    usage:
      "[--routes FILE] [--stdin] [--source SOURCE] [--tracking-origin ORIGIN... [--timeout SECONDS]] URL...",
    summary: "Match links against the route table; one JSON line per link.",
    discussion: """
      Matches each link against the route table and prints one JSON line per link:
        {"url": ..., "route": NAME or null, "parameters": {...}, "query": [...], "fragment": ..., "source": ...}
      with "error" (and "errorCode") when the link was rejected or no route matched; a rejected link
      is shown up to its first 200 characters, then "…". A link no route matches adds "path" (as the
      router read it) and "nearest": the route that came closest and why it stopped ({"route",
      "reason", "code", "segment", "expected", "found"}). A route with requirements adds
      "requires": ["verified-link", "sign-in"]; one that requires a verified link is checked as the
      app's intake checks it, from the link's source ("linkSource"). A match reached through a
      route that follows its nested link adds "followed" ([{"route", "url"}], outermost first) and
      the nested link routed ("finalURL"); trust is that of the outermost link.
      Parameter values: int and decimal -> number, bool -> true or false, catch-alls -> array of
      strings (a typed catch-all's segments each as its type prints), an open query dictionary ->
      object of strings, others (text, uuid, url, value sets, kinds) -> string (UUIDs upper-case).
      A route's constants follow its values in "parameters".
      """,
    options: [
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .flag(
        "stdin",
        """
        Read links from standard input, one per line, after the arguments; blank lines are
        skipped. A line over 64 KiB (or the table's maxURLLength, if larger) is reported as
        "line-too-long" with its length and start, never echoed whole.
        """),
      .value(
        "tracking-origin", "ORIGIN",
        """
        A tracking (click) origin such as https://click.example.com; repeatable. Links
        on a tracking origin are resolved first by following their redirects (HEAD,
        then GET if HEAD is refused; bodies are never read) while they stay on a
        tracking origin; the first location outside is the click-through URL, which is
        routed and never fetched. The line gets "resolvedURL". Other links make no
        request. https only, unless the origin is given with http://.
        """, repeatable: true),
      .value("timeout", "SECONDS", "The time limit of one resolution (default 5)."),
      .value(
        "source", "SOURCE",
        """
        Where the links come from, to apply the trust policy as the app's intake does:
        \(knownSources.map(\.rawValue).joined(separator: ", ")).
        Default: universalLink for https links, customScheme otherwise. A route that
        requires a verified link refused from this source gets "errorCode": "not-verified".
        """, completion: .words(knownSources.map(\.rawValue))),
    ],
    epilogue:
      "EXIT STATUS: 0 every link matched, 1 some did not, 2 usage error, no link given, or bad route file."
  )

  /// The sources `--source` accepts: the ones the package names.
  static let knownSources: [LinkSource] = [
    .universalLink, .customScheme, .notification, .stored, .programmatic, .fallback, .inApp, .qrCode,
    .quickAction, .userActivity, .spotlight, .appIntent, .deferred,
  ]

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard let arguments = try spec.arguments(words, streams, positionals: .any) else { return 0 }
    var source: LinkSource?
    if let name = arguments.value("source") {
      guard let known = knownSources.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
        let suggestion = Suggestion.closest(to: name, in: knownSources.map(\.rawValue))
        throw spec.usageError(
          "--source '\(name)' is not a link source"
            + (suggestion.map { "; did you mean '\($0)'?" }
              ?? "; expected one of \(knownSources.map(\.rawValue).joined(separator: ", "))"))
      }
      source = known
    }
    guard !arguments.positionals.isEmpty || arguments.has("stdin") else {
      throw spec.usageError("give at least one URL, or --stdin")
    }
    let resolver = try trackingResolver(arguments)
    guard let router = spec.router(arguments, streams) else { return 2 }
    var allMatched = true
    var linksSeen = 0
    func route(_ url: String) async -> Bool {
      linksSeen += 1
      guard let resolver, let parsed = URL(string: url), resolver.isTrackingLink(parsed) else {
        return report(url, router: router, source: source, to: streams.output)
      }
      do {
        let resolved = try await resolver.resolve(parsed).absoluteString
        return report(url, resolvedURL: resolved, router: router, source: source, to: streams.output)
      } catch {
        streams.output.line(failureLine(url: url, error: error.description, code: "tracking-\(error.code)"))
        return false
      }
    }
    for url in arguments.positionals {
      allMatched = await route(url) && allMatched
    }
    if arguments.has("stdin") {
      if streams.isInteractive {
        streams.error.line("deeplink route: reading links from standard input, one per line; end with Ctrl-D")
        streams.error.flush()
      }
      streams.input.maximumLineLength = maximumLineLength(for: router)
      while let read = streams.input.nextLine() {
        let line: ArraySlice<UInt8>
        switch read {
        case .success(let bytes): line = bytes
        case .failure(let overlong):
          streams.output.line(
            failureLine(url: overlong.excerpt, error: overlong.description, code: overlong.code))
          allMatched = false
          continue
        }
        if InputLine.isBlank(line) { continue }
        guard let url = StrictUTF8.decode(line) else {
          let lossy = String(decoding: line, as: UTF8.self)
          streams.output.line(
            failureLine(url: lossy, error: "input line is not valid UTF-8", code: "invalid-utf8"))
          allMatched = false
          continue
        }
        allMatched = await route(url) && allMatched
      }
      guard linksSeen > 0 || !allMatched else {
        streams.error.line("deeplink route: no link given: standard input held no link")
        return 2
      }
    }
    return allMatched ? 0 : 1
  }

  /// The longest line `--stdin` reads: 64 KiB, or the route table's longest link when that is
  /// longer, so every link the table accepts fits; a longer line is reported as `line-too-long`.
  static func maximumLineLength(for router: Router) -> Int {
    max(LineSource.defaultMaximumLineLength, router.table.options.maxURLLength)
  }

  /// The resolver for `--tracking-origin`, or `nil` when none is given.
  static func trackingResolver(_ arguments: Arguments) throws(UsageError) -> TrackingLinkResolver? {
    let origins = arguments.values["tracking-origin"] ?? []
    var seconds = 5.0
    if let text = arguments.value("timeout") {
      guard let value = Double(text), value > 0, value <= 3600 else {
        throw spec.usageError("--timeout needs a number of seconds above 0 and at most 3600, got '\(text)'")
      }
      seconds = value
    }
    guard !origins.isEmpty else {
      if arguments.values["timeout"] != nil {
        throw spec.usageError("--timeout goes with --tracking-origin")
      }
      return nil
    }
    var parsed: [TrackingOrigin] = []
    for origin in origins {
      do {
        parsed.append(try TrackingOrigin(origin))
      } catch {
        throw spec.usageError("--tracking-origin: \(error)")
      }
    }
    return TrackingLinkResolver(origins: parsed, timeout: .milliseconds(Int(seconds * 1000)))
  }

  /// Prints the JSON line of one link; returns whether a route matched and the trust policy lets the
  /// link open it.
  ///
  /// A matched route's requirements are listed (`"requires"`), and a route that requires a verified
  /// link is checked against the policy as ``LinkIntake`` checks it: the link's source is `source`, or
  /// what the system would say for the link (a Universal Link for `https`, a custom-scheme link
  /// otherwise).
  static func report(
    _ url: String, resolvedURL: String? = nil, router: Router, source: LinkSource? = nil,
    to output: TextSink
  ) -> Bool {
    do {
      guard let match = try router.match(resolvedURL ?? url) else {
        let explanation = (try? router.explain(resolvedURL ?? url)).flatMap { $0 }
        output.line(
          failureLine(
            url: url, resolvedURL: resolvedURL, error: "no route matches", code: "no-route",
            extra: explanation.map(nearMissMembers) ?? []))
        return false
      }
      var members = matchMembers(match, router: router, url: url, resolvedURL: resolvedURL)
      guard let route = router.route(named: match.route) else {
        output.line(JSONValue.object(members).rendered)
        return true
      }
      let requirements =
        (route.requiresVerifiedLink ? ["verified-link"] : []) + (route.requiresSignIn ? ["sign-in"] : [])
      if !requirements.isEmpty {
        members.append(("requires", .array(requirements.map(JSONValue.string))))
      }
      let linkSource =
        source ?? URL(string: match.arrivalURL).map(IncomingLink.systemSource(of:)) ?? .customScheme
      if route.requiresVerifiedLink || source != nil {
        members.append(("linkSource", .string(linkSource.rawValue)))
      }
      if let refusal = LinkPolicy.standard.refusal(for: route, match: match, source: linkSource) {
        members += [("error", .string(refusal.description)), ("errorCode", .string(refusal.identifier))]
        output.line(JSONValue.object(members).rendered)
        return false
      }
      output.line(JSONValue.object(members).rendered)
      return true
    } catch {
      output.line(
        failureLine(url: url, resolvedURL: resolvedURL, error: error.message, code: error.code.description))
      return false
    }
  }

  static func matchMembers(
    _ match: RouteMatch, router: Router, url: String? = nil, resolvedURL: String? = nil
  ) -> [(String, JSONValue)] {
    [("url", .string(url ?? match.url))]
      + (resolvedURL.map { [("resolvedURL", JSONValue.string($0))] } ?? []) + [
        ("route", .string(match.route)),
        ("parameters", match.parametersJSON(in: router)),
        ("query", queryJSON(match.query)),
        ("fragment", .optional(match.fragment)),
        ("source", .string(match.origin.description)),
      ] + followedMembers(match)
  }

  /// `"followed"`: the links whose nested link led to the match, outermost first, when there are any.
  static func followedMembers(_ match: RouteMatch) -> [(String, JSONValue)] {
    guard !match.followed.isEmpty else { return [] }
    return [
      (
        "followed",
        .array(match.followed.map { .object([("route", .string($0.route)), ("url", .string($0.url))]) })
      ),
      ("finalURL", .string(match.url)),
    ]
  }

  static func queryJSON(_ items: [QueryItem]) -> JSONValue {
    .array(items.map { .object([("name", .string($0.name)), ("value", .optional($0.value))]) })
  }

  /// The JSON line of a rejected link; the link and the click-through it resolved to are shown as
  /// bounded ``Excerpt``s.
  static func failureLine(
    url: String, resolvedURL: String? = nil, error: String, code: String, extra: [(String, JSONValue)] = []
  ) -> String {
    JSONValue.object(
      [("url", .string(Excerpt.of(url)))]
        + (resolvedURL.map { [("resolvedURL", JSONValue.string(Excerpt.of($0)))] } ?? []) + [
          ("route", .null), ("parameters", .object([])), ("query", .array([])),
          ("fragment", .null), ("error", .string(error)), ("errorCode", .string(code)),
        ] + extra
    ).rendered
  }

  /// `"path"` as the router read it and `"nearest"`: the route that came closest and why it stopped.
  static func nearMissMembers(_ miss: NearMiss) -> [(String, JSONValue)] {
    [
      ("path", .array(miss.path.map(JSONValue.string))),
      (
        "nearest",
        .object([
          ("route", .string(miss.route)), ("reason", .string(miss.description)),
          ("code", .string(miss.code.description)), ("segment", miss.segment.map { .int($0 + 1) } ?? .null),
          ("expected", .string(miss.expected)), ("found", miss.found.map(JSONValue.string) ?? .null),
        ])
      ),
    ]
  }
}
