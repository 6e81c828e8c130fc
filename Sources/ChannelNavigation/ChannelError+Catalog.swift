import DeepLinkRouting

extension ChannelError {
  /// A problem of a channel catalog and the details that belong to it.
  enum CatalogProblem: Sendable, Hashable {
    case invalidJSON(detail: String)
    case missingField(path: String)
    case wrongType(path: String, expected: String)
    case emptyId(path: String)
    case duplicateId(path: String, kind: String, id: String, firstPath: String)
    case unknownClip(path: String, id: String)
    case invalidValue(path: String, reason: String)
    case unreadable(url: String, reason: String)
    case httpStatus(url: String, status: Int)
    case unsupportedURL(String)
    case missingResource(String)

    /// What kind of problem it is.
    var code: ErrorCode<ChannelError> {
      switch self {
      case .invalidJSON: .invalidJSON
      case .missingField: .missingField
      case .wrongType: .wrongType
      case .emptyId: .emptyId
      case .duplicateId: .duplicateId
      case .unknownClip: .unknownClip
      case .invalidValue: .invalidValue
      case .unreadable: .unreadable
      case .httpStatus: .httpStatus
      case .unsupportedURL: .unsupportedURL
      case .missingResource: .missingResource
      }
    }

    /// The parser's explanation, with the position when it gives one, for `invalidJSON`; `nil`
    /// otherwise.
    var detail: String? {
      guard case .invalidJSON(let detail) = self else { return nil }
      return detail
    }

    /// The path in the catalog's JSON where the problem is, such as `clips[3].title`, for
    /// `missingField`, `wrongType`, `emptyId`, `duplicateId` (the second
    /// use), `unknownClip` and `invalidValue`; `nil` otherwise.
    var path: String? {
      switch self {
      case .missingField(let path), .wrongType(let path, _), .emptyId(let path),
        .duplicateId(let path, _, _, _),
        .unknownClip(let path, _), .invalidValue(let path, _):
        path
      case .invalidJSON, .unreadable, .httpStatus, .unsupportedURL, .missingResource:
        nil
      }
    }

    /// The type the format asks for, such as `String`, for `wrongType`; `nil` otherwise.
    var expected: String? {
      guard case .wrongType(_, let expected) = self else { return nil }
      return expected
    }

    /// The kind of entity, `clip`, `clip list` or `sub-channel`, for `duplicateId`; `nil`
    /// otherwise.
    var kind: String? {
      guard case .duplicateId(_, let kind, _, _) = self else { return nil }
      return kind
    }

    /// The id involved, for `duplicateId` (the shared id) and `unknownClip` (the clip id
    /// named); `nil` otherwise.
    var id: String? {
      switch self {
      case .duplicateId(_, _, let id, _), .unknownClip(_, let id):
        id
      case .invalidJSON, .missingField, .wrongType, .emptyId, .invalidValue, .unreadable, .httpStatus,
        .unsupportedURL, .missingResource:
        nil
      }
    }

    /// The path of the first use of a shared id, for `duplicateId`; `nil` otherwise.
    var firstPath: String? {
      guard case .duplicateId(_, _, _, let firstPath) = self else { return nil }
      return firstPath
    }

    /// What is wrong, in words: for `invalidValue` what is wrong with the value, for
    /// `unreadable` the system's explanation; `nil` otherwise.
    var reason: String? {
      switch self {
      case .invalidValue(_, let reason), .unreadable(_, let reason):
        reason
      case .invalidJSON, .missingField, .wrongType, .emptyId, .duplicateId, .unknownClip, .httpStatus,
        .unsupportedURL, .missingResource:
        nil
      }
    }

    /// The catalog's location, for `unreadable`, `httpStatus` and `unsupportedURL`;
    /// `nil` otherwise.
    var url: String? {
      switch self {
      case .unreadable(let url, _), .httpStatus(let url, _), .unsupportedURL(let url):
        url
      case .invalidJSON, .missingField, .wrongType, .emptyId, .duplicateId, .unknownClip, .invalidValue,
        .missingResource:
        nil
      }
    }

    /// The HTTP status code, for `httpStatus`; `nil` otherwise.
    var status: Int? {
      guard case .httpStatus(_, let status) = self else { return nil }
      return status
    }

    /// The missing resource's file name, for `missingResource`; `nil` otherwise.
    var resource: String? {
      guard case .missingResource(let name) = self else { return nil }
      return name
    }

    /// A one-line explanation: the location first, then the problem.
    var description: String {
      switch self {
      case .invalidJSON(let detail): return "invalid JSON: \(detail)"
      case .missingField(let path): return "\(path): missing field"
      case .wrongType(let path, let expected): return "\(path): expected \(expected)"
      case .emptyId(let path): return "\(path): empty id"
      case .duplicateId(let path, let kind, let id, let firstPath):
        return "\(path): duplicate \(kind) id \"\(id)\", first used at \(firstPath)"
      case .unknownClip(let path, let id): return "\(path): unknown clip \"\(id)\""
      case .invalidValue(let path, let reason): return "\(path): \(reason)"
      case .unreadable(let url, let reason): return "\(url): cannot read: \(reason)"
      case .httpStatus(let url, let status): return "\(url): HTTP status \(status)"
      case .unsupportedURL(let url): return "\(url): only file, http and https URLs are supported"
      case .missingResource(let name): return "\(name): missing from the resource bundle"
      }
    }
  }
}

