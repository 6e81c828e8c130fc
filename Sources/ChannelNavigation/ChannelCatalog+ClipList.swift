extension ChannelCatalog {
  /// An ordered list of clips (a playlist), shown on an `overview` page.
  ///
  /// JSON: `{"id": "678", "title": "...", "clipIds": ["12345", ...]}`. The ids may name clips from
  /// anywhere in the catalog, including sub-channels.
  public struct ClipList: Sendable, Hashable, Codable, Identifiable {
    /// The list's id, unique among all clip lists of the catalog; the `entityId` of a
    /// `mediacliplist`.
    public var id: String

    /// The list's title.
    public var title: String

    /// The ids of the clips in the list, in order.
    public var clipIds: [String]

    /// Creates a clip list.
    ///
    /// - Parameters:
    ///   - id: The list's id, unique among all clip lists of the catalog.
    ///   - title: The list's title.
    ///   - clipIds: The ids of the clips in the list, in order.
    public init(id: String, title: String, clipIds: [String]) {
      self.id = id
      self.title = title
      self.clipIds = clipIds
    }
  }
}
