// The views and scenes of SwiftUI that the package, its examples and its docs use.

// developer.apple.com/documentation/swiftui/windowgroup
// (`struct WindowGroup<Content> where Content : View`, a `Scene`; not main-actor isolated: the page
// shows no `@MainActor`, and current SDKs spell it `nonisolated struct WindowGroup`). The `Scene`
// conformance is in an extension so that it does not make the type, and so its initialisers,
// main-actor isolated here.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct WindowGroup<Content> where Content: View {
  // developer.apple.com/documentation/swiftui/windowgroup/init(content:)
  // (`nonisolated init(@ViewBuilder content: () -> Content)`; deprecated from iOS 18 / macOS 15 in
  //  current SDKs, which is not declared here: the stand-ins state no availability)
  nonisolated public init(@ViewBuilder content: () -> Content) { fatalError() }

  // developer.apple.com/documentation/swiftui/windowgroup/init(makecontent:)
  // (`nonisolated init(@ViewBuilder makeContent: @escaping () -> Content)`, available from iOS 14 /
  //  macOS 11 because it is emitted into the client: `@export(implementation)` on the page, the new
  //  spelling of `@_alwaysEmitIntoClient`; the page's `@ContentBuilder` is the newest SDK's builder). A
  //  trailing closure, `WindowGroup { ... }`, resolves to this one: its escaping parameter type is
  //  more specific than `init(content:)`'s.
  nonisolated public init(@ViewBuilder makeContent: @escaping () -> Content) { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension WindowGroup: Scene {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/navigationstack
// (`@MainActor @preconcurrency struct NavigationStack<Data, Root> where Root : View`)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
  // developer.apple.com/documentation/swiftui/navigationstack/init(path:root:)
  // (`@MainActor @preconcurrency init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  //  where Data : MutableCollection, Data : RandomAccessCollection,
  //  Data : RangeReplaceableCollection, Data.Element : Hashable`)
  @MainActor @preconcurrency public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { fatalError() }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/tabview
// (`struct TabView<SelectionValue, Content> where SelectionValue : Hashable, Content : View`; no
// `@MainActor` on the page). The `View` conformance is in an extension so that it does not make the
// type main-actor isolated here.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
public struct TabView<SelectionValue, Content> where SelectionValue: Hashable, Content: View {
  // developer.apple.com/documentation/swiftui/tabview/init(selection:content:)
  // (the `@ViewBuilder` overload the package uses:
  //  `nonisolated init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content)`;
  //  iOS 18's `@TabContentBuilder` overload is not declared, nothing here uses `Tab`)
  nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
    fatalError()
  }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 7.0, *)
extension TabView: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/list
// (`@MainActor @preconcurrency struct List<SelectionValue, Content> where SelectionValue : Hashable,
//  Content : View`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct List<SelectionValue, Content>: View
where SelectionValue: Hashable, Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List where SelectionValue == Never {
  // developer.apple.com/documentation/swiftui/list/init(content:)
  @MainActor @preconcurrency public init(@ViewBuilder content: () -> Content) { fatalError() }

  // developer.apple.com/documentation/swiftui/list/init(_:id:rowcontent:)
  // (the collection overload: `init<Data, ID, RowContent>(_ data: Data,
  //  id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
  //  where Content == ForEach<Data, ID, RowContent>, Data : RandomAccessCollection, ID : Hashable,
  //  RowContent : View`)
  @MainActor @preconcurrency public init<Data, ID, RowContent>(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, ID, RowContent>, Data: RandomAccessCollection, ID: Hashable,
    RowContent: View
  { fatalError() }

  // developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)
  // (the collection overload for `Identifiable` elements)
  @MainActor @preconcurrency public init<Data, RowContent>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  )
  where
    Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection,
    RowContent: View, Data.Element: Identifiable
  { fatalError() }
}

// developer.apple.com/documentation/swiftui/foreach
// (`struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
  // developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  // (the `View` overload: `init(_ data: Data, id: KeyPath<Data.Element, ID>,
  //  @ViewBuilder content: @escaping (Data.Element) -> Content)`)
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) { fatalError() }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  // developer.apple.com/documentation/swiftui/foreach/init(_:content:)
  // (the `View` overload for identifiable data: `init(_ data: Data,
  //  @ViewBuilder content: @escaping (Data.Element) -> Content)`)
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) { fatalError() }
}

