// `View` is a main-actor protocol: a view's `body` cannot be read from a nonisolated context.
// expect: main actor-isolated property 'body'
import SwiftUI

struct Greeting: View {
  var body: some View {
    Text("Hello")
  }
}

nonisolated func body(of greeting: Greeting) {
  _ = greeting.body
}
