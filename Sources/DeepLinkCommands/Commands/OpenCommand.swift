import ChannelNavigation
import DeepLinking
import RouteFiles

/// `deeplink open`: applies links to the demo channel and prints the screen stack after each.
@MainActor
enum OpenCommand: ToolSubcommand {
  static let spec = CommandSpec(
    path: ["open"],
    usage: "[--channel FILE] [--json] URL...",
    summary: "Open links in the demo channel and print the screen stack the user would see.",
    discussion: """
      Opens each link, in order, in a channel (the built-in demo channel unless --channel is given) and
      prints the screen stack the user would see after it: the channel's main page at the bottom, the
      linked page on top, so Back always has somewhere sensible to go. Links that no route matches, that
      are malformed, or that name an unknown clip are reported and change nothing.
      """,
    options: [
      .value(
        "channel", "FILE", "A channel JSON file (default: the built-in demo channel).", completion: .file),
      .flag("json", "One JSON line per link instead of the readable stack."),
    ],
    epilogue: "EXIT STATUS: 0 every link opened, 1 some did not, 2 usage error or bad channel file."
  )

  static func run(_ words: [String], _ streams: ToolStreams) async throws(UsageError) -> Int32 {
    guard
      let arguments = try spec.arguments(
        words, streams, positionals: .atLeastOne("give at least one link to open"))
    else { return 0 }
    let session: ChannelSession
    do {
      session = try ChannelSession.open(arguments)
      session.viewModel.load(session.catalog)
    } catch {
      streams.error.line("deeplink open: \(error)")
      return 2
    }
    var allOpened = true
    for url in arguments.positionals {
      let errors = session.run { session.viewModel.open(url, links: session.links) }
      allOpened = allOpened && errors.isEmpty
      if arguments.has("json") {
        streams.output.line(json(url: url, errors: errors, session: session).rendered)
      } else {
        render(url: url, errors: errors, session: session, to: streams.output)
      }
    }
    return allOpened ? 0 : 1
  }

  static func json(url: String, errors: [ChannelError], session: ChannelSession) -> JSONValue {
    var members: [(String, JSONValue)] = [("url", .string(url))]
    members.append(
      (
        "stack",
        .array(session.screens.map { .string((try? session.links.url(for: $0).absoluteString) ?? "\($0)") })
      ))
    members.append(("state", session.stateJSON()))
    if let error = errors.first { members.append(("error", .string(error.description))) }
    return .object(members)
  }

  /// The readable stack; the link, the error and the titles of the channel file are ``Printable``.
  static func render(url: String, errors: [ChannelError], session: ChannelSession, to output: TextSink) {
    output.line("open \(Printable.escaped(url))")
    if let error = errors.first {
      output.line("  ✗ \(Printable.escaped(error.description)) (nothing changed)")
    }
    let screens = session.screens
    for (index, state) in screens.enumerated().reversed() {
      let marker = index == screens.count - 1 ? "▸" : " "
      output.line("  \(marker) \(index + 1). \(Printable.escaped(session.caption(state)))")
    }
    let share = (try? session.links.url(for: session.viewModel.state).absoluteString) ?? "-"
    let back = screens.count > 1 ? session.caption(screens[screens.count - 2]) : "leaves the channel"
    output.line("    back: \(Printable.escaped(back))")
    output.line("    share: \(Printable.escaped(share))")
  }
}
