// `Text` conforms to `View` in an extension and is `Sendable`: its initialisers are not main-actor
// isolated, so a text can be built in a nonisolated function or on another actor and handed back.
import SwiftUI

nonisolated func caption(_ content: String) -> Text {
  Text(content)
}

actor Labeller {
  func title() -> Text {
    Text("Title")
  }
}

@MainActor
func showTitle(from labeller: Labeller) async -> Text {
  await labeller.title()
}
