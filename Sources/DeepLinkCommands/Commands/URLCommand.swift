import DeepLinking
import Foundation

/// `deeplink url`: builds a route's link from values.
@MainActor
enum URLCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["url"],
    usage: "[--routes FILE] [--scheme S | --host H] [--fragment F] ROUTE name=value...",
    summary: "Build a route's link from values.",
    discussion: """
      Builds the link of ROUTE from its parameter values and prints it. Values are percent-encoded so the
      link reads back as exactly the same values; a catch-all takes segments joined by '/', and a
      {name*} catch-all left out (or given as name=) builds with no segments. A route that requires a
      verified link or sign-in gets a note on standard error when the link built will be refused or wait.
      The default form is https on the table's first host, else the table's first custom scheme.
      """,
    options: [
      .value("routes", "FILE", "A JSON route file (default: the built-in demo table).", completion: .file),
      .value("scheme", "S", "Build a custom-scheme link with scheme S."),
      .value("host", "H", "Build an https link on host H."),
      .value("fragment", "F", "Append a fragment."),
    ],
    epilogue: "EXIT STATUS: 0 printed, 2 usage error, bad route file, or a value that does not fit."
  )

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard let arguments = try spec.arguments(words, streams, positionals: .any) else { return 0 }
    let scheme = arguments.value("scheme")
    let host = arguments.value("host")
    if scheme != nil && host != nil { throw spec.usageError("give --scheme or --host, not both") }
    guard let route = arguments.positionals.first else {
      throw spec.usageError("name the route to build")
    }
    var values = RouteParameters()
    for pair in arguments.positionals.dropFirst() {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw spec.usageError("expected name=value, got '\(pair)'")
      }
      let name = String(pair[..<equals])
      if values[name] != nil { throw spec.usageError("value for '\(name)' given twice") }
      values[name] = .string(String(pair[pair.index(after: equals)...]))
    }
    guard let router = spec.router(arguments, streams) else { return 2 }
    // A zero-or-more catch-all may hold no segment: left out, or given empty, it builds with none.
    // The rest of the link left out is empty too (the link ends where it starts).
    let pattern = router.pattern(named: route)
    for segment in pattern?.segments ?? [] {
      let name: String
      switch segment {
      case .remainder(let rest):
        if values[rest] == nil { values[rest] = .string("") }
        continue
      case .zeroOrMore(let catchAll): name = catchAll
      case .testedRun(let pairs, let rule) where !rule.atLeastOne: name = pairs
      default: continue
      }
      if values[name] == nil || values[name] == .string("") { values[name] = .segments([]) }
    }
    let form: LinkForm = scheme.map(LinkForm.scheme) ?? host.map(LinkForm.host) ?? .preferred
    do {
      let url = try router.urlString(for: route, values, fragment: arguments.value("fragment"), form: form)
      streams.output.line(Printable.escaped(url))
      // The link is printed either way; what the app's intake will do with it is said beside it.
      if let definition = router.route(named: route), let match = try? router.match(url),
        let refusal = LinkPolicy.standard.refusal(
          for: definition, match: match,
          source: URL(string: url).map(IncomingLink.systemSource(of:)) ?? .customScheme)
      {
        streams.error.line("deeplink url: note: \(refusal); build it with --host for a Universal Link")
      }
      if router.route(named: route)?.requiresSignIn == true {
        streams.error.line(
          "deeplink url: note: route '\(route)' needs a signed-in user; it waits for sign-in")
      }
      return 0
    } catch {
      streams.error.line("deeplink url: \(error)")
      return 2
    }
  }
}
