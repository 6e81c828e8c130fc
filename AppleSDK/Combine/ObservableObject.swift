// Combine, as far as the package uses it: `ObservableObject` and the default `objectWillChange` a
// class gets when it declares the conformance.

// developer.apple.com/documentation/combine/publisher
// (only the associated types; `receive(subscriber:)` is left out because nothing here subscribes)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error
}

// developer.apple.com/documentation/combine/observableobjectpublisher
// (`final class ObservableObjectPublisher`, a `Publisher` of `Void` that never fails)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  // developer.apple.com/documentation/combine/observableobjectpublisher/init()
  public init() {}
}

// developer.apple.com/documentation/combine/observableobject
// (`protocol ObservableObject : AnyObject`, with
// `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher
//  where Self.ObjectWillChangePublisher.Failure == Never`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where Self.ObjectWillChangePublisher.Failure == Never

  // developer.apple.com/documentation/combine/observableobject/objectwillchange
  var objectWillChange: Self.ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
  // developer.apple.com/documentation/combine/observableobject/objectwillchange
  // (the default implementation: `var objectWillChange: ObservableObjectPublisher { get }`)
  public var objectWillChange: ObservableObjectPublisher { fatalError() }
}
