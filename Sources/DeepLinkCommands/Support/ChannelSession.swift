import ChannelNavigation
import DeepLinking
import Foundation
import RouteFiles

/// A channel driven by the tool: the view model, its links, and what it reported.
@MainActor
final class ChannelSession {
  let viewModel: ChannelViewModel
  let links: ChannelLinks
  let catalog: ChannelCatalog
  var errors: [ChannelError] = []

  init(catalog: ChannelCatalog, links: ChannelLinks) {
    self.catalog = catalog
    self.links = links
    self.viewModel = ChannelViewModel()
    viewModel.callbacks = ChannelCallbacks(onError: { [weak self] in self?.errors.append($0) })
  }

  /// Loads the channel file given with `--channel`, or the demo channel.
  static func catalog(at path: String?) throws(ToolFailure) -> ChannelCatalog {
    do throws(ChannelError) {
      if let path { return try ChannelCatalog(contentsOf: URL(fileURLWithPath: path)) }
      return try ChannelCatalog.demo
    } catch {
      throw ToolFailure(description: "\(path ?? "demo channel"): \(error)")
    }
  }

  /// The session of the channel file given with `--channel` (the demo channel without it) and the
  /// channel's links.
  static func open(_ arguments: Arguments) throws -> ChannelSession {
    ChannelSession(catalog: try catalog(at: arguments.value("channel")), links: try ChannelLinks())
  }

  /// Runs one action and returns the errors it caused.
  func run(_ action: () -> Void) -> [ChannelError] {
    let before = errors.count
    action()
    return Array(errors[before...])
  }

  /// The stack from the channel's main page to the current state.
  var screens: [ChannelNavigationState] { [.main] + viewModel.path }

  /// A state in words, with the titles of what it shows.
  func caption(_ state: ChannelNavigationState) -> String {
    var parts: [String] = [state.page.rawValue]
    if let subChannelId = state.subChannelId {
      parts.append(
        "sub-channel \(subChannelId)" + (catalog.subChannel(id: subChannelId).map { " “\($0.title)”" } ?? ""))
    }
    if let clipId = state.clipId {
      parts.append("clip \(clipId)" + (catalog.clip(id: clipId).map { " “\($0.title)”" } ?? ""))
    }
    if let clipListId = state.clipListId {
      parts.append(
        "clip list \(clipListId)" + (catalog.clipList(id: clipListId).map { " “\($0.title)”" } ?? ""))
    }
    if let query = state.query {
      let count = catalog.search(query, subChannelId: state.subChannelId).count
      parts.append("“\(query)”, \(count) result\(count == 1 ? "" : "s")")
    }
    if state == .main { parts.append("“\(catalog.title)”") }
    return parts.joined(separator: " · ")
  }

  /// The state as the JSON object of `deeplink channel`.
  func stateJSON(extra: [(String, JSONValue)] = []) -> JSONValue {
    let state = viewModel.state
    return .object(
      [
        ("page", .string(state.page.rawValue)),
        ("clipId", .optional(state.clipId)),
        ("clipListId", .optional(state.clipListId)),
        ("query", .optional(state.query)),
        ("subChannelId", .optional(state.subChannelId)),
        ("depth", .int(screens.count)),
        ("pending", .int(viewModel.pendingCount)),
      ] + extra)
  }
}
