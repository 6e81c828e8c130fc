// The view modifiers the package, its examples and its docs use. The documentation shows them as
// `nonisolated` members of `View` (which is main-actor isolated): they can be called anywhere and
// return a view.

extension View {
  // developer.apple.com/documentation/swiftui/view/modifier(_:)
  // (`nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

  // developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
  // (`nonisolated func onOpenURL(perform action: @escaping (URL) -> ()) -> some View`)
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
  // (`nonisolated func onContinueUserActivity(_ activityType: String,
  //  perform action: @escaping (NSUserActivity) -> ()) -> some View`)
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func onContinueUserActivity(
    _ activityType: String, perform action: @escaping (NSUserActivity) -> Void
  ) -> some View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/task(priority:_:)
  // The page shows `nonisolated func task(priority: TaskPriority = .userInitiated,
  // _ action: @escaping () async -> Void) -> some View`; the iOS 18 swiftinterface has
  // `@_inheritActorContext _ action: @escaping @Sendable () async -> Void` (confirmed against
  // published swiftinterface excerpts), so the action runs on the main actor inside a view.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
  // (`nonisolated func task<T>(id value: T, priority: TaskPriority = .userInitiated,
  //  _ action: @escaping () async -> Void) -> some View where T : Equatable`; the action carries the
  //  same `@_inheritActorContext @Sendable` as `task(priority:_:)` in the iOS 18 swiftinterface)
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task<T>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View where T: Equatable { fatalError() }

  // developer.apple.com/documentation/swiftui/view/environment(_:)
  // (`nonisolated func environment<T>(_ object: T?) -> some View where T : AnyObject,
  //  T : Observable`)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/view/navigationdestination(for:destination:)
  // (`nonisolated func navigationDestination<D, C>(for data: D.Type,
  //  @ViewBuilder destination: @escaping (D) -> C) -> some View where D : Hashable, C : View`)
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/sheet(item:ondismiss:content:)
  // (`nonisolated func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
  //  @ViewBuilder content: @escaping (Item) -> Content) -> some View
  //  where Item : Identifiable, Content : View`)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated public func sheet<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/fullscreencover(item:ondismiss:content:)
  // (`nonisolated func fullScreenCover<Item, Content>(item: Binding<Item?>,
  //  onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View
  //  where Item : Identifiable, Content : View`; not on macOS)
  @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { fatalError() }

  // developer.apple.com/documentation/swiftui/view/tag(_:includeoptional:)
  // (`nonisolated func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View
  //  where V : Hashable`. It came with the iOS 18 / macOS 15 SDKs (Xcode 16), emitted into the
  //  client (`@_alwaysEmitIntoClient`, `@export(implementation)` on the page), so it runs back to
  //  iOS 13 / macOS 10.15, as the page's availability says; since then `tag(_:)` is only
  //  `@usableFromInline` in the swiftinterface, kept for binaries built against older SDKs.
  //  `.tag(x)` calls this one.)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated public func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View where V: Hashable {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/view/tabitem(_:)
  // (`nonisolated func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V : View`)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
  nonisolated public func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V: View {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/view/navigationtitle(_:)
  // (the `StringProtocol` overload: `nonisolated func navigationTitle<S>(_ title: S) -> some View
  //  where S : StringProtocol`)
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  @_disfavoredOverload nonisolated public func navigationTitle<S>(_ title: S) -> some View
  where S: StringProtocol { fatalError() }

  // developer.apple.com/documentation/swiftui/view/font(_:)
  // (`nonisolated func font(_ font: Font?) -> some View`)
  @available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
  nonisolated public func font(_ font: Font?) -> some View { fatalError() }
}
