/// The `deeplink` command-line tool: its subcommands, run in-process so that tests drive them directly.
@MainActor
public enum DeepLinkTool {
  static let help = """
    deeplink: route, build, audit and open deep links with one route table.

    USAGE: deeplink <command> [options]

    COMMANDS:
      route    Match links against the route table; one JSON line per link.
      url      Build a route's link from values.
      audit    Report what a list of links (stdin) matches, per route, and why others are rejected.
      open     Open links in the demo channel and print the screen stack the user would see.
      channel  Drive the demo channel with commands from stdin (open, entity, search, back, ready...).
      aasa     Match URLs against, check, or generate an apple-app-site-association file.
      site     Write the web site files of the links: AASA, assetlinks.json, fallback page, nginx.conf.

    Every command takes --help. Without --routes FILE, commands use the built-in demo table of the
    channel links (myapp://channel/... and https://example.com/channel/...).
    """

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - streams: Standard input, output and error.
  /// - Returns: The exit status: 0 success, 1 something did not match or check, 2 usage error.
  public static func run(_ arguments: [String], streams: ToolStreams) async -> Int32 {
    defer {
      streams.output.flush()
      streams.error.flush()
    }
    guard let command = arguments.first else {
      streams.error.line(help)
      return 2
    }
    let rest = Array(arguments.dropFirst())
    let commands:
      [String: (help: String, run: @MainActor ([String], ToolStreams) async throws(UsageError) -> Int32)] = [
        "route": (RouteCommand.help, RouteCommand.run),
        "url": (URLCommand.help, URLCommand.run),
        "audit": (AuditCommand.help, AuditCommand.run),
        "open": (OpenCommand.help, OpenCommand.run),
        "channel": (ChannelCommand.help, ChannelCommand.run),
        "aasa": (AASACommand.help, AASACommand.run),
        "site": (SiteCommand.help, SiteCommand.run),
      ]
    if command == "--help" || command == "-h" || command == "help" {
      if let topic = rest.first, let entry = commands[topic] {
        streams.output.line(entry.help)
      } else {
        streams.output.line(help)
      }
      return 0
    }
    guard let entry = commands[command] else {
      streams.error.line("deeplink: unknown command '\(command)'\n")
      streams.error.line(help)
      return 2
    }
    do {
      return try await entry.run(rest, streams)
    } catch {
      streams.error.line("deeplink \(command): \(error.description)\n")
      streams.error.line(entry.help)
      return 2
    }
  }
}
