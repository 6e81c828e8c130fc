// `NavigationStack.init(path:root:)` is main-actor isolated: a nonisolated function cannot call it.
// expect: main actor-isolated initializer 'init(path:root:)'
import SwiftUI

nonisolated func stack(path: Binding<[Int]>) {
  _ = NavigationStack(path: path) {
    Text("Root")
  }
}
