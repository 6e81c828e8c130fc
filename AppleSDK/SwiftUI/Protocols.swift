// The protocols and result builders of SwiftUI that the package uses. Signatures follow the
// documentation pages named on each declaration; attributes the pages leave out but the SDK's
// SwiftUI.swiftinterface has (`@preconcurrency`, `@MainActor` on requirements) are kept.
//
// `import SwiftUI` brings Foundation and Observation with it on Apple platforms, and of Combine only
// what Foundation re-exports there, `ObservableObject` and `Published`; so `AnyCancellable`,
// `Publisher` or `ObservableObjectPublisher` need `import Combine`. These re-exports do the same
// here; `Published` is not declared by the stand-in Combine, as nothing here uses it.
@_exported import AppleFoundationExtras
@_exported import Foundation
@_exported import Observation

@_exported import protocol Combine.ObservableObject

// developer.apple.com/documentation/swiftui/view
// (`@MainActor @preconcurrency protocol View`; `body` is `@ViewBuilder @MainActor @preconcurrency`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {
  // developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
  associatedtype Body: View
  // developer.apple.com/documentation/swiftui/view/body-swift.property
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// developer.apple.com/documentation/swift/never (SwiftUI section: `extension Never : View`)
// (`extension Never : View`, the `Body` of every primitive view)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/app
// (`@MainActor @preconcurrency protocol App`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public protocol App {
  // developer.apple.com/documentation/swiftui/app/body-swift.associatedtype
  associatedtype Body: Scene
  // developer.apple.com/documentation/swiftui/app/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  // developer.apple.com/documentation/swiftui/app/init()
  @MainActor @preconcurrency init()
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension App {
  // developer.apple.com/documentation/swiftui/app/main()
  // (`@MainActor @preconcurrency static func main()`, what `@main` calls)
  @MainActor @preconcurrency public static func main() { fatalError() }
}

// developer.apple.com/documentation/swiftui/scene
// (`@MainActor @preconcurrency protocol Scene`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public protocol Scene {
  // developer.apple.com/documentation/swiftui/scene/body-swift.associatedtype
  associatedtype Body: Scene
  // developer.apple.com/documentation/swiftui/scene/body-swift.property
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// developer.apple.com/documentation/swift/never (SwiftUI section: `extension Never : Scene`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension Never: Scene {}

// developer.apple.com/documentation/swiftui/viewmodifier
// (`@MainActor @preconcurrency protocol ViewModifier`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
  // developer.apple.com/documentation/swiftui/viewmodifier/body
  associatedtype Body: View
  // developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
  // (`@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`)
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
  // developer.apple.com/documentation/swiftui/viewmodifier/content
  typealias Content = _ViewModifier_Content<Self>
}

// developer.apple.com/documentation/swiftui/_viewmodifier_content
// (`struct _ViewModifier_Content<Modifier> where Modifier : ViewModifier`, a `View`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface: `@available(*, unavailable) extension _ViewModifier_Content : Sendable`.
// Without it the conformance to `View` above would make the stand-in main-actor isolated and so
// implicitly `Sendable`.
@available(*, unavailable)
extension _ViewModifier_Content: Sendable {}

// developer.apple.com/documentation/swiftui/modifiedcontent
// (`@frozen struct ModifiedContent<Content, Modifier>`; a `View` where `Content : View,
// Modifier : ViewModifier`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct ModifiedContent<Content, Modifier> {}

// SwiftUI.swiftinterface: `@available(*, unavailable) extension ModifiedContent : Sendable`; without
// it this storage-less `@frozen` stand-in would be implicitly `Sendable`.
@available(*, unavailable)
extension ModifiedContent: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/viewbuilder
// (`@resultBuilder struct ViewBuilder`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
  // developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
  public static func buildBlock() -> EmptyView { fatalError() }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
  // (`static func buildBlock<Content>(_ content: Content) -> Content where Content : View`)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:) (the parameter-pack overload)
  // (`static func buildBlock<each Content>(_ content: repeat each Content)
  //  -> TupleView<(repeat each Content)> where repeat each Content : View`)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  public static func buildBlock<each Content>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> where repeat each Content: View { fatalError() }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
  public static func buildEither<TrueContent, FalseContent>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
  public static func buildEither<TrueContent, FalseContent>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View {
    fatalError()
  }
}

// developer.apple.com/documentation/swiftui/scenebuilder
// (`@resultBuilder struct SceneBuilder`)
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder public struct SceneBuilder {
  // developer.apple.com/documentation/swiftui/scenebuilder/buildblock(_:)
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    fatalError()
  }

  // developer.apple.com/documentation/swiftui/scenebuilder/buildexpression(_:)
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: Scene {
    fatalError()
  }
}

// developer.apple.com/documentation/swiftui/emptyview (`@frozen struct EmptyView`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct EmptyView: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swiftui/tupleview (`@frozen struct TupleView<T>`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct TupleView<T>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface: `@available(*, unavailable) extension TupleView : Sendable`; without it the
// stand-in would be implicitly `Sendable` (`@frozen`, and main-actor isolated by its `View`
// conformance).
@available(*, unavailable)
extension TupleView: Sendable {}

// developer.apple.com/documentation/swiftui/_conditionalcontent
// (`@frozen struct _ConditionalContent<TrueContent, FalseContent>`; a `View` where both are)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {}

// SwiftUI.swiftinterface: `@available(*, unavailable) extension _ConditionalContent : Sendable`;
// without it this storage-less `@frozen` stand-in would be implicitly `Sendable`.
@available(*, unavailable)
extension _ConditionalContent: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// developer.apple.com/documentation/swift/optional (SwiftUI: `extension Optional : View where
// Wrapped : View`, what `buildIf` returns)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}
