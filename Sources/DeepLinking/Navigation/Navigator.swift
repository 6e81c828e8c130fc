import Observation

/// The app's navigation state: tabs, one stack per tab, and the verbs that change them.
///
/// A navigator is observable UI state. SwiftUI binds a `TabView` to ``selectedTab`` and each tab's
/// `NavigationStack(path:)` to ``stack(for:)`` / ``replace(stack:in:)``; the deep-link pipeline calls
/// ``open(_:)`` with the destination a link resolved to.
///
/// ```swift
/// let navigator = Navigator(rules: rules, initialTab: AppTab.home)
/// try navigator.open(.product(id: "42"))  // cold start: [category, product] on the shop tab
/// navigator.goBack()                      // back to the category, not out of the app
/// ```
///
/// ## Opening a destination
/// ``open(_:)`` asks the ``NavigationRules`` for a plan (the destination's tab and its
/// parent chain) and then:
/// - selects the plan's tab;
/// - if the tab's stack already ends with the destination, changes nothing else (the same link twice
///   does not stack duplicates);
/// - otherwise keeps the longest common prefix of the tab's current stack and the plan (the
///   destination's ancestors the user already sees), removes what is above it and pushes the rest.
///   The resulting stack is therefore the planned one; the returned ``NavigationOutcome`` says
///   whether anything of the previous stack was kept.
///
/// On a cold start every stack is empty, so the whole parent chain is synthesized.
///
/// Every change of ``selectedTab`` or a stack calls ``onChange`` once with the new ``state``.
@MainActor
@Observable
public final class Navigator<Destination, Tab>
where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
  /// The rules that place destinations in tabs and give their parents.
  @ObservationIgnored public let rules: NavigationRules<Destination, Tab>

  /// Called after every change of the selected tab or of a stack, with the new state.
  ///
  /// Observation covers SwiftUI; this hook is for code that is not a view (persistence, analytics).
  @ObservationIgnored public var onChange: (@MainActor (NavigationState<Destination, Tab>) -> Void)?

  /// The tab the user sees.
  public private(set) var selectedTab: Tab

  private var stacks: [Tab: [Destination]] = [:]

  /// Creates a navigator showing the root of a tab.
  ///
  /// - Parameters:
  ///   - rules: The rules that place destinations in tabs and give their parents.
  ///   - initialTab: The tab selected at first; every stack starts empty.
  public init(rules: NavigationRules<Destination, Tab>, initialTab: Tab) {
    self.rules = rules
    self.selectedTab = initialTab
  }

  // MARK: Reading

  /// A snapshot of the selected tab and every stack, for saving and restoring.
  public var state: NavigationState<Destination, Tab> {
    NavigationState(selectedTab: selectedTab, stacks: stacks)
  }

  /// The stack of the selected tab: the destinations above its root, oldest first.
  public var currentStack: [Destination] { stack(for: selectedTab) }

  /// The destination the user sees: the top of the selected tab's stack, or the tab's root
  /// destination when the stack is empty (`nil` when the rules declare no root for the tab).
  public var currentDestination: Destination? {
    currentStack.last ?? rules.root(of: selectedTab)
  }

  /// Whether ``goBack()`` has anything to pop in the selected tab.
  public var canGoBack: Bool { !currentStack.isEmpty }

  /// The stack of a tab.
  ///
  /// - Parameter tab: The tab whose stack is wanted.
  /// - Returns: The destinations above the tab's root, oldest first; empty at the root.
  public func stack(for tab: Tab) -> [Destination] {
    stacks[tab] ?? []
  }

  // MARK: Verbs

  /// Selects a tab, keeping every stack as it is.
  ///
  /// - Parameter tab: The tab to show.
  public func select(tab: Tab) {
    update(selectedTab: tab, stacks: stacks)
  }

  /// Pushes a destination onto the selected tab's stack.
  ///
  /// Pushing the destination that is already on top does nothing, so a double tap or a repeated call
  /// does not stack duplicates. The parent rules are not consulted: a push is the user moving on from
  /// where they are.
  ///
  /// - Parameter destination: The destination to show on top.
  public func push(_ destination: Destination) {
    guard currentStack.last != destination else { return }
    setStack(currentStack + [destination], for: selectedTab)
  }

  /// Pops the top destination of the selected tab's stack.
  ///
  /// - Returns: The destination removed, or `nil` when the tab already shows its root.
  @discardableResult
  public func pop() -> Destination? {
    var stack = currentStack
    guard let top = stack.popLast() else { return nil }
    setStack(stack, for: selectedTab)
    return top
  }

  /// Goes one step back in the selected tab.
  ///
  /// Back never leaves the tab and never switches tabs: at the tab's root there is nothing to go
  /// back to.
  ///
  /// - Returns: `true` when a destination was popped, `false` at the tab's root.
  @discardableResult
  public func goBack() -> Bool {
    pop() != nil
  }

  /// Empties the selected tab's stack so it shows its root.
  public func popToRoot() {
    setStack([], for: selectedTab)
  }

  /// Replaces the top of the selected tab's stack, or pushes when the stack is empty.
  ///
  /// - Parameter destination: The destination to show instead of the current top.
  public func replace(top destination: Destination) {
    setStack(currentStack.dropLast() + [destination], for: selectedTab)
  }

  /// Replaces the whole stack of a tab, as a `NavigationStack` binding does after a swipe back.
  ///
  /// - Parameters:
  ///   - stack: The destinations above the tab's root, oldest first.
  ///   - tab: The tab whose stack changes; the selected tab when `nil`. The selection is unchanged.
  public func replace(stack: [Destination], in tab: Tab? = nil) {
    setStack(stack, for: tab ?? selectedTab)
  }

  /// Shows a destination the way a link should: in its tab, with its parents below it.
  ///
  /// See "Opening a destination" in the type's discussion for how the existing stack is treated.
  ///
  /// - Parameter destination: The destination a link resolved to.
  /// - Returns: What happened to the tab's stack.
  /// - Throws: ``NavigationError`` when the app's parent rule loops or is too deep; the state is
  ///   unchanged then.
  @discardableResult
  public func open(_ destination: Destination) throws(NavigationError) -> NavigationOutcome {
    apply(try rules.plan(for: destination))
  }

  /// Applies a plan computed earlier: selects its tab and shows its stack.
  ///
  /// - Parameter plan: The tab and stack to show.
  /// - Returns: What happened to the tab's stack; see ``open(_:)``.
  @discardableResult
  package func apply(_ plan: NavigationPlan<Destination, Tab>) -> NavigationOutcome {
    let current = stack(for: plan.tab)
    if let top = current.last, top == plan.stack.last {
      update(selectedTab: plan.tab, stacks: stacks)
      return .alreadyShown
    }
    if current.isEmpty, plan.stack.isEmpty {
      update(selectedTab: plan.tab, stacks: stacks)
      return .alreadyShown
    }
    let kept = zip(current, plan.stack).prefix { $0 == $1 }.count
    var newStacks = stacks
    newStacks[plan.tab] = plan.stack
    update(selectedTab: plan.tab, stacks: newStacks)
    return kept == 0 && !current.isEmpty ? .replaced : .pushed(kept: kept)
  }

  /// Restores a saved state: the selected tab and every stack.
  ///
  /// - Parameter state: A state from ``state``, typically decoded from the previous launch.
  public func restore(from state: NavigationState<Destination, Tab>) {
    update(selectedTab: state.selectedTab, stacks: state.stacks)
  }

  // MARK: Private

  private func setStack(_ stack: [Destination], for tab: Tab) {
    var newStacks = stacks
    newStacks[tab] = stack
    update(selectedTab: selectedTab, stacks: newStacks)
  }

  private func update(selectedTab newTab: Tab, stacks newStacks: [Tab: [Destination]]) {
    let cleaned = newStacks.filter { !$0.value.isEmpty }
    guard newTab != selectedTab || cleaned != stacks else { return }
    if newTab != selectedTab { selectedTab = newTab }
    if cleaned != stacks { stacks = cleaned }
    onChange?(state)
  }
}
