/// The `deeplink` command-line tool: its subcommands, run in-process so that tests drive them directly.
@MainActor
package enum DeepLinkTool {
  /// The tool's version, printed by `deeplink --version`.
  package static let version = "0.2.0"

  /// Every command, in the order help lists them: the one table that help, dispatch, suggestions,
  /// completion scripts and the documentation check read.
  static let commands: [(spec: CommandSpec, run: ToolCommand.Run)] = [
    (RouteCommand.spec, RouteCommand.run),
    (URLCommand.spec, URLCommand.run),
    (AuditCommand.spec, AuditCommand.run),
    (OpenCommand.spec, OpenCommand.run),
    (ChannelCommand.spec, ChannelCommand.run),
    (AASACommand.spec, AASACommand.run),
    (AssetLinksCommand.spec, AssetLinksCommand.run),
    (SiteCommand.spec, SiteCommand.run),
    (CompletionCommand.spec, CompletionCommand.run),
  ]

  /// The tool itself, as a command group.
  static let spec = CommandSpec(
    path: [],
    usage: "<command> [options]",
    summary: "Route, build, audit and open deep links with one route table.",
    discussion: """
      deeplink: route, build, audit and open deep links with one route table.
      Without --routes FILE, commands use the built-in demo table of the channel links
      (myapp://channel/... and https://example.com/channel/...).
      """,
    options: [.flag("version", "Print the version.")],
    epilogue: "Every command takes --help.",
    subcommands: commands.map(\.spec)
  )

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - streams: Standard input, output and error.
  /// - Returns: The exit status: 0 success, 1 something did not match or check, 2 usage error.
  package static func run(_ arguments: [String], streams: ToolStreams) async -> Int32 {
    defer {
      streams.output.flush()
      streams.error.flush()
    }
    if arguments == ["--version"] || arguments == ["version"] {
      streams.output.line("deeplink \(version)")
      return 0
    }
    do {
      return try await ToolCommand.dispatch(arguments, group: spec, subcommands: commands, streams: streams)
    } catch {
      streams.error.line(error.report)
      return 2
    }
  }
}

/// Dispatch of a command group to its subcommands, shared by the tool and `deeplink aasa`.
enum ToolCommand {
  /// How a command runs: its words after its name, the streams; it returns the exit status.
  typealias Run = @MainActor ([String], ToolStreams) async throws(UsageError) -> Int32

  /// Runs the subcommand the first word names, or prints the group's help.
  ///
  /// A usage error from the subcommand comes back naming the subcommand, so the caller prints it
  /// with the pointer to that subcommand's help.
  @MainActor
  static func dispatch(
    _ words: [String], group: CommandSpec, subcommands: [(spec: CommandSpec, run: Run)], streams: ToolStreams
  ) async throws(UsageError) -> Int32 {
    let names = subcommands.compactMap { $0.spec.path.last }
    guard let name = words.first else {
      throw group.usageError("name a command: \(names.joined(separator: ", "))")
    }
    let rest = Array(words.dropFirst())
    if name == "--help" || name == "-h" || name == "help" {
      if let topic = rest.first, let entry = subcommands.first(where: { $0.spec.path.last == topic }) {
        streams.output.line(entry.spec.help)
      } else {
        streams.output.line(group.help)
      }
      return 0
    }
    guard let entry = subcommands.first(where: { $0.spec.path.last == name }) else {
      let suggestion = Suggestion.closest(to: name, in: names)
      let what = group.path.isEmpty ? "command" : "subcommand"
      throw group.usageError(
        "unknown \(what) '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    do {
      return try await entry.run(rest, streams)
    } catch {
      var error = error
      if error.command == nil { error.command = entry.spec.fullName }
      throw error
    }
  }
}

extension UsageError {
  /// The error as the tool prints it: `deeplink route: what is wrong` and the pointer to the help.
  var report: String {
    let command = self.command ?? "deeplink"
    return "\(command): \(description)\nsee '\(command) --help'"
  }
}
