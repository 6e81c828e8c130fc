// Combine's subjects, subscriptions and async bridge, as far as the documentation's samples use them:
// an SDK that hands over stored links through a `CurrentValueSubject` (which replays its value to each
// new subscriber), `sink(receiveValue:)` and the `AnyCancellable` it returns, and `values`, whose
// `AsyncPublisher` is not `Sendable` (so it cannot be given to `LinkIntake.connect(_:source:)`).
// None of these types is `Sendable` in the SDK's interface, and none is here.

// developer.apple.com/documentation/combine/cancellable
// (`protocol Cancellable`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Cancellable {
  // developer.apple.com/documentation/combine/cancellable/cancel()
  func cancel()
}

// developer.apple.com/documentation/combine/anycancellable
// (`final class AnyCancellable`, `Cancellable`, `Hashable`; it cancels when it is deinitialized)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class AnyCancellable: Cancellable, Hashable {
  // developer.apple.com/documentation/combine/anycancellable/init(_:)-6lbj2
  // (`init(_ cancel: @escaping () -> Void)`)
  public init(_ cancel: @escaping () -> Void) { fatalError() }

  // developer.apple.com/documentation/combine/anycancellable/cancel()
  final public func cancel() { fatalError() }

  // developer.apple.com/documentation/combine/anycancellable/==(_:_:)
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { fatalError() }

  // developer.apple.com/documentation/combine/anycancellable/hash(into:)
  final public func hash(into hasher: inout Hasher) { fatalError() }
}

// developer.apple.com/documentation/combine/subject
// (`protocol Subject<Output, Failure> : AnyObject, Publisher`; only `send(_:)`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Subject<Output, Failure>: AnyObject, Publisher {
  // developer.apple.com/documentation/combine/subject/send(_:)
  func send(_ value: Self.Output)
}

// developer.apple.com/documentation/combine/currentvaluesubject
// (`final class CurrentValueSubject<Output, Failure> where Failure : Error`: a subscriber gets the
// current value at once, then every new one)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class CurrentValueSubject<Output, Failure>: Subject where Failure: Error {
  // developer.apple.com/documentation/combine/currentvaluesubject/init(_:)
  public init(_ value: Output) { fatalError() }

  // developer.apple.com/documentation/combine/currentvaluesubject/value
  // (`final var value: Output { get set }`)
  final public var value: Output {
    get { fatalError() }
    set { fatalError() }
  }

  // developer.apple.com/documentation/combine/currentvaluesubject/send(_:)
  final public func send(_ input: Output) { fatalError() }
}

// developer.apple.com/documentation/combine/passthroughsubject
// (`final class PassthroughSubject<Output, Failure> where Failure : Error`: no value is replayed)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class PassthroughSubject<Output, Failure>: Subject where Failure: Error {
  // developer.apple.com/documentation/combine/passthroughsubject/init()
  public init() { fatalError() }

  // developer.apple.com/documentation/combine/passthroughsubject/send(_:)
  final public func send(_ input: Output) { fatalError() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Publisher where Self.Failure == Never {
  // developer.apple.com/documentation/combine/publisher/sink(receivevalue:)
  // (`func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable`; the closure is
  // not `@Sendable`)
  public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable { fatalError() }

  // developer.apple.com/documentation/combine/publisher/values-1dm9r
  // (`var values: AsyncPublisher<Self> { get }`, iOS 15)
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  public var values: AsyncPublisher<Self> { fatalError() }
}

// developer.apple.com/documentation/combine/asyncpublisher
// (`struct AsyncPublisher<P> where P : Publisher, P.Failure == Never`, an `AsyncSequence`; not
// `Sendable`)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct AsyncPublisher<P>: AsyncSequence where P: Publisher, P.Failure == Never {
  public typealias Element = P.Output

  // developer.apple.com/documentation/combine/asyncpublisher/iterator
  public struct Iterator: AsyncIteratorProtocol {
    // developer.apple.com/documentation/combine/asyncpublisher/iterator/next()
    public mutating func next() async -> P.Output? { fatalError() }
  }

  // developer.apple.com/documentation/combine/asyncpublisher/makeasynciterator()
  public func makeAsyncIterator() -> Iterator { fatalError() }
}