// developer.apple.com/documentation/swiftui/button
// (`struct Button<Label> where Label : View`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
  // developer.apple.com/documentation/swiftui/button/init(_:action:)
  // (`@preconcurrency nonisolated init(_ titleKey: LocalizedStringKey,
  //  action: @escaping @MainActor () -> Void)`)
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) { fatalError() }

  // developer.apple.com/documentation/swiftui/button/init(_:action:)
  // (the `StringProtocol` overload, `@_disfavoredOverload` in the swiftinterface)
  @_disfavoredOverload @preconcurrency nonisolated public init<S>(
    _ title: S, action: @escaping @MainActor () -> Void
  ) where S: StringProtocol { fatalError() }
}

// developer.apple.com/documentation/swiftui/text (`@frozen struct Text`; SwiftUI.swiftinterface:
// `@frozen public struct Text : Equatable, Sendable`, with `extension Text : View`, so its
// initialisers are not main-actor isolated: a `Text` can be built anywhere)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Text: Equatable, Sendable {
  // developer.apple.com/documentation/swiftui/text/init(_:tablename:bundle:comment:)
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) { fatalError() }

  // developer.apple.com/documentation/swiftui/text/init(_:)
  // (the `StringProtocol` overload, `@_disfavoredOverload` in the swiftinterface)
  @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Text: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/localizedstringkey (`@frozen struct LocalizedStringKey`,
// `ExpressibleByStringInterpolation`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  // developer.apple.com/documentation/swiftui/localizedstringkey/init(stringliteral:)
  public init(stringLiteral value: String) { fatalError() }

  // developer.apple.com/documentation/swiftui/localizedstringkey/init(stringinterpolation:)
  public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { fatalError() }

  // developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation
  public struct StringInterpolation: StringInterpolationProtocol {
    // developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/init(literalcapacity:interpolationcount:)
    public init(literalCapacity: Int, interpolationCount: Int) { fatalError() }
    // developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendliteral(_:)
    public mutating func appendLiteral(_ literal: String) { fatalError() }
    // developer.apple.com/documentation/swiftui/localizedstringkey/stringinterpolation/appendinterpolation(_:)
    // (the `String` overload)
    public mutating func appendInterpolation(_ string: String) { fatalError() }
  }
}

// SwiftUI.swiftinterface: `@available(*, unavailable) extension LocalizedStringKey : Sendable`;
// without it this storage-less `@frozen` stand-in would be implicitly `Sendable`.
@available(*, unavailable)
extension LocalizedStringKey: Sendable {}

// developer.apple.com/documentation/swiftui/label
// (`struct Label<Title, Icon> where Title : View, Icon : View`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct Label<Title, Icon>: View where Title: View, Icon: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Label where Title == Text, Icon == Image {
  // developer.apple.com/documentation/swiftui/label/init(_:systemimage:)
  // (`nonisolated init(_ titleKey: LocalizedStringKey, systemImage name: String)`)
  nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) { fatalError() }
}

// developer.apple.com/documentation/swiftui/image (`@frozen struct Image`; only the type, as
// `Label`'s icon)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Image: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/progressview
// (`struct ProgressView<Label, CurrentValueLabel> where Label : View, CurrentValueLabel : View`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ProgressView<Label, CurrentValueLabel>: View
where Label: View, CurrentValueLabel: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
  // developer.apple.com/documentation/swiftui/progressview/init()
  // (`nonisolated init() where Label == EmptyView`)
  nonisolated public init() where Label == EmptyView { fatalError() }
}

// developer.apple.com/documentation/swiftui/navigationlink
// (`struct NavigationLink<Label, Destination> where Label : View, Destination : View`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public struct NavigationLink<Label, Destination>: View
where Label: View, Destination: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension NavigationLink where Destination == Never {
  // developer.apple.com/documentation/swiftui/navigationlink/init(_:value:)
  // (the `StringProtocol` overload: `nonisolated init<S, P>(_ title: S, value: P?)
  //  where Label == Text, S : StringProtocol, P : Hashable`)
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public init<S, P>(_ title: S, value: P?) where Label == Text, S: StringProtocol, P: Hashable {
    fatalError()
  }
}

// developer.apple.com/documentation/swiftui/font (`@frozen struct Font`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct Font: Hashable, Sendable {
  // developer.apple.com/documentation/swiftui/font/headline (`static let headline: Font`)
  public static let headline: Font = Font()
  // developer.apple.com/documentation/swiftui/font/title (`static let title: Font`)
  public static let title: Font = Font()
  private init() {}
}
