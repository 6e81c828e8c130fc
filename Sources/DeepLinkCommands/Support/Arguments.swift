import DeepLinking
import Foundation
import RouteFiles

/// A command line that cannot be run as written; the tool prints it in one or two lines that end by
/// pointing to the command's help, and exits 2.
struct UsageError: Error, CustomStringConvertible {
  /// What is wrong, in one line.
  var description: String
  /// The command whose help explains it (`deeplink route`), once known.
  var command: String?

  init(description: String, command: String? = nil) {
    self.description = description
    self.command = command
  }
}

/// The parsed words of one subcommand: options with values, flags and positional arguments.
struct Arguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `--name value`, `--name=value`, flags, and positionals against a command's option table;
  /// `--` ends the options. An unknown option gets the closest known one as a suggestion.
  static func parse(_ words: [String], for command: CommandSpec) throws(UsageError) -> Arguments {
    var result = Arguments()
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("-") || word == "-" {
        result.positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "-h" {
        result.flags.insert("help")
        continue
      }
      guard word.hasPrefix("--") else {
        throw command.usageError("unknown option \(word) (options start with --)")
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let option = command.option(named: name) else {
        let suggestion = Suggestion.closest(to: name, in: command.allOptions.map(\.name))
        throw command.usageError(
          "unknown option --\(name)" + (suggestion.map { "; did you mean --\($0)?" } ?? ""))
      }
      if option.value == nil {
        guard inlineValue == nil else { throw command.usageError("--\(name) takes no value") }
        result.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < words.count else {
          throw command.usageError("--\(name) needs a value (\(option.synopsis))")
        }
        value = words[index]
        index += 1
      }
      if !option.repeatable, result.values[name] != nil {
        throw command.usageError("--\(name) given more than once")
      }
      result.values[name, default: []].append(value)
    }
    return result
  }

  /// The value of an option given at most once (the parser refuses a second one).
  func value(_ name: String) -> String? {
    values[name]?.first
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Failures that end a command with exit status 2 and a message on standard error.
struct ToolFailure: Error, CustomStringConvertible {
  var description: String
}

/// Loads the route table a command works on: the file given with `--routes`, or the demo table.
enum RouteTableSource {
  /// The router of the file at `path` (the demo table when `nil`), or `nil` after printing why it
  /// cannot be had to `errors` as `deeplink COMMAND: message`.
  static func load(_ path: String?, for command: CommandSpec, errors: TextSink) -> Router? {
    do throws(ToolFailure) {
      return try load(path)
    } catch {
      errors.line("\(command.fullName): \(error)")
      return nil
    }
  }

  static func load(_ path: String?) throws(ToolFailure) -> Router {
    guard let path else {
      do {
        return try Router(DemoRoutes.table)
      } catch {
        throw ToolFailure(description: "the demo route table does not build: \(error)")
      }
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ToolFailure(description: "\(path): cannot read the route file (\(error.localizedDescription))")
    }
    let table: RouteTable
    do {
      table = try RouteTable(json: data)
    } catch {
      throw ToolFailure(description: "\(path): \(error)")
    }
    do {
      return try Router(table)
    } catch {
      throw ToolFailure(description: "\(path): \(RouteTable.locatingPattern(error, inJSON: data))")
    }
  }
}

/// Rules for lines read from standard input.
enum InputLine {
  /// Whether a line holds nothing but spaces, tabs and a carriage return: not a link, so skipped.
  static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
  }

  /// Whether a line is blank or, after leading spaces and tabs, starts with `#`: a comment.
  static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
    let first = line.first { $0 != 0x20 && $0 != 0x09 }
    return first == nil || first == UInt8(ascii: "#") || isBlank(line)
  }
}
