// Links against DeepLinking alone: opens a destination with a navigator and checks the synthesized
// back stack. Scripts/check-routing-linkage.sh builds it and checks what the binary links, so that
// DeepLinking keeps needing no networking (the tracking-link resolver lives in TrackingLinks).
// Exit status: 0 when the stack is the expected one, 1 otherwise.

import DeepLinking
import Foundation

enum Screen: Hashable, Sendable, Codable {
  case channel
  case clip(String)
}

let rules = NavigationRules<Screen, String>(
  tab: { _ in "watch" },
  parent: { screen in
    if case .clip = screen { return .channel }
    return nil
  })
let navigator = Navigator(rules: rules, initialTab: "home")
do {
  try navigator.open(.clip("12345"))
  let stack = navigator.stack(for: "watch")
  guard navigator.selectedTab == "watch", stack == [.channel, .clip("12345")] else {
    FileHandle.standardError.write(Data("unexpected stack: \(stack)\n".utf8))
    exit(1)
  }
  print("opened \(stack.count) screens")
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
