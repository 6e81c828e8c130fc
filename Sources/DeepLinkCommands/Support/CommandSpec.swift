import DeepLinking

/// What a shell should offer after an option: a file, a directory, one of a few words, or nothing.
enum ValueCompletion: Equatable {
  /// Free text: nothing to offer.
  case none
  /// A file path.
  case file
  /// A directory path.
  case directory
  /// One of these words.
  case words([String])
}

/// One option of a command: the single statement from which its parsing, its help line and its shell
/// completion are all made.
struct OptionSpec {
  /// The name without the leading `--`.
  var name: String
  /// The placeholder of the option's value (`FILE`), or `nil` for a flag.
  var value: String?
  /// The help text; wrapped lines are indented under it.
  var help: String
  /// Whether the option may be given more than once.
  var repeatable = false
  /// What a shell offers as the value.
  var completion = ValueCompletion.none

  /// A flag: an option without a value.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, value: nil, help: help)
  }

  /// An option with a value.
  static func value(
    _ name: String, _ placeholder: String, _ help: String, repeatable: Bool = false,
    completion: ValueCompletion = .none
  ) -> OptionSpec {
    OptionSpec(name: name, value: placeholder, help: help, repeatable: repeatable, completion: completion)
  }

  /// `--name VALUE`, or `--name` for a flag.
  var synopsis: String {
    value.map { "--\(name) \($0)" } ?? "--\(name)"
  }
}

/// A command of the tool: its name, what it says in help, and its options.
///
/// Help text, parsing, did-you-mean suggestions, shell completion scripts and the documentation check
/// all read this one table, so an option cannot exist in one of them and not in another.
struct CommandSpec {
  /// The words that name the command after `deeplink` (`["aasa", "match"]`).
  var path: [String]
  /// What follows the command's words under `USAGE:`; help wraps it to its width.
  var usage: String
  /// One line, for the list of commands.
  var summary: String
  /// The paragraphs between the usage line and the options.
  var discussion: String
  /// The options, in the order help lists them; `--help` is added to every command.
  var options: [OptionSpec]
  /// What follows the options: sections such as `EXIT STATUS:`.
  var epilogue: String
  /// Subcommands, for a command that only groups others.
  var subcommands: [CommandSpec] = []

  /// `deeplink aasa match`.
  var fullName: String { (["deeplink"] + path).joined(separator: " ") }

  /// Every option, `--help` included.
  var allOptions: [OptionSpec] {
    options + [.flag("help", "Show this help.")]
  }

  /// The widest line of help: longer lines are broken at a space.
  static let helpWidth = 100

