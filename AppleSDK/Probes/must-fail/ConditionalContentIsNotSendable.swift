// `_ConditionalContent` has an unavailable `Sendable` conformance in the SDK.
// expect: conformance of '_ConditionalContent
// expect: to 'Sendable' is unavailable
import SwiftUI

func requireSendable<T: Sendable>(_: T.Type) {}

func check() {
  requireSendable(_ConditionalContent<Text, Text>.self)
}
