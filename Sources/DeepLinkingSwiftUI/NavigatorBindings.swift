#if canImport(SwiftUI)
  import DeepLinking
  import SwiftUI

  extension Navigator {
    /// A binding for `TabView(selection:)` that follows the navigator's selected tab.
    ///
    /// ```swift
    /// TabView(selection: navigator.tabSelection) { ... }
    /// ```
    public var tabSelection: Binding<Tab> {
      Binding(get: { self.selectedTab }, set: { self.select(tab: $0) })
    }

    /// A binding for `NavigationStack(path:)` that follows one tab's stack.
    ///
    /// The binding writes back what SwiftUI changes (a Back swipe pops), so the navigator stays the
    /// single source of truth.
    ///
    /// ```swift
    /// NavigationStack(path: navigator.path(for: .home)) {
    ///   HomeView().navigationDestination(for: Screen.self) { ScreenView($0) }
    /// }
    /// ```
    ///
    /// - Parameter tab: The tab whose stack the binding follows.
    /// - Returns: The binding.
    public func path(for tab: Tab) -> Binding<[Destination]> {
      Binding(get: { self.stack(for: tab) }, set: { self.replace(stack: $0, in: tab) })
    }
  }
#endif
