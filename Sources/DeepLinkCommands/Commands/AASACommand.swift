import DeepLinking
import Foundation
import RouteFiles
import UniversalLinks

/// `deeplink aasa`: matches URLs against, checks, and generates apple-app-site-association files.
@MainActor
enum AASACommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["aasa"],
    usage: "<subcommand> [options]",
    summary: "Match URLs against, check, or generate an apple-app-site-association file.",
    discussion: "Works with apple-app-site-association files the way iOS reads them.",
    options: [],
    epilogue: "",
    subcommands: subcommands.map { $0.spec }
  )

  private static let subcommands: [any ToolSubcommand.Type] = [Match.self, Check.self, Generate.self]

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    try await ToolCommand.dispatch(words, group: spec, subcommands: subcommands, streams: streams)
  }

  /// Reads and decodes an association file; the failure names the file, and the place in the
  /// document or the line and column.
  static func document(at path: String) throws(ToolFailure) -> AASADocument {
    let data = try contents(of: path)
    do {
      return try AASADocument(jsonData: data)
    } catch {
      throw ToolFailure(description: "\(path): \(error)")
    }
  }

  /// The bytes of a file, or a failure naming it.
  static func contents(of path: String) throws(ToolFailure) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ToolFailure(description: "\(path): cannot read the file (\(error.localizedDescription))")
    }
  }

  /// The `--app-id` values, each checked to be `<TeamID>.<bundle id>`; at least one.
  static func appIDs(_ arguments: Arguments) throws(UsageError) -> [String] {
    let appIDs = arguments.values["app-id"] ?? []
    guard !appIDs.isEmpty else {
      throw UsageError(
        description: "give at least one --app-id TEAMID.bundle.id (ABCDE12345.com.example.app)")
    }
    for appID in appIDs {
      if let problem = AASAValidator.checkAppID(appID).first {
        throw UsageError(description: "--app-id: \(problem.message)")
      }
    }
    return appIDs
  }

  /// Where the file must be served and the entitlements it answers, for standard error.
  static func domainNotes(_ generator: AASAGenerator) -> [String] {
    guard !generator.domains.isEmpty else {
      return [
        "warning: the route table lists no host, so no Universal Link reaches the app; add \"hosts\" to it"
      ]
    }
    var notes: [String] = []
    for (location, entitlement) in zip(generator.fileLocations, generator.entitlements) {
      notes.append("serve the file at \(location) (entitlement \(entitlement))")
    }
    for domain in generator.domains where domain.hasPrefix("*.") {
      notes.append(
        "note: \(domain) covers subdomains, not \(domain.dropFirst(2)) itself; each subdomain serves its own copy"
      )
    }
    return notes
  }

  /// Generates the file of a generator and checks it against the routes; on failure, writes why to
  /// standard error and returns `nil`.
  static func consistentDocument(
    _ generator: AASAGenerator, includeLegacyPaths: Bool, webCredentials: Bool, command: String,
    streams: ToolStreams
  ) -> AASADocument? {
    let document: AASADocument
    do {
      document = try generator.document(
        includeLegacyPaths: includeLegacyPaths, webCredentials: webCredentials)
    } catch {
      streams.error.line("deeplink \(command): \(error)")
      return nil
    }
    let report = AASAConsistencyCheck(shapes: generator.shapes).run(on: document)
    guard report.isConsistent else {
      streams.error.line("deeplink \(command): the generated file does not agree with the route table:")
      for failure in report.failures {
        streams.error.line("  \(failure)")
      }
      return nil
    }
    return document
  }
}