  /// The rendered `--help` text, no line wider than ``helpWidth`` but for a word that is itself wider.
  var help: String {
    let lead = "USAGE: \(fullName) "
    var text = ""
    if usage.isEmpty {
      text += "USAGE: \(fullName)\n"
    } else {
      let hanging = String(repeating: " ", count: min(lead.count, Self.helpWidth / 2))
      let words = usage.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      text += Self.wrapped(lead + words, indent: hanging).joined(separator: "\n") + "\n"
    }
    text += "\n" + Self.wrappedParagraphs(discussion) + "\n"
    if !subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n"
      let width = subcommands.map { $0.path.last?.count ?? 0 }.max() ?? 0
      for command in subcommands {
        let name = command.path.last ?? ""
        text += "  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(command.summary)\n"
      }
      text += "\nRun '\(fullName) <subcommand> --help' for the options of each.\n"
    } else {
      text += "\nOPTIONS:\n" + Self.optionLines(allOptions)
    }
    if !epilogue.isEmpty { text += "\n\(Self.wrappedParagraphs(epilogue))\n" }
    return String(text.dropLast())
  }

  /// The options as help lines: the synopsis, then the help text in a column (or on the next line
  /// when the synopsis is too wide for it).
  private static func optionLines(_ options: [OptionSpec]) -> String {
    let column = min(28, (options.map(\.synopsis.count).max() ?? 0) + 4)
    let indent = String(repeating: " ", count: column)
    var text = ""
    for option in options {
      let lead = "  \(option.synopsis)"
      var lines = option.help.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        wrapped(indent + $0, indent: indent)
      }
      if lead.count + 2 <= column, let first = lines.first {
        lines[0] = lead.padding(toLength: column, withPad: " ", startingAt: 0) + first.dropFirst(column)
      } else {
        lines.insert(lead, at: 0)
      }
      text += lines.joined(separator: "\n") + "\n"
    }
    return text
  }

  /// Each line of `text` no wider than ``helpWidth``, continued under its own leading spaces.
  private static func wrappedParagraphs(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      wrapped(String(line), indent: String(line.prefix { $0 == " " }))
    }.joined(separator: "\n")
  }

  /// `line` broken at spaces into lines of at most ``helpWidth`` characters, each after the first
  /// starting with `indent`; a word wider than that stays whole on a line of its own.
  static func wrapped<Line: StringProtocol>(_ line: Line, indent: String) -> [String] {
    var lines: [String] = []
    var current = String(line)
    while current.count > helpWidth {
      let limit = current.index(current.startIndex, offsetBy: helpWidth)
      let searchStart =
        current.index(current.startIndex, offsetBy: indent.count + 1, limitedBy: limit) ?? limit
      guard
        let space = current[searchStart...limit].lastIndex(of: " ")
          ?? current[limit...].firstIndex(of: " ")
      else { break }
      lines.append(String(current[..<space]))
      current = indent + current[current.index(after: space)...].drop { $0 == " " }
    }
    lines.append(current)
    return lines
  }

  /// The option named `name`, if the command has it.
  func option(named name: String) -> OptionSpec? {
    allOptions.first { $0.name == name }
  }

  /// A usage error that ends with the pointer to this command's help.
  func usageError(_ message: String) -> UsageError {
    UsageError(description: message, command: fullName)
  }
}

/// What a command takes after its options; the prologue refuses anything else before the command runs.
enum Positionals {
  /// Nothing: a word is refused as an unexpected argument.
  case none
  /// Nothing, and a word is refused with this message (`audit reads links from standard input, ...`).
  case noneBecause(String)
  /// At least one word; with none, this message.
  case atLeastOne(String)
  /// Any words: the command reads them itself.
  case any
}

extension CommandSpec {
  /// The prologue every command runs: parses `words` by this command's options, answers `--help`, and
  /// checks the positional arguments.
  ///
  /// - Parameters:
  ///   - words: The words after the command's name.
  ///   - streams: Where the help goes.
  ///   - positionals: What the command takes after its options.
  /// - Returns: The arguments to run with, or `nil` once the help is printed (the command exits 0).
  /// - Throws: ``UsageError`` for an unknown or malformed option, or positional arguments the command
  ///   does not take.
  func arguments(_ words: [String], _ streams: ToolStreams, positionals: Positionals = .none)
    throws(UsageError) -> Arguments?
  {
    let arguments = try Arguments.parse(words, for: self)
    if arguments.has("help") {
      streams.output.line(help)
      return nil
    }
    switch positionals {
    case .none:
      if let first = arguments.positionals.first { throw usageError("unexpected argument '\(first)'") }
    case .noneBecause(let message):
      if !arguments.positionals.isEmpty { throw usageError(message) }
    case .atLeastOne(let message):
      if arguments.positionals.isEmpty { throw usageError(message) }
    case .any:
      break
    }
    return arguments
  }

  /// The router of the route file given with `--routes` (the demo table without it), or `nil` after
  /// printing why it cannot be had as `deeplink COMMAND: message` (the command exits 2).
  ///
  /// - Parameters:
  ///   - arguments: The command's arguments.
  ///   - streams: Where the reason goes.
  /// - Returns: The router, or `nil`.
  func router(_ arguments: Arguments, _ streams: ToolStreams) -> Router? {
    RouteTableSource.load(arguments.value("routes"), for: self, errors: streams.error)
  }
}

/// Suggestions for a mistyped word, by the package's one "did you mean" rule.
enum Suggestion {
  /// The candidate closest to `word`, if one is close enough to be what was meant.
  static func closest(to word: String, in candidates: [String]) -> String? {
    KeySuggestion.suggestion(for: word, among: candidates)
  }
}
