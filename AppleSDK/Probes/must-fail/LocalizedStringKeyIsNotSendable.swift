// `LocalizedStringKey` has an unavailable `Sendable` conformance in the SDK.
// expect: conformance of 'LocalizedStringKey
// expect: to 'Sendable' is unavailable
import SwiftUI

func requireSendable<T: Sendable>(_: T.Type) {}

func check() {
  requireSendable(LocalizedStringKey.self)
}
