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
/// ## Modal destinations
/// A destination the rules present modally (``Presentation/sheet``, ``Presentation/fullScreenCover``)
/// is shown in ``presented``, over its tab's stack: ``open(_:)`` selects its tab, builds its parent
/// chain on the stack beneath it (a stack that already ends with its parent is kept as it is) and
/// presents it, replacing any other modal. Opening a pushed destination dismisses the modal, as does
/// ``goBack()`` and ``dismiss()``. The navigator models one modal showing one destination; a modal
/// with screens of its own keeps its own stack.
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

  /// The destination shown modally over the selected tab, or `nil`.
  ///
  /// SwiftUI binds `sheet(item:)` and `fullScreenCover(item:)` to it through `DeepLinkingSwiftUI`;
  /// the UIKit coordinator presents and dismisses it.
  public private(set) var presented: PresentedDestination<Destination>?

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
    NavigationState(selectedTab: selectedTab, stacks: stacks, presented: presented)
  }

  /// The stack of the selected tab: the destinations above its root, oldest first.
  public var currentStack: [Destination] { stack(for: selectedTab) }

  /// The destination the user sees: the modal, else the top of the selected tab's stack, else the
  /// tab's root destination when the stack is empty (`nil` when the rules declare no root for the
  /// tab).
  public var currentDestination: Destination? {
    presented?.destination ?? currentStack.last ?? rules.root(of: selectedTab)
  }

  /// Whether ``goBack()`` has anything to dismiss or pop in the selected tab.
  public var canGoBack: Bool { presented != nil || !currentStack.isEmpty }

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
    update(selectedTab: tab, stacks: stacks, presented: presented)
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

  /// Goes one step back in the selected tab: dismisses the modal if there is one, else pops.
  ///
  /// Back never leaves the tab and never switches tabs: at the tab's root there is nothing to go
  /// back to.
  ///
  /// - Returns: `true` when a modal was dismissed or a destination popped, `false` at the tab's root.
  @discardableResult
  public func goBack() -> Bool {
    dismiss() != nil || pop() != nil
  }

  /// Dismisses the modal, as a swipe down or a Close button does.
  ///
  /// - Returns: The modal dismissed, or `nil` when none was shown.
  @discardableResult
  public func dismiss() -> PresentedDestination<Destination>? {
    guard let modal = presented else { return nil }
    update(selectedTab: selectedTab, stacks: stacks, presented: nil)
    return modal
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

  /// Closes the destinations `shouldRemove` picks, with the screens reached through them: each tab's
  /// stack is cut at its first such destination, and the modal is dismissed when it is one or when the
  /// selected tab's stack beneath it was cut. The selected tab stays; a tab's root is no destination
  /// on its stack and stays too.
  ///
  /// At sign-out, close the screens of routes that require sign-in, which would otherwise stay on the
  /// stacks for whoever uses the app next:
  ///
  /// ```swift
  /// await intake.signOut()
  /// navigator.removeDestinations(where: intake.requiresSignIn)
  /// ```
  ///
  /// - Parameter shouldRemove: Whether a destination goes.
  /// - Returns: The destinations closed: each cut stack's from its first picked (tabs in no set
  ///   order), then the modal's.
  @discardableResult
  public func removeDestinations(where shouldRemove: (Destination) -> Bool) -> [Destination] {
    var removed: [Destination] = []
    var newStacks = stacks
    var selectedStackCut = false
    for (tab, stack) in stacks {
      guard let cut = stack.firstIndex(where: shouldRemove) else { continue }
      removed.append(contentsOf: stack[cut...])
      newStacks[tab] = Array(stack[..<cut])
      if tab == selectedTab { selectedStackCut = true }
    }
    var modal = presented
    if let shown = presented, selectedStackCut || shouldRemove(shown.destination) {
      removed.append(shown.destination)
      modal = nil
    }
    update(selectedTab: selectedTab, stacks: newStacks, presented: modal)
    return removed
  }

  /// Shows a destination the way a link should: in its tab, with its parents below it, pushed or
  /// presented as the rules say.
  ///
  /// See "Opening a destination" and "Modal destinations" in the type's discussion for how the
  /// existing stack and modal are treated.
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
    // The stack already shows the plan's top (or both show the root): keep it as the user sees it.
    let stackShown = current.last == plan.stack.last
    if let modal = plan.presented {
      if stackShown, presented == modal, plan.tab == selectedTab { return .alreadyShown }
      var newStacks = stacks
      if !stackShown { newStacks[plan.tab] = plan.stack }
      update(selectedTab: plan.tab, stacks: newStacks, presented: modal)
      return .presented
    }
    if stackShown {
      update(selectedTab: plan.tab, stacks: stacks, presented: nil)
      return .alreadyShown
    }
    let kept = zip(current, plan.stack).prefix { $0 == $1 }.count
    var newStacks = stacks
    newStacks[plan.tab] = plan.stack
    update(selectedTab: plan.tab, stacks: newStacks, presented: nil)
    return kept == 0 && !current.isEmpty ? .replaced : .pushed(kept: kept)
  }

  /// Restores a saved state as it is: the selected tab, every stack and the modal.
  ///
  /// A state saved at an earlier launch may name things that no longer exist (a deleted product);
  /// restore it with ``restore(from:checking:)`` instead, which asks the app first.
  ///
  /// - Parameter state: A state from ``state``.
  public func restore(from state: NavigationState<Destination, Tab>) {
    update(selectedTab: state.selectedTab, stacks: state.stacks, presented: state.presented)
  }

  /// Restores a saved state, keeping only the destinations that still exist.
  ///
  /// Each tab's stack is checked from the bottom, one destination at a time, with `check` (typically
  /// the loader the intake uses for links): it returns the destination to show (the same, or one
  /// refreshed) or `nil` when it names nothing that exists any more. The first destination that is
  /// gone, or whose check throws, ends its stack: the screens above it were reached through it and are
  /// left out too. The modal is checked last, and left out when it is gone or its stack was cut.
  ///
  /// The navigator may change while the checks run (a link that launched the app opens its
  /// destination, the user taps a tab). What changed meanwhile wins: when anything changed, the
  /// selected tab and the modal stay as they are now, and only the tabs whose stacks did not change
  /// get their restored stacks. Restore before ``LinkIntake/markReady()`` and a launch link is
  /// applied after it, on top of the restored state; see "Restoring the navigation" in
  /// <doc:NavigationAndBackStacks>.
  ///
  /// ```swift
  /// let saved = try JSONDecoder().decode(NavigationState<Screen, AppTab>.self, from: data)
  /// await navigator.restore(from: saved) { screen in try await catalog.refreshed(screen) }
  /// await intake.markReady()
  /// ```
  ///
  /// - Parameters:
  ///   - state: A state saved from ``state`` at an earlier launch.
  ///   - check: Returns the destination to restore, or `nil` when it no longer exists.
  /// - Returns: What was left out, and whether a change made meanwhile was kept.
  @discardableResult
  public func restore(
    from state: NavigationState<Destination, Tab>,
    checking check: @escaping @Sendable (Destination) async throws -> Destination?
  ) async -> RestorationReport<Destination> {
    let before = self.state
    var report = RestorationReport<Destination>()
    var restoredStacks: [Tab: [Destination]] = [:]
    var selectedStackCut = false
    for (tab, stack) in state.stacks {
      var restored: [Destination] = []
      for (index, destination) in stack.enumerated() {
        guard let kept = await Self.checked(destination, check, into: &report) else {
          report.leftOut.append(contentsOf: stack[index...])
          if tab == state.selectedTab { selectedStackCut = true }
          break
        }
        restored.append(kept)
      }
      restoredStacks[tab] = restored
    }
    var modal = state.presented
    if let saved = state.presented {
      if selectedStackCut {
        report.leftOut.append(saved.destination)
        modal = nil
      } else if let kept = await Self.checked(saved.destination, check, into: &report) {
        modal = PresentedDestination(kept, presentation: saved.presentation)
      } else {
        report.leftOut.append(saved.destination)
        modal = nil
      }
    }
    let now = self.state
    guard now == before else {
      // A link or the user changed the navigator meanwhile: their change stays.
      report.keptNewerChange = true
      var stacks = now.stacks
      for tab in Set(restoredStacks.keys).union(before.stacks.keys)
      where now.stack(for: tab) == before.stack(for: tab) {
        stacks[tab] = restoredStacks[tab] ?? []
      }
      update(selectedTab: now.selectedTab, stacks: stacks, presented: now.presented)
      return report
    }
    update(selectedTab: state.selectedTab, stacks: restoredStacks, presented: modal)
    return report
  }

  /// Checks one saved destination; records it as gone or failed.
  private static func checked(
    _ destination: Destination, _ check: @Sendable (Destination) async throws -> Destination?,
    into report: inout RestorationReport<Destination>
  ) async -> Destination? {
    do {
      guard let kept = try await check(destination) else {
        report.gone.append(destination)
        return nil
      }
      return kept
    } catch {
      report.failed[destination] = String(describing: error)
      return nil
    }
  }

  // MARK: Private

  private func setStack(_ stack: [Destination], for tab: Tab) {
    var newStacks = stacks
    newStacks[tab] = stack
    update(selectedTab: selectedTab, stacks: newStacks, presented: presented)
  }

  private func update(
    selectedTab newTab: Tab, stacks newStacks: [Tab: [Destination]],
    presented newModal: PresentedDestination<Destination>?
  ) {
    let cleaned = newStacks.filter { !$0.value.isEmpty }
    guard newTab != selectedTab || cleaned != stacks || newModal != presented else { return }
    if newTab != selectedTab { selectedTab = newTab }
    if cleaned != stacks { stacks = cleaned }
    if newModal != presented { presented = newModal }
    onChange?(state)
  }
}
