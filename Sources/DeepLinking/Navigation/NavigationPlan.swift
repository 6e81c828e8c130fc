/// Where a destination is shown: the tab to select and the full stack to show in it.
///
/// A plan is computed by ``NavigationRules/plan(for:)`` from the app's rules and applied by
/// ``Navigator/open(_:)`` or ``Navigator/apply(_:)``. The stack holds the destinations above the tab's
/// root, oldest first; its last element is the destination itself, or the stack is empty when the
/// destination is the tab's root. A modal destination is in ``presented`` instead, over its parents.
///
/// ```swift
/// let plan = try rules.plan(for: .product(id: "42"))
/// // plan.tab == .shop, plan.stack == [.category("shoes"), .product(id: "42")]
/// ```
package struct NavigationPlan<Destination, Tab>: Sendable, Hashable, Codable
where Destination: Hashable & Sendable & Codable, Tab: Hashable & Sendable & Codable {
  /// The tab that shows the destination.
  package var tab: Tab

  /// The destinations above the tab's root, oldest first, ending with the destination.
  ///
  /// Empty when the destination is the root of ``tab``.
  package var stack: [Destination]

  /// The destination presented modally over ``stack``, or `nil` when the destination is pushed (the
  /// stack then ends with it).
  package var presented: PresentedDestination<Destination>?

  /// Creates a plan from a tab and a stack.
  ///
  /// - Parameters:
  ///   - tab: The tab that shows the destination.
  ///   - stack: The destinations above the tab's root, oldest first.
  ///   - presented: The destination presented modally over the stack, if it is modal.
  package init(tab: Tab, stack: [Destination], presented: PresentedDestination<Destination>? = nil) {
    self.tab = tab
    self.stack = stack
    self.presented = presented
  }

  /// The destination the plan leads to, or `nil` when the plan shows the tab's root.
  package var destination: Destination? { presented?.destination ?? stack.last }
}
