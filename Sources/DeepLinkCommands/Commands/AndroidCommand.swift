import DeepLinking
import Foundation
import RouteFiles
import UniversalLinks

/// `deeplink android`: writes the Android intent filters of the route table, and decides, as Android
/// does, whether a link opens the app.
@MainActor
enum AndroidCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["android"],
    usage: "[generate] [options] | rules [options] | match --url URL [options]",
    summary: "Write the Android intent filters of the route table, or match a URL as Android does.",
    discussion: """
      Works with the <intent-filter> elements of AndroidManifest.xml: 'deeplink android' (or
      'deeplink android generate') writes them from the route table; 'deeplink android rules' writes
      the Android 15 dynamic rules of assetlinks.json; 'deeplink android match' decides whether
      Android opens the app for a URL.
      """,
    options: [],
    epilogue: "",
    subcommands: [Generate.spec, Rules.spec, Match.spec]
  )

  private static let subcommands: [any ToolSubcommand.Type] = [Generate.self, Rules.self, Match.self]

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    if let first = words.first, first.hasPrefix("--"), first != "--help" {
      return try await ToolCommand.dispatch(
        ["generate"] + words, group: spec, subcommands: subcommands, streams: streams)
    }
    if words.isEmpty {
      return try await ToolCommand.dispatch(
        ["generate"], group: spec, subcommands: subcommands, streams: streams)
    }
    return try await ToolCommand.dispatch(words, group: spec, subcommands: subcommands, streams: streams)
  }

  /// The `--min-sdk` value: an API level from 1, `fallback` (31) when not given.
  static func minimumAPILevel(
    _ arguments: Arguments, spec: CommandSpec,
    fallback: Int = AndroidIntentFilterGenerator.advancedPatternAPILevel
  ) throws(UsageError) -> Int {
    guard let text = arguments.value("min-sdk") else { return fallback }
    guard let level = Int(text), level >= 1, level <= 1000 else {
      throw spec.usageError("--min-sdk \"\(text)\": an Android API level (a number such as 24 or 31)")
    }
    return level
  }

  /// The `--api` value, the API level of the device to answer for, or `nil` when not given.
  static func deviceAPILevel(_ arguments: Arguments, spec: CommandSpec) throws(UsageError) -> Int? {
    guard let text = arguments.value("api") else { return nil }
    guard let api = Int(text), api >= 1, api <= 1000 else {
      throw spec.usageError("--api \"\(text)\": an Android API level (a number such as 34 or 35)")
    }
    return api
  }

  /// The manifest at `path`, or `nil` after writing why it cannot be read (the line and column of
  /// what is not XML) to standard error.
  static func manifest(_ path: String, spec: CommandSpec, streams: ToolStreams) -> AndroidManifest? {
    let data: Data
    do {
      data = try AASACommand.contents(of: path)
    } catch {
      streams.error.line("\(spec.fullName): \(error)")
      return nil
    }
    do {
      return try AndroidManifestReader.manifest(in: String(decoding: data, as: UTF8.self))
    } catch {
      streams.error.line("\(spec.fullName): \(Printable.escaped(path)): \(error)")
      return nil
    }
  }

  /// The generator of a table, `--domain` checked against its hosts.
  static func generator(_ router: Router, _ arguments: Arguments, spec: CommandSpec) throws(UsageError)
    -> AndroidIntentFilterGenerator
  {
    let level = try minimumAPILevel(arguments, spec: spec)
    if let domain = arguments.value("domain") {
      guard router.listsHost(domain) else {
        throw spec.usageError(
          "--domain: '\(domain)' is not a host of the route table (\(router.table.hosts.joined(separator: ", ")))"
        )
      }
      return AndroidIntentFilterGenerator(router: router, domain: domain, minimumAPILevel: level)
    }
    return AndroidIntentFilterGenerator(router: router, minimumAPILevel: level)
  }

  static let routesOption = OptionSpec.value(
    "routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file)
  static let minSDKOption = OptionSpec.value(
    "min-sdk", "N",
    """
    The app's minSdk (default 31). From 31 (Android 12) on, pathAdvancedPattern
    says one segment exactly; below, pathPattern is used and what it admits more is listed.
    """)

  static let matchMinSDKOption = OptionSpec.value(
    "min-sdk", "N",
    """
    The API level of the device to answer for, the oldest the app runs on (its minSdk):
    with --routes also the level the filters are written for (default 31); with --manifest
    the default is its <uses-sdk android:minSdkVersion>, else 35.
    """)

  /// `deeplink android generate`.
  @MainActor
  enum Generate: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["android", "generate"],
      usage: "[--routes FILE] [--domain HOST] [--min-sdk N] [--json]",
      summary: "Print the intent filters generated from the route table.",
      discussion: """
        Prints the <intent-filter> elements that open the app for the routed links, inside an
        <intent-filters> root that declares the android namespace: copy them into the <activity> of
        AndroidManifest.xml that handles the links. Each filter has action VIEW and the categories
        DEFAULT and BROWSABLE. Android combines every scheme, host and path of one filter, so routes
        get one filter per set of schemes and hosts (a route scoped to one host never opens on
        another). Filters of https hosts carry android:autoVerify="true" (Android 12 verifies each
        host against its assetlinks.json); a filter for any host ("hosts": ["*"]) and custom-scheme
        filters are not verified. In myapp://channel/video/1 Android reads "channel" as the host, so
        custom-scheme routes get a filter per first segment (any host when it is a parameter).
        Each route's paths are said exactly where Android can: android:path for literal paths (with
        and without a trailing slash), android:pathPrefix for a literal path ending in {name*},
        android:pathPattern when the simple glob is exact, else android:pathAdvancedPattern, which
        Android 12 (API 31) and later read and earlier versions ignore; with --min-sdk below 31,
        pathPattern instead. The root route is /* from API 31 (the empty path included); a table
        that reads the trailing slash gets its patterns' slash. What the filters open that the
        router refuses is listed on standard error as a widening, route by route or for every
        route: typed text, value sets, segment templates that need backtracking, pieces after a
        middle catch-all, query rules and fragment paths (filters read neither before Android 15;
        with --min-sdk 35 or more, a route's required query items, literal values and fragment
        path are written as <uri-relative-filter-group> elements instead), below API 31
        parameters that may span segments, links the router refuses while reading them (a bad
        escape, user info, a port). What the router routes that the filters do not open is listed
        as a narrowing: a value holding '/' (written %2F, which Android decodes before it
        compares), below API 31 the empty path, empty segments ('//'), a scheme not in lower case,
        a custom-scheme link written without '//'. Each is given with an example link, checked
        with the router and with the filters as a device of --min-sdk reads them. Values are
        escaped for XML and for Android's resource compiler (\\\\ for a \\); route names go
        into comments with '--' broken up.
        """,
      options: [
        AndroidCommand.routesOption,
        .value(
          "domain", "HOST",
          "Only the web links of this host of the table (custom schemes are still written)."),
        AndroidCommand.minSDKOption,
        .flag(
          "json",
          #"Print one JSON object instead: {"xml", "filters": [{"schemes", "hosts", "autoVerify", "routes", "paths": [{"attribute", "pattern"}]}], "widenings": [{"route", "parameter", "kind", "example", "reason"}], "narrowings": [the same], "notes"}; "route" is null for a difference of every route."#
        ),
      ],
      epilogue: """
        EXIT STATUS: 0 printed, 2 usage error or bad route file.
        """
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams) else { return 0 }
      guard let router = spec.router(arguments, streams) else { return 2 }
      let generator = try AndroidCommand.generator(router, arguments, spec: spec)
      if arguments.has("json") {
        streams.output.line(json(generator).rendered)
      } else {
        streams.output.write(generator.xml)
      }
      reportDifferences(
        of: "deeplink android", widenings: generator.widenings, narrowings: generator.narrowings,
        notes: generator.notes, streams)
      return 0
    }

    /// Writes what a generated file says differently from the table, one line each on standard error,
    /// escaped for the terminal: widenings, narrowings, routes left out, then notes.
    static func reportDifferences(
      of command: String, widenings: [some CustomStringConvertible],
      narrowings: [some CustomStringConvertible],
      leftOut: [String] = [], notes: [String], _ streams: ToolStreams
    ) {
      let lines =
        widenings.map { ("widening", $0.description) } + narrowings.map { ("narrowing", $0.description) }
        + leftOut.map { ("left out", $0) } + notes.map { ("note", $0) }
      for (kind, text) in lines { streams.error.line("\(command): \(kind): \(Printable.escaped(text))") }
    }

    static func json(_ generator: AndroidIntentFilterGenerator) -> JSONValue {
      let filters = generator.filters.map { filter -> JSONValue in
        .object([
          ("schemes", .array(filter.schemes.map(JSONValue.string))),
          ("hosts", .array(filter.hosts.map { .string($0.description) })),
          ("autoVerify", .bool(filter.autoVerify)),
          ("routes", .array(filter.routes.map(JSONValue.string))),
          (
            "paths",
            .array(
              filter.paths.map { path in
                .object([("attribute", .string(path.kind.attribute)), ("pattern", .string(path.pattern))])
              })
          ),
        ])
      }
      func difference(route: String?, parameter: String, kind: String, example: String, reason: String)
        -> JSONValue
      {
        .object([
          ("route", route.map(JSONValue.string) ?? .null), ("parameter", .string(parameter)),
          ("kind", .string(kind)), ("example", .string(example)), ("reason", .string(reason)),
        ])
      }
      let widenings = generator.widenings.map {
        difference(
          route: $0.route, parameter: $0.parameter, kind: $0.kind.description, example: $0.example,
          reason: $0.reason)
      }
      let narrowings = generator.narrowings.map {
        difference(
          route: $0.route, parameter: $0.parameter, kind: $0.kind.description, example: $0.example,
          reason: $0.reason)
      }
      return .object([
        ("xml", .string(generator.xml)), ("filters", .array(filters)), ("widenings", .array(widenings)),
        ("narrowings", .array(narrowings)), ("notes", .array(generator.notes.map(JSONValue.string))),
      ])
    }
  }

  /// `deeplink android match`.
  @MainActor
  enum Match: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["android", "match"],
      usage:
        "--url URL [--routes FILE | --manifest FILE [--assetlinks FILE [--package NAME]]] [--min-sdk N] [--api N] [--json]",
      summary: "Decide, as Android does, whether a URL opens the app.",
      discussion: """
        Decides whether Android opens the app for URL with the intent filters generated from the route
        table (--routes, default the demo table) or read from an AndroidManifest.xml (--manifest), the
        way Android's IntentFilter and PatternMatcher decide: the scheme compared exactly, the host
        without case (*.example.com admits subdomains, not example.com; * any host), the port if the
        filter gives one, and the percent-decoded path against path (whole), pathPrefix,
        pathPattern (. any character, x* repeats x, .* runs to the first occurrence of the next
        character and never backtracks), pathAdvancedPattern (sets, +, {n,m}; each token takes all it
        can and never gives back) and pathSuffix, or the scheme-specific part against ssp,
        sspPrefix, ...; a filter with a mimeType never opens a link. The query and fragment are read
        only by <uri-relative-filter-group> elements (Android 15). The link is read as
        android.net.Uri reads it: a '\\' ends the host, a malformed escape (%zz) decodes to U+FFFD.
        Only filters with action VIEW and the categories DEFAULT and BROWSABLE open links from a
        browser. The answer is that of a device of the API level --min-sdk gives (with --routes,
        the level the filters are generated for; default 31), or else the manifest's
        <uses-sdk android:minSdkVersion>, or else 35: a device below 31 ignores pathAdvancedPattern
        and pathSuffix, one below 35 the relative filter groups. Prints 'opens the app' with the
        filter and condition, or 'does not open the app', and the API level; with --routes, also the
        route the app's router picks.
        With --api N the answer is that of a device of API level N instead (the filters are still
        written for --min-sdk). From API 35 (Android 15) a device also applies the dynamic rules of
        the host's assetlinks.json to http(s) links: with --routes those 'deeplink android rules'
        writes for the URL's host, with --manifest those of --assetlinks FILE (the statement of
        --package, else the first app with rules; rules Android discards are reported and not
        applied). A link the filters open but no rule allows, or that an exclusion matches, does
        not open the app; older devices ignore the rules.
        """,
      options: [
        .value("url", "URL", "The link, such as https://example.com/channel/video/42."),
        AndroidCommand.routesOption,
        .value(
          "manifest", "FILE", "An AndroidManifest.xml (or a file deeplink android wrote).", completion: .file),
        AndroidCommand.matchMinSDKOption,
        .value("api", "N", "The API level of the device to answer for (default: the --min-sdk level)."),
        .value(
          "assetlinks", "FILE", "With --manifest: an assetlinks.json whose dynamic rules apply from API 35.",
          completion: .file),
        .value("package", "NAME", "With --assetlinks: the app whose statement gives the rules."),
        .flag(
          "json",
          #"Print one JSON object: {"url", "apiLevel", "opens", "filter", "routes", "condition", "dynamicRules", "route"}; "dynamicRules" is why the rules keep the link from the app, or null."#
        ),
      ],
      epilogue: """
        EXIT STATUS: 0 the URL opens the app, 1 it does not, 2 usage error, a URL that is not absolute,
        a bad route file or a manifest that cannot be read.
        """
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams) else { return 0 }
      guard let url = arguments.value("url") else { throw spec.usageError("give --url URL") }
      guard AndroidIntentFilter.isAbsoluteLink(url) else {
        throw spec.usageError("--url \"\(url)\": give an absolute link (https://example.com/p or myapp://p)")
      }
      let filters: [AndroidIntentFilter]
      var level: Int
      var routed: String??
      var rules: AndroidDynamicRules?
      if let manifest = arguments.value("manifest") {
        guard arguments.value("routes") == nil else {
          throw spec.usageError("give --routes or --manifest, not both")
        }
        guard let read = AndroidCommand.manifest(manifest, spec: spec, streams: streams) else { return 2 }
        filters = read.filters
        level = try AndroidCommand.minimumAPILevel(
          arguments, spec: spec, fallback: read.minimumAPILevel ?? AndroidIntentFilter.newestAPILevel)
        if let file = arguments.value("assetlinks") {
          let data: Data
          do {
            data = try AASACommand.contents(of: file)
          } catch {
            streams.error.line("deeplink android match: \(error)")
            return 2
          }
          let read = AssetLinksDynamicRulesReader.rules(in: data, packageName: arguments.value("package"))
          rules = read.rules
          for finding in read.diagnostics
          where [.dynamicRulesDiscarded, .dynamicRulesTwice, .dynamicRulesIgnored].contains(finding.code) {
            streams.error.line(
              "deeplink android match: \(Printable.escaped(file)): \(Printable.escaped(finding.description))")
          }
        } else if arguments.value("package") != nil {
          throw spec.usageError("--package goes with --assetlinks")
        }
      } else {
        guard arguments.value("assetlinks") == nil, arguments.value("package") == nil else {
          throw spec.usageError("--assetlinks and --package go with --manifest")
        }
        guard let router = spec.router(arguments, streams) else { return 2 }
        let generator = try AndroidCommand.generator(router, arguments, spec: spec)
        filters = generator.filters
        level = generator.minimumAPILevel
        routed = .some((try? router.match(url))?.map(\.route))
        rules = AndroidDynamicRulesGenerator.rules(of: router, forLink: url)
      }
      level = try AndroidCommand.deviceAPILevel(arguments, spec: spec) ?? level
      var opening = filters.enumerated().first { $0.element.opens(url, apiLevel: level) }
      let condition = opening.flatMap { $0.element.openingCondition(url, apiLevel: level) }
      let refusal = opening.flatMap { _ in AndroidCommand.dynamicRefusal(url, rules: rules, apiLevel: level) }
      let claimed = opening
      if refusal != nil { opening = nil }
      if arguments.has("json") {
        var members: [(String, JSONValue)] = [
          ("url", .string(url)), ("apiLevel", .int(level)), ("opens", .bool(opening != nil)),
          ("filter", opening.map { .int($0.offset) } ?? .null),
          ("routes", .array((opening?.element.routes ?? []).map(JSONValue.string))),
          ("condition", condition.map { .string($0) } ?? .null),
          ("dynamicRules", refusal.map(JSONValue.string) ?? .null),
        ]
        if let routed { members.append(("route", routed.map(JSONValue.string) ?? .null)) }
        streams.output.line(JSONValue.object(members).rendered)
      } else {
        let shown = Printable.escaped(url)
        if let opening {
          var line = "\(shown): opens the app at API \(level) (filter \(opening.offset)"
          if !opening.element.routes.isEmpty {
            line += ", routes \(opening.element.routes.joined(separator: ", "))"
          }
          line +=
            condition.map { ", \($0)" } ?? (opening.element.hosts.isEmpty ? ", any path" : ", every path")
          streams.output.line(Printable.escaped(line) + ")")
        } else if let refusal, let claimed {
          streams.output.line(
            Printable.escaped(
              "\(shown): does not open the app at API \(level) (filter \(claimed.offset) claims it, but \(refusal))"
            ))
        } else {
          streams.output.line("\(shown): does not open the app at API \(level)")
        }
        if let routed {
          streams.output.line(
            "  router: " + (routed.map { "route \(Printable.escaped($0))" } ?? "no route"))
        }
      }
      return opening == nil ? 1 : 0
    }
  }
}
