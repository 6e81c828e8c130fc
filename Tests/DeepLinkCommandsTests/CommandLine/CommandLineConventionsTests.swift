import Foundation
import Testing

@testable import DeepLinkCommands

@MainActor @Suite("deeplink conventions")
struct CommandLineConventionsTests {
  @Test func versionPrintsTheVersion() async {
    let run = await ToolRun.run(["--version"])
    #expect(run.status == 0)
    #expect(run.output == "deeplink \(DeepLinkTool.version)\n")
  }

  @Test func mistypedCommandGetsASuggestionInTwoLines() async {
    let run = await ToolRun.run(["rout", "myapp://channel"])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error == "deeplink: unknown command 'rout'; did you mean 'route'?\nsee 'deeplink --help'\n")
  }

  @Test func unknownWordGetsNoWildGuess() async {
    let run = await ToolRun.run(["frobnicate"])
    #expect(run.status == 2)
    #expect(!run.error.contains("did you mean"))
  }

  @Test func mistypedOptionGetsASuggestionAndThePointerToHelp() async {
    let run = await ToolRun.run(["route", "--rotues", "x.json", "myapp://channel"])
    #expect(run.status == 2)
    #expect(
      run.error
        == "deeplink route: unknown option --rotues; did you mean --routes?\nsee 'deeplink route --help'\n")
  }

  @Test func mistypedSubcommandAndItsOptions() async {
    let sub = await ToolRun.run(["aasa", "mach", "--file", "f"])
    #expect(sub.status == 2)
    #expect(sub.error.hasPrefix("deeplink aasa: unknown subcommand 'mach'; did you mean 'match'?"))
    let option = await ToolRun.run(["aasa", "check", "--flie", "f"])
    #expect(option.status == 2)
    #expect(
      option.error
        == "deeplink aasa check: unknown option --flie; did you mean --file?\nsee 'deeplink aasa check --help'\n"
    )
  }

  /// Usage errors never dump the whole help: one line of what is wrong and one pointer.
  @Test(arguments: [
    ["route"], ["url"], ["audit", "extra"], ["open"], ["channel", "x"], ["aasa"], ["aasa", "match"],
    ["site"], ["completion"], ["route", "--timeout", "0", "--tracking-origin", "https://c.example.com", "x"],
    ["url", "--scheme", "a", "--host", "b", "clip"], ["route", "--routes"],
  ])
  func usageErrorsAreTwoLines(arguments: [String]) async {
    let run = await ToolRun.run(arguments)
    #expect(run.status == 2)
    let lines = run.error.split(separator: "\n")
    #expect(lines.count == 2, "\(run.error)")
    #expect(lines.last?.hasPrefix("see 'deeplink") == true)
    #expect(lines.last?.hasSuffix("--help'") == true)
  }

  @Test func everyCommandHelpListsItsOptionTable() async {
    for spec in DeepLinkTool.commands.map({ $0.spec }) {
      for leaf in spec.subcommands.isEmpty ? [spec] : spec.subcommands {
        let run = await ToolRun.run(leaf.path + ["--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("USAGE: \(leaf.fullName)"))
        for option in leaf.allOptions {
          #expect(
            run.output.contains("  \(option.synopsis)"), "\(leaf.fullName) --help lacks \(option.synopsis)")
        }
      }
    }
  }

  /// Every help, the tool's own and each command's, fits ``CommandSpec/helpWidth`` columns: a long
  /// line is broken at a space, its words kept in order, continued under its own indentation.
  @Test func everyHelpFitsItsWidthAndKeepsItsWords() async {
    let tool = await ToolRun.run(["--help"])
    for line in tool.output.split(separator: "\n") {
      #expect(line.count <= CommandSpec.helpWidth, "deeplink --help: \(line)")
    }
    let specs = DeepLinkTool.commands.map { $0.spec }
    let commands = specs + specs.flatMap { $0.subcommands }
    for command in commands {
      let run = await ToolRun.run(command.path + ["--help"])
      #expect(run.status == 0)
      for line in run.output.split(separator: "\n") where line.count > CommandSpec.helpWidth {
        let text = line.trimmingCharacters(in: .whitespaces)
        #expect(!text.contains(" "), "\(command.fullName): \(line)")
      }
      // The usage's words, in order, whatever lines they now stand on.
      let usage = command.usage.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      let written = run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        .flatMap { $0.split(separator: " ") }.joined(separator: " ")
      #expect(written == "USAGE: \(command.fullName) \(usage)" || command.usage.isEmpty, "\(written)")
    }
  }

  @Test func aLongLineBreaksAtSpacesUnderItsIndent() {
    let line = "    " + (1...40).map { "word\($0)" }.joined(separator: " ")
    let lines = CommandSpec.wrapped(line, indent: "    ")
    #expect(lines.count == 3)
    #expect(lines.allSatisfy { $0.count <= CommandSpec.helpWidth && $0.hasPrefix("    word") })
    #expect(lines.joined(separator: " ").split(separator: " ") == line.split(separator: " "))
    let url = String(repeating: "x", count: 120)
    #expect(CommandSpec.wrapped("see \(url) then", indent: "") == ["see", url, "then"])
    #expect(CommandSpec.wrapped("short", indent: "  ") == ["short"])
  }

  // MARK: Standard input

  @Test func routeSkipsBlankLinesAndNeedsALink() async throws {
    let run = await ToolRun.run(["route", "--stdin"], input: "\n  \nmyapp://channel\n\t\r\n")
    #expect(run.status == 0)
    #expect(try run.jsonLines().map { $0["route"] as? String } == ["main"])
    let empty = await ToolRun.run(["route", "--stdin"], input: "\n\n")
    #expect(empty.status == 2)
    #expect(empty.output.isEmpty)
    #expect(empty.error.contains("no link given"))
  }

  @MainActor @Test func aTerminalGetsAHintInsteadOfSilence() async {
    for command in [["route", "--stdin"], ["audit"]] {
      let streams = ToolStreams(
        input: LineSource(text: "myapp://channel\n"), output: TextSink(), error: TextSink(),
        isInteractive: true)
      let status = await DeepLinkTool.run(command, streams: streams)
      #expect(status == 0)
      #expect(streams.error.collected.contains("end with Ctrl-D"), "\(command)")
    }
  }

  // MARK: audit

  @Test func auditEscapesInvisibleCharactersAndAlignsItsColumns() async {
    let input = [
      "https://example.com/x\u{202E}cba", "myapp://nowhere\u{200F}", "myapp://channel/video/%ZZ",
      "https://evil.com/channel", "", "myapp://channel",
    ].joined(separator: "\n")
    let run = await ToolRun.run(["audit"], input: input)
    #expect(run.status == 0)
    #expect(!run.output.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200F })
    #expect(run.output.contains(#"e.g. https://example.com/x\u{202E}cba"#))
    #expect(run.output.contains(#"e.g. myapp://nowhere\u{200F}"#))
    #expect(!run.output.contains("e.g. \n") && !run.output.contains("e.g.    "))
    // Every count line ends its number at the same column.
    let countLines = run.output.split(separator: "\n").filter { line in
      !line.hasPrefix("      ") && line.contains(where: \.isNumber) && !line.contains("://")
    }
    let columns = Set(
      countLines.map { line -> Int in
        let withoutPercent = line.split(separator: "(").first.map(String.init) ?? String(line)
        return withoutPercent.trimmingCharacters(in: .whitespaces).count
          + withoutPercent.prefix { $0 == " " }.count
      })
    #expect(columns.count == 1, "\(run.output)")
  }

  // MARK: channel

  @Test func channelRefusesAnInitialLinkToSomethingTheChannelLacks() async {
    let unknownClip = await ToolRun.run(["channel", "--initial", "myapp://channel/video/99999"])
    #expect(unknownClip.status == 2)
    #expect(unknownClip.error.contains("99999"))
    let noRoute = await ToolRun.run(["channel", "--initial", "myapp://channel/nowhere/1/2/3"])
    #expect(noRoute.status == 2)
    let known = await ToolRun.run(["channel", "--initial", "myapp://channel/video/12345"], input: "state\n")
    #expect(known.status == 0)
    #expect(known.output.contains(#""clipId": "12345""#))
  }

  @Test func channelRefusesInvalidUTF8AsRouteDoes() async throws {
    let bytes = Array("search ".utf8) + [0xFF, 0xFE] + Array("\nstate\n".utf8)
    let run = await ToolRun.run(["channel"], inputBytes: bytes)
    let lines = try run.jsonLines()
    #expect(lines.count == 2)
    #expect(lines[0]["error"] as? String == "input line is not valid UTF-8")
    #expect(lines[1]["page"] as? String == "main")
  }

  // MARK: url

  @Test func emptyZeroOrMoreCatchAllBuilds() async throws {
    let file = try temporaryRouteFile(
      #"{"schemes": ["app"], "hosts": ["example.com"], "routes": [{"name": "help", "pattern": "/help/{path*}"}]}"#
    )
    for extra in [[], ["path="]] {
      let run = await ToolRun.run(["url", "--routes", file, "help"] + extra)
      #expect(run.status == 0, "\(run.error)")
      #expect(run.output == "https://example.com/help\n")
      let back = await ToolRun.run(["route", "--routes", file, "https://example.com/help"])
      #expect(back.output.contains(#""parameters": {"path": []}"#))
    }
    let some = await ToolRun.run(["url", "--routes", file, "help", "path=a/b c"])
    #expect(some.output == "https://example.com/help/a/b%20c\n")
  }
}
