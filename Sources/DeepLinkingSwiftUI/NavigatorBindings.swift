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
    /// A binding for `sheet(item:)` that shows the navigator's modal when the rules present it as a
    /// `Presentation.sheet`.
    ///
    /// A swipe down writes `nil`, which dismisses the modal in the navigator (`Navigator.dismiss()`);
    /// a link to another destination replaces or dismisses it. Bind `fullScreenCover` the same way.
    ///
    /// ```swift
    /// TabView(selection: navigator.tabSelection) { ... }
    ///   .sheet(item: navigator.sheet) { modal in ScreenView(modal.destination) }
    /// ```
    public var sheet: Binding<PresentedDestination<Destination>?> { modal(.sheet) }

    /// A binding for `fullScreenCover(item:)` that shows the navigator's modal when the rules present
    /// it as a `Presentation.fullScreenCover` (iOS, tvOS, visionOS and watchOS; macOS has no
    /// full-screen cover, so a Mac app presents such destinations with `sheet` too).
    public var fullScreenCover: Binding<PresentedDestination<Destination>?> { modal(.fullScreenCover) }

    /// A binding for the sidebar of a `NavigationSplitView` (`List(selection:)`) whose rows are the
    /// navigator's tabs: a link selects its destination's row, and the detail column shows that tab's
    /// stack through `path(for:)`. Selecting no row keeps the current one.
    ///
    /// ```swift
    /// NavigationSplitView {
    ///   List(Section.allCases, selection: navigator.sidebarSelection) { Text($0.title) }
    /// } detail: {
    ///   NavigationStack(path: navigator.path(for: navigator.selectedTab)) { ... }
    /// }
    /// ```
    public var sidebarSelection: Binding<Tab?> {
      Binding(get: { self.selectedTab }, set: { tab in if let tab { self.select(tab: tab) } })
    }

    private func modal(_ presentation: Presentation) -> Binding<PresentedDestination<Destination>?> {
      Binding(
        get: { self.presented?.presentation == presentation ? self.presented : nil },
        set: { value in
          // SwiftUI writes nil when the user dismisses; the navigator alone presents.
          if value == nil, self.presented?.presentation == presentation { self.dismiss() }
        })
    }
  }
#endif
