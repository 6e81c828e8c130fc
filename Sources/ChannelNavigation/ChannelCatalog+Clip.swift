import Foundation

extension ChannelCatalog {
  /// One video of a channel.
  ///
  /// JSON: `{"id": "12345", "title": "...", "description": "...", "duration": 754}`; `description`
  /// and `duration` (in seconds) are optional.
  public struct Clip: Sendable, Hashable, Codable, Identifiable {
    /// The clip's id, unique among all clips of the catalog; the `entityId` of a `mediaclip`.
    public var id: String

    /// The clip's title, which search matches.
    public var title: String

    /// A longer text about the clip, which search matches after titles.
    public var description: String?

    /// The clip's length in seconds.
    public var duration: TimeInterval?

    /// Creates a clip.
    ///
    /// - Parameters:
    ///   - id: The clip's id, unique among all clips of the catalog.
    ///   - title: The clip's title.
    ///   - description: A longer text about the clip.
    ///   - duration: The clip's length in seconds.
    public init(id: String, title: String, description: String? = nil, duration: TimeInterval? = nil) {
      self.id = id
      self.title = title
      self.description = description
      self.duration = duration
    }
  }
}
