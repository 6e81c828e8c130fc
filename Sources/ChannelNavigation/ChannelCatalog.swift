/// The contents of a channel: its clips, clip lists and sub-channels, validated.
///
/// A view model checks every navigation against the catalog, so a link to a clip that does not exist
/// is an error instead of a blank page. A catalog is an immutable, `Sendable` value.
///
/// ## JSON format
///
/// ```json
/// {
///   "id": "demo",
///   "title": "Demo Channel",
///   "clips": [
///     { "id": "12345", "title": "Season Opener", "description": "…", "duration": 754 }
///   ],
///   "clipLists": [
///     { "id": "678", "title": "Best of the Season", "clipIds": ["12345"] }
///   ],
///   "subChannels": [
///     {
///       "id": "sports", "title": "Sports", "description": "…",
///       "clips": [ … ], "clipLists": [ … ]
///     }
///   ]
/// }
/// ```
///
/// - `id` and `title` are required everywhere; `description` (text) and `duration` (seconds, not
///   negative) are optional; `clips`, `clipLists` and `subChannels` may be left out when empty.
/// - Clip ids are unique across the channel *and* its sub-channels, and so are clip list ids: an id
///   names one entity, wherever it is defined. Sub-channel ids are unique among sub-channels.
/// - A clip list's `clipIds` may name any clip of the catalog.
/// - Ids are not empty and not only whitespace.
///
/// Anything else is a ``ChannelError`` naming the problem and its path, such as
/// `clipLists[2].clipIds[1]: unknown clip "999"`. Unknown keys are ignored, so the format can grow.
///
/// Load a catalog with ``init(data:)``, ``init(contentsOf:)`` or ``load(from:session:)``, or use the
/// bundled ``demo``.
public struct ChannelCatalog: Sendable, Hashable {
  /// The channel's id.
  public let id: String

  /// The channel's title.
  public let title: String

  /// The clips of the channel itself (not of its sub-channels).
  public let clips: [Clip]

  /// The clip lists of the channel itself (not of its sub-channels).
  public let clipLists: [ClipList]

  /// The channel's sub-channels.
  public let subChannels: [SubChannel]

  private let clipsByID: [String: Located<Clip>]
  private let clipListsByID: [String: Located<ClipList>]
  private let subChannelsByID: [String: SubChannel]

  /// An entity and the sub-channel that defines it (`nil` for the channel itself).
  private struct Located<Entity: Sendable & Hashable>: Sendable, Hashable {
    var entity: Entity
    var subChannelId: String?
  }

  /// Creates and validates a catalog.
  ///
  /// - Parameters:
  ///   - id: The channel's id.
  ///   - title: The channel's title.
  ///   - clips: The clips of the channel itself.
  ///   - clipLists: The clip lists of the channel itself.
  ///   - subChannels: The channel's sub-channels, each with its own clips and clip lists.
  /// - Throws: ``ChannelError`` for the first problem found: an empty or duplicate id, a clip
  ///   list naming an unknown clip, or a negative duration.
  public init(
    id: String,
    title: String,
    clips: [Clip] = [],
    clipLists: [ClipList] = [],
    subChannels: [SubChannel] = []
  ) throws(ChannelError) {
    self.id = id
    self.title = title
    self.clips = clips
    self.clipLists = clipLists
    self.subChannels = subChannels

    var clipsByID: [String: Located<Clip>] = [:]
    var clipListsByID: [String: Located<ClipList>] = [:]
    var subChannelsByID: [String: SubChannel] = [:]
    var firstPaths: [String: String] = [:]

    func claim(_ id: String, kind: String, at path: String) throws(ChannelError) {
      guard !id.allSatisfy(\.isWhitespace) else { throw .emptyId(path: path) }
      if let first = firstPaths["\(kind)\u{0}\(id)"] {
        throw .duplicateId(path: path, kind: kind, id: id, firstPath: first)
      }
      firstPaths["\(kind)\u{0}\(id)"] = path
    }

    // Sections: the channel itself, then each sub-channel.
    let sections: [(prefix: String, subChannelId: String?, clips: [Clip], clipLists: [ClipList])] =
      [("", nil, clips, clipLists)]
      + subChannels.enumerated().map {
        ("subChannels[\($0.offset)].", $0.element.id, $0.element.clips, $0.element.clipLists)
      }

    for (index, subChannel) in subChannels.enumerated() {
      try claim(subChannel.id, kind: "sub-channel", at: "subChannels[\(index)].id")
      subChannelsByID[subChannel.id] = subChannel
    }
    for section in sections {
      for (index, clip) in section.clips.enumerated() {
        let path = "\(section.prefix)clips[\(index)]"
        try claim(clip.id, kind: "clip", at: "\(path).id")
        if let duration = clip.duration, !(duration >= 0) {
          throw .invalidValue(path: "\(path).duration", reason: "duration must not be negative")
        }
        clipsByID[clip.id] = Located(entity: clip, subChannelId: section.subChannelId)
      }
    }
    for section in sections {
      for (index, list) in section.clipLists.enumerated() {
        try claim(list.id, kind: "clip list", at: "\(section.prefix)clipLists[\(index)].id")
        clipListsByID[list.id] = Located(entity: list, subChannelId: section.subChannelId)
      }
    }
    for section in sections {
      for (listIndex, list) in section.clipLists.enumerated() {
        for (index, clipId) in list.clipIds.enumerated() where clipsByID[clipId] == nil {
          throw .unknownClip(path: "\(section.prefix)clipLists[\(listIndex)].clipIds[\(index)]", id: clipId)
        }
      }
    }

    self.clipsByID = clipsByID
    self.clipListsByID = clipListsByID
    self.subChannelsByID = subChannelsByID
  }

