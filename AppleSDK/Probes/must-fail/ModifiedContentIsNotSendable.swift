// `ModifiedContent` has an unavailable `Sendable` conformance in the SDK.
// expect: conformance of 'ModifiedContent
// expect: to 'Sendable' is unavailable
import SwiftUI

func requireSendable<T: Sendable>(_: T.Type) {}

func check() {
  requireSendable(ModifiedContent<Text, Never>.self)
}
