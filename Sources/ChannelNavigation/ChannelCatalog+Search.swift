import Foundation

extension ChannelCatalog {
  /// Finds clips whose title (or, failing that, description) matches a query.
  ///
  /// Matching ignores case and diacritics (`"Cafe"` finds `"Café"`). Every word of the query must
  /// match for a clip to be found. Results are ranked:
  /// 1. the title equals the query;
  /// 2. the title starts with the query;
  /// 3. every query word starts a word of the title;
  /// 4. every query word occurs inside the title;
  /// 5. every query word occurs in the description.
  ///
  /// Within a rank, clips keep the catalog's order (see ``allClips``).
  ///
  /// - Parameters:
  ///   - query: The words to look for; a blank query finds nothing.
  ///   - subChannelId: Restricts the search to one sub-channel's clips; `nil` searches every clip.
  /// - Returns: The matching clips, best first.
  public func search(_ query: String, subChannelId: String? = nil) -> [Clip] {
    let needle = Self.normalized(query)
    let queryWords = Self.words(of: needle)
    guard !queryWords.isEmpty else { return [] }
    let pool = subChannelId.map { subChannel(id: $0)?.clips ?? [] } ?? allClips

    let ranked = pool.enumerated().compactMap { index, clip -> (rank: Int, index: Int, clip: Clip)? in
      let title = Self.normalized(clip.title)
      let titleWords = Self.words(of: title)
      let rank: Int
      if title == needle {
        rank = 0
      } else if title.hasPrefix(needle) {
        rank = 1
      } else if queryWords.allSatisfy({ word in titleWords.contains { $0.hasPrefix(word) } }) {
        rank = 2
      } else if queryWords.allSatisfy({ title.contains($0) }) {
        rank = 3
      } else if let description = clip.description.map(Self.normalized),
        queryWords.allSatisfy({ description.contains($0) })
      {
        rank = 4
      } else {
        return nil
      }
      return (rank, index, clip)
    }
    return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.clip)
  }

  private static func normalized(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func words(of text: String) -> [String] {
    text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }
}
