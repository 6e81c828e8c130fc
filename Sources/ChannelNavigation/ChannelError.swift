import DeepLinking

/// Why a channel refused to navigate or to load, or why its catalog could not be read.
///
/// Every refusal leaves the navigation state as it was and is reported through
/// ``ChannelCallbacks/onError`` and ``ChannelViewModel/lastError``; a catalog that could not be loaded
/// is reported there with code `catalog`, its problem in ``catalogError``.
///
/// ``ChannelCatalog`` throws the catalog's problems (codes `invalidJSON` to `missingResource`) naming
/// what was wrong and where. Locations are paths into the catalog's JSON, such as
/// `clipLists[2].clipIds[1]`, so the ``description`` reads like a compiler diagnostic:
///
/// ```text
/// clipLists[2].clipIds[1]: unknown clip "999"
/// clips[4].id: duplicate clip id "12345", first used at clips[0].id
/// invalid JSON: Unexpected character '}' around line 3, column 1.
/// ```
///
/// ``code`` says what was refused; the details that belong to it are set for the codes that have them
/// and `nil` otherwise. New kinds of refusal can be added as new codes without breaking callers:
/// compare ``code`` with the codes you handle and treat any other as a refusal in general.
public struct ChannelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of refusal it is.
  public let code: ErrorCode<ChannelError>
  /// A human-readable explanation that names the offending value; a catalog's problem names its
  /// location first.
  public let description: String
  /// The entity type as given, for `unknownEntityType`; `nil` otherwise.
  public internal(set) var entityType: String?
  /// The id as given, for `unknownClip`, `unknownClipList` and `unknownSubChannel`; the id involved,
  /// for `duplicateId` (the shared id); `nil` otherwise.
  public internal(set) var id: String?
  /// The page name as given, for `unknownPage`; `nil` otherwise.
  public internal(set) var pageName: String?
  /// The page asked for, for `missingParameter`; `nil` otherwise.
  public internal(set) var page: ChannelPage?
  /// The name of the missing parameter, for `missingParameter`; `nil` otherwise.
  public internal(set) var parameter: String?
  /// The navigator's reason, for `navigation`; `nil` otherwise.
  public internal(set) var navigationError: NavigationError?
  /// The router's reason, for `invalidLink`; `nil` otherwise.
  public internal(set) var linkError: LinkError?
  /// The link as given, for `unroutedLink`; the catalog's location, for `unreadable`, `httpStatus`
  /// and `unsupportedURL`; `nil` otherwise.
  public internal(set) var url: String?
  /// The most navigation calls that wait at once, for `queueFull`; `nil` otherwise.
  public internal(set) var limit: Int?
  /// The parser's explanation, with the position when it gives one, for `invalidJSON`; `nil`
  /// otherwise.
  public internal(set) var detail: String?
  /// The path in the catalog's JSON where the problem is, such as `clips[3].title`, for
  /// `missingField`, `wrongType`, `emptyId`, `duplicateId` (the second use), `unknownClip` (in a
  /// catalog) and `invalidValue`; `nil` otherwise.
  public internal(set) var path: String?
  /// The type the format asks for, such as `String`, for `wrongType`; `nil` otherwise.
  public internal(set) var expected: String?
  /// The kind of entity, `clip`, `clip list` or `sub-channel`, for `duplicateId`; `nil` otherwise.
  public internal(set) var kind: String?
  /// The path of the first use of a shared id, for `duplicateId`; `nil` otherwise.
  public internal(set) var firstPath: String?
  /// What is wrong, in words: for `invalidValue` what is wrong with the value, for `unreadable` the
  /// system's explanation; `nil` otherwise.
  public internal(set) var reason: String?
  /// The HTTP status code, for `httpStatus`; `nil` otherwise.
  public internal(set) var status: Int?
  /// The missing resource's file name, for `missingResource`; `nil` otherwise.
  public internal(set) var resource: String?
  /// The catalog's error, for `catalog`: an array, as a structure cannot hold a value of its own type.
  var causes: [ChannelError] = []

  /// What went wrong loading the catalog, and where, for `catalog`; `nil` otherwise.
  public var catalogError: ChannelError? { causes.first }
}

extension ChannelError {
  /// ``ChannelViewModel/navigateToEntity(entityType:entityId:)`` got a type other than `mediaclip` or
  /// `mediacliplist`.
  ///
  /// - Parameter type: The entity type as given.
  /// - Returns: An error with code `unknownEntityType`.
  public static func unknownEntityType(_ type: String) -> Self {
    Self(
      code: .unknownEntityType,
      description: "unknown entity type \"\(type)\"; expected \"mediaclip\" or \"mediacliplist\"",
      entityType: type)
  }

  /// No `kind` (a clip, clip list or sub-channel) with the id `id` exists: `unknown clip "7"`, code
  /// `code`.
  private static func unknown(_ code: ErrorCode<ChannelError>, _ kind: String, id: String) -> Self {
    Self(code: code, description: "unknown \(kind) \"\(id)\"", id: id)
  }

  /// No clip with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip id as given.
  /// - Returns: An error with code `unknownClip`.
  public static func unknownClip(_ id: String) -> Self {
    unknown(.unknownClip, "clip", id: id)
  }

  /// No clip list with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip list id as given.
  /// - Returns: An error with code `unknownClipList`.
  public static func unknownClipList(_ id: String) -> Self {
    unknown(.unknownClipList, "clip list", id: id)
  }

