import DeepLinkRouting

extension ChannelError {
  /// The data is not JSON.
  ///
  /// - Parameter detail: The parser's explanation, with the position when it gives one.
  /// - Returns: An error with code `invalidJSON`.
  public static func invalidJSON(detail: String) -> Self {
    Self(code: .invalidJSON, description: "invalid JSON: \(detail)", detail: detail)
  }

  /// A required field is missing.
  ///
  /// - Parameter path: The path of the missing field, such as `clips[3].title`.
  /// - Returns: An error with code `missingField`.
  public static func missingField(path: String) -> Self {
    Self(code: .missingField, description: "\(path): missing field", path: path)
  }

  /// A field holds a value of the wrong type (or `null`).
  ///
  /// - Parameters:
  ///   - path: The path of the field.
  ///   - expected: The type the format asks for, such as `String`.
  /// - Returns: An error with code `wrongType`.
  public static func wrongType(path: String, expected: String) -> Self {
    Self(code: .wrongType, description: "\(path): expected \(expected)", path: path, expected: expected)
  }

  /// An id is empty or only whitespace.
  ///
  /// - Parameter path: The path of the id, such as `clips[2].id`.
  /// - Returns: An error with code `emptyId`.
  public static func emptyId(path: String) -> Self {
    Self(code: .emptyId, description: "\(path): empty id", path: path)
  }

  /// Two entities of the same kind share an id.
  ///
  /// - Parameters:
  ///   - path: The path of the second id.
  ///   - kind: `clip`, `clip list` or `sub-channel`.
  ///   - id: The shared id.
  ///   - firstPath: The path of the first use.
  /// - Returns: An error with code `duplicateId`.
  public static func duplicateId(path: String, kind: String, id: String, firstPath: String) -> Self {
    Self(
      code: .duplicateId, description: "\(path): duplicate \(kind) id \"\(id)\", first used at \(firstPath)",
      id: id, path: path, kind: kind, firstPath: firstPath)
  }

  /// A clip list names a clip the catalog does not have.
  ///
  /// - Parameters:
  ///   - path: The path of the reference, such as `clipLists[2].clipIds[1]`.
  ///   - id: The clip id named.
  /// - Returns: An error with code `unknownClip`.
  public static func unknownClip(path: String, id: String) -> Self {
    Self(code: .unknownClip, description: "\(path): unknown clip \"\(id)\"", id: id, path: path)
  }

  /// A value is outside what the format allows (a negative duration).
  ///
  /// - Parameters:
  ///   - path: The path of the value.
  ///   - reason: What is wrong with it.
  /// - Returns: An error with code `invalidValue`.
  public static func invalidValue(path: String, reason: String) -> Self {
    Self(code: .invalidValue, description: "\(path): \(reason)", path: path, reason: reason)
  }

  /// The catalog could not be read from its location.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - reason: The system's explanation.
  /// - Returns: An error with code `unreadable`.
  public static func unreadable(url: String, reason: String) -> Self {
    Self(code: .unreadable, description: "\(url): cannot read: \(reason)", url: url, reason: reason)
  }

  /// The server answered with a status other than 2xx.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - status: The HTTP status code.
  /// - Returns: An error with code `httpStatus`.
  public static func httpStatus(url: String, status: Int) -> Self {
    Self(code: .httpStatus, description: "\(url): HTTP status \(status)", url: url, status: status)
  }

  /// The location is neither a file URL nor an `http`/`https` URL.
  ///
  /// - Parameter url: The location.
  /// - Returns: An error with code `unsupportedURL`.
  public static func unsupportedURL(_ url: String) -> Self {
    Self(code: .unsupportedURL, description: "\(url): only file, http and https URLs are supported", url: url)
  }

  /// A catalog bundled with the package is missing from its resource bundle.
  ///
  /// - Parameter name: The resource's file name.
  /// - Returns: An error with code `missingResource`.
  public static func missingResource(_ name: String) -> Self {
    Self(code: .missingResource, description: "\(name): missing from the resource bundle", resource: name)
  }
}

extension ErrorCode where Subject == ChannelError {
  /// The data is not JSON; see ``ChannelError/detail``.
  public static let invalidJSON = Self("invalid-json")
  /// A required field is missing; see ``ChannelError/path``.
  public static let missingField = Self("missing-field")
  /// A field holds a value of the wrong type (or `null`); see ``ChannelError/path`` and
  /// ``ChannelError/expected``.
  public static let wrongType = Self("wrong-type")
  /// An id is empty or only whitespace; see ``ChannelError/path``.
  public static let emptyId = Self("empty-id")
  /// Two entities of the same kind share an id; see ``ChannelError/path``,
  /// ``ChannelError/kind``, ``ChannelError/id`` and ``ChannelError/firstPath``.
  public static let duplicateId = Self("duplicate-id")
  /// A value is outside what the format allows (a negative duration); see
  /// ``ChannelError/path`` and ``ChannelError/reason``.
  public static let invalidValue = Self("invalid-value")
  /// The catalog could not be read from its location; see ``ChannelError/url`` and
  /// ``ChannelError/reason``.
  public static let unreadable = Self("unreadable")
  /// The server answered with a status other than 2xx; see ``ChannelError/url`` and
  /// ``ChannelError/status``.
  public static let httpStatus = Self("http-status")
  /// The location is neither a file URL nor an `http`/`https` URL; see ``ChannelError/url``.
  public static let unsupportedURL = Self("unsupported-url")
  /// A catalog bundled with the package is missing from its resource bundle; see
  /// ``ChannelError/resource``.
  public static let missingResource = Self("missing-resource")
}
