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

  /// The refusal and the details that belong to it.
  private enum Refusal: Sendable, Hashable {
    case unknownEntityType(String)
    case unknownClip(String)
    case unknownClipList(String)
    case unknownSubChannel(String)
    case unknownPage(String)
    case missingParameter(page: ChannelPage, parameter: String)
    case emptySearchQuery
    case notLoaded
    indirect case catalog(ChannelError)
    case catalogProblem(CatalogProblem)
    case navigation(NavigationError)
    case invalidLink(LinkError)
    case unroutedLink(String)
    case queueFull(ReadinessGateError)
  }

  private let refusal: Refusal

  private init(_ refusal: Refusal) {
    self.refusal = refusal
  }

  /// Creates an error for a problem of a catalog.
  ///
  /// - Parameter catalogProblem: The problem and its details.
  init(catalogProblem: CatalogProblem) {
    self.refusal = .catalogProblem(catalogProblem)
  }

  /// The catalog's problem, for the codes of a catalog; `nil` otherwise.
  var catalogProblem: CatalogProblem? {
    guard case .catalogProblem(let problem) = refusal else { return nil }
    return problem
  }

  /// What kind of refusal it is.
  public var code: ErrorCode<ChannelError> {
    switch refusal {
    case .unknownEntityType: .unknownEntityType
    case .unknownClip: .unknownClip
    case .unknownClipList: .unknownClipList
    case .unknownSubChannel: .unknownSubChannel
    case .unknownPage: .unknownPage
    case .missingParameter: .missingParameter
    case .emptySearchQuery: .emptySearchQuery
    case .notLoaded: .notLoaded
    case .catalog: .catalog
    case .navigation: .navigation
    case .invalidLink: .invalidLink
    case .unroutedLink: .unroutedLink
    case .queueFull: .queueFull
    case .catalogProblem(let problem): problem.code
    }
  }

  /// The entity type as given, for `unknownEntityType`; `nil` otherwise.
  public var entityType: String? {
    guard case .unknownEntityType(let type) = refusal else { return nil }
    return type
  }

  /// The id as given, for `unknownClip`, `unknownClipList` and `unknownSubChannel`; the id involved,
  /// for `duplicateId` (the shared id); `nil` otherwise.
  public var id: String? {
    switch refusal {
    case .unknownClip(let id), .unknownClipList(let id), .unknownSubChannel(let id):
      id
    case .catalogProblem(let problem):
      problem.id
    case .unknownEntityType, .unknownPage, .missingParameter, .emptySearchQuery, .notLoaded, .catalog,
      .navigation, .invalidLink, .unroutedLink, .queueFull:
      nil
    }
  }

  /// The page name as given, for `unknownPage`; `nil` otherwise.
  public var pageName: String? {
    guard case .unknownPage(let name) = refusal else { return nil }
    return name
  }

  /// The page asked for, for `missingParameter`; `nil` otherwise.
  public var page: ChannelPage? {
    guard case .missingParameter(let page, _) = refusal else { return nil }
    return page
  }

  /// The name of the missing parameter, for `missingParameter`; `nil` otherwise.
  public var parameter: String? {
    guard case .missingParameter(_, let parameter) = refusal else { return nil }
    return parameter
  }

  /// What went wrong loading the catalog, and where, for `catalog`; `nil` otherwise.
  public var catalogError: ChannelError? {
    guard case .catalog(let error) = refusal else { return nil }
    return error
  }

  /// The navigator's reason, for `navigation`; `nil` otherwise.
  public var navigationError: NavigationError? {
    guard case .navigation(let error) = refusal else { return nil }
    return error
  }

  /// The router's reason, for `invalidLink`; `nil` otherwise.
  public var linkError: LinkError? {
    guard case .invalidLink(let error) = refusal else { return nil }
    return error
  }

  /// The link as given, for `unroutedLink`; the catalog's location, for `unreadable`, `httpStatus`
  /// and `unsupportedURL`; `nil` otherwise.
  public var url: String? {
    switch refusal {
    case .unroutedLink(let url): url
    case .catalogProblem(let problem): problem.url
    default: nil
    }
  }

  /// The most navigation calls that wait at once, for `queueFull`; `nil` otherwise.
  public var limit: Int? {
    guard case .queueFull(let error) = refusal else { return nil }
    return error.limit
  }

  /// A human-readable explanation that names the offending value.
  public var description: String {
    switch refusal {
    case .unknownEntityType(let type):
      return "unknown entity type \"\(type)\"; expected \"mediaclip\" or \"mediacliplist\""
    case .unknownClip(let id): return "unknown clip \"\(id)\""
    case .unknownClipList(let id): return "unknown clip list \"\(id)\""
    case .unknownSubChannel(let id): return "unknown sub-channel \"\(id)\""
    case .unknownPage(let name):
      return "unknown page \"\(name)\"; expected main, detail, overview or search"
    case .missingParameter(let page, let parameter):
      return "page \(page) needs \(parameter)"
    case .emptySearchQuery: return "search query is empty"
    case .notLoaded: return "the channel has no catalog yet"
    case .catalog(let error): return "channel catalog: \(error)"
    case .navigation(let error): return "navigation: \(error)"
    case .invalidLink(let error): return "invalid link: \(error)"
    case .unroutedLink(let url): return "no channel route matches \(url)"
    case .queueFull(let error): return "navigation refused: \(error)"
    case .catalogProblem(let problem): return problem.description
    }
  }
}

