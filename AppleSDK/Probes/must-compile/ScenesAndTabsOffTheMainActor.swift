// `WindowGroup` and `TabView` have nonisolated initialisers, and `WindowGroup { ... }` resolves to
// the escaping `init(makeContent:)`; none of this needs the main actor.
import SwiftUI

nonisolated func windowGroup() -> some Scene {
  WindowGroup {
    Text("Window")
  }
}

nonisolated func windowGroup(making content: @escaping () -> Text) -> WindowGroup<Text> {
  WindowGroup(makeContent: content)
}

nonisolated func tabs(selection: Binding<Int>) -> some View {
  TabView(selection: selection) {
    Text("First").tag(1)
  }
}
