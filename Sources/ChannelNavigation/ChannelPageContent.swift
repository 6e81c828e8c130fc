/// What one page of a channel shows: its title, an optional text, and the rows a user can pick.
///
/// The content is computed from a place and a catalog alone, so every screen that shows a channel
/// lists the same things:
///
/// | page | title | text | rows |
/// |---|---|---|---|
/// | `main` | the channel's title | | its clip lists, its sub-channels, its own clips |
/// | `main` in a sub-channel | the sub-channel's title | its description | its clip lists, its clips |
/// | `detail` | the clip's title | its description | none |
/// | `overview` | the clip list's title | | its clips, in the list's order |
/// | `search` | the query | | the results, best first (only the sub-channel's clips inside one) |
///
/// Before a catalog has loaded the content is ``Status/loading``; a place the catalog does not have
/// (a clip taken down since, an unknown page) is ``Status/missing``. Both have the page's name as
/// title and no rows.
///
/// ```swift
/// let content = viewModel.content(for: viewModel.state)
/// content.title                        // "Sports", on the sub-channel's main page
/// content.rows.map(\.title)            // ["Sports Highlights", "Cup Final Highlights", ...]
/// viewModel.select(content.rows[0])    // opens the clip list's overview
/// ```
package struct ChannelPageContent: Sendable, Hashable {
  /// Whether the page has something to show.
  package enum Status: Sendable, Hashable {
    /// No catalog has loaded yet.
    case loading
    /// The catalog has the place; the content shows it.
    case ready
    /// The catalog does not have the place, or the page is unknown.
    case missing
  }

  /// The page's title.
  package let title: String

  /// A longer text shown above the rows: a clip's or a sub-channel's description.
  package let text: String?

  /// The things the page lists, in the order shown.
  package let rows: [ChannelPageRow]

  /// Whether the page has something to show.
  package let status: Status

  /// Computes what a place shows.
  ///
  /// - Parameters:
  ///   - state: The place, as the view model holds it.
  ///   - catalog: The channel's contents, or `nil` before the first load.
  package init(state: ChannelNavigationState, catalog: ChannelCatalog?) {
    let placeholder = state.page.rawValue.prefix(1).uppercased() + state.page.rawValue.dropFirst()
    guard let catalog else {
      self.init(title: placeholder, text: nil, rows: [], status: .loading)
      return
    }
    let subChannel = state.subChannelId.flatMap { catalog.subChannel(id: $0) }
    if state.subChannelId != nil, subChannel == nil {
      self.init(title: placeholder, text: nil, rows: [], status: .missing)
      return
    }
    switch state.page {
    case .main:
      if let subChannel {
        self.init(
          title: subChannel.title,
          text: subChannel.description,
          rows: ChannelPageRow.rows(
            subChannel.clipLists.map(ChannelPageRow.Item.clipList)
              + subChannel.clips.map(ChannelPageRow.Item.clip)),
          status: .ready)
      } else {
        self.init(
          title: catalog.title,
          text: nil,
          rows: ChannelPageRow.rows(
            catalog.clipLists.map(ChannelPageRow.Item.clipList)
              + catalog.subChannels.map(ChannelPageRow.Item.subChannel)
              + catalog.clips.map(ChannelPageRow.Item.clip)),
          status: .ready)
      }
    case .detail:
      guard let clip = state.clipId.flatMap({ catalog.clip(id: $0) }) else {
        self.init(title: placeholder, text: nil, rows: [], status: .missing)
        return
      }
      self.init(title: clip.title, text: clip.description, rows: [], status: .ready)
    case .overview:
      guard let clipList = state.clipListId.flatMap({ catalog.clipList(id: $0) }) else {
        self.init(title: placeholder, text: nil, rows: [], status: .missing)
        return
      }
      self.init(
        title: clipList.title,
        text: nil,
        rows: ChannelPageRow.rows(catalog.clips(inList: clipList.id).map(ChannelPageRow.Item.clip)),
        status: .ready)
    case .search:
      guard let query = state.query else {
        self.init(title: placeholder, text: nil, rows: [], status: .missing)
        return
      }
      self.init(
        title: query,
        text: nil,
        rows: ChannelPageRow.rows(
          catalog.search(query, subChannelId: state.subChannelId).map(ChannelPageRow.Item.clip)),
        status: .ready)
    default:
      self.init(title: state.page.rawValue, text: nil, rows: [], status: .missing)
    }
  }

  private init(title: String, text: String?, rows: [ChannelPageRow], status: Status) {
    self.title = title
    self.text = text
    self.rows = rows
    self.status = status
  }
}

/// One thing a channel page lists: a clip list, a sub-channel or a clip.
///
/// Pass a row to ``ChannelViewModel/select(_:)`` to open it.
package struct ChannelPageRow: Sendable, Hashable, Identifiable {
  /// The entity a row stands for.
  package enum Item: Sendable, Hashable {
    /// A clip list; selecting it opens its `overview` page.
    case clipList(ChannelCatalog.ClipList)
    /// A sub-channel; selecting it opens its `main` page.
    case subChannel(ChannelCatalog.SubChannel)
    /// A clip; selecting it opens its `detail` page.
    case clip(ChannelCatalog.Clip)
  }

  /// The entity the row stands for.
  package let item: Item

  /// Unique among the rows of one page, even when a clip list names a clip twice: the entity's kind
  /// and id, such as `clip/12345`, followed by `#2` for a second occurrence.
  package let id: String

  /// The entity's title.
  package var title: String {
    switch item {
    case .clipList(let clipList): clipList.title
    case .subChannel(let subChannel): subChannel.title
    case .clip(let clip): clip.title
    }
  }

  /// Numbers the rows of one page so that every id is unique.
  static func rows(_ items: [Item]) -> [ChannelPageRow] {
    var occurrences: [String: Int] = [:]
    return items.map { item in
      let key: String
      switch item {
      case .clipList(let clipList): key = "clipList/\(clipList.id)"
      case .subChannel(let subChannel): key = "subChannel/\(subChannel.id)"
      case .clip(let clip): key = "clip/\(clip.id)"
      }
      let count = (occurrences[key] ?? 0) + 1
      occurrences[key] = count
      return ChannelPageRow(item: item, id: count == 1 ? key : "\(key)#\(count)")
    }
  }
}
