// SwiftUI's data-flow property wrappers, as far as the package uses them.

// developer.apple.com/documentation/swiftui/state
// (`@frozen @propertyWrapper struct State<Value>`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct State<Value> {
  // developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
  public init(wrappedValue value: Value) { fatalError() }

  // developer.apple.com/documentation/swiftui/state/wrappedvalue
  // (`var wrappedValue: Value { get nonmutating set }`)
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }

  // developer.apple.com/documentation/swiftui/state/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
}

// developer.apple.com/documentation/swiftui/state (SwiftUI.swiftinterface:
// `extension State : Sendable where Value : Sendable`). Without it this storage-less `@frozen`
// stand-in would be implicitly `Sendable` whatever its `Value`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: Sendable where Value: Sendable {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State where Value: ExpressibleByNilLiteral {
  // developer.apple.com/documentation/swiftui/state/init()
  // (`init()`, in `extension State where Value : ExpressibleByNilLiteral`)
  public init() { fatalError() }
}

// developer.apple.com/documentation/swiftui/binding
// (`@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  // developer.apple.com/documentation/swiftui/binding/wrappedvalue
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set { fatalError() }
  }

  // developer.apple.com/documentation/swiftui/binding/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }

  // developer.apple.com/documentation/swiftui/binding/init(get:set:)
  // The page shows `@preconcurrency init(get: @escaping @isolated(any) () -> Value,
  // set: @escaping @isolated(any) (Value) -> Void)`; the iOS 18 swiftinterface also marks both
  // closures `@_inheritActorContext` and `@Sendable` (confirmed against published
  // SwiftUI.swiftinterface excerpts).
  @preconcurrency public init(
    @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
    @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) { fatalError() }

  // developer.apple.com/documentation/swiftui/binding/subscript(dynamicmember:)
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> Binding<Subject> { fatalError() }
}

// developer.apple.com/documentation/swiftui/binding/init(get:set:) ("A binding conforms to Sendable
// only if its wrapped value type also conforms to Sendable"; SwiftUI.swiftinterface:
// `extension Binding : @unchecked Sendable where Value : Sendable`, unchecked because its storage is a
// reference; this stand-in has no storage, so a checked conformance says the same to callers).
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: Sendable where Value: Sendable {}

// developer.apple.com/documentation/swiftui/bindable
// (`@dynamicMemberLookup @propertyWrapper struct Bindable<Value>`)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
  // developer.apple.com/documentation/swiftui/bindable/wrappedvalue
  public var wrappedValue: Value

  // developer.apple.com/documentation/swiftui/bindable/projectedvalue
  public var projectedValue: Bindable<Value> { fatalError() }

  // developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
  // The unconstrained initializer exists in the swiftinterface only to be refused: it is marked
  // unavailable there, so `@Bindable` on a value that is not an `Observable` object fails to compile.
  @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
  public init(wrappedValue: Value) { fatalError() }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observable {
  // developer.apple.com/documentation/swiftui/bindable/subscript(dynamicmember:)
  // (`subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
  //  -> Binding<Subject> { get }`)
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> { fatalError() }

  // developer.apple.com/documentation/swiftui/bindable/init(wrappedvalue:)
  public init(wrappedValue: Value) { fatalError() }

  // developer.apple.com/documentation/swiftui/bindable/init(_:)
  public init(_ wrappedValue: Value) { fatalError() }
}

// developer.apple.com/documentation/swiftui/bindable (SwiftUI.swiftinterface:
// `extension Bindable : Sendable where Value : Sendable`)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: Sendable where Value: Sendable {}

// developer.apple.com/documentation/swiftui/environment
// (`@frozen @propertyWrapper struct Environment<Value>`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value> {
  // Stands in for the wrapper's private storage (and keeps the compiler from synthesizing an
  // internal `init()`, which a public property wrapper may not have).
  private let content: Value
  // developer.apple.com/documentation/swiftui/environment/wrappedvalue
  public var wrappedValue: Value { fatalError() }
}

// developer.apple.com/documentation/swiftui/environment (SwiftUI.swiftinterface:
// `extension Environment : Sendable where Value : Sendable`)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Environment: Sendable where Value: Sendable {}

extension Environment {
  // developer.apple.com/documentation/swiftui/environment/init(_:) (non-optional Observable overload)
  // (`init(_ objectType: Value.Type) where Value : AnyObject, Value : Observable`)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable { fatalError() }

  // developer.apple.com/documentation/swiftui/environment/init(_:) (optional Observable overload)
  // (`init<T>(_ objectType: T.Type) where Value == T?, T : AnyObject, T : Observable`)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable { fatalError() }
}
