import Foundation

/// A snapshot of a ``Navigator``: the selected tab, the stack of every tab and the modal shown over
/// them.
///
/// The state is `Codable` so an app can save it when it goes to the background and bring the user
/// back to the same screen on the next launch with ``Navigator/restore(from:)``. Stacks are encoded as
/// a list of `{"tab": ..., "stack": [...]}` entries, so any `Codable` tab type works (not only
/// strings), and tabs with an empty stack are left out; the modal, when there is one, is written
/// under `presented`. A state saved by an earlier version, without `presented`, reads as no modal.
///
/// Before restoring a state saved at an earlier launch, check that what it shows still exists with
/// ``Navigator/restore(from:checking:)``, and see "Restoring the navigation" in the article
/// <doc:NavigationAndBackStacks> for the order against a link that launched the app.
///
/// ```swift
/// let data = try JSONEncoder().encode(navigator.state)
/// // next launch
/// navigator.restore(from: try JSONDecoder().decode(NavigationState<Screen, AppTab>.self, from: data))
/// ```
public struct NavigationState<Destination, Tab>: Sendable, Hashable
where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
  /// The tab the user sees.
  public var selectedTab: Tab

  /// The destinations above each tab's root, oldest first; a missing tab has an empty stack.
  public var stacks: [Tab: [Destination]]

  /// The destination shown modally over the selected tab, or `nil`.
  public var presented: PresentedDestination<Destination>?

  /// Creates a state.
  ///
  /// - Parameters:
  ///   - selectedTab: The tab the user sees.
  ///   - stacks: The stack of each tab; empty stacks may be omitted.
  ///   - presented: The destination shown modally, if any.
  public init(
    selectedTab: Tab, stacks: [Tab: [Destination]] = [:], presented: PresentedDestination<Destination>? = nil
  ) {
    self.selectedTab = selectedTab
    self.stacks = stacks.filter { !$0.value.isEmpty }
    self.presented = presented
  }

  /// The stack of a tab, empty when the tab shows its root.
  ///
  /// - Parameter tab: The tab whose stack is wanted.
  /// - Returns: The destinations above the tab's root, oldest first.
  public func stack(for tab: Tab) -> [Destination] {
    stacks[tab] ?? []
  }
}

extension NavigationState: Codable {
  private enum CodingKeys: String, CodingKey {
    case selectedTab
    case stacks
    case presented
  }

  private struct Entry: Codable {
    var tab: Tab
    var stack: [Destination]
  }

  /// Decodes a state written by ``encode(to:)``.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when a field is missing or malformed, or when a tab appears twice.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let selectedTab = try container.decode(Tab.self, forKey: .selectedTab)
    let entries = try container.decodeIfPresent([Entry].self, forKey: .stacks) ?? []
    var stacks: [Tab: [Destination]] = [:]
    for entry in entries {
      guard stacks.updateValue(entry.stack, forKey: entry.tab) == nil else {
        throw DecodingError.dataCorruptedError(
          forKey: .stacks,
          in: container,
          debugDescription: "tab \(entry.tab) appears more than once"
        )
      }
    }
    let presented = try container.decodeIfPresent(PresentedDestination<Destination>.self, forKey: .presented)
    self.init(selectedTab: selectedTab, stacks: stacks, presented: presented)
  }

  /// Encodes the selected tab, the non-empty stacks and the modal, if any.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Any error the encoder or the destination and tab types throw.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(selectedTab, forKey: .selectedTab)
    let entries = stacks.filter { !$0.value.isEmpty }.map { Entry(tab: $0.key, stack: $0.value) }
    try container.encode(entries, forKey: .stacks)
    try container.encodeIfPresent(presented, forKey: .presented)
  }
}

extension NavigationState {
  /// The state as JSON, for a `SceneStorage` value, a scene's restoration activity or a file.
  ///
  /// - Returns: The encoded state; read it back with ``init(encoded:)``.
  /// - Throws: `EncodingError` when a destination or tab cannot be encoded.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// Reads a state written by ``encoded()``.
  ///
  /// - Parameter data: The encoded state.
  /// - Throws: `DecodingError` when the data is not a state of these destination and tab types (an
  ///   older app version's cases, a corrupted file): start from the initial state then.
  public init(encoded data: Data) throws {
    self = try JSONDecoder().decode(Self.self, from: data)
  }
}
