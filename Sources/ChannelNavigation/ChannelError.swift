import DeepLinking

/// Why a channel refused to navigate or to load.
///
/// Every refusal leaves the navigation state as it was and is reported through
/// ``ChannelCallbacks/onError`` and ``ChannelViewModel/lastError``.
public enum ChannelError: Error, Sendable, Hashable, CustomStringConvertible {
  /// ``ChannelViewModel/navigateToEntity(entityType:entityId:)`` got a type other than `mediaclip` or
  /// `mediacliplist`.
  ///
  /// - Parameter type: The entity type as given.
  case unknownEntityType(String)

  /// No clip with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip id as given.
  case unknownClip(String)

  /// No clip list with this id exists in the channel or its sub-channels.
  ///
  /// - Parameter id: The clip list id as given.
  case unknownClipList(String)

  /// The channel has no sub-channel with this id.
  ///
  /// - Parameter id: The sub-channel id as given.
  case unknownSubChannel(String)

  /// The page is not one of `main`, `detail`, `overview`, `search`.
  ///
  /// - Parameter name: The page name as given.
  case unknownPage(String)

  /// The page needs an identifier that was not given (a `detail` page without `clipId`, ...).
  ///
  /// - Parameters:
  ///   - page: The page asked for.
  ///   - parameter: The name of the missing parameter.
  case missingParameter(page: ChannelPage, parameter: String)

  /// A search was asked for with an empty or blank query.
  case emptySearchQuery

  /// The channel has no catalog to check the navigation against.
  case notLoaded

  /// The channel's catalog could not be loaded.
  ///
  /// - Parameter error: What went wrong, and where.
  case catalog(ChannelCatalogError)

  /// The navigator refused the state.
  ///
  /// - Parameter error: The navigator's reason.
  case navigation(NavigationError)

  /// A link the channel's route table refused to read (malformed, unknown scheme or host).
  ///
  /// - Parameter error: The router's reason.
  case invalidLink(LinkError)

  /// A well-formed link that no channel route matches.
  ///
  /// - Parameter url: The link as given.
  case unroutedLink(String)

  /// A navigation call arrived while the most calls a channel keeps waiting for it to be ready
  /// already wait; it was not queued and will not run.
  ///
  /// - Parameter error: The readiness gate's reason, with its limit.
  case queueFull(ReadinessGateError)

  /// A human-readable explanation that names the offending value.
  public var description: String {
    switch self {
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
    }
  }
}
