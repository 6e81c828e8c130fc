/// Keeps a container of screens that the app cannot bind, such as UIKit's `UITabBarController` with one
/// `UINavigationController` per tab, in step with a ``Navigator``, both ways.
///
/// It remembers which destinations each tab's container shows, and the modal presented over them.
/// When the navigator changes, ``update(to:)`` says, per tab, how many shown screens stay (the longest
/// common prefix) and which destinations to push above them, whether the selected tab changed, and
/// whether to present or dismiss a modal; when the user changes the container (a Back swipe, a tab
/// tap, a modal swiped down), ``userPopped(tab:toCount:)``, ``userSelected(_:)`` and
/// ``userDismissed()`` say what to tell the navigator. The UIKit binding (`TabNavigationCoordinator` in `DeepLinkingUIKit`) only
/// turns these answers into view-controller calls.
package struct ContainerSync<Destination, Tab>: Sendable
where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
  /// What a container must do for one tab: keep its first ``kept`` screens above the root, remove the
  /// rest and push ``pushed``, in order.
  package struct StackChange: Sendable, Hashable {
    /// The tab.
    package var tab: Tab
    /// How many screens above the tab's root stay.
    package var kept: Int
    /// The destinations to push above them, oldest first.
    package var pushed: [Destination]
  }

  /// What a container must do about the modal shown over it.
  package enum ModalChange: Sendable, Hashable {
    /// Dismiss the modal shown; present nothing.
    case dismiss
    /// Present this modal, after dismissing the one shown, if any.
    case present(PresentedDestination<Destination>)
  }

  /// The tabs in the container's order.
  package let tabs: [Tab]
  /// What each tab's container shows above its root, oldest first.
  package private(set) var shown: [Tab: [Destination]] = [:]
  /// The tab the container shows.
  package private(set) var shownTab: Tab?
  /// The modal the container presents, if any.
  package private(set) var shownModal: PresentedDestination<Destination>?

  /// Creates a sync for containers that show nothing yet.
  ///
  /// - Parameter tabs: The tabs in the container's order.
  package init(tabs: [Tab]) {
    self.tabs = tabs
  }

  /// The changes that make the containers show `state`, the tab to select (`nil` when it is the
  /// one shown) and the modal change (`nil` when the modal shown is the state's); recorded as shown.
  ///
  /// - Parameter state: The navigator's state.
  /// - Returns: One change per tab whose stack differs, in the container's tab order, the tab to
  ///   select if it changed, and what to do about the modal.
  package mutating func update(to state: NavigationState<Destination, Tab>) -> (
    changes: [StackChange], select: Tab?, modal: ModalChange?
  ) {
    var changes: [StackChange] = []
    for tab in tabs {
      let wanted = state.stacks[tab] ?? []
      let current = shown[tab] ?? []
      guard wanted != current else { continue }
      var kept = 0
      while kept < min(wanted.count, current.count), wanted[kept] == current[kept] { kept += 1 }
      changes.append(StackChange(tab: tab, kept: kept, pushed: Array(wanted[kept...])))
      shown[tab] = wanted
    }
    var select: Tab?
    if shownTab != state.selectedTab, tabs.contains(state.selectedTab) {
      select = state.selectedTab
      shownTab = state.selectedTab
    }
    var modal: ModalChange?
    if shownModal != state.presented {
      modal = state.presented.map { .present($0) } ?? .dismiss
      shownModal = state.presented
    }
    return (changes, select, modal)
  }

  /// Whether the navigator must be told that the user dismissed the modal (a swipe down): `true`
  /// when the sync showed one (then call ``Navigator/dismiss()``), `false` when it knew of none.
  ///
  /// - Returns: Whether a modal the sync knows was dismissed.
  package mutating func userDismissed() -> Bool {
    guard shownModal != nil else { return false }
    shownModal = nil
    return true
  }

  /// What the navigator must be told when the user left screens of a tab (a Back swipe or button, a
  /// long press on Back): the tab's new stack, or `nil` when nothing the sync knows was left.
  ///
  /// - Parameters:
  ///   - tab: The tab whose container changed.
  ///   - count: How many screens above the root the container shows now.
  /// - Returns: The stack to give the navigator (``Navigator/replace(stack:in:)``), or `nil`.
  package mutating func userPopped(tab: Tab, toCount count: Int) -> [Destination]? {
    let current = shown[tab] ?? []
    guard count >= 0, count < current.count else { return nil }
    let stack = Array(current.prefix(count))
    shown[tab] = stack
    return stack
  }

  /// The tab to give the navigator (``Navigator/select(tab:)``) when the user tapped the tab at
  /// `index`, or `nil` when it is the one shown or there is no such tab.
  ///
  /// - Parameter index: The container's index of the tab.
  /// - Returns: The tab, or `nil`.
  package mutating func userSelected(_ index: Int) -> Tab? {
    guard tabs.indices.contains(index), tabs[index] != shownTab else { return nil }
    shownTab = tabs[index]
    return tabs[index]
  }
}
