import DeepLinkRouting

/// A value read from a JSON document together with its path, with typed accessors that take only
/// values of exactly the asked type.
///
/// `bool()` takes only `true` and `false` (not `1`), `int()` only numbers written as integers that fit
/// in `Int` (not `true`, not `1.5`), `string()` only strings. A wrong type throws a ``JSONTypeError``
/// that names the path, the expected type, what was found, and the line and column.
package struct JSONField: Sendable {
  /// The value.
  package var value: JSONValue
  /// Where the value is in the document.
  package var path: JSONPath

  /// Wraps a value found at a path.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - path: Where it is; the root for a whole document.
  package init(_ value: JSONValue, at path: JSONPath = .root) {
    self.value = value
    self.path = path
  }

  /// The error for this value when the format asks for something else.
  ///
  /// - Parameter expected: What the format asks for ("a string", "true or false").
  /// - Returns: The error, with path, found kind and position.
  package func mismatch(_ expected: String) -> JSONTypeError {
    JSONTypeError(path: path, expected: expected, found: value.foundDescription, position: value.position)
  }

  /// The value as a Boolean; only `true` and `false` qualify.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The flag.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func bool(expected: String = "true or false") throws(JSONTypeError) -> Bool {
    guard case .bool(let flag) = value.kind else { throw mismatch(expected) }
    return flag
  }

  /// The value as an integer; only numbers written without fraction or exponent that fit in `Int`.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The integer.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func int(expected: String = "an integer") throws(JSONTypeError) -> Int {
    guard case .number(let number) = value.kind, let integer = number.int else { throw mismatch(expected) }
    return integer
  }

  /// The value as a `Double`; any number within the range of `Double` qualifies.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The number.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func double(expected: String = "a number") throws(JSONTypeError) -> Double {
    guard case .number(let number) = value.kind, let double = number.double else { throw mismatch(expected) }
    return double
  }

  /// The value as a string.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The text.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func string(expected: String = "a string") throws(JSONTypeError) -> String {
    guard case .string(let text) = value.kind else { throw mismatch(expected) }
    return text
  }

  /// The value as an array of fields, each with its path.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The elements.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func array(expected: String = "an array") throws(JSONTypeError) -> [JSONField] {
    guard case .array(let elements) = value.kind else { throw mismatch(expected) }
    return elements.enumerated().map { JSONField($0.element, at: path.appending(index: $0.offset)) }
  }

  /// The value as an array of strings.
  ///
  /// - Returns: The strings.
  /// - Throws: ``JSONTypeError`` naming the array, or the first element that is not a string.
  package func strings() throws(JSONTypeError) -> [String] {
    var result: [String] = []
    for element in try array(expected: "an array of strings") {
      result.append(try element.string())
    }
    return result
  }

  /// The value as an object.
  ///
  /// - Parameter expected: How the error names the type.
  /// - Returns: The object's members, each with its path.
  /// - Throws: ``JSONTypeError`` for any other value.
  package func object(expected: String = "an object") throws(JSONTypeError) -> JSONObject {
    guard case .object(let members) = value.kind else { throw mismatch(expected) }
    return JSONObject(members: members, path: path, position: value.position)
  }
}

/// The members of a JSON object read from a document (keys are unique: the reader refuses duplicates).
package struct JSONObject: Sendable {
  /// The members, in document order.
  package var members: [JSONMember]
  /// Where the object is.
  package var path: JSONPath
  /// Where the object starts, when it was read from a document.
  package var position: JSONPosition?

  /// An object's members, where it is and where it starts.
  ///
  /// - Parameters:
  ///   - members: The members, in document order.
  ///   - path: Where the object is.
  ///   - position: Where it starts in its document, if it was read from one.
  package init(members: [JSONMember], path: JSONPath, position: JSONPosition?) {
    self.members = members
    self.path = path
    self.position = position
  }

  /// The member with this key, if present.
  ///
  /// - Parameter key: The key.
  /// - Returns: The member's value and path, or `nil`.
  package subscript(key: String) -> JSONField? {
    members.first { $0.key == key }.map { JSONField($0.value, at: path.appending(key: $0.key)) }
  }

  /// The members whose keys are not among `known`, in document order, each with a suggestion.
  ///
  /// - Parameters:
  ///   - known: The keys the format allows here.
  ///   - aliases: Words people write instead of a known key (see ``KeySuggestion``).
  /// - Returns: The unknown keys.
  package func unknownKeys(known: [String], aliases: [String: String] = [:]) -> [JSONUnknownKey] {
    members.filter { !known.contains($0.key) }.map {
      JSONUnknownKey(
        key: $0.key,
        path: path.appending(key: $0.key),
        position: $0.keyPosition,
        suggestion: KeySuggestion.suggestion(for: $0.key, among: known, aliases: aliases)
      )
    }
  }
}

/// A key a format does not have, with the known key it most likely misspells.
package struct JSONUnknownKey: Hashable, Sendable, CustomStringConvertible {
  /// The key as written.
  package var key: String
  /// The path of the member.
  package var path: JSONPath
  /// Where the key is written.
  package var position: JSONPosition?
  /// The known key it most likely stands for.
  package var suggestion: String?

  /// `unknown key "patern" (did you mean "pattern"?)`.
  package var description: String {
    "unknown key \(JSONString.quoted(key))"
      + (suggestion.map { " (did you mean \(JSONString.quoted($0))?)" } ?? "")
  }
}

/// A value of the wrong type: where, what was expected, what was found.
package struct JSONTypeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where the value is.
  package var path: JSONPath
  /// What the format asks for ("true or false").
  package var expected: String
  /// What the document holds ("a number (1)").
  package var found: String
  /// Where the value starts, when it was read from a document.
  package var position: JSONPosition?

  /// `caseInsensitive: expected true or false, found a number (1) at line 2, column 22`.
  package var description: String {
    let place = path.isRoot ? "top level" : path.description
    return "\(place): expected \(expected), found \(found)" + (position.map { " at \($0)" } ?? "")
  }
}
