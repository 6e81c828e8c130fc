// `Environment` is `Sendable` only where its value is.
// expect: type 'Model' does not conform to the 'Sendable' protocol
import SwiftUI

final class Model: Observable {
  var count = 0
}

func requireSendable<T: Sendable>(_: T.Type) {}

func environment() {
  requireSendable(Environment<Model>.self)
}