  // MARK: Lookups

  /// Finds a clip anywhere in the catalog.
  ///
  /// - Parameter id: The clip's id.
  /// - Returns: The clip, or `nil` when no clip has this id.
  public func clip(id: String) -> Clip? {
    clipsByID[id]?.entity
  }

  /// Finds a clip list anywhere in the catalog.
  ///
  /// - Parameter id: The clip list's id.
  /// - Returns: The clip list, or `nil` when no clip list has this id.
  public func clipList(id: String) -> ClipList? {
    clipListsByID[id]?.entity
  }

  /// Finds a sub-channel.
  ///
  /// - Parameter id: The sub-channel's id.
  /// - Returns: The sub-channel, or `nil` when there is none with this id.
  public func subChannel(id: String) -> SubChannel? {
    subChannelsByID[id]
  }

  /// The sub-channel that defines a clip.
  ///
  /// - Parameter clipId: The clip's id.
  /// - Returns: The sub-channel's id, or `nil` when the clip belongs to the channel itself or does
  ///   not exist.
  public func subChannelId(ofClip clipId: String) -> String? {
    clipsByID[clipId]?.subChannelId
  }

  /// The sub-channel that defines a clip list.
  ///
  /// - Parameter clipListId: The clip list's id.
  /// - Returns: The sub-channel's id, or `nil` when the list belongs to the channel itself or does
  ///   not exist.
  public func subChannelId(ofClipList clipListId: String) -> String? {
    clipListsByID[clipListId]?.subChannelId
  }

  /// The clips of a clip list, in the list's order.
  ///
  /// - Parameter clipListId: The clip list's id.
  /// - Returns: The clips, or an empty array when there is no such list.
  public func clips(inList clipListId: String) -> [Clip] {
    clipList(id: clipListId)?.clipIds.compactMap { clip(id: $0) } ?? []
  }

  /// Every clip of the catalog: the channel's own first, then each sub-channel's, in order.
  public var allClips: [Clip] {
    clips + subChannels.flatMap(\.clips)
  }
}

extension ChannelCatalog: Codable {
  private enum CodingKeys: String, CodingKey {
    case id
    case title
    case clips
    case clipLists
    case subChannels
  }

  /// Decodes and validates a catalog in the format described on the type.
  ///
  /// Prefer ``init(data:)``, which reports problems as ``ChannelError``; this initializer
  /// serves other decoders and reports validation problems as `DecodingError.dataCorrupted` whose
  /// description is the ``ChannelError``'s.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a field is missing, has the wrong type, or the catalog is invalid.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    do {
      try self.init(
        id: try container.decode(String.self, forKey: .id),
        title: try container.decode(String.self, forKey: .title),
        clips: try container.decodeIfPresent([Clip].self, forKey: .clips) ?? [],
        clipLists: try container.decodeIfPresent([ClipList].self, forKey: .clipLists) ?? [],
        subChannels: try container.decodeIfPresent([SubChannel].self, forKey: .subChannels) ?? []
      )
    } catch let error as ChannelError {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
      )
    }
  }

  /// Encodes the catalog in the format described on the type.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Any error the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(clips, forKey: .clips)
    try container.encode(clipLists, forKey: .clipLists)
    try container.encode(subChannels, forKey: .subChannels)
  }
}