extension ChannelError {
  /// ``ChannelViewModel/navigateToEntity(entityType:entityId:)`` got a type other than `mediaclip` or
  /// `mediacliplist`.
  ///
  /// - Parameter type: The entity type as given.
  /// - Returns: An error with code `unknownEntityType`.
  public static func unknownEntityType(_ type: String) -> Self {
    Self(.unknownEntityType(type))
  }

  /// No clip with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip id as given.
  /// - Returns: An error with code `unknownClip`.
  public static func unknownClip(_ id: String) -> Self {
    Self(.unknownClip(id))
  }

  /// No clip list with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip list id as given.
  /// - Returns: An error with code `unknownClipList`.
  public static func unknownClipList(_ id: String) -> Self {
    Self(.unknownClipList(id))
  }

  /// The channel has no sub-channel with this id.
  ///
  /// - Parameter id: The sub-channel id as given.
  /// - Returns: An error with code `unknownSubChannel`.
  public static func unknownSubChannel(_ id: String) -> Self {
    Self(.unknownSubChannel(id))
  }

  /// The page is not one of `main`, `detail`, `overview`, `search`.
  ///
  /// - Parameter name: The page name as given.
  /// - Returns: An error with code `unknownPage`.
  public static func unknownPage(_ name: String) -> Self {
    Self(.unknownPage(name))
  }

  /// The page needs an identifier that was not given.
  ///
  /// - Parameters:
  ///   - page: The page asked for.
  ///   - parameter: The name of the missing parameter.
  /// - Returns: An error with code `missingParameter`.
  public static func missingParameter(page: ChannelPage, parameter: String) -> Self {
    Self(.missingParameter(page: page, parameter: parameter))
  }

  /// A search was asked for with an empty or blank query.
  public static let emptySearchQuery = Self(.emptySearchQuery)

  /// The channel has no catalog to check the navigation against.
  public static let notLoaded = Self(.notLoaded)

  /// The channel's catalog could not be loaded.
  ///
  /// - Parameter error: What went wrong, and where.
  /// - Returns: An error with code `catalog`.
  public static func catalog(_ error: ChannelError) -> Self {
    Self(.catalog(error))
  }

  /// The navigator refused the state.
  ///
  /// - Parameter error: The navigator's reason.
  /// - Returns: An error with code `navigation`.
  public static func navigation(_ error: NavigationError) -> Self {
    Self(.navigation(error))
  }

  /// A link the channel's route table refused to read.
  ///
  /// - Parameter error: The router's reason.
  /// - Returns: An error with code `invalidLink`.
  public static func invalidLink(_ error: LinkError) -> Self {
    Self(.invalidLink(error))
  }

  /// A well-formed link that no channel route matches.
  ///
  /// - Parameter url: The link as given.
  /// - Returns: An error with code `unroutedLink`.
  public static func unroutedLink(_ url: String) -> Self {
    Self(.unroutedLink(url))
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
    Self(.queueFull(error))
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
