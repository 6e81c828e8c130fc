// `Binding`, `State`, `Environment` and `Bindable` are `Sendable` where their value is, so a binding
// to a `Sendable` value can be sent to another actor.
import SwiftUI

func requireSendable<T: Sendable>(_: T.Type) {}

final class SharedModel: Observable, Sendable {}

func sendableWrappers() {
  requireSendable(Binding<Int>.self)
  requireSendable(State<Int>.self)
  requireSendable(Environment<SharedModel>.self)
  requireSendable(Bindable<SharedModel>.self)
  requireSendable(Text.self)
}

actor CounterStore {
  func keep(_ binding: Binding<Int>) {}
}

func send(_ binding: Binding<Int>, to store: CounterStore) async {
  await store.keep(binding)
}
