// `State` is `Sendable` only where its value is.
// expect: type 'Counter' does not conform to the 'Sendable' protocol
import SwiftUI

final class Counter {
  var count = 0
}

func requireSendable<T: Sendable>(_: T.Type) {}

func state() {
  requireSendable(State<Counter>.self)
}
