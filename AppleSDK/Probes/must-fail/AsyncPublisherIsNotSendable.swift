// A publisher's `values` is an `AsyncPublisher`, which is not `Sendable`: it cannot go where a
// `Sendable` sequence is required (`LinkIntake.connect(_:source:)`).
// expect: does not conform to the 'Sendable' protocol
import Combine

func connect<Links: AsyncSequence & Sendable>(_ links: Links) where Links.Element == String? {}

func storedLinks(_ subject: CurrentValueSubject<String?, Never>) {
  connect(subject.values)
}
