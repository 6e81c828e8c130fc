import DeepLinking

/// `deeplink route`: matches links and prints one JSON line per link.
@MainActor
enum RouteCommand {
  static let help = """
    USAGE: deeplink route [--routes FILE] [--stdin] URL...

    Matches each link against the route table and prints one JSON line per link:
      {"url": ..., "route": NAME or null, "parameters": {...}, "query": [...], "fragment": ..., "source": ...}
    with "error" (and "errorCode") when the link was rejected or no route matched.
    Parameter types: int -> number, catch-alls -> array of strings, others -> string (UUIDs upper-case).

    OPTIONS:
      --routes FILE   A JSON route file (default: the built-in demo table of myapp://channel/... links).
      --stdin         Read links from standard input, one per line, after the arguments.
      --help          Show this help.

    EXIT STATUS: 0 every link matched, 1 some did not, 2 usage error or bad route file.
    """

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    let arguments = try Arguments.parse(words, options: ["routes"], flags: ["stdin"])
    if arguments.has("help") {
      streams.output.line(help)
      return 0
    }
    let router: Router
    do {
      router = try RouteTableSource.load(try arguments.value("routes"))
    } catch {
      streams.error.line("deeplink route: \(error)")
      return 2
    }
    guard !arguments.positionals.isEmpty || arguments.has("stdin") else {
      throw UsageError(description: "give at least one URL, or --stdin")
    }
    var allMatched = true
    for url in arguments.positionals {
      allMatched = report(url, router: router, to: streams.output) && allMatched
    }
    if arguments.has("stdin") {
      while let line = streams.input.nextLine() {
        guard let url = String(validating: line, as: UTF8.self) else {
          let lossy = String(decoding: line, as: UTF8.self)
          streams.output.line(
            failureLine(url: lossy, error: "input line is not valid UTF-8", code: "invalid-utf8"))
          allMatched = false
          continue
        }
        allMatched = report(url, router: router, to: streams.output) && allMatched
      }
    }
    return allMatched ? 0 : 1
  }

  /// Prints the JSON line of one link; returns whether a route matched.
  static func report(_ url: String, router: Router, to output: TextSink) -> Bool {
    do {
      guard let match = try router.match(url) else {
        output.line(failureLine(url: url, error: "no route matches", code: "no-route"))
        return false
      }
      output.line(matchJSON(match).rendered)
      return true
    } catch {
      output.line(failureLine(url: url, error: error.message, code: error.code))
      return false
    }
  }

  static func matchJSON(_ match: RouteMatch) -> JSONValue {
    .object([
      ("url", .string(match.url)),
      ("route", .string(match.route)),
      ("parameters", .object(match.parameters.map { ($0.name, $0.value.json) })),
      ("query", queryJSON(match.query)),
      ("fragment", .optional(match.fragment)),
      ("source", .string(match.origin.description)),
    ])
  }

  static func queryJSON(_ items: [QueryItem]) -> JSONValue {
    .array(items.map { .object([("name", .string($0.name)), ("value", .optional($0.value))]) })
  }

  static func failureLine(url: String, error: String, code: String) -> String {
    JSONValue.object([
      ("url", .string(url)), ("route", .null), ("parameters", .object([])), ("query", .array([])),
      ("fragment", .null), ("error", .string(error)), ("errorCode", .string(code)),
    ]).rendered
  }
}
