/// The `deeplink` command-line tool: its subcommands, run in-process so that tests drive them directly.
@MainActor
package enum DeepLinkTool {
  /// The tool's version, printed by `deeplink --version`.
  package static let version = "0.2.0"

  /// Every command, in the order help lists them: the one table that help, dispatch, suggestions,
  /// completion scripts and the documentation check read.
  static let commands: [any ToolSubcommand.Type] = [
    RouteCommand.self,
    URLCommand.self,
    AuditCommand.self,
    OpenCommand.self,
    ChannelCommand.self,
    AASACommand.self,
    AssetLinksCommand.self,
    AndroidCommand.self,
    DoctorCommand.self,
    SiteCommand.self,
    SurfacesCommand.self,
    CompletionCommand.self,
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
    subcommands: commands.map { $0.spec }
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

/// A command of the tool, or a subcommand of a group: what help and completion read, and how it runs.
///
/// Commands are listed as types conforming to this protocol rather than as `(spec, run)` pairs of
/// closures: a stored typed-throws function type needs runtime support that iOS 18 and macOS 15
/// introduced, and the tool builds for macOS 14.
@MainActor
protocol ToolSubcommand {
  /// The command's name, options and help.
  static var spec: CommandSpec { get }

  /// Runs the command on its words after its name; returns the exit status.
  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32
}

/// Dispatch of a command group to its subcommands, shared by the tool and `deeplink aasa`.
enum ToolCommand {

  /// Runs the subcommand the first word names, or prints the group's help.
  ///
  /// A usage error from the subcommand comes back naming the subcommand, so the caller prints it
  /// with the pointer to that subcommand's help.
  @MainActor
  static func dispatch(
    _ words: [String], group: CommandSpec, subcommands: [any ToolSubcommand.Type], streams: ToolStreams
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
