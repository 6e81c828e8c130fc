/// The app's answer to "where does this destination live": its tab and its parent.
///
/// The navigator never guesses the shape of an app. The app declares, for every destination, the tab
/// that shows it and the destination a user would expect below it (a product's parent is its
/// category; a sub-category's parent is its category). From those two rules the navigator builds a
/// back stack for a link opened on a cold start, so Back from a deep-linked detail goes to its
/// parent instead of out of the app.
///
/// ```swift
/// let rules = NavigationRules<Screen, AppTab>(
///   tab: { screen in screen.isAccountScreen ? .account : .home },
///   parent: { screen in
///     switch screen {
///     case .product(let product): return .category(product.category)
///     case .category, .orders: return nil
///     }
///   }
/// )
/// ```
///
/// A destination whose parent is `nil` sits directly on its tab's root. A destination that *is* the
/// root view of a tab can be declared with `root`; opening it selects the tab and pops to its root.
/// A destination shown modally (a sheet, a full-screen cover) is declared with `presentation`: its
/// parents are still built on its tab's stack, beneath the modal.
/// Chains are bounded: a cycle or a chain longer than ``maximumDepth`` is a ``NavigationError``.
public struct NavigationRules<Destination, Tab>: Sendable
where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
  private let tabRule: @Sendable (Destination) -> Tab
  private let parentRule: @Sendable (Destination) -> Destination?
  private let rootRule: @Sendable (Tab) -> Destination?
  private let presentationRule: @Sendable (Destination) -> Presentation

  /// The largest number of destinations a synthesized stack may hold.
  public let maximumDepth: Int

  /// Creates rules from closures.
  ///
  /// - Parameters:
  ///   - tab: The tab that shows a destination.
  ///   - parent: The destination below a destination, or `nil` when it sits on its tab's root.
  ///   - root: The destination that is the root view of a tab, if the app models its roots as
  ///     destinations; `nil` (the default) when tab roots are plain views.
  ///   - presentation: How a destination is shown: pushed on its tab's stack (the default for every
  ///     destination) or presented modally over it.
  ///   - maximumDepth: The largest number of destinations a synthesized stack may hold; values below 1
  ///     are treated as 1.
  public init(
    tab: @escaping @Sendable (Destination) -> Tab,
    parent: @escaping @Sendable (Destination) -> Destination?,
    root: @escaping @Sendable (Tab) -> Destination? = { _ in nil },
    presentation: @escaping @Sendable (Destination) -> Presentation = { _ in .push },
    maximumDepth: Int = 64
  ) {
    self.tabRule = tab
    self.parentRule = parent
    self.rootRule = root
    self.presentationRule = presentation
    self.maximumDepth = max(1, maximumDepth)
  }

  /// The tab that shows a destination.
  ///
  /// - Parameter destination: The destination to place.
  /// - Returns: The tab the app's rule names.
  public func tab(for destination: Destination) -> Tab {
    tabRule(destination)
  }

  /// The destination below a destination in its back stack.
  ///
  /// - Parameter destination: The destination whose parent is wanted.
  /// - Returns: The parent, or `nil` when the destination sits on its tab's root.
  public func parent(of destination: Destination) -> Destination? {
    parentRule(destination)
  }

  /// The destination that is the root view of a tab, if the app declared one.
  ///
  /// - Parameter tab: The tab whose root is wanted.
  /// - Returns: The root destination, or `nil` when the tab's root is not a destination.
  public func root(of tab: Tab) -> Destination? {
    rootRule(tab)
  }

  /// How a destination is shown.
  ///
  /// - Parameter destination: The destination to show.
  /// - Returns: The presentation the app's rule names; ``Presentation/push`` when it names none.
  public func presentation(of destination: Destination) -> Presentation {
    presentationRule(destination)
  }

  /// Computes the tab and the full back stack for a destination.
  ///
  /// The stack is the destination preceded by its parent chain, oldest first. The chain stops at a
  /// destination without a parent or at the tab's root (which is not part of the stack). Opening the
  /// root itself gives an empty stack. A modal destination is not on the stack: the plan presents it
  /// over its parent chain (a tab's root is never modal).
  ///
  /// - Parameter destination: The destination to show.
  /// - Returns: The plan: the destination's tab and the stack to show in it.
  /// - Throws: ``NavigationError/parentCycle(chain:)`` when the parent rule loops, or
  ///   ``NavigationError/chainTooDeep(destination:limit:)`` when the chain exceeds ``maximumDepth``.
  package func plan(for destination: Destination) throws(NavigationError) -> NavigationPlan<Destination, Tab>
  {
    let tab = tab(for: destination)
    let root = root(of: tab)
    var chain: [Destination] = []
    var seen: Set<Destination> = []
    var next: Destination? = destination
    while let current = next, current != root {
      guard seen.insert(current).inserted else {
        let names = (chain + [current]).map { String(describing: $0) }
        throw .parentCycle(chain: names)
      }
      guard chain.count < maximumDepth else {
        throw .chainTooDeep(destination: String(describing: destination), limit: maximumDepth)
      }
      chain.append(current)
      next = parent(of: current)
    }
    let presentation = presentation(of: destination)
    guard presentation.isModal, chain.first == destination else {
      return NavigationPlan(tab: tab, stack: chain.reversed())
    }
    return NavigationPlan(
      tab: tab, stack: chain.dropFirst().reversed(),
      presented: PresentedDestination(destination, presentation: presentation))
  }
}
