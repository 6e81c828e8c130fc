extension JSONValue {
  /// The value as one line of JSON, members in their order: `{"key": value, "list": [1, 2]}`.
  package var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  /// Appends the value as one line of JSON.
  ///
  /// - Parameter output: The text to append to.
  package func render(into output: inout String) {
    switch kind {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let number): output += number.text
    case .string(let text): JSONString.appendQuoted(text, to: &output)
    case .array(let elements):
      output += "["
      for (position, element) in elements.enumerated() {
        if position > 0 { output += ", " }
        element.render(into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (position, member) in members.enumerated() {
        if position > 0 { output += ", " }
        JSONString.appendQuoted(member.key, to: &output)
        output += ": "
        member.value.render(into: &output)
      }
      output += "}"
    }
  }

  /// The value as stable, pretty-printed JSON: two-space indentation, object keys sorted by Unicode
  /// scalar values, `/` not escaped, a final newline. The same value always gives the same text.
  package var prettyPrinted: String {
    var output = ""
    writeStable(indent: "", into: &output)
    output.append("\n")
    return output
  }

  /// The value as stable JSON without whitespace: the text of ``prettyPrinted`` (the same key order)
  /// with no indentation and no space after `:` or `,`, and a final newline.
  package var compact: String {
    var output = ""
    writeStable(indent: nil, into: &output)
    output.append("\n")
    return output
  }

  /// Writes the value with sorted keys, indented by `indent` and two spaces a level, or on one line
  /// with no whitespace when `indent` is `nil`.
  private func writeStable(indent: String?, into output: inout String) {
    let inner = indent.map { $0 + "  " }
    let open = indent == nil ? "" : "\n"
    switch kind {
    case .null, .bool, .number, .string:
      render(into: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output.append("[]")
        return
      }
      output.append("[" + open)
      for (position, element) in elements.enumerated() {
        output.append(inner ?? "")
        element.writeStable(indent: inner, into: &output)
        if position < elements.count - 1 { output.append(",") }
        output.append(open)
      }
      output.append((indent ?? "") + "]")
    case .object(let members):
      guard !members.isEmpty else {
        output.append("{}")
        return
      }
      let sorted = members.stableSorted {
        $0.key.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value))
      }
      output.append("{" + open)
      for (position, member) in sorted.enumerated() {
        output.append(inner ?? "")
        JSONString.appendQuoted(member.key, to: &output)
        output.append(indent == nil ? ":" : ": ")
        member.value.writeStable(indent: inner, into: &output)
        if position < sorted.count - 1 { output.append(",") }
        output.append(open)
      }
      output.append((indent ?? "") + "}")
    }
  }
}
