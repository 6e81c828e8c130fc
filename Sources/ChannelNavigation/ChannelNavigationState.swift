/// Where a channel is: a page and the identifiers that page needs.
///
/// Every place in a channel is one of these values: the channel's main page, a clip's detail page, a
/// clip list's overview, search results, or any of them inside a sub-channel.
///
/// | page | uses |
/// |---|---|
/// | `main` | `subChannelId` (nil for the channel's own main page) |
/// | `detail` | `clipId`, optionally `subChannelId` |
/// | `overview` | `clipListId`, optionally `subChannelId` |
/// | `search` | `query`, optionally `subChannelId` |
///
/// ```swift
/// ChannelNavigationState(page: "detail", clipId: "12345")
/// ChannelNavigationState(page: "overview", clipListId: "678")
/// ChannelNavigationState(page: "search", query: "highlights")
/// ```
///
/// The state is `Codable` (keys `page`, `clipId`, `clipListId`, `query`, `subChannelId`) so it can be
/// saved and restored, and `Hashable` so the navigator can tell whether a place is already shown.
public struct ChannelNavigationState: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The page shown.
  public let page: ChannelPage

  /// The clip of a `detail` page.
  public let clipId: String?

  /// The clip list of an `overview` page.
  public let clipListId: String?

  /// The query of a `search` page.
  public let query: String?

  /// The sub-channel the page belongs to, or `nil` for the channel itself.
  public let subChannelId: String?

  /// Creates a navigation state.
  ///
  /// - Parameters:
  ///   - page: The page to show.
  ///   - clipId: The clip of a `detail` page.
  ///   - clipListId: The clip list of an `overview` page.
  ///   - query: The query of a `search` page.
  ///   - subChannelId: The sub-channel the page belongs to; `nil` for the channel itself.
  public init(
    page: ChannelPage,
    clipId: String? = nil,
    clipListId: String? = nil,
    query: String? = nil,
    subChannelId: String? = nil
  ) {
    self.page = page
    self.clipId = clipId
    self.clipListId = clipListId
    self.query = query
    self.subChannelId = subChannelId
  }

  /// The channel's main page, where a channel opens when nothing else is asked for.
  public static let main = ChannelNavigationState(page: .main)

  /// The place Back leads to from this one.
  ///
  /// A sub-channel's main page, and every page outside a sub-channel, sit on the channel's main page;
  /// a page inside a sub-channel sits on that sub-channel's main page. The channel's main page is the
  /// root and has no parent.
  public var parent: ChannelNavigationState? {
    if page == .main {
      return subChannelId == nil ? nil : .main
    }
    guard let subChannelId else { return .main }
    return ChannelNavigationState(page: .main, subChannelId: subChannelId)
  }

  /// A short form naming the page and the identifiers that are set, such as
  /// `detail(clipId: 12345)`.
  public var description: String {
    let parts = [
      clipId.map { "clipId: \($0)" },
      clipListId.map { "clipListId: \($0)" },
      query.map { "query: \($0)" },
      subChannelId.map { "subChannelId: \($0)" },
    ]
    .compactMap { $0 }
    return parts.isEmpty ? page.rawValue : "\(page.rawValue)(\(parts.joined(separator: ", ")))"
  }
}
