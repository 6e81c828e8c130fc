import Foundation

/// Writes a ``JSONValue`` as stable, pretty-printed JSON: two-space indentation, object keys sorted,
/// `/` not escaped, a final newline. The same value always gives the same bytes on every platform.
enum JSONWriter {
  /// The JSON text of a value.
  static func string(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: "", into: &output)
    output.append("\n")
    return output
  }

  /// The JSON text of a value, as UTF-8 data.
  static func data(_ value: JSONValue) -> Data {
    Data(string(value).utf8)
  }

  private static func write(_ value: JSONValue, indent: String, into output: inout String) {
    switch value {
    case .null:
      output.append("null")
    case .bool(let flag):
      output.append(flag ? "true" : "false")
    case .number(let number):
      if number.rounded() == number, abs(number) < 1e15 {
        output.append(String(Int64(number)))
      } else {
        output.append(String(number))
      }
    case .string(let text):
      writeString(text, into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append("[]")
        return
      }
      let inner = indent + "  "
      output.append("[\n")
      for (position, element) in elements.enumerated() {
        output.append(inner)
        write(element, indent: inner, into: &output)
        output.append(position == elements.count - 1 ? "\n" : ",\n")
      }
      output.append(indent + "]")
    case .object(let members):
      guard !members.isEmpty else {
        output.append("{}")
        return
      }
      let inner = indent + "  "
      let sorted = members.sorted {
        Array($0.key.unicodeScalars.map(\.value)).lexicographicallyPrecedes(
          $1.key.unicodeScalars.map(\.value))
      }
      output.append("{\n")
      for (position, member) in sorted.enumerated() {
        output.append(inner)
        writeString(member.key, into: &output)
        output.append(": ")
        write(member.value, indent: inner, into: &output)
        output.append(position == sorted.count - 1 ? "\n" : ",\n")
      }
      output.append(indent + "}")
    }
  }

  private static func writeString(_ text: String, into output: inout String) {
    output.append("\"")
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      case "\u{08}": output.append("\\b")
      case "\u{0C}": output.append("\\f")
      case "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16)
        output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    output.append("\"")
  }
}
