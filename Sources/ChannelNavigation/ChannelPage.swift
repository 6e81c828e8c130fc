/// A page of a channel: `main`, `detail`, `overview` or `search`.
///
/// Pages read from the same strings the channel's links and saved states use, so code written
/// against string pages keeps working:
///
/// ```swift
/// let state = ChannelNavigationState(page: "detail", clipId: "12345")
/// state.page == .detail  // true
/// ```
///
/// A string literal is taken as written: a literal that names no page (a typo such as `"detial"`) is
/// rejected with ``ChannelError/unknownPage(_:)`` when the view model is asked to navigate to it,
/// never with a crash. Strings from outside the program go through ``init(rawValue:)``, which returns
/// `nil` for anything but the four pages; decoding rejects unknown pages the same way.
public struct ChannelPage: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The page's name as it appears in links and saved states.
  public let rawValue: String

  /// The channel's home page, or a sub-channel's home page when a sub-channel is set.
  public static let main = ChannelPage(unchecked: "main")

  /// The page of one clip.
  public static let detail = ChannelPage(unchecked: "detail")

  /// The page of one clip list (playlist).
  public static let overview = ChannelPage(unchecked: "overview")

  /// The search results for a query.
  public static let search = ChannelPage(unchecked: "search")

  /// Every page a channel has, in the order above.
  public static let allPages: [ChannelPage] = [.main, .detail, .overview, .search]

  /// Reads a page from its name, or fails for any string that names no page.
  ///
  /// Names are exact: `"Main"` or `" main"` are not pages.
  ///
  /// - Parameter rawValue: `"main"`, `"detail"`, `"overview"` or `"search"`.
  public init?(rawValue: String) {
    guard Self.allPages.contains(where: { $0.rawValue == rawValue }) else { return nil }
    self.rawValue = rawValue
  }

  /// Creates a page from a literal in source code, as the channel's samples write it.
  ///
  /// The literal is kept as written; see the type's discussion for what happens to a typo.
  ///
  /// - Parameter value: The page's name.
  public init(stringLiteral value: String) {
    self.rawValue = value
  }

  private init(unchecked rawValue: String) {
    self.rawValue = rawValue
  }

  /// Whether the page is one of ``allPages``.
  public var isKnown: Bool { Self.allPages.contains(self) }

  /// The page's name.
  public var description: String { rawValue }
}

extension ChannelPage: Codable {
  /// Decodes a page from its name.
  ///
  /// - Parameter decoder: The decoder to read a single string from.
  /// - Throws: `DecodingError.dataCorrupted` when the string names no page.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let page = ChannelPage(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "unknown page \"\(name)\"; expected main, detail, overview or search"
      )
    }
    self = page
  }

  /// Encodes the page's name as a single string.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Any error the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