  /// The channel has no sub-channel with this id.
  ///
  /// - Parameter id: The sub-channel id as given.
  /// - Returns: An error with code `unknownSubChannel`.
  public static func unknownSubChannel(_ id: String) -> Self {
    unknown(.unknownSubChannel, "sub-channel", id: id)
  }

  /// The page is not one of `main`, `detail`, `overview`, `search`.
  ///
  /// - Parameter name: The page name as given.
  /// - Returns: An error with code `unknownPage`.
  public static func unknownPage(_ name: String) -> Self {
    Self(
      code: .unknownPage, description: "unknown page \"\(name)\"; expected main, detail, overview or search",
      pageName: name)
  }

  /// The page needs an identifier that was not given.
  ///
  /// - Parameters:
  ///   - page: The page asked for.
  ///   - parameter: The name of the missing parameter.
  /// - Returns: An error with code `missingParameter`.
  public static func missingParameter(page: ChannelPage, parameter: String) -> Self {
    Self(
      code: .missingParameter, description: "page \(page) needs \(parameter)", page: page,
      parameter: parameter)
  }

  /// A search was asked for with an empty or blank query.
  public static let emptySearchQuery = Self(code: .emptySearchQuery, description: "search query is empty")

  /// The channel has no catalog to check the navigation against.
  public static let notLoaded = Self(code: .notLoaded, description: "the channel has no catalog yet")

  /// The channel's catalog could not be loaded.
  ///
  /// - Parameter error: What went wrong, and where.
  /// - Returns: An error with code `catalog`.
  public static func catalog(_ error: ChannelError) -> Self {
    Self(code: .catalog, description: "channel catalog: \(error)", causes: [error])
  }

  /// The navigator refused the state.
  ///
  /// - Parameter error: The navigator's reason.
  /// - Returns: An error with code `navigation`.
  public static func navigation(_ error: NavigationError) -> Self {
    Self(code: .navigation, description: "navigation: \(error)", navigationError: error)
  }

  /// A link the channel's route table refused to read.
  ///
  /// - Parameter error: The router's reason.
  /// - Returns: An error with code `invalidLink`.
  public static func invalidLink(_ error: LinkError) -> Self {
    Self(code: .invalidLink, description: "invalid link: \(error)", linkError: error)
  }

  /// A well-formed link that no channel route matches.
  ///
  /// - Parameter url: The link as given.
  /// - Returns: An error with code `unroutedLink`.
  public static func unroutedLink(_ url: String) -> Self {
    Self(code: .unroutedLink, description: "no channel route matches \(url)", url: url)
  }

  /// A navigation call arrived while the most calls a channel keeps waiting for it to be ready already
  /// wait; it was not queued and will not run.
  ///
  /// - Parameter limit: The most navigation calls that wait at once.
  /// - Returns: An error with code `queueFull`.
  public static func queueFull(limit: Int) -> Self {
    queueFull(.tooManyPendingCalls(limit: limit))
  }

  /// A navigation call the channel's readiness gate refused.
  ///
  /// - Parameter error: The gate's reason, with its limit.
  /// - Returns: An error with code `queueFull`.
  package static func queueFull(_ error: ReadinessGateError) -> Self {
    Self(code: .queueFull, description: "navigation refused: \(error)", limit: error.limit)
  }
}

extension ErrorCode where Subject == ChannelError {
  /// ``ChannelViewModel/navigateToEntity(entityType:entityId:)`` got a type other than `mediaclip`
  /// or `mediacliplist`; see ``ChannelError/entityType``.
  public static let unknownEntityType = Self("unknown-entity-type")
  /// No clip with this id exists in the channel or its sub-channels, or a catalog's clip list names
  /// a clip the catalog does not have; see ``ChannelError/id`` (and ``ChannelError/path`` in a
  /// catalog).
  public static let unknownClip = Self("unknown-clip")
  /// No clip list with this id exists in the channel or its sub-channels; see ``ChannelError/id``.
  public static let unknownClipList = Self("unknown-clip-list")
  /// The channel has no sub-channel with this id; see ``ChannelError/id``.
  public static let unknownSubChannel = Self("unknown-sub-channel")
  /// The page is not one of `main`, `detail`, `overview`, `search`; see ``ChannelError/pageName``.
  public static let unknownPage = Self("unknown-page")
  /// The page needs an identifier that was not given (a `detail` page without `clipId`, ...); see
  /// ``ChannelError/page`` and ``ChannelError/parameter``.
  public static let missingParameter = Self("missing-parameter")
  /// A search was asked for with an empty or blank query.
  public static let emptySearchQuery = Self("empty-search-query")
  /// The channel has no catalog to check the navigation against.
  public static let notLoaded = Self("not-loaded")
  /// The channel's catalog could not be loaded; see ``ChannelError/catalogError``.
  public static let catalog = Self("catalog")
  /// The navigator refused the state; see ``ChannelError/navigationError``.
  public static let navigation = Self("navigation")
  /// A link the channel's route table refused to read (malformed, unknown scheme or host); see
  /// ``ChannelError/linkError``.
  public static let invalidLink = Self("invalid-link")
  /// A well-formed link that no channel route matches; see ``ChannelError/url``.
  public static let unroutedLink = Self("unrouted-link")
  /// A navigation call arrived while the most calls a channel keeps waiting for it to be ready
  /// already wait; it was not queued and will not run. See ``ChannelError/limit``.
  public static let queueFull = Self("queue-full")
}