extension ChannelError {
  /// The parser's explanation, with the position when it gives one, for `invalidJSON`; `nil`
  /// otherwise.
  public var detail: String? { catalogProblem?.detail }

  /// The path in the catalog's JSON where the problem is, such as `clips[3].title`, for
  /// `missingField`, `wrongType`, `emptyId`, `duplicateId` (the second use), `unknownClip` (in a
  /// catalog) and `invalidValue`; `nil` otherwise.
  public var path: String? { catalogProblem?.path }

  /// The type the format asks for, such as `String`, for `wrongType`; `nil` otherwise.
  public var expected: String? { catalogProblem?.expected }

  /// The kind of entity, `clip`, `clip list` or `sub-channel`, for `duplicateId`; `nil` otherwise.
  public var kind: String? { catalogProblem?.kind }

  /// The path of the first use of a shared id, for `duplicateId`; `nil` otherwise.
  public var firstPath: String? { catalogProblem?.firstPath }

  /// What is wrong, in words: for `invalidValue` what is wrong with the value, for `unreadable` the
  /// system's explanation; `nil` otherwise.
  public var reason: String? { catalogProblem?.reason }

  /// The HTTP status code, for `httpStatus`; `nil` otherwise.
  public var status: Int? { catalogProblem?.status }

  /// The missing resource's file name, for `missingResource`; `nil` otherwise.
  public var resource: String? { catalogProblem?.resource }
}

extension ChannelError {
  /// The data is not JSON.
  ///
  /// - Parameter detail: The parser's explanation, with the position when it gives one.
  /// - Returns: An error with code `invalidJSON`.
  public static func invalidJSON(detail: String) -> Self {
    Self(catalogProblem: .invalidJSON(detail: detail))
  }

  /// A required field is missing.
  ///
  /// - Parameter path: The path of the missing field, such as `clips[3].title`.
  /// - Returns: An error with code `missingField`.
  public static func missingField(path: String) -> Self {
    Self(catalogProblem: .missingField(path: path))
  }

  /// A field holds a value of the wrong type (or `null`).
  ///
  /// - Parameters:
  ///   - path: The path of the field.
  ///   - expected: The type the format asks for, such as `String`.
  /// - Returns: An error with code `wrongType`.
  public static func wrongType(path: String, expected: String) -> Self {
    Self(catalogProblem: .wrongType(path: path, expected: expected))
  }

  /// An id is empty or only whitespace.
  ///
  /// - Parameter path: The path of the id, such as `clips[2].id`.
  /// - Returns: An error with code `emptyId`.
  public static func emptyId(path: String) -> Self {
    Self(catalogProblem: .emptyId(path: path))
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
    Self(catalogProblem: .duplicateId(path: path, kind: kind, id: id, firstPath: firstPath))
  }

  /// A clip list names a clip the catalog does not have.
  ///
  /// - Parameters:
  ///   - path: The path of the reference, such as `clipLists[2].clipIds[1]`.
  ///   - id: The clip id named.
  /// - Returns: An error with code `unknownClip`.
  public static func unknownClip(path: String, id: String) -> Self {
    Self(catalogProblem: .unknownClip(path: path, id: id))
  }

  /// A value is outside what the format allows (a negative duration).
  ///
  /// - Parameters:
  ///   - path: The path of the value.
  ///   - reason: What is wrong with it.
  /// - Returns: An error with code `invalidValue`.
  public static func invalidValue(path: String, reason: String) -> Self {
    Self(catalogProblem: .invalidValue(path: path, reason: reason))
  }

  /// The catalog could not be read from its location.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - reason: The system's explanation.
  /// - Returns: An error with code `unreadable`.
  public static func unreadable(url: String, reason: String) -> Self {
    Self(catalogProblem: .unreadable(url: url, reason: reason))
  }

  /// The server answered with a status other than 2xx.
  ///
  /// - Parameters:
  ///   - url: The location.
  ///   - status: The HTTP status code.
  /// - Returns: An error with code `httpStatus`.
  public static func httpStatus(url: String, status: Int) -> Self {
    Self(catalogProblem: .httpStatus(url: url, status: status))
  }

  /// The location is neither a file URL nor an `http`/`https` URL.
  ///
  /// - Parameter url: The location.
  /// - Returns: An error with code `unsupportedURL`.
  public static func unsupportedURL(_ url: String) -> Self {
    Self(catalogProblem: .unsupportedURL(url))
  }

  /// A catalog bundled with the package is missing from its resource bundle.
  ///
  /// - Parameter name: The resource's file name.
  /// - Returns: An error with code `missingResource`.
  public static func missingResource(_ name: String) -> Self {
    Self(catalogProblem: .missingResource(name))
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
