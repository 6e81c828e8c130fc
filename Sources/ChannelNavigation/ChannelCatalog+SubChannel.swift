extension ChannelCatalog {
  /// A channel inside the channel, with its own main page and its own clips and clip lists.
  ///
  /// JSON: `{"id": "sports", "title": "Sports", "description": "...", "clips": [...],
  /// "clipLists": [...]}`; everything but `id` and `title` is optional. Its clips and clip lists share
  /// the catalog's id spaces: a clip id is unique across the channel and all its sub-channels.
  public struct SubChannel: Sendable, Hashable, Codable, Identifiable {
    /// The sub-channel's id, unique among sub-channels; the `subChannelId` of a navigation state.
    public var id: String

    /// The sub-channel's title.
    public var title: String

    /// A longer text about the sub-channel.
    public var description: String?

    /// The clips that belong to this sub-channel.
    public var clips: [Clip]

    /// The clip lists that belong to this sub-channel.
    public var clipLists: [ClipList]

    /// Creates a sub-channel.
    ///
    /// - Parameters:
    ///   - id: The sub-channel's id, unique among sub-channels.
    ///   - title: The sub-channel's title.
    ///   - description: A longer text about the sub-channel.
    ///   - clips: The clips that belong to it.
    ///   - clipLists: The clip lists that belong to it.
    public init(
      id: String,
      title: String,
      description: String? = nil,
      clips: [Clip] = [],
      clipLists: [ClipList] = []
    ) {
      self.id = id
      self.title = title
      self.description = description
      self.clips = clips
      self.clipLists = clipLists
    }

    private enum CodingKeys: String, CodingKey {
      case id
      case title
      case description
      case clips
      case clipLists
    }

    /// Decodes a sub-channel; missing `clips` and `clipLists` are empty.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when `id` or `title` is missing or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        id: try container.decode(String.self, forKey: .id),
        title: try container.decode(String.self, forKey: .title),
        description: try container.decodeIfPresent(String.self, forKey: .description),
        clips: try container.decodeIfPresent([Clip].self, forKey: .clips) ?? [],
        clipLists: try container.decodeIfPresent([ClipList].self, forKey: .clipLists) ?? []
      )
    }
  }
}
