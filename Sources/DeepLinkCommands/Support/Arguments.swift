import DeepLinking
import Foundation

/// A command line that cannot be run as written; the tool prints it with the usage and exits 2.
struct UsageError: Error, CustomStringConvertible {
  var description: String
}

/// The parsed words of one subcommand: options with values, flags and positional arguments.
struct Arguments {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  /// Parses `--name value`, `--name=value`, flags, and positionals; `--` ends the options.
  static func parse(
    _ words: [String], options: Set<String>, flags allowedFlags: Set<String>
  ) throws(UsageError) -> Arguments {
    var result = Arguments()
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("--") || word == "-" {
        if word == "--" && !optionsEnded {
          optionsEnded = true
        } else {
          result.positionals.append(word)
        }
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name = String(word.dropFirst(2))
      var inlineValue: String?
      if let equals = name.firstIndex(of: "=") {
        inlineValue = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      if allowedFlags.contains(name) || name == "help" {
        guard inlineValue == nil else { throw UsageError(description: "--\(name) takes no value") }
        result.flags.insert(name)
      } else if options.contains(name) {
        if let inlineValue {
          result.values[name, default: []].append(inlineValue)
        } else {
          guard index < words.count else { throw UsageError(description: "--\(name) needs a value") }
          result.values[name, default: []].append(words[index])
          index += 1
        }
      } else {
        throw UsageError(description: "unknown option --\(name)")
      }
    }
    return result
  }

  func value(_ name: String) throws(UsageError) -> String? {
    guard let list = values[name] else { return nil }
    guard list.count == 1 else { throw UsageError(description: "--\(name) given more than once") }
    return list[0]
  }

  func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Failures that end a command with exit status 2 and a message on standard error.
struct ToolFailure: Error, CustomStringConvertible {
  var description: String
}

/// Loads the route table a command works on: the file given with `--routes`, or the demo table.
enum RouteTableSource {
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
    do {
      return try Router(RouteTable(json: data))
    } catch {
      throw ToolFailure(description: "\(path): \(error)")
    }
  }
}
