import ChannelNavigation
import DeepLinking
import RouteFiles

/// `deeplink channel`: drives a channel with commands read from standard input.
@MainActor
enum ChannelCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["channel"],
    usage: "[--channel FILE] [--initial URL] [--wait-ready]",
    summary: "Drive the demo channel with commands from stdin: open, entity, search, back, ready.",
    discussion: """
      Reads commands from standard input, one per line, and prints one JSON line per command with the
      state after it: {"page", "clipId", "clipListId", "query", "subChannelId", "depth", "pending"},
      or {"error": ...} when the command was refused (the state is then unchanged).

      COMMANDS:
        open URL                 Open a link (before ready, the newest link wins).
        entity TYPE ID           Navigate to an entity: mediaclip or mediacliplist.
        search QUERY             Show search results (the rest of the line is the query).
        subchannel ID            Show a sub-channel.
        page NAME [key=value...] Show a page: main, detail, overview, search; keys clipId, clipListId,
                                 query, subChannelId.
        back                     Go back one screen.
        ready                    Mark the channel ready (with --wait-ready): queued calls apply now, once.
        state                    Print the state.
      A line that is not valid UTF-8 or is longer than 64 KiB is refused, as `deeplink route` refuses it.
      """,
    options: [
      .value(
        "channel", "FILE", "A channel JSON file (default: the built-in demo channel).", completion: .file),
      .value(
        "initial", "URL",
        "The initial navigation state, as a link; it must name a page and entities the channel has."),
      .flag(
        "wait-ready", "Queue everything until the `ready` command, as an app does before the channel loads."),
    ],
    epilogue: """
      On a terminal the tool shows a prompt and a readable screen line; piped, it prints JSON only.
      EXIT STATUS: 0 when input ends, 2 usage error, bad channel file or bad --initial link (malformed,
      no channel route, or naming a clip, list or sub-channel the channel does not have).
      """
  )

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard
      let arguments = try spec.arguments(
        words, streams, positionals: .noneBecause("channel reads its commands from standard input"))
    else { return 0 }
    let session: ChannelSession
    var initial: ChannelNavigationState?
    do {
      session = try ChannelSession.open(arguments)
      let catalog = session.catalog
      if let link = arguments.value("initial") {
        let state: ChannelNavigationState?
        do {
          state = try session.links.state(for: link)
        } catch {
          throw ToolFailure(description: "--initial: \(error)")
        }
        guard let state else { throw ToolFailure(description: "--initial \(link): no channel route matches") }
        do {
          initial = try ChannelViewModel.validated(state, in: catalog)
        } catch {
          throw ToolFailure(description: "--initial \(link): \(error)")
        }
      }
    } catch {
      streams.error.line("deeplink channel: \(error)")
      return 2
    }
    let waitsForReady = arguments.has("wait-ready")
    if waitsForReady {
      if let initial { session.viewModel.open(initial) }
    } else {
      session.viewModel.load(session.catalog, initialNavigationState: initial)
    }
    let interactive = streams.isInteractive
    if interactive { prompt(session, streams) }
    while let read = streams.input.nextLine() {
      // Blank and comment lines are skipped before anything else, whatever bytes a comment holds.
      if case .success(let line) = read, InputLine.isBlankOrComment(line) {
        if interactive { prompt(session, streams) }
        continue
      }
      guard case .success(let line) = read, let decoded = StrictUTF8.decode(line) else {
        let error: String
        if case .failure(let overlong) = read {
          error = overlong.description
        } else {
          error = "input line is not valid UTF-8"
        }
        if interactive {
          streams.output.line("  ✗ \(Printable.escaped(error))")
          prompt(session, streams)
        } else {
          streams.output.line(JSONValue.object([("error", .string(error))]).rendered)
        }
        continue
      }
      let text = decoded.trimmingCharacters(in: .whitespaces)
      if text.isEmpty || text.hasPrefix("#") {
        if interactive { prompt(session, streams) }
        continue
      }
      let result = execute(text, session: session)
      if interactive {
        if let error = result.error { streams.output.line("  ✗ \(Printable.escaped(error))") }
        streams.output.line(
          "  ▸ " + Printable.escaped(session.caption(session.viewModel.state)) + status(session))
        prompt(session, streams)
      } else if let error = result.error {
        streams.output.line(JSONValue.object([("error", .string(error))]).rendered)
      } else {
        let extra: [(String, JSONValue)] =
          result.laterErrors.isEmpty
          ? [] : [("errors", .array(result.laterErrors.map { .string($0.description) }))]
        streams.output.line(session.stateJSON(extra: extra).rendered)
      }
      streams.output.flush()
    }
    return 0
  }

  struct Outcome {
    var error: String?
    var laterErrors: [ChannelError] = []
  }

  static func execute(_ line: String, session: ChannelSession) -> Outcome {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let command = words[0].lowercased()
    let rest = Array(words.dropFirst())
    let viewModel = session.viewModel
    func single(_ action: () -> Void) -> Outcome {
      let errors = session.run(action)
      return Outcome(error: errors.first?.description)
    }
    switch command {
    case "open":
      guard rest.count == 1 else { return Outcome(error: "usage: open URL") }
      return single { viewModel.open(rest[0], links: session.links) }
    case "entity":
      guard rest.count == 2 else { return Outcome(error: "usage: entity TYPE ID") }
      return single { viewModel.navigateToEntity(entityType: rest[0], entityId: rest[1]) }
    case "search":
      guard !rest.isEmpty else { return Outcome(error: "usage: search QUERY") }
      return single { viewModel.search(rest.joined(separator: " ")) }
    case "subchannel":
      guard rest.count == 1 else { return Outcome(error: "usage: subchannel ID") }
      return single { viewModel.navigateToSubChannel(subChannelId: rest[0]) }
    case "page":
      guard let name = rest.first else { return Outcome(error: "usage: page NAME [key=value...]") }
      var values: [String: String] = [:]
      for pair in rest.dropFirst() {
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        let keys = ["clipId", "clipListId", "query", "subChannelId"]
        guard parts.count == 2, keys.contains(parts[0]) else {
          return Outcome(
            error: "expected key=value with key one of clipId, clipListId, query, subChannelId; got '\(pair)'"
          )
        }
        values[parts[0]] = parts[1]
      }
      return single {
        viewModel.navigateTo(
          page: ChannelPage(stringLiteral: name), clipId: values["clipId"], clipListId: values["clipListId"],
          query: values["query"], subChannelId: values["subChannelId"])
      }
    case "back":
      return single { viewModel.goBack() }
    case "ready":
      if viewModel.isReady { return Outcome() }
      let errors = session.run { viewModel.load(session.catalog) }
      return Outcome(laterErrors: errors)
    case "state":
      return Outcome()
    default:
      return Outcome(
        error: "unknown command '\(words[0])'; try open, entity, search, subchannel, page, back, ready, state"
      )
    }
  }

  static func status(_ session: ChannelSession) -> String {
    let pending = session.viewModel.pendingCount
    let depth = session.screens.count
    return "  (depth \(depth)\(pending > 0 ? ", \(pending) pending" : ""))"
  }

  static func prompt(_ session: ChannelSession, _ streams: ToolStreams) {
    streams.output.write(session.viewModel.isReady ? "channel> " : "channel (not ready)> ")
    streams.output.flush()
  }
}
