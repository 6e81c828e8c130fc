// A binding to a value that is not `Sendable` is not `Sendable`: it cannot be sent to an actor.
// expect: sending 'binding' risks causing data races
import SwiftUI

final class Counter {
  var count = 0
}

actor CounterStore {
  func keep(_ binding: Binding<Counter>) {}
}

func send(_ binding: Binding<Counter>, to store: CounterStore) async {
  await store.keep(binding)
}
