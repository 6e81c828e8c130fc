import DeepLinking

/// `deeplink url`: builds a route's link from values.
@MainActor
enum URLCommand {
  static let help = """
    USAGE: deeplink url [--routes FILE] [--scheme S | --host H] [--fragment F] ROUTE name=value...

    Builds the link of ROUTE from its parameter values and prints it. Values are percent-encoded so the
    link reads back as exactly the same values; a catch-all takes segments joined by '/'.
    The default form is https on the table's first host, else the table's first custom scheme.

    OPTIONS:
      --routes FILE   A JSON route file (default: the built-in demo table).
      --scheme S      Build a custom-scheme link with scheme S.
      --host H        Build an https link on host H.
      --fragment F    Append a fragment.
      --help          Show this help.

    EXIT STATUS: 0 printed, 2 usage error, bad route file, or a value that does not fit.
    """

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    let arguments = try Arguments.parse(words, options: ["routes", "scheme", "host", "fragment"], flags: [])
    if arguments.has("help") {
      streams.output.line(help)
      return 0
    }
    let scheme = try arguments.value("scheme")
    let host = try arguments.value("host")
    if scheme != nil && host != nil { throw UsageError(description: "give --scheme or --host, not both") }
    guard let route = arguments.positionals.first else {
      throw UsageError(description: "name the route to build")
    }
    var values = RouteParameters()
    for pair in arguments.positionals.dropFirst() {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw UsageError(description: "expected name=value, got '\(pair)'")
      }
      let name = String(pair[..<equals])
      if values[name] != nil { throw UsageError(description: "value for '\(name)' given twice") }
      values[name] = .string(String(pair[pair.index(after: equals)...]))
    }
    let router: Router
    do {
      router = try RouteTableSource.load(try arguments.value("routes"))
    } catch {
      streams.error.line("deeplink url: \(error)")
      return 2
    }
    let form: LinkForm = scheme.map(LinkForm.scheme) ?? host.map(LinkForm.host) ?? .preferred
    do {
      let url = try router.urlString(
        for: route, values, fragment: try arguments.value("fragment"), form: form)
      streams.output.line(url)
      return 0
    } catch {
      streams.error.line("deeplink url: \(error)")
      return 2
    }
  }
}
