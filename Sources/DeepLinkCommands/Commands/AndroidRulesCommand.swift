import DeepLinking
import Foundation
import RouteFiles
import UniversalLinks

extension AndroidCommand {
  /// `deeplink android rules`: the Android 15 dynamic rules of the route table.
  @MainActor
  enum Rules: ToolSubcommand {
    static let spec = CommandSpec(
      path: ["android", "rules"],
      usage: "[--routes FILE] [--domain HOST] [--json]",
      summary: "Print the Android 15 dynamic rules (assetlinks.json) of the route table.",
      discussion: """
        Prints the "relation_extensions" member to add to the assetlinks.json statement of the app
        on HOST: its "dynamic_app_link_components", one rule per route (or two), in the order
        Android reads them, the first that matches deciding. Android 15 (API 35) and later with
        Google services fetch the file and apply the rules without an app release; they only narrow
        what the manifest's verified filters claim (write those broad: scheme and host), and older
        versions ignore them and use the filters alone. A link no rule matches does not open the
        app. Each route's path is said exactly where the rules can: a literal is its decoded text,
        a parameter ?* (one or more characters; * never backtracks, so ?* before / is one
        segment), a last {name+} ?*, a last {name*} the path without it and /* after it; a route
        whose pattern ends in a wildcard is preceded by the exclusion of its longer paths, a path
        ending in a literal is also written with its trailing slash. Required query items are
        "?": {"q": "?*"}, literal values themselves. What the rules open that the router refuses
        is listed on standard error as a widening: typed text, value sets and kinds, literals
        holding * or ? (the rules have no escape), a parameter with text after it in its segment,
        segments after a middle catch-all, other query rules, a fragment route's fragment. What the
        router routes that the rules do not open is listed as a narrowing: empty segments ('//'),
        a value holding '/' (written %2F, which Android decodes first), and for a table that
        compares literals without case, another case.
        A route limited to some hosts is in the rules of those hosts only (--domain HOST); without
        --domain it is left out, as are routes of any host or without https; each is listed.
        """,
      options: [
        AndroidCommand.routesOption,
        .value(
          "domain", "HOST", "The host whose file the rules are for (default: the routes of every host)."),
        .flag(
          "json",
          #"Print one JSON object instead: {"relation_extensions", "rules": [{"rule", "routes"}], "widenings": [{"route", "parameter", "kind", "rule", "reason"}], "narrowings": [the same], "leftOut", "notes"}; "route" is "*" for a difference of every route."#
        ),
      ],
      epilogue: "EXIT STATUS: 0 printed, 2 usage error or bad route file."
    )

    static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
      guard let arguments = try spec.arguments(words, streams) else { return 0 }
      guard let router = spec.router(arguments, streams) else { return 2 }
      let generator = try AndroidCommand.rulesGenerator(router, domain: arguments.value("domain"), spec: spec)
      let extensions = JSONValue.object([
        (AndroidDynamicRules.extensionsKey, generator.rules.relationExtensions)
      ])
      if arguments.has("json") {
        let rules = zip(generator.rules.rules, generator.routesOfRule).map { rule, routes in
          JSONValue.object([("rule", rule.json), ("routes", .array(routes.map(JSONValue.string)))])
        }
        func differences(_ list: [AndroidDynamicRulesGenerator.Difference]) -> JSONValue {
          .array(
            list.map { difference in
              JSONValue.object([
                ("route", .string(difference.route)), ("parameter", .string(difference.parameter)),
                ("kind", .string(difference.kind.description)), ("rule", .string(difference.example)),
                ("reason", .string(difference.reason)),
              ])
            })
        }
        streams.output.line(
          JSONValue.object([
            (AndroidDynamicRules.extensionsKey, generator.rules.relationExtensions),
            ("rules", .array(rules)), ("widenings", differences(generator.widenings)),
            ("narrowings", differences(generator.narrowings)),
            ("leftOut", .array(generator.leftOut.map(JSONValue.string))),
            ("notes", .array(generator.notes.map(JSONValue.string))),
          ]).rendered)
      } else {
        streams.output.line(extensions.prettyPrinted)
      }
      AndroidCommand.Generate.reportDifferences(
        of: "deeplink android rules", widenings: generator.widenings, narrowings: generator.narrowings,
        leftOut: generator.leftOut, notes: generator.notes, streams)
      return 0
    }
  }

  /// The dynamic rules of a table, `domain` checked against its hosts.
  static func rulesGenerator(_ router: Router, domain: String?, spec: CommandSpec) throws(UsageError)
    -> AndroidDynamicRulesGenerator
  {
    if let domain, !router.listsHost(domain) {
      throw spec.usageError(
        "--domain: '\(domain)' is not a host of the route table (\(router.table.hosts.joined(separator: ", ")))"
      )
    }
    return AndroidDynamicRulesGenerator(router: router, domain: domain)
  }

  /// Whether dynamic rules keep a link from the app on a device of `apiLevel`, and why: `nil` when
  /// they let it through or do not apply (below API 35, no rules, a link that is not http(s)).
  nonisolated static func dynamicRefusal(_ url: String, rules: AndroidDynamicRules?, apiLevel: Int) -> String?
  {
    guard apiLevel >= AndroidDynamicRules.apiLevel, let rules else { return nil }
    let scheme = url.prefix { $0 != ":" }.lowercased()
    guard scheme == "https" || scheme == "http" else { return nil }
    guard let index = rules.decidingRule(url) else { return "no dynamic rule matches it" }
    guard rules.rules[index].exclude else { return nil }
    return "dynamic rule \(index) \(rules.rules[index]) excludes it"
  }
}