extension AASACommand {
  /// `deeplink aasa match`.
  @MainActor
  enum Match: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["aasa", "match"],
      usage: "--file FILE [--domain HOST] URL...",
      summary: "Decide, as iOS does, whether URLs open the app; one JSON line per URL.",
      discussion: """
        Decides, the way iOS does, whether each URL opens an app under the apple-app-site-association
        FILE, and prints one JSON line per URL:
          {"url": ..., "result": "match"|"blocked"|"none", "appIDs": [...], "rule": N, "detail": N}
        "appIDs" lists every app that opens the URL, across details; "rule" is the index of the first
        rule that opened it (or, for "blocked", of the rule that blocks it, with the apps it blocks in
        "blockedAppIDs"), in the "components" (or legacy "paths") of applinks.details["detail"]; both
        are null when no rule decided. A URL that cannot be read gets "result": "error" and an "error".
        A URL may also be a path such as /buy/42?x=1. FILE is read as Apple reads it: a query value
        that is not a string is skipped; an app ID without its team prefix never opens. Limits: FILE
        over 128 KB is refused (Apple ignores it); a pattern over 1,024 bytes makes its rule ignored; a
        URL whose path, query or fragment is over 1,024 bytes is an error. The notes go to standard
        error.
        """,
      options: [
        .value("file", "FILE", "The apple-app-site-association file.", completion: .file),
        .value(
          "domain", "HOST",
          """
          The host FILE is served from (example.com, or *.example.com for its subdomains);
          a URL on another host does not open the app. Without it the host is not checked.
          """),
      ],
      epilogue: """
        EXIT STATUS: 0 every URL opens the app, 1 some do not, 2 usage error, a URL or a file that cannot
        be read, or a file over 128 KB.
        """
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams, positionals: .any) else { return 0 }
      guard let path = arguments.value("file") else { throw spec.usageError("give --file FILE") }
      let domain = arguments.value("domain")
      guard !arguments.positionals.isEmpty else { throw spec.usageError("give at least one URL") }
      let matcher: AASAMatcher
      do {
        let data = try AASACommand.contents(of: path)
        guard data.count <= AASAValidator.maximumFileSize else {
          throw ToolFailure(
            description:
              "\(path): the file is \(data.count) bytes; Apple ignores files over \(AASAValidator.maximumFileSize) bytes (128 KB), so no URL opens the app"
          )
        }
        let read: (document: AASADocument, skippedQueryValues: [JSONPath])
        do {
          read = try AASAMatcher.document(readingAsApple: data)
        } catch {
          throw ToolFailure(description: "\(path): \(error)")
        }
        for skipped in read.skippedQueryValues {
          streams.error.line(
            "deeplink aasa match: note: \(Printable.escaped(skipped.place)): not a string; Apple skips this query condition"
          )
        }
        matcher = AASAMatcher(document: read.document)
      } catch {
        streams.error.line("deeplink aasa match: \(error)")
        return 2
      }
      for ignored in matcher.ignoredRules {
        streams.error.line("deeplink aasa match: note: \(Printable.escaped(ignored.description))")
      }
      for appID in matcher.invalidAppIDs {
        streams.error.line(
          "deeplink aasa match: note: \"\(Printable.escaped(appID))\" has no team prefix (<TeamID>.<bundle id>); no app can claim it, so it never opens"
        )
      }
      var status: Int32 = 0
      for url in arguments.positionals {
        let decision: AASAMatchDecision
        do {
          decision = try matcher.decide(url, domain: domain)
        } catch {
          status = 2
          streams.output.line(errorLine(url: url, error: error.description).rendered)
          continue
        }
        if !decision.result.opensApp && status == 0 { status = 1 }
        streams.output.line(line(url: url, result: decision.result).rendered)
      }
      return status
    }

    static func errorLine(url: String, error: String) -> JSONValue {
      .object([
        ("url", .string(url)), ("result", .string("error")), ("appIDs", .array([])), ("rule", .null),
        ("detail", .null), ("error", .string(error)),
      ])
    }

    static func line(url: String, result: AASAMatchResult) -> JSONValue {
      var members: [(String, JSONValue)] = [("url", .string(url)), ("result", .string(result.name))]
      switch result {
      case .match(let ids, let detailIndex, let ruleIndex):
        members += [
          ("appIDs", .array(ids.map(JSONValue.string))), ("rule", .int(ruleIndex)),
          ("detail", .int(detailIndex)),
        ]
      case .blocked(let ids, let detailIndex, let ruleIndex):
        members += [
          ("appIDs", .array([])), ("rule", .int(ruleIndex)), ("detail", .int(detailIndex)),
          ("blockedAppIDs", .array(ids.map(JSONValue.string))),
        ]
      case .none:
        members += [("appIDs", .array([])), ("rule", .null), ("detail", .null)]
      }
      return .object(members)
    }
  }

  /// `deeplink aasa check`.
  @MainActor
  enum Check: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["aasa", "check"],
      usage: "(--file FILE | --url https://HOST [--timeout SECONDS]) [--json]",
      summary: "Report the mistakes that make links open Safari instead of the app.",
      discussion: """
        Checks an apple-app-site-association file for the mistakes that make links open Safari: a file
        over 128 KB, a CMS/PKCS#7 signed file (the iOS 8 format; the JSON inside is checked too), invalid
        JSON, wrong types (an array under appID suggests appIDs), misspelled keys, paths and components
        that disagree, rules that can never decide (query dictionaries included), exclude rules after a
        broader rule, '#' in a path pattern, malformed app IDs, unknown substitution variables.
        Severity follows what breaks on a phone: error, no link can open; warning, some intended link
        will not open or an unintended one will; note, style and history (legacy paths alone still
        work). Prints one line per finding,
          warning[code] path: message
        then a summary line.
        With --url the file is fetched as Apple's CDN fetches it for iOS 14+ and macOS 11+ (devices
        ask the CDN, not the site): from https://HOST/.well-known/apple-app-site-association only, with
        the certificate verified, no redirect followed (a 3xx is an error, with its Location), status
        200, at most 128 KB read. A content type other than application/json is a note: the CDN reads
        the file anyway. A fetch that fails is an error finding (redirect, http-status,
        file-too-large, fetch-timeout, certificate-not-trusted, fetch-failed); otherwise the body is
        checked as a file would be.
        """,
      options: WellKnownFetch.checkerOptions(for: .appleAppSiteAssociation),
      epilogue: WellKnownFetch.checkerExitStatus
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      try await check(words, streams, spec: spec, file: .appleAppSiteAssociation) { data in
        AASAValidator().validate(data: data)
      }
    }

    /// Runs a file checker as `aasa check` and `assetlinks check` do: the options, the file (`--file`)
    /// or the fetch (`--url`), then the checker's findings after the fetch's, in one report.
    static func check(
      _ words: [String], _ streams: ToolStreams, spec: CommandSpec, file: WellKnownFile,
      checker: (Data) -> [AssociationFileDiagnostic]
    ) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams) else { return 0 }
      guard let source = try await WellKnownFetch.source(arguments, file: file, spec: spec, streams: streams)
      else { return 2 }
      return report(
        file: source.url, findings: source.findings + (source.body.map(checker) ?? []),
        json: arguments.has("json"), streams: streams)
    }

    /// Prints findings, one line each and a summary (or one JSON object), and returns the exit status:
    /// 0 clean or notes only, 1 warnings, 2 errors. A line quotes the file and the server (keys,
    /// values, headers), so each is ``Printable``; the JSON is escaped as JSON.
    static func report(file: String, findings: [AssociationFileDiagnostic], json: Bool, streams: ToolStreams)
      -> Int32
    {
      let errors = findings.filter { $0.severity == .error }.count
      let warnings = findings.filter { $0.severity == .warning }.count
      let notes = findings.count - errors - warnings
      if json {
        let list = findings.map { finding -> JSONValue in
          .object([
            ("severity", .string(finding.severity.rawValue)), ("code", .string(finding.code.description)),
            ("path", .string(finding.path)), ("message", .string(finding.message)),
          ])
        }
        streams.output.line(
          JSONValue.object([
            ("file", .string(file)), ("errors", .int(errors)), ("warnings", .int(warnings)),
            ("notes", .int(notes)),
            ("diagnostics", .array(list)),
          ]).rendered)
      } else {
        for finding in findings {
          streams.output.line(Printable.escaped(finding.description))
        }
        let shown = Printable.escaped(file)
        streams.output.line(
          findings.isEmpty
            ? "\(shown): no problems found"
            : "\(shown): \(count(errors, "error")), \(count(warnings, "warning")), \(count(notes, "note"))")
      }
      return findings.map(\.severity).exitStatus
    }

    private static func count(_ number: Int, _ noun: String) -> String {
      "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
  }

  /// `deeplink aasa generate`.
  @MainActor
  enum Generate: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["aasa", "generate"],
      usage:
        "[--routes FILE] --app-id ID... [--domain HOST] [--no-legacy-paths] [--web-credentials] [--json]",
      summary: "Print the file generated from the route table.",
      discussion: """
        Prints the apple-app-site-association file generated from the route table: one components rule
        per route (routes that require a verified link included), each route without a catch-all preceded
        by exclusions of its paths with more segments, and legacy paths (with NOT) for iOS 12. The file
        opens the app for exactly the routed links, except where AASA cannot say it (integer and UUID
        parameters admit any text; a parameter before a later literal in a catch-all route may span
        segments): those widenings are listed route by route on standard error. The file is checked
        against the table before it is printed: every route's sample link must open the app, and probes
        no route accepts (a segment more or fewer, a wrong literal, a missing required query item, an
        empty catch-all) must not. Routes whose rules are the same share one rule. Apple ignores a file
        over 128 KB: a file that would be larger pretty-printed is printed without whitespace, then
        also without the comments; one still over 128 KB is an error giving its size. Where to serve
        it, and the entitlements, go to standard error. The same file is served on every host of the
        table; a *.example.com host needs it on each subdomain. A route limited to some hosts ("hosts" in
        the route file) is only in the file of those hosts: --domain HOST prints the file of one host,
        with its routes. A route for any host ("hosts": ["*"]) is in no file. Routes left out are listed
        as notes on standard error.
        """,
      options: [
        .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
        .value(
          "app-id", "ID", "An app, TEAMID.bundle.id (ABCDE12345.com.example.app); repeat for several.",
          repeatable: true),
        .value(
          "domain", "HOST",
          "The file of this host of the table, with the routes limited to it (default: the file for every host)."
        ),
        .flag("no-legacy-paths", #"Leave out the "paths" array read by iOS 12 and earlier."#),
        .flag("web-credentials", #"Add a "webcredentials" section for the same apps."#),
        .flag(
          "json",
          #"Print one JSON object instead: {"file": the file, "widenings": [{"route", "parameter", "kind", "example", "reason"}], "notes": [routes left out, with why]}."#
        ),
      ],
      epilogue: """
        EXIT STATUS: 0 printed, 1 the table cannot be expressed, the file does not agree with it, or the
        file is over 128 KB (nothing is printed), 2 usage error (a malformed app ID) or bad route file.
        """
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams) else { return 0 }
      let appIDs = try AASACommand.appIDs(arguments)
      guard let router = spec.router(arguments, streams) else { return 2 }
      let generator: AASAGenerator
      if let domain = arguments.value("domain") {
        guard router.listsHost(domain) else {
          throw spec.usageError(
            "--domain: '\(domain)' is not a host of the route table (\(router.table.hosts.joined(separator: ", ")))"
          )
        }
        generator = AASAGenerator(appIDs: appIDs, router: router, domain: domain)
      } else {
        generator = AASAGenerator(appIDs: appIDs, router: router)
      }
      let includeLegacyPaths = !arguments.has("no-legacy-paths")
      let webCredentials = arguments.has("web-credentials")
      guard
        AASACommand.consistentDocument(
          generator, includeLegacyPaths: includeLegacyPaths, webCredentials: webCredentials,
          command: "aasa generate", streams: streams) != nil
      else { return 1 }
      let data: Data
      do {
        data = try generator.fileData(includeLegacyPaths: includeLegacyPaths, webCredentials: webCredentials)
      } catch {
        streams.error.line("deeplink aasa generate: \(error)")
        if error.code == .fileTooLarge, includeLegacyPaths,
          let smaller = try? generator.fileData(includeLegacyPaths: false, webCredentials: webCredentials)
        {
          streams.error.line(
            "deeplink aasa generate: without the legacy paths of iOS 12 and earlier (--no-legacy-paths) it would be \(smaller.count) bytes"
          )
        }
        return 1
      }
      let widenings = generator.widenings
      if arguments.has("json") {
        let file = (try? JSONReader.read(data)) ?? .null
        let list = widenings.map { widening -> JSONValue in
          .object([
            ("route", .string(widening.route)), ("parameter", .string(widening.parameter)),
            ("kind", .string(widening.kind.description)), ("example", .string(widening.example)),
            ("reason", .string(widening.reason)),
          ])
        }
        streams.output.line(
          JSONValue.object([
            ("file", file), ("widenings", .array(list)),
            ("notes", .array(generator.leftOut.map(JSONValue.string))),
          ]).rendered)
      } else {
        streams.output.write(String(decoding: data, as: UTF8.self))
      }
      for widening in widenings {
        streams.error.line("deeplink aasa generate: widening: \(widening)")
      }
      for note in generator.leftOut {
        streams.error.line("deeplink aasa generate: note: \(note)")
      }
      for note in AASACommand.domainNotes(generator) {
        streams.error.line("deeplink aasa generate: \(note)")
      }
      return 0
    }
  }
}
